// Renderer faults (issue 14): device limits checked by setScene (refused or degraded with a
// message, the previous scene kept), NaN kept from sort keys and buffers, device loss and
// out-of-memory reported instead of aborting. Limits are lowered and faults injected through
// renderer::Options' test hooks; the validation layer must stay silent throughout.
#include <cmath>
#include <limits>
#include <string>

#include "render_fixture.h"
#include "shared_types.h"

namespace vitrine::test {
namespace {

// A fresh validated renderer built from options_ (hooks set by the test first), checked for
// validation messages on teardown like RendererTest.
class FaultTest : public ::testing::Test {
 protected:
  void start() {
    ::testing::internal::CaptureStderr();
    options_.validation = true;
    std::string error;
    renderer_ = renderer::Renderer::create(options_, &error);
    ASSERT_TRUE(renderer_) << error;
  }
  void TearDown() override {
    uint32_t messages = 0;
    if (renderer_) {
      messages = renderer_->validationMessageCount();
      renderer_.reset();
    }
    const std::string captured = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(messages, 0u) << captured;
    EXPECT_EQ(captured.find("vitrine: validation:"), std::string::npos) << captured;
  }
  renderer::Options options_;
  std::unique_ptr<renderer::Renderer> renderer_;
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
  options_.adjustLimits = [range](renderer::DeviceLimits& l) {
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

}  // namespace
}  // namespace vitrine::test
