// The interactive viewer: a GLFW window, the renderer's swapchain, the orbit camera and the
// ImGui overlay, wired together. One frame = poll input, update camera, build UI, draw.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "animation.h"
#include "camera.h"
#include "cli.h"
#include "environment_image.h"
#include "renderer.h"
#include "scene.h"

struct GLFWwindow;

namespace vitrine::app {

class Overlay;

struct ViewerOptions {
  uint32_t width = 1280, height = 720;
  bool validation = false;
  std::optional<int> camera;  // look through this asset camera instead of orbiting
  CliOptions look;            // tone mapping, exposure, background, environment (applyLook)
  // The image-based light; null for none. Released once the renderer has processed it.
  std::shared_ptr<const scene::EnvironmentImage> environment;
};

class Viewer {
 public:
  // Opens the window and uploads `scene`. Null with *error set on failure (no display, no
  // Vulkan device, bad --camera).
  // `animations` (bound to `scene`) play in a loop over the enabled clips' time span; a
  // full timeline comes with the artist UI.
  [[nodiscard]] static std::unique_ptr<Viewer> create(std::unique_ptr<scene::Scene> scene,
                                                      std::unique_ptr<anim::Animations> animations,
                                                      std::vector<bool> enabled,
                                                      const ViewerOptions& options,
                                                      std::string* error);
  ~Viewer();

  // Runs frames until the window closes, or for quitAfterSeconds when positive.
  void run(double quitAfterSeconds);
  // One frame; false once the window was asked to close.
  bool runFrame();
  // Frames the whole scene with the orbit camera (the F key).
  void frameScene();

  GLFWwindow* window() const { return window_; }
  renderer::Renderer& renderer() { return *renderer_; }
  uint64_t framesPresented() const { return framesPresented_; }

 private:
  Viewer() = default;
  void handleMouse();
  void buildUi();
  void buildLookUi();
  float aspect() const;
  void animate();

  GLFWwindow* window_ = nullptr;
  std::unique_ptr<renderer::Renderer> renderer_;
  std::unique_ptr<Overlay> overlay_;
  std::unique_ptr<scene::Scene> scene_;
  std::unique_ptr<anim::Animations> animations_;
  std::vector<bool> enabled_;
  scene::DirtySet dirty_;
  float playStart_ = 0.0f, playEnd_ = 0.0f;
  double playClockStart_ = 0.0;
  ViewerOptions options_;
  OrbitCamera orbit_;
  std::optional<int> assetCamera_;
  double lastX_ = 0.0, lastY_ = 0.0;
  float pendingScroll_ = 0.0f;
  bool frameRequested_ = false;
  uint64_t framesPresented_ = 0;
  bool hasEnvironment_ = false;
  double lastFrameTime_ = 0.0;
  float frameMs_ = 0.0f;
};

}  // namespace vitrine::app
