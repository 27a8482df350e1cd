// Picking (issue 22 §3): which drawn surfaces a ray from the eye crosses, as drawn (skinned and
// morphed primitives in their current pose, scene/deform.h), nearest first. Reads scene.world
// as it is (updateWorldTransforms first); knows no camera: the caller makes the ray.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "scene.h"

namespace vitrine::scene {

struct PickHit {
  int node = -1;       // the mesh node whose triangle was hit
  float distance = 0;  // along the ray, in units of `direction`'s length
  uint32_t primitive = 0;
  // EXT_mesh_gpu_instancing: the instance hit, as the accessors number it (0 without).
  uint32_t instance = 0;
};

// Every shown mesh node (KHR_node_visibility) of scene `sceneIndex` whose triangles the ray
// origin + t direction (t > 0) crosses, once each at its nearest hit (over all its
// EXT_mesh_gpu_instancing instances), nearest first. Back faces
// count only for double-sided materials (single-sided ones are culled when drawn); points and
// lines are not hit; KHR_gaussian_splatting primitives are hit by the 2-sigma ellipsoids of
// their splats of opacity 0.1 or more (their node's transform, not its instancing).
// O(triangles and splats of the nodes whose bounds the ray crosses).
// `shown`: when not empty, only nodes n with shown[n] != 0 (an isolated subtree).
std::vector<PickHit> pickAll(const Scene& scene, int sceneIndex, const glm::vec3& origin,
                             const glm::vec3& direction, std::span<const uint8_t> shown = {});

// `out` = one byte per node of `scene`, 1 for `root` and the nodes below it, 0 for the others;
// empty when `root` is no node (then nothing is isolated).
void subtreeMask(const Scene& scene, uint32_t root, std::vector<uint8_t>& out);

}  // namespace vitrine::scene
