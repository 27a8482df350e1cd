// Frame time with PBR and image-based light at 1280x720 on the device Vulkan picks (lavapipe
// here), for real sample models framed the way the viewer frames them. One iteration is one
// renderOffscreen(): record, submit, wait, and the readback of the image (3.7 MB copied to the
// host), which a window frame does not pay; the window's present path is not measured here.
// Results: bench/RESULTS.md ("Issue 4: frame time").
#include <memory>
#include <string>

#include <benchmark/benchmark.h>

#include "camera.h"
#include "environment_image.h"
#include "loader.h"
#include "renderer.h"

namespace {

using namespace vitrine;

constexpr uint32_t kWidth = 1280, kHeight = 720;
const std::string kModels = "/usr/share/assimp/models/glTF2/";

void frameTime(benchmark::State& state, const std::string& model) {
  scene::LoadResult loaded = scene::loadScene(kModels + model);
  if (!loaded.scene) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  std::string error;
  auto r = renderer::Renderer::create(renderer::Options{}, &error);
  if (!r) {
    state.SkipWithError(error.c_str());
    return;
  }
  const scene::EnvironmentImage studio = scene::studioEnvironment();
  r->setEnvironment(&studio);
  scene::Scene& s = *loaded.scene;
  r->setScene(s, s.activeScene);
  r->updateTransforms(s);
  const float aspect = float(kWidth) / float(kHeight);
  app::OrbitCamera orbit;
  orbit.frame(scene::sceneBounds(s, s.activeScene), aspect);
  const renderer::View view = orbit.view(aspect);
  (void)r->renderOffscreen(view, kWidth, kHeight);  // pipelines compiled on first use
  for (auto _ : state) {
    renderer::Pixels pixels = r->renderOffscreen(view, kWidth, kHeight);
    benchmark::DoNotOptimize(pixels.rgba.data());
  }
}

void BM_FrameBoxTextured(benchmark::State& state) {
  frameTime(state, "BoxTextured-glTF/BoxTextured.gltf");
}
void BM_Frame2CylinderEngine(benchmark::State& state) {
  frameTime(state, "2CylinderEngine-glTF-Binary/2CylinderEngine.glb");
}

BENCHMARK(BM_FrameBoxTextured)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(3.0);
BENCHMARK(BM_Frame2CylinderEngine)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(3.0);

}  // namespace

BENCHMARK_MAIN();
