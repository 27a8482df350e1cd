// KHR_materials_clearcoat: a clear dielectric coat (ior 1.5) over the base material, with its
// own roughness and normal. Include after material_info.glsl and environment.glsl.
#ifndef VITRINE_EXT_CLEARCOAT_GLSL
#define VITRINE_EXT_CLEARCOAT_GLSL

// The coat over `base`, the radiance the layers below reflect towards the eye from a
// punctual light in direction l (per unit irradiance).
vec3 clearcoatPunctual(MaterialInfo info, vec3 l, vec3 base) {
  return base;  // TODO(clearcoat): fresnel_coat
}

// The coat over `base`, the image-based light the layers below reflect (unscaled by the
// intensity).
vec3 clearcoatIbl(MaterialInfo info, vec3 base) {
  return base;  // TODO(clearcoat)
}

#endif
