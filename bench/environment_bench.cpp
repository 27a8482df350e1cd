// Time to the first frame with the studio environment, step by step, on whatever Vulkan device
// the loader offers (lavapipe here; VK_ICD_FILENAMES selects it), validation off:
//   create            Renderer::create (instance, device, pipelines' layouts and shaders)
//   studio            scene::studioEnvironment() (the 1024 x 512 equirect on the CPU)
//   env_nocache       setEnvironment(studio) without a disk cache (all GPU processing)
//   env_cold          the same with an empty cache directory (processing, readback, file)
//   env_warm          the same with the file already there (read and upload only)
//   first_frame       the first renderOffscreen at 1280 x 720 of assets/demo.gltf after
//                     setScene (pipelines compiled on first use, targets created, readback)
//   launch_cold/warm  all of it in sequence: create, load the asset, studio, setEnvironment,
//                     setScene, first frame: the viewer's start-up path, less process start.
// Each iteration builds a new renderer (only one may exist at a time), so "first" is really
// first; the setup a step needs is excluded from its time with PauseTiming.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "environment_image.h"
#include "loader.h"
#include "renderer.h"
#include "scene.h"

namespace {

using vitrine::renderer::Renderer;

constexpr uint32_t kWidth = 1280, kHeight = 720;

std::unique_ptr<Renderer> createRenderer(const std::string& cacheDirectory,
                                         benchmark::State& state) {
  vitrine::renderer::Options options;
  options.cacheDirectory = cacheDirectory;
  std::string error;
  auto r = Renderer::create(options, &error);
  if (!r) state.SkipWithError(error.c_str());
  return r;
}

std::string cacheDirectory(const char* name, bool empty) {
  const std::string dir = (std::filesystem::temp_directory_path() / "vitrine-env-bench" / name);
  if (empty) std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::unique_ptr<vitrine::scene::Scene> loadDemo(benchmark::State& state) {
  vitrine::scene::LoadResult loaded = vitrine::scene::loadScene(VITRINE_ASSETS_DIR "/demo.gltf");
  if (!loaded.scene) {
    state.SkipWithError(loaded.error.c_str());
    return nullptr;
  }
  vitrine::scene::updateWorldTransforms(*loaded.scene);
  return std::move(loaded.scene);
}

vitrine::renderer::View demoView() {
  vitrine::renderer::View v;
  v.view = glm::lookAt(glm::vec3(0.0f, 1.0f, 4.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.8f, float(kWidth) / kHeight, 0.05f, 100.0f);
  v.eye = glm::vec3(0.0f, 1.0f, 4.0f);
  return v;
}

void BM_Create(benchmark::State& state) {
  for (auto _ : state) {
    auto r = createRenderer("", state);
    benchmark::DoNotOptimize(r.get());
  }
}
BENCHMARK(BM_Create)->Unit(benchmark::kMillisecond);

void BM_Studio(benchmark::State& state) {
  for (auto _ : state) {
    auto image = vitrine::scene::studioEnvironment();
    benchmark::DoNotOptimize(image.rgb.data());
  }
}
BENCHMARK(BM_Studio)->Unit(benchmark::kMillisecond);

// setEnvironment(studio): 0 no cache, 1 cold (empty cache), 2 warm (cache file present).
void BM_Environment(benchmark::State& state) {
  const int mode = int(state.range(0));
  const auto studio = vitrine::scene::studioEnvironment();
  const std::string dir = mode == 0 ? "" : cacheDirectory("environment", true);
  if (mode == 2) createRenderer(dir, state)->setEnvironment(&studio);  // fills the cache
  for (auto _ : state) {
    state.PauseTiming();
    if (mode == 1) cacheDirectory("environment", true);
    auto r = createRenderer(dir, state);
    state.ResumeTiming();
    r->setEnvironment(&studio);
    state.PauseTiming();
    r.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_Environment)
    ->ArgName("nocache_cold_warm")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

void BM_FirstFrame(benchmark::State& state) {
  const auto studio = vitrine::scene::studioEnvironment();
  const auto demo = loadDemo(state);
  if (!demo) return;
  const std::string dir = cacheDirectory("first_frame", false);
  for (auto _ : state) {
    state.PauseTiming();
    auto r = createRenderer(dir, state);
    r->setEnvironment(&studio);
    r->setScene(*demo, demo->activeScene);
    state.ResumeTiming();
    const auto pixels = r->renderOffscreen(demoView(), kWidth, kHeight);
    benchmark::DoNotOptimize(pixels.rgba.data());
    state.PauseTiming();
    r.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_FirstFrame)->Unit(benchmark::kMillisecond);

// The whole start-up: 1 cold cache, 2 warm.
void BM_Launch(benchmark::State& state) {
  const bool warm = state.range(0) == 2;
  const std::string dir = cacheDirectory("launch", true);
  if (warm) {
    const auto studio = vitrine::scene::studioEnvironment();
    createRenderer(dir, state)->setEnvironment(&studio);
  }
  for (auto _ : state) {
    if (!warm) {
      state.PauseTiming();
      cacheDirectory("launch", true);
      state.ResumeTiming();
    }
    auto r = createRenderer(dir, state);
    const auto demo = loadDemo(state);
    if (!demo) return;
    const auto studio = vitrine::scene::studioEnvironment();
    r->setEnvironment(&studio);
    r->setScene(*demo, demo->activeScene);
    const auto pixels = r->renderOffscreen(demoView(), kWidth, kHeight);
    benchmark::DoNotOptimize(pixels.rgba.data());
    state.PauseTiming();
    r.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_Launch)->ArgName("cold_warm")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
