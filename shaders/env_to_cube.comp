// The equirectangular environment to a cube: one invocation per texel of level 0, written
// twice: to the 32-bit source cube the prefiltering samples, and to level 0 (roughness 0) of
// the 16-bit specular cube the renderer samples.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "env_common.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

// Mipmapped; u repeats (the azimuth wraps), v clamps.
layout(set = 0, binding = 0) uniform sampler2D equirect;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2DArray source;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2DArray specular;

layout(push_constant) uniform Push {
  uint size;       // the cube's level-0 width
  float lod;       // equirect level whose texels match a cube texel (no aliasing)
  float maxValue;  // radiance clamp of the 32-bit cube (keeps sums finite)
} push;

// The largest finite half float: brighter texels (a sun) would become infinity in the
// 16-bit cube, and filtering would spread NaN.
const float kMaxHalf = 65504.0;

void main() {
  const uvec3 id = gl_GlobalInvocationID;
  if (id.x >= push.size || id.y >= push.size) return;
  const vec3 d = cubeDirection(id.z, (vec2(id.xy) + 0.5) / float(push.size));
  const vec3 radiance = min(textureLod(equirect, equirectCoordinates(d), push.lod).rgb,
                            vec3(push.maxValue));
  imageStore(source, ivec3(id), vec4(radiance, 1.0));
  imageStore(specular, ivec3(id), vec4(min(radiance, vec3(kMaxHalf)), 1.0));
}
