#include "batch_thumbnail.h"

#include <cstdio>
#include <memory>

#include "ground.h"
#include "batch_common.h"
#include "overlay_lines.h"
#include "camera.h"
#include "graph_session.h"
#include "headless.h"
#include "look.h"
#include "timings.h"

namespace vitrine::app {

renderer::View thumbnailView(const scene::Scene& scene) {
  OrbitCamera orbit;
  orbit.frame(scene::sceneBounds(scene, scene.activeScene), 1.0f);
  // frame() fits the bounding sphere, so any direction keeps the whole asset in view.
  orbit.yaw = glm::radians(kThumbnailYawDegrees);
  orbit.pitch = glm::radians(kThumbnailPitchDegrees);
  return orbit.view(1.0f);
}

int runThumbnail(const CliOptions& options) {
  // Before anything is read: `vitrine --thumbnail 32 a.glb a.glb` must not replace the model.
  if (sameFile(options.file, options.thumbnailOut)) {
    std::fprintf(stderr, "vitrine: --thumbnail: %s is the input file; not overwriting it\n",
                 options.thumbnailOut.c_str());
    return kExitBadInput;
  }
  int status = kExitOk;
  std::optional<BatchAsset> asset = loadBatchAsset(options.file, options, &status);
  if (!asset) return status;
  Document& doc = *asset->document;
  std::unique_ptr<GraphSession> graph;  // reads `doc`: declared after it, destroyed first
  // On for thumbnails unless --ground off; placed before the pose (which it leaves as it was).
  renderer::View::Ground ground;
  if (options.ground) {
    ground = placeGround(*doc.scene, *doc.animations);
    ground.enabled = true;
  }
  // An interactive asset shows what a user first sees in the window: its default graph run
  // (without --interact: the file manager passes no flag) through onStart and tick 0, both at
  // τ = 0, its clips playing only as the graph starts them; the view, framed on the asset as
  // loaded, is the graph's active camera from onStart on. Otherwise the first frame of the
  // enabled clips (or --time's), framed as posed. Either way the renderer made below uploads
  // the posed scene whole.
  renderer::View view = thumbnailView(*doc.scene);
  if (doc.graphHost) {
    const interact::ActiveCamera camera = activeCameraOf(*doc.scene, {}, view, 1.0f);
    doc.graphHost->setActiveCamera(camera);       // for onStart already
    graph = std::make_unique<GraphSession>(doc);  // onStart, when the default graph runs
    graph->setCamera(camera);
  }
  if (graph && graph->active()) {
    graph->frame(0.0);  // tick 0
    doc.graphHost->dirty().clear();
  } else {
    scene::DirtySet dirty;
    const float time = options.time.value_or(firstFrameTime(doc, asset->enabled));
    doc.animations->evaluate(time, asset->enabled, dirty);
    view = thumbnailView(*doc.scene);
  }
  applyLook(options, view);
  view.ground = ground;
  if (options.background != CliBackground::Color) {
    // Transparent: the file manager draws the thumbnail over its own background.
    view.background = renderer::Background::Color;
    view.clearColor = glm::vec4(0.0f);
  }
  OverlayLines lines;
  buildOverlayLines(options, *doc.scene, doc.scene->activeScene, {}, 1.0f, lines);
  attachOverlayLines(lines, view);
  const uint32_t size = *options.thumbnailSize;
  auto r = createBatchRenderer(options, doc, size, size, &status);
  if (!r) return status;
  FrameTimer frame(*r);
  renderer::Pixels pixels = r->renderOffscreen(view, size, size);
  if (pixels.rgba.empty()) return gpuFailure(*r);
  frame.finish(*r);
  unpremultiplyAlpha(pixels);
  if (const int s = validationStatus(*r); s != kExitOk) return s;
  std::string error;
  if (!writePngAtomically(options.thumbnailOut, pixels, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace vitrine::app
