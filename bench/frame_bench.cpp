// Frame time of the mesh shading on the device the renderer picks (lavapipe here: the
// fragment shader runs on the CPU), for the targets: a sample model at 1280x720 with
// 4x MSAA, PBR and image-based light (the built-in studio environment), Neutral tone mapping.
// One iteration = Renderer::renderOffscreen(): record, submit, wait, and a 3.5 MiB readback
// (a presented frame skips the readback, so this slightly overstates a window frame).
// The machine is shared, so wall time swings with the other jobs; the counter process_cpu_ms
// (CPU time of all the process's threads, lavapipe's rasterizer threads included, per frame)
// measures the work itself and is the steadier figure to compare shader versions with.
// Models come from the assimp-testmodels package (VITRINE_MODELS_DIR).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "loader.h"
#include "offscreen_frames.h"
#include "renderer.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;

constexpr uint32_t kWidth = 1280, kHeight = 720;

// The sample model at `relativePath`, posed, and a studio-lit renderer showing it; a null
// renderer after state.SkipWithError when either cannot be had.
struct Loaded {
  std::unique_ptr<scene::Scene> scene;
  std::unique_ptr<renderer::Renderer> renderer;
};
Loaded loadModel(benchmark::State& state, const std::string& relativePath) {
  Loaded out;
  scene::LoadResult loaded = scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/" + relativePath);
  if (!loaded.scene) {
    state.SkipWithError(loaded.error.c_str());
    return out;
  }
  out.scene = std::move(loaded.scene);
  scene::updateWorldTransforms(*out.scene);
  out.renderer = vitrine::bench::studioRenderer(state, *out.scene, out.scene->activeScene);
  return out;
}

void renderModel(benchmark::State& state, const std::string& relativePath) {
  Loaded m = loadModel(state, relativePath);
  if (!m.renderer) return;
  renderer::Renderer* r = m.renderer.get();
  const scene::Scene& s = *m.scene;
  renderer::View view = vitrine::bench::frontView(s, kWidth, kHeight);
  // Argument 1: the environment as background (the default look); 0: a solid colour.
  view.background =
      state.range(0) ? renderer::Background::Environment : renderer::Background::Color;
  vitrine::bench::measureOffscreenFrames(state, *r, view, kWidth, kHeight);
  state.SetLabel(r->deviceName());
}

// Issue 22: a material channel view against the shaded picture, same model, view and solid
// background. Argument: the gpu::kChannel* shown (0: the shaded view, the baseline), or -1 for
// the shaded view with the wireframe overlay.
void renderChannel(benchmark::State& state, const std::string& relativePath) {
  Loaded m = loadModel(state, relativePath);
  if (!m.renderer) return;
  renderer::Renderer* r = m.renderer.get();
  const scene::Scene& s = *m.scene;
  renderer::View view = vitrine::bench::frontView(s, kWidth, kHeight);
  view.background = renderer::Background::Color;
  view.channel = state.range(0) < 0 ? 0 : int(state.range(0));
  view.wireframe = state.range(0) < 0;
  vitrine::bench::measureOffscreenFrames(state, *r, view, kWidth, kHeight);
  state.SetLabel(r->deviceName());
}

}  // namespace

// shaded, base-color, roughness, normal, uv-checker; then the wireframe over the shaded view.
BENCHMARK_CAPTURE(renderChannel, 2CylinderEngine, "2CylinderEngine-glTF-Binary/2CylinderEngine.glb")
    ->ArgName("channel")
    ->Arg(0)
    ->Arg(1)
    ->Arg(8)
    ->Arg(20)
    ->Arg(34)
    ->Arg(-1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(renderChannel, BoxTextured, "BoxTextured-glTF/BoxTextured.gltf")
    ->ArgName("channel")
    ->Arg(0)
    ->Arg(1)
    ->Arg(20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_CAPTURE(renderModel, BoxTextured, "BoxTextured-glTF/BoxTextured.gltf")
    ->ArgName("envBackground")
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(renderModel, 2CylinderEngine, "2CylinderEngine-glTF-Binary/2CylinderEngine.glb")
    ->ArgName("envBackground")
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
