// The base-layer extensions (KHR_materials_ior, KHR_materials_specular,
// KHR_materials_iridescence, KHR_materials_anisotropy) rendered headless: a generated quad
// under one directional light, no environment, tone mapping None; the pixels at several
// points must be what the CPU reference (surface_reference.h, from the ratified texts)
// computes, within 3/255, for each key factor at several values and through each texture;
// and the picture must differ from the same asset without the extension.
#include <cmath>
#include <string>
#include <vector>

#include "surface_test_util.h"

namespace vitrine::test {
namespace {

constexpr float kTolerance = 3.0f;  // of 255, per channel

class SurfaceTest : public SurfaceRendererTest {
 protected:
  // Renders `extensions` over `core` and checks materials[i] at points[i] (one material for
  // all points when materials has one entry); returns the pixels.
  Pixels check(const SurfaceMaterial& core, const json& extensions,
               std::vector<SurfaceMaterial> materials, const std::vector<glm::vec3>& points,
               bool tangents = true) {
    if (materials.size() == 1) materials.assign(points.size(), materials[0]);
    const float intensity = intensityFor(materials, points);
    intensity_ = intensity;
    const Pixels pixels = render(surfaceAsset(core, extensions, intensity, tangents));
    for (size_t i = 0; i < points.size(); ++i) {
      const glm::dvec3 expected = expectedAt(materials[i], intensity, points[i]);
      EXPECT_TRUE(colorNear(pixelOf(pixels, points[i]), glm::vec3(expected), kTolerance))
          << extensions.dump() << " at (" << points[i].x << ", " << points[i].y << ")";
    }
    return pixels;
  }
  // The same quad without the extension objects, at the last check()'s intensity.
  Pixels withoutExtensions(const SurfaceMaterial& core, bool tangents = true) {
    return render(surfaceAsset(core, json::object(), intensity_, tangents));
  }

  float intensity_ = 1.0f;
};

// --- KHR_materials_ior ------------------------------------------------------------------------

TEST_F(SurfaceTest, IorSetsTheDielectricReflectance) {
  const SurfaceMaterial core = dielectric();
  for (double ior : {1.0, 1.33, 2.4, 0.0}) {  // 0: the specular-glossiness mode, Fresnel 1
    SCOPED_TRACE("ior " + std::to_string(ior));
    SurfaceMaterial m = core;
    m.ior = ior;
    const Pixels with = check(core, {{"KHR_materials_ior", {{"ior", ior}}}}, {m}, kFactorPoints);
    EXPECT_GT(largestDifference(with, withoutExtensions(core), kFactorPoints), 6);
  }
  // The default ior (1.5) is the core material.
  const Pixels same = check(core, {{"KHR_materials_ior", json::object()}}, {core}, kFactorPoints);
  EXPECT_LE(largestDifference(same, withoutExtensions(core), kFactorPoints), 1);
}

// --- KHR_materials_specular -------------------------------------------------------------------

TEST_F(SurfaceTest, SpecularFactorAndColourScaleTheDielectricLobe) {
  const SurfaceMaterial core = dielectric();
  struct Case {
    double factor;
    glm::dvec3 color;
    double ior;  // with KHR_materials_ior when not 1.5
  };
  const Case cases[] = {{0.0, glm::dvec3(1.0), 1.5},
                        {0.5, glm::dvec3(1.0), 1.5},
                        {1.0, {1.0, 0.2, 0.1}, 1.5},
                        {0.8, {3.0, 1.5, 0.5}, 1.5},
                        // f0 ((ior - 1) / (ior + 1))^2 * colour clamped to 1: 0.25 * 6 in red.
                        {1.0, {6.0, 2.0, 0.4}, 3.0}};
  for (const Case& c : cases) {
    json ext = {{"KHR_materials_specular",
                 {{"specularFactor", c.factor},
                  {"specularColorFactor", {c.color.r, c.color.g, c.color.b}}}}};
    if (c.ior != 1.5) ext["KHR_materials_ior"] = {{"ior", c.ior}};
    SCOPED_TRACE(ext.dump());
    SurfaceMaterial m = core;
    m.specular = c.factor;
    m.specularColor = c.color;
    m.ior = c.ior;
    const Pixels with = check(core, ext, {m}, kFactorPoints);
    EXPECT_GT(largestDifference(with, withoutExtensions(core), kFactorPoints), 6);
  }
}

TEST_F(SurfaceTest, SpecularTexturesScaleFactorAndColour) {
  const SurfaceMaterial core = dielectric();
  // specularTexture: A; specularColorTexture: RGB, sRGB-encoded.
  const std::vector<glm::u8vec4> strength = {
      {0, 0, 0, 255}, {0, 0, 0, 128}, {0, 0, 0, 0}, {0, 0, 0, 40}};
  const std::vector<glm::u8vec4> colour = {
      {255, 255, 255, 255}, {255, 60, 20, 255}, {40, 200, 255, 255}, {255, 255, 128, 255}};
  const double factor = 0.9;
  const glm::dvec3 colorFactor(1.0, 2.5, 1.5);
  std::vector<SurfaceMaterial> materials;
  for (const glm::vec3& p : kQuadrantPoints) {
    const glm::ivec2 t = texelOf(p);
    const size_t k = size_t(t.y * 2 + t.x);
    SurfaceMaterial m = core;
    m.specular = factor * strength[k].a / 255.0;
    m.specularColor = colorFactor * glm::dvec3(srgbToLinear(colour[k].r), srgbToLinear(colour[k].g),
                                               srgbToLinear(colour[k].b));
    materials.push_back(m);
  }
  const json ext = {{"KHR_materials_specular",
                     {{"specularFactor", factor},
                      {"specularColorFactor", {colorFactor.r, colorFactor.g, colorFactor.b}},
                      {"specularTexture", {{"index", 0}}},
                      {"specularColorTexture", {{"index", 1}}}}}};
  const float intensity = intensityFor(materials, kQuadrantPoints);
  AssetBuilder b = surfaceAsset(core, ext, intensity);
  ASSERT_EQ(addTexture2x2(b, strength), 0);
  ASSERT_EQ(addTexture2x2(b, colour), 1);
  const Pixels pixels = render(b);
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    EXPECT_TRUE(colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                          glm::vec3(expectedAt(materials[i], intensity, kQuadrantPoints[i])),
                          kTolerance))
        << "quadrant " << i;
  }
  // Without the textures the four quadrants would be one material.
  SurfaceMaterial untextured = core;
  untextured.specular = factor;
  untextured.specularColor = colorFactor;
  int differing = 0;
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    if (!colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                   glm::vec3(expectedAt(untextured, intensity, kQuadrantPoints[i])), kTolerance))
      ++differing;
  }
  EXPECT_GE(differing, 3);
}

// --- KHR_materials_iridescence ----------------------------------------------------------------

TEST_F(SurfaceTest, IridescenceFactorThicknessAndIorShiftTheFresnel) {
  struct Case {
    SurfaceMaterial core;
    double factor, thickness, ior;
  };
  const Case cases[] = {{dielectric(), 1.0, 400.0, 1.3}, {dielectric(), 0.5, 400.0, 1.3},
                        {dielectric(), 1.0, 250.0, 1.3}, {dielectric(), 1.0, 650.0, 1.3},
                        {dielectric(), 1.0, 400.0, 1.8}, {dielectric(), 1.0, 400.0, 1.05},
                        {metal(), 1.0, 300.0, 1.5},      {metal(), 0.4, 520.0, 1.3}};
  for (const Case& c : cases) {
    const json ext = {{"KHR_materials_iridescence",
                       {{"iridescenceFactor", c.factor},
                        {"iridescenceThicknessMaximum", c.thickness},
                        {"iridescenceIor", c.ior}}}};
    SCOPED_TRACE(ext.dump() + " metallic " + std::to_string(c.core.metallic));
    SurfaceMaterial m = c.core;
    m.iridescence = c.factor;
    m.iridescenceThickness = c.thickness;
    m.iridescenceIor = c.ior;
    const Pixels with = check(c.core, ext, {m}, kFactorPoints);
    EXPECT_GT(largestDifference(with, withoutExtensions(c.core), kFactorPoints), 6);
  }
}

TEST_F(SurfaceTest, IridescenceOfAFilmZeroNanometresThickIsNone) {
  const SurfaceMaterial core = dielectric();
  const json ext = {{"KHR_materials_iridescence",
                     {{"iridescenceFactor", 1.0}, {"iridescenceThicknessMaximum", 0.0}}}};
  const Pixels with = check(core, ext, {core}, kFactorPoints);
  EXPECT_LE(largestDifference(with, withoutExtensions(core), kFactorPoints), 1);
}

TEST_F(SurfaceTest, IridescenceThicknessTextureBlendsMinimumToMaximum) {
  const SurfaceMaterial core = metal();  // the film tints the whole highlight
  // G: 0 -> minimum, 255 -> maximum.
  const std::vector<glm::u8vec4> texels = {
      {0, 0, 0, 255}, {0, 85, 0, 255}, {0, 170, 0, 255}, {0, 255, 0, 255}};
  const double minimum = 150.0, maximum = 750.0;
  std::vector<SurfaceMaterial> materials;
  for (const glm::vec3& p : kQuadrantPoints) {
    const glm::ivec2 t = texelOf(p);
    SurfaceMaterial m = core;
    m.iridescence = 1.0;
    const double g = texels[size_t(t.y * 2 + t.x)].g / 255.0;
    m.iridescenceThickness = minimum + (maximum - minimum) * g;
    materials.push_back(m);
  }
  const json ext = {{"KHR_materials_iridescence",
                     {{"iridescenceFactor", 1.0},
                      {"iridescenceThicknessMinimum", minimum},
                      {"iridescenceThicknessMaximum", maximum},
                      {"iridescenceThicknessTexture", {{"index", 0}}}}}};
  const float intensity = intensityFor(materials, kQuadrantPoints);
  AssetBuilder b = surfaceAsset(core, ext, intensity);
  ASSERT_EQ(addTexture2x2(b, texels), 0);
  const Pixels pixels = render(b);
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    EXPECT_TRUE(colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                          glm::vec3(expectedAt(materials[i], intensity, kQuadrantPoints[i])),
                          kTolerance))
        << "quadrant " << i;
  }
  // Without the texture, every quadrant would have the maximum thickness.
  SurfaceMaterial untextured = materials[0];
  untextured.iridescenceThickness = maximum;
  int differing = 0;
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    if (!colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                   glm::vec3(expectedAt(untextured, intensity, kQuadrantPoints[i])), kTolerance))
      ++differing;
  }
  EXPECT_GE(differing, 3);
}

// --- KHR_materials_anisotropy -----------------------------------------------------------------

TEST_F(SurfaceTest, AnisotropyStrengthAndRotationStretchTheHighlight) {
  struct Case {
    SurfaceMaterial core;
    double strength, rotation;
  };
  const Case cases[] = {{metal(), 0.3, 0.0},      {metal(), 0.8, 0.0},
                        {metal(), 0.8, 1.0},      {metal(), 0.6, -2.2},
                        {dielectric(), 0.9, 0.5}, {dielectric(), 0.5, 1.5707963}};
  for (const Case& c : cases) {
    const json ext = {{"KHR_materials_anisotropy",
                       {{"anisotropyStrength", c.strength}, {"anisotropyRotation", c.rotation}}}};
    SCOPED_TRACE(ext.dump() + " metallic " + std::to_string(c.core.metallic));
    SurfaceMaterial m = c.core;
    m.anisotropyStrength = c.strength;
    m.anisotropyRotation = c.rotation;
    const Pixels with = check(c.core, ext, {m}, kFactorPoints);
    EXPECT_GT(largestDifference(with, withoutExtensions(c.core), kFactorPoints), 6);
  }
  // Strength 0 (the default) is the core lobe.
  const Pixels same = check(metal(), {{"KHR_materials_anisotropy", {{"anisotropyRotation", 1.0}}}},
                            {metal()}, kFactorPoints);
  EXPECT_LE(largestDifference(same, withoutExtensions(metal()), kFactorPoints), 1);
}

TEST_F(SurfaceTest, AnisotropyTextureGivesDirectionAndStrength) {
  const SurfaceMaterial core = metal();
  // RG: direction in [-1, 1] of the tangent frame; B: strength.
  const std::vector<glm::u8vec4> texels = {
      {255, 128, 255, 255}, {128, 255, 255, 255}, {218, 218, 200, 255}, {40, 90, 128, 255}};
  const double strength = 0.9, rotation = 0.4;
  std::vector<SurfaceMaterial> materials;
  for (const glm::vec3& p : kQuadrantPoints) {
    const glm::u8vec4 t = texels[size_t(texelOf(p).y * 2 + texelOf(p).x)];
    SurfaceMaterial m = core;
    m.anisotropyStrength = strength * t.b / 255.0;
    m.anisotropyDirection = {t.r / 255.0 * 2.0 - 1.0, t.g / 255.0 * 2.0 - 1.0};
    m.anisotropyRotation = rotation;
    materials.push_back(m);
  }
  const json ext = {{"KHR_materials_anisotropy",
                     {{"anisotropyStrength", strength},
                      {"anisotropyRotation", rotation},
                      {"anisotropyTexture", {{"index", 0}}}}}};
  const float intensity = intensityFor(materials, kQuadrantPoints);
  AssetBuilder b = surfaceAsset(core, ext, intensity);
  ASSERT_EQ(addTexture2x2(b, texels), 0);
  const Pixels pixels = render(b);
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    EXPECT_TRUE(colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                          glm::vec3(expectedAt(materials[i], intensity, kQuadrantPoints[i])),
                          kTolerance))
        << "quadrant " << i;
  }
  // Without the texture: direction (cos, sin)(rotation) and the full strength everywhere.
  SurfaceMaterial untextured = core;
  untextured.anisotropyStrength = strength;
  untextured.anisotropyRotation = rotation;
  int differing = 0;
  for (size_t i = 0; i < kQuadrantPoints.size(); ++i) {
    if (!colorNear(pixelOf(pixels, kQuadrantPoints[i]),
                   glm::vec3(expectedAt(untextured, intensity, kQuadrantPoints[i])), kTolerance))
      ++differing;
  }
  EXPECT_GE(differing, 3);
}

TEST_F(SurfaceTest, AnisotropyWithoutTangentUsesTheUvFrameAndWarns) {
  // The quad's uv frame is TANGENT's: u along +x, v down (bitangent +y).
  SurfaceMaterial m = metal();
  m.anisotropyStrength = 0.8;
  m.anisotropyRotation = 0.7;
  const json ext = {
      {"KHR_materials_anisotropy", {{"anisotropyStrength", 0.8}, {"anisotropyRotation", 0.7}}}};
  const Pixels generated = check(metal(), ext, {m}, kFactorPoints, false);
  EXPECT_GT(largestDifference(generated, withoutExtensions(metal(), false), kFactorPoints), 6);

  AssetBuilder b = surfaceAsset(metal(), ext, 1.0f, false);
  const std::string path = b.writeGlb("surface_anisotropy_no_tangent");
  scene::LoadResult loaded = scene::loadScene(path);
  ASSERT_TRUE(loaded.scene) << loaded.error;
  EXPECT_EQ(loaded.warnings,
            std::vector<std::string>{path + ": /meshes/0/primitives/0: KHR_materials_anisotropy "
                                            "needs TANGENT; tangents generated from TEXCOORD_0"});
  // With TANGENT: no warning.
  loaded = scene::loadScene(surfaceAsset(metal(), ext, 1.0f, true).writeGlb("surface_tangent"));
  ASSERT_TRUE(loaded.scene) << loaded.error;
  EXPECT_EQ(loaded.warnings, std::vector<std::string>{});
  // Without the texture coordinates either: drawn isotropic, and said so.
  b.json()["meshes"][0]["primitives"][0]["attributes"].erase("TEXCOORD_0");
  const std::string bare = b.writeGlb("surface_anisotropy_no_uv");
  loaded = scene::loadScene(bare);
  ASSERT_TRUE(loaded.scene) << loaded.error;
  EXPECT_EQ(loaded.warnings,
            std::vector<std::string>{bare + ": /meshes/0/primitives/0: KHR_materials_anisotropy "
                                            "needs TANGENT, and there is no TEXCOORD_0 to "
                                            "generate them from; drawn isotropic"});
}

}  // namespace
}  // namespace vitrine::test
