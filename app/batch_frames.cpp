#include "batch_frames.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "batch_common.h"
#include "camera.h"
#include "headless.h"
#include "look.h"

namespace vitrine::app {
namespace {

// --turntable alone: a rate that plays smoothly and stays cheap to render.
constexpr float kTurntableFps = 30.0f;
constexpr float kTurntablePitchDegrees = 20.0f;

// One line redrawn in place: "[#####.....] 12/40 frames".
void drawProgress(size_t done, size_t total) {
  constexpr int kWidth = 40;
  const int filled = int(kWidth * done / total);
  std::fprintf(stderr, "\r[%s%s] %zu/%zu frames", std::string(size_t(filled), '#').c_str(),
               std::string(size_t(kWidth - filled), '.').c_str(), done, total);
  if (done == total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

}  // namespace

std::vector<float> sequenceTimes(const CliOptions& options) {
  std::vector<float> times;
  if (options.frames) {
    const CliOptions::FrameRange& f = *options.frames;
    const uint64_t n = frameCount(f);
    times.reserve(n);
    // In double, so frame 10000 at 1/30 s is not off by float rounding of i / FPS.
    for (uint64_t i = 0; i < n; ++i) times.push_back(float(f.start + double(i) / f.fps));
  } else if (options.turntableSeconds) {
    const double seconds = *options.turntableSeconds;
    for (uint64_t i = 0; i == 0 || double(i) / kTurntableFps < seconds - 1e-6; ++i)
      times.push_back(float(double(i) / kTurntableFps));
  }
  return times;
}

float turntableYaw(const CliOptions& options, float seconds) {
  if (!options.turntableSeconds) return 0.0f;
  const float start = options.frames ? options.frames->start : 0.0f;
  return float(2.0 * M_PI * (double(seconds) - start) / *options.turntableSeconds);
}

std::string frameFileName(size_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%04zu.png", index + 1);
  return name;
}

int runFrames(const CliOptions& options) {
  const std::vector<float> times = sequenceTimes(options);
  int status = kExitOk;
  std::optional<BatchAsset> asset = loadBatchAsset(options.file, options, &status);
  if (!asset) return status;
  Document& doc = *asset->document;
  scene::Scene& scene = *doc.scene;
  const float aspect = float(options.width) / float(options.height);

  // Pose the first instant before uploading: the framing and the first frame both see it.
  scene::DirtySet dirty;
  doc.animations->evaluate(times.front(), asset->enabled, dirty);
  dirty.clear();
  std::string error;
  if (options.camera && !assetCameraView(scene, *options.camera, aspect, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", options.file.c_str(), error.c_str());
    return kExitBadInput;
  }
  OrbitCamera orbit;
  orbit.frame(scene::sceneBounds(scene, scene.activeScene), aspect);
  const float yaw0 = orbit.yaw;
  if (options.turntableSeconds) orbit.pitch = glm::radians(kTurntablePitchDegrees);

  std::unique_ptr<scene::EnvironmentImage> environment;
  if (!loadEnvironment(options, environment, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  std::error_code ec;
  std::filesystem::create_directories(*options.outDir, ec);
  if (ec || !std::filesystem::is_directory(*options.outDir)) {
    std::fprintf(stderr, "vitrine: --out %s: cannot create the directory: %s\n",
                 options.outDir->c_str(), (ec ? ec.message() : "a file is in the way").c_str());
    return kExitBadInput;
  }

  auto r = createBatchRenderer();
  if (!r) return kExitNoDevice;
  if (options.width > r->maxImageSize() || options.height > r->maxImageSize()) {
    std::fprintf(stderr, "vitrine: --size %ux%u: %s renders at most %ux%u\n", options.width,
                 options.height, r->deviceName().c_str(), r->maxImageSize(), r->maxImageSize());
    return kExitBadInput;
  }
  r->setEnvironment(environment.get());
  environment.reset();
  r->setScene(scene, scene.activeScene);
  r->updateTransforms(scene);

  const bool progress = isatty(STDERR_FILENO);
  for (size_t i = 0; i < times.size(); ++i) {
    if (i > 0) {  // frame 0 was posed before setScene()
      doc.animations->evaluate(times[i], asset->enabled, dirty);
      r->applyChanges(scene, dirty);
      dirty.clear();
    }
    renderer::View view;
    if (options.camera) {
      view = *assetCameraView(scene, *options.camera, aspect, &error);
    } else {
      orbit.yaw = yaw0 + turntableYaw(options, times[i]);
      view = orbit.view(aspect);
    }
    applyLook(options, view);
    const renderer::Pixels pixels = r->renderOffscreen(view, options.width, options.height);
    const std::string path = (std::filesystem::path(*options.outDir) / frameFileName(i)).string();
    if (!writePngAtomically(path, pixels, &error)) {
      if (progress) std::fputc('\n', stderr);
      std::fprintf(stderr, "vitrine: %s\n", error.c_str());
      return kExitBadInput;
    }
    if (progress) drawProgress(i + 1, times.size());
  }
  if (const uint32_t n = r->validationMessageCount()) {
    std::fprintf(stderr, "vitrine: %u validation message(s)\n", n);
    return kExitValidation;
  }
  return kExitOk;
}

}  // namespace vitrine::app
