// The split-sum BRDF lookup table (Karis 2013): for n.v = x and perceptual roughness = y at
// each texel centre, the directional albedo of the specular BRDF factored as
//   integral of f_spec(l, v) (n.l) dl = F0 * scale + bias,
// with f_spec = F * Vis * D, D and Vis the GGX distribution and separable Smith visibility of
// glTF 2.0 Appendix B (formulas.md), F = F0 + (1 - F0) (1 - v.h)^5. Estimated with GGX
// importance sampling of h (pdf of l = D (n.h) / (4 v.h)), so each sample weighs
//   Vis * 4 (v.h) (n.l) / (n.h),   times (1 - Fc) for the scale and Fc for the bias.
// Output: packHalf2x16(scale, bias) per texel, row-major (y = roughness rows), copied into the
// RG16F lookup image.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "env_common.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = 0, binding = 0) writeonly buffer Lut { uint texels[]; };

layout(push_constant) uniform Push {
  uint size;
  uint samples;
} push;

// 1 / (|n.x| + sqrt(alpha^2 + (1 - alpha^2) (n.x)^2)): half of the separable visibility.
float visibilityFactor(float nDotX, float a2) {
  return 1.0 / (nDotX + sqrt(a2 + (1.0 - a2) * nDotX * nDotX));
}

void main() {
  const uvec2 id = gl_GlobalInvocationID.xy;
  if (id.x >= push.size || id.y >= push.size) return;
  const float nDotV = (float(id.x) + 0.5) / float(push.size);
  const float roughness = (float(id.y) + 0.5) / float(push.size);
  const float alpha = roughness * roughness;
  const float a2 = alpha * alpha;
  const vec3 v = vec3(sqrt(1.0 - nDotV * nDotV), 0.0, nDotV);  // n = +Z
  const float visV = visibilityFactor(nDotV, a2);
  vec2 sum = vec2(0.0);
  for (uint i = 0; i < push.samples; ++i) {
    const vec3 h = sampleGgxHalfVector(hammersley(i, push.samples), alpha);
    const float vDotH = dot(v, h);
    const vec3 l = 2.0 * vDotH * h - v;
    const float nDotL = l.z;
    if (nDotL <= 0.0 || vDotH <= 0.0) continue;
    const float weight =
        visibilityFactor(nDotL, a2) * visV * 4.0 * vDotH * nDotL / h.z;
    const float fc = pow(1.0 - vDotH, 5.0);
    sum += weight * vec2(1.0 - fc, fc);
  }
  sum /= float(push.samples);
  texels[id.y * push.size + id.x] = packHalf2x16(sum);
}
