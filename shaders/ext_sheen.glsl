// KHR_materials_sheen: a sheen layer (Charlie distribution) over the base material, which the
// base is scaled under by the sheen's albedo. Include after material_info.glsl and
// environment.glsl.
#ifndef VITRINE_EXT_SHEEN_GLSL
#define VITRINE_EXT_SHEEN_GLSL

// The sheen over `base` for a punctual light in direction l (per unit irradiance).
vec3 sheenPunctual(MaterialInfo info, vec3 l, vec3 base) {
  return base;  // TODO(sheen)
}

// The sheen over `base` under the image-based light (unscaled by the intensity).
vec3 sheenIbl(MaterialInfo info, vec3 base) {
  return base;  // TODO(sheen)
}

#endif
