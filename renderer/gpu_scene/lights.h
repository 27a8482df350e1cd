// KHR_lights_punctual on the GPU: the light instances of the drawn scene (a node with a light)
// and their LightData, in world space.
#pragma once

#include <cstdint>
#include <vector>

#include "scene.h"
#include "shared_types.h"

namespace vitrine::renderer {

struct LightInstance {
  uint32_t node = 0;
  uint32_t light = 0;  // index into Scene::lights
};

// The nodes reachable from scene.scenes[sceneIndex] that place a light, in traversal order.
std::vector<LightInstance> findLightInstances(const scene::Scene& scene, int sceneIndex);

// The LightData of one instance from the light's current values and the node's world matrix
// (Scene::world): position from the translation column, direction the node's -Z.
gpu::LightData lightData(const scene::Scene& scene, const LightInstance& instance);

}  // namespace vitrine::renderer
