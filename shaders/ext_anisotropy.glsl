// KHR_materials_anisotropy: an anisotropic GGX specular lobe along info.anisotropyT. Include
// after material_info.glsl and brdf.glsl.
//
// "Anisotropy" (ratified text): the direction of the anisotropy (info.anisotropyT, with
// info.anisotropyB = cross(ng, T)) gets the alpha roughness alpha_t = mix(alpha, 1,
// strength^2), the perpendicular keeps alpha_b = alpha = roughness^2. At strength 0 both
// functions below are the core lobe exactly (Appendix B), so the layer changes nothing there.
#ifndef VITRINE_EXT_ANISOTROPY_GLSL
#define VITRINE_EXT_ANISOTROPY_GLSL

// alpha_t and alpha_b ("Anisotropy"): ggxAlpha2's floor keeps alpha_b above zero.
vec2 anisotropicAlphas(MaterialInfo info) {
  const float alpha = sqrt(info.alpha2);
  const float s = info.anisotropyStrength;
  return vec2(mix(alpha, 1.0, s * s), alpha);
}

// V * D of the specular lobe for light direction l and half vector h (isotropic GGX when the
// strength is 0).
//   D = 1 / (pi at ab ((h.t / at)^2 + (h.b / ab)^2 + (h.n)^2)^2)   ("Anisotropy", Burley's D)
//   Vis = G1(l) G1(v) / (4 |n.l| |n.v|), with the masking of the same distribution, derived
//   "similarly as for the single-alpha distribution function" (Appendix B's separable Smith):
//   Vis = 1 / ((|n.l| + sqrt(at^2 (t.l)^2 + ab^2 (b.l)^2 + (n.l)^2)) (|n.v| + sqrt(...v)))
//   which at at = ab = alpha is brdf.glsl visibilitySmith. (The extension's informative
//   listing uses the height-correlated form instead; see the report of this change.)
float anisotropicSpecular(MaterialInfo info, vec3 l, vec3 h, float nDotL, float nDotH) {
  if (info.anisotropyStrength <= 0.0)
    return visibilitySmith(nDotL, info.nDotV, info.alpha2) * distributionGgx(nDotH, info.alpha2);
  const vec2 a = anisotropicAlphas(info);
  const vec3 t = info.anisotropyT, b = info.anisotropyB;
  // D: chi+(n.h) as in Appendix B; at ab / (...)^2 written as (at ab)^3 / (ab^2 (t.h)^2 + ...).
  const float ab2 = a.x * a.y;
  const vec3 f = vec3(a.y * dot(t, h), a.x * dot(b, h), ab2 * nDotH);
  const float w = ab2 / dot(f, f);
  const float d = nDotH > 0.0 ? ab2 * w * w / kPi : 0.0;
  const vec3 v = info.v;
  const float lambdaL = length(vec3(a.x * dot(t, l), a.y * dot(b, l), nDotL));
  const float lambdaV = length(vec3(a.x * dot(t, v), a.y * dot(b, v), info.nDotV));
  const float vis = 1.0 / ((abs(nDotL) + lambdaL) * (abs(info.nDotV) + lambdaV));
  return vis * d;
}

// The direction the image-based specular light is looked up in: "Implementation /
// Image-based lighting", the bent normal towards the centre of the stretched lobe,
//   bent = normalize(cross(cross(b, v), b)), mixed back to n by (1 - s (1 - roughness))^4,
//   r = reflect(-v, bent), mixed towards bent by roughness^2,
// with the perceptual roughness (the one the prefiltered map is sampled with). Strength 0:
// the core reflection vector.
vec3 anisotropicReflection(MaterialInfo info) {
  if (info.anisotropyStrength <= 0.0) return reflect(-info.v, info.n);
  const vec3 b = info.anisotropyB;
  vec3 bent = cross(cross(b, info.v), b);
  // A view along the bitangent has no bent normal: the lobe is seen end on.
  bent = dot(bent, bent) > 1e-12 ? normalize(bent) : info.n;
  const float k = 1.0 - info.anisotropyStrength * (1.0 - info.roughness);
  const float k2 = k * k;
  bent = normalize(mix(bent, info.n, k2 * k2));
  const vec3 r = reflect(-info.v, bent);
  return normalize(mix(r, bent, info.roughness * info.roughness));
}

#endif
