// KHR_materials_anisotropy: an anisotropic GGX specular lobe along info.anisotropyT. Include
// after material_info.glsl and brdf.glsl.
#ifndef VITRINE_EXT_ANISOTROPY_GLSL
#define VITRINE_EXT_ANISOTROPY_GLSL

// V * D of the specular lobe for light direction l and half vector h (isotropic GGX when the
// strength is 0).
float anisotropicSpecular(MaterialInfo info, vec3 l, vec3 h, float nDotL, float nDotH) {
  // TODO(anisotropy)
  return visibilitySmith(nDotL, info.nDotV, info.alpha2) * distributionGgx(nDotH, info.alpha2);
}

// The direction the image-based specular light is looked up in (the bent reflection vector).
vec3 anisotropicReflection(MaterialInfo info) {
  return reflect(-info.v, info.n);  // TODO(anisotropy)
}

#endif
