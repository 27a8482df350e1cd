// The ground under the asset (issue 24; renderer View::Ground, shaders/background.frag
// VITRINE_GROUND): a square caster 1 above the plane y = 0 under a directional light, the
// background a solid colour. Where the caster's shadow falls the background shows darkened by
// the ground's shadow strength (0.75: what stays is 0.25 of it, computed from that constant and
// the clear colour), elsewhere on the ground and off it the background as it is; with the
// ground off, or without shadows, nothing changes; over a transparent background the shadow is
// black of alpha 0.75 (thumbnails).
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
// lights, a 2x2 plate lying flat at some height over the ground, the contact height 1. Under
// the plate's middle (every tap of every level under it) the ground is darkened by
// kContactShadow times the share of the four reference heights (1/8, 1/4, 1/2 and 1 of the
// contact height) above the plate: all four for a plate at 0.1, two at 0.4, one at 0.6, none
// above the contact height.
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
    const scene::Scene s = plateAt(c.height);
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
// (the wider levels reach further), and is gone beyond the widest filter's reach (about 0.6 of
// the contact height).
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
  const float near = darkness(0.55f), middle = darkness(0.8f), far = darkness(1.5f);
  EXPECT_GT(near, middle + 5.0f);
  EXPECT_GT(middle, 2.0f);
  EXPECT_NEAR(far, 0.0f, 1.0f);
}

}  // namespace
}  // namespace vitrine::test
