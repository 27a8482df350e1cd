// KHR_animation_pointer on the base-layer extensions: per extension, one animated factor and
// (for those with textures) one animated KHR_texture_transform offset of an extension
// texture, bound and evaluated as the viewer does, and the pixels at several times checked
// against the CPU reference (surface_reference.h) within 3/255.
#include <functional>
#include <string>
#include <vector>

#include "surface_test_util.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::pointerChannel;
using anim::test::sampler;

constexpr float kTolerance = 3.0f;
const float kTimes[] = {0.0f, 0.5f, 1.0f};

// The material at quad `point` at time t (keys at 0 and 1, LINEAR).
using MaterialAt = std::function<SurfaceMaterial(float t, const glm::vec3& point)>;

// Points away from the texel edges of a 2x2 texture for offsets 0, 0.25 and 0.5 in u.
const std::vector<glm::vec3> kOffsetPoints = {
    {-0.8f, 0.5f, 0}, {-0.2f, 0.5f, 0}, {0.2f, -0.5f, 0}, {0.8f, -0.5f, 0}};

class SurfaceAnimationTest : public RendererTest {
 protected:
  // Renders `extensions` over `core` with `texture` as texture 0 (when not empty), the
  // pointer `pointer` animated from values[0..n/2) at t = 0 to values[n/2..n) at t = 1, and
  // checks every time of kTimes at `points`.
  void run(const SurfaceMaterial& core, const json& extensions,
           const std::vector<glm::u8vec4>& texture, const std::string& pointer,
           const std::vector<float>& values, const std::string& type, const MaterialAt& at,
           const std::vector<glm::vec3>& points) {
    std::vector<SurfaceMaterial> all;
    std::vector<glm::vec3> allPoints;
    for (float t : kTimes)
      for (const glm::vec3& p : points) {
        all.push_back(at(t, p));
        allPoints.push_back(p);
      }
    const float intensity = intensityFor(all, allPoints);
    AssetBuilder b = surfaceAsset(core, extensions, intensity);
    if (!texture.empty()) {
      ASSERT_EQ(addTexture2x2(b, texture), 0);
      b.json()["extensionsUsed"].push_back("KHR_texture_transform");
    }
    addAnimation(b, json::array({sampler(addTimes(b, {0.0f, 1.0f}), b.addFloats(values, type))}),
                 json::array({pointerChannel(0, pointer)}));
    b.json()["extensionsUsed"].push_back("KHR_animation_pointer");
    bound_ = anim::test::bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.animations->clips().size(), 1u);
    renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
    for (float t : kTimes) {
      SCOPED_TRACE(pointer + " at t = " + std::to_string(t));
      scene::DirtySet dirty;
      bound_.animations().evaluate(t, {true}, dirty);
      renderer_->applyChanges(*bound_.scene, dirty);
      const Pixels pixels = renderer_->renderOffscreen(surfaceView(), kSize, kSize);
      for (const glm::vec3& p : points) {
        EXPECT_TRUE(colorNear(pixelOf(pixels, p), glm::vec3(expectedAt(at(t, p), intensity, p)),
                              kTolerance))
            << "at (" << p.x << ", " << p.y << ")";
      }
      if (t == kTimes[0]) first_ = pixels;
      last_ = pixels;
    }
    // The animation changed the picture.
    EXPECT_GT(largestDifference(first_, last_, points), 6);
  }

  anim::test::Bound bound_;
  Pixels first_, last_;
};

float lerp(float a, float b, float t) {
  return a + (b - a) * t;
}

json transformed(int texture) {
  return {{"index", texture}, {"extensions", {{"KHR_texture_transform", {{"offset", {0, 0}}}}}}};
}

// u offset 0 -> 0.5 over one second.
const std::vector<float> kOffsetKeys = {0.0f, 0.0f, 0.5f, 0.0f};
glm::vec2 offsetAt(float t) {
  return {0.5f * t, 0.0f};
}

TEST_F(SurfaceAnimationTest, IorFactor) {
  run(
      dielectric(), {{"KHR_materials_ior", {{"ior", 1.2}}}}, {},
      "/materials/0/extensions/KHR_materials_ior/ior", {1.2f, 2.2f}, "SCALAR",
      [](float t, const glm::vec3&) {
        SurfaceMaterial m = dielectric();
        m.ior = lerp(1.2f, 2.2f, t);
        return m;
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, SpecularFactor) {
  run(
      dielectric(), {{"KHR_materials_specular", {{"specularFactor", 1.0}}}}, {},
      "/materials/0/extensions/KHR_materials_specular/specularFactor", {1.0f, 0.1f}, "SCALAR",
      [](float t, const glm::vec3&) {
        SurfaceMaterial m = dielectric();
        m.specular = lerp(1.0f, 0.1f, t);
        return m;
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, SpecularColorTextureOffset) {
  const std::vector<glm::u8vec4> colour = {
      {255, 40, 20, 255}, {30, 255, 90, 255}, {60, 90, 255, 255}, {255, 255, 255, 255}};
  const glm::dvec3 factor(3.0);
  run(
      dielectric(),
      {{"KHR_materials_specular",
        {{"specularColorFactor", {3.0, 3.0, 3.0}}, {"specularColorTexture", transformed(0)}}}},
      colour,
      "/materials/0/extensions/KHR_materials_specular/specularColorTexture/extensions/"
      "KHR_texture_transform/offset",
      kOffsetKeys, "VEC2",
      [&](float t, const glm::vec3& p) {
        const glm::ivec2 x = texelOf(p, offsetAt(t));
        const glm::u8vec4 c = colour[size_t(x.y * 2 + x.x)];
        SurfaceMaterial m = dielectric();
        m.specularColor =
            factor * glm::dvec3(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b));
        return m;
      },
      kOffsetPoints);
}

TEST_F(SurfaceAnimationTest, IridescenceFactor) {
  run(
      dielectric(),
      {{"KHR_materials_iridescence",
        {{"iridescenceFactor", 0.1}, {"iridescenceThicknessMaximum", 450.0}}}},
      {}, "/materials/0/extensions/KHR_materials_iridescence/iridescenceFactor", {0.1f, 1.0f},
      "SCALAR",
      [](float t, const glm::vec3&) {
        SurfaceMaterial m = dielectric();
        m.iridescence = lerp(0.1f, 1.0f, t);
        m.iridescenceThickness = 450.0;
        return m;
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, IridescenceThicknessTextureOffset) {
  const std::vector<glm::u8vec4> texels = {
      {0, 0, 0, 255}, {0, 255, 0, 255}, {0, 100, 0, 255}, {0, 200, 0, 255}};
  run(
      metal(),
      {{"KHR_materials_iridescence",
        {{"iridescenceFactor", 1.0},
         {"iridescenceThicknessMinimum", 200.0},
         {"iridescenceThicknessMaximum", 700.0},
         {"iridescenceThicknessTexture", transformed(0)}}}},
      texels,
      "/materials/0/extensions/KHR_materials_iridescence/iridescenceThicknessTexture/extensions/"
      "KHR_texture_transform/offset",
      kOffsetKeys, "VEC2",
      [&](float t, const glm::vec3& p) {
        const glm::ivec2 x = texelOf(p, offsetAt(t));
        SurfaceMaterial m = metal();
        m.iridescence = 1.0;
        m.iridescenceThickness = 200.0 + 500.0 * texels[size_t(x.y * 2 + x.x)].g / 255.0;
        return m;
      },
      kOffsetPoints);
}

TEST_F(SurfaceAnimationTest, AnisotropyStrength) {
  run(
      metal(),
      {{"KHR_materials_anisotropy", {{"anisotropyStrength", 0.1}, {"anisotropyRotation", 0.6}}}},
      {}, "/materials/0/extensions/KHR_materials_anisotropy/anisotropyStrength", {0.1f, 0.9f},
      "SCALAR",
      [](float t, const glm::vec3&) {
        SurfaceMaterial m = metal();
        m.anisotropyStrength = lerp(0.1f, 0.9f, t);
        m.anisotropyRotation = 0.6;
        return m;
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, AnisotropyTextureOffset) {
  const std::vector<glm::u8vec4> texels = {
      {255, 128, 255, 255}, {128, 255, 255, 255}, {40, 200, 160, 255}, {218, 40, 255, 255}};
  run(
      metal(),
      {{"KHR_materials_anisotropy",
        {{"anisotropyStrength", 0.85}, {"anisotropyTexture", transformed(0)}}}},
      texels,
      "/materials/0/extensions/KHR_materials_anisotropy/anisotropyTexture/extensions/"
      "KHR_texture_transform/offset",
      kOffsetKeys, "VEC2",
      [&](float t, const glm::vec3& p) {
        const glm::ivec2 x = texelOf(p, offsetAt(t));
        const glm::u8vec4 c = texels[size_t(x.y * 2 + x.x)];
        SurfaceMaterial m = metal();
        m.anisotropyStrength = 0.85 * c.b / 255.0;
        m.anisotropyDirection = {c.r / 255.0 * 2.0 - 1.0, c.g / 255.0 * 2.0 - 1.0};
        return m;
      },
      kOffsetPoints);
}

// KHR_materials_pbrSpecularGlossiness: its factors and texture transforms are Object Model
// slots like the layers' (the quad's metallic-roughness values are never drawn).
TEST_F(SurfaceAnimationTest, SpecularGlossinessGlossinessFactor) {
  run(
      metal(),
      {{"KHR_materials_pbrSpecularGlossiness",
        {{"diffuseFactor", {0.5, 0.3, 0.2, 1.0}}, {"specularFactor", {0.2, 0.2, 0.2}}}}},
      {}, "/materials/0/extensions/KHR_materials_pbrSpecularGlossiness/glossinessFactor",
      {0.2f, 0.7f}, "SCALAR",
      [](float t, const glm::vec3&) {
        return specularGlossiness({0.5, 0.3, 0.2}, glm::dvec3(0.2), lerp(0.2f, 0.7f, t));
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, SpecularGlossinessDiffuseAndSpecularFactors) {
  // diffuseFactor is a VEC4 (its alpha the opacity: OPAQUE here).
  run(
      metal(),
      {{"KHR_materials_pbrSpecularGlossiness",
        {{"specularFactor", {0.1, 0.1, 0.1}}, {"glossinessFactor", 0.4}}}},
      {}, "/materials/0/extensions/KHR_materials_pbrSpecularGlossiness/diffuseFactor",
      {0.8f, 0.2f, 0.1f, 1.0f, 0.1f, 0.4f, 0.9f, 0.5f}, "VEC4",
      [](float t, const glm::vec3&) {
        const glm::dvec3 diffuse(lerp(0.8f, 0.1f, t), lerp(0.2f, 0.4f, t), lerp(0.1f, 0.9f, t));
        return specularGlossiness(diffuse, glm::dvec3(0.1), 0.4);
      },
      kFactorPoints);
  run(
      metal(),
      {{"KHR_materials_pbrSpecularGlossiness",
        {{"diffuseFactor", {0.4, 0.4, 0.4, 1.0}}, {"glossinessFactor", 0.5}}}},
      {}, "/materials/0/extensions/KHR_materials_pbrSpecularGlossiness/specularFactor",
      {0.05f, 0.05f, 0.05f, 0.9f, 0.5f, 0.1f}, "VEC3",
      [](float t, const glm::vec3&) {
        const glm::dvec3 specular(lerp(0.05f, 0.9f, t), lerp(0.05f, 0.5f, t), lerp(0.05f, 0.1f, t));
        return specularGlossiness(glm::dvec3(0.4), specular, 0.5);
      },
      kFactorPoints);
}

TEST_F(SurfaceAnimationTest, SpecularGlossinessTextureOffset) {
  const std::vector<glm::u8vec4> texels = {
      {60, 60, 60, 128}, {255, 200, 80, 220}, {20, 20, 20, 40}, {120, 30, 200, 90}};
  run(
      metal(),
      {{"KHR_materials_pbrSpecularGlossiness",
        {{"diffuseFactor", {0.5, 0.5, 0.5, 1.0}}, {"specularGlossinessTexture", transformed(0)}}}},
      texels,
      "/materials/0/extensions/KHR_materials_pbrSpecularGlossiness/specularGlossinessTexture/"
      "extensions/KHR_texture_transform/offset",
      kOffsetKeys, "VEC2",
      [&](float t, const glm::vec3& p) {
        const glm::ivec2 x = texelOf(p, offsetAt(t));
        const glm::u8vec4 c = texels[size_t(x.y * 2 + x.x)];
        const glm::dvec3 specular(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b));
        return specularGlossiness(glm::dvec3(0.5), specular, c.a / 255.0);
      },
      kOffsetPoints);
}

}  // namespace
}  // namespace vitrine::test
