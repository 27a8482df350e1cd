// The background: the environment seen along each pixel's view ray, at the background lod
// (FrameData::environment.w; higher = the blurred option), scaled by the environment
// intensity, rotated, and tone mapped like the scene. With a solid colour (FrameData::background
// w kBackgroundColor) the attachment's clear colour stays: nothing is written.
// Compiled again with VITRINE_GROUND (background_ground.frag.inc): the ground under the asset
// (renderer View::ground), a second full-screen draw after the background that multiplies what
// is there (background.cpp blends dst.rgb * src.rgb, dst.a * (1 - src.a) + src.a): it writes
// (m, m, m, 1 - m), m the ground's darkening, so that over a transparent clear colour (a
// thumbnail) the shadow is black of alpha 1 - m. Bound only where a scene's set 0 is, whose
// lights and shadow maps it reads.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "tonemap.glsl"
#include "environment.glsl"

// The tone mapping operator (kTonemap*, as FrameData::shading.y), specialized per pipeline.
layout(constant_id = 0) const int kTonemap = kTonemapNeutral;

// The pixel's ray in world space, unnormalized, and where it leaves the near plane
// (background.vert).
layout(location = 0) in vec3 inRay;
layout(location = 1) in vec3 inNear;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };

#ifdef VITRINE_GROUND
// The shadows the ground reads (renderer background.h GroundShadow): 1 the directional and spot
// lights', 2 the point light's, 4 the environment key light's, 8 the contact shadow.
layout(constant_id = 1) const uint kGroundShadows = 15u;
layout(std430, set = 0, binding = 3) readonly buffer LightBlock { LightData lights[]; };
// The ground (renderer background.cpp): x its height (world y), y the disc's radius, zw its
// centre (world x, z).
layout(push_constant) uniform GroundBlock { vec4 ground; };
#include "lights.glsl"
#include "shadows.glsl"

// How much of the lights' light reaches ground point p, their shadows counted, each light
// weighted by the irradiance it brings to the upward-facing ground: 1 unshadowed (or no light).
float groundVisibility(vec3 p) {
  const vec3 up = vec3(0.0, 1.0, 0.0);
  float total = 0.0, reaching = 0.0;
  const int count = int(frame.shading.z + 0.5);
  for (int i = 0; i < count; ++i) {
    const Incident light = incidentLight(lights[i], p);
    const float e = dot(light.irradiance, vec3(0.2126, 0.7152, 0.0722)) * max(light.l.y, 0.0);
    if (e <= 0.0) continue;
    total += e;
    reaching += e * shadowFactor(i, p, up, light.l, (kGroundShadows & 1u) != 0u,
                                 (kGroundShadows & 2u) != 0u, false, false);
  }
  return total > 0.0 ? reaching / total : 1.0;
}

// The environment key light's shadow on ground point p: the key's share of the irradiance
// on the upward ground (shadows.glsl environmentShadow) times how much of it is hidden; 0
// without a key shadow.
float groundKeyShadow(vec3 p) {
  const vec3 up = vec3(0.0, 1.0, 0.0);
  return 1.0 - environmentShadow(p, up, up);
}

// The rings' directions: eight an eighth of a turn apart, then the same turned by a sixteenth.
const vec2 kContactRing[16] = vec2[16](
    vec2(1.0000000, 0.0000000), vec2(0.7071068, 0.7071068),
    vec2(0.0000000, 1.0000000), vec2(-0.7071068, 0.7071068),
    vec2(-1.0000000, 0.0000000), vec2(-0.7071068, -0.7071068),
    vec2(0.0000000, -1.0000000), vec2(0.7071068, -0.7071068),
    vec2(0.9238795, 0.3826834), vec2(0.3826834, 0.9238795),
    vec2(-0.3826834, 0.9238795), vec2(-0.9238795, 0.3826834),
    vec2(-0.9238795, -0.3826834), vec2(-0.3826834, -0.9238795),
    vec2(0.3826834, -0.9238795), vec2(0.9238795, -0.3826834));

// The contact shadow at ground point p: an ambient-occlusion term of the ground from what lies
// above it. FrameData::contactShadow; layer kContactShadowLayer holds four maps (pass_shadows.h)
// of the depth of the lowest surface above each ground point seen from below, 0 at the ground
// to 1 at the contact height H, each half as wide as the one before. At level k (k = 0..3) map k
// is read at p and at eight points around it at the horizontal distance r_k = 2^(k - 3) H, each
// tap a bilinear comparison with the height r_k: is a surface lower than r_k above that point
// (so within about 45 degrees of p's zenith, at that scale)? The share of the nine taps that
// find one, averaged over the four levels, is the occlusion: 1 under a surface lying on the
// ground, about 0.4 right beside the foot of a box (the rings' inner halves under it), fading
// with the distance from the box (fewer and coarser rings reach it) and with the height of a
// gap under it (fewer levels' heights reach down to it); 0 with nothing within H. The rings
// turn by a sixteenth of a turn every other level, so the taps of successive levels interleave.
float contactOcclusion(vec3 p) {
  if (frame.contactShadow.x <= 0.0) return 0.0;
  const vec4 clip = frame.shadowViewProj[kContactShadowLayer] * vec4(p, 1.0);  // orthographic
  const vec2 unit = clip.xy * 0.5 + 0.5;      // 0..1 across every map
  const float texel = frame.contactShadow.w;  // a texel of the layer in its uv
  const uint first = uint(frame.contactShadow.y + 0.5);
  // The disc's diameter in units of the contact height: r_k in map units is 2^(k-3) / span.
  const float span = 2.0 * frame.contactShadow.z / frame.contactShadow.x;
  float offset = 0.0;  // pass_shadows.h contactLevelOffset()
  float occluded = 0.0;
  for (int level = 0; level < 4; ++level) {
    const float side = float(first >> uint(level));
    const float height = exp2(float(level - 3));
    const float radius = height / span;  // r_k across the map, 0..1
    float lit = 0.0;
    for (int i = 0; i < 9; ++i) {
      const vec2 around = i == 8 ? unit : unit + radius * kContactRing[(level & 1) * 8 + i];
      // Within the map's own texels: a ring past the disc's edge reads its last texel.
      const vec2 at = vec2(offset, 0.0) + clamp(around, 0.0, 1.0) * side;
      lit += texture(shadowMaps, vec4(at * texel, float(kContactShadowLayer), height));
    }
    occluded += 1.0 - lit / 9.0;
    offset += side + 2.0;
  }
  return occluded * 0.25;
}

// The ground's multiplier of the background along this pixel's ray: 1 off the disc, seen from
// below, or where every light reaches it and nothing is near; down to 1 - kGroundShadow in a
// full shadow of the lights (or of the key, by its share), and by 1 - kContactShadow under a
// surface lying on it (the contact shadow's most: never darker), those multiplied, faded out
// over the disc's outer half.
const float kGroundShadow = 0.75;
const float kContactShadow = 0.7;
float groundDarkening(vec3 origin, vec3 direction) {
  if (direction.y >= -1e-6) return 1.0;  // looking level or up: the plane is not below
  const float t = (ground.x - origin.y) / direction.y;
  if (t <= 0.0) return 1.0;  // the eye is below the ground
  const vec3 p = origin + t * direction;
  const float r = length(p.xz - ground.zw);
  if (r >= ground.y) return 1.0;
  const float fade = 1.0 - smoothstep(0.5 * ground.y, ground.y, r);
  float lit = 1.0;
  if ((kGroundShadows & 3u) != 0u) lit *= 1.0 - kGroundShadow * (1.0 - groundVisibility(p));
  if ((kGroundShadows & 4u) != 0u) lit *= 1.0 - kGroundShadow * groundKeyShadow(p);
  if ((kGroundShadows & 8u) != 0u) lit *= 1.0 - kContactShadow * contactOcclusion(p);
  return 1.0 - fade * (1.0 - lit);
}
#endif

layout(location = 0) out vec4 outColor;

void main() {
#ifdef VITRINE_GROUND
  const float m = groundDarkening(inNear, normalize(inRay));
  if (m >= 1.0) discard;
  outColor = vec4(vec3(m), 1.0 - m);
#else
  if (int(frame.background.w + 0.5) != kBackgroundEnvironment) discard;
  const vec3 radiance =
      textureLod(environmentSpecular, environmentDirection(normalize(inRay), frame.environment.y),
                 frame.environment.w)
          .rgb *
      frame.environment.x;
  outColor = vec4(toneMapOperator(radiance, frame.shading.x, kTonemap), 1.0);
#endif
}
