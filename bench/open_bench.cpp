// open_bench: time to first frame and peak memory of `vitrine --render` against the floor,
// tinygltf alone loading the same file plus stb_image decoding its images on all cores (issue
// 16, "Open instantly"; parse_floor.h). Assets: a generated production-sized asset (2,048,000
// triangles over 1,000 meshes, 200 1024x1024 PNG textures, 2,000 animated channels;
// large_asset.h), written to a temp folder at start-up, and models of assimp-testmodels. Plus
// the 256 px thumbnail of BoxTextured with a warm cache.
//
// Every measured run is a process of its own (child_process.h), so load, Vulkan start-up,
// upload, first frame and PNG write are all in, and peak RSS is the child's: the floor runs as
// `open_bench --floor FILE` (it reports its own VmHWM), the generator as `open_bench --generate
// DIR`, keeping this parent small. Wall time is the child's, from spawn to exit (manual time).
// Cold = XDG_CACHE_HOME an empty folder (vitrine's environment cache and Mesa's shader cache
// alike); warm = a folder one earlier run filled. With `vitrine --timings` (when the binary
// knows it), the phase lines it prints on stderr are parsed into counters `ms:<phase>` and
// `MiB:peak_RSS` (addTimings).
//
// VITRINE_OPEN_BENCH_ASSET_DIR=DIR keeps the generated asset in DIR (reused when DIR/large.gltf
// exists) instead of a temp folder removed at exit. Needs a Vulkan device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json); no X server. Results and
// commands: bench/RESULTS.md, "Open instantly (issue 16)".
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "child_process.h"
#include "large_asset.h"
#include "parse_floor.h"

namespace {

namespace fs = std::filesystem;
using vitrine::bench::ChildRun;
using vitrine::bench::runChild;

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kVitrine = VITRINE_EXECUTABLE;
std::string selfExe;  // /proc/self/exe, resolved in main

fs::path scratchDir() {
  static const fs::path dir =
      fs::temp_directory_path() / ("vitrine-open-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

struct Asset {
  std::string name, path;
  int iterations = 3;
  // Filled by BM_Floor, read by the vitrine benchmarks after it (same order as registered).
  double floorWall = 0, floorCpu = 0, decodedMiB = 0;
};

bool haveTimings() {
  static const bool have = [] {
    const ChildRun r = runChild({kVitrine, "--help"}, (scratchDir() / "help").string());
    return (r.out + r.err).find("--timings") != std::string::npos;
  }();
  return have;
}

// Phase lines of --timings, as the timings branch prints them on stderr ("timings: file read
// 12.3 ms", "timings: peak RSS 812.0 MiB"); any other "<label>[:=] <number> ms|MiB" line is
// taken too. Sums into `sums` under "ms:<label>" / "MiB:<label>", spaces turned to '_'.
void addTimings(const std::string& err, std::map<std::string, double>& sums) {
  static const std::regex line(
      R"(([A-Za-z][A-Za-z0-9 _/+.-]*?)\s*[:=]?\s+([0-9]+(?:\.[0-9]+)?)\s*(ms|MiB)\b)");
  std::istringstream in(err);
  std::string text;
  while (std::getline(in, text)) {
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    std::string label = m[1].str();
    for (char& c : label)
      if (c == ' ') c = '_';
    sums[m[3].str() + ":" + label] += std::stod(m[2].str());
  }
}

void BM_Floor(benchmark::State& state, Asset* a) {
  double load = 0, decode = 0, cpu = 0, hwm = 0, wall = 0;
  for (auto _ : state) {
    const ChildRun r = runChild({selfExe, "--floor", a->path}, (scratchDir() / "floor").string());
    double l = 0, d = 0, buffers = 0, images = 0, h = 0;
    if (!r.ok ||
        std::sscanf(r.out.c_str(), "%lf %lf %lf %lf %lf", &l, &d, &buffers, &images, &h) != 5) {
      state.SkipWithError(("floor failed: " + r.error + r.out).c_str());
      return;
    }
    state.SetIterationTime(r.wallSeconds);
    wall += r.wallSeconds, load += l, decode += d, cpu += r.cpuSeconds;
    hwm = std::max(hwm, h);
    a->decodedMiB = (buffers + images) / (1024.0 * 1024.0);
  }
  const double n = double(state.iterations());
  a->floorWall = wall / n;
  a->floorCpu = cpu / n;
  state.counters["load_s"] = load / n;
  state.counters["decode_s"] = decode / n;
  state.counters["cpu_s"] = cpu / n;
  state.counters["peak_rss_MiB"] = hwm;
  state.counters["decoded_MiB"] = a->decodedMiB;
}

// `vitrine --render OUT --size 320x180 ASSET` (or the thumbnail command), cold or warm cache.
void firstFrame(benchmark::State& state, Asset* a, bool cold, bool thumbnail) {
  const fs::path cache = scratchDir() / (cold ? "cold-cache" : "warm-cache");
  const std::string out = (scratchDir() / "frame.png").string();
  std::vector<std::string> args =
      thumbnail ? std::vector<std::string>{kVitrine, "--thumbnail", "256", a->path, out}
                : std::vector<std::string>{kVitrine, "--render", out, "--size", "320x180", a->path};
  if (haveTimings()) args.push_back("--timings");
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  if (!cold) {  // fill the warm cache, and check the asset renders at all
    if (const ChildRun r = runChild(args, (scratchDir() / "vitrine").string()); !r.ok) {
      state.SkipWithError(r.error.c_str());
      return;
    }
  }
  double cpu = 0, rss = 0, wall = 0;
  std::map<std::string, double> phases;
  for (auto _ : state) {
    if (cold) fs::remove_all(cache);
    const ChildRun r = runChild(args, (scratchDir() / "vitrine").string());
    if (!r.ok) {
      state.SkipWithError(r.error.c_str());
      return;
    }
    state.SetIterationTime(r.wallSeconds);
    wall += r.wallSeconds, cpu += r.cpuSeconds;
    rss = std::max(rss, r.maxRssMiB);
    addTimings(r.err, phases);
  }
  const double n = double(state.iterations());
  state.counters["cpu_s"] = cpu / n;
  state.counters["peak_rss_MiB"] = rss;
  if (a->floorWall > 0) state.counters["x_floor"] = wall / n / a->floorWall;
  if (a->floorCpu > 0) state.counters["cpu_x_floor"] = cpu / n / a->floorCpu;
  if (a->decodedMiB > 0) state.counters["rss_x_decoded"] = rss / a->decodedMiB;
  for (const auto& [label, sum] : phases) state.counters[label] = sum / n;
}

int generate(const std::string& dir) {
  const auto start = std::chrono::steady_clock::now();
  const std::string path = vitrine::bench::writeLargeAsset(dir);
  std::printf("%s %.2f\n", path.c_str(),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

int floorMain(const std::string& path) {
  const vitrine::bench::FloorResult r = vitrine::bench::loadFloor(path);
  if (!r.error.empty()) {
    std::fprintf(stderr, "%s\n", r.error.c_str());
    return 1;
  }
  std::printf("%.6f %.6f %llu %llu %.1f\n", r.loadSeconds, r.decodeSeconds,
              (unsigned long long)r.bufferBytes, (unsigned long long)r.imageBytes,
              vitrine::bench::selfPeakRssMiB());
  return 0;
}

// The generated asset's path: made by a child (its memory is not this process's peak).
// Without VITRINE_OPEN_BENCH_ASSET_DIR it goes under scratchDir(), removed at exit.
std::string largeAsset() {
  const char* keep = std::getenv("VITRINE_OPEN_BENCH_ASSET_DIR");
  const fs::path dir = keep ? fs::path(keep) : scratchDir() / "large";
  if (fs::exists(dir / "large.gltf")) return (dir / "large.gltf").string();
  const ChildRun r =
      runChild({selfExe, "--generate", dir.string()}, (scratchDir() / "gen").string());
  if (!r.ok) {
    std::fprintf(stderr, "open_bench: generating the large asset failed: %s\n", r.error.c_str());
    return {};
  }
  std::fprintf(stderr, "open_bench: large asset generated in %.1f s wall (%.1f s CPU): %s\n",
               r.wallSeconds, r.cpuSeconds, r.out.c_str());
  return (dir / "large.gltf").string();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--generate") return generate(argv[2]);
  if (argc == 3 && std::string(argv[1]) == "--floor") return floorMain(argv[2]);
  selfExe = fs::read_symlink("/proc/self/exe").string();

  static std::vector<Asset> assets;
  const std::string large = largeAsset();
  if (large.empty()) return 1;
  assets.push_back({"large", large, 2});
  for (const auto& [name, rel] : std::vector<std::pair<std::string, std::string>>{
           {"BoxTextured", "/BoxTextured-glTF/BoxTextured.gltf"},
           {"2CylinderEngine", "/2CylinderEngine-glTF-Binary/2CylinderEngine.glb"},
           {"ClearCoatTest", "/ClearCoat-glTF/ClearCoatTest.gltf"},
           {"AnimatedMorphCube",
            "/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf"}})
    assets.push_back({name, kModels + rel, 5});

  for (Asset& a : assets) {
    auto reg = [&](const std::string& name, auto fn) {
      benchmark::RegisterBenchmark(name.c_str(), fn, &a)
          ->Unit(benchmark::kMillisecond)
          ->UseManualTime()
          ->Iterations(a.iterations);
    };
    reg("BM_Floor/" + a.name, BM_Floor);
    reg("BM_FirstFrame/" + a.name + "/warm",
        [](benchmark::State& s, Asset* x) { firstFrame(s, x, false, false); });
    reg("BM_FirstFrame/" + a.name + "/cold",
        [](benchmark::State& s, Asset* x) { firstFrame(s, x, true, false); });
  }
  benchmark::RegisterBenchmark(
      "BM_Thumbnail256/BoxTextured/warm",
      [](benchmark::State& s, Asset* x) { firstFrame(s, x, false, true); }, &assets[1])
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(10);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::fprintf(stderr,
               "open_bench: --timings %s; this process's VmHWM %.1f MiB (a floor under "
               "every child's ru_maxrss, child_process.h)\n",
               haveTimings() ? "parsed" : "not in this vitrine: wall and RSS only",
               vitrine::bench::selfPeakRssMiB());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ignored;
  fs::remove_all(scratchDir(), ignored);
  return 0;
}
