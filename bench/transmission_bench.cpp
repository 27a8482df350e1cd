// What KHR_materials_transmission costs per frame (issue 13): the same generated asset, a
// smooth glass-like quad filling most of a 1280x720 view in front of a lit opaque quad, with the
// studio environment as light and background, rendered with and without the extension on its
// material. With it the frame also draws the opaque scene into the transmission texture (its
// own pass, the background included), blits the texture's mip chain, and shades the quad with
// the transmission layer. One iteration = Renderer::renderOffscreen() (record, submit, wait, a
// 3.5 MiB readback), as frame_bench; process_cpu_ms is the steadier figure on a shared machine.
#include <benchmark/benchmark.h>

#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "loader.h"
#include "offscreen_frames.h"
#include "renderer.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;
using nlohmann::json;

constexpr uint32_t kWidth = 1280, kHeight = 720;

// Argument: 1 with KHR_materials_transmission (and KHR_materials_volume) on the front quad,
// 0 the same asset without them.
std::string writeAsset(bool transmission) {
  vitrine::test::AssetBuilder b;
  const int front = b.addColoredQuad({0.9f, 0.95f, 1.0f, 1.0f});
  b.json()["materials"][0]["pbrMetallicRoughness"]["roughnessFactor"] = 0.1;
  if (transmission) {
    b.json()["materials"][0]["extensions"] = {
        {"KHR_materials_transmission", {{"transmissionFactor", 1.0}}},
        {"KHR_materials_volume",
         {{"thicknessFactor", 0.2},
          {"attenuationColor", {0.9, 0.8, 0.7}},
          {"attenuationDistance", 1.0}}}};
    b.json()["extensionsUsed"] = {"KHR_materials_transmission", "KHR_materials_volume"};
  }
  const int back = b.addColoredQuad({0.8f, 0.4f, 0.2f, 1.0f});
  b.json()["materials"][1]["pbrMetallicRoughness"]["roughnessFactor"] = 0.5;
  b.addScene({b.addNode({{"mesh", front}, {"scale", {1.6, 0.9, 1.0}}}),
              b.addNode({{"mesh", back}, {"translation", {0.8, 0, -1}}, {"scale", {2, 2, 1}}})});
  return b.writeGltf(transmission ? "transmission_bench_on" : "transmission_bench_off");
}

void renderTransmission(benchmark::State& state) {
  scene::LoadResult loaded = scene::loadScene(writeAsset(state.range(0) != 0));
  if (!loaded.scene) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  scene::Scene& s = *loaded.scene;
  scene::updateWorldTransforms(s);
  auto r = vitrine::bench::studioRenderer(state, s, s.activeScene);
  if (!r) return;
  renderer::View view;
  view.eye = glm::vec3(0.0f, 0.0f, 2.2f);
  view.view = glm::lookAt(view.eye, glm::vec3(0.0f), glm::vec3(0, 1, 0));
  view.projection = glm::perspective(0.8f, float(kWidth) / kHeight, 0.05f, 50.0f);
  vitrine::bench::measureOffscreenFrames(state, *r, view, kWidth, kHeight);
  state.counters["transmission_passes"] = r->lastDrawStats().transmissionPasses;
  state.SetLabel(r->deviceName());
}

}  // namespace

BENCHMARK(renderTransmission)
    ->ArgName("transmission")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
