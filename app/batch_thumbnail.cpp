#include "batch_thumbnail.h"

#include <cstdio>

#include "batch_common.h"
#include "camera.h"
#include "headless.h"
#include "look.h"

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
  int status = kExitOk;
  std::optional<BatchAsset> asset = loadBatchAsset(options.file, options, &status);
  if (!asset) return status;
  Document& doc = *asset->document;
  scene::DirtySet dirty;  // the renderer uploads the whole posed scene below
  doc.animations->evaluate(firstFrameTime(doc, asset->enabled), asset->enabled, dirty);

  renderer::View view = thumbnailView(*doc.scene);
  applyLook(options, view);
  if (options.background != CliBackground::Color) {
    // Transparent: the file manager draws the thumbnail over its own background.
    view.background = renderer::Background::Color;
    view.clearColor = glm::vec4(0.0f);
  }
  std::unique_ptr<scene::EnvironmentImage> environment;
  std::string error;
  if (!loadEnvironment(options, environment, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  auto r = createBatchRenderer();
  if (!r) return kExitNoDevice;
  r->setEnvironment(environment.get());
  environment.reset();
  r->setScene(*doc.scene, doc.scene->activeScene);
  r->updateTransforms(*doc.scene);
  const uint32_t size = *options.thumbnailSize;
  renderer::Pixels pixels = r->renderOffscreen(view, size, size);
  unpremultiplyAlpha(pixels);
  if (const uint32_t n = r->validationMessageCount()) {
    std::fprintf(stderr, "vitrine: %u validation message(s)\n", n);
    return kExitValidation;
  }
  if (!writePngAtomically(options.thumbnailOut, pixels, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace vitrine::app
