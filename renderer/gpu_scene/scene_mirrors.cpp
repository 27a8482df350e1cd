// The per-frame mirrors of a SceneGpu: initial values and refresh from the scene's changes.
#include "scene_mirrors.h"

#include <algorithm>
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>

#include "visibility.h"

namespace vitrine::renderer {
namespace {

// Light instance i's LightData; a hidden node's light shines with no colour (KHR_node_visibility
// hides light sources too), so the shader's light count need not change.
gpu::LightData instanceData(const scene::Scene& scene, const SceneGpu& gpu, size_t i) {
  gpu::LightData d = lightData(scene, gpu.lights[i]);
  const uint32_t node = gpu.lights[i].node;
  if (node < gpu.hidden.size() && gpu.hidden[node]) d.color = glm::vec4(0.0f);
  return d;
}

// Whether the coalesced (sorted, disjoint) `ranges` touch the bytes [begin, end).
bool touches(const scene::DirtyRanges& ranges, uint64_t begin, uint64_t end) {
  const std::vector<scene::ByteRange>& r = ranges.ranges();
  // The first range ending after `begin`; disjoint sorted ranges have sorted ends too.
  const auto it = std::upper_bound(r.begin(), r.end(), begin, [](uint64_t v, const auto& x) {
    return v < uint64_t(x.offset) + x.size;
  });
  return it != r.end() && it->offset < end;
}

// Recomputes instance i's LightData; marks it when its bytes changed.
void refreshLight(const scene::Scene& scene, size_t i, SceneGpu& gpu, scene::DirtyRanges& changed) {
  const gpu::LightData d = instanceData(scene, gpu, i);
  if (std::memcmp(&d, &gpu.lightData[i], sizeof(d)) == 0) return;
  gpu.lightData[i] = d;
  changed.mark(uint32_t(i * sizeof(gpu::LightData)), sizeof(gpu::LightData));
}

// Copies `ranges` of the `size` bytes at `source` to the same bytes of `mirror` and marks them.
void refreshMirror(const void* sourceBytes, void* mirrorBytes, uint64_t size,
                   const scene::DirtyRanges& ranges, scene::DirtyRanges& changed) {
  const auto* source = static_cast<const uint8_t*>(sourceBytes);
  auto* mirror = static_cast<uint8_t*>(mirrorBytes);
  for (const scene::ByteRange& r : ranges.ranges()) {
    const uint64_t begin = std::min<uint64_t>(r.offset, size);
    const uint64_t end = std::min<uint64_t>(uint64_t(r.offset) + r.size, size);
    if (end <= begin) continue;
    std::memcpy(mirror + begin, source + begin, end - begin);
    changed.mark(uint32_t(begin), uint32_t(end - begin));
  }
}

}  // namespace

gpu::NodeData nodeData(const glm::mat4& world) {
  gpu::NodeData d;
  if (!finiteMatrix(world)) {
    d.world = glm::mat4(0.0f);
    d.normal = glm::mat4(1.0f);
    return d;
  }
  d.world = world;
  // A singular matrix (a zero scale) has no inverse; its node is invisible anyway.
  d.normal =
      glm::determinant(glm::mat3(world)) != 0.0f ? glm::inverseTranspose(world) : glm::mat4(1.0f);
  return d;
}

void initMirrors(const scene::Scene& scene, int sceneIndex, SceneGpu& gpu) {
  // One entry per material plus the default, whatever the scene's array holds.
  gpu.materialData.resize(scene.materials.size() + 1);
  for (size_t i = 0; i < gpu.materialData.size(); ++i)
    gpu.materialData[i] =
        i < scene.materialData.size() ? scene.materialData[i] : scene::defaultMaterialData();
  gpu.materialExtensionData.resize(gpu.materialData.size());
  for (size_t i = 0; i < gpu.materialExtensionData.size(); ++i)
    gpu.materialExtensionData[i] = i < scene.materialExtensionData.size()
                                       ? scene.materialExtensionData[i]
                                       : scene::defaultMaterialExtensionData();
  // At least one entry each: a storage buffer cannot be empty.
  gpu.nodeCount = uint32_t(scene.nodes.size());
  gpu.nodeData.assign(std::max<size_t>(1, gpu.nodeCount), nodeData(glm::mat4(1.0f)));
  for (uint32_t i = 0; i < gpu.nodeCount && i < scene.world.size(); ++i)
    gpu.nodeData[i] = nodeData(scene.world[i]);
  computeHidden(scene, gpu.hidden);
  gpu.lights = findLightInstances(scene, sceneIndex);
  gpu.lightData.assign(std::max<size_t>(1, gpu.lights.size()), gpu::LightData{});
  for (size_t i = 0; i < gpu.lights.size(); ++i) gpu.lightData[i] = instanceData(scene, gpu, i);
}

void refreshMaterials(const scene::Scene& scene, const scene::DirtyRanges& ranges, SceneGpu& gpu,
                      scene::DirtyRanges& changed) {
  refreshMirror(
      scene.materialData.data(), gpu.materialData.data(),
      std::min(gpu.materialData.size(), scene.materialData.size()) * sizeof(gpu::MaterialData),
      ranges, changed);
}

void refreshMaterialExtensions(const scene::Scene& scene, const scene::DirtyRanges& ranges,
                               SceneGpu& gpu, scene::DirtyRanges& changed) {
  refreshMirror(scene.materialExtensionData.data(), gpu.materialExtensionData.data(),
                std::min(gpu.materialExtensionData.size(), scene.materialExtensionData.size()) *
                    sizeof(gpu::MaterialExtensionData),
                ranges, changed);
}

void refreshNodes(const scene::Scene& scene, const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                  scene::DirtyRanges& changed) {
  const uint64_t count = std::min<uint64_t>(gpu.nodeCount, scene.world.size());
  for (const scene::ByteRange& r : worldRanges.ranges()) {
    // Every node whose matrix overlaps the range, even partly.
    const uint64_t first = std::min<uint64_t>(r.offset / scene::kWorldMatrixBytes, count);
    const uint64_t last = std::min<uint64_t>(
        (uint64_t(r.offset) + r.size + scene::kWorldMatrixBytes - 1) / scene::kWorldMatrixBytes,
        count);
    if (last <= first) continue;
    for (uint64_t n = first; n < last; ++n) gpu.nodeData[n] = nodeData(scene.world[n]);
    changed.mark(uint32_t(first * sizeof(gpu::NodeData)),
                 uint32_t((last - first) * sizeof(gpu::NodeData)));
  }
}

void refreshLights(const scene::Scene& scene, const scene::DirtyRanges& lightRanges,
                   const scene::DirtyRanges& worldRanges, SceneGpu& gpu,
                   scene::DirtyRanges& changed) {
  if (lightRanges.empty() && worldRanges.empty()) return;
  for (size_t i = 0; i < gpu.lights.size(); ++i) {
    const LightInstance& instance = gpu.lights[i];
    const uint64_t light = uint64_t(instance.light) * sizeof(scene::Light);
    const uint64_t world = uint64_t(instance.node) * scene::kWorldMatrixBytes;
    if (touches(lightRanges, light, light + sizeof(scene::Light)) ||
        touches(worldRanges, world, world + scene::kWorldMatrixBytes))
      refreshLight(scene, i, gpu, changed);
  }
}

void refreshAllNodes(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& nodesChanged) {
  const uint32_t count = uint32_t(std::min<size_t>(gpu.nodeCount, scene.world.size()));
  for (uint32_t n = 0; n < count; ++n) gpu.nodeData[n] = nodeData(scene.world[n]);
  if (count > 0) nodesChanged.mark(0, count * uint32_t(sizeof(gpu::NodeData)));
}

void refreshAllLights(const scene::Scene& scene, SceneGpu& gpu, scene::DirtyRanges& lightsChanged) {
  for (size_t i = 0; i < gpu.lights.size(); ++i) refreshLight(scene, i, gpu, lightsChanged);
}

void refreshVisibility(const scene::Scene& scene, SceneGpu& gpu,
                       scene::DirtyRanges& lightsChanged) {
  computeHidden(scene, gpu.hidden);
  refreshAllLights(scene, gpu, lightsChanged);
}

}  // namespace vitrine::renderer
