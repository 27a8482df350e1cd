// Per-frame uploads (issue 4): generated assets animated through KHR_animation_pointer and
// core node channels, bound with anim::bindAnimations, then evaluated, applied and rendered
// frame after frame in one renderer. Each frame checks the rendered pixels against the
// animated values and lastUploadStats() against the bytes that changed.
#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addTimes;
using anim::test::bindAsset;
using anim::test::Bound;
using anim::test::coreChannel;
using anim::test::pointerChannel;
using anim::test::sampler;
using nlohmann::json;

constexpr uint64_t kNodeBytes = sizeof(gpu::NodeData);
constexpr uint64_t kLightBytes = sizeof(gpu::LightData);

// Materials shown as their base colour (KHR_materials_unlit), so that a pixel is the factor
// whatever the shading model does with lights.
void makeUnlit(AssetBuilder& b) {
  for (json& m : b.json()["materials"]) m["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"].push_back("KHR_materials_unlit");
}

// The view of every test: the XY plane from +Z, colours written as they are.
View frontView(float eyeZ, float eyeY = 0.0f) {
  View v = orbitView(glm::vec3(0, eyeY, eyeZ), glm::vec3(0, eyeY, 0), kSize, kSize);
  v.tonemap = renderer::Tonemap::None;
  return v;
}

glm::u8vec4 pixelOf(const Pixels& p, const View& view, const glm::vec3& world) {
  const glm::ivec2 at = project(view, world, kSize, kSize);
  return pixelAt(p, at.x, at.y);
}

::testing::AssertionResult statsAre(const renderer::UploadStats& s, uint64_t bytes,
                                    uint32_t ranges) {
  if (s.bytes == bytes && s.ranges == ranges) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << s.bytes << " bytes in " << s.ranges << " ranges uploaded, expected " << bytes << " in "
         << ranges;
}

class UploadTest : public RendererTest {
 protected:
  // The copies' barriers are what these tests are about: the validation layer checks them
  // too (synchronization validation; read when the instance is created).
  void SetUp() override {
    setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 1);
    RendererTest::SetUp();
    unsetenv("VK_LAYER_ENABLES");
  }
  // Loads and binds `b`, then hands the scene to the renderer.
  void load(const AssetBuilder& b) {
    bound_ = bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.warnings, std::vector<std::string>{});
    renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
  }
  // One frame of the viewer's loop: animate, apply the changes, render.
  Pixels frame(float seconds, const View& view, const std::vector<bool>& enabled = {true}) {
    animate(seconds, enabled);
    return renderer_->renderOffscreen(view, kSize, kSize);
  }
  void animate(float seconds, const std::vector<bool>& enabled = {true}) {
    bound_.animations().evaluate(seconds, enabled, dirty_);  // coalesces
    renderer_->applyChanges(*bound_.scene, dirty_);
    dirty_.clear();
  }
  scene::Scene& scene() { return *bound_.scene; }

  Bound bound_;
  scene::DirtySet dirty_;
};

// Base colour keys of the animated material, LINEAR at t = 0, 1, 2.
const std::vector<glm::vec4> kColorKeys = {
    {0.8f, 0.1f, 0.1f, 1.0f}, {0.1f, 0.6f, 0.2f, 1.0f}, {0.2f, 0.3f, 0.9f, 1.0f}};

glm::vec3 colorAt(float t) {
  if (t <= 0.0f) return kColorKeys.front();
  if (t >= 2.0f) return kColorKeys.back();
  const int k = t < 1.0f ? 0 : 1;
  const float u = t - float(k);
  return glm::vec3((1.0f - u) * kColorKeys[k] + u * kColorKeys[k + 1]);
}

// Two unlit quads, left (material 0, animated) and right (material 1, still); 3 materials
// more that nothing uses, so that 16 bytes are a small part of the material array.
AssetBuilder animatedColorAsset() {
  AssetBuilder b;
  const int left = b.addMeshNode(b.addColoredQuad({0.5f, 0.5f, 0.5f, 1}), {-1.2f, 0, 0});
  const int right = b.addMeshNode(b.addColoredQuad({0.9f, 0.7f, 0.1f, 1}), {1.2f, 0, 0});
  for (int i = 0; i < 3; ++i) b.addColorMaterial({1, 1, 1, 1});
  b.addScene({left, right});
  makeUnlit(b);
  const int times = addTimes(b, {0.0f, 1.0f, 2.0f});
  std::vector<float> values;
  for (const glm::vec4& c : kColorKeys) values.insert(values.end(), {c.r, c.g, c.b, c.a});
  const int colors = b.addFloats(values, "VEC4");
  addAnimation(
      b, json::array({sampler(times, colors)}),
      json::array({pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor")}));
  return b;
}

TEST_F(UploadTest, AnimatedBaseColorRendersEachFrameAndUploadsOnlyItsSixteenBytes) {
  ASSERT_NO_FATAL_FAILURE(load(animatedColorAsset()));
  const View view = frontView(5.0f);
  const glm::vec3 left(-1.2f, 0, 0), right(1.2f, 0, 0), still(0.9f, 0.7f, 0.1f);

  Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelOf(p, view, left), glm::vec3(0.5f)));  // before any animation
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));

  // Forward, a repeated time, then backwards: every frame in the same renderer, two frames
  // in flight taking turns.
  float previous = -1.0f;
  for (float t : {0.0f, 0.25f, 0.5f, 1.0f, 1.0f, 1.5f, 2.0f, 0.75f, 0.1f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const glm::vec4 before = scene().materialData[0].baseColorFactor;
    p = frame(t, view);
    EXPECT_TRUE(colorNear(pixelOf(p, view, left), colorAt(t)));
    EXPECT_TRUE(colorNear(pixelOf(p, view, right), still));
    // The engine writes only changed values: the second t = 1 changes nothing.
    const bool changed = scene().materialData[0].baseColorFactor != before;
    EXPECT_EQ(changed, t != previous);
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), changed ? 16 : 0, changed ? 1 : 0));
    previous = t;
  }
  // Nothing applied: nothing sent, and the colour stays (in both frame slots).
  for (int i = 0; i < 2; ++i) {
    p = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_TRUE(colorNear(pixelOf(p, view, left), colorAt(0.1f)));
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
  }
  // 16 bytes of a material array of 6 entries (5 materials and the default) were sent.
  EXPECT_EQ(scene().materialData.size(), 6u);
}

TEST_F(UploadTest, ChangesAppliedBetweenTwoFramesAddUpAndTheLastValueWins) {
  ASSERT_NO_FATAL_FAILURE(load(animatedColorAsset()));
  const View view = frontView(5.0f);
  animate(0.5f);
  animate(1.5f);  // the same 16 bytes again
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelOf(p, view, glm::vec3(-1.2f, 0, 0)), colorAt(1.5f)));
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 16, 1));
}

TEST_F(UploadTest, AnEmptyChangeSetUploadsNothing) {
  ASSERT_NO_FATAL_FAILURE(load(animatedColorAsset()));
  renderer_->applyChanges(scene(), scene::DirtySet{});
  (void)renderer_->renderOffscreen(frontView(5.0f), kSize, kSize);
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
}

TEST_F(UploadTest, ReplacingTheSceneDropsChangesNotYetUploaded) {
  ASSERT_NO_FATAL_FAILURE(load(animatedColorAsset()));
  animate(1.0f);
  renderer_->setScene(scene(), scene().activeScene);  // reloaded from the changed values
  const View view = frontView(5.0f);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
  EXPECT_TRUE(colorNear(pixelOf(p, view, glm::vec3(-1.2f, 0, 0)), colorAt(1.0f)));
}

// Ten nodes: three unlit quads (0 red, 1 green, 2 blue), node 3 a child of node 2, six empty
// roots. Nodes 0 and 2 move up by `rise` over one second; node 3 moves with its parent.
AssetBuilder movingNodesAsset(float rise, int emptyRoots) {
  AssetBuilder b;
  const glm::vec3 at[3] = {{-2.5f, 0, 0}, {0, 0, 0}, {2.5f, 0, 0}};
  const glm::vec4 colors[3] = {{0.9f, 0.1f, 0.1f, 1}, {0.1f, 0.8f, 0.2f, 1}, {0.1f, 0.2f, 0.9f, 1}};
  std::vector<int> roots;
  for (int i = 0; i < 3; ++i) roots.push_back(b.addMeshNode(b.addColoredQuad(colors[i]), at[i]));
  const int child = b.addNode({{"translation", {0, 0, 1}}});
  b.json()["nodes"][roots[2]]["children"] = {child};
  for (int i = 0; i < emptyRoots; ++i) roots.push_back(b.addNode(json::object()));
  b.addScene(roots);
  makeUnlit(b);
  const int times = addTimes(b, {0.0f, 1.0f});
  const int left = b.addFloats({at[0].x, 0, 0, at[0].x, rise, 0}, "VEC3");
  const int right = b.addFloats({at[2].x, 0, 0, at[2].x, rise, 0}, "VEC3");
  addAnimation(b, json::array({sampler(times, left), sampler(times, right)}),
               json::array({coreChannel(0, roots[0], "translation"),
                            coreChannel(1, roots[2], "translation")}));
  return b;
}

TEST_F(UploadTest, MovedNodesUploadTheirNodeDataOnly) {
  ASSERT_NO_FATAL_FAILURE(load(movingNodesAsset(1.5f, 6)));
  ASSERT_EQ(scene().nodes.size(), 10u);
  const View view = frontView(9.0f, 0.75f);
  const glm::vec3 red(0.9f, 0.1f, 0.1f), green(0.1f, 0.8f, 0.2f), blue(0.1f, 0.2f, 0.9f);

  Pixels p = frame(0.0f, view);  // the keys start where the nodes are: nothing changes
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {-2.5f, -0.6f, 0}), red));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {2.5f, -0.6f, 0}), blue));

  for (float t : {0.5f, 1.0f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    p = frame(t, view);
    // Nodes 0, 2 and 3 (2's child): 128 bytes each, as two ranges (node 0; nodes 2-3).
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 3 * kNodeBytes, 2));
    const float y = 1.5f * t;
    EXPECT_TRUE(colorNear(pixelOf(p, view, {-2.5f, y + 0.5f, 0}), red));
    EXPECT_TRUE(colorNear(pixelOf(p, view, {2.5f, y + 0.5f, 0}), blue));
    EXPECT_TRUE(colorNear(pixelOf(p, view, {0, -0.6f, 0}), green));  // node 1 stays
  }
  // Moved away: where the quads' bottoms were is background now.
  EXPECT_TRUE(colorNear(pixelOf(p, view, {-2.5f, -0.6f, 0}), background()));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {2.5f, -0.6f, 0}), background()));
  p = frame(1.0f, view);
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
}

TEST_F(UploadTest, MostOfABufferDirtyBecomesOneWholeCopy) {
  // Four nodes, three of them moving: 384 of 512 bytes, more than half.
  ASSERT_NO_FATAL_FAILURE(load(movingNodesAsset(1.5f, 0)));
  const View view = frontView(9.0f, 0.75f);
  Pixels p = frame(1.0f, view);
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 4 * kNodeBytes, 1));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {-2.5f, 2.0f, 0}), glm::vec3(0.9f, 0.1f, 0.1f)));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {0, -0.6f, 0}), glm::vec3(0.1f, 0.8f, 0.2f)));
  EXPECT_TRUE(colorNear(pixelOf(p, view, {2.5f, 2.0f, 0}), glm::vec3(0.1f, 0.2f, 0.9f)));
}

TEST_F(UploadTest, UpdateTransformsSendsEveryNode) {
  ASSERT_NO_FATAL_FAILURE(load(movingNodesAsset(1.5f, 6)));
  renderer_->updateTransforms(scene());
  (void)renderer_->renderOffscreen(frontView(9.0f), kSize, kSize);
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 10 * kNodeBytes, 1));
}

// An unlit quad, and three light instances (KHR_lights_punctual): light 0 on nodes 1 and 3,
// light 1 on node 2. Clip 0 animates light 1's intensity; clip 1 moves node 1.
AssetBuilder animatedLightsAsset() {
  AssetBuilder b;
  const int quad = b.addMeshNode(b.addColoredQuad({0.3f, 0.6f, 0.9f, 1}));
  json lights = json::array();
  lights.push_back({{"type", "point"}, {"intensity", 5.0}});
  lights.push_back({{"type", "spot"}, {"color", {1.0, 0.5, 0.2}}, {"intensity", 2.0}});
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] = lights;
  b.json()["extensionsUsed"] = json::array({"KHR_lights_punctual"});
  const int first = b.addNode(
      {{"translation", {0, 2, 2}}, {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  const int second = b.addNode(
      {{"translation", {0, -2, 2}}, {"extensions", {{"KHR_lights_punctual", {{"light", 1}}}}}});
  const int third = b.addNode(
      {{"translation", {0, 0, 3}}, {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  b.addScene({quad, first, second, third});
  makeUnlit(b);
  const int times = addTimes(b, {0.0f, 1.0f});
  const int intensity = b.addFloats({2.0f, 8.0f}, "SCALAR");
  const int move = b.addFloats({0, 2, 2, 1, 2, 2}, "VEC3");
  addAnimation(
      b, json::array({sampler(times, intensity)}),
      json::array({pointerChannel(0, "/extensions/KHR_lights_punctual/lights/1/intensity")}));
  addAnimation(b, json::array({sampler(times, move)}),
               json::array({coreChannel(0, first, "translation")}));
  return b;
}

TEST_F(UploadTest, AnimatedLightUploadsItsLightDataOnly) {
  ASSERT_NO_FATAL_FAILURE(load(animatedLightsAsset()));
  ASSERT_EQ(scene().lights.size(), 2u);
  const View view = frontView(5.0f);
  for (float t : {0.25f, 0.5f, 1.0f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    const Pixels p = frame(t, view, {true, false});
    EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), kLightBytes, 1));
    EXPECT_TRUE(colorNear(pixelOf(p, view, glm::vec3(0.0f)), glm::vec3(0.3f, 0.6f, 0.9f)));
  }
  // Moving a light's node: its NodeData and its instance's LightData (new position), not the
  // other instance of the same light.
  (void)frame(0.5f, view, {false, true});
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), kNodeBytes + kLightBytes, 2));
  (void)frame(0.5f, view, {false, true});
  EXPECT_TRUE(statsAre(renderer_->lastUploadStats(), 0, 0));
}

}  // namespace
}  // namespace vitrine::test
