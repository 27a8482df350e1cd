#include "scene_statistics.h"

namespace vitrine::app {
namespace {

GeometryCounts primitiveCounts(const scene::Primitive& p) {
  GeometryCounts c;
  if (p.topology == scene::Topology::Triangles) c.triangles = p.indices.size() / 3;
  c.vertices = p.positions.size();
  c.drawCalls = 1;
  return c;
}

void add(GeometryCounts& to, const GeometryCounts& c, uint64_t times = 1, uint64_t draws = 1) {
  to.triangles += c.triangles * times;
  to.vertices += c.vertices * times;
  to.drawCalls += c.drawCalls * draws;
}

}  // namespace

SceneStatistics sceneStatistics(const scene::Scene& scene, int sceneIndex, int variant,
                                const std::vector<ImageFacts>& facts) {
  SceneStatistics s;
  s.meshes.resize(scene.meshes.size());
  s.materials.resize(scene.materials.size() + 1);
  // Per mesh, the draws of each of its primitives: one per node, two for an instanced node
  // whose instances both keep and mirror the winding (renderer/gpu_scene/scene_draws.cpp).
  std::vector<uint64_t> draws(scene.meshes.size(), 0);
  for (int node : scene::sceneNodesInOrder(scene, sceneIndex)) {
    const int mesh = scene.nodes[size_t(node)].mesh;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) continue;
    s.meshes[size_t(mesh)].instances += scene::nodeInstances(scene, node).size();
    const int i = scene.nodes[size_t(node)].instancing;
    const bool split =
        i >= 0 && scene.instancing[size_t(i)].mirroredFrom > 0 &&
        scene.instancing[size_t(i)].mirroredFrom < scene.instancing[size_t(i)].transforms.size();
    draws[size_t(mesh)] += split ? 2 : 1;
  }
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    MeshStatistics& ms = s.meshes[m];
    ms.primitives = uint32_t(scene.meshes[m].primitives.size());
    for (const scene::Primitive& p : scene.meshes[m].primitives) {
      const GeometryCounts c = primitiveCounts(p);
      add(ms.once, c);
      add(ms.drawn, c, ms.instances, draws[m]);
      if (ms.instances == 0) continue;
      const int material = p.materialFor(variant);
      const size_t index = material >= 0 && size_t(material) < scene.materials.size()
                               ? size_t(material)
                               : scene.materials.size();
      ++s.materials[index].primitives;
      add(s.materials[index].drawn, c, ms.instances, draws[m]);
    }
    add(s.drawn, ms.drawn);
  }
  for (uint32_t m = 0; m < scene.materials.size(); ++m)
    s.materials[m].textureBytes = materialTextureBytes(scene, facts, m);
  for (const ImageFacts& f : facts) s.textureBytes += f.gpuBytes;
  return s;
}

}  // namespace vitrine::app
