// One level of a mip chain from the level above: each texel the average of the 2x2 texels it
// covers (clamped at odd edges), per layer. Used for the equirect's few levels and the 32-bit
// source cube's chain (faces filtered separately: the prefiltering reads them with seamless
// cube filtering anyway). A compute pass, because lavapipe's blits are ~10x slower.
#version 450

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba32f) uniform readonly image2DArray source;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2DArray target;

layout(push_constant) uniform Push {
  uvec2 targetSize;
  uvec2 sourceSize;
} push;

void main() {
  const uvec3 id = gl_GlobalInvocationID;
  if (id.x >= push.targetSize.x || id.y >= push.targetSize.y) return;
  const ivec2 last = ivec2(push.sourceSize) - 1;
  const ivec2 p = ivec2(id.xy) * 2;
  vec4 sum = vec4(0.0);
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx)
      sum += imageLoad(source, ivec3(min(p + ivec2(dx, dy), last), id.z));
  imageStore(target, ivec3(id), sum * 0.25);
}
