// KHR_materials_sheen: a sheen layer (Charlie distribution) over the base material, which the
// base is scaled under by the sheen's albedo. Include after material_info.glsl and
// environment.glsl. Section names are those of the extension's README (KhronosGroup/glTF,
// extensions/2.0/Khronos/KHR_materials_sheen), "Implementation Notes".
#ifndef VITRINE_EXT_SHEEN_GLSL
#define VITRINE_EXT_SHEEN_GLSL

// Generated at build time (shaders/sheen_albedo_lut.cpp): kSheenAlbedoSize and
// kSheenAlbedo[], E(N.V, sheenRoughness), the directional albedo of a white sheen with the
// distribution and visibility below.
#include "sheen_albedo_lut.glsl"

// The smallest alpha_g (sheen_albedo_lut.cpp integrates with the same floor): at 0 the
// distribution is a Dirac at grazing half vectors.
const float kSheenAlphaFloor = 1e-3;

// "We use the mapping r = sheenRoughness^2": alpha_g.
float sheenAlpha(float sheenRoughness) {
  return max(sheenRoughness * sheenRoughness, kSheenAlphaFloor);
}

// "Sheen distribution": D = (2 + 1/alpha_g) sin(theta_h)^(1/alpha_g) / (2 pi).
float charlieDistribution(float nDotH, float alphaG) {
  const float invR = 1.0 / alphaG;
  const float sin2h = max(1.0 - nDotH * nDotH, 0.0);
  return (2.0 + invR) * pow(sin2h, invR * 0.5) / (2.0 * kPi);
}

// "Sheen visibility": the fitted l(x, alpha_g) of Conty and Kulla.
float charlieL(float x, float alphaG) {
  const float t = (1.0 - alphaG) * (1.0 - alphaG);
  const float a = mix(21.5473, 25.3245, t);
  const float b = mix(3.82987, 3.32435, t);
  const float c = mix(0.19823, 0.16801, t);
  const float d = mix(-1.97760, -1.27393, t);
  const float e = mix(-4.32054, -4.85967, t);
  return a / (1.0 + b * pow(x, c)) + d * x + e;
}

float charlieLambda(float cosTheta, float alphaG) {
  return abs(cosTheta) < 0.5 ? exp(charlieL(cosTheta, alphaG))
                             : exp(2.0 * charlieL(0.5, alphaG) - charlieL(1.0 - cosTheta, alphaG));
}

// "Sheen visibility": 1 / ((1 + lambda(N.V) + lambda(N.L)) 4 N.V N.L), the term the spec
// recommends (the Ashikhmin one is not energy conserving with albedo scaling). Both cosines
// positive.
float charlieVisibility(float nDotL, float nDotV, float alphaG) {
  return 1.0 / ((1.0 + charlieLambda(nDotV, alphaG) + charlieLambda(nDotL, alphaG)) * 4.0 * nDotV *
                nDotL);
}

// E(x, sheenRoughness) from the table, bilinear: "The lookup must be done with x = VdotN and
// y = sheenRoughness". Columns sit at x = (i + 0.5) / size, rows at y = j / (size - 1).
float sheenAlbedo(float nDotX, float sheenRoughness) {
  const float n = float(kSheenAlbedoSize);
  const float x = clamp(nDotX * n - 0.5, 0.0, n - 1.0);
  const float y = clamp(sheenRoughness, 0.0, 1.0) * (n - 1.0);
  const int x0 = min(int(x), kSheenAlbedoSize - 2), y0 = min(int(y), kSheenAlbedoSize - 2);
  const float fx = x - float(x0), fy = y - float(y0);
  const int i = y0 * kSheenAlbedoSize + x0;
  const float below = mix(kSheenAlbedo[i], kSheenAlbedo[i + 1], fx);
  const float above =
      mix(kSheenAlbedo[i + kSheenAlbedoSize], kSheenAlbedo[i + kSheenAlbedoSize + 1], fx);
  return mix(below, above, fy);
}

// "Albedo-scaling technique": 1 - max3(sheenColor) E(x). Near grazing angles the Charlie
// sheen's albedo exceeds 1 at small roughness; the scale stops at 0 there rather than
// subtracting light.
float sheenAlbedoScaling(vec3 sheenColor, float nDotX, float sheenRoughness) {
  const float peak = max(sheenColor.r, max(sheenColor.g, sheenColor.b));
  return max(1.0 - peak * sheenAlbedo(nDotX, sheenRoughness), 0.0);
}

// The sheen over `base` for a punctual light in direction l (per unit irradiance):
// "Albedo-scaling technique", sheen_material = sheenColor * sheen_brdf + material *
// sheen_albedo_scaling, with sheen_brdf = D * Vis (the "common microfacet form") and the
// scaling min(1 - max3(sheenColor) E(V.N), 1 - max3(sheenColor) E(L.N)). Light from below
// the surface (only the transmitted part of `base` has any) is scaled by the E(V.N) term
// alone.
vec3 sheenPunctual(MaterialInfo info, vec3 l, vec3 base) {
  const float nDotV = clamp(info.nDotV, 1e-4, 1.0);
  float scaling = sheenAlbedoScaling(info.sheenColor, nDotV, info.sheenRoughness);
  const float nDotL = dot(info.n, l);
  vec3 sheen = vec3(0.0);
  if (nDotL > 0.0) {
    const float alphaG = sheenAlpha(info.sheenRoughness);
    const float nDotH = dot(info.n, normalize(l + info.v));
    sheen = info.sheenColor * charlieDistribution(nDotH, alphaG) *
            charlieVisibility(nDotL, nDotV, alphaG) * nDotL;
    scaling = min(scaling, sheenAlbedoScaling(info.sheenColor, nDotL, info.sheenRoughness));
  }
  return sheen + base * scaling;
}

// The sheen over `base` under the image-based light (unscaled by the intensity).
// Approximation (there is no Charlie-prefiltered cube): the sheen lobe's radiance is its
// directional albedo sheenColor * E(N.V) times the cosine-weighted mean radiance around the
// normal, irradiance(n) / pi; exact for a uniform environment, and a fair stand-in for a lobe
// this wide (the sheen scatters towards grazing directions all around the normal). The base
// is scaled by the "simplified" 1 - max3(sheenColor) E(V.N), as the spec allows for indirect
// light.
vec3 sheenIbl(MaterialInfo info, vec3 base) {
  const float nDotV = clamp(info.nDotV, 1e-4, 1.0);
  const vec3 meanRadiance = environmentIrradiance(info.n, frame.environment.y) / kPi;
  const vec3 sheen = info.sheenColor * sheenAlbedo(nDotV, info.sheenRoughness) * meanRadiance;
  return sheen + base * sheenAlbedoScaling(info.sheenColor, nDotV, info.sheenRoughness);
}

#endif
