#include "headless.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <stb_image_write.h>

#include "camera.h"
#include "look.h"

namespace vitrine::app {

bool validationRequested() {
  const char* env = std::getenv("VITRINE_VALIDATION");
  if (env) return std::strcmp(env, "0") != 0;
#ifdef NDEBUG
  return false;
#else
  return true;
#endif
}

bool writePng(const std::string& path, const renderer::Pixels& pixels, std::string* error) {
  // stbi_write_png reports no reason; check the path first so the error can say why.
  FILE* probe = std::fopen(path.c_str(), "wb");
  if (!probe) {
    *error = path + ": cannot write: " + std::strerror(errno);
    return false;
  }
  std::fclose(probe);
  if (!stbi_write_png(path.c_str(), int(pixels.width), int(pixels.height), 4, pixels.rgba.data(),
                      int(pixels.width * 4))) {
    *error = path + ": cannot write the PNG";
    return false;
  }
  return true;
}

int renderToPng(const scene::Scene& scene, const CliOptions& options) {
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
  std::unique_ptr<scene::EnvironmentImage> environment;
  {
    std::string error;
    if (!loadEnvironment(options, environment, &error)) {
      std::fprintf(stderr, "vitrine: %s\n", error.c_str());
      return kExitBadInput;
    }
  }

  renderer::Options ro;
  ro.validation = validationRequested();
  ro.cacheDirectory = environmentCacheDirectory();
  std::string error;
  auto r = renderer::Renderer::create(ro, &error);
  if (!r) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitNoDevice;
  }
  if (options.width > r->maxImageSize() || options.height > r->maxImageSize()) {
    std::fprintf(stderr, "vitrine: --size %ux%u: %s renders at most %ux%u\n", options.width,
                 options.height, r->deviceName().c_str(), r->maxImageSize(), r->maxImageSize());
    return kExitBadInput;
  }
  r->setEnvironment(environment.get());
  r->setScene(scene, scene.activeScene);
  r->updateTransforms(scene);
  const renderer::Pixels pixels = r->renderOffscreen(view, options.width, options.height);
  if (!writePng(*options.renderOut, pixels, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  if (const uint32_t n = r->validationMessageCount()) {
    std::fprintf(stderr, "vitrine: %u validation message(s)\n", n);
    return kExitValidation;
  }
  return kExitOk;
}

}  // namespace vitrine::app
