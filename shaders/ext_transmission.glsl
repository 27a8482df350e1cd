// KHR_materials_transmission, KHR_materials_volume, KHR_materials_dispersion and
// KHR_materials_diffuse_transmission: light through the surface. Include after
// material_info.glsl, lights.glsl and environment.glsl.
#ifndef VITRINE_EXT_TRANSMISSION_GLSL
#define VITRINE_EXT_TRANSMISSION_GLSL

// The share of the diffuse lobe that is still reflected diffusely (the rest is transmitted).
float diffuseReflectionWeight(MaterialInfo info) {
  return 1.0;  // TODO(transmission)
}

// Radiance towards the eye of a punctual light in direction l that passes through the
// surface (per unit irradiance); the base lobes' share of it is already weighted.
vec3 transmittedPunctual(MaterialInfo info, vec3 l) {
  return vec3(0.0);  // TODO(transmission)
}

// The image-based or scene light that passes through the surface towards the eye.
vec3 transmittedIbl(MaterialInfo info) {
  return vec3(0.0);  // TODO(transmission)
}

#endif
