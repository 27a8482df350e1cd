#include "lights.h"

#include <algorithm>
#include <cmath>

namespace vitrine::renderer {

std::vector<LightInstance> findLightInstances(const scene::Scene& scene, int sceneIndex) {
  std::vector<LightInstance> out;
  for (const int n : scene::sceneNodesInOrder(scene, sceneIndex)) {
    const int light = scene.nodes[n].light;
    if (light >= 0 && light < int(scene.lights.size()))
      out.push_back({uint32_t(n), uint32_t(light)});
  }
  return out;
}

gpu::LightData lightData(const scene::Scene& scene, const LightInstance& instance) {
  const scene::Light& light = scene.lights[instance.light];
  const glm::mat4 world =
      instance.node < scene.world.size() ? scene.world[instance.node] : glm::mat4(1.0f);
  gpu::LightData d{};
  int type = gpu::kLightPoint;
  if (light.type == scene::Light::Type::Directional) type = gpu::kLightDirectional;
  if (light.type == scene::Light::Type::Spot) type = gpu::kLightSpot;
  d.position = glm::vec4(glm::vec3(world[3]), float(type));
  glm::vec3 dir = glm::mat3(world) * glm::vec3(0.0f, 0.0f, -1.0f);
  const float len = glm::length(dir);
  dir = len > 0.0f ? dir / len : glm::vec3(0.0f, 0.0f, -1.0f);
  // Directional lights have no range (KHR_lights_punctual: "range ... point and spot only").
  const float range =
      light.type != scene::Light::Type::Directional && light.range ? *light.range : 0.0f;
  d.direction = glm::vec4(dir, range);
  d.color = glm::vec4(light.color * light.intensity, 0.0f);
  if (light.type == scene::Light::Type::Spot) {
    // KHR_lights_punctual, "Inner and Outer Cone Angles" (formulas.md).
    const float cosOuter = std::cos(light.outerConeAngle);
    const float cosInner = std::cos(light.innerConeAngle);
    const float scale = 1.0f / std::max(0.001f, cosInner - cosOuter);
    d.cone = glm::vec4(scale, -cosOuter * scale, 0.0f, 0.0f);
  }
  return d;
}

}  // namespace vitrine::renderer
