// Renderer faults (issue 14): device limits checked by setScene (refused or degraded with a
// message, the previous scene kept), NaN kept from sort keys and buffers, device loss and
// out-of-memory reported instead of aborting. Limits are lowered and faults injected through
// renderer::Options' test hooks; the validation layer must stay silent throughout.
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "pipelines.h"
#include "pass_scene.h"
#include "render_fixture.h"
#include "scene_gpu.h"
#include "scene_mirrors.h"
#include "shared_types.h"

namespace vitrine::test {
namespace {

// A fresh validated renderer built from options_ (hooks set by the test first, then start()),
// checked for validation messages on teardown by RendererTest.
class FaultTest : public RendererTest {
 protected:
  void SetUp() override {}
  void start() { startRenderer(options_); }
  renderer::Options options_;
};

const View kView = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);

// `count` unlit quads of `color` side by side, the first at `at`.
scene::Scene quads(const glm::vec3& color, const glm::vec3& at, int count = 1) {
  scene::Scene s;
  const int material = addMaterial(s, makeUnlitMaterial(glm::vec4(color, 1.0f)));
  for (int i = 0; i < count; ++i)
    addMeshNode(s, quadPrimitive(material), at + glm::vec3(0.0f, 0.0f, -10.0f * float(i)));
  finish(s);
  return s;
}

TEST_F(FaultTest, ImageBeyondMaxImageDimensionIsDownscaledWithAWarning) {
  options_.adjustLimits = [](renderer::DeviceLimits& l) { l.limits.maxImageDimension2D = 8; };
  start();
  // 32x16: the left half red, the right half blue; box-downscaled by 4 to 8x4.
  scene::Scene s;
  scene::Image image{"big", 32, 16, std::vector<uint8_t>(32 * 16 * 4, 255)};
  for (uint32_t y = 0; y < 16; ++y)
    for (uint32_t x = 0; x < 32; ++x) {
      uint8_t* p = &image.rgba8[(y * 32 + x) * 4];
      p[0] = x < 16 ? 255 : 0;
      p[1] = 0;
      p[2] = x < 16 ? 0 : 255;
    }
  s.images.push_back(image);
  s.textures.push_back({0, -1});
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  m.material.textures[gpu::kSlotBaseColor] = 0;
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  finish(s);

  const renderer::SceneResult r = renderer_->setScene(s, 0);
  EXPECT_TRUE(r.shown);
  EXPECT_EQ(r.error, "");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0],
            "image 0 (32x16) is larger than the device's maxImageDimension2D (8): downscaled to "
            "8x4");
  const Pixels p = renderer_->renderOffscreen(kView, kSize, kSize);
  const glm::ivec2 left = project(kView, glm::vec3(-0.6f, 0, 0), kSize, kSize);
  const glm::ivec2 right = project(kView, glm::vec3(0.6f, 0, 0), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), glm::vec3(1, 0, 0), 4.0f));
  EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), glm::vec3(0, 0, 1), 4.0f));
}

TEST_F(FaultTest, StorageBufferBeyondRangeIsRefusedAndThePreviousSceneStays) {
  // Room for two materials and a few nodes, not for 16 nodes.
  const uint32_t range =
      uint32_t(std::max(4 * sizeof(gpu::NodeData), 2 * sizeof(gpu::MaterialExtensionData)));
  ASSERT_LE(2 * sizeof(gpu::MaterialData), range);
  ASSERT_LT(range, 16 * sizeof(gpu::NodeData));
  options_.adjustLimits = [=](renderer::DeviceLimits& l) {
    l.limits.maxStorageBufferRange = range;
  };
  start();
  const glm::vec3 red(0.9f, 0.1f, 0.1f), green(0.1f, 0.8f, 0.2f);
  ASSERT_TRUE(renderer_->setScene(quads(red, glm::vec3(0.0f)), 0).shown);
  const renderer::SceneResult r = renderer_->setScene(quads(green, glm::vec3(0.0f), 16), 0);
  EXPECT_FALSE(r.shown);
  EXPECT_EQ(r.error, "the scene's node data needs " + std::to_string(16 * sizeof(gpu::NodeData)) +
                         " bytes, more than the device's maxStorageBufferRange (" +
                         std::to_string(range) + " bytes)");
  EXPECT_EQ(renderer_->sceneUploadCount(), 1u);
  const Pixels p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), red, 4.0f));
}

TEST_F(FaultTest, BufferBeyondMaxMemoryAllocationSizeIsRefused) {
  options_.adjustLimits = [](renderer::DeviceLimits& l) { l.maxMemoryAllocationSize = 64; };
  start();
  const renderer::SceneResult r = renderer_->setScene(quads(glm::vec3(1.0f), glm::vec3(0.0f)), 0);
  EXPECT_FALSE(r.shown);
  // 4 vertices of 6 streams: position and normal (12 bytes each), 2 texcoords (8), colour and
  // tangent (16): 72 bytes a vertex.
  EXPECT_EQ(r.error,
            "the scene's vertex data needs 288 bytes, more than the device's "
            "maxMemoryAllocationSize (64 bytes)");
  // No scene: the background only.
  const Pixels p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), background()));
}

TEST_F(FaultTest, OutOfDeviceMemoryInSetSceneKeepsThePreviousScene) {
  bool fail = false;
  options_.injectFault = [&fail](renderer::FaultPoint point) {
    return fail && point == renderer::FaultPoint::Allocate ? VK_ERROR_OUT_OF_DEVICE_MEMORY
                                                           : VK_SUCCESS;
  };
  start();
  const glm::vec3 red(0.9f, 0.1f, 0.1f), green(0.1f, 0.8f, 0.2f);
  ASSERT_TRUE(renderer_->setScene(quads(red, glm::vec3(0.0f)), 0).shown);
  fail = true;
  const renderer::SceneResult r = renderer_->setScene(quads(green, glm::vec3(0.0f)), 0);
  fail = false;
  EXPECT_FALSE(r.shown);
  EXPECT_EQ(r.error.rfind("the scene could not be uploaded: ", 0), 0u) << r.error;
  EXPECT_NE(r.error.find("failed: VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)"), std::string::npos)
      << r.error;
  Pixels p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), red, 4.0f));
  // Recoverable: the next scene uploads.
  EXPECT_TRUE(renderer_->setScene(quads(green, glm::vec3(0.0f)), 0).shown);
  p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), green, 4.0f));
}

// Outside setScene: the offscreen targets of a new frame size cannot be allocated. Reported
// by the frame, never an abort; as after a device loss nothing more is drawn (renderer.h: the
// caller exits), and the teardown is clean (the fixture fails on any validation message).
TEST_F(FaultTest, OutOfDeviceMemoryForNewFrameTargetsIsReported) {
  bool fail = false;
  options_.injectFault = [&fail](renderer::FaultPoint point) {
    return fail && point == renderer::FaultPoint::Allocate ? VK_ERROR_OUT_OF_DEVICE_MEMORY
                                                           : VK_SUCCESS;
  };
  start();
  const glm::vec3 red(0.9f, 0.1f, 0.1f);
  ASSERT_TRUE(renderer_->setScene(quads(red, glm::vec3(0.0f)), 0).shown);
  ASSERT_FALSE(renderer_->renderOffscreen(kView, kSize, kSize).rgba.empty());
  fail = true;
  EXPECT_TRUE(renderer_->renderOffscreen(kView, 2 * kSize, 2 * kSize).rgba.empty());
  fail = false;
  const std::string error = renderer_->lastError();
  EXPECT_NE(error.find("VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)"), std::string::npos) << error;
  EXPECT_TRUE(renderer_->renderOffscreen(kView, 2 * kSize, 2 * kSize).rgba.empty());
  EXPECT_EQ(renderer_->lastError(), error);
  EXPECT_EQ(renderer_->setScene(quads(red, glm::vec3(0.0f)), 0).error,
            "the renderer stopped after an earlier error: " + error);
}

TEST_F(FaultTest, DeviceLostAtSubmitIsReportedAndNothingMoreIsRendered) {
  bool lose = false;
  options_.injectFault = [&lose](renderer::FaultPoint point) {
    return lose && point == renderer::FaultPoint::Submit ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
  };
  start();
  ASSERT_TRUE(renderer_->setScene(quads(glm::vec3(1.0f), glm::vec3(0.0f)), 0).shown);
  EXPECT_FALSE(renderer_->renderOffscreen(kView, kSize, kSize).rgba.empty());
  EXPECT_EQ(renderer_->lastError(), "");
  lose = true;
  EXPECT_TRUE(renderer_->renderOffscreen(kView, kSize, kSize).rgba.empty());
  const std::string error = renderer_->lastError();
  EXPECT_NE(error.find("vkQueueSubmit2 failed: VK_ERROR_DEVICE_LOST (-4)"), std::string::npos)
      << error;
  lose = false;
  EXPECT_TRUE(renderer_->renderOffscreen(kView, kSize, kSize).rgba.empty());
  const renderer::SceneResult r = renderer_->setScene(quads(glm::vec3(1.0f), glm::vec3(0.0f)), 0);
  EXPECT_FALSE(r.shown);
  EXPECT_EQ(r.error, "the renderer stopped after an earlier error: " + error);
}

TEST_F(FaultTest, NonFiniteWorldMatrixIsHiddenWithOneWarning) {
  start();
  const glm::vec3 red(0.9f, 0.1f, 0.1f), blue(0.1f, 0.2f, 0.9f);
  scene::Scene s;
  addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial(glm::vec4(red, 1.0f)))),
              glm::vec3(-1.2f, 0, 0));
  addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial(glm::vec4(blue, 1.0f)))),
              glm::vec3(1.2f, 0, 0));
  s.nodes[1].translation.x = std::numeric_limits<float>::quiet_NaN();
  finish(s);
  const renderer::SceneResult r = renderer_->setScene(s, 0);
  EXPECT_TRUE(r.shown);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], "node 1: world matrix not finite (NaN or infinity): hidden");
  const glm::ivec2 left = project(kView, glm::vec3(-1.2f, 0, 0), kSize, kSize);
  const glm::ivec2 right = project(kView, glm::vec3(1.2f, 0, 0), kSize, kSize);
  Pixels p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), red, 4.0f));
  EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), background()));
  // An infinity arriving later (animation output) is hidden too; a finite value shows it.
  s.nodes[1].translation = glm::vec3(std::numeric_limits<float>::infinity(), 0, 0);
  scene::updateWorldTransforms(s);
  renderer_->updateTransforms(s);
  p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), background()));
  s.nodes[1].translation = glm::vec3(1.2f, 0, 0);
  scene::updateWorldTransforms(s);
  renderer_->updateTransforms(s);
  p = renderer_->renderOffscreen(kView, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), blue, 4.0f));
}

// Three overlapping half-transparent quads, one of them at NaN: the blend order of the other
// two stays back to front, and every frame is the same.
TEST_F(FaultTest, NaNNodeInBlendedDrawsKeepsTheSortDeterministic) {
  start();
  scene::Scene s;
  const glm::vec3 red(0.9f, 0.1f, 0.1f), blue(0.1f, 0.2f, 0.9f), green(0.1f, 0.8f, 0.2f);
  for (const auto& [color, z] :
       {std::pair{red, -1.0f}, std::pair{green, 0.0f}, std::pair{blue, 0.5f}}) {
    TestMaterial m = makeUnlitMaterial(glm::vec4(color, 0.5f));
    m.material.alphaMode = scene::AlphaMode::Blend;
    m.data.alpha.x = float(gpu::kAlphaBlend);
    addMeshNode(s, quadPrimitive(addMaterial(s, m)), glm::vec3(0, 0, z));
  }
  s.nodes[1].translation.z = std::numeric_limits<float>::quiet_NaN();  // the green one
  finish(s);
  ASSERT_TRUE(renderer_->setScene(s, 0).shown);
  const Pixels first = renderer_->renderOffscreen(kView, kSize, kSize);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(renderer_->renderOffscreen(kView, kSize, kSize).rgba, first.rgba) << i;
  // Red behind, blue over it, each at half: blue * 0.5 + (red * 0.5 + clear * 0.5) * 0.5.
  const glm::vec3 expected = blue * 0.5f + (red * 0.5f + background() * 0.5f) * 0.5f;
  EXPECT_TRUE(colorNear(pixelAt(first, kSize / 2, kSize / 2), expected, 4.0f));
}

TEST_F(FaultTest, NonFiniteCameraDrawsTheBackgroundOnly) {
  start();
  ASSERT_TRUE(renderer_->setScene(quads(glm::vec3(0.9f, 0.1f, 0.1f), glm::vec3(0.0f)), 0).shown);
  View view = kView;
  view.view[3][0] = std::numeric_limits<float>::quiet_NaN();
  view.eye.x = std::numeric_limits<float>::quiet_NaN();
  view.exposure = std::numeric_limits<float>::infinity();
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  ASSERT_EQ(p.rgba.size(), size_t(kSize) * kSize * 4);
  for (uint32_t y = 0; y < kSize; y += 7)
    for (uint32_t x = 0; x < kSize; x += 7)
      ASSERT_TRUE(colorNear(pixelAt(p, int(x), int(y)), background())) << x << "," << y;
}

bool finite(const gpu::NodeData& d) {
  for (const glm::mat4* m : {&d.world, &d.normal})
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r)
        if (!std::isfinite((*m)[c][r])) return false;
  return true;
}

// The CPU mirror of the node buffer, which every frame's upload copies from: no NaN or
// infinity reaches it, at setScene (initMirrors) or later (refreshNodes, refreshAllNodes).
TEST(FaultMirror, NonFiniteWorldMatricesNeverReachTheNodeMirror) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  scene::Scene s = quads(glm::vec3(1.0f), glm::vec3(0.0f), 3);
  s.nodes[0].translation.x = nan;
  s.nodes[1].scale.y = inf;
  scene::updateWorldTransforms(s);
  ASSERT_TRUE(std::isnan(s.world[0][3][0]));
  renderer::SceneGpu gpu;
  renderer::initMirrors(s, 0, gpu);
  ASSERT_EQ(gpu.nodeData.size(), 3u);
  for (size_t n = 0; n < gpu.nodeData.size(); ++n) EXPECT_TRUE(finite(gpu.nodeData[n])) << n;
  EXPECT_EQ(gpu.nodeData[0].world, glm::mat4(0.0f));  // hidden: collapsed to a point
  EXPECT_EQ(gpu.nodeData[2].world, s.world[2]);       // the finite one as it is

  // Animated to NaN later: the changed node's refresh, and the whole refresh.
  s.nodes[2].rotation = glm::quat(nan, 0, 0, 0);
  scene::updateWorldTransforms(s);
  scene::DirtyRanges world, changed;
  world.mark(2 * scene::kWorldMatrixBytes, scene::kWorldMatrixBytes);
  renderer::refreshNodes(s, world, gpu, changed);
  EXPECT_TRUE(finite(gpu.nodeData[2]));
  EXPECT_EQ(gpu.nodeData[2].world, glm::mat4(0.0f));
  gpu.nodeData.assign(3, renderer::nodeData(glm::mat4(1.0f)));
  renderer::refreshAllNodes(s, gpu, changed);
  for (size_t n = 0; n < gpu.nodeData.size(); ++n) EXPECT_TRUE(finite(gpu.nodeData[n])) << n;
}

// Blended draws sorted by distance: a world matrix that is finite but huge overflows the
// key to inf - inf = NaN (nodeData() lets it through: it is finite). The NaN key sorts as
// nearest (drawn last) and the others stay back to front; without the guard std::stable_sort
// gets a NaN, which is not a strict weak ordering, and leaves it first.
TEST(FaultMirror, NaNSortKeyIsOrderedAsNearest) {
  renderer::SceneGpu scene;
  std::vector<gpu::NodeData> nodes;
  const glm::vec3 eye(0.0f, 0.0f, 10.0f);
  // Draw 0: the overflowing node; draw 1: near the eye; draw 2: far from it.
  glm::mat4 huge(1.0f);
  huge[0][0] = 3e38f;
  huge[1][0] = -3e38f;
  nodes.push_back(renderer::nodeData(huge));
  nodes.push_back(renderer::nodeData(glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 9))));
  nodes.push_back(renderer::nodeData(glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, -50))));
  for (uint32_t i = 0; i < 3; ++i) {
    renderer::Draw d;
    d.node = i;
    d.blend = true;
    d.center = glm::vec3(2.0f, 2.0f, 0.0f);  // x: 3e38*2 + -3e38*2 = inf - inf
    scene.draws.push_back(d);
  }
  {
    const glm::vec3 c = glm::vec3(nodes[0].world * glm::vec4(scene.draws[0].center, 1.0f));
    ASSERT_TRUE(std::isnan(c.x));  // the premise: a NaN key without the guard
  }
  const renderer::DrawOrder order = renderer::drawOrder(scene, nodes, eye);
  EXPECT_EQ(order.opaque, 0u);
  EXPECT_EQ(order.draws, (std::vector<uint32_t>{2, 1, 0}));
}

TEST(FaultDescriptors, TheRenderersLayoutsFitTheDevice) {
  // lavapipe's own limits hold the layouts; Vulkan's required minimums (4 storage buffers, 16
  // samplers per stage) would not.
  std::string error;
  renderer::Options options;
  auto r = renderer::Renderer::create(options, &error);
  ASSERT_TRUE(r) << error;
  VkPhysicalDeviceLimits minimum{};
  minimum.maxBoundDescriptorSets = 4;
  minimum.maxPerStageDescriptorUniformBuffers = 12;
  minimum.maxPerStageDescriptorStorageBuffers = 4;
  minimum.maxPerStageDescriptorSamplers = 16;
  minimum.maxPerStageDescriptorSampledImages = 16;
  minimum.maxPerStageResources = 128;
  minimum.maxDescriptorSetUniformBuffers = 72;
  minimum.maxDescriptorSetStorageBuffers = 24;
  minimum.maxDescriptorSetSamplers = 96;
  minimum.maxDescriptorSetSampledImages = 96;
  minimum.maxPushConstantsSize = 128;
  EXPECT_EQ(renderer::descriptorLimitProblem(minimum, renderer::meshSetBindings(),
                                             renderer::meshPushConstantBytes()),
            "6 storage buffers in the vertex stage, more than the device's "
            "maxPerStageDescriptorStorageBuffers (4)");
  minimum.maxPerStageDescriptorStorageBuffers = 6;
  // Nor would the minimum of 16 samplers per stage: material textures, the environment's two,
  // the transmission texture and the shadow maps in the fragment stage.
  const uint32_t samplers = gpu::kMaterialTextureCount + 4;
  EXPECT_EQ(renderer::descriptorLimitProblem(minimum, renderer::meshSetBindings(),
                                             renderer::meshPushConstantBytes()),
            std::to_string(samplers) +
                " samplers in the fragment stage, more than the device's "
                "maxPerStageDescriptorSamplers (16)");
  minimum.maxPerStageDescriptorSamplers = samplers;
  minimum.maxPerStageDescriptorSampledImages = samplers;
  EXPECT_EQ(renderer::descriptorLimitProblem(minimum, renderer::meshSetBindings(),
                                             renderer::meshPushConstantBytes()),
            "");
}

// Renderer::create refuses, with the limit named, a device whose descriptor limits cannot
// hold the renderer's fixed layouts (each lowered in turn through adjustLimits).
TEST(FaultDescriptors, CreateRefusesADeviceWithTooFewDescriptors) {
  const uint32_t fragmentSamplers =
      gpu::kMaterialTextureCount + 4;  // material, environment x2, transmission, shadow maps
  const struct {
    std::function<void(renderer::DeviceLimits&)> lower;
    std::string message;
  } cases[] = {
      {[](renderer::DeviceLimits& l) { l.limits.maxBoundDescriptorSets = 3; },
       "4 descriptor sets bound at once, more than the device's maxBoundDescriptorSets (3)"},
      {[](renderer::DeviceLimits& l) { l.limits.maxPerStageDescriptorStorageBuffers = 5; },
       "6 storage buffers in the vertex stage, more than the device's "
       "maxPerStageDescriptorStorageBuffers (5)"},
      {[](renderer::DeviceLimits& l) { l.limits.maxPerStageDescriptorSamplers = 4; },
       std::to_string(fragmentSamplers) + " samplers in the fragment stage, more than the device's "
                                          "maxPerStageDescriptorSamplers (4)"},
      {[](renderer::DeviceLimits& l) { l.limits.maxPerStageDescriptorUniformBuffers = 1; },
       "2 uniform buffers in the fragment stage, more than the device's "
       "maxPerStageDescriptorUniformBuffers (1)"},
      {[](renderer::DeviceLimits& l) { l.limits.maxDescriptorSetStorageBuffers = 8; },
       "9 storage buffers in the pipeline layout, more than the device's "
       "maxDescriptorSetStorageBuffers (8)"},
  };
  for (const auto& c : cases) {
    renderer::Options options;
    options.adjustLimits = c.lower;
    std::string error;
    EXPECT_FALSE(renderer::Renderer::create(options, &error)) << c.message;
    const std::string suffix = " cannot run the renderer: " + c.message;
    ASSERT_GE(error.size(), suffix.size()) << error;
    EXPECT_EQ(error.substr(error.size() - suffix.size()), suffix) << error;
  }
}

}  // namespace
}  // namespace vitrine::test
