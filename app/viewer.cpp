#include "viewer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <volk.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "look.h"
#include "overlay.h"

namespace vitrine::app {
namespace {

Viewer* viewerOf(GLFWwindow* w) {
  return static_cast<Viewer*>(glfwGetWindowUserPointer(w));
}

}  // namespace

std::unique_ptr<Viewer> Viewer::create(std::unique_ptr<scene::Scene> scene,
                                       std::unique_ptr<anim::Animations> animations,
                                       std::vector<bool> enabled, const ViewerOptions& options,
                                       std::string* error) {
  if (!glfwInit()) {
    const char* why = nullptr;
    glfwGetError(&why);
    *error = std::string("cannot open a window: ") + (why ? why : "GLFW failed to start");
    return nullptr;
  }
  std::unique_ptr<Viewer> v(new Viewer());
  v->options_ = options;
  v->scene_ = std::move(scene);
  v->animations_ = std::move(animations);
  v->enabled_ = std::move(enabled);
  if (v->animations_) {
    bool any = false;
    const auto& clips = v->animations_->clips();
    for (size_t i = 0; i < clips.size() && i < v->enabled_.size(); ++i) {
      if (!v->enabled_[i]) continue;
      v->playStart_ = any ? std::min(v->playStart_, clips[i].start) : clips[i].start;
      v->playEnd_ = any ? std::max(v->playEnd_, clips[i].end) : clips[i].end;
      any = true;
    }
  }

  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  const std::string title =
      "Vitrine - " + std::filesystem::path(v->scene_->path).filename().string();
  v->window_ =
      glfwCreateWindow(int(options.width), int(options.height), title.c_str(), nullptr, nullptr);
  if (!v->window_) {
    const char* why = nullptr;
    glfwGetError(&why);
    *error = std::string("cannot open a window: ") + (why ? why : "unknown GLFW error");
    return nullptr;
  }
  glfwSetWindowUserPointer(v->window_, v.get());
  // Installed before ImGui's, which chains to them.
  glfwSetScrollCallback(v->window_, [](GLFWwindow* w, double, double dy) {
    viewerOf(w)->pendingScroll_ += float(dy);
  });
  glfwSetKeyCallback(v->window_, [](GLFWwindow* w, int key, int, int action, int) {
    if (key == GLFW_KEY_F && action == GLFW_PRESS) viewerOf(w)->frameRequested_ = true;
  });

  renderer::Options ro;
  ro.validation = options.validation;
  ro.cacheDirectory = environmentCacheDirectory();
  uint32_t extCount = 0;
  const char** exts = glfwGetRequiredInstanceExtensions(&extCount);
  for (uint32_t i = 0; i < extCount; ++i) ro.instanceExtensions.emplace_back(exts[i]);
  GLFWwindow* window = v->window_;
  ro.createSurface = [window](VkInstance instance) {
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    if (glfwCreateWindowSurface(instance, window, nullptr, &surface) != VK_SUCCESS)
      return VkSurfaceKHR(VK_NULL_HANDLE);
    return surface;
  };
  v->renderer_ = renderer::Renderer::create(ro, error);
  if (!v->renderer_) return nullptr;

  if (options.camera) {
    std::string camError;
    if (!assetCameraView(*v->scene_, *options.camera, 1.0f, &camError)) {
      *error = v->scene_->path + ": " + camError;
      return nullptr;
    }
    v->assetCamera_ = options.camera;
  }
  v->renderer_->setEnvironment(options.environment.get());
  // The GPU has its processed copy; the source image (up to gigabytes for a large .hdr) is
  // not kept for the session.
  v->hasEnvironment_ = options.environment != nullptr;
  v->options_.environment.reset();
  v->renderer_->setScene(*v->scene_, v->scene_->activeScene);
  v->overlay_ = std::make_unique<Overlay>(v->window_, *v->renderer_);
  v->frameScene();
  glfwGetCursorPos(v->window_, &v->lastX_, &v->lastY_);
  v->lastFrameTime_ = glfwGetTime();
  v->playClockStart_ = v->lastFrameTime_;
  return v;
}

Viewer::~Viewer() {
  if (renderer_) renderer_->waitIdle();
  overlay_.reset();
  renderer_.reset();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

float Viewer::aspect() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return (w > 0 && h > 0) ? float(w) / float(h) : 1.0f;
}

void Viewer::frameScene() {
  orbit_.frame(scene::sceneBounds(*scene_, scene_->activeScene), aspect());
}

void Viewer::handleMouse() {
  double x, y;
  glfwGetCursorPos(window_, &x, &y);
  const float dx = float(x - lastX_), dy = float(y - lastY_);
  lastX_ = x;
  lastY_ = y;
  if (overlay_->wantsMouse()) {
    pendingScroll_ = 0.0f;
    return;
  }
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS) {
    orbit_.orbit(dx, dy);
    assetCamera_.reset();  // dragging leaves the asset camera for the orbit camera
  } else if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
             glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
    orbit_.pan(dx, dy, float(std::max(h, 1)));
    assetCamera_.reset();
  }
  if (pendingScroll_ != 0.0f) {
    orbit_.zoom(pendingScroll_);
    pendingScroll_ = 0.0f;
    assetCamera_.reset();
  }
}

void Viewer::buildUi() {
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::Begin("Vitrine", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::TextUnformatted(std::filesystem::path(scene_->path).filename().string().c_str());
  size_t primitives = 0;
  for (const auto& m : scene_->meshes) primitives += m.primitives.size();
  ImGui::Text("%zu nodes, %zu meshes, %zu primitives, %zu materials", scene_->nodes.size(),
              scene_->meshes.size(), primitives, scene_->materials.size());
  ImGui::Text("%s", renderer_->deviceName().c_str());
  ImGui::Text("%.1f ms/frame", frameMs_);
  const renderer::UploadStats uploads = renderer_->lastUploadStats();
  ImGui::Text("Uploaded %llu bytes in %u ranges", static_cast<unsigned long long>(uploads.bytes),
              uploads.ranges);
  ImGui::Separator();
  if (!scene_->cameras.empty()) {
    const std::string current =
        assetCamera_ ? "Camera " + std::to_string(*assetCamera_) : std::string("Orbit");
    if (ImGui::BeginCombo("View", current.c_str())) {
      if (ImGui::Selectable("Orbit", !assetCamera_)) assetCamera_.reset();
      for (int i = 0; i < int(scene_->cameras.size()); ++i) {
        std::string error;
        if (!assetCameraView(*scene_, i, 1.0f, &error)) continue;  // no node uses it
        const std::string label = scene_->cameras[i].name.empty() ? "Camera " + std::to_string(i)
                                                                  : scene_->cameras[i].name;
        if (ImGui::Selectable(label.c_str(), assetCamera_ == i)) assetCamera_ = i;
      }
      ImGui::EndCombo();
    }
  }
  if (ImGui::Button("Frame scene (F)")) frameRequested_ = true;
  ImGui::TextDisabled("Left drag: orbit   Right/middle drag: pan   Wheel: zoom");
  buildLookUi();
  ImGui::End();
}

void Viewer::buildLookUi() {
  if (!ImGui::CollapsingHeader("Look")) return;
  CliOptions& look = options_.look;
  static const char* const kTonemaps[] = {"Khronos PBR Neutral", "ACES filmic", "AgX", "None"};
  int tonemap = int(look.tonemap);
  if (ImGui::Combo("Tone mapping", &tonemap, kTonemaps, 4)) look.tonemap = CliTonemap(tonemap);
  ImGui::SliderFloat("Exposure (EV)", &look.exposure, -8.0f, 8.0f, "%.1f");
  if (hasEnvironment_) {
    ImGui::SliderFloat("Environment intensity", &look.environmentIntensity, 0.0f, 4.0f, "%.2f");
    ImGui::SliderFloat("Environment rotation", &look.environmentRotationDegrees, -180.0f, 180.0f,
                       "%.0f deg");
  }
  static const char* const kBackgrounds[] = {"Environment", "Blurred environment", "Colour"};
  int background = int(look.background);
  if (ImGui::Combo("Background", &background, kBackgrounds, 3))
    look.background = CliBackground(background);
  if (look.background == CliBackground::Color) ImGui::ColorEdit3("Colour", &look.backgroundColor.x);
}

void Viewer::animate() {
  if (!animations_ || playEnd_ <= playStart_) return;
  const float span = playEnd_ - playStart_;
  const float t = playStart_ + std::fmod(float(glfwGetTime() - playClockStart_), span);
  animations_->evaluate(t, enabled_, dirty_);  // coalesces
  // Only what changed is sent, with the next frame: material factors, the node data of moved
  // nodes, the lights they carry. Cameras reach the GPU through the View of every frame.
  renderer_->applyChanges(*scene_, dirty_);
  dirty_.clear();
}

bool Viewer::runFrame() {
  glfwPollEvents();
  if (glfwWindowShouldClose(window_)) return false;
  int fbw = 0, fbh = 0;
  glfwGetFramebufferSize(window_, &fbw, &fbh);
  if (fbw == 0 || fbh == 0) {
    // Minimized: nothing to draw; sleep until something happens instead of spinning.
    glfwWaitEventsTimeout(0.1);
    return !glfwWindowShouldClose(window_);
  }

  overlay_->beginFrame();
  handleMouse();
  if (frameRequested_ && !overlay_->wantsKeyboard()) {
    frameScene();
    assetCamera_.reset();
  }
  frameRequested_ = false;
  buildUi();
  overlay_->endFrame();

  animate();
  const float a = float(fbw) / float(fbh);
  renderer::View view = orbit_.view(a);
  if (assetCamera_) {
    std::string error;
    if (auto v = assetCameraView(*scene_, *assetCamera_, a, &error)) view = *v;
  }
  applyLook(options_.look, view);
  const auto status = renderer_->drawFrame(view, uint32_t(fbw), uint32_t(fbh),
                                           [this](VkCommandBuffer cmd) { overlay_->record(cmd); });
  if (status == renderer::FrameStatus::Presented) ++framesPresented_;

  const double now = glfwGetTime();
  frameMs_ = float((now - lastFrameTime_) * 1000.0);
  lastFrameTime_ = now;
  return true;
}

void Viewer::run(double quitAfterSeconds) {
  const double start = glfwGetTime();
  while (runFrame()) {
    if (quitAfterSeconds > 0.0 && glfwGetTime() - start >= quitAfterSeconds) break;
  }
}

}  // namespace vitrine::app
