#include "viewer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <volk.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "layout.h"
#include "look.h"
#include "layout.h"
#include "overlay.h"
#include "selection_overlay.h"
#include "timeline_panel.h"

namespace vitrine::app {
namespace {

Viewer* viewerOf(GLFWwindow* w) {
  return static_cast<Viewer*>(glfwGetWindowUserPointer(w));
}

}  // namespace

std::unique_ptr<Viewer> Viewer::create(std::unique_ptr<Document> document,
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
  Session& s = v->session_;
  s.document = std::move(document);
  s.look = options.look;
  s.timeline.reset(s.document->animations->clips(), std::move(enabled));

  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  const std::string title =
      "Vitrine - " + std::filesystem::path(s.document->path).filename().string();
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
  // Keys reach the app only when the UI is not typing into a field (ImGui's callback, which
  // chains to this one, has updated WantCaptureKeyboard by then).
  glfwSetKeyCallback(v->window_, [](GLFWwindow* w, int key, int, int action, int mods) {
    Viewer* viewer = viewerOf(w);
    if (action == GLFW_RELEASE || (viewer->overlay_ && viewer->overlay_->wantsKeyboard())) return;
    viewer->pending_.push_back(KeyEvent{key, mods});
  });
  glfwSetDropCallback(v->window_, [](GLFWwindow* w, int count, const char** paths) {
    viewerOf(w)->pending_.push_back(DropEvent{std::vector<std::string>(paths, paths + count)});
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
    if (!assetCameraView(*s.document->scene, *options.camera, 1.0f, &camError)) {
      *error = s.document->path + ": " + camError;
      return nullptr;
    }
    s.assetCamera = options.camera;
  }
  v->renderer_->setEnvironment(options.environment.get());
  // The GPU has its processed copy; the source image (up to gigabytes for a large .hdr) is
  // not kept for the session.
  s.hasEnvironment = options.environment != nullptr;
  v->options_.environment.reset();
  v->renderer_->setScene(*s.document->scene, s.document->scene->activeScene);
  v->overlay_ = std::make_unique<Overlay>(v->window_, *v->renderer_);
  v->timelinePanel_ = std::make_unique<TimelinePanel>();
  v->frameScene();
  glfwGetCursorPos(v->window_, &v->lastX_, &v->lastY_);
  v->lastFrameTime_ = glfwGetTime();
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
  const scene::Scene& scene = *session_.document->scene;
  orbit_.frame(scene::sceneBounds(scene, scene.activeScene), aspect());
}

void Viewer::frameNode(uint32_t node) {
  const scene::Scene& scene = *session_.document->scene;
  if (node >= scene.nodes.size()) return;
  scene::Bounds bounds = nodeBounds(scene, node, true);
  if (bounds.empty() && node < scene.world.size()) {
    // A camera, a light or an empty group: a unit box around where it is.
    const glm::vec3 at(scene.world[node][3]);
    bounds.extend(at - glm::vec3(0.5f));
    bounds.extend(at + glm::vec3(0.5f));
  }
  orbit_.frame(bounds, aspect());
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
    session_.assetCamera.reset();  // dragging leaves the asset camera for the orbit camera
  } else if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
             glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
    orbit_.pan(dx, dy, float(std::max(h, 1)));
    session_.assetCamera.reset();
  }
  if (pendingScroll_ != 0.0f) {
    orbit_.zoom(pendingScroll_);
    pendingScroll_ = 0.0f;
    session_.assetCamera.reset();
  }
}

void Viewer::buildUi() {
  if (!session_.showUi) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const Layout layout =
      computeLayout({display.x, display.y}, session_.uiScale, 0.0f, session_.panels);
  scenePanels_.draw(layout, session_, *renderer_, frameMs_);
  if (session_.panels.timeline) timelinePanel_->draw(session_, layout.timeline);
}

void Viewer::animate(double wallSeconds) {
  Session& s = session_;
  s.timeline.advance(wallSeconds);
  s.document->animations->evaluate(s.timeline.clipTimes(), s.timeline.enabled(), s.dirty);
  // Only what changed is sent, with the next frame: material factors, the node data of moved
  // nodes, the lights they carry. Cameras reach the GPU through the View of every frame.
  renderer_->applyChanges(*s.document->scene, s.dirty);
  s.dirty.clear();
}

void Viewer::handleEvents() {
  // Handlers may queue more events (none do yet): take the queue first.
  std::vector<InputEvent> events;
  events.swap(pending_);
  for (const InputEvent& e : events) {
    if (const auto* key = std::get_if<KeyEvent>(&e)) handleKey(*key);
    if (const auto* drop = std::get_if<DropEvent>(&e)) handleDrop(*drop);
  }
}

void Viewer::handleKey(const KeyEvent& key) {
  switch (key.key) {
    case GLFW_KEY_F:
      frameScene();
      session_.assetCamera.reset();
      break;
    // The timeline's keys, as in Blender.
    case GLFW_KEY_SPACE:
      session_.timeline.togglePlay();
      break;
    case GLFW_KEY_LEFT:
      session_.timeline.stepFrames(-1);
      break;
    case GLFW_KEY_RIGHT:
      session_.timeline.stepFrames(1);
      break;
    case GLFW_KEY_HOME:
      session_.timeline.jumpToStart();
      break;
    case GLFW_KEY_END:
      session_.timeline.jumpToEnd();
      break;
    default:
      break;
  }
}

void Viewer::handleDrop(const DropEvent&) {
  // Opening a dropped file comes with the file handling of the artist UI.
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

  const double now = glfwGetTime();
  const double wallSeconds = now - lastFrameTime_;
  frameMs_ = float(wallSeconds * 1000.0);
  lastFrameTime_ = now;

  overlay_->beginFrame();
  handleEvents();
  handleMouse();
  buildUi();
  if (session_.frameRequest) {
    if (session_.frameRequest->node)
      frameNode(*session_.frameRequest->node);
    else
      frameScene();
    session_.assetCamera.reset();
    session_.frameRequest.reset();
  }

  animate(wallSeconds);
  const float a = float(fbw) / float(fbh);
  renderer::View view = orbit_.view(a);
  if (session_.assetCamera) {
    std::string error;
    if (auto v = assetCameraView(*session_.document->scene, *session_.assetCamera, a, &error))
      view = *v;
  }
  applyLook(session_.look, view);
  // After animation, with this frame's View: the box follows what is drawn.
  scenePanels_.drawSelection(session_, view);
  overlay_->endFrame();
  const auto status = renderer_->drawFrame(view, uint32_t(fbw), uint32_t(fbh),
                                           [this](VkCommandBuffer cmd) { overlay_->record(cmd); });
  if (status == renderer::FrameStatus::Presented) ++framesPresented_;
  return true;
}

void Viewer::run(double quitAfterSeconds) {
  const double start = glfwGetTime();
  while (runFrame()) {
    if (quitAfterSeconds > 0.0 && glfwGetTime() - start >= quitAfterSeconds) break;
  }
}

}  // namespace vitrine::app
