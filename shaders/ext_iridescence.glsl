// KHR_materials_iridescence: thin-film interference replacing the Fresnel terms of the base
// material's dielectric and metal lobes. Include after material_info.glsl.
#ifndef VITRINE_EXT_IRIDESCENCE_GLSL
#define VITRINE_EXT_IRIDESCENCE_GLSL

// Mixes the thin film's Fresnel into the dielectric and metal Fresnel terms at the angle whose
// cosine is cosTheta (V.H for punctual lights, N.V for the image-based light).
void iridescentFresnel(MaterialInfo info, float cosTheta, inout vec3 dielectric, inout vec3 metal) {
  // TODO(iridescence)
}

#endif
