// Tone mapping, shared by every shader that writes the scene colour: exposure, then the
// operator FrameData::shading.y selects. The result is linear display light in [0, 1]; the
// sRGB attachment applies the sRGB encoding (so no gamma here, unlike viewers that write to a
// UNORM target).
#ifndef VITRINE_TONEMAP_GLSL
#define VITRINE_TONEMAP_GLSL

#include "shared_types.h"  // kTonemap* (include guarded: harmless when already included)

// Khronos PBR Neutral (KhronosGroup/ToneMapping, PBR_Neutral/README.md): colours whose
// brightest channel stays below 0.76 keep their hue and saturation (only a small black
// offset is removed); brighter ones are compressed towards white.
vec3 toneMapPbrNeutral(vec3 color) {
  const float startCompression = 0.8 - 0.04;
  const float desaturation = 0.15;
  const float lowest = min(color.r, min(color.g, color.b));
  const float offset = lowest < 0.08 ? lowest - 6.25 * lowest * lowest : 0.04;
  color -= offset;
  const float peak = max(color.r, max(color.g, color.b));
  if (peak < startCompression) return color;
  const float d = 1.0 - startCompression;
  const float newPeak = 1.0 - d * d / (peak + d - startCompression);
  color *= newPeak / peak;
  const float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
  return mix(color, vec3(newPeak), g);
}

// ACES filmic as the Khronos glTF Sample Viewer's "ACES Filmic (Hill)": Stephen Hill's fit
// of the RRT and ODT (TheRealMJP/BakingLab ACES.hlsl), in the AP1-like space the two
// matrices go to and come back from. GLSL matrices are column-major: each row of numbers
// below is a column.
vec3 toneMapAces(vec3 color) {
  const mat3 toAces = mat3(0.59719, 0.07600, 0.02840,   //
                           0.35458, 0.90834, 0.13383,   //
                           0.04823, 0.01566, 0.83777);  // sRGB -> XYZ -> D60 -> AP1 -> RRT_SAT
  const mat3 fromAces = mat3(1.60475, -0.10208, -0.00327,   //
                             -0.53108, 1.10813, -0.07276,   //
                             -0.07367, -0.00605, 1.07602);  // ODT_SAT -> XYZ -> D65 -> sRGB
  const vec3 v = toAces * color;
  const vec3 a = v * (v + 0.0245786) - 0.000090537;
  const vec3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
  return clamp(fromAces * (a / b), 0.0, 1.0);
}

// AgX (Troy Sobotka's base transform, sobotka/AgX) in Benjamin Wrensch's "minimal AgX"
// form: inset matrix, log2 encoding over [-12.47393, 4.026069] EV, the sigmoid as a
// polynomial fit, outset matrix. The sigmoid's output is display-encoded for a 2.2 power
// display, so it is raised to 2.2 to give the linear value the sRGB attachment encodes.
vec3 toneMapAgx(vec3 color) {
  const mat3 inset = mat3(0.842479062253094, 0.0423282422610123, 0.0423756549057051,  //
                          0.0784335999999992, 0.878468636469772, 0.0784336,           //
                          0.0792237451477643, 0.0791661274605434, 0.879142973793104);
  const mat3 outset = mat3(1.19687900512017, -0.0528968517574562, -0.0529716355144438,  //
                           -0.0980208811401368, 1.15190312990417, -0.0980434501171241,  //
                           -0.0990297440797205, -0.0989611768448433, 1.15107367264116);
  const float minEv = -12.47393;
  const float maxEv = 4.026069;
  // max(): log2(0) is -inf, which the clamp maps to the bottom of the range anyway.
  vec3 x = clamp(log2(max(inset * color, 1e-10)), minEv, maxEv);
  x = (x - minEv) / (maxEv - minEv);
  const vec3 x2 = x * x;
  const vec3 x4 = x2 * x2;
  const vec3 curve = 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x +
                     0.4298 * x2 + 0.1191 * x - 0.00232;
  return pow(clamp(outset * curve, 0.0, 1.0), vec3(2.2));
}

// Linear scene radiance to the linear display value the sRGB attachment encodes, for the
// exposure scale `exposure` (2^EV) and the operator `op` (kTonemap*). lavapipe evaluates every
// operator a runtime `op` might select, so shaders that run per pixel of the scene pass a
// specialization constant here (mesh.frag) and let the compiler drop the others.
vec3 toneMapOperator(vec3 color, float exposure, int op) {
  // The transmission pass keeps scene radiance: exposure and tone mapping come once, when the
  // transmissive surface that samples it is shaded.
  if (op == kTonemapLinear) return min(max(color, 0.0), 65504.0);
  // min(): an infinite radiance (a blown-out highlight) would make Neutral's compression
  // inf * 0 = NaN, black instead of white; 65504 is the largest half float.
  color = min(max(color * exposure, 0.0), 65504.0);
  if (op == kTonemapNeutral) return clamp(toneMapPbrNeutral(color), 0.0, 1.0);
  if (op == kTonemapAces) return toneMapAces(color);
  if (op == kTonemapAgx) return toneMapAgx(color);
  return clamp(color, 0.0, 1.0);  // kTonemapNone
}

// The same for shading = FrameData::shading (x exposure scale 2^EV, y kTonemap*).
vec3 toneMap(vec3 color, vec4 shading) {
  return toneMapOperator(color, shading.x, int(shading.y + 0.5));
}

#endif
