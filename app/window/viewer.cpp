#include "viewer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <tuple>

#include <volk.h>
#include <GLFW/glfw3.h>

#include "ground.h"
#include "files.h"
#include "graph_panel.h"
#include "layout.h"
#include "look.h"
#include "overlay.h"
#include "selection_overlay.h"
#include "timeline_panel.h"
#include "timings.h"

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
  s.fileWarnings = documentWarnings(*s.document);
  s.look = options.look;
  s.timeline.reset(s.document->animations->clips(), std::move(enabled));
  v->ground_ = placeGround(*s.document->scene, *s.document->animations);
  s.panels = options.settings.panels;
  s.showUi = options.settings.showUi;
  v->files_ =
      std::make_unique<Files>(options.settingsFile, options.settings, options.reloadStableSeconds,
                              options.reloadBrokenSeconds, options.load);
  v->files_->watch(*s.document, /*addToRecent=*/s.document->path != options.builtInDemo);

  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "vitrine");  // StartupWMClass in vitrine.desktop
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "vitrine");
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
  if (options.settings.windowX && options.settings.windowY)
    glfwSetWindowPos(v->window_, *options.settings.windowX, *options.settings.windowY);
  float scaleX = 1.0f, scaleY = 1.0f;
  glfwGetWindowContentScale(v->window_, &scaleX, &scaleY);
  s.uiScale = v->contentScale_ = std::max(scaleX, 0.5f);
  glfwSetWindowContentScaleCallback(v->window_, [](GLFWwindow* w, float x, float) {
    viewerOf(w)->contentScale_ = std::max(x, 0.5f);  // applied at the next frame's start
  });
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
  // Buttons as the window system delivers them, in order, with where the cursor was: a press
  // and its release within one frame still make a click (issue 34). ImGui's callback chains to
  // this one after it has seen the event; WantCaptureMouse is the last frame's.
  glfwSetMouseButtonCallback(v->window_, [](GLFWwindow* w, int button, int action, int mods) {
    Viewer* viewer = viewerOf(w);
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(w, &x, &y);
    const bool overUi = viewer->overlay_ && viewer->overlay_->wantsMouse();
    viewer->pending_.push_back(ButtonEvent{button, action, mods, float(x), float(y), overUi});
  });
  // The cursor over the window: the running graph's hover pointer.
  glfwSetCursorPosCallback(v->window_, [](GLFWwindow* w, double x, double y) {
    viewerOf(w)->pending_.push_back(PointerEvent{float(x), float(y), true});
  });
  glfwSetCursorEnterCallback(v->window_, [](GLFWwindow* w, int entered) {
    if (!entered) viewerOf(w)->pending_.push_back(PointerEvent{0.0f, 0.0f, false});
  });
  glfwSetDropCallback(v->window_, [](GLFWwindow* w, int count, const char** paths) {
    viewerOf(w)->pending_.push_back(DropEvent{std::vector<std::string>(paths, paths + count)});
  });

  renderer::Options ro;
  ro.validation = options.validation;
  ro.uploadChunkBytes = options.uploadChunkBytes;
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
  v->renderer_ = createTimedRenderer(ro, error);
  if (!v->renderer_) return nullptr;

  if (options.camera) {
    std::string camError;
    if (!assetCameraView(*s.document->scene, *options.camera, 1.0f, &camError)) {
      *error = s.document->path + ": " + camError;
      return nullptr;
    }
    s.assetCamera = options.camera;
  }
  // Read from the disk cache (milliseconds), the environment lights the first frame. One to
  // process (~0.35 s on lavapipe: a first run, a new .hdr) comes after the asset's geometry
  // and textures (issue 16, updateEnvironment); otherwise the GPU has its processed copy and
  // the source image (up to gigabytes for a large .hdr) is not kept for the session.
  if (options.environment && !v->renderer_->setEnvironmentFromCache(*options.environment))
    s.environmentArriving = options.environment;
  s.hasEnvironment = options.environment != nullptr;
  v->options_.environment.reset();
  // Images the load left encoded (scene::LoadOptions::deferImageDecode) decode on a worker
  // while the geometry uploads; the textures stream in frame by frame (updateImages).
  auto images = std::make_unique<ImageStream>(*s.document, options.holdImages);
  if (v->showScene(*s.document->scene, s.document->path)) freeUploadedPixels(*s.document->scene);
  v->streamImages(std::move(images), options.holdImages);
  v->setMaterialVariant(options.materialVariant);
  v->overlay_ = std::make_unique<Overlay>(v->window_, *v->renderer_, s.uiScale);
  v->timelinePanel_ = std::make_unique<TimelinePanel>();
  v->graphPanel_ = std::make_unique<GraphPanel>();
  {
    // Until the first frame lays the panels out: the layout with a menu bar of the font's
    // height, close enough for the first framing (redone after that frame's layout).
    int w = 0, h = 0;
    glfwGetWindowSize(v->window_, &w, &h);
    v->viewDisplay_ = glm::vec2(float(w), float(h));
    const float menuGuess = 21.0f * s.uiScale;
    v->viewRect_ = s.showUi ? v->layout(v->viewDisplay_, menuGuess).view
                            : PanelRect{{0.0f, 0.0f}, v->viewDisplay_};
  }
  v->frameScene();
  v->frameAfterLayout_ = true;
  v->startGraph(false, 0);  // onStart sees the framed view as its active camera
  glfwGetCursorPos(v->window_, &v->lastX_, &v->lastY_);
  v->lastFrameTime_ = glfwGetTime();
  return v;
}

Viewer::~Viewer() {
  images_.reset();  // its worker reads the document, which goes with session_
  if (files_ && window_) {
    Settings& saved = files_->settings();
    int w = 0, h = 0, x = 0, y = 0;
    glfwGetWindowSize(window_, &w, &h);
    glfwGetWindowPos(window_, &x, &y);
    if (w > 0 && h > 0) {  // not minimized
      saved.windowWidth = uint32_t(w);
      saved.windowHeight = uint32_t(h);
    }
    saved.windowX = x;
    saved.windowY = y;
    saved.panels = session_.panels;
    saved.showUi = session_.showUi;
    std::string error;
    if (!files_->saveSettings(&error)) std::fprintf(stderr, "vitrine: %s\n", error.c_str());
  }
  files_.reset();  // waits for a load still running
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

Layout Viewer::layout(glm::vec2 display, float menuHeight) const {
  // An asset without animation keeps only the timeline's transport row (a frame's height and
  // the window's padding, in points): the rest of the panel would say nothing.
  constexpr float kTransportRowPoints = 38.0f;
  const bool animated = !session_.document->animations->clips().empty() ||
                        (session_.graph && session_.graph->present());  // the graph panel
  return computeLayout(display, session_.uiScale, menuHeight, session_.panels,
                       animated ? 0.0f : kTransportRowPoints * session_.uiScale);
}

float Viewer::viewAspect() const {
  return viewRect_.size.x > 0.0f && viewRect_.size.y > 0.0f ? viewRect_.size.x / viewRect_.size.y
                                                            : aspect();
}

void Viewer::frameScene() {
  const scene::Scene& scene = *session_.document->scene;
  orbit_.frame(scene::sceneBounds(scene, scene.activeScene), viewAspect());
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
  orbit_.frame(bounds, viewAspect());
}

renderer::View Viewer::currentView(float a) const {
  renderer::View view = orbit_.view(a);
  if (session_.assetCamera) {
    std::string error;
    if (auto v = assetCameraView(*session_.document->scene, *session_.assetCamera, a, &error))
      view = *v;
  }
  applyLook(session_.look, view);
  const bool ground = view.ground.enabled;  // View > Ground, --ground
  view.ground = ground_;
  view.ground.enabled = ground;
  return view;
}

renderer::View Viewer::windowView() const {
  renderer::View view = currentView(viewAspect());
  view.projection =
      fitProjectionToRect(view.projection, viewRect_.pos, viewRect_.size, viewDisplay_);
  return view;
}

ScreenshotResult Viewer::screenshot() {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  const float a = (w > 0 && h > 0) ? float(w) / float(h) : 1.0f;
  // The demo is named after itself but written to the pictures folder (as if it lived there).
  const std::string& asset = session_.document->path;
  const std::string named =
      !options_.builtInDemo.empty() && asset == options_.builtInDemo
          ? (std::filesystem::path(picturesDirectory()) / std::filesystem::path(asset).filename())
                .string()
          : asset;
  renderer::View view = currentView(a);
  attachOverlayLines(overlayLines_, view);  // the last frame's, as posed
  if (session_.isolatedNode) view.shownNodes = shownNodes_;
  ScreenshotResult r =
      takeScreenshot(*renderer_, view, uint32_t(std::max(w, 0)), uint32_t(std::max(h, 0)), named);
  session_.status = r.message;
  return r;
}

void Viewer::startGraph(bool keep, uint32_t graph) {
  Session& s = session_;
  s.graph.reset();
  if (!keep) s.clipsInsteadOfGraph = false;
  hoverSent_.reset();
  sampledGeneration_ = ~uint64_t(0);  // the clips are sampled again if the timeline shows
  if (!s.document->graphHost) return;
  s.document->graphHost->setActiveCamera(
      activeCameraOf(*s.document->scene, s.assetCamera, windowView(), viewAspect()));
  s.graph = std::make_unique<GraphSession>(*s.document,
                                           keep ? std::optional<uint32_t>(graph) : std::nullopt);
  if (s.clipsInsteadOfGraph) s.graph->setRunning(false);
  wasGraphDriven_ = s.graphDriven();
  clipsShown_ = s.clipsInsteadOfGraph;
  graphGeneration_ = s.graph->generation();
}

void Viewer::updateGraph(double wallSeconds) {
  Session& s = session_;
  GraphSession* g = s.graph.get();
  if (!g) return;
  const bool driven = s.graphDriven();
  if (driven != wasGraphDriven_) {  // the clips play again, or stop: sampled afresh
    wasGraphDriven_ = driven;
    sampledGeneration_ = ~uint64_t(0);
  }
  if (s.clipsInsteadOfGraph != clipsShown_) {
    clipsShown_ = s.clipsInsteadOfGraph;
    if (clipsShown_) g->setRunning(false);  // the timeline shows: the graph pauses
  }
  if (g->generation() != graphGeneration_) {  // reset or another graph: a new engine
    graphGeneration_ = g->generation();
    hoverSent_.reset();
  }
  if (g->active()) {
    const float aspect = viewAspect();
    g->setCamera(activeCameraOf(*s.document->scene, s.assetCamera, windowView(), aspect));
    // The hover pointer: the ray under the cursor while it is over the view (not the UI), sent
    // again whenever the cursor or the camera moves; the engine re-casts it every tick, so a
    // part moving under a still cursor enters and leaves.
    std::optional<std::pair<glm::vec3, glm::vec3>> ray;
    if (driven && pointer_ && !overlay_->wantsMouse()) ray = rayAt(*pointer_);
    if (ray != hoverSent_) {
      if (ray)
        g->hover(ray->first, ray->second);
      else
        g->clearHover();
      hoverSent_ = ray;
    }
    if (driven) {
      g->frame(wallSeconds);
      graphMs_.add(g->lastTickMilliseconds(), glfwGetTime());
    }
  }
  // What the graph, its animations, a Reset or a Step wrote: uploaded with this frame.
  if (interact::SceneHost* h = g->host(); h && !h->dirty().empty()) {
    renderer_->applyChanges(*s.document->scene, h->dirty());
    h->dirty().clear();
  }
}

void Viewer::animate(double wallSeconds) {
  Session& s = session_;
  // While the graph drives the asset, the clips play only as it says (KHR_interactivity,
  // "Animation Control Nodes"): the timeline stands still and samples nothing.
  const bool clips = !s.graphDriven();
  if (clips) s.timeline.advance(wallSeconds);
  // Sampling again at unchanged clip times would write the same values back, and would undo a
  // hand edit of an animated factor while the timeline stands still: clips are sampled only
  // when their times, the enabled set or the document changed. The evaluation still runs, with
  // no clip, so hand-moved nodes get their world matrices.
  const bool changed =
      clips && (s.timeline.generation() != sampledGeneration_ ||
                s.timeline.clipTimes() != sampledTimes_ || s.timeline.enabled() != sampledEnabled_);
  static const std::vector<bool> kNothingEnabled;
  s.document->animations->evaluate(s.timeline.clipTimes(),
                                   changed ? s.timeline.enabled() : kNothingEnabled, s.dirty);
  if (changed) {
    sampledGeneration_ = s.timeline.generation();
    sampledTimes_ = s.timeline.clipTimes();  // no allocation once the sizes are known
    sampledEnabled_ = s.timeline.enabled();
  }
  // Only what changed is sent, with the next frame: material factors, the node data of moved
  // nodes, the lights they carry. Cameras reach the GPU through the View of every frame.
  renderer_->applyChanges(*s.document->scene, s.dirty);
  s.dirty.clear();
}

bool Viewer::runFrame() {
  glfwPollEvents();
  if (glfwWindowShouldClose(window_)) return false;
  int fbw = 0, fbh = 0;
  glfwGetFramebufferSize(window_, &fbw, &fbh);
  if (framebufferOverride_) std::tie(fbw, fbh) = *framebufferOverride_;
  if (fbw == 0 || fbh == 0) {
    // Minimized: nothing to draw; sleep until something happens instead of spinning.
    glfwWaitEventsTimeout(0.1);
    return !glfwWindowShouldClose(window_);
  }

  // --timings: until a frame is presented, each frame is timed as the first.
  std::optional<FrameTimer> firstFrame;
  if (startupTimings().enabled && !startupTimings().printed) firstFrame.emplace(*renderer_);
  const double now = glfwGetTime();
  const double wallSeconds = now - lastFrameTime_;
  lastFrameTime_ = now;
  frameSeconds_ = wallSeconds;

  if (contentScale_ != session_.uiScale) {
    session_.uiScale = contentScale_;
    overlay_->setUiScale(session_.uiScale);
    scenePanels_.uiScaleChanged(*renderer_);
  }
  overlay_->beginFrame();
  handleEvents();
  updateFiles();
  updateArriving();
  updateImages();
  updateEnvironment();
  handleMouse();
  buildUi();
  if (frameAfterLayout_) {
    frameAfterLayout_ = false;
    frameScene();
  }
  if (session_.frameRequest) {
    if (session_.frameRequest->node)
      frameNode(*session_.frameRequest->node);
    else
      frameScene();
    session_.assetCamera.reset();
    session_.frameRequest.reset();
  }

  updateGraph(wallSeconds);
  animate(wallSeconds);
  renderer::View view = windowView();
  const scene::Scene& posed = *session_.document->scene;
  if (session_.isolatedNode) {
    scene::subtreeMask(posed, *session_.isolatedNode, shownNodes_);
    view.shownNodes = shownNodes_;
  }
  buildOverlayLines(session_.look, posed, posed.activeScene, session_.selectedNode, viewAspect(),
                    overlayLines_, session_.isolatedNode ? &shownNodes_ : nullptr);
  attachOverlayLines(overlayLines_, view);
  // After animation, with this frame's View: the box follows what is drawn.
  scenePanels_.drawSelection(session_, view);
  overlay_->endFrame();
  double recorded = now;
  const auto status =
      renderer_->drawFrame(view, uint32_t(fbw), uint32_t(fbh), [&](VkCommandBuffer cmd) {
        overlay_->record(cmd);
        recorded = glfwGetTime();  // the last thing recorded before the renderer submits
      });
  if (status == renderer::FrameStatus::Failed) {
    failure_ = renderer_->lastError();
    std::fprintf(stderr, "vitrine: the GPU failed, closing the window: %s\n", failure_.c_str());
    return false;
  }
  if (status == renderer::FrameStatus::Presented) {
    if (firstFrame && firstFrame->record(*renderer_))
      startupTimings().toFirstFrame = startupTimings().sinceStart.seconds();
    ++framesPresented_;
    cpuMs_.add((recorded - now) * 1000.0, now);
    gpuMs_.add(renderer_->lastGpuMilliseconds(), now);
  }
  // --timings: printed once the start-up asset is all in, its textures and environment too.
  const StartupTimings& t = startupTimings();
  if (t.firstFrame && !t.printed && !images_ && !session_.environmentArriving) {
    startupTimings().renderer = renderer_->setupTimings();
    printTimings();
  }
  return true;
}

void Viewer::run(double quitAfterSeconds) {
  const double start = glfwGetTime();
  while (runFrame()) {
    if (quitAfterSeconds > 0.0 && glfwGetTime() - start >= quitAfterSeconds) break;
  }
}

}  // namespace vitrine::app
