// The ground under the asset (issue 24; renderer View::Ground, shaders/background.frag
// VITRINE_GROUND): a square caster 1 above the plane y = 0 under a directional light, the
// background a solid colour. Where the caster's shadow falls the background shows darkened by
// the ground's shadow strength (0.75: what stays is 0.25 of it, computed from that constant and
// the clear colour), elsewhere on the ground and off it the background as it is; with the
// ground off, or without shadows, nothing changes; over a transparent background the shadow is
// black of alpha 0.75 (thumbnails).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "environment_image.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

const glm::vec3 kClear(0.6f, 0.5f, 0.4f);  // linear
constexpr float kShadowStrength = 0.75f;   // background.frag kGroundShadow

struct GroundScene {
  scene::Scene s;
  scene::EnvironmentImage studio = scene::studioEnvironment();
};

// A 1x1 horizontal square (facing +y) centred 1 above the origin, and a directional light
// shining along (1, -1, 0): its shadow is the square [0.5, 1.5] x [-0.5, 0.5] of the ground.
void build(GroundScene& g) {
  addHorizontalQuad(g.s, addMaterial(g.s, makePbrMaterial({0.8f, 0.8f, 0.8f}, 0, 1)),
                    glm::vec3(0.0f, 1.0f, 0.0f), 0.5f);
  scene::Light sun;
  sun.type = scene::Light::Type::Directional;
  sun.intensity = 2.0f;
  addLightNode(g.s, sun, glm::vec3(0.0f, 3.0f, 0.0f),
               shineAlong(glm::normalize(glm::vec3(1.0f, -1.0f, 0.0f))));
  finish(g.s);
}

View groundView(bool ground, bool shadows) {
  View view = orbitView(glm::vec3(0.0f, 4.0f, 3.0f), glm::vec3(0.5f, 0.0f, 0.0f), kSize, kSize);
  view.background = renderer::Background::Color;
  view.clearColor = glm::vec4(kClear, 1.0f);
  view.shadows = shadows;
  view.ground.enabled = ground;
  view.ground.height = 0.0f;
  view.ground.center = glm::vec2(0.0f);
  view.ground.radius = 4.0f;
  return view;
}

// Ground points: in the caster's shadow, in the light (both within half the radius, where the
// ground is not faded), and far off the disc's edge seen through the background.
const glm::vec3 kShadowed(1.0f, 0.0f, 0.0f);
const glm::vec3 kLit(-1.2f, 0.0f, 0.6f);

glm::u8vec4 at(const Pixels& pixels, const View& view, const glm::vec3& p) {
  const glm::ivec2 pixel = project(view, p, kSize, kSize);
  return pixelAt(pixels, pixel.x, pixel.y);
}

TEST_F(RendererTest, GroundShowsTheShadowOfTheLightsOverTheBackground) {
  GroundScene g;
  build(g);
  renderer_->setEnvironment(&g.studio);
  ASSERT_TRUE(renderer_->setScene(g.s, 0).shown);
  const View view = groundView(true, true);
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(at(pixels, view, kShadowed), kClear * (1.0f - kShadowStrength)));
  EXPECT_TRUE(colorNear(at(pixels, view, kLit), kClear));
  // Off the ground (the disc's radius is 4, this point 6 away): the background.
  EXPECT_TRUE(colorNear(at(pixels, view, glm::vec3(-6.0f, 0.0f, -1.0f)), kClear));

  // Without the ground, or without shadows (the ground shows nothing else), the background.
  for (const auto& [ground, shadows] : {std::pair{false, true}, std::pair{true, false}}) {
    SCOPED_TRACE(std::string("ground ") + (ground ? "on" : "off") + ", shadows " +
                 (shadows ? "on" : "off"));
    const View other = groundView(ground, shadows);
    const Pixels p = renderer_->renderOffscreen(other, kSize, kSize);
    EXPECT_TRUE(colorNear(at(p, other, kShadowed), kClear));
  }
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

// The ground fades out over the outer half of its disc: a shadow there is lighter, and none at
// the edge.
TEST_F(RendererTest, GroundFadesTowardsItsEdge) {
  GroundScene g;
  build(g);
  renderer_->setEnvironment(&g.studio);
  ASSERT_TRUE(renderer_->setScene(g.s, 0).shown);
  View view = groundView(true, true);
  // A disc of radius 1.6 around (-0.3, 0): the shadow's point (1, 0) lies 1.3 from its centre,
  // between half the radius and the edge: smoothstep(0.8, 1.6, 1.3) = 0.6328 of the way out.
  view.ground.radius = 1.6f;
  view.ground.center = glm::vec2(-0.3f, 0.0f);
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  const float x = (1.3f - 0.8f) / 0.8f;
  const float fade = 1.0f - x * x * (3.0f - 2.0f * x);
  EXPECT_TRUE(colorNear(at(pixels, view, kShadowed), kClear * (1.0f - kShadowStrength * fade)));
}

// Over a transparent clear colour (a thumbnail's) the shadow is black of alpha 0.75, the rest
// stays transparent.
TEST_F(RendererTest, GroundShadowOverATransparentBackgroundIsBlackWithAlpha) {
  GroundScene g;
  build(g);
  renderer_->setEnvironment(&g.studio);
  ASSERT_TRUE(renderer_->setScene(g.s, 0).shown);
  View view = groundView(true, true);
  view.clearColor = glm::vec4(0.0f);
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  const glm::u8vec4 shadow = at(pixels, view, kShadowed);
  EXPECT_EQ(glm::ivec3(shadow), glm::ivec3(0));
  EXPECT_NEAR(int(shadow.a), int(std::lround(255.0f * kShadowStrength)), 1);
  EXPECT_EQ(at(pixels, view, kLit), glm::u8vec4(0));
}

// The contact shadow (View::Ground::contactHeight, background.frag contactOcclusion): no
// lights, a 4x4 plate lying flat at some height over the ground, the contact height 1. Under
// the plate's middle (every tap of every level's ring, at most the contact height away, under
// it) the ground is darkened by kContactShadow times the share of the four reference heights
// (1/8, 1/4, 1/2 and 1 of the contact height) above the plate: all four for a plate at 0.1,
// two at 0.4, one at 0.6, none above the contact height.
constexpr float kContactStrength = 0.7f;  // background.frag kContactShadow

View contactView(float contactHeight) {
  // From above, through the plate (which faces down: single-sided, it is culled from above,
  // and the shadow pass draws both sides).
  View view = orbitView(glm::vec3(0.0f, 3.0f, 2.5f), glm::vec3(0.0f), kSize, kSize);
  view.background = renderer::Background::Color;
  view.clearColor = glm::vec4(kClear, 1.0f);
  view.ground.enabled = true;
  view.ground.radius = 4.0f;
  view.ground.contactHeight = contactHeight;
  return view;
}

// A square plate of half-size `half` lying flat at `height`, facing up, or down (then unseen
// from above).
scene::Scene plateAt(float height, float half = 1.0f, bool facingDown = true) {
  scene::Scene s;
  addHorizontalQuad(s, addMaterial(s, makePbrMaterial({0.8f, 0.8f, 0.8f}, 0, 1)),
                    glm::vec3(0.0f, height, 0.0f), half, facingDown);
  finish(s);
  return s;
}

TEST_F(RendererTest, ContactShadowDarkensTheGroundByHowCloseWhatIsAboveIs) {
  const scene::EnvironmentImage studio = scene::studioEnvironment();
  renderer_->setEnvironment(&studio);
  const View view = contactView(1.0f);
  const glm::vec3 under(0.0f);
  struct Case {
    float height;
    float levelsAbove;  // of the four reference heights, those above the plate
  };
  for (const Case c : {Case{0.1f, 4.0f}, Case{0.4f, 2.0f}, Case{0.6f, 1.0f}, Case{1.3f, 0.0f}}) {
    SCOPED_TRACE("plate at " + std::to_string(c.height));
    const scene::Scene s = plateAt(c.height, 2.0f);
    ASSERT_TRUE(renderer_->setScene(s, 0).shown);
    const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_EQ(renderer_->lastDrawStats().contactShadows, 1u);
    EXPECT_TRUE(colorNear(at(pixels, view, under),
                          kClear * (1.0f - kContactStrength * c.levelsAbove / 4.0f)));
    // Off the disc: the background.
    EXPECT_TRUE(colorNear(at(pixels, view, glm::vec3(-3.0f, 0.0f, -3.5f)), kClear));
  }
  // No contact height: no contact shadow, nothing drawn (no light either).
  const View none = contactView(0.0f);
  const Pixels pixels = renderer_->renderOffscreen(none, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().contactShadows, 0u);
  EXPECT_TRUE(colorNear(at(pixels, none, under), kClear));
  EXPECT_EQ(renderer_->validationMessageCount(), 0u);
}

// Beside a plate lying on the ground the contact shadow fades with the distance from its edge
// (the wider rings reach further), and is gone beyond the widest ring's reach (the contact
// height, and its map's bilinear taps).
TEST_F(RendererTest, ContactShadowIsSoftAroundWhatTouchesTheGround) {
  const scene::EnvironmentImage studio = scene::studioEnvironment();
  renderer_->setEnvironment(&studio);
  const scene::Scene s = plateAt(0.02f, 0.5f, false);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  View view = orbitView(glm::vec3(0.0f, 3.0f, 2.0f), glm::vec3(0.6f, 0.0f, 0.0f), kSize, kSize);
  view.background = renderer::Background::Color;
  view.clearColor = glm::vec4(kClear, 1.0f);
  view.ground.enabled = true;
  view.ground.radius = 4.0f;
  view.ground.contactHeight = 1.0f;
  const Pixels pixels = renderer_->renderOffscreen(view, kSize, kSize);
  // The plate's edge is x = 0.5; ground points beyond it along +x.
  const float clear = kClear.g;
  auto darkness = [&](float x) {
    const glm::u8vec4 c = at(pixels, view, glm::vec3(x, 0.0f, 0.0f));
    return srgbByte(clear) - float(c.g);
  };
  const float near = darkness(0.55f), middle = darkness(0.8f), far = darkness(2.0f);
  EXPECT_GT(near, middle + 5.0f);
  EXPECT_GT(middle, 2.0f);
  EXPECT_NEAR(far, 0.0f, 1.0f);
}

// The contact shadow grounds what rests on the ground (issue 32): a unit box on it under the
// studio environment, no light, seen from straight above (a long lens, so that its top hides
// no ground around its base), the ground as the window places it for that box (radius the
// bounds' diagonal, contact height 0.2 of it). The ground right beside the base is darkened
// clearly, less further out, not at all a contact height away; lifted by 0.15 the box leaves
// its surroundings lighter; nowhere is the ground darker than 1 - kContactShadow.
class ContactShadowTest : public RendererTest {
 protected:
  static constexpr uint32_t kTop = 120;         // the 120 x 120 top view
  static constexpr float kRadius = 1.7320508f;  // the unit box's diagonal
  static constexpr float kContact = 0.2f * kRadius;

  // The ground's multiplier (linear: the pixel over the clear colour, green) along +x from the
  // box's side at `gaps` distances beyond its edge (x = 0.5), for a box lifted by `lift`.
  std::vector<float> multipliers(float lift, const std::vector<float>& beyond, float* darkest) {
    const scene::EnvironmentImage studio = scene::studioEnvironment();
    renderer_->setEnvironment(&studio);
    scene::Scene s;
    addMeshNode(s, cubePrimitive(addMaterial(s, makePbrMaterial(glm::vec3(0.5f), 0.0f, 0.5f))),
                glm::vec3(0.0f, 0.5f + lift, 0.0f));
    finish(s);
    EXPECT_TRUE(renderer_->setScene(s, 0).shown);
    View view;
    view.eye = glm::vec3(0.0f, 40.0f, 0.0f);
    view.view = glm::lookAt(view.eye, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, -1.0f));
    // 4 units across the view at the ground: 1/30 of a unit a pixel.
    view.projection = glm::perspective(2.0f * std::atan(2.0f / 40.0f), 1.0f, 1.0f, 100.0f);
    view.tonemap = renderer::Tonemap::None;
    view.background = renderer::Background::Color;
    view.clearColor = glm::vec4(kClear, 1.0f);
    view.ground.enabled = true;
    view.ground.radius = kRadius;
    view.ground.contactHeight = kContact;
    const Pixels pixels = renderer_->renderOffscreen(view, kTop, kTop);
    EXPECT_EQ(renderer_->lastDrawStats().contactShadows, 1u);
    EXPECT_EQ(renderer_->validationMessageCount(), 0u);
    const auto multiplier = [&](glm::u8vec4 c) { return float(srgbToLinear(c.g)) / kClear.g; };
    std::vector<float> out;
    for (const float d : beyond) {
      const glm::ivec2 p = project(view, glm::vec3(0.5f + d, 0.0f, 0.0f), kTop, kTop);
      out.push_back(multiplier(pixelAt(pixels, p.x, p.y)));
    }
    // Every ground pixel the box does not cover, within half the disc (not faded).
    *darkest = 1.0f;
    for (uint32_t y = 0; y < kTop; ++y) {
      for (uint32_t x = 0; x < kTop; ++x) {
        const glm::vec3 q = surfacePoint(view, {int(x), int(y)}, kTop, kTop, glm::vec3(0.0f),
                                         glm::vec3(0.0f, 1.0f, 0.0f));
        const float top = 0.5f * 40.0f / (40.0f - 1.0f - lift) + 1.0f / 30.0f;  // the top's shadow
        if (std::max(std::abs(q.x), std::abs(q.z)) <= top || glm::length(q) > 0.5f * kRadius)
          continue;
        *darkest = std::min(*darkest, multiplier(pixelAt(pixels, int(x), int(y))));
      }
    }
    return out;
  }
};

TEST_F(ContactShadowTest, GroundsABoxRestingOnTheGroundAndLightensUnderAGap) {
  // 2 pixels beside the base (past the top's edge), then further out; 25 pixels out.
  const std::vector<float> beyond = {0.09f, 0.15f, 0.25f, 25.0f / 30.0f};
  float darkestResting = 1.0f, darkestLifted = 1.0f;
  const std::vector<float> resting = multipliers(0.0f, beyond, &darkestResting);
  const std::vector<float> lifted = multipliers(0.15f, beyond, &darkestLifted);
  SCOPED_TRACE("resting " + std::to_string(resting[0]) + " " + std::to_string(resting[1]) + " " +
               std::to_string(resting[2]) + " " + std::to_string(resting[3]) + ", lifted " +
               std::to_string(lifted[0]) + " " + std::to_string(lifted[1]));
  EXPECT_LT(resting[0], 0.88f);       // clearly darker beside the base
  EXPECT_LT(resting[0], resting[1]);  // fading with the distance
  EXPECT_LT(resting[1], resting[2]);
  EXPECT_GT(resting[3], 0.99f);              // nothing a contact height away
  EXPECT_GT(lifted[0], resting[0] + 0.03f);  // the gap is lighter
  EXPECT_GE(darkestResting, 1.0f - kContactStrength - 0.01f);
  EXPECT_GE(darkestLifted, 1.0f - kContactStrength - 0.01f);
}

}  // namespace
}  // namespace vitrine::test
