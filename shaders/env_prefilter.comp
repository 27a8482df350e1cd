// One level of the prefiltered specular cube: the radiance around each texel's direction
// r convolved with the GGX lobe of the level's roughness, under the split-sum assumption
// n = v = r (Karis 2013), weighted by n.l. Filtered importance sampling (Krivanek & Colbert
// 2008): each of the `samples` directions reads the mipmapped source cube at the level whose
// texels cover the solid angle the sample stands for, so few samples give a smooth result.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "env_common.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform samplerCube source;  // all levels, linear mipmapped
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2DArray level;  // the target

layout(push_constant) uniform Push {
  uint size;         // the target level's width
  uint sourceSize;   // the source cube's level-0 width
  uint samples;      // importance samples per texel
  float roughness;   // perceptual; alpha = roughness^2
} push;

const float kMaxHalf = 65504.0;

void main() {
  const uvec3 id = gl_GlobalInvocationID;
  if (id.x >= push.size || id.y >= push.size) return;
  const vec3 n = cubeDirection(id.z, (vec2(id.xy) + 0.5) / float(push.size));
  const mat3 toWorld = basisAround(n);
  const float alpha = max(push.roughness * push.roughness, 1e-4);
  // Solid angle of one level-0 source texel (the average over the cube).
  const float texelSolidAngle = 4.0 * kPi / (6.0 * float(push.sourceSize * push.sourceSize));

  vec3 sum = vec3(0.0);
  float weight = 0.0;
  for (uint i = 0; i < push.samples; ++i) {
    const vec3 h = toWorld * sampleGgxHalfVector(hammersley(i, push.samples), alpha);
    const float nDotH = dot(n, h);  // = v.h, as v = n
    const vec3 l = 2.0 * nDotH * h - n;
    const float nDotL = dot(n, l);
    if (nDotL <= 0.0) continue;
    // pdf of l = D(h) (n.h) / (4 v.h) = D(h) / 4 here; the sample stands for 1 / (N pdf) sr.
    const float pdf = ggxDistribution(nDotH, alpha) * 0.25;
    const float sampleSolidAngle = 1.0 / (float(push.samples) * pdf);
    // +1: one level blurrier than the footprint, Krivanek & Colbert's bias against aliasing.
    const float lod = max(0.5 * log2(sampleSolidAngle / texelSolidAngle) + 1.0, 0.0);
    sum += textureLod(source, l, lod).rgb * nDotL;
    weight += nDotL;
  }
  const vec3 radiance = weight > 0.0 ? sum / weight : textureLod(source, n, 0.0).rgb;
  imageStore(level, ivec3(id), vec4(min(radiance, vec3(kMaxHalf)), 1.0));
}
