// Normal textures (glTF 2.0 §3.9.3) with `scale`, in the tangent frame of the TANGENT
// attribute or, without it, of per-pixel derivatives; mirrored uvs and mirrored nodes keep
// the frame's handedness; double-sided back faces are lit with the normal reversed (§3.9.5).
// The test perturbs the normal itself and compares pixels with Appendix B at that normal.
#include <algorithm>
#include <cmath>
#include <optional>

#include <glm/gtc/constants.hpp>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr uint32_t kNormalSize = 32;
const glm::vec3 kBase(0.7f, 0.7f, 0.7f);
constexpr float kRoughness = 0.5f;
constexpr float kIntensity = 1.5f;
// A tangent-space normal tilted towards +u and +Y (the image's up), as 8-bit UNORM.
const glm::u8vec4 kTexel(180, 150, 230, 255);

struct Frame {
  glm::dvec3 t, b, n;  // world tangent (+u), bitangent (image up), front normal
};

struct NormalCase {
  const char* name;
  bool tangents = false;  // TANGENT attribute, else per-pixel derivatives
  bool mirrorU = false;   // uv layout mirrored in u (TANGENT then (-1, 0, 0) with w -1)
  glm::vec3 nodeScale{1.0f};
  float nodeYaw = 0.0f;  // radians about +Y
  bool doubleSided = false;
  float scale = 1.0f;     // normalTexture.scale
  float rotation = 0.0f;  // normalTexture's KHR_texture_transform rotation (radians)
};

// The unit world normal the renderer should shade with at a front face of this frame (or,
// for a back face, its reverse). `mirror` (x, y) = (-1, 1) or (1, -1) gives the normal of a
// frame of the wrong handedness instead.
glm::dvec3 perturbed(const Frame& f, float scale, bool backFace,
                     glm::dvec2 mirror = glm::dvec2(1.0)) {
  glm::dvec3 tn = glm::dvec3(kTexel.r, kTexel.g, kTexel.b) / 255.0 * 2.0 - 1.0;
  tn.x *= scale * mirror.x;
  tn.y *= scale * mirror.y;
  tn = glm::normalize(tn);
  const glm::dvec3 n = glm::normalize(f.t * tn.x + f.b * tn.y + f.n * tn.z);
  return backFace ? -n : n;
}

// The light shines along `along`.
scene::Scene normalScene(const NormalCase& c, const glm::vec3& along) {
  scene::Scene s;
  s.images.push_back({"normal", 1, 1, {kTexel.r, kTexel.g, kTexel.b, kTexel.a}});
  s.textures.push_back({0, -1});
  TestMaterial m = makePbrMaterial(kBase, 0.0f, kRoughness);
  m.material.textures[gpu::kSlotNormal] = 0;
  m.data.textures[gpu::kSlotNormal].info = glm::vec4(c.rotation, 0.0f, 0.0f, 0.0f);
  m.data.params.z = c.scale;
  m.material.doubleSided = c.doubleSided;
  m.data.alpha.z = c.doubleSided ? 1.0f : 0.0f;
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  if (c.mirrorU)
    for (glm::vec2& uv : quad.texcoords[0]) uv.x = 1.0f - uv.x;
  if (c.tangents)
    quad.tangents.assign(4, c.mirrorU ? glm::vec4(-1, 0, 0, -1) : glm::vec4(1, 0, 0, 1));
  const int node = addMeshNode(s, quad);
  s.nodes[node].scale = c.nodeScale;
  s.nodes[node].rotation = glm::angleAxis(c.nodeYaw, glm::vec3(0, 1, 0));
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = kIntensity;
  addLightNode(s, light, glm::vec3(0, 0, 5), shineAlong(along));
  finish(s);
  return s;
}

// The world frame of the quad's texture: +u along the node's local +x (mirrored: -x), image
// up along local +y, normal local +z; a mirroring node scale carries through.
Frame worldFrame(const NormalCase& c) {
  const glm::dvec3 k(c.nodeScale);
  const glm::dmat3 scale(k.x, 0, 0, 0, k.y, 0, 0, 0, k.z);
  const glm::dmat3 m =
      glm::dmat3(glm::mat3_cast(glm::angleAxis(c.nodeYaw, glm::vec3(0, 1, 0)))) * scale;
  Frame f;
  f.t = glm::normalize(m * glm::dvec3(c.mirrorU ? -1 : 1, 0, 0));
  f.b = glm::normalize(m * glm::dvec3(0, 1, 0));
  // A texture rotated by r in uv space (u' = cos r u + sin r v, v' = -sin r u + cos r v; v
  // points down the quad): its +u' runs along cos r t - sin r b, its image-up along
  // sin r t + cos r b.
  const double cr = std::cos(double(c.rotation)), sr = std::sin(double(c.rotation));
  const glm::dvec3 t = f.t, b = f.b;
  f.t = cr * t - sr * b;
  f.b = sr * t + cr * b;
  f.n = glm::normalize(glm::transpose(glm::inverse(m)) * glm::dvec3(0, 0, 1));
  return f;
}

void expectNormalMapped(renderer::Renderer& r, const NormalCase& c) {
  const Frame f = worldFrame(c);
  const bool backFace = glm::dot(f.n, glm::dvec3(0, 0, 1)) < 0.0;  // the camera is on +z
  const glm::dvec3 n = perturbed(f, c.scale, backFace);
  // The normals of likely mistakes: no perturbation, a tangent or a bitangent reversed.
  const glm::dvec3 wrong[] = {backFace ? -f.n : f.n, perturbed(f, c.scale, backFace, {-1, 1}),
                              perturbed(f, c.scale, backFace, {1, -1})};
  // The light comes from the expected shading normal: the wrong normals catch less of it.
  const glm::dvec3 l = n;
  const scene::Scene s = normalScene(c, -glm::vec3(l));
  r.setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kNormalSize, kNormalSize);
  const Pixels pixels = r.renderOffscreen(view, kNormalSize, kNormalSize);
  auto radiance = [&](const glm::dvec3& normal, const glm::dvec3& v) {
    return reflected(appendixB(glm::dvec3(kBase), 0.0, kRoughness, normal, v, l),
                     glm::dvec3(kIntensity), normal, l);
  };
  int checked = 0;
  int distinguishable[3] = {0, 0, 0};
  for (int y = 4; y < int(kNormalSize); y += 6) {
    for (int x = 4; x < int(kNormalSize); x += 6) {
      const glm::dvec3 p(surfacePoint(view, {x, y}, kNormalSize, kNormalSize, glm::vec3(0.0f),
                                      glm::vec3(0, 0, 1)));
      if (std::max(std::abs(p.x), std::abs(p.y)) > 0.9) continue;
      const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - p);
      const glm::u8vec4 actual = pixelAt(pixels, x, y);
      EXPECT_TRUE(colorNear(actual, glm::vec3(radiance(n, v)), 2.0f))
          << c.name << " pixel " << x << "," << y;
      for (int i = 0; i < 3; ++i)
        if (!colorNear(actual, glm::vec3(radiance(wrong[i], v)), 4.0f)) ++distinguishable[i];
      ++checked;
    }
  }
  EXPECT_GT(checked, 8) << c.name;
  // The check has teeth: most pixels would be wrong with a wrong normal.
  for (int i = 0; i < 3; ++i) EXPECT_GT(distinguishable[i], checked / 2) << c.name << " " << i;
}

TEST_F(RendererTest, NormalTextureInTheDerivativeFrame) {
  NormalCase c;
  c.name = "derivatives";
  expectNormalMapped(*renderer_, c);
}

TEST_F(RendererTest, NormalTextureInTheTangentAttributeFrame) {
  NormalCase c;
  c.name = "TANGENT";
  c.tangents = true;
  expectNormalMapped(*renderer_, c);
}

// KHR_texture_transform's rotation turns the tangent frame with the texture, in the TANGENT
// attribute's frame as in the derivative one (issue 13: "rotation included in the tangent
// frame").
TEST_F(RendererTest, NormalTextureRotationTurnsTheTangentFrame) {
  for (const bool tangents : {false, true}) {
    NormalCase c;
    c.name = tangents ? "rotation 0.9, TANGENT" : "rotation 0.9, derivatives";
    c.tangents = tangents;
    c.rotation = 0.9f;
    expectNormalMapped(*renderer_, c);
  }
}

TEST_F(RendererTest, NormalTextureScaleScalesXAndY) {
  for (const bool tangents : {false, true}) {
    NormalCase c;
    c.name = tangents ? "scale 0.4, TANGENT" : "scale 0.4, derivatives";
    c.tangents = tangents;
    c.scale = 0.4f;
    expectNormalMapped(*renderer_, c);
  }
}

TEST_F(RendererTest, NormalTextureOnMirroredUvsKeepsItsHandedness) {
  for (const bool tangents : {false, true}) {
    NormalCase c;
    c.name = tangents ? "mirrored u, TANGENT w -1" : "mirrored u, derivatives";
    c.tangents = tangents;
    c.mirrorU = true;
    expectNormalMapped(*renderer_, c);
  }
}

TEST_F(RendererTest, NormalTextureOnAMirroredNodeKeepsItsHandedness) {
  for (const bool tangents : {false, true}) {
    NormalCase c;
    c.name = tangents ? "node scale -x, TANGENT" : "node scale -x, derivatives";
    c.tangents = tangents;
    c.nodeScale = glm::vec3(-1.0f, 1.0f, 1.0f);
    expectNormalMapped(*renderer_, c);
  }
}

TEST_F(RendererTest, DoubleSidedBackFaceIsLitWithTheNormalReversed) {
  for (const bool tangents : {false, true}) {
    NormalCase c;
    c.name = tangents ? "back face, TANGENT" : "back face, derivatives";
    c.tangents = tangents;
    c.doubleSided = true;
    c.nodeYaw = glm::pi<float>();  // the quad faces -z, away from the camera
    expectNormalMapped(*renderer_, c);
  }
}

}  // namespace
}  // namespace vitrine::test
