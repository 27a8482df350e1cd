#include "batch_frames.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "ground.h"
#include "batch_common.h"
#include "batch_interact.h"
#include "overlay_lines.h"
#include "headless.h"
#include "look.h"
#include "timings.h"

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

// The camera of frame `index` at `seconds`: --camera as posed now, else the turntable's.
// Empty with *error = "FILE: frame N (t=T): WHY" when the asset camera has no view (a
// missing node, or one whose animated scale reached zero).
std::optional<renderer::View> frameView(const CliOptions& options, const scene::Scene& scene,
                                        const OrbitCamera& framed, size_t index, float seconds,
                                        std::string* error) {
  const float aspect = float(options.width) / float(options.height);
  std::optional<renderer::View> view;
  std::string why;
  if (options.camera) {
    view = assetCameraView(scene, *options.camera, aspect, &why);
  } else {
    view = sequenceCamera(framed, options, seconds).view(aspect);
  }
  if (!view) {
    char where[64];
    std::snprintf(where, sizeof where, ": frame %zu (t=%g): ", index + 1, double(seconds));
    *error = options.file + where + why;
    return std::nullopt;
  }
  applyLook(options, *view);
  return view;
}

// "frame_0042.png" -> 42; 0 for any other name.
size_t frameNumber(const std::string& name) {
  constexpr std::string_view kPrefix = "frame_", kSuffix = ".png";
  if (name.size() <= kPrefix.size() + kSuffix.size() || name.rfind(kPrefix, 0) != 0 ||
      name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return 0;
  const std::string digits =
      name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size());
  if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) return 0;
  return size_t(std::stoul(digits));
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

std::string checkSequenceSize(const CliOptions& options, size_t frames) {
  const uint64_t pixels = uint64_t(frames) * options.width * options.height;
  if (pixels <= kMaxSequencePixels) return {};
  return "--size " + std::to_string(options.width) + "x" + std::to_string(options.height) + ": " +
         std::to_string(frames) + " frames of that size are " + std::to_string(pixels) +
         " pixels; one sequence writes at most " + std::to_string(kMaxSequencePixels) +
         " (2^34, 64 GiB as RGBA): render fewer frames or smaller ones";
}

float turntableYaw(const CliOptions& options, float seconds) {
  if (!options.turntableSeconds) return 0.0f;
  const float start = options.frames ? options.frames->start : 0.0f;
  return float(2.0 * M_PI * (double(seconds) - start) / *options.turntableSeconds);
}

OrbitCamera sequenceCamera(const OrbitCamera& framed, const CliOptions& options, float seconds) {
  OrbitCamera c = framed;
  if (options.turntableSeconds) {
    c.pitch = glm::radians(kTurntablePitchDegrees);
    c.yaw = framed.yaw + turntableYaw(options, seconds);
  }
  return c;
}

std::string frameFileName(size_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%04zu.png", index + 1);
  return name;
}

std::vector<std::string> staleFrames(const std::string& dir, size_t frames) {
  std::vector<std::string> stale;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(dir, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const size_t n = frameNumber(name);
    // frame_0005.png of a 10-frame run is replaced; frame_0011.png or frame_05.png is not.
    if (n > 0 && !(n <= frames && name == frameFileName(n - 1))) stale.push_back(name);
  }
  std::sort(stale.begin(), stale.end());
  return stale;
}

namespace {

// Poses the scene at `seconds`: the graph's ticks up to it when one runs, else the enabled
// clips at that instant. What changed is added to `dirty`. False after printing why a graph
// input failed.
bool pose(GraphRun* run, Document& doc, const std::vector<bool>& enabled, float seconds,
          scene::DirtySet& dirty) {
  if (!run) {
    doc.animations->evaluate(seconds, enabled, dirty);
    return true;
  }
  scene::DirtySet& changed = doc.graphHost->dirty();
  const bool ok = run->advance(double(seconds), [&](double, double) {
    // Merge each tick's changes: a range written by an early tick must upload too.
    for (size_t k = 0; k < changed.regions.size(); ++k) {
      for (const scene::ByteRange& b : changed.regions[k].ranges())
        dirty.regions[k].mark(b.offset, b.size);
    }
    for (const scene::ByteRange& b : changed.worldMatrices.ranges())
      dirty.worldMatrices.mark(b.offset, b.size);
    changed.clear();
  });
  dirty.coalesce();
  return ok;
}

}  // namespace

int runFrames(const CliOptions& options) {
  const std::vector<float> times = sequenceTimes(options);
  if (const std::string error = checkSequenceSize(options, times.size()); !error.empty()) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  int status = kExitOk;
  std::optional<BatchAsset> asset = loadBatchAsset(options.file, options, &status);
  if (!asset) return status;
  Document& doc = *asset->document;
  scene::Scene& scene = *doc.scene;

  // The ground (off unless --ground on): placed once, over every animation's whole range.
  renderer::View::Ground ground;
  if (groundWanted(options, false)) {
    ground = placeGround(scene, *doc.animations);
    ground.enabled = true;
  }
  // With --interact the graph poses every instant (its clips play only when it starts them).
  std::unique_ptr<GraphRun> run;
  if (options.interact) {
    const std::optional<renderer::View> inputs = interactView(scene, options, options.file);
    if (!inputs) return kExitBadInput;
    run = GraphRun::create(*asset, options.file, options, *inputs, &status);
    if (!run) return status;
  }
  // Pose the first instant before uploading: the framing and the first frame both see it.
  scene::DirtySet dirty;
  if (!pose(run.get(), doc, asset->enabled, times.front(), dirty)) return kExitBadInput;
  dirty.clear();
  OrbitCamera framed;
  framed.frame(scene::sceneBounds(scene, scene.activeScene),
               float(options.width) / float(options.height));
  std::string error;
  std::optional<renderer::View> view = frameView(options, scene, framed, 0, times.front(), &error);
  if (view) view->ground = ground;
  if (!view) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }

  auto r = createBatchRenderer(options, doc, options.width, options.height, &status);
  if (!r) return status;
  // Only now, with the asset, the device and the size known good: a failure above leaves
  // nothing behind.
  std::error_code ec;
  std::filesystem::create_directories(*options.outDir, ec);
  if (ec || !std::filesystem::is_directory(*options.outDir)) {
    std::fprintf(stderr, "vitrine: --out %s: cannot create the directory: %s\n",
                 options.outDir->c_str(), (ec ? ec.message() : "a file is in the way").c_str());
    return kExitBadInput;
  }
  if (const std::vector<std::string> stale = staleFrames(*options.outDir, times.size());
      !stale.empty())
    std::fprintf(stderr,
                 "vitrine: warning: --out %s: %zu frame_*.png file(s) of an earlier run stay "
                 "there, not overwritten by these %zu frames (%s ...)\n",
                 options.outDir->c_str(), stale.size(), times.size(), stale.front().c_str());

  const bool progress = isatty(STDERR_FILENO);
  OverlayLines lines;  // the frame's overlays, as posed
  for (size_t i = 0; i < times.size(); ++i) {
    if (i > 0) {  // frame 0 was posed before the upload
      if (!pose(run.get(), doc, asset->enabled, times[i], dirty)) return kExitBadInput;
      r->applyChanges(scene, dirty);
      dirty.clear();
      view = frameView(options, scene, framed, i, times[i], &error);
      if (view) view->ground = ground;
    }
    if (view) {
      buildOverlayLines(options, scene, scene.activeScene, {},
                        float(options.width) / float(options.height), lines);
      attachOverlayLines(lines, *view);
      FrameTimer frame(*r);
      const renderer::Pixels pixels = r->renderOffscreen(*view, options.width, options.height);
      if (pixels.rgba.empty()) return gpuFailure(*r);
      frame.finish(*r);  // the first frame's only (printed once)
      const std::string path = (std::filesystem::path(*options.outDir) / frameFileName(i)).string();
      if (writePngAtomically(path, pixels, &error)) {
        if (progress) drawProgress(i + 1, times.size());
        continue;
      }
    }
    // The frames before this one stay written; this one and the rest are not.
    if (progress) std::fputc('\n', stderr);
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return kExitBadInput;
  }
  return validationStatus(*r);
}

}  // namespace vitrine::app
