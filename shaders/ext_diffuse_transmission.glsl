// KHR_materials_diffuse_transmission: a Lambertian BTDF beside the diffuse BRDF, for light
// arriving at the back of the surface. Include after material_info.glsl and environment.glsl;
// ext_transmission.glsl composes it with the specular transmission.
#ifndef VITRINE_EXT_DIFFUSE_TRANSMISSION_GLSL
#define VITRINE_EXT_DIFFUSE_TRANSMISSION_GLSL

// KHR_materials_diffuse_transmission "Implementation": diffuse_btdf = color / pi, weighted by
// its share of the base, (1 - transmission) diffuseTransmission.
vec3 diffuseBtdf(MaterialInfo info) {
  return (1.0 - info.transmission) * info.diffuseTransmission * info.diffuseTransmissionColor /
         kPi;
}

// The image-based light that passes through the surface towards the eye, before fresnel_mix:
// the diffuse BTDF's share of the irradiance arriving at the back, E(-n) / pi (as the sample
// renderer's getDiffuseLight(-n)), in the diffuseTransmissionColor. (The specular BTDF's light
// is the transmission pass's: transmittedScene.)
vec3 transmittedIbl(MaterialInfo info) {
  if (!hasLayer(kLayerDiffuseTransmission)) return vec3(0.0);
  return diffuseBtdf(info) * environmentIrradiance(-info.n, frame.environment.y);
}

#endif
