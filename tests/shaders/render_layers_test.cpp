// KHR_materials_clearcoat and KHR_materials_sheen: generated quads through the loader, lit by
// one directional light, no environment, tone mapping None. Pixels must be the values the
// test computes itself from the extensions' formulas (layers_reference.h over Appendix B,
// brdf_reference.h) within 3/255; the layer must change the picture; a texture of each
// extension must reach its pixels; and KHR_animation_pointer animation of a factor and of an
// extension texture's KHR_texture_transform must change the picture frame by frame through
// the dirty ranges (a few bytes uploaded, the same renderer and scene).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "brdf_reference.h"
#include "layers_reference.h"
#include "png_writer.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::bindAsset;
using anim::test::Bound;
using anim::test::pointerChannel;
using anim::test::sampler;
using nlohmann::json;

constexpr uint32_t kLayerSize = 24;
constexpr double kTargetPeak = 0.8;
constexpr float kTolerance = 3.0f;
const glm::vec3 kBase(0.5f, 0.3f, 0.2f);
constexpr float kRoughness = 0.5f;

glm::vec3 direction(float polarDegrees, float azimuthDegrees) {
  const float p = glm::radians(polarDegrees), a = glm::radians(azimuthDegrees);
  return {std::sin(p) * std::cos(a), std::sin(p) * std::sin(a), std::cos(p)};
}

json quatJson(const glm::quat& q) {
  return {q.x, q.y, q.z, q.w};
}

// A quad (normal +z in its node) turned by `tilt` about +Y, material 0 of base colour kBase
// (dielectric, roughness kRoughness) with `extension` (a KHR_materials_* object, or null),
// and a directional light of `intensity` shining towards -l (world).
struct Scene {
  AssetBuilder b;
  int material = 0;
};
Scene layeredQuad(const std::string& name, const json& extension, float tilt, const glm::vec3& l,
                  float intensity) {
  Scene s;
  const int quad = s.b.addMeshNode(s.b.addColoredQuad({kBase, 1.0f}));
  s.b.json()["nodes"][quad]["rotation"] = quatJson(glm::angleAxis(tilt, glm::vec3(0, 1, 0)));
  json& m = s.b.json()["materials"][0];
  m["pbrMetallicRoughness"]["metallicFactor"] = 0.0;
  m["pbrMetallicRoughness"]["roughnessFactor"] = kRoughness;
  s.b.json()["extensionsUsed"] = json::array({"KHR_lights_punctual"});
  if (!extension.is_null()) {
    m["extensions"][name] = extension;
    s.b.json()["extensionsUsed"].push_back(name);
  }
  s.b.json()["extensions"]["KHR_lights_punctual"]["lights"] =
      json::array({{{"type", "directional"}, {"intensity", intensity}}});
  const int light = s.b.addNode({{"rotation", quatJson(shineAlong(-l))},
                                 {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  s.b.addScene({quad, light});
  return s;
}

// A two-texel (left, right) texture with nearest filtering: RGB bytes per texel.
int addTwoTexelTexture(AssetBuilder& b, const glm::ivec3& left, const glm::ivec3& right) {
  const std::vector<uint16_t> samples = {uint16_t(left.r),  uint16_t(left.g),  uint16_t(left.b),
                                         uint16_t(right.r), uint16_t(right.g), uint16_t(right.b)};
  const int image = b.addImage(encodePng(2, 1, 3, 8, samples));
  const int nearest = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  return b.addTexture(image, nearest);
}

// The same with RGBA texels (for the roughness a texture keeps in its alpha channel).
int addTwoTexelTexture(AssetBuilder& b, const glm::ivec4& left, const glm::ivec4& right) {
  std::vector<uint16_t> samples;
  for (const glm::ivec4& t : {left, right})
    for (int c = 0; c < 4; ++c) samples.push_back(uint16_t(t[c]));
  const int image = b.addImage(encodePng(2, 1, 4, 8, samples));
  const int nearest = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  return b.addTexture(image, nearest);
}

View frontView() {
  View v = orbitView(glm::vec3(0, 0, 3), glm::vec3(0), kLayerSize, kLayerSize);
  v.tonemap = renderer::Tonemap::None;
  return v;
}

class LayerTest : public RendererTest {
 protected:
  void load(const AssetBuilder& b) {
    bound_ = bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.warnings, std::vector<std::string>{});
    renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
  }
  Pixels render() { return renderer_->renderOffscreen(frontView(), kLayerSize, kLayerSize); }
  Pixels frame(float seconds) {
    bound_.animations().evaluate(seconds, {true}, dirty_);
    renderer_->applyChanges(*bound_.scene, dirty_);
    dirty_.clear();
    return render();
  }
  Bound bound_;
  scene::DirtySet dirty_;
};

// Where the pixel nearest `world` (on the untilted quad's plane z = 0) looks, and its v.
struct Sample {
  glm::ivec2 pixel;
  glm::dvec3 v;
};
Sample sampleAt(const glm::vec3& world, const glm::vec3& n) {
  const View view = frontView();
  Sample s;
  s.pixel = project(view, world, kLayerSize, kLayerSize);
  const glm::vec3 p = surfacePoint(view, s.pixel, kLayerSize, kLayerSize, glm::vec3(0.0f), n);
  s.v = glm::normalize(glm::dvec3(view.eye) - glm::dvec3(p));
  return s;
}

// The base material's radiance per unit irradiance (Appendix B, N.L included).
glm::dvec3 baseRadiance(const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  return reflected(appendixB(glm::dvec3(kBase), 0.0, kRoughness, n, v, l), glm::dvec3(1.0), n, l);
}

double peakOf(const glm::dvec3& c) {
  return std::max({c.r, c.g, c.b});
}

struct Geometry {
  float tilt;            // radians about +Y
  glm::vec3 lightLocal;  // towards the light, in the quad's frame
};
const Geometry kGeometries[] = {
    {0.0f, direction(8.0f, 0.0f)},                     // near the coat's mirror direction
    {glm::radians(30.0f), direction(50.0f, 160.0f)},   // off to the side, tilted view
    {glm::radians(-55.0f), direction(35.0f, 250.0f)},  // oblique view
};

// --- KHR_materials_clearcoat ---------------------------------------------------------------

TEST_F(LayerTest, ClearcoatFactorsMatchTheSpecsLayering) {
  int changed = 0;
  for (float factor : {0.4f, 1.0f})
    for (float roughness : {0.25f, 0.5f})
      for (const Geometry& g : kGeometries) {
        std::ostringstream what;
        what << "clearcoat " << factor << " roughness " << roughness << " tilt " << g.tilt;
        const glm::quat tilt = glm::angleAxis(g.tilt, glm::vec3(0, 1, 0));
        const glm::vec3 n = tilt * glm::vec3(0, 0, 1);
        const glm::vec3 l = glm::normalize(tilt * g.lightLocal);
        const Sample at = sampleAt(glm::vec3(0.0f), n);
        const glm::dvec3 base = baseRadiance(n, at.v, l);
        const glm::dvec3 unit = clearcoatOver(base, factor, roughness, n, at.v, l);
        const double intensity = kTargetPeak / peakOf(unit);
        Scene s =
            layeredQuad("KHR_materials_clearcoat",
                        {{"clearcoatFactor", factor}, {"clearcoatRoughnessFactor", roughness}},
                        g.tilt, l, float(intensity));
        ASSERT_NO_FATAL_FAILURE(load(s.b));
        const glm::u8vec4 actual = pixelAt(render(), at.pixel.x, at.pixel.y);
        EXPECT_TRUE(colorNear(actual, glm::vec3(unit * intensity), kTolerance)) << what.str();
        if (!colorNear(actual, glm::vec3(base * intensity), kTolerance)) ++changed;
      }
  EXPECT_GE(changed, 6);  // the coat shows where it has a highlight
}

// At a grazing view (N.V about 0.2) the coat's Fresnel term, 0.04 + 0.96 (1 - N.V)^5, is
// about 0.36, nine times its value at normal incidence: the coat takes a third of the light
// from the base. A shader that kept only f0 = 0.04 would be off by far more than 3/255 here.
TEST_F(LayerTest, ClearcoatFresnelGrowsAtGrazingView) {
  const float tilt = glm::radians(78.0f);
  const glm::quat q = glm::angleAxis(tilt, glm::vec3(0, 1, 0));
  const glm::vec3 n = q * glm::vec3(0, 0, 1);
  const Sample at = sampleAt(glm::vec3(0.0f), n);
  const double nDotV = glm::dot(glm::dvec3(n), at.v);
  ASSERT_GT(nDotV, 0.15);
  ASSERT_LT(nDotV, 0.25);
  const glm::vec3 lights[] = {
      direction(20.0f, 90.0f),  // near the normal: the base's diffuse, dimmed by the coat
      direction(70.0f, 0.0f),   // near the coat's mirror direction: its highlight
  };
  for (float factor : {0.6f, 1.0f})
    for (const glm::vec3& lightLocal : lights) {
      std::ostringstream what;
      what << "clearcoat " << factor << " light (" << lightLocal.x << ", " << lightLocal.y << ", "
           << lightLocal.z << ") N.V " << nDotV;
      const glm::vec3 l = glm::normalize(q * lightLocal);
      const glm::dvec3 base = baseRadiance(n, at.v, l);
      const glm::dvec3 unit = clearcoatOver(base, factor, 0.3, n, at.v, l);
      const double intensity = kTargetPeak / peakOf(unit);
      // What the layering would give with the Fresnel weight stuck at f0 = 0.04.
      const glm::dvec3 coatOnly = clearcoatOver(glm::dvec3(0.0), 1.0, 0.3, n, at.v, l) /
                                  (0.04 + 0.96 * std::pow(1.0 - nDotV, 5.0));
      const glm::dvec3 atF0 = glm::mix(base, coatOnly, factor * 0.04);
      Scene s = layeredQuad("KHR_materials_clearcoat",
                            {{"clearcoatFactor", factor}, {"clearcoatRoughnessFactor", 0.3}}, tilt,
                            l, float(intensity));
      ASSERT_NO_FATAL_FAILURE(load(s.b));
      const glm::u8vec4 actual = pixelAt(render(), at.pixel.x, at.pixel.y);
      EXPECT_TRUE(colorNear(actual, glm::vec3(unit * intensity), kTolerance)) << what.str();
      float apart = 0.0f;
      for (int c = 0; c < 3; ++c)
        apart = std::max(apart, std::abs(srgbByte(float(unit[c] * intensity)) -
                                         srgbByte(float(atF0[c] * intensity))));
      EXPECT_GT(apart, 3 * kTolerance)
          << what.str() << ": the reference cannot tell the angular term apart";
    }
}

TEST_F(LayerTest, ClearcoatChangesThePictureOfTheSameAsset) {
  const glm::vec3 l = direction(8.0f, 0.0f);
  Scene coated =
      layeredQuad("KHR_materials_clearcoat",
                  {{"clearcoatFactor", 1.0}, {"clearcoatRoughnessFactor", 0.3}}, 0.0f, l, 2.0f);
  Scene plain = layeredQuad("KHR_materials_clearcoat", nullptr, 0.0f, l, 2.0f);
  ASSERT_NO_FATAL_FAILURE(load(coated.b));
  const glm::u8vec4 a = pixelAt(render(), kLayerSize / 2, kLayerSize / 2);
  ASSERT_NO_FATAL_FAILURE(load(plain.b));
  const glm::u8vec4 b = pixelAt(render(), kLayerSize / 2, kLayerSize / 2);
  EXPECT_GT(std::abs(int(a.r) - int(b.r)) + std::abs(int(a.g) - int(b.g)), 20)
      << "coated " << glm::ivec4(a).r << " plain " << glm::ivec4(b).r;
}

// clearcoatTexture.r scales clearcoatFactor: 0.2 on the left half, 1.0 on the right.
TEST_F(LayerTest, ClearcoatTextureScalesTheFactorPerTexel) {
  const glm::vec3 l = direction(8.0f, 0.0f), n(0, 0, 1);
  Scene s = layeredQuad("KHR_materials_clearcoat", nullptr, 0.0f, l, 1.0f);
  const int texture = addTwoTexelTexture(s.b, {51, 0, 0}, {255, 0, 0});
  s.b.json()["materials"][0]["extensions"]["KHR_materials_clearcoat"] = {
      {"clearcoatFactor", 1.0},
      {"clearcoatRoughnessFactor", 0.3},
      {"clearcoatTexture", {{"index", texture}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_clearcoat");
  const double intensity = 1.0;
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Pixels pixels = render();
  for (float x : {-0.5f, 0.5f}) {
    const Sample at = sampleAt(glm::vec3(x, 0.1f, 0.0f), n);
    const double coat = x < 0.0f ? 51.0 / 255.0 : 1.0;
    const glm::dvec3 base = baseRadiance(n, at.v, l);
    const glm::dvec3 expected = clearcoatOver(base, coat, 0.3, n, at.v, l) * intensity;
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "x " << x;
  }
}

// clearcoatRoughnessTexture.g scales clearcoatRoughnessFactor: 0.4 on the left half, 0.8 on
// the right, near the coat's mirror direction where its lobe depends most on roughness.
TEST_F(LayerTest, ClearcoatRoughnessTextureScalesTheRoughnessPerTexel) {
  const glm::vec3 l = direction(8.0f, 0.0f), n(0, 0, 1);
  Scene s = layeredQuad("KHR_materials_clearcoat", nullptr, 0.0f, l, 1.0f);
  const int texture = addTwoTexelTexture(s.b, {0, 128, 0}, {0, 255, 0});
  s.b.json()["materials"][0]["extensions"]["KHR_materials_clearcoat"] = {
      {"clearcoatFactor", 1.0},
      {"clearcoatRoughnessFactor", 0.8},
      {"clearcoatRoughnessTexture", {{"index", texture}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_clearcoat");
  const Sample left = sampleAt(glm::vec3(-0.5f, 0.1f, 0.0f), n);
  const Sample right = sampleAt(glm::vec3(0.5f, 0.1f, 0.0f), n);
  const double leftRoughness = 0.8 * 128.0 / 255.0;
  const glm::dvec3 leftUnit =
      clearcoatOver(baseRadiance(n, left.v, l), 1.0, leftRoughness, n, left.v, l);
  const glm::dvec3 rightUnit = clearcoatOver(baseRadiance(n, right.v, l), 1.0, 0.8, n, right.v, l);
  const double intensity = kTargetPeak / std::max(peakOf(leftUnit), peakOf(rightUnit));
  s.b.json()["extensions"]["KHR_lights_punctual"]["lights"][0]["intensity"] = intensity;
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Pixels pixels = render();
  const glm::u8vec4 a = pixelAt(pixels, left.pixel.x, left.pixel.y);
  EXPECT_TRUE(colorNear(a, glm::vec3(leftUnit * intensity), kTolerance)) << "left";
  EXPECT_TRUE(colorNear(pixelAt(pixels, right.pixel.x, right.pixel.y),
                        glm::vec3(rightUnit * intensity), kTolerance))
      << "right";
  // The texture shows: the left half is not what the factor alone would give.
  const glm::dvec3 factorOnly = clearcoatOver(baseRadiance(n, left.v, l), 1.0, 0.8, n, left.v, l);
  EXPECT_FALSE(colorNear(a, glm::vec3(factorOnly * intensity), kTolerance));
}

// clearcoatNormalTexture tilts the coat's normal (tangent +x from the uv derivatives: +u is
// +x, the texture's +Y is +y), not the base's: the highlight follows the coat's normal.
TEST_F(LayerTest, ClearcoatNormalTextureTiltsOnlyTheCoat) {
  const glm::vec3 l = direction(30.0f, 0.0f), n(0, 0, 1);
  Scene s = layeredQuad("KHR_materials_clearcoat", nullptr, 0.0f, l, 1.5f);
  const glm::ivec3 texel(166, 128, 236);  // a normal leaning towards +x
  const int texture = addTwoTexelTexture(s.b, texel, texel);
  s.b.json()["materials"][0]["extensions"]["KHR_materials_clearcoat"] = {
      {"clearcoatFactor", 1.0},
      {"clearcoatRoughnessFactor", 0.3},
      {"clearcoatNormalTexture", {{"index", texture}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_clearcoat");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Pixels pixels = render();
  const glm::dvec3 nc = glm::normalize(glm::dvec3(texel) / 255.0 * 2.0 - 1.0);
  const Sample at = sampleAt(glm::vec3(0.2f, 0.1f, 0.0f), n);
  const glm::dvec3 base = baseRadiance(n, at.v, l);
  const glm::dvec3 expected = clearcoatOver(base, 1.0, 0.3, nc, at.v, l) * 1.5;
  const glm::dvec3 flat = clearcoatOver(base, 1.0, 0.3, glm::dvec3(n), at.v, l) * 1.5;
  const glm::u8vec4 actual = pixelAt(pixels, at.pixel.x, at.pixel.y);
  EXPECT_TRUE(colorNear(actual, glm::vec3(expected), kTolerance));
  EXPECT_FALSE(colorNear(actual, glm::vec3(flat), kTolerance));  // the tilt shows
}

// --- KHR_materials_sheen -------------------------------------------------------------------

TEST_F(LayerTest, SheenFactorsMatchTheSpecsAlbedoScaling) {
  int changed = 0;
  const glm::vec3 colors[] = {{1.0f, 0.6f, 0.3f}, {0.3f, 0.8f, 0.6f}};
  const Geometry geometries[] = {
      {glm::radians(55.0f), direction(70.0f, 200.0f)},  // grazing light from the far side
      {glm::radians(-40.0f), direction(60.0f, 20.0f)},  // grazing light, oblique view
      {0.0f, direction(30.0f, 90.0f)},
  };
  for (const glm::vec3& color : colors)
    for (float roughness : {0.35f, 0.8f})
      for (const Geometry& g : geometries) {
        std::ostringstream what;
        what << "sheen (" << color.r << ", " << color.g << ", " << color.b << ") roughness "
             << roughness << " tilt " << g.tilt;
        const glm::quat tilt = glm::angleAxis(g.tilt, glm::vec3(0, 1, 0));
        const glm::vec3 n = tilt * glm::vec3(0, 0, 1);
        const glm::vec3 l = glm::normalize(tilt * g.lightLocal);
        const Sample at = sampleAt(glm::vec3(0.0f), n);
        const glm::dvec3 base = baseRadiance(n, at.v, l);
        const glm::dvec3 unit = sheenOver(base, glm::dvec3(color), roughness, n, at.v, l);
        const double intensity = kTargetPeak / peakOf(unit);
        Scene s = layeredQuad("KHR_materials_sheen",
                              {{"sheenColorFactor", {color.r, color.g, color.b}},
                               {"sheenRoughnessFactor", roughness}},
                              g.tilt, l, float(intensity));
        ASSERT_NO_FATAL_FAILURE(load(s.b));
        const glm::u8vec4 actual = pixelAt(render(), at.pixel.x, at.pixel.y);
        EXPECT_TRUE(colorNear(actual, glm::vec3(unit * intensity), kTolerance)) << what.str();
        if (!colorNear(actual, glm::vec3(base * intensity), kTolerance)) ++changed;
      }
  EXPECT_GE(changed, 10);
}

TEST_F(LayerTest, SheenChangesThePictureOfTheSameAsset) {
  const float tilt = glm::radians(55.0f);
  const glm::vec3 l =
      glm::normalize(glm::angleAxis(tilt, glm::vec3(0, 1, 0)) * direction(70.0f, 200.0f));
  Scene sheen = layeredQuad("KHR_materials_sheen",
                            {{"sheenColorFactor", {1.0, 1.0, 1.0}}, {"sheenRoughnessFactor", 0.5}},
                            tilt, l, 3.0f);
  Scene plain = layeredQuad("KHR_materials_sheen", nullptr, tilt, l, 3.0f);
  ASSERT_NO_FATAL_FAILURE(load(sheen.b));
  const glm::u8vec4 a = pixelAt(render(), kLayerSize / 2, kLayerSize / 2);
  ASSERT_NO_FATAL_FAILURE(load(plain.b));
  const glm::u8vec4 b = pixelAt(render(), kLayerSize / 2, kLayerSize / 2);
  EXPECT_GT(std::abs(int(a.g) - int(b.g)) + std::abs(int(a.b) - int(b.b)), 20);
}

// sheenColorTexture (sRGB) times sheenColorFactor, a different colour per half.
TEST_F(LayerTest, SheenColorTextureColoursEachTexel) {
  const float tilt = glm::radians(50.0f);
  const glm::quat q = glm::angleAxis(tilt, glm::vec3(0, 1, 0));
  const glm::vec3 n = q * glm::vec3(0, 0, 1), l = glm::normalize(q * direction(70.0f, 200.0f));
  Scene s = layeredQuad("KHR_materials_sheen", nullptr, tilt, l, 2.0f);
  const glm::ivec3 left(250, 60, 60), right(60, 200, 250);
  const int texture = addTwoTexelTexture(s.b, left, right);
  s.b.json()["materials"][0]["extensions"]["KHR_materials_sheen"] = {
      {"sheenColorFactor", {1.0, 0.9, 0.8}},
      {"sheenRoughnessFactor", 0.5},
      {"sheenColorTexture", {{"index", texture}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_sheen");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Pixels pixels = render();
  for (float x : {-0.5f, 0.5f}) {
    const Sample at = sampleAt(q * glm::vec3(x, 0.1f, 0.0f), n);
    const glm::ivec3 t = x < 0.0f ? left : right;
    const glm::dvec3 color = glm::dvec3(srgbToLinear(t.r), srgbToLinear(t.g), srgbToLinear(t.b)) *
                             glm::dvec3(1.0, 0.9, 0.8);
    const glm::dvec3 expected = sheenOver(baseRadiance(n, at.v, l), color, 0.5, n, at.v, l) * 2.0;
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "x " << x;
  }
}

// sheenRoughnessTexture.a scales sheenRoughnessFactor: 0.3 on the left half, 0.9 on the
// right (the RGB of that texture is unused).
TEST_F(LayerTest, SheenRoughnessTextureScalesTheRoughnessPerTexel) {
  const float tilt = glm::radians(50.0f);
  const glm::quat q = glm::angleAxis(tilt, glm::vec3(0, 1, 0));
  const glm::vec3 n = q * glm::vec3(0, 0, 1), l = glm::normalize(q * direction(70.0f, 200.0f));
  Scene s = layeredQuad("KHR_materials_sheen", nullptr, tilt, l, 1.0f);
  const int texture =
      addTwoTexelTexture(s.b, glm::ivec4(255, 0, 0, 85), glm::ivec4(0, 255, 0, 255));
  s.b.json()["materials"][0]["extensions"]["KHR_materials_sheen"] = {
      {"sheenColorFactor", {1.0, 0.9, 0.8}},
      {"sheenRoughnessFactor", 0.9},
      {"sheenRoughnessTexture", {{"index", texture}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_sheen");
  const glm::dvec3 color(1.0, 0.9, 0.8);
  const double roughness[2] = {0.9 * 85.0 / 255.0, 0.9};
  Sample at[2];
  glm::dvec3 unit[2];
  for (int i = 0; i < 2; ++i) {
    at[i] = sampleAt(q * glm::vec3(i == 0 ? -0.5f : 0.5f, 0.1f, 0.0f), n);
    unit[i] = sheenOver(baseRadiance(n, at[i].v, l), color, roughness[i], n, at[i].v, l);
  }
  const double intensity = kTargetPeak / std::max(peakOf(unit[0]), peakOf(unit[1]));
  s.b.json()["extensions"]["KHR_lights_punctual"]["lights"][0]["intensity"] = intensity;
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Pixels pixels = render();
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(colorNear(pixelAt(pixels, at[i].pixel.x, at[i].pixel.y),
                          glm::vec3(unit[i] * intensity), kTolerance))
        << (i == 0 ? "left" : "right");
  // The texture shows: the left half is not what the factor alone would give.
  const glm::dvec3 factorOnly = sheenOver(baseRadiance(n, at[0].v, l), color, 0.9, n, at[0].v, l);
  EXPECT_FALSE(colorNear(pixelAt(pixels, at[0].pixel.x, at[0].pixel.y),
                         glm::vec3(factorOnly * intensity), kTolerance));
}

// --- KHR_animation_pointer -----------------------------------------------------------------

// The extension's factor animated linearly from `from` at t = 0 to `to` at t = 1.
void animateFactor(AssetBuilder& b, const std::string& pointer, const std::vector<float>& values,
                   const std::string& type) {
  const int times = addTimes(b, {0.0f, 1.0f});
  const int output = b.addFloats(values, type);
  addAnimation(b, json::array({sampler(times, output)}), json::array({pointerChannel(0, pointer)}));
}

TEST_F(LayerTest, AnimatedClearcoatFactorRendersEachFrameThroughTheDirtyRange) {
  const glm::vec3 l = direction(8.0f, 0.0f), n(0, 0, 1);
  Scene s =
      layeredQuad("KHR_materials_clearcoat",
                  {{"clearcoatFactor", 0.0}, {"clearcoatRoughnessFactor", 0.3}}, 0.0f, l, 1.0f);
  animateFactor(s.b, "/materials/0/extensions/KHR_materials_clearcoat/clearcoatFactor",
                {0.0f, 1.0f}, "SCALAR");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Sample at = sampleAt(glm::vec3(0.0f), n);
  const glm::dvec3 base = baseRadiance(n, at.v, l);
  for (float t : {0.0f, 0.5f, 1.0f}) {
    const Pixels pixels = frame(t);
    const glm::dvec3 expected = clearcoatOver(base, t, 0.3, n, at.v, l);
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "t " << t;
    if (t > 0.0f) {
      EXPECT_EQ(renderer_->lastUploadStats().bytes, 4u) << "t " << t;
    }
  }
}

// clearcoatTexture's KHR_texture_transform offset moves by half the texture: the texel under
// the left half swaps from 0.2 to 1.0.
TEST_F(LayerTest, AnimatedClearcoatTextureTransformMovesTheCoat) {
  const glm::vec3 l = direction(8.0f, 0.0f), n(0, 0, 1);
  Scene s = layeredQuad("KHR_materials_clearcoat", nullptr, 0.0f, l, 1.0f);
  const int texture = addTwoTexelTexture(s.b, {51, 0, 0}, {255, 0, 0});
  s.b.json()["materials"][0]["extensions"]["KHR_materials_clearcoat"] = {
      {"clearcoatFactor", 1.0},
      {"clearcoatRoughnessFactor", 0.3},
      {"clearcoatTexture",
       {{"index", texture}, {"extensions", {{"KHR_texture_transform", {{"offset", {0, 0}}}}}}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_clearcoat");
  s.b.json()["extensionsUsed"].push_back("KHR_texture_transform");
  animateFactor(s.b,
                "/materials/0/extensions/KHR_materials_clearcoat/clearcoatTexture/extensions/"
                "KHR_texture_transform/offset",
                {0.0f, 0.0f, 0.5f, 0.0f}, "VEC2");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Sample at = sampleAt(glm::vec3(-0.5f, 0.1f, 0.0f), n);
  const glm::dvec3 base = baseRadiance(n, at.v, l);
  for (float t : {0.0f, 1.0f}) {
    const Pixels pixels = frame(t);
    const double coat = t == 0.0f ? 51.0 / 255.0 : 1.0;
    const glm::dvec3 expected = clearcoatOver(base, coat, 0.3, n, at.v, l);
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "t " << t;
  }
  EXPECT_EQ(renderer_->lastUploadStats().bytes, 8u);
}

TEST_F(LayerTest, AnimatedSheenColorFactorRendersEachFrameThroughTheDirtyRange) {
  const float tilt = glm::radians(55.0f);
  const glm::quat q = glm::angleAxis(tilt, glm::vec3(0, 1, 0));
  const glm::vec3 n = q * glm::vec3(0, 0, 1), l = glm::normalize(q * direction(70.0f, 200.0f));
  Scene s = layeredQuad("KHR_materials_sheen",
                        {{"sheenColorFactor", {0.0, 0.0, 0.0}}, {"sheenRoughnessFactor", 0.5}},
                        tilt, l, 2.0f);
  animateFactor(s.b, "/materials/0/extensions/KHR_materials_sheen/sheenColorFactor",
                {0.0f, 0.0f, 0.0f, 1.0f, 0.8f, 0.4f}, "VEC3");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Sample at = sampleAt(glm::vec3(0.0f), n);
  const glm::dvec3 base = baseRadiance(n, at.v, l);
  for (float t : {0.0f, 0.5f, 1.0f}) {
    const Pixels pixels = frame(t);
    const glm::dvec3 color = glm::dvec3(1.0, 0.8, 0.4) * double(t);
    const glm::dvec3 expected = sheenOver(base, color, 0.5, n, at.v, l) * 2.0;
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "t " << t;
    if (t > 0.0f) {
      EXPECT_EQ(renderer_->lastUploadStats().bytes, 12u) << "t " << t;
    }
  }
}

TEST_F(LayerTest, AnimatedSheenColorTextureTransformMovesTheColour) {
  const float tilt = glm::radians(50.0f);
  const glm::quat q = glm::angleAxis(tilt, glm::vec3(0, 1, 0));
  const glm::vec3 n = q * glm::vec3(0, 0, 1), l = glm::normalize(q * direction(70.0f, 200.0f));
  Scene s = layeredQuad("KHR_materials_sheen", nullptr, tilt, l, 2.0f);
  const glm::ivec3 left(250, 60, 60), right(60, 200, 250);
  const int texture = addTwoTexelTexture(s.b, left, right);
  s.b.json()["materials"][0]["extensions"]["KHR_materials_sheen"] = {
      {"sheenColorFactor", {1.0, 1.0, 1.0}},
      {"sheenRoughnessFactor", 0.5},
      {"sheenColorTexture",
       {{"index", texture}, {"extensions", {{"KHR_texture_transform", {{"offset", {0, 0}}}}}}}}};
  s.b.json()["extensionsUsed"].push_back("KHR_materials_sheen");
  s.b.json()["extensionsUsed"].push_back("KHR_texture_transform");
  animateFactor(s.b,
                "/materials/0/extensions/KHR_materials_sheen/sheenColorTexture/extensions/"
                "KHR_texture_transform/offset",
                {0.0f, 0.0f, 0.5f, 0.0f}, "VEC2");
  ASSERT_NO_FATAL_FAILURE(load(s.b));
  const Sample at = sampleAt(q * glm::vec3(-0.5f, 0.1f, 0.0f), n);
  const glm::dvec3 base = baseRadiance(n, at.v, l);
  for (float t : {0.0f, 1.0f}) {
    const Pixels pixels = frame(t);
    const glm::ivec3 texel = t == 0.0f ? left : right;
    const glm::dvec3 color(srgbToLinear(texel.r), srgbToLinear(texel.g), srgbToLinear(texel.b));
    const glm::dvec3 expected = sheenOver(base, color, 0.5, n, at.v, l) * 2.0;
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.pixel.x, at.pixel.y), glm::vec3(expected), kTolerance))
        << "t " << t;
  }
  EXPECT_EQ(renderer_->lastUploadStats().bytes, 8u);
}

}  // namespace
}  // namespace vitrine::test
