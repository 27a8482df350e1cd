// Shadows of KHR_lights_punctual lights (renderer/passes/pass_shadows.h renders the maps): how much of
// light `light` reaches a point, from the depth map of the layer that shadows it, and the
// environment key light's shadow. Included by mesh.frag and the ground (background.frag) after
// FrameData and environment.glsl; mesh.frag's kShadows says which of them it compiles in.
#ifndef VITRINE_SHADOWS_GLSL
#define VITRINE_SHADOWS_GLSL

// One depth layer per shadowed light; a comparison sampler (LESS_OR_EQUAL: 1 = lit), linear
// where the format allows it, so each tap is itself a 2x2 percentage-closer filter; outside the
// map the border is depth 1: lit.
layout(set = 0, binding = 10) uniform sampler2DArrayShadow shadowMaps;

// How much of a light reaches `position` through layer `layer`, whose params are as
// FrameData::shadowParams (x the world size of a texel, at unit distance where y is 1: a
// perspective map; z a texel in the layer's texture coordinates); the map fills the corner
// `uvScale` of the layer's side. `ng` is the geometric normal on the side the offset goes to
// (the light's, for a surface it reaches through), `l` the unit direction to the light. 1 lit,
// 0 in full shadow. The map is read in layer `layer` + `through` (kShadowLayers for a light's
// map without the diffuse-transmitting casters, else 0), through layer `layer`'s matrix.
float filteredShadow(int layer, vec4 params, vec3 position, vec3 ng, vec3 l, float uvScale,
                     int through) {
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
  const vec2 uv = (ndc.xy * 0.5 + 0.5) * uvScale;
  const float depth = min(ndc.z, 1.0);
  // 2x2 taps a texel apart, each a bilinear 2x2 comparison: together a tent over 3x3 texels,
  // an edge about 3 texels wide (four lookups: on lavapipe each costs in every fragment).
  float lit = 0.0;
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 2; ++x) {
      const vec2 at = uv + (vec2(x, y) - 0.5) * params.z;
      lit += texture(shadowMaps, vec4(at, float(layer + through), depth));
    }
  }
  return lit * 0.25;
}

// 1 when light index `light` is unshadowed or reaches `position`; 0 in full shadow.
// `ng` is the geometric normal on the light's side, `l` the unit direction to the light.
// `layers`: some directional or spot light may be shadowed; `point`: the point light may be;
// `single`: layer 0 is the only directional or spot layer, and no point light is shadowed
// (constant expressions in mesh.frag, so that what cannot be is not compiled in).
// `through`: the light reaches the surface from behind and passes through it (diffuse
// transmission): the maps without the diffuse-transmitting casters are read, where they exist
// (FrameData::shadowPoint.z; shared_types.h kThroughShadowLayers).
float shadowFactor(int light, vec3 position, vec3 ng, vec3 l, bool layers, bool point,
                   bool single, bool through) {
  const int offset = through && frame.shadowPoint.z > 0.5 ? kShadowLayers : 0;
  // With one layer it is read at a constant index, and no layer is chosen per fragment: on
  // lavapipe that alone makes the lookup a third cheaper.
  if (single) {
    const float lit = filteredShadow(0, frame.shadowParams[0], position, ng, l, 1.0, offset);
    return int(frame.shadowLights[0]) == light ? lit : 1.0;
  }
  // A light's layers come nearest cascade first (pass_shadows.h): the first one serving view
  // depths as far as the point's (shadowParams w; a spot light's and a whole map's reach all).
  const float depth = -(frame.view * vec4(position, 1.0)).z;
  int layer = -1;
  vec4 params = vec4(0.0);
  for (int k = 0; layers && k < kMaxShadowedLights; ++k) {
    if (layer < 0 && int(frame.shadowLights[k]) == light && depth <= frame.shadowParams[k].w) {
      layer = k;
      params = frame.shadowParams[k];
    }
  }
  if (point && layer < 0 && int(frame.shadowPoint.x) == light) {
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
  return filteredShadow(layer, params, position, ng, l, 1.0, offset);
}

// The environment's key light (FrameData::keyLight; its map in layer kKeyShadowLayer, read like a
// directional light's): the factor the image-based light of a surface at `position`, of shading
// normal n and geometric normal ng (facing the viewer's side), is multiplied by: 1 - share (1 -
// visibility), where share is the key's part of the irradiance E(n) the surface receives (the
// key's taken as keyLight.w max(n.l, 0): a small source; E(n) from the environment's SH, both per
// unit intensity) and visibility how much of the key reaches the point. 1 without a key shadow.
// The approximation takes the same share away from the specular image-based light.
float environmentShadow(vec3 position, vec3 n, vec3 ng) {
  if (frame.keyLight.w <= 0.0) return 1.0;
  const vec3 l = frame.keyLight.xyz;
  const float key = frame.keyLight.w * max(dot(n, l), 0.0);
  if (key <= 0.0) return 1.0;
  const vec4 params = vec4(frame.keyShadow.x, 0.0, frame.keyShadow.y, 0.0);
  const float visibility = filteredShadow(kKeyShadowLayer, params, position, ng, l,
                                          frame.keyShadow.z, 0);
  if (visibility >= 1.0) return 1.0;
  const float e = dot(environmentIrradiance(n, frame.environment.y),
                      vec3(0.2126, 0.7152, 0.0722));
  const float share = e > key ? key / e : 1.0;
  return 1.0 - share * (1.0 - visibility);
}

#endif
