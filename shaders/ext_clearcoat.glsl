// KHR_materials_clearcoat: a clear dielectric coat (ior 1.5) over the base material, with its
// own roughness and normal. Include after material_info.glsl and environment.glsl. Section
// names are those of the extension's README (KhronosGroup/glTF,
// extensions/2.0/Khronos/KHR_materials_clearcoat).
#ifndef VITRINE_EXT_CLEARCOAT_GLSL
#define VITRINE_EXT_CLEARCOAT_GLSL

// "Layering": fresnel_coat's weight, clearcoat * fr with fr = f0 + (1 - f0) (1 - |V.Nc|)^5 and
// f0 = ((1 - ior) / (1 + ior))^2 = 0.04 for ior 1.5: Schlick's term on the coat's normal and
// V (not V.H: "Discussion"). The base below is weighted by 1 - this, the coat by this.
float clearcoatWeight(MaterialInfo info) {
  const float fr =
      kDielectricF0 + (1.0 - kDielectricF0) * fresnelWeight(dot(info.clearcoatNormal, info.v));
  return info.clearcoat * fr;
}

// The coat over `base`, the radiance the layers below reflect towards the eye from a
// punctual light in direction l (per unit irradiance): "Implementation",
//   coated_material = mix(material, clearcoat_brdf, clearcoat * clearcoat_fresnel),
//   clearcoat_brdf = D(alpha_c) G(alpha_c) / (4 |V.Nc| |L.Nc|), alpha_c = clearcoatRoughness^2
// ("Clearcoat BRDF": Appendix B's specular term on Nc), times L.Nc for the coat's own cosine.
vec3 clearcoatPunctual(MaterialInfo info, vec3 l, vec3 base) {
  const vec3 nc = info.clearcoatNormal;
  const float ncDotL = dot(nc, l);
  float coat = 0.0;
  if (ncDotL > 0.0) {
    const float alpha2 = ggxAlpha2(info.clearcoatRoughness);
    const float ncDotH = dot(nc, normalize(l + info.v));
    coat =
        distributionGgx(ncDotH, alpha2) * visibilitySmith(ncDotL, dot(nc, info.v), alpha2) * ncDotL;
  }
  return mix(base, vec3(coat), clearcoatWeight(info));
}

// The coat over `base`, the image-based light the layers below reflect (unscaled by the
// intensity). The same mix as clearcoatPunctual; the coat's lobe under the environment is the
// prefiltered specular cube along reflect(-v, Nc) at clearcoatRoughness times the directional
// albedo of D * Vis alone (the split-sum scale + bias: F = 1, since the spec puts the coat's
// Fresnel in the mix weight, not in clearcoat_brdf).
vec3 clearcoatIbl(MaterialInfo info, vec3 base) {
  const vec3 nc = info.clearcoatNormal;
  const float ncDotV = clamp(dot(nc, info.v), 0.0, 1.0);
  const vec3 radiance = environmentSpecularRadiance(reflect(-info.v, nc), info.clearcoatRoughness,
                                                    frame.environment.y, frame.environment.z);
  const vec2 scaleBias = environmentBrdf(ncDotV, info.clearcoatRoughness);
  return mix(base, radiance * (scaleBias.x + scaleBias.y), clearcoatWeight(info));
}

// The emission seen through the coat: "Emission", coated_emission = emission * (1 - clearcoat *
// clearcoat_fresnel) ("The clearcoat layer is on top of emission in the layering stack").
vec3 clearcoatEmission(MaterialInfo info, vec3 emission) {
  return emission * (1.0 - clearcoatWeight(info));
}

#endif
