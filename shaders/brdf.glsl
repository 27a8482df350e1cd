// The glTF metallic-roughness BRDF (glTF 2.0 Appendix B), for punctual lights and for the
// image-based light. Formulas: /work/shared/spec/formulas.md, "Appendix B".
#ifndef VITRINE_BRDF_GLSL
#define VITRINE_BRDF_GLSL

const float kPi = 3.14159265358979;

// Normal incidence reflectance of the dielectric (ior 1.5): ((1.5 - 1) / (1.5 + 1))^2.
const float kDielectricF0 = 0.04;

// alpha^2 (alpha = roughness^2) with a floor: at alpha 0, D is 0/0 where N.H is 1. The floor
// (alpha 0.001) is far below anything a material can show at a pixel's footprint.
float ggxAlpha2(float perceptualRoughness) {
  const float alpha = perceptualRoughness * perceptualRoughness;
  return max(alpha * alpha, 1e-6);
}

// Trowbridge-Reitz / GGX distribution D (Appendix B), chi+(N.H) included.
float distributionGgx(float nDotH, float alpha2) {
  const float f = nDotH * nDotH * (alpha2 - 1.0) + 1.0;
  return nDotH > 0.0 ? alpha2 / (kPi * f * f) : 0.0;
}

// Vis = G / (4 |N.L| |N.V|) of the separable Smith joint masking-shadowing (Appendix B). The
// chi+(H.L) and chi+(H.V) factors are 1: H bisects L and V, so H.L = H.V >= 0.
float visibilitySmith(float nDotL, float nDotV, float alpha2) {
  const float l = abs(nDotL) + sqrt(alpha2 + (1.0 - alpha2) * nDotL * nDotL);
  const float v = abs(nDotV) + sqrt(alpha2 + (1.0 - alpha2) * nDotV * nDotV);
  return 1.0 / (l * v);
}

// Schlick's Fresnel weight (1 - |V.H|)^5 (Appendix B, fresnel_mix and conductor_fresnel).
float fresnelWeight(float vDotH) {
  const float s = 1.0 - abs(vDotH);
  return s * s * s * s * s;
}

// The dielectric lobe pair of Appendix B, fresnel_mix(ior, base = diffuse, layer = specular),
// in the RGB form KHR_materials_specular gives it ("Implementation"): the Fresnel term
// `fresnel` = mix(dielectric_f0, dielectric_f90, fresnelWeight) weighs the specular lobe
// colour by colour, and the diffuse lobe keeps 1 - max_value(fresnel). With f0 0.04 and f90 1
// (no extension) this is Appendix B's mix(diffuse, specular, F).
vec3 dielectricBrdf(vec3 fresnel, vec3 diffuse, vec3 specular) {
  return fresnel * specular + (1.0 - max(fresnel.r, max(fresnel.g, fresnel.b))) * diffuse;
}

// The same lobe pair with the diffuse lobe weighed colour by colour, (1 - F) c_diff / pi + F D
// Vis: the glTF 2.0 BRDF that KHR_materials_pbrSpecularGlossiness feeds its (c_diff, F0, alpha)
// into ("Specular - Glossiness"; Appendix B of its time: f_diffuse = (1 - F) diffuse, with F the
// Schlick Fresnel of the coloured F0, per channel). Not KHR_materials_specular's max_value form.
vec3 dielectricBrdfPerChannel(vec3 fresnel, vec3 diffuse, vec3 specular) {
  return fresnel * specular + (1.0 - fresnel) * diffuse;
}

// The material of Appendix B's structure, mix(dielectric_brdf, metal_brdf, metallic), with
// Schlick Fresnel for each layer. Not the "simplified" c_diff / f0 form: that one weighs the
// diffuse part by (1 - F) of the metal-mixed Fresnel, which differs for 0 < metallic < 1.
vec3 metallicRoughnessBrdf(vec3 baseColor, float metallic, float alpha2, float nDotL, float nDotV,
                           float nDotH, float vDotH) {
  const float fw = fresnelWeight(vDotH);
  const float specular = visibilitySmith(nDotL, nDotV, alpha2) * distributionGgx(nDotH, alpha2);
  const float fDielectric = kDielectricF0 + (1.0 - kDielectricF0) * fw;
  const vec3 fMetal = baseColor + (1.0 - baseColor) * fw;
  const vec3 dielectric = (1.0 - fDielectric) * baseColor / kPi + fDielectric * specular;
  const vec3 metal = fMetal * specular;
  return mix(dielectric, metal, metallic);
}

// The directional albedo of the specular lobe for reflectance f0 under image-based light:
// the split-sum scale and bias (environmentBrdf) with Fdez-Aguera's roughness-dependent
// Fresnel and multiple-scattering term ("A Multiple-Scattering Microfacet Model for
// Real-Time Image-based Lighting", 2019), as the Khronos glTF Sample Renderer's
// getIBLGGXFresnel does.
vec3 iblSpecularAlbedo(vec3 f0, vec2 scaleBias, float nDotV, float perceptualRoughness) {
  const float s = 1.0 - nDotV;
  const vec3 fr = max(vec3(1.0 - perceptualRoughness), f0) - f0;
  const vec3 kS = f0 + fr * (s * s * s * s * s);
  const vec3 singleScatter = kS * scaleBias.x + scaleBias.y;
  const float eMs = 1.0 - (scaleBias.x + scaleBias.y);
  const vec3 fAvg = f0 + (1.0 - f0) / 21.0;
  return singleScatter + eMs * singleScatter * fAvg / (1.0 - fAvg * eMs);
}

// The same albedo for a specular lobe whose Fresnel term is scaled by `weight` at every angle
// (KHR_materials_specular: F0 and F90 both times specularWeight), as the Khronos sample
// renderer's getIBLGGXFresnel does: weight 1 is iblSpecularAlbedo.
vec3 iblSpecularAlbedo(vec3 f0, float weight, vec2 scaleBias, float nDotV,
                       float perceptualRoughness) {
  const float s = 1.0 - nDotV;
  const vec3 fr = max(vec3(1.0 - perceptualRoughness), f0) - f0;
  const vec3 kS = f0 + fr * (s * s * s * s * s);
  const vec3 singleScatter = weight * (kS * scaleBias.x + scaleBias.y);
  const float eMs = 1.0 - (scaleBias.x + scaleBias.y);
  const vec3 fAvg = weight * (f0 + (1.0 - f0) / 21.0);
  return singleScatter + eMs * singleScatter * fAvg / (1.0 - fAvg * eMs);
}

#endif
