#include "batch_render.h"

#include <cstdio>
#include <string>

#include "batch_common.h"
#include "camera.h"
#include "ground.h"
#include "headless.h"
#include "look.h"
#include "overlay_lines.h"
#include "timings.h"

namespace vitrine::app {

int renderToPng(Document& document, const CliOptions& options) {
  scene::Scene& scene = *document.scene;
  if (sameFile(scene.path, *options.renderOut)) {
    std::fprintf(stderr, "vitrine: --render: %s is the input file; not overwriting it\n",
                 options.renderOut->c_str());
    return kExitBadInput;
  }
  const float aspect = float(options.width) / float(options.height);
  renderer::View view;
  if (options.camera) {
    std::string error;
    auto v = assetCameraView(scene, *options.camera, aspect, &error);
    if (!v) {
      std::fprintf(stderr, "vitrine: %s: %s\n", scene.path.c_str(), error.c_str());
      return kExitBadInput;
    }
    view = *v;
  } else {
    OrbitCamera orbit;
    orbit.frame(scene::sceneBounds(scene, scene.activeScene), aspect);
    view = orbit.view(aspect);
  }
  applyLook(options, view);
  view.ground.enabled = false;  // off for --render unless --ground on
  if (groundWanted(options, false)) {
    view.ground = placeGround(scene, *document.animations);
    view.ground.enabled = true;
  }
  OverlayLines lines;
  buildOverlayLines(options, scene, scene.activeScene, {}, aspect, lines);
  attachOverlayLines(lines, view);
  int status = kExitOk;
  auto r = createBatchRenderer(options, document, options.width, options.height, &status);
  if (!r) return status;
  FrameTimer frame(*r);
  const renderer::Pixels pixels = r->renderOffscreen(view, options.width, options.height);
  if (pixels.rgba.empty()) return gpuFailure(*r);
  frame.finish(*r);
  std::string error;
  if (!writePngAtomically(*options.renderOut, pixels, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  return validationStatus(*r);
}

}  // namespace vitrine::app
