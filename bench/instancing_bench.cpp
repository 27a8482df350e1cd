// instancing_bench (issue 23): the frame of a field of copies of one mesh drawn through
// EXT_mesh_gpu_instancing (one node, one instanced draw) against the same copies as plain nodes
// (one draw each), at 1280x720, 4x MSAA, studio-lit, solid background. The mesh is a UV sphere
// of 16 x 8 quads (256 triangles), the copies on a square grid filling the view. Argument: the
// number of copies; label: how they are drawn. Needs a Vulkan device (lavapipe:
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json).
#include <benchmark/benchmark.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "offscreen_frames.h"
#include "scene.h"

namespace {

namespace scene = vitrine::scene;
namespace renderer = vitrine::renderer;

constexpr uint32_t kWidth = 1280, kHeight = 720;

scene::Primitive smallSphere() {
  constexpr int kU = 16, kV = 8;
  scene::Primitive p;
  p.material = -1;
  for (int j = 0; j <= kV; ++j) {
    const float theta = float(M_PI) * float(j) / kV;
    for (int i = 0; i <= kU; ++i) {
      const float phi = 2.0f * float(M_PI) * float(i) / kU;
      const glm::vec3 n(std::sin(theta) * std::cos(phi), std::cos(theta),
                        -std::sin(theta) * std::sin(phi));
      p.positions.push_back(0.4f * n);
      p.normals.push_back(n);
      p.bounds.extend(0.4f * n);
    }
  }
  for (int j = 0; j < kV; ++j)
    for (int i = 0; i < kU; ++i) {
      const uint32_t a = uint32_t(j * (kU + 1) + i), b = a + 1, c = a + kU + 1, d = c + 1;
      p.indices.insert(p.indices.end(), {a, c, b, b, c, d});
    }
  p.sourceVertexCount = uint32_t(p.positions.size());
  return p;
}

// `copies` spheres one unit apart on a square grid in the z = 0 plane, centred on the origin:
// as one instanced node, or as that many nodes.
scene::Scene field(int copies, bool instanced) {
  scene::Scene s;
  s.materialData.push_back(scene::defaultMaterialData());
  s.materialExtensionData.push_back(scene::defaultMaterialExtensionData());
  scene::Mesh mesh;
  mesh.primitives.push_back(smallSphere());
  s.meshes.push_back(std::move(mesh));
  const int side = int(std::ceil(std::sqrt(double(copies))));
  scene::SceneRoots roots;
  scene::MeshInstances instances;
  for (int k = 0; k < copies; ++k) {
    const glm::vec3 at(float(k % side) - 0.5f * float(side - 1),
                       float(k / side) - 0.5f * float(side - 1), 0.0f);
    if (instanced) {
      instances.transforms.push_back(glm::translate(glm::mat4(1.0f), at));
      instances.fileIndex.push_back(uint32_t(k));
      continue;
    }
    scene::Node node;
    node.mesh = 0;
    node.translation = at;
    roots.nodes.push_back(int(s.nodes.size()));
    s.nodes.push_back(node);
  }
  if (instanced) {
    scene::Node node;
    node.mesh = 0;
    node.instancing = 0;
    instances.node = 0;
    instances.mirroredFrom = uint32_t(instances.transforms.size());
    s.instancing.push_back(std::move(instances));
    roots.nodes.push_back(0);
    s.nodes.push_back(node);
  }
  s.scenes.push_back(roots);
  scene::updateWorldTransforms(s);
  return s;
}

void renderField(benchmark::State& state, bool instanced) {
  const int copies = int(state.range(0));
  const scene::Scene s = field(copies, instanced);
  auto r = vitrine::bench::studioRenderer(state, s, 0);
  if (!r) return;
  const float side = std::ceil(std::sqrt(float(copies)));
  renderer::View view;
  view.eye = glm::vec3(0.0f, 0.0f, side * 1.1f);
  view.view = glm::lookAt(view.eye, glm::vec3(0.0f), glm::vec3(0, 1, 0));
  view.projection = glm::perspective(0.9f, float(kWidth) / kHeight, 0.05f, side * 4.0f);
  view.background = renderer::Background::Color;
  vitrine::bench::measureOffscreenFrames(state, *r, view, kWidth, kHeight);
  state.counters["draw_calls"] = double(r->lastDrawStats().drawCalls);
  state.SetLabel(instanced ? "one instanced node" : "plain nodes");
}

}  // namespace

BENCHMARK_CAPTURE(renderField, instanced, true)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(renderField, nodes, false)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
