// Light through a surface under shadows (issue 32 §1): KHR_materials_diffuse_transmission's
// thin-walled surfaces lit from behind. A closed sphere with diffuse transmission 1, its key light
// shining from behind it towards the eye and a weak fill from the front: with shadows it must
// look as it does without them (what the Khronos Sample Renderer, which has no shadows, shows),
// since its own far side, which the map sees first, does not shadow the light it transmits. An
// opaque plate between the key light and the sphere still shadows that light: the sphere then
// looks as under the fill alone. A leaf (a double-sided quad) lit from behind glows, with the
// shadow of a twig (a thin opaque strip behind it) on it. A KHR_materials_transmission sphere
// (with or without volume) lit from behind is not shadowed by itself either.
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

using E = scene::MaterialExtension;

constexpr uint32_t kView = 96;
constexpr float kKey = 3.0f, kFill = 0.3f;

// A diffuse-transmitting material (factor 1, white) on a pale base: what shows from the front
// under a key light behind it is the light it transmits.
int addTransmitting(scene::Scene& s, bool doubleSided) {
  TestMaterial m = makePbrMaterial(glm::vec3(0.8f, 0.75f, 0.6f), 0.0f, 0.7f);
  m.material.extensions |= 1u << uint32_t(E::DiffuseTransmission);
  m.material.doubleSided = doubleSided;
  return addMaterial(s, m);
}

// Gives every material the extensions' defaults (and the default material its own), then the
// diffuse-transmitting ones their factors.
void transmitFully(scene::Scene& s) {
  s.materialExtensionData.assign(s.materials.size() + 1, scene::defaultMaterialExtensionData());
  for (size_t m = 0; m < s.materials.size(); ++m) {
    if (s.materials[m].extensions & (1u << uint32_t(E::DiffuseTransmission)))
      s.materialExtensionData[m].diffuseTransmission = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
  }
}

scene::Light directional(float intensity) {
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = intensity;
  return light;
}

// The key light behind the object shining towards the eye (+z), the fill from the front (-z);
// the eye on +z.
void addLights(scene::Scene& s, bool key) {
  if (key) addLightNode(s, directional(kKey), glm::vec3(0, 0, -5), shineAlong({0, 0, 1}));
  addLightNode(s, directional(kFill), glm::vec3(0, 0, 5), shineAlong({0, 0, -1}));
}

View frontView(bool shadows) {
  View view = orbitView(glm::vec3(0.0f, 0.0f, 4.0f), glm::vec3(0.0f), kView, kView);
  view.shadows = shadows;
  view.environmentShadow = false;
  return view;
}

// The largest and the mean difference of a channel over the pixels `keep` selects.
struct Difference {
  int largest = 0;
  double mean = 0.0;
  int pixels = 0;
};
Difference compare(const Pixels& a, const Pixels& b, const std::function<bool(int, int)>& keep) {
  Difference d;
  long sum = 0;
  for (int y = 0; y < int(kView); ++y) {
    for (int x = 0; x < int(kView); ++x) {
      if (!keep(x, y)) continue;
      const glm::u8vec4 p = pixelAt(a, x, y), q = pixelAt(b, x, y);
      for (int k = 0; k < 3; ++k) {
        const int e = std::abs(int(p[k]) - int(q[k]));
        d.largest = std::max(d.largest, e);
        sum += e;
      }
      ++d.pixels;
    }
  }
  d.mean = d.pixels ? double(sum) / (3.0 * d.pixels) : 0.0;
  return d;
}

// Pixels well inside the unit sphere's disc as seen from frontView (the silhouette excluded).
bool onSphere(int x, int y) {
  const Ray ray = pixelRay(frontView(true), glm::vec2(x + 0.5f, y + 0.5f), kView, kView);
  const glm::vec3 d = glm::normalize(ray.direction);
  const float b = glm::dot(ray.origin, d);
  return b * b - (glm::dot(ray.origin, ray.origin) - 1.0f) > 0.05f;
}

class TransmissionShadowTest : public RendererTest {
 protected:
  // Adds the lights (the key or not) to `s`, sets its materials' extension factors (by
  // default, the diffuse-transmitting ones') and renders it from the front, with shadows or not.
  Pixels show(scene::Scene& s, bool key, bool shadows,
              const std::function<void(scene::Scene&)>& factors = transmitFully) {
    addLights(s, key);
    finish(s);
    factors(s);
    EXPECT_TRUE(renderer_->setScene(s, 0).shown);
    const Pixels p = renderer_->renderOffscreen(frontView(shadows), kView, kView);
    EXPECT_EQ(renderer_->validationMessageCount(), 0u);
    return p;
  }

  // The closed sphere, with the key light or not, and an opaque plate between the key light
  // and the sphere or not.
  Pixels sphere(bool key, bool blocker, bool shadows) {
    scene::Scene s;
    addMeshNode(s, spherePrimitive(addTransmitting(s, false)));
    if (blocker) {
      const int plate = addMeshNode(
          s, quadPrimitive(addMaterial(s, makePbrMaterial(glm::vec3(0.5f), 0.0f, 0.5f))),
          glm::vec3(0.0f, 0.0f, -2.5f));
      s.nodes[size_t(plate)].scale = glm::vec3(2.0f);
    }
    return show(s, key, shadows);
  }
};

TEST_F(TransmissionShadowTest, ABackLitDiffuseTransmittingSphereLooksAsWithoutShadows) {
  const Pixels shadowed = sphere(true, false, true);
  EXPECT_EQ(renderer_->lastDrawStats().shadowedLights, 2u);
  const Pixels plain = sphere(true, false, false);
  const Pixels fillOnly = sphere(false, false, false);
  const Difference d = compare(shadowed, plain, onSphere);
  EXPECT_GT(d.pixels, 1500);
  EXPECT_LE(d.mean, 0.5) << "largest " << d.largest;
  EXPECT_LE(d.largest, 3);
  // The transmitted light is most of the picture: without the key the sphere is much darker.
  EXPECT_GT(compare(plain, fillOnly, onSphere).mean, 40.0);
}

TEST_F(TransmissionShadowTest, AnOpaqueCasterBetweenTheLightAndTheSphereStillShadowsIt) {
  const Pixels blocked = sphere(true, true, true);
  const Pixels fillOnly = sphere(false, true, false);
  const Difference d = compare(blocked, fillOnly, onSphere);
  EXPECT_LE(d.mean, 0.5) << "largest " << d.largest;
  EXPECT_LE(d.largest, 3);
}

// KHR_materials_transmission (alone, and with KHR_materials_volume's thickness) lit from
// behind: transmissive casters cast no shadow (pass_shadows.h), so such a sphere does not
// shadow the light that passes through it either.
TEST_F(TransmissionShadowTest, ATransmissiveSphereLitFromBehindLooksAsWithoutShadows) {
  for (const bool volume : {false, true}) {
    SCOPED_TRACE(volume ? "transmission and volume" : "transmission");
    const auto render = [&](bool shadows) {
      scene::Scene s;
      TestMaterial m = makePbrMaterial(glm::vec3(0.8f, 0.75f, 0.6f), 0.0f, 0.4f);
      m.material.extensions |= 1u << uint32_t(E::Transmission);
      if (volume) m.material.extensions |= 1u << uint32_t(E::Volume);
      const int material = addMaterial(s, m);
      addMeshNode(s, spherePrimitive(material));
      return show(s, true, shadows, [&](scene::Scene& t) {
        t.materialExtensionData.assign(t.materials.size() + 1,
                                       scene::defaultMaterialExtensionData());
        t.materialExtensionData[size_t(material)].refraction.y = 1.0f;  // transmissionFactor
        if (volume) t.materialExtensionData[size_t(material)].refraction.z = 1.0f;  // thickness
      });
    };
    const Difference d = compare(render(true), render(false), onSphere);
    EXPECT_LE(d.mean, 0.5) << "largest " << d.largest;
    EXPECT_LE(d.largest, 3);
  }
}

// A 2x2 leaf facing the eye, double-sided, and behind it a vertical twig 0.2 wide (an opaque
// strip at z = -0.5, hidden by the leaf): the leaf glows with the key's transmitted light but
// in the twig's shadow (x within 0.1 of 0: the key shines along +z), where only the fill
// reaches it.
TEST_F(TransmissionShadowTest, ALeafLitFromBehindGlowsWithTheShadowOfATwigOnIt) {
  const auto leaf = [&](bool key, bool shadows) {
    scene::Scene s;
    addMeshNode(s, quadPrimitive(addTransmitting(s, true)));
    const int twig =
        addMeshNode(s, quadPrimitive(addMaterial(s, makePbrMaterial(glm::vec3(0.3f), 0.0f, 0.8f))),
                    glm::vec3(0.0f, 0.0f, -0.5f));
    s.nodes[size_t(twig)].scale = glm::vec3(0.1f, 1.5f, 1.0f);
    return show(s, key, shadows);
  };
  const Pixels shadowed = leaf(true, true), plain = leaf(true, false),
               fillOnly = leaf(false, false);
  const View view = frontView(true);
  // Where a pixel meets the leaf (z = 0): in the twig's shadow, clear of it, or off the leaf.
  const auto where = [&](int x, int y) {
    const glm::vec3 p =
        surfacePoint(view, {x, y}, kView, kView, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f));
    if (std::abs(p.x) > 0.9f || std::abs(p.y) > 0.9f) return 0;  // off the leaf, or its edge
    if (std::abs(p.x) < 0.06f) return 1;                         // in the twig's shadow
    if (std::abs(p.x) > 0.2f) return 2;  // clear of it (its edge's filter included)
    return 0;
  };
  const auto inShadow = [&](int x, int y) { return where(x, y) == 1; };
  const auto clear = [&](int x, int y) { return where(x, y) == 2; };
  // The leaf glows where nothing is between it and the key, as without shadows.
  const Difference glow = compare(shadowed, plain, clear);
  EXPECT_GT(glow.pixels, 1000);
  EXPECT_LE(glow.mean, 0.5) << "largest " << glow.largest;
  EXPECT_GT(compare(plain, fillOnly, clear).mean, 30.0);
  // In the twig's shadow, the fill alone.
  const Difference twig = compare(shadowed, fillOnly, inShadow);
  EXPECT_GT(twig.pixels, 20);
  EXPECT_LE(twig.mean, 1.0) << "largest " << twig.largest;
}

}  // namespace
}  // namespace vitrine::test
