// Shadows of KHR_lights_punctual lights (renderer/pass_shadows.h renders the maps): how much of
// light `light` reaches a point, from the depth map of the layer that shadows it. Included by
// mesh.frag after FrameData; kShadows is its specialization constant.
#ifndef VITRINE_SHADOWS_GLSL
#define VITRINE_SHADOWS_GLSL

// One depth layer per shadowed light; a comparison sampler (LESS_OR_EQUAL: 1 = lit), linear
// where the format allows it, so each tap is itself a 2x2 percentage-closer filter; outside the
// map the border is depth 1: lit.
layout(set = 0, binding = 10) uniform sampler2DArrayShadow shadowMaps;

// 1 when light index `light` is unshadowed or reaches `position`; 0 in full shadow.
// `ng` is the geometric normal facing the viewer's side, `l` the unit direction to the light.
float shadowFactor(int light, vec3 position, vec3 ng, vec3 l) {
  int layer = -1;
  vec4 params = vec4(0.0);
  for (int k = 0; k < kMaxShadowedLights; ++k) {
    if (int(frame.shadowLights[k]) == light) {
      layer = k;
      params = frame.shadowParams[k];
    }
  }
  if (layer < 0 && int(frame.shadowPoint.x) == light) {
    // The cube face the point lies in: the major axis of the direction from the light.
    const vec3 d = -l;
    const vec3 a = abs(d);
    const int face = a.x >= a.y && a.x >= a.z ? (d.x > 0.0 ? 0 : 1)
                     : a.y >= a.z             ? (d.y > 0.0 ? 2 : 3)
                                              : (d.z > 0.0 ? 4 : 5);
    layer = kMaxShadowedLights + face;
    params = vec4(frame.shadowPoint.y, 1.0, frame.shadowPoint.w, 0.0);
  }
  if (layer < 0) return 1.0;
  // Normal-offset bias: the receiver point moves off its surface by about a texel (more where
  // the light grazes it), so that the surface does not shadow itself where a texel of the map
  // spans depths (acne). A perspective map's texels grow with the distance.
  // A perspective map's clip w is the distance along the light's axis.
  const float w = (frame.shadowViewProj[layer] * vec4(position, 1.0)).w;
  const float texel = params.x * (params.y > 0.5 ? max(w, 0.0) : 1.0);
  const float cosine = clamp(dot(ng, l), 0.0, 1.0);
  const vec3 offset = ng * texel * (0.5 + 1.5 * sqrt(1.0 - cosine * cosine));
  const vec4 clip = frame.shadowViewProj[layer] * vec4(position + offset, 1.0);
  if (clip.w <= 0.0) return 1.0;  // behind a spot light: outside its cone, unlit anyway
  const vec3 ndc = clip.xyz / clip.w;
  const vec2 uv = ndc.xy * 0.5 + 0.5;
  const float depth = min(ndc.z, 1.0);
  // 3x3 taps a texel apart (each a bilinear 2x2 comparison): a soft edge about 3 texels wide.
  float lit = 0.0;
  for (int y = -1; y <= 1; ++y) {
    for (int x = -1; x <= 1; ++x) {
      const vec2 at = uv + vec2(x, y) * params.z;
      lit += texture(shadowMaps, vec4(at, float(layer), depth));
    }
  }
  return lit / 9.0;
}

#endif
