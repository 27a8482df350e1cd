// The overlays and picking on a 2M-triangle asset (issue 22: "overlays on a 2M-triangle asset
// keep the window responsive"): the large asset of large_asset.h (1,000 meshes of 2,048
// triangles; one 64x64 texture: the geometry is what counts here), loaded once.
// - BM_OverlayLines/kind: app::buildOverlayLines, the CPU work the window does each frame an
//   overlay is on (0 normals and tangents, capped at kMaxNormalVertices; 1 skeleton; 2 bounds;
//   3 lights and cameras).
// - BM_Pick: scene::pickAll of a ray from the eye through a mesh node's centre: a click's work.
// - BM_Frame/overlay: renderOffscreen at 1280x720 on the device (lavapipe here), 0 plain, 1 the
//   wireframe, 2 the normals' lines: what an overlay adds to the frame.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

#include <glm/gtc/matrix_transform.hpp>

#include "large_asset.h"
#include "loader.h"
#include "offscreen_frames.h"
#include "overlay_lines.h"
#include "pick.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;
namespace app = vitrine::app;

scene::Scene& largeScene() {
  static std::unique_ptr<scene::Scene> s = [] {
    const std::string dir =
        (std::filesystem::temp_directory_path() / "vitrine-overlay-bench").string();
    vitrine::bench::LargeAssetCounts counts;
    counts.textures = 1;
    counts.textureSize = 64;
    const std::string path = vitrine::bench::writeLargeAsset(dir, counts);
    scene::LoadResult r = scene::loadScene(path);
    std::filesystem::remove_all(dir);
    if (!r.scene) throw std::runtime_error(r.error);
    scene::updateWorldTransforms(*r.scene);
    return std::move(r.scene);
  }();
  return *s;
}

renderer::View frontView(const scene::Scene& s) {
  const scene::Bounds b = scene::sceneBounds(s, s.activeScene);
  const glm::vec3 centre = 0.5f * (b.min + b.max);
  const float radius = 0.5f * glm::length(b.max - b.min);
  const glm::vec3 eye = centre + glm::vec3(0, 0, 2.2f * radius);
  renderer::View v;
  v.view = glm::lookAt(eye, centre, glm::vec3(0, 1, 0));
  v.projection = glm::perspective(0.8f, 1280.0f / 720.0f, 0.01f * radius, 10.0f * radius);
  v.eye = eye;
  v.background = renderer::Background::Color;
  return v;
}

void BM_OverlayLines(benchmark::State& state) {
  const scene::Scene& s = largeScene();
  app::CliOptions look;
  look.showNormals = state.range(0) == 0;
  look.showSkeleton = state.range(0) == 1;
  look.showBounds = state.range(0) == 2;
  look.showGizmos = state.range(0) == 3;
  app::OverlayLines lines;
  for (auto _ : state) app::buildOverlayLines(look, s, s.activeScene, {}, 16.0f / 9.0f, lines);
  state.counters["segments"] = double(lines.depthTested.size() + lines.onTop.size()) / 2.0;
}
BENCHMARK(BM_OverlayLines)->ArgName("kind")->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

void BM_Pick(benchmark::State& state) {
  const scene::Scene& s = largeScene();
  const renderer::View v = frontView(s);
  // A click on an object: rays from the eye through the centres of the first 16 mesh nodes.
  std::vector<glm::vec3> targets;
  for (size_t n = 0; n < s.nodes.size() && targets.size() < 16; ++n) {
    scene::Bounds b;
    scene::extendByMeshNode(s, int(n), b);
    if (!b.empty()) targets.push_back(0.5f * (b.min + b.max));
  }
  size_t hits = 0, i = 0;
  for (auto _ : state) {
    const glm::vec3 t = targets[i++ % targets.size()];
    hits += scene::pickAll(s, s.activeScene, v.eye, t - v.eye).size();
  }
  state.counters["hits_per_click"] = double(hits) / double(state.iterations());
}
BENCHMARK(BM_Pick)->Unit(benchmark::kMillisecond);

void BM_Frame(benchmark::State& state) {
  scene::Scene& s = largeScene();
  auto r = vitrine::bench::studioRenderer(state, s, s.activeScene);
  if (!r) return;
  renderer::View view = frontView(s);
  app::CliOptions look;
  look.showNormals = state.range(0) == 2;
  app::OverlayLines lines;
  app::buildOverlayLines(look, s, s.activeScene, {}, 16.0f / 9.0f, lines);
  app::attachOverlayLines(lines, view);
  view.wireframe = state.range(0) == 1;
  vitrine::bench::measureOffscreenFrames(state, *r, view, 1280, 720);
}
BENCHMARK(BM_Frame)
    ->ArgName("overlay")
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
