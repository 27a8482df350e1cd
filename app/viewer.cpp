#include "viewer.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <tuple>

#include <volk.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "channel_view.h"
#include "document_swap.h"
#include "files.h"
#include "layout.h"
#include "look.h"
#include "menu_bar.h"
#include "not_drawn_note.h"
#include "overlay.h"
#include "selection_overlay.h"
#include "timeline_panel.h"
#include "timings.h"

namespace vitrine::app {
namespace {

// The most a frame spends handing streamed images to the renderer: after a long gap (the
// window was minimized) half the last "frame" would be all of them at once.
constexpr double kMaxImageSeconds = 0.25;

// Frees the pixels the scene holds, once it is on the GPU: the window never uploads a
// document whole again (the outliner's scene switch keeps the textures:
// Renderer::switchScene), so its decoded images need not stay (issue 16). Those not uploaded
// (no material samples them) are never drawn.
void freeUploadedPixels(scene::Scene& scene) {
  bool freed = false;
  for (scene::Image& image : scene.images) {
    freed = freed || !image.rgba8.empty();
    std::vector<uint8_t>().swap(image.rgba8);
  }
#ifdef __GLIBC__
  if (freed) malloc_trim(0);  // their pages back to the system, not kept by the allocator
#endif
}

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
  const bool animated = !session_.document->animations->clips().empty();
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
  // The view's height in window pixels: the model under the cursor follows it.
  const float viewHeight =
      viewDisplay_.y > 0.0f ? viewRect_.size.y * float(h) / viewDisplay_.y : float(h);
  if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS) {
    orbit_.orbit(dx, dy);
    session_.assetCamera.reset();  // dragging leaves the asset camera for the orbit camera
  } else if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
             glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
    orbit_.pan(dx, dy, std::max(viewHeight, 1.0f));
    session_.assetCamera.reset();
  }
  if (pendingScroll_ != 0.0f) {
    orbit_.zoom(pendingScroll_);
    pendingScroll_ = 0.0f;
    session_.assetCamera.reset();
  }
}

void Viewer::openFile(const std::string& path) {
  files_->open(path);
}

// A reload shows the scene the old document showed, when the new file still has it.
void Viewer::keepActiveScene(Document& document, bool keepView) const {
  const int oldScene = session_.document->scene->activeScene;
  if (keepView && oldScene >= 0 && size_t(oldScene) < document.scene->scenes.size())
    document.scene->activeScene = oldScene;
}

void Viewer::replaceDocument(std::unique_ptr<Document> document, bool keepView) {
  dropArriving();  // replaced before it arrived (setScene drops its upload)
  keepActiveScene(*document, keepView);
  // setScene waits for the frames in flight before freeing the old scene's buffers; a scene
  // the device cannot hold leaves the current document on screen (the error panel says why).
  if (!showScene(*document->scene, document->path)) return;
  adoptDocument(std::move(document), keepView);
}

void Viewer::beginDocument(std::unique_ptr<Document> document, bool keepView, bool reload) {
  dropArriving();  // beginScene drops the upload of a document still arriving
  keepActiveScene(*document, keepView);
  const renderer::SceneResult r =
      renderer_->beginScene(*document->scene, document->scene->activeScene);
  if (!r.shown) {
    reportScene(r, document->path);
    return;
  }
  session_.arriving = Session::Arriving{document->path, reload, 0.0f};
  // Decoding beside the geometry's upload.
  auto images = std::make_unique<ImageStream>(*document);
  arriving_ = Arriving{std::move(document), keepView, std::move(images)};
}

void Viewer::streamImages(std::unique_ptr<ImageStream> images, bool hold) {
  images_ = std::move(images);
  // A small asset's textures are there for its first frame: no flash of untextured geometry.
  if (!hold) {
    images_->waitAll(options_.texturesGraceSeconds);
    updateImages();
  }
}

void Viewer::updateImages() {
  if (!images_) return;
  // A chunk's worth of pixels at a time, for about half the time the last frame took (at least
  // one chunk, at most kMaxImageSeconds), so that no frame stalls long on the upload: ~16 MiB a
  // frame when frames are quick, more when the frame itself is slow (a large asset on lavapipe
  // draws ~3 frames a second: a chunk a frame spread its textures over a quarter of a minute). The
  // others wait in the stream, which decodes no further while too many do.
  Document& doc = *session_.document;
  const double start = glfwGetTime();
  do {
    if (images_->adopt(doc, options_.uploadChunkBytes, &session_.fileWarnings) == 0) break;
    renderer::SceneResult r;
    renderer_->addImagesReleasing(*doc.scene, r);  // switchScene keeps the textures
    if (!reportScene(r, doc.path)) break;
  } while (glfwGetTime() - start < std::min(0.5 * frameSeconds_, kMaxImageSeconds));
  if (images_->taken() == images_->total()) {
    images_.reset();
    renderer_->finishImages();
  }
}

void Viewer::updateEnvironment() {
  if (!session_.environmentArriving || images_ || framesPresented_ == 0) return;
  renderer_->setEnvironment(session_.environmentArriving.get());
  session_.environmentArriving.reset();
}

void Viewer::dropArriving() {
  arriving_.reset();
  session_.arriving.reset();
}

void Viewer::updateArriving() {
  if (!arriving_) return;
  const scene::Scene& scene = *arriving_->document->scene;
  // The outliner's scene switch (Renderer::switchScene of the document shown) dropped the
  // upload: again.
  if (!renderer_->sceneArriving()) {
    const renderer::SceneResult r = renderer_->beginScene(scene, scene.activeScene);
    if (!r.shown) {
      reportScene(r, arriving_->document->path);
      dropArriving();
      return;
    }
  }
  const std::optional<renderer::SceneResult> r = renderer_->continueScene(scene);
  if (!r) {  // still arriving: this frame draws the document shown
    session_.arriving->progress = float(renderer_->sceneArriving().value_or(1.0));
    return;
  }
  // The stream before the document it reads, which outlives it here.
  std::unique_ptr<Document> document = std::move(arriving_->document);
  std::unique_ptr<ImageStream> images = std::move(arriving_->images);
  const bool keepView = arriving_->keepView, reload = session_.arriving->reload;
  dropArriving();
  session_.status.clear();  // the scene's first warning, if any, takes the status line
  if (!reportScene(*r, document->path)) return;
  const std::string path = document->path;
  adoptDocument(std::move(document), keepView, std::move(images));
  if (session_.status.empty()) session_.status = (reload ? "Reloaded " : "Opened ") + path;
}

void Viewer::adoptDocument(std::unique_ptr<Document> document, bool keepView,
                           std::unique_ptr<ImageStream> images) {
  Session& s = session_;
  std::vector<std::string> oldNames, newNames;
  for (const anim::ClipInfo& c : s.document->animations->clips()) oldNames.push_back(c.name);
  for (const anim::ClipInfo& c : document->animations->clips()) newNames.push_back(c.name);
  // A reload keeps the transport (time, playing, in/out) and each clip's settings; another
  // file starts like a fresh launch (all clips, playing from the start).
  const Timeline before = s.timeline;
  const std::vector<int> match =
      keepView ? matchClips(oldNames, newNames) : std::vector<int>(newNames.size(), kNoClip);
  // What a reload keeps of the selection and the scene shown, found before the old document
  // goes: the selected node by its names from the root (an exporter may have inserted nodes
  // before it), the active scene when the file still has it.
  std::optional<uint32_t> selected;
  if (keepView && s.selectedNode)
    selected = matchNode(*s.document->scene, *s.selectedNode, *document->scene);
  const int oldVariant = s.materialVariant;
  const std::string variantName =
      oldVariant >= 0 ? s.document->scene->variants[size_t(oldVariant)] : std::string();
  images_.reset();  // decoding the old document's images: they are not needed any more
  s.document = std::move(document);
  s.dirty.clear();  // ranges of the old scene's slots
  const std::vector<std::string>& variants = s.document->scene->variants;
  const auto sameName = std::find(variants.begin(), variants.end(), variantName);
  setMaterialVariant(keepView && oldVariant >= 0 && sameName != variants.end()
                         ? int(sameName - variants.begin())
                         : -1);
  s.timeline.reset(s.document->animations->clips(), std::vector<bool>(newNames.size(), true));
  for (size_t i = 0; i < match.size(); ++i) {
    if (match[i] != kNoClip && size_t(match[i]) < before.clipCount())
      s.timeline.setClip(i, before.clip(size_t(match[i])));
  }
  const scene::Scene& scene = *s.document->scene;
  s.selectedNode = selected;
  if (s.assetCamera) {
    std::string error;
    if (!keepView || !assetCameraView(scene, *s.assetCamera, 1.0f, &error)) s.assetCamera.reset();
  }
  if (keepView) {
    s.timeline.setFps(before.fps());  // the rate the artist steps at, inferred or chosen
    if (before.hasRange()) s.timeline.setRange(before.in(), before.out());
    s.timeline.setTime(before.time());
    s.timeline.setDirection(before.direction());  // a ping-pong on its way back goes on back
    if (!before.playing()) s.timeline.pause();
  } else {
    s.selectedNode.reset();
    frameScene();
  }
  const std::string title =
      "Vitrine - " + std::filesystem::path(s.document->path).filename().string();
  glfwSetWindowTitle(window_, title.c_str());
  freeUploadedPixels(*s.document->scene);
  streamImages(images ? std::move(images) : std::make_unique<ImageStream>(*s.document),
               /*hold=*/false);
}

bool Viewer::showScene(const scene::Scene& scene, const std::string& path) {
  return reportScene(renderer_->setScene(scene, scene.activeScene), path);
}

bool Viewer::reportScene(const renderer::SceneResult& r, const std::string& path) {
  for (const std::string& warning : r.warnings)
    std::fprintf(stderr, "vitrine: %s: warning: %s\n", path.c_str(), warning.c_str());
  if (!r.shown) {
    session_.fileError = path + ": " + renderer_->deviceName() + " cannot show it: " + r.error;
    std::fprintf(stderr, "vitrine: %s\n", session_.fileError.c_str());
    return false;
  }
  if (!r.warnings.empty()) session_.status = "Warning: " + r.warnings.front();
  return true;
}

void Viewer::setMaterialVariant(int variant) {
  const scene::Scene& scene = *session_.document->scene;
  if (variant < 0 || size_t(variant) >= scene.variants.size()) variant = -1;
  session_.materialVariant = variant;
  renderer_->setMaterialVariant(scene, variant);
}

void Viewer::updateFiles() {
  auto done = files_->update(glfwGetTime(), session_);
  if (!done) return;
  const bool reload = done->purpose == LoaderThread::Purpose::Reload;
  // Uploaded over the next frames (updateArriving), the current document drawn meanwhile.
  beginDocument(std::move(done->result.document), reload, reload);
}

renderer::View Viewer::currentView(float a) const {
  renderer::View view = orbit_.view(a);
  if (session_.assetCamera) {
    std::string error;
    if (auto v = assetCameraView(*session_.document->scene, *session_.assetCamera, a, &error))
      view = *v;
  }
  applyLook(session_.look, view);
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
  ScreenshotResult r = takeScreenshot(*renderer_, currentView(a), uint32_t(std::max(w, 0)),
                                      uint32_t(std::max(h, 0)), named);
  session_.status = r.message;
  return r;
}

void Viewer::buildFileUi() {
  const MenuActions actions = drawMenuBar(session_, files_->settings().recentFiles);
  const std::string folder = std::filesystem::path(session_.document->path).parent_path().string();
  if (actions.open) files_->showBrowser(folder);
  if (actions.openRecent) openFile(*actions.openRecent);
  if (actions.screenshot) screenshot();
  if (actions.quit) glfwSetWindowShouldClose(window_, GLFW_TRUE);
  if (actions.variant) {
    setMaterialVariant(*actions.variant);
    const std::vector<std::string>& names = session_.document->scene->variants;
    session_.status = *actions.variant < 0 ? std::string("Default materials")
                                           : "Variant " + names[size_t(*actions.variant)];
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const Layout layout = this->layout({display.x, display.y}, session_.menuHeight);
  if (auto chosen = files_->drawUi(session_, layout)) openFile(*chosen);
}

void Viewer::buildUi() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  viewDisplay_ = glm::vec2(display.x, display.y);
  const double now = glfwGetTime();
  toast_.update(session_.status, now);
  if (noteSerial_ != session_.document->serial) {
    noteSerial_ = session_.document->serial;
    note_ = notDrawnNote(session_.document->notDrawn);
  }
  if (!session_.showUi) {
    // Tab hides the panels, not what the user must know: loading, a load error, the browser,
    // the last status message for a few seconds, and the extensions not drawn.
    session_.menuHeight = 0.0f;
    viewRect_ = PanelRect{{0.0f, 0.0f}, viewDisplay_};
    Layout whole;
    whole.view = viewRect_;
    if (auto chosen = files_->drawUi(session_, whole)) openFile(*chosen);
    if (toast_.visible(now)) drawStatusToast(viewRect_, session_.status, session_.uiScale);
    drawNotDrawnNote(viewRect_, note_, session_.uiScale);
    drawChannelNote(viewRect_, channelNote(*session_.document->scene, session_.look.channel),
                    session_.uiScale);
    return;
  }
  buildFileUi();
  const Layout layout = this->layout({display.x, display.y}, session_.menuHeight);
  viewRect_ = layout.view;
  // What the asset says but the picture lacks: shown with or without the panels (Tab).
  drawNotDrawnNote(viewRect_, note_, session_.uiScale);
  drawChannelNote(viewRect_, channelNote(*session_.document->scene, session_.look.channel),
                  session_.uiScale);
  scenePanels_.draw(layout, session_, *renderer_, {cpuMs_.value(), gpuMs_.value()});
  if (session_.panels.timeline) timelinePanel_->draw(session_, layout.timeline);
}

void Viewer::animate(double wallSeconds) {
  Session& s = session_;
  s.timeline.advance(wallSeconds);
  // Sampling again at unchanged clip times would write the same values back, and would undo a
  // hand edit of an animated factor while the timeline stands still: clips are sampled only
  // when their times, the enabled set or the document changed. The evaluation still runs, with
  // no clip, so hand-moved nodes get their world matrices.
  const bool changed = s.timeline.generation() != sampledGeneration_ ||
                       s.timeline.clipTimes() != sampledTimes_ ||
                       s.timeline.enabled() != sampledEnabled_;
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
    case GLFW_KEY_UP:
    case GLFW_KEY_DOWN: {  // Blender: Up/Down jump to the next/previous keyframe
      double k = 0.0;
      if (adjacentKeyframe(session_.timeline, session_.document->animations->clips(),
                           key.key == GLFW_KEY_UP, &k)) {
        session_.timeline.pause();
        session_.timeline.setTime(k);
      }
      break;
    }
    case GLFW_KEY_HOME:
      session_.timeline.jumpToStart();
      break;
    case GLFW_KEY_END:
      session_.timeline.jumpToEnd();
      break;
    case GLFW_KEY_TAB:
      session_.showUi = !session_.showUi;
      break;
    case GLFW_KEY_W:
      session_.look.wireframe = !session_.look.wireframe;
      break;
    case GLFW_KEY_C:  // the material channels, forwards (Shift: backwards)
      session_.look.channel =
          cycleChannel(session_.look.channel, key.mods & GLFW_MOD_SHIFT ? -1 : 1);
      break;
    case GLFW_KEY_F12:
      screenshot();
      break;
    case GLFW_KEY_O:
      if (key.mods & GLFW_MOD_CONTROL)
        files_->showBrowser(std::filesystem::path(session_.document->path).parent_path().string());
      break;
    default:
      break;
  }
}

void Viewer::handleDrop(const DropEvent& drop) {
  // One document at a time: the first file dropped is the one opened.
  if (!drop.paths.empty()) openFile(drop.paths.front());
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

  animate(wallSeconds);
  const renderer::View view = windowView();
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
