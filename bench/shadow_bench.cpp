// The cost of shadows (issue 24): a sample model at 1280x720, 4x MSAA, studio environment, lit
// by one KHR_lights_punctual light added above it (directional, spot or point), rendered without
// shadows, with shadows of a still scene (the maps rendered once, then only looked up), and with
// shadows re-rendered every frame (a caster moved: updateTransforms() before each frame). One
// iteration = Renderer::renderOffscreen() (record, submit, wait, readback), as frame_bench. The
// counter process_cpu_ms (CPU time of every thread, lavapipe's included, per frame) is the
// steadier figure on a shared machine; maps_per_frame is DrawStats::shadowMapRenders.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <unistd.h>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "large_asset.h"
#include "loader.h"
#include "offscreen_frames.h"
#include "renderer.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;

constexpr uint32_t kWidth = 1280, kHeight = 720;

// Adds a light of `type` above the scene's bounds, aimed at their centre, as a root node.
void addLight(scene::Scene& s, scene::Light::Type type) {
  const scene::Bounds b = scene::sceneBounds(s, s.activeScene);
  const glm::vec3 centre = 0.5f * (b.min + b.max);
  const float radius = 0.5f * glm::length(b.max - b.min);
  const glm::vec3 position = centre + radius * glm::vec3(0.6f, 1.5f, 0.8f);
  scene::Light light;
  light.type = type;
  light.intensity = type == scene::Light::Type::Directional ? 3.0f : 8.0f * radius * radius;
  light.hasSpot = type == scene::Light::Type::Spot;
  light.outerConeAngle = 0.6f;
  s.lights.push_back(light);
  scene::Node node;
  node.light = int(s.lights.size()) - 1;
  node.translation = position;
  // -Z towards the centre.
  node.rotation = glm::quatLookAt(glm::normalize(centre - position), glm::vec3(0, 1, 0));
  s.nodes.push_back(node);
  s.scenes[size_t(s.activeScene)].nodes.push_back(int(s.nodes.size()) - 1);
  scene::updateWorldTransforms(s);
}

// The generated 2,048,000-triangle asset of bench/large_asset.h, written once per process into
// a temporary folder removed at exit (four small textures: a shadow map draws geometry only).
std::string largeAsset() {
  static const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("vitrine-shadow-bench-" + std::to_string(getpid()));
  static const std::string path = [] {
    vitrine::bench::LargeAssetCounts counts;
    counts.textures = 4;
    counts.textureSize = 64;
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    });
    return vitrine::bench::writeLargeAsset(dir.string(), counts);
  }();
  return path;
}

// Arguments: the light type (0 directional, 1 spot, 2 point) and the mode (0 no shadows, 1
// shadows of a still scene, 2 shadows re-rendered each frame, 3 a still scene's shadows with the
// ground: app/common/ground.h's placement of an asset at rest, the lowest point of its bounds,
// their diagonal as the disc's radius; 4 as 3, with the ground's contact shadow (a fifth of the
// radius high, as app/common/ground.h) and the studio key light's shadow: what the window shows).
// Modes 5 to 7 put the camera inside the asset's bounds (0.6 of their radius from the centre,
// looking at it), where one directional light's map gets cascades: 5 without shadows, 6 with
// those of a still scene and camera, 7 with the camera turning by 0.02 radians back and forth
// each frame (the cascades follow it; the whole-scene map stays).
void renderShadows(benchmark::State& state, const std::string& relativePath) {
  scene::LoadResult loaded = scene::loadScene(
      relativePath == "large" ? largeAsset()
                              : std::string(VITRINE_MODELS_DIR) + "/" + relativePath);
  if (!loaded.scene) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  scene::Scene& s = *loaded.scene;
  scene::updateWorldTransforms(s);
  const scene::Light::Type types[] = {scene::Light::Type::Directional, scene::Light::Type::Spot,
                                      scene::Light::Type::Point};
  addLight(s, types[state.range(0)]);
  std::unique_ptr<renderer::Renderer> r = vitrine::bench::studioRenderer(state, s, s.activeScene);
  if (!r) return;
  renderer::View view = vitrine::bench::frontView(s, kWidth, kHeight);
  const int64_t mode = state.range(1);
  const bool inside = mode >= 5;
  const bool turning = mode == 7;
  const scene::Bounds bounds = scene::sceneBounds(s, s.activeScene);
  const glm::vec3 centre = 0.5f * (bounds.min + bounds.max);
  const glm::vec3 closeEye = centre + glm::normalize(glm::vec3(0.5f, 0.35f, 1.0f)) *
                                          (0.3f * glm::length(bounds.max - bounds.min));
  if (inside) {
    view.view = glm::lookAt(closeEye, centre, glm::vec3(0, 1, 0));
    view.eye = closeEye;
  }
  view.shadows = mode > 0 && mode != 5;
  const bool moving = mode == 2;
  if (mode == 3 || mode == 4) {
    const scene::Bounds& b = bounds;
    view.ground.enabled = true;
    view.ground.height = b.min.y;
    view.ground.center = glm::vec2(0.5f * (b.min.x + b.max.x), 0.5f * (b.min.z + b.max.z));
    view.ground.radius = glm::length(b.max - b.min);
  }
  if (mode == 4) {
    view.ground.contactHeight = 0.2f * view.ground.radius;
    view.environmentShadow = true;
  }
  (void)r->renderOffscreen(view, kWidth, kHeight);  // warm-up: pipelines, the maps' first render
  const double cpuStart = vitrine::bench::processCpuMs();
  uint64_t maps = 0;
  uint64_t frame = 0;
  for (auto _ : state) {
    if (moving) r->updateTransforms(s);  // marks every caster moved
    if (turning) {
      const glm::mat4 yaw =
          glm::rotate(glm::mat4(1.0f), (frame++ % 2 == 0 ? 0.02f : -0.02f), glm::vec3(0, 1, 0));
      view.view = glm::lookAt(closeEye, closeEye + glm::vec3(yaw * glm::vec4(centre - closeEye, 0)),
                              glm::vec3(0, 1, 0));
    }
    benchmark::DoNotOptimize(r->renderOffscreen(view, kWidth, kHeight));
    maps += r->lastDrawStats().shadowMapRenders;
  }
  state.counters["process_cpu_ms"] =
      (vitrine::bench::processCpuMs() - cpuStart) / double(state.iterations());
  state.counters["maps_per_frame"] = double(maps) / double(state.iterations());
  state.counters["cascades"] = double(r->lastDrawStats().shadowCascades);
  state.SetLabel(r->deviceName());
}

}  // namespace

BENCHMARK_CAPTURE(renderShadows, BoxTextured, "BoxTextured-glTF/BoxTextured.gltf")
    ->ArgNames({"light", "shadows"})
    ->ArgsProduct({{0, 1, 2}, {0, 1, 2}})
    ->Args({0, 3})
    ->Args({0, 4})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(renderShadows, 2CylinderEngine, "2CylinderEngine-glTF-Binary/2CylinderEngine.glb")
    ->ArgNames({"light", "shadows"})
    ->ArgsProduct({{0, 1, 2}, {0, 1, 2}})
    ->Args({0, 3})
    ->Args({0, 4})
    ->ArgsProduct({{0}, {5, 6, 7}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// One directional light on the generated 2M-triangle asset (the third model).
BENCHMARK_CAPTURE(renderShadows, large2M, "large")
    ->ArgNames({"light", "shadows"})
    ->ArgsProduct({{0}, {0, 1, 2, 3, 4}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
