#include "batch_thumbnail.h"

#include <cstdio>

#include "ground.h"
#include "batch_common.h"
#include "overlay_lines.h"
#include "camera.h"
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
  // On for thumbnails unless --ground off; placed before the pose (which it leaves as it was).
  renderer::View::Ground ground;
  if (options.ground) {
    ground = placeGround(*doc.scene, *doc.animations);
    ground.enabled = true;
  }
  scene::DirtySet dirty;  // the renderer uploads the whole posed scene below
  const float time = options.time.value_or(firstFrameTime(doc, asset->enabled));
  doc.animations->evaluate(time, asset->enabled, dirty);

  renderer::View view = thumbnailView(*doc.scene);
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
