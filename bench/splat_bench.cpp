// KHR_gaussian_splatting at 800x600 on the scenes splat_scene.h generates (issue 35): the sort
// alone, the CPU preparation of a view, the renderer's whole frame, and loading the .glb and the
// .ply. Needs a Vulkan device for BM_SplatFrame (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json). The files are written once per
// process into a scratch folder (removed at exit), before anything is timed.
//   BM_SplatSort/N      sortBackToFront() of the N distances from the camera to the means.
//   BM_SplatPrepare/N/S prepareSplats() for the camera at 800x600. sort_ms, project_ms: its
//                       SplatFrame's (projection, colour and distances, then the gather in
//                       sorted order); drawn: splats kept; overdraw: the 3-sigma boxes' area
//                       (clipped to the frame) over the frame's pixels, the fragments one quad
//                       a splat would shade (the raster this project drew splats with before
//                       the tile rasterizer); ellipse_share: the part of those boxes where
//                       alpha reaches 1/255. tiles_ms: binSplats() of the view
//                       once (8-pixel tiles); tile_layers: its entries times 64 over the
//                       frame's pixels, the splats a pixel would test without the early stop.
//                       S (fixed_scale) 1: the median scale of 100,000 splats kept at N (the
//                       fill then grows with N).
//   BM_SplatFrame/N/S   a validated headless Renderer drawing the loaded .glb with renderOffscreen
//                       at 800x600, the camera orbiting 0.01 rad a frame (so every frame prepares
//                       and sorts again); N = 1: the frame's floor. frame_ms: wall per frame;
//                       sort_ms, project_ms, tiles_ms (binning into the tile rasterizer's
//                       tiles): lastDrawStats(); copy_ms: a memcpy of the drawn
//                       ProjectedSplats, what staging them into the mapped buffer costs
//                       (measured apart, after the loop); raster_ms = frame - sort - project -
//                       tiles - copy: recording, the device's work (on lavapipe: CPU threads)
//                       and the readback; gpu_ms: lastGpuMilliseconds() (the command buffer, from
//                       timestamps); process_cpu_ms: CPU time of all the process's threads
//                       (lavapipe's included), steadier than wall time on a shared machine.
//   BM_SplatLoad/F/N    loadScene() of the .glb or the .ply. peak_rss_mib: the peak resident set
//                       of a process that does only that (this binary's --load-peak, its own
//                       VmHWM: getrusage's ru_maxrss of a spawned child also counts the parent's
//                       address space, child_process.h).
// Helper modes: `splat_bench --write DIR N` writes DIR/splats_N.glb and DIR/splats_N.ply (for
// `vitrine --render`); `splat_bench --load-peak FILE` loads FILE and prints its figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <compare>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <glm/gtc/matrix_transform.hpp>

#include "child_process.h"
#include "loader.h"
#include "renderer.h"
#include "splat_scene.h"
#include "splat_sort.h"
#include "splat_tiles.h"
#include "splat_view.h"

namespace {

namespace fs = std::filesystem;
namespace bench = vitrine::bench;
namespace renderer = vitrine::renderer;
namespace scene = vitrine::scene;
namespace splat = vitrine::splat;

constexpr uint32_t kWidth = 800, kHeight = 600;
constexpr float kOrbitStep = 0.01f;  // radians a frame
constexpr int kWarmupFrames = 2;

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point from) {
  return std::chrono::duration<double, std::milli>(Clock::now() - from).count();
}

// CPU time of every thread of the process (lavapipe's rasterizer threads included).
double processCpuMilliseconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

std::string selfExe;

fs::path scratchDir() {
  static const fs::path dir =
      fs::temp_directory_path() / ("vitrine-splat-bench-" + std::to_string(::getpid()));
  return dir;
}

glm::mat4 projection() {
  return glm::perspective(bench::SplatSceneLayout::kYFov, float(kWidth) / float(kHeight),
                          bench::SplatSceneLayout::kZNear, bench::SplatSceneLayout::kZFar);
}

// A generated scene: `count` splats whose median scale follows the count (splat_scene.h), or,
// with `fixedScale`, stays at 100,000 splats' (0.5 % of the extent) whatever the count.
struct Variant {
  uint32_t count = 0;
  bool fixedScale = false;
  auto operator<=>(const Variant&) const = default;
  std::string name() const {
    return "splats_" + std::to_string(count) + (fixedScale ? "_fixed" : "");
  }
};

// The cloud of `v`, made on the first call (a million: 236 MB, seconds).
const scene::SplatCloud& cloudOf(Variant v) {
  static std::map<Variant, std::unique_ptr<scene::SplatCloud>> clouds;
  std::unique_ptr<scene::SplatCloud>& c = clouds[v];
  if (!c) {
    const float median = v.fixedScale ? bench::SplatSceneLayout::kMedianScale : 0.0f;
    c = std::make_unique<scene::SplatCloud>(bench::makeSplatScene(v.count, 3, median));
  }
  return *c;
}

struct SplatFiles {
  std::string glb, ply, error;
};

SplatFiles writeFiles(const fs::path& dir, Variant v) {
  SplatFiles f;
  std::error_code ec;
  fs::create_directories(dir, ec);
  const std::string stem = (dir / v.name()).string();
  f.glb = stem + ".glb";
  f.ply = stem + ".ply";
  const scene::SplatCloud& c = cloudOf(v);
  f.error = bench::writeSplatGlb(f.glb, c);
  if (f.error.empty()) f.error = bench::writeSplatPly(f.ply, c);
  return f;
}

// The files of `v`, written on the first call.
const SplatFiles& filesOf(Variant v) {
  static std::map<Variant, SplatFiles> files;
  auto it = files.find(v);
  if (it == files.end()) it = files.emplace(v, writeFiles(scratchDir(), v)).first;
  return it->second;
}

uint64_t splatCount(const scene::Scene& s) {
  uint64_t n = 0;
  for (const scene::Mesh& m : s.meshes) {
    for (const scene::Primitive& p : m.primitives)
      if (p.splats) n += p.splats->count;
  }
  return n;
}

void BM_SplatSort(benchmark::State& state) {
  const scene::SplatCloud& c = cloudOf({uint32_t(state.range(0))});
  const glm::vec3 eye = bench::splatSceneCamera().eye;
  std::vector<float> distances(c.count);
  for (uint32_t i = 0; i < c.count; ++i) distances[i] = glm::length(c.positions[i] - eye);
  std::vector<uint32_t> order;
  splat::SortScratch scratch;
  splat::sortBackToFront(distances, order, scratch);  // warm: buffers allocated
  for (auto _ : state) {
    splat::sortBackToFront(distances, order, scratch);
    benchmark::DoNotOptimize(order.data());
  }
  for (size_t i = 1; i < order.size(); ++i) {
    if (distances[order[i - 1]] < distances[order[i]]) {
      state.SkipWithError("not sorted back to front");
      return;
    }
  }
}

void BM_SplatPrepare(benchmark::State& state) {
  const scene::SplatCloud& c = cloudOf({uint32_t(state.range(0)), state.range(1) != 0});
  const splat::SplatInstance instance{&c, glm::mat4(1.0f)};
  const bench::SplatViewpoint v = bench::splatSceneCamera();
  splat::SplatCamera camera;
  camera.view = v.view;
  camera.projection = projection();
  camera.eye = v.eye;
  camera.width = kWidth;
  camera.height = kHeight;
  splat::SplatFrame frame;
  splat::SplatScratch scratch;
  splat::prepareSplats({&instance, 1}, camera, frame, scratch);  // warm
  double sort = 0.0, project = 0.0;
  for (auto _ : state) {
    splat::prepareSplats({&instance, 1}, camera, frame, scratch);
    sort += frame.sortMilliseconds;
    project += frame.projectMilliseconds;
  }
  // The boxes' area clipped to the frame; and, unclipped, the share of the boxes' area inside
  // the ellipse where splat_tiles.comp's alpha reaches 1/255 (Mahalanobis distance^2 at most
  // min(9, 2 ln(255 opacity)); area pi r^2 / sqrt(det conic)): what the rest is, discards.
  double area = 0.0, boxes = 0.0, ellipses = 0.0;
  for (const splat::ProjectedSplat& s : frame.splats) {
    boxes += 4.0 * double(s.extentX) * double(s.extentY);
    const double r2 = std::min(9.0, 2.0 * std::log(255.0 * double(s.opacity)));
    const double det = double(s.conic.x) * s.conic.z - double(s.conic.y) * s.conic.y;
    if (r2 > 0.0 && det > 0.0) ellipses += 3.141592653589793 * r2 / std::sqrt(det);
    const double w = std::clamp(s.center.x + s.extentX, 0.0f, float(kWidth)) -
                     std::clamp(s.center.x - s.extentX, 0.0f, float(kWidth));
    const double h = std::clamp(s.center.y + s.extentY, 0.0f, float(kHeight)) -
                     std::clamp(s.center.y - s.extentY, 0.0f, float(kHeight));
    area += w * h;
  }
  // The tile rasterizer's bins for this view (8-pixel tiles, as the renderer's), once: their
  // entries per screen pixel's tile share (the kernel evaluations before the early stop, over
  // the frame's pixels) and the binning's time.
  splat::SplatTiles tiles;
  tiles.tileSize = 8;
  splat::binSplats(frame.splats, kWidth, kHeight, tiles);
  const double n = double(state.iterations());
  state.counters["sort_ms"] = sort / n;
  state.counters["project_ms"] = project / n;
  state.counters["tiles_ms"] = tiles.milliseconds;
  state.counters["tile_layers"] = double(tiles.entries) * 64.0 / double(kWidth * kHeight);
  state.counters["drawn"] = double(frame.splats.size());
  state.counters["overdraw"] = area / double(kWidth * kHeight);
  state.counters["ellipse_share"] = boxes > 0.0 ? ellipses / boxes : 0.0;
}

// The loaded .glb of `v`, one kept at a time.
const scene::Scene* sceneOf(Variant v, std::string& error) {
  static Variant loadedVariant;
  static std::unique_ptr<scene::Scene> loaded;
  if (!loaded || loadedVariant != v) {
    loaded.reset();
    const SplatFiles& f = filesOf(v);
    if (!f.error.empty()) {
      error = f.error;
      return nullptr;
    }
    scene::LoadResult r = scene::loadScene(f.glb);
    if (!r.scene) {
      error = r.error;
      return nullptr;
    }
    loaded = std::move(r.scene);
    loadedVariant = v;
  }
  return loaded.get();
}

void BM_SplatFrame(benchmark::State& state) {
  std::string error;
  const scene::Scene* s = sceneOf({uint32_t(state.range(0)), state.range(1) != 0}, error);
  if (!s) {
    state.SkipWithError(error.c_str());
    return;
  }
  renderer::Options options;
  options.validation = true;
  std::unique_ptr<renderer::Renderer> r = renderer::Renderer::create(options, &error);
  if (!r) {
    state.SkipWithError(error.c_str());
    return;
  }
  const renderer::SceneResult shown = r->setScene(*s, 0);
  if (!shown.shown) {
    state.SkipWithError(shown.error.c_str());
    return;
  }
  renderer::View view;
  view.projection = projection();
  view.background = renderer::Background::Color;
  float angle = 0.0f;
  const auto frame = [&] {
    const bench::SplatViewpoint v = bench::splatSceneCamera(angle);
    angle += kOrbitStep;
    view.view = v.view;
    view.eye = v.eye;
    return !r->renderOffscreen(view, kWidth, kHeight).rgba.empty();
  };
  for (int i = 0; i < kWarmupFrames; ++i) frame();

  double total = 0.0, sort = 0.0, project = 0.0, tiles = 0.0, gpu = 0.0, drawn = 0.0;
  uint64_t splats = 0;
  const double cpuStart = processCpuMilliseconds();
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    if (!frame()) {
      state.SkipWithError(r->lastError().c_str());
      return;
    }
    total += millisecondsSince(start);
    const renderer::DrawStats stats = r->lastDrawStats();
    sort += stats.splatSortMilliseconds;
    project += stats.splatProjectMilliseconds;
    tiles += stats.splatTileMilliseconds;
    drawn += double(stats.splatsDrawn);
    splats = stats.splats;
    gpu += r->lastGpuMilliseconds();
  }
  const double cpu = processCpuMilliseconds() - cpuStart;
  if (r->validationMessageCount() != 0) {
    state.SkipWithError("validation messages");
    return;
  }
  const double n = double(state.iterations());
  // What staging the drawn splats costs: the same bytes copied between two warm buffers.
  const size_t bytes = size_t(drawn / n) * sizeof(splat::ProjectedSplat);
  std::vector<uint8_t> from(bytes, 1), to(bytes, 0);
  double copy = 1e30;
  for (int i = 0; i < 5; ++i) {
    const Clock::time_point start = Clock::now();
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::DoNotOptimize(to.data());
    copy = std::min(copy, millisecondsSince(start));
  }
  state.counters["frame_ms"] = total / n;
  state.counters["sort_ms"] = sort / n;
  state.counters["project_ms"] = project / n;
  state.counters["tiles_ms"] = tiles / n;
  state.counters["copy_ms"] = copy;
  state.counters["raster_ms"] = (total - sort - project - tiles) / n - copy;
  state.counters["gpu_ms"] = gpu / n;
  state.counters["process_cpu_ms"] = cpu / n;
  state.counters["splats"] = double(splats);
  state.counters["drawn"] = drawn / n;
}

enum class Format { Glb, Ply };

void BM_SplatLoad(benchmark::State& state, Format format) {
  const auto count = uint32_t(state.range(0));
  const SplatFiles& f = filesOf({count});
  if (!f.error.empty()) {
    state.SkipWithError(f.error.c_str());
    return;
  }
  const std::string& path = format == Format::Glb ? f.glb : f.ply;
  for (auto _ : state) {
    scene::LoadResult r = scene::loadScene(path);
    if (!r.scene || splatCount(*r.scene) != count) {
      state.SkipWithError(("load: " + r.error).c_str());
      return;
    }
    benchmark::DoNotOptimize(r.scene.get());
  }
  const bench::ChildRun child =
      bench::runChild({selfExe, "--load-peak", path}, (scratchDir() / "child").string());
  double peak = 0.0;
  if (!child.ok || std::sscanf(child.out.c_str(), "%*s %*s %lf", &peak) != 1) {
    state.SkipWithError(("--load-peak: " + child.error + child.out).c_str());
    return;
  }
  state.counters["peak_rss_mib"] = peak;
  state.counters["file_mib"] = double(fs::file_size(path)) / (1024.0 * 1024.0);
}

// `--load-peak FILE`: "splats N PEAK_MIB MS" on stdout.
int loadPeak(const std::string& path) {
  const Clock::time_point start = Clock::now();
  scene::LoadResult r = scene::loadScene(path);
  const double ms = millisecondsSince(start);
  if (!r.scene) {
    std::fprintf(stderr, "%s\n", r.error.c_str());
    return 1;
  }
  std::printf("splats %llu %.1f %.1f\n", static_cast<unsigned long long>(splatCount(*r.scene)),
              bench::selfPeakRssMiB(), ms);
  return 0;
}

// `--write DIR N`.
int writeMain(const std::string& dir, const std::string& count) {
  const SplatFiles f = writeFiles(dir, {uint32_t(std::stoul(count))});
  if (!f.error.empty()) {
    std::fprintf(stderr, "%s\n", f.error.c_str());
    return 1;
  }
  std::printf("%s\n%s\n", f.glb.c_str(), f.ply.c_str());
  return 0;
}

}  // namespace

BENCHMARK(BM_SplatSort)->Arg(1000000)->Unit(benchmark::kMillisecond);
// Second argument 1: the median scale fixed at 100,000 splats' (the fill grows with the count).
BENCHMARK(BM_SplatPrepare)
    ->ArgNames({"", "fixed_scale"})
    ->Args({100000, 0})
    ->Args({1000000, 0})
    ->Args({1000000, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SplatFrame)
    ->ArgNames({"", "fixed_scale"})
    ->Args({1, 0})
    ->Args({100000, 0})
    ->Args({1000000, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(8);
// Its frame takes about 13 s: two of them.
BENCHMARK(BM_SplatFrame)
    ->ArgNames({"", "fixed_scale"})
    ->Args({1000000, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);
BENCHMARK_CAPTURE(BM_SplatLoad, glb, Format::Glb)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);
BENCHMARK_CAPTURE(BM_SplatLoad, ply, Format::Ply)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--load-peak") return loadPeak(argv[2]);
  if (argc == 4 && std::string(argv[1]) == "--write") return writeMain(argv[2], argv[3]);
  selfExe = fs::read_symlink("/proc/self/exe").string();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ignored;
  fs::remove_all(scratchDir(), ignored);
  return 0;
}
