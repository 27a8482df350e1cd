// The environment key light's shadow (issue 24; View::environmentShadow, shaders/shadows.glsl
// environmentShadow): an environment of grey 0.5 with a disc of radiance 30 and radius 8
// degrees (its key, scene/environment_key.h), a 1x1 plate 1 above the ground. Under the plate
// the image-based light loses the key's share of the irradiance: the key's irradiance facing it
// (EnvironmentKey::irradiance) times its cosine over the environment's SH irradiance there
// (computed on the CPU by env_test_util's projection). On a mesh ground the pixel is the
// unshadowed one times 1 - share; on the ground of View::Ground the background times
// 1 - 0.75 share (background.frag kGroundShadow); where the key reaches, nothing changes.
#include <glm/gtc/quaternion.hpp>

#include "env_test_util.h"
#include "environment_key.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

const glm::vec3 kClear(0.6f, 0.5f, 0.4f);  // linear
constexpr float kShadowStrength = 0.75f;   // background.frag kGroundShadow
constexpr float kDiscCos = 0.990268f;      // cos 8 degrees

// Grey 0.5 with the disc around `key` (the environment's frame).
scene::EnvironmentImage keyedEnvironment(const glm::vec3& key) {
  const glm::vec3 k = glm::normalize(key);
  return makeEnvironment(256, 128, [k](const glm::vec3& d) {
    return glm::vec3(glm::dot(d, k) >= kDiscCos ? 30.0f : 0.5f);
  });
}

float luminance(const glm::vec3& c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

// The key's share of the irradiance on the upward ground, `l` the world direction to the key
// and `up` the upward normal in the environment's frame.
float keyShareUp(const scene::EnvironmentImage& env, const glm::vec3& l) {
  const scene::EnvironmentKey key = scene::findEnvironmentKey(env);
  EXPECT_TRUE(key.found);
  const std::vector<glm::vec3> sh = projectIrradiance(env);
  float basis[9];
  shBasis(glm::vec3(0, 1, 0), basis);
  float e = 0.0f;
  for (int k = 0; k < 9; ++k) e += luminance(sh[size_t(k)]) * basis[k];
  return key.irradiance * std::max(l.y, 0.0f) / e;
}

// A horizontal square (facing +y) of half-size `half` at `center`.
int addPlate(scene::Scene& s, const glm::vec3& center, float half) {
  return addHorizontalQuad(s, addMaterial(s, makePbrMaterial({0.5f, 0.5f, 0.5f}, 0, 1)), center,
                           half);
}

// Low, looking under the plate at the ground.
View lowView(bool keyShadow) {
  View view = orbitView(glm::vec3(0.0f, 0.4f, 4.0f), glm::vec3(0.0f, 0.0f, 0.25f), kSize, kSize);
  view.environmentShadow = keyShadow;
  return view;
}

glm::vec3 linearAt(const Pixels& pixels, const View& view, const glm::vec3& p) {
  const glm::ivec2 at = project(view, p, kSize, kSize);
  const glm::u8vec4 c = pixelAt(pixels, at.x, at.y);
  return glm::vec3(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b));
}

TEST_F(RendererTest, EnvironmentKeyShadowTakesTheKeysShareFromTheImageBasedLight) {
  scene::Scene s;
  addPlate(s, glm::vec3(0.0f), 3.0f);        // the ground, a mesh
  addPlate(s, glm::vec3(0, 1.0f, 0), 0.5f);  // the caster
  finish(s);
  const scene::EnvironmentImage env = keyedEnvironment({0, 1, 0});
  renderer_->setEnvironment(&env);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const View off = lowView(false), on = lowView(true);
  const Pixels lit = renderer_->renderOffscreen(off, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().keyShadows, 0u);
  const Pixels shadowed = renderer_->renderOffscreen(on, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().keyShadows, 1u);
  const float share = keyShareUp(env, {0, 1, 0});
  ASSERT_GT(share, 0.4f);  // most of the light comes from the disc
  // Under the plate's centre: the key hidden.
  const glm::vec3 under(0.0f, 0.0f, 0.0f);
  const float before = linearAt(lit, off, under).g, after = linearAt(shadowed, on, under).g;
  ASSERT_GT(before, 0.2f);
  EXPECT_NEAR(after / before, 1.0f - share, 0.02f);
  // Away from the shadow the key reaches: unchanged.
  const glm::vec3 away(1.8f, 0.0f, 1.0f);
  EXPECT_NEAR(linearAt(shadowed, on, away).g, linearAt(lit, off, away).g, 0.004f);
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

// The ground (View::Ground) darkens the background by the key's share, where the rotated
// environment puts the key: the disc towards (1, 2, 0) in the environment's frame, turned by
// 90 degrees about +y, lies towards (0, 2, -1) in the world, so the plate's shadow is the
// square [-0.5, 0.5] x [0, 1] of the ground.
TEST_F(RendererTest, EnvironmentKeyShadowFallsOnTheGroundWhereTheRotatedKeyCastsIt) {
  scene::Scene s;
  addPlate(s, glm::vec3(0, 1.0f, 0), 0.5f);
  finish(s);
  const scene::EnvironmentImage env = keyedEnvironment({1, 2, 0});
  renderer_->setEnvironment(&env);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  View view = lowView(true);
  view.environmentRotation = glm::half_pi<float>();
  view.background = renderer::Background::Color;
  view.clearColor = glm::vec4(kClear, 1.0f);
  view.ground.enabled = true;
  view.ground.radius = 4.0f;
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  const float share = keyShareUp(env, glm::normalize(glm::vec3(0, 2, -1)));
  const glm::ivec2 inShadow = project(view, glm::vec3(0.0f, 0.0f, 0.5f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(pixels, inShadow.x, inShadow.y),
                        kClear * (1.0f - kShadowStrength * share)));
  // Where the unrotated key would have cast it: lit.
  const glm::ivec2 other = project(view, glm::vec3(0.0f, 0.0f, -0.6f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(pixels, other.x, other.y), kClear));
  // Off: the background.
  view.environmentShadow = false;
  const Pixels none = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(none, inShadow.x, inShadow.y), kClear));
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

// An environment without a key (uniform grey) casts nothing, and no map is rendered for it.
TEST_F(RendererTest, EnvironmentWithoutAKeyCastsNoShadow) {
  scene::Scene s;
  addPlate(s, glm::vec3(0.0f), 3.0f);
  addPlate(s, glm::vec3(0, 1.0f, 0), 0.5f);
  finish(s);
  const scene::EnvironmentImage env =
      makeEnvironment(256, 128, [](const glm::vec3&) { return glm::vec3(0.5f); });
  renderer_->setEnvironment(&env);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const Pixels a = renderer_->renderOffscreen(lowView(false), kSize, kSize);
  const Pixels b = renderer_->renderOffscreen(lowView(true), kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().keyShadows, 0u);
  EXPECT_EQ(renderer_->lastDrawStats().shadowMapRenders, 0u);
  EXPECT_EQ(a.rgba, b.rgba);
}

}  // namespace
}  // namespace vitrine::test
