// KHR_materials_ior and KHR_materials_specular: the dielectric's Fresnel term, from the F0 and
// weight material_info.glsl gathers (f0 = min(((ior - 1) / (ior + 1))^2 specularColor, 1),
// weight = specularFactor x specularTexture.a). brdf.glsl dielectricBrdf mixes the lobes with
// it. Include after material_info.glsl and brdf.glsl.
#ifndef VITRINE_EXT_SPECULAR_GLSL
#define VITRINE_EXT_SPECULAR_GLSL

// KHR_materials_specular "Implementation": dielectric_fresnel = mix(dielectric_f0,
// dielectric_f90, fresnel_w) with dielectric_f0 = f0 x weight, dielectric_f90 = weight and
// fresnel_w = (1 - |V.H|)^5. With neither extension: Appendix B's 0.04 + 0.96 fresnel_w.
vec3 dielectricFresnel(MaterialInfo info, float vDotH) {
  return info.specularWeight * mix(info.f0Dielectric, vec3(1.0), fresnelWeight(vDotH));
}

// The same Fresnel term's directional albedo under image-based light (brdf.glsl
// iblSpecularAlbedo with F0 and F90 scaled by the weight).
vec3 dielectricIblAlbedo(MaterialInfo info, vec2 scaleBias, float nDotV) {
  return iblSpecularAlbedo(info.f0Dielectric, info.specularWeight, scaleBias, nDotV,
                           info.roughness);
}

#endif
