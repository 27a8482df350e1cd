// Viewer's documents: opening files, arriving chunk by chunk, images and environment streaming.
#include "viewer.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include <GLFW/glfw3.h>

#include "ground.h"
#include "document_swap.h"
#include "files.h"

namespace vitrine::app {
namespace {

// The most a frame spends handing streamed images to the renderer: after a long gap (the
// window was minimized) half the last "frame" would be all of them at once.
constexpr double kMaxImageSeconds = 0.25;

}  // namespace

// Frees the pixels the scene holds, once it is on the GPU: the window never uploads a
// document whole again (the outliner's scene switch keeps the textures:
// Renderer::switchScene), so its decoded images need not stay (issue 16). Those not uploaded
// (no material samples them) are never drawn.
void Viewer::freeUploadedPixels(scene::Scene& scene) {
  bool freed = false;
  for (scene::Image& image : scene.images) {
    freed = freed || !image.rgba8.empty();
    std::vector<uint8_t>().swap(image.rgba8);
    std::vector<std::vector<uint8_t>>().swap(image.mips);  // a KTX2 image's stored levels
  }
#ifdef __GLIBC__
  if (freed) malloc_trim(0);  // their pages back to the system, not kept by the allocator
#endif
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
  // The graph reads the old document: it goes first, and starts again from the new file (a
  // reload keeps the graph chosen).
  const uint32_t graph = s.graph ? s.graph->graphIndex() : 0;
  s.graph.reset();
  s.document = std::move(document);
  s.dirty.clear();  // ranges of the old scene's slots
  ground_ = placeGround(*s.document->scene, *s.document->animations);
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
    s.isolatedNode.reset();
    frameScene();
  }
  const std::string title =
      "Vitrine - " + std::filesystem::path(s.document->path).filename().string();
  glfwSetWindowTitle(window_, title.c_str());
  startGraph(keepView, graph);
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

}  // namespace vitrine::app
