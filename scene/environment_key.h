// The key light of an environment map (issue 24): the brightest region of the panorama, whose
// light the asset's shadow on the ground and on itself takes away. Found on the CPU from the
// equirectangular image when the environment is processed, and cached with the processed
// environment (renderer/environment/environment_cache.h). Knows nothing of Vulkan.
#pragma once

#include <glm/glm.hpp>

#include "environment_image.h"

namespace vitrine::scene {

struct EnvironmentKey {
  bool found = false;  // false: no region stands out (a uniform or black environment)
  // The region's centre: the unit direction towards it, in the environment's own frame (the
  // image's, environment_image.h).
  glm::vec3 direction{0.0f, 1.0f, 0.0f};
  // The region's irradiance on a surface facing `direction` (luminance, the image's units:
  // integral of L cos over the region), and that as a share of the whole environment's
  // irradiance on that surface (0..1).
  float irradiance = 0.0f;
  float share = 0.0f;
  // The region's angular radius in radians (sqrt 2 x its luminous-power-weighted RMS angle from
  // the centre: a uniform disc's radius), for the shadow's softness.
  float angularRadius = 0.0f;
};

// The image is averaged onto a 64 x 32 grid of cells (luminance, Rec. 709 weights); the key is
// the cone of kKeyConeRadius around the cell whose cone gathers the most luminous power
// (radiance x solid angle), re-centred twice on the power-weighted mean direction of its
// region: the cells of that cone at least a quarter as bright as its brightest. The key is
// found when that region's mean radiance is at least twice the whole sphere's.
inline constexpr float kKeyConeRadius = 0.5236f;  // 30 degrees
EnvironmentKey findEnvironmentKey(const EnvironmentImage& image);

}  // namespace vitrine::scene
