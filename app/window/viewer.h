// The interactive viewer: a GLFW window, the renderer's swapchain, the orbit camera and the
// ImGui overlay, wired together. One frame = poll input, update camera, build UI, draw.
// Its members are defined by concern: viewer.cpp (the window, the frame, the camera),
// viewer_documents.cpp (opening, arriving and streaming documents), viewer_input.cpp (mouse,
// keys, dropped files) and viewer_ui.cpp (the panels).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "camera.h"
#include "cli.h"
#include "document.h"
#include "overlay_lines.h"
#include "pick_cycle.h"
#include "image_stream.h"
#include "environment_image.h"
#include "input.h"
#include "menu_bar.h"
#include "renderer.h"
#include "scene_panels.h"
#include "screenshot.h"
#include "session.h"
#include "settings.h"
#include "stats_overlay.h"

struct GLFWwindow;

namespace vitrine::app {

class GraphPanel;
class Overlay;
class TimelinePanel;

struct ViewerOptions {
  uint32_t width = 1280, height = 720;
  bool validation = false;
  std::optional<int> camera;  // look through this asset camera instead of orbiting
  int materialVariant = -1;   // KHR_materials_variants variant to start with (-1: none)
  CliOptions look;            // tone mapping, exposure, background, environment (applyLook)
  // The image-based light; null for none. Released once the renderer has processed it.
  std::shared_ptr<const scene::EnvironmentImage> environment;
  // Remembered between runs: window position, panels, Tab state, recent files (the size is
  // the caller's, in width/height). Saved to settingsFile at exit and when a file opens;
  // "" saves nothing (tests).
  Settings settings;
  std::string settingsFile;
  // The path of the bundled demo scene when that is what opens (no file given): it is not a
  // recent file of the user's, and its screenshots go to the pictures folder, never into the
  // installation or source tree beside it. "" otherwise.
  std::string builtInDemo;
  // What every load of the window may do (--max-memory, --allow-outside-folder).
  scene::LoadOptions load;
  // Hot reload's policy (file_watch.h).
  double reloadStableSeconds = 0.3, reloadBrokenSeconds = 1.0;
  // The most of a new document's scene uploaded in one frame while the current one stays on
  // screen (beginDocument; renderer::Options::uploadChunkBytes). 16 MiB: a frame's upload
  // step takes ~15 ms on lavapipe, 64 MiB ~65 ms, for no faster upload (bench/RESULTS.md,
  // arrive_bench).
  uint64_t uploadChunkBytes = 16ull << 20;
  // How long the window waits before its first frame for the start-up document's deferred
  // images (scene::LoadOptions::deferImageDecode): those decoded by then are in that frame.
  double texturesGraceSeconds = 0.1;
  // Tests: the start-up document's deferred images wait for releaseImages() to decode.
  bool holdImages = false;
};

class Files;

class Viewer {
 public:
  // Opens the window and uploads the document's scene; its animations play on the timeline,
  // clip i when enabled[i]. Null with *error set on failure (no display, no Vulkan device,
  // bad --camera).
  [[nodiscard]] static std::unique_ptr<Viewer> create(std::unique_ptr<Document> document,
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
  // Frames node `node` and its subtree (its position when it has no mesh below it).
  void frameNode(uint32_t node);
  // Queues an event as if the window had delivered it; handled at the start of the next frame,
  // whatever the UI's keyboard focus (tests drive the app through this).
  void inject(InputEvent event) { pending_.push_back(std::move(event)); }
  // Selects what lies under window point `at` (cursor coordinates), as a click there does: the
  // nearest drawn surface as posed now, the one behind it on a second click at the same place
  // (PickCycle), nothing over the background.
  void pickAt(glm::vec2 at);
  // The ray through window point `at` (cursor coordinates) of the window's view: its origin on
  // the near plane and its unit direction. What picking and the graph's select and hover use.
  std::pair<glm::vec3, glm::vec3> rayAt(glm::vec2 at) const;

  // Starts loading `path` on the worker thread; the current document stays on screen until
  // the new one replaces it (replaceDocument), or stays for good if it fails (fileError).
  void openFile(const std::string& path);
  // Shows `document` in place of the current one. keepView (hot reload): camera, time, play
  // state, ping-pong direction, the enabled clips (by name, else index), the active scene (when
  // the new file has it), the material variant (when the new file has one of that name) and
  // the selected node (matchNode) stay; else the new scene is framed
  // and its animations start over, all enabled. Runs on the UI thread and blocks it for
  // Renderer::setScene (uploads the whole scene, then waits for the frames in flight).
  void replaceDocument(std::unique_ptr<Document> document, bool keepView);
  // replaceDocument without blocking (what a load on the worker thread does, issue 16): the
  // scene is checked (a refusal goes to the error panel at once) and then uploaded a chunk a
  // frame (Renderer::beginScene/continueScene) while the current document stays on screen and
  // keeps playing; the frame its last chunk arrives, the new document replaces the current
  // one as replaceDocument would, and the status says "Opened" (or "Reloaded") and the path.
  // A later load or replaceDocument drops a document still arriving.
  void beginDocument(std::unique_ptr<Document> document, bool keepView, bool reload);
  // The shown document's deferred images not yet handed to the renderer (issue 16: the window
  // shows the geometry first, and each texture as it is decoded).
  size_t imagesArriving() const { return images_ ? images_->total() - images_->taken() : 0; }
  // Whether the start-up environment waits to be processed (Session::environmentArriving).
  bool environmentArriving() const { return session_.environmentArriving != nullptr; }
  // Lets ViewerOptions::holdImages' images decode.
  void releaseImages() {
    if (images_) images_->release();
  }
  // The document beginDocument is uploading, null when none is.
  const Document* arrivingDocument() const {
    return arriving_ ? arriving_->document.get() : nullptr;
  }
  // The 3D view as the window shows it, without the UI, as a PNG next to the asset or in the
  // pictures folder (screenshot.h); also sets session().status.
  ScreenshotResult screenshot();
  // What the 3D view shows at aspect ratio `aspect` (width / height): the orbit or asset
  // camera, with the session's look, centred. The screenshot renders this at the window's
  // aspect: a picture without panels has nothing to make room for, so the model stays centred
  // in it rather than offset towards where the panels were.
  renderer::View currentView(float aspect) const;
  // What the window shows: currentView at the aspect of the room the panels leave
  // (Layout::view), its projection moved into that rectangle (fitProjectionToRect), so that
  // the model is framed in the visible part of the window, not under the panels.
  renderer::View windowView() const;
  // Shows KHR_materials_variants variant `variant` of the document (-1 or out of range: the
  // asset's own materials): Session::materialVariant and the renderer's draws, no upload.
  void setMaterialVariant(int variant);
  Files& files() { return *files_; }
  const ScenePanels& scenePanels() const { return scenePanels_; }

  Session& session() { return session_; }
  const Session& session() const { return session_; }
  GLFWwindow* window() const { return window_; }
  renderer::Renderer& renderer() { return *renderer_; }
  uint64_t framesPresented() const { return framesPresented_; }
  // Tests: the framebuffer size runFrame() draws at instead of glfwGetFramebufferSize's, e.g.
  // the 0x0 a window manager reports for a minimised window (Xvfb without one never does).
  // nullopt: the window's own again.
  void overrideFramebufferSize(std::optional<std::pair<int, int>> size) {
    framebufferOverride_ = size;
  }
  // Why the window stopped drawing ("" while it draws): the device was lost or ran out of
  // memory in a frame (Renderer::lastError). run() then returns and the app exits with
  // kExitDeviceFailure.
  const std::string& failure() const { return failure_; }
  // Shows `scene` (of session().document) through Renderer::setScene: its warnings printed and
  // the first in the status line; a refusal put in the error panel (Session::fileError), the
  // previous scene staying on screen. False when refused.
  bool showScene(const scene::Scene& scene, const std::string& path);
  // showScene's report of a Renderer::setScene (or continueScene) result.
  bool reportScene(const renderer::SceneResult& result, const std::string& path);

 private:
  Viewer() = default;
  void handleEvents();
  void handleKey(const KeyEvent& key);
  void handleDrop(const DropEvent& drop);
  void handleMouse();
  // A button press or release in order (ButtonEvent): a left press and its release near it
  // make a click, however short.
  void handleButton(const ButtonEvent& button);
  // A click: the running graph's selection (event/onSelect), or with Alt, or without a graph,
  // the viewer's selection for inspection.
  void handleClick(const ClickEvent& click);
  // Makes session_.graph for the shown document (issue 34): graph `graph` when keep (a reload)
  // and the new file has it, else the default graph; onStart runs.
  void startGraph(bool keep, uint32_t graph);
  // The frame's graph step: its camera and hover pointer, one tick while it runs, and what it
  // wrote handed to the renderer.
  void updateGraph(double wallSeconds);
  void buildUi();
  float aspect() const;
  // Where the panels sit for this document (the timeline collapsed without animation).
  Layout layout(glm::vec2 display, float menuHeight) const;
  // Width / height of the 3D view's rectangle (viewRect_); the window's aspect without one.
  float viewAspect() const;
  void updateFiles();
  void keepActiveScene(Document& document, bool keepView) const;
  // One step of the arriving document's upload; replaces the current document once done.
  void updateArriving();
  void dropArriving();
  // Hands the images the stream has decoded to the scene and the renderer, uploadChunkBytes
  // of pixels at a time for about half the last frame's time (at least once a frame, at most
  // a quarter of a second).
  void updateImages();
  // Processes Session::environmentArriving once the start-up document's images have all
  // arrived and a frame has shown the asset.
  void updateEnvironment();
  // The second half of replaceDocument, once the new scene is on the GPU. `images`: the
  // stream of its encoded images when one was started (beginDocument); else one starts.
  void adoptDocument(std::unique_ptr<Document> document, bool keepView,
                     std::unique_ptr<ImageStream> images = nullptr);
  // Makes `images` the shown document's stream; the images decoded within
  // texturesGraceSeconds are in the next frame.
  void streamImages(std::unique_ptr<ImageStream> images, bool hold);
  void buildFileUi();
  void animate(double wallSeconds);
  // Frees the pixels of a scene now on the GPU (create, adoptDocument).
  static void freeUploadedPixels(scene::Scene& scene);

  // beginDocument's document until it replaces session_.document (its path, reload flag and
  // progress are session_.arriving, for the progress bar).
  struct Arriving {
    std::unique_ptr<Document> document;
    bool keepView = false;
    // Its images left encoded (an opened file's), decoding while its geometry uploads; after
    // the document, which it reads: dropped first.
    std::unique_ptr<ImageStream> images;
  };
  std::optional<Arriving> arriving_;
  // The shown document's images being decoded (LoadOptions::deferImageDecode: the start-up
  // file's and an opened file's) or decoded but not yet handed to the renderer. Null once
  // every image has arrived.
  std::unique_ptr<ImageStream> images_;
  std::string failure_;
  GLFWwindow* window_ = nullptr;
  std::unique_ptr<renderer::Renderer> renderer_;
  std::unique_ptr<Overlay> overlay_;
  std::unique_ptr<TimelinePanel> timelinePanel_;
  std::unique_ptr<GraphPanel> graphPanel_;
  std::unique_ptr<Files> files_;
  float contentScale_ = 1.0f;  // the window's, as last reported: overlay rebuilt on change
  Session session_;
  ScenePanels scenePanels_;
  std::vector<InputEvent> pending_;  // from the window's callbacks and inject()
  ViewerOptions options_;
  OrbitCamera orbit_;
  // The shown document's ground (placeGround(), once per document; View > Ground shows it).
  renderer::View::Ground ground_;
  double lastX_ = 0.0, lastY_ = 0.0;
  // Clicks (handleButton): whether the left button went down in the view, and where.
  bool leftPressed_ = false;
  glm::vec2 pressedAt_{0.0f};
  // The cursor over the window, from its motion events (PointerEvent); none once it left.
  std::optional<glm::vec2> pointer_;
  // The hover ray last given to the graph (updateGraph), to send it again only when it moves.
  std::optional<std::pair<glm::vec3, glm::vec3>> hoverSent_;
  bool wasGraphDriven_ = false;
  bool clipsShown_ = false;       // Session::clipsInsteadOfGraph as updateGraph last saw it
  uint64_t graphGeneration_ = 0;  // GraphSession::generation() as updateGraph last saw it
  PickCycle pickCycle_;
  // The room the panels leave for the 3D view (Layout::view, the whole display when the UI is
  // hidden) in ImGui display coordinates, and that display's size: set as the UI is built.
  PanelRect viewRect_;
  glm::vec2 viewDisplay_{0.0f};
  // The first frame's layout (the menu bar's real height) is known only once built: the
  // start-up framing is redone then.
  bool frameAfterLayout_ = false;
  float pendingScroll_ = 0.0f;
  // The time between the last two frames' starts (0 before the second): what updateImages
  // measures its share against.
  double frameSeconds_ = 0.0;
  // What the clips were last sampled at (animate()).
  uint64_t sampledGeneration_ = ~uint64_t(0);
  std::vector<float> sampledTimes_;
  std::vector<bool> sampledEnabled_;
  uint64_t framesPresented_ = 0;
  std::optional<std::pair<int, int>> framebufferOverride_;  // overrideFramebufferSize
  double lastFrameTime_ = 0.0;
  // The statistics overlay's frame times: CPU from the frame's start (after polling events)
  // until its commands are recorded, just before submission. That still includes the
  // renderer's wait for a free frame slot and swapchain image (before it records the scene),
  // which the app cannot time apart; the vsync wait between frames is no longer counted.
  SmoothedTime cpuMs_, gpuMs_;
  SmoothedTime graphMs_;  // the behaviour graph's ticks (updateGraph)
  StatusToast toast_;     // the status message while the UI is hidden
  // The "Not drawn" note of the document with serial noteSerial_ (not_drawn_note.h).
  uint64_t noteSerial_ = 0;
  std::string note_;
  // The line overlays of the frame being drawn (View::lines points into them).
  OverlayLines overlayLines_;
  // The isolated subtree's nodes (Session::isolatedNode; View::shownNodes points into it).
  std::vector<uint8_t> shownNodes_;
};

}  // namespace vitrine::app
