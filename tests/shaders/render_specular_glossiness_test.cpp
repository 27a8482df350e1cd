// KHR_materials_pbrSpecularGlossiness (archived) rendered headless: a generated quad whose
// material has metallic-roughness values (a rough gold metal(), nothing like any case below)
// AND the extension, under one directional light, no
// environment, tone mapping None. The pixels must be what the CPU reference computes from the
// extension's BRDF inputs (surface_reference.h specularGlossiness(): c_diff, F0, alpha) within
// 3/255, through factors and textures, and never the metallic-roughness picture: "any client
// implementation that supports the extension should always render the asset using the
// specular-glossiness material properties" (its "Best practices").
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "surface_test_util.h"

namespace vitrine::test {
namespace {

constexpr float kTolerance = 3.0f;  // of 255, per channel
constexpr const char* kName = "KHR_materials_pbrSpecularGlossiness";

class SpecularGlossinessTest : public SurfaceRendererTest {
 protected:
  // Checks materials[i] at points[i] in `pixels`, rendered at `intensity`.
  void expectAt(const Pixels& pixels, const std::vector<SurfaceMaterial>& materials,
                const std::vector<glm::vec3>& points, float intensity) {
    for (size_t i = 0; i < points.size(); ++i) {
      EXPECT_TRUE(colorNear(pixelOf(pixels, points[i]),
                            glm::vec3(expectedAt(materials[i], intensity, points[i])), kTolerance))
          << "at (" << points[i].x << ", " << points[i].y << ")";
    }
  }
};

json vec(const glm::dvec3& v) {
  return {v.r, v.g, v.b};
}

TEST_F(SpecularGlossinessTest, FactorsGiveTheExtensionsBrdfInputsInPlaceOfMetallicRoughness) {
  struct Case {
    glm::dvec3 diffuse, specular;
    double glossiness;
  };
  const Case cases[] = {
      {{0.6, 0.3, 0.2}, glm::dvec3(0.04), 0.5},     // a plain dielectric
      {{0.2, 0.8, 0.4}, {0.3, 0.05, 0.5}, 0.3},     // coloured specular: c_diff by its max
      {glm::dvec3(0.0), {1.0, 0.766, 0.336}, 0.6},  // the extension's gold, less glossy
      {{0.5, 0.5, 0.9}, glm::dvec3(0.2), 0.0},      // glossiness 0: roughness 1
      {{0.8, 0.8, 0.8}, {0.3, 0.3, 0.6}, 0.25},     // tinted: 1 - F differs channel by channel
  };
  for (const Case& c : cases) {
    const json ext = {{kName,
                       {{"diffuseFactor", {c.diffuse.r, c.diffuse.g, c.diffuse.b, 1.0}},
                        {"specularFactor", vec(c.specular)},
                        {"glossinessFactor", c.glossiness}}}};
    SCOPED_TRACE(ext.dump());
    const std::vector<SurfaceMaterial> materials(
        kFactorPoints.size(), specularGlossiness(c.diffuse, c.specular, c.glossiness));
    const float intensity = intensityFor(materials, kFactorPoints);
    const Pixels with = render(surfaceAsset(metal(), ext, intensity));
    expectAt(with, materials, kFactorPoints, intensity);
    const Pixels without = render(surfaceAsset(metal(), json::object(), intensity));
    EXPECT_GT(largestDifference(with, without, kFactorPoints), 6);
  }
}

// An empty extension object is its defaults: diffuse white, specular white (F0 1: c_diff is 0,
// no diffuse part at all), glossiness 1 (a mirror). The light's mirror direction misses the
// quad, so every point is black but for the floor alpha's faint tail (ggxAlpha2), where the
// metallic-roughness values would show a lit metal.
TEST_F(SpecularGlossinessTest, AnEmptyObjectIsTheDefaults) {
  const std::vector<SurfaceMaterial> materials(
      kFactorPoints.size(), specularGlossiness(glm::dvec3(1.0), glm::dvec3(1.0), 1.0));
  const Pixels pixels = render(surfaceAsset(metal(), {{kName, json::object()}}, 2.0f));
  expectAt(pixels, materials, kFactorPoints, 2.0f);
  for (const glm::vec3& p : kFactorPoints) {
    const glm::u8vec4 c = pixelOf(pixels, p);
    EXPECT_LE(std::max({c.r, c.g, c.b}), 3);
  }
  const Pixels without = render(surfaceAsset(metal(), json::object(), 2.0f));
  EXPECT_GT(largestDifference(pixels, without, kFactorPoints), 20);
}

TEST_F(SpecularGlossinessTest, TexturesScaleTheFactorsPerTexel) {
  // diffuseTexture: RGB sRGB-encoded; specularGlossinessTexture: RGB sRGB specular, A linear
  // glossiness.
  const std::vector<glm::u8vec4> diffuse = {
      {255, 255, 255, 255}, {200, 60, 20, 255}, {40, 180, 255, 255}, {128, 128, 128, 255}};
  const std::vector<glm::u8vec4> specGloss = {
      {60, 60, 60, 128}, {255, 200, 80, 200}, {20, 20, 20, 40}, {120, 30, 200, 90}};
  const glm::dvec3 diffuseFactor(0.9, 0.8, 1.0), specularFactor(0.8, 1.0, 0.6);
  const double glossinessFactor = 0.9;
  std::vector<SurfaceMaterial> materials;
  const auto linear = [](const glm::u8vec4& t) {
    return glm::dvec3(srgbToLinear(t.r), srgbToLinear(t.g), srgbToLinear(t.b));
  };
  for (const glm::vec3& p : kQuadrantPoints) {
    const glm::ivec2 t = texelOf(p);
    const size_t k = size_t(t.y * 2 + t.x);
    materials.push_back(specularGlossiness(diffuseFactor * linear(diffuse[k]),
                                           specularFactor * linear(specGloss[k]),
                                           glossinessFactor * specGloss[k].a / 255.0));
  }
  const json ext = {{kName,
                     {{"diffuseFactor", {diffuseFactor.r, diffuseFactor.g, diffuseFactor.b, 1.0}},
                      {"specularFactor", vec(specularFactor)},
                      {"glossinessFactor", glossinessFactor},
                      {"diffuseTexture", {{"index", 0}}},
                      {"specularGlossinessTexture", {{"index", 1}}}}}};
  const float intensity = intensityFor(materials, kQuadrantPoints);
  AssetBuilder b = surfaceAsset(metal(), ext, intensity);
  ASSERT_EQ(addTexture2x2(b, diffuse), 0);
  ASSERT_EQ(addTexture2x2(b, specGloss), 1);
  // The metallic-roughness base colour texture is another image: never sampled.
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {
      {"index", addTexture2x2(b, std::vector<glm::u8vec4>(4, glm::u8vec4(0, 0, 255, 255)))}};
  const Pixels pixels = render(b);
  expectAt(pixels, materials, kQuadrantPoints, intensity);
  // Without the textures the four quadrants would be one material.
  const SurfaceMaterial untextured =
      specularGlossiness(diffuseFactor, specularFactor, glossinessFactor);
  int differing = 0;
  for (const glm::vec3& p : kQuadrantPoints) {
    if (!colorNear(pixelOf(pixels, p), glm::vec3(expectedAt(untextured, intensity, p)), kTolerance))
      ++differing;
  }
  EXPECT_GE(differing, 3);
}

// The material's alpha is the diffuse's ("The fourth component (A) is the opacity"): a MASK
// material is cut where diffuseFactor.a is below the cutoff, whatever baseColorFactor.a says.
TEST_F(SpecularGlossinessTest, DiffuseAlphaIsTheOpacity) {
  const glm::vec3 centre(0.0f);
  for (const bool diffuseOpaque : {false, true}) {
    SCOPED_TRACE(diffuseOpaque ? "diffuse alpha 1, base colour alpha 0.2"
                               : "diffuse alpha 0.2, base colour alpha 1");
    AssetBuilder b = surfaceAsset(
        metal(), {{kName, {{"diffuseFactor", {0.5, 0.5, 0.5, diffuseOpaque ? 1.0 : 0.2}}}}}, 2.0f);
    json& material = b.json()["materials"][0];
    material["alphaMode"] = "MASK";
    material["pbrMetallicRoughness"]["baseColorFactor"] = {0.9, 0.7, 0.4,
                                                           diffuseOpaque ? 0.2 : 1.0};
    const Pixels pixels = render(b);
    const glm::u8vec4 corner = pixelAt(pixels, 0, 0);  // outside the quad: the background
    EXPECT_EQ(pixelOf(pixels, centre) == corner, !diffuseOpaque);
  }
}

// The extension feeds (c_diff, F0, alpha) into the glTF 2.0 BRDF of its time, f = (1 - F)
// c_diff / pi + F D Vis with F per colour channel: on a tinted specular the diffuse lobe keeps
// more of the channels F0 is low in than KHR_materials_specular's 1 - max_value(F) would leave
// it. The reference of that other form is far from the picture, the text's is within 3/255.
TEST_F(SpecularGlossinessTest, TheDiffuseLobeIsWeighedByOneMinusFresnelPerChannel) {
  const glm::dvec3 diffuse(0.8), specular(0.3, 0.3, 0.6);
  const SurfaceMaterial text = specularGlossiness(diffuse, specular, 0.25);
  SurfaceMaterial maxForm = text;
  maxForm.diffuseWeightPerChannel = false;
  const std::vector<SurfaceMaterial> materials(kFactorPoints.size(), text);
  const float intensity = intensityFor(materials, kFactorPoints);
  const json ext = {{kName,
                     {{"diffuseFactor", {diffuse.r, diffuse.g, diffuse.b, 1.0}},
                      {"specularFactor", vec(specular)},
                      {"glossinessFactor", 0.25}}}};
  const Pixels pixels = render(surfaceAsset(metal(), ext, intensity));
  expectAt(pixels, materials, kFactorPoints, intensity);
  const glm::vec3 centre(0.0f);
  const glm::vec3 other(expectedAt(maxForm, intensity, centre));
  EXPECT_FALSE(colorNear(pixelOf(pixels, centre), other, 8.0f))
      << "the max_value(F) form would give (" << srgbByte(other.r) << ", " << srgbByte(other.g)
      << ", " << srgbByte(other.b) << ")";
}

// Under image-based light alone (a uniform environment of radiance L, no punctual light) the
// split-sum's specular albedo a of the coloured F0 takes the place of F: each channel is
// c_diff L (1 - a) + L a, c_diff = diffuse (1 - max(specular)). a is read per channel from the
// same material with a black diffuse (L a alone); the composition is the text's, channel by
// channel, not (1 - max(a)).
TEST_F(SpecularGlossinessTest, ImageBasedLightWeighsTheDiffusePerChannelToo) {
  constexpr float kRadiance = 0.5f;
  scene::EnvironmentImage uniform;
  uniform.width = 64;
  uniform.height = 32;
  uniform.name = "uniform";
  uniform.rgb.assign(size_t(uniform.width) * uniform.height * 3, kRadiance);
  renderer_->setEnvironment(&uniform);
  const glm::dvec3 specular(0.3, 0.3, 0.6);
  const auto centre = [&](const glm::dvec3& diffuse) {
    const json ext = {{kName,
                       {{"diffuseFactor", {diffuse.r, diffuse.g, diffuse.b, 1.0}},
                        {"specularFactor", vec(specular)},
                        {"glossinessFactor", 0.25}}}};
    const Pixels pixels = render(surfaceAsset(metal(), ext, 0.0f));
    const glm::u8vec4 c = pixelOf(pixels, glm::vec3(0.0f));
    return glm::dvec3(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b));
  };
  const glm::dvec3 albedo = centre(glm::dvec3(0.0)) / double(kRadiance);  // L a / L
  const glm::dvec3 diffuse(0.8);
  const glm::dvec3 cDiff = diffuse * (1.0 - 0.6);
  const glm::dvec3 lit = centre(diffuse);
  const double maxAlbedo = std::max({albedo.r, albedo.g, albedo.b});
  for (int c = 0; c < 3; ++c) {
    SCOPED_TRACE("channel " + std::to_string(c));
    const double text = kRadiance * (cDiff[c] * (1.0 - albedo[c]) + albedo[c]);
    const double maxForm = kRadiance * (cDiff[c] * (1.0 - maxAlbedo) + albedo[c]);
    EXPECT_NEAR(srgbByte(float(lit[c])), srgbByte(float(text)), 2.0f);
    if (c < 2) {
      EXPECT_GT(std::abs(srgbByte(float(maxForm)) - srgbByte(float(text))), 6.0f);
    }
  }
}

// The layers the extension excludes ("must not be used on a material that also uses
// KHR_materials_pbrSpecularGlossiness") are ignored: the picture is the one without them.
TEST_F(SpecularGlossinessTest, ExcludedLayersAreNotDrawn) {
  const json sg = {{"diffuseFactor", {0.6, 0.3, 0.2, 1.0}},
                   {"specularFactor", {0.1, 0.1, 0.1}},
                   {"glossinessFactor", 0.5}};
  const SurfaceMaterial m = specularGlossiness(glm::dvec3(0.6, 0.3, 0.2), glm::dvec3(0.1), 0.5);
  const std::vector<SurfaceMaterial> materials(kFactorPoints.size(), m);
  const float intensity = intensityFor(materials, kFactorPoints);
  const json withLayers = {{kName, sg},
                           {"KHR_materials_clearcoat", {{"clearcoatFactor", 1.0}}},
                           {"KHR_materials_sheen", {{"sheenColorFactor", {1.0, 1.0, 1.0}}}},
                           {"KHR_materials_specular", {{"specularFactor", 0.0}}}};
  const Pixels pixels = render(surfaceAsset(metal(), withLayers, intensity));
  expectAt(pixels, materials, kFactorPoints, intensity);
  const Pixels alone = render(surfaceAsset(metal(), {{kName, sg}}, intensity));
  EXPECT_LE(largestDifference(pixels, alone, kFactorPoints), 1);
}

}  // namespace
}  // namespace vitrine::test
