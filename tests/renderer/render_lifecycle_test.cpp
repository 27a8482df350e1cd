// Replacing the scene, moving nodes, and what create() says when it cannot work.
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

scene::Scene coloredQuad(const glm::vec3& color, const glm::vec3& at, bool textured) {
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(color, 1.0f));
  if (textured) {  // a white texture: exercises texture upload and teardown
    s.images.push_back({"white", 4, 4, std::vector<uint8_t>(4 * 4 * 4, 255)});
    s.textures.push_back({0, -1});
    m.material.textures[gpu::kSlotBaseColor] = 0;
    m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
  }
  addMeshNode(s, quadPrimitive(addMaterial(s, m)), at);
  finish(s);
  return s;
}

TEST_F(RendererTest, SetSceneTwiceReplacesTheScene) {
  const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
  const glm::vec3 red(0.9f, 0.1f, 0.1f), green(0.1f, 0.8f, 0.2f);
  const glm::ivec2 left = project(view, glm::vec3(-1.2f, 0, 0), kSize, kSize);
  const glm::ivec2 right = project(view, glm::vec3(1.2f, 0, 0), kSize, kSize);

  renderer_->setScene(coloredQuad(red, glm::vec3(-1.2f, 0, 0), false), 0);
  Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), red, 4.0f));

  renderer_->setScene(coloredQuad(green, glm::vec3(1.2f, 0, 0), true), 0);
  p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), background()));
  EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), green, 4.0f));
  // Destroyed with a scene set: TearDown fails on any leak the layer reports.
}

TEST_F(RendererTest, UpdateTransformsMovesNodesInEveryFrameInFlight) {
  const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
  const glm::vec3 color(0.6f, 0.6f, 0.1f);
  scene::Scene s = coloredQuad(color, glm::vec3(-1.2f, 0, 0), false);
  renderer_->setScene(s, 0);
  const glm::ivec2 left = project(view, glm::vec3(-1.2f, 0, 0), kSize, kSize);
  const glm::ivec2 right = project(view, glm::vec3(1.2f, 0, 0), kSize, kSize);
  Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), color, 4.0f));

  s.nodes[0].translation = glm::vec3(1.2f, 0, 0);
  scene::updateWorldTransforms(s);
  renderer_->updateTransforms(s);
  for (int frame = 0; frame < 3; ++frame) {  // more frames than slots
    p = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_TRUE(colorNear(pixelAt(p, left.x, left.y), background())) << frame;
    EXPECT_TRUE(colorNear(pixelAt(p, right.x, right.y), color, 4.0f)) << frame;
  }
}

// Sets an environment variable for the lifetime of the object.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(RendererCreate, FailsNamingThePackageWhenTheValidationLayerIsMissing) {
  const std::filesystem::path empty = std::filesystem::path(VITRINE_TEST_TMP) / "no-layers";
  std::filesystem::create_directories(empty);
  const ScopedEnv layers("VK_LAYER_PATH", empty.string());
  renderer::Options options;
  options.validation = true;
  std::string error;
  EXPECT_EQ(renderer::Renderer::create(options, &error), nullptr);
  EXPECT_NE(error.find("vulkan-validationlayers"), std::string::npos) << error;
}

TEST(RendererCreate, FailsClearlyWithoutADevice) {
  // Both names of the loader's driver list: VK_DRIVER_FILES (newer loaders, and the GPU
  // machines' setup) takes precedence over VK_ICD_FILENAMES where it is set.
  const ScopedEnv drivers("VK_ICD_FILENAMES", "/nonexistent/vitrine_icd.json");
  const ScopedEnv driverFiles("VK_DRIVER_FILES", "/nonexistent/vitrine_icd.json");
  renderer::Options options;
  std::string error;
  EXPECT_EQ(renderer::Renderer::create(options, &error), nullptr);
  EXPECT_NE(error.find("no Vulkan device available"), std::string::npos) << error;
}

}  // namespace
}  // namespace vitrine::test
