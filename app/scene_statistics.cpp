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

void add(GeometryCounts& to, const GeometryCounts& c, uint64_t times = 1) {
  to.triangles += c.triangles * times;
  to.vertices += c.vertices * times;
  to.drawCalls += c.drawCalls * times;
}

}  // namespace

SceneStatistics sceneStatistics(const scene::Scene& scene, int sceneIndex, int variant,
                                const std::vector<ImageFacts>& facts) {
  SceneStatistics s;
  s.meshes.resize(scene.meshes.size());
  s.materials.resize(scene.materials.size() + 1);
  for (int node : scene::sceneNodesInOrder(scene, sceneIndex)) {
    const int mesh = scene.nodes[size_t(node)].mesh;
    if (mesh >= 0 && size_t(mesh) < scene.meshes.size()) ++s.meshes[size_t(mesh)].instances;
  }
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    MeshStatistics& ms = s.meshes[m];
    ms.primitives = uint32_t(scene.meshes[m].primitives.size());
    for (const scene::Primitive& p : scene.meshes[m].primitives) {
      const GeometryCounts c = primitiveCounts(p);
      add(ms.once, c);
      add(ms.drawn, c, ms.instances);
      if (ms.instances == 0) continue;
      const int material = p.materialFor(variant);
      const size_t index = material >= 0 && size_t(material) < scene.materials.size()
                               ? size_t(material)
                               : scene.materials.size();
      ++s.materials[index].primitives;
      add(s.materials[index].drawn, c, ms.instances);
    }
    add(s.drawn, ms.drawn);
  }
  for (uint32_t m = 0; m < scene.materials.size(); ++m)
    s.materials[m].textureBytes = materialTextureBytes(scene, facts, m);
  for (const ImageFacts& f : facts) s.textureBytes += f.gpuBytes;
  return s;
}

}  // namespace vitrine::app
