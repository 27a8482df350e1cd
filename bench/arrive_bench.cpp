// arrive_bench (issue 16): how long the window's UI thread stops when a new asset replaces the
// one shown. Before, the swap was one Renderer::setScene: the whole upload, then a wait for
// the device. Now the viewer calls beginScene once and continueScene once a frame
// (Viewer::beginDocument), drawing the old scene between calls. For a generated asset
// (large_asset.h: 250 meshes, 40 textures of 1024x1024, 213 MiB with mips on the GPU), this
// reports per iteration:
// - BM_SetScene/<chunk MiB>: the blocking swap, the stall it was;
// - BM_Arrive/<chunk MiB>: beginScene + every continueScene, a 64x64 frame of the old scene
//   between two calls as the window would draw; counters longest_call_ms (the worst frame's
//   extra time: beginScene, a chunk's fill, or the final swap), calls, and total_ms of the
//   calls alone.
// Needs a Vulkan device (lavapipe: VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <unistd.h>

#include <glm/gtc/matrix_transform.hpp>

#include "large_asset.h"
#include "loader.h"
#include "renderer.h"
#include "scene.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The generated asset, loaded once for every benchmark of the run (its folder removed at exit).
struct Asset {
  std::filesystem::path dir;
  std::unique_ptr<scene::Scene> scene;
  std::string error;
  Asset() {
    dir = std::filesystem::temp_directory_path() /
          ("vitrine-arrive-bench-" + std::to_string(::getpid()));
    vitrine::bench::LargeAssetCounts counts;
    counts.meshes = 250;
    counts.textures = 40;
    counts.channels = 500;
    scene::LoadResult loaded = scene::loadScene(vitrine::bench::writeLargeAsset(dir, counts));
    if (!loaded.scene) {
      error = loaded.error;
      return;
    }
    scene = std::move(loaded.scene);
    scene::updateWorldTransforms(*scene);
  }
  ~Asset() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

const Asset& asset() {
  static const Asset a;
  return a;
}

// An empty scene: what the window shows while the asset arrives (nothing to draw, so the
// frames between the calls cost little).
scene::Scene emptyScene() {
  scene::Scene s;
  s.scenes.push_back({});
  s.activeScene = 0;
  return s;
}

renderer::View frontView() {
  renderer::View v;
  v.view = glm::lookAt(glm::vec3(0, 0, 40), glm::vec3(0), glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.8f, 1.0f, 0.1f, 100.0f);
  v.eye = glm::vec3(0, 0, 40);
  return v;
}

std::unique_ptr<renderer::Renderer> startRenderer(benchmark::State& state, uint64_t chunkBytes) {
  if (!asset().scene) {
    state.SkipWithError(asset().error.c_str());
    return nullptr;
  }
  renderer::Options options;
  options.uploadChunkBytes = chunkBytes;
  std::string error;
  auto r = renderer::Renderer::create(options, &error);
  if (!r) state.SkipWithError(error.c_str());
  return r;
}

void BM_SetScene(benchmark::State& state) {
  auto r = startRenderer(state, uint64_t(state.range(0)) << 20);
  if (!r) return;
  const scene::Scene shown = emptyScene();
  for (auto _ : state) {
    state.PauseTiming();
    (void)r->setScene(shown, 0);
    (void)r->renderOffscreen(frontView(), 64, 64);
    state.ResumeTiming();
    const renderer::SceneResult result = r->setScene(*asset().scene, asset().scene->activeScene);
    if (!result.shown) state.SkipWithError(result.error.c_str());
  }
  state.counters["chunks"] = double(r->lastSceneUploadStats().chunks);
}

void BM_Arrive(benchmark::State& state) {
  auto r = startRenderer(state, uint64_t(state.range(0)) << 20);
  if (!r) return;
  const scene::Scene shown = emptyScene();
  const scene::Scene& arriving = *asset().scene;
  double longest = 0.0, calls = 0.0, total = 0.0;
  for (auto _ : state) {
    state.PauseTiming();
    (void)r->setScene(shown, 0);
    (void)r->renderOffscreen(frontView(), 64, 64);
    state.ResumeTiming();
    Clock::time_point start = Clock::now();
    const renderer::SceneResult begun = r->beginScene(arriving, arriving.activeScene);
    double call = msSince(start);
    longest = std::max(longest, call);
    total += call;
    calls += 1.0;
    if (!begun.shown) {
      state.SkipWithError(begun.error.c_str());
      break;
    }
    for (;;) {
      (void)r->renderOffscreen(frontView(), 64, 64);  // the frame the window draws meanwhile
      start = Clock::now();
      const std::optional<renderer::SceneResult> done = r->continueScene(arriving);
      call = msSince(start);
      longest = std::max(longest, call);
      total += call;
      calls += 1.0;
      if (done) break;
    }
  }
  const double n = double(state.iterations());
  state.counters["longest_call_ms"] = longest;
  state.counters["calls"] = calls / n;
  state.counters["total_ms"] = total / n;
}

}  // namespace

BENCHMARK(BM_SetScene)
    ->ArgName("chunkMiB")
    ->Arg(64)
    ->Arg(16)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5);
BENCHMARK(BM_Arrive)
    ->ArgName("chunkMiB")
    ->Arg(64)
    ->Arg(16)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5);

BENCHMARK_MAIN();
