// Diffuse irradiance of the environment as 9 spherical-harmonic coefficients (bands 0-2),
// projected from the 32x32-per-face level of the source cube, texel by texel with exact solid
// angles (an image load: no sampler code for lavapipe to compile),
// then convolved with the clamped cosine (Ramamoorthi & Hanrahan 2001):
//   L_lm = sum over texels of L(d) Y_lm(d) dOmega,   E_lm = A_l L_lm,
//   A_0 = pi, A_1 = 2 pi / 3, A_2 = pi / 4,
// so E(n) = sum_lm E_lm Y_lm(n). The basis (real, orthonormal, on world directions (x, y, z)):
//   Y_0 = 0.282095                 Y_1 = 0.488603 y     Y_2 = 0.488603 z    Y_3 = 0.488603 x
//   Y_4 = 1.092548 x y             Y_5 = 1.092548 y z   Y_6 = 0.315392 (3 z^2 - 1)
//   Y_7 = 1.092548 x z             Y_8 = 0.546274 (x^2 - y^2)
// environment.glsl evaluates the same basis. One workgroup: each invocation sums a share of
// the texels, then nine invocations add the partial sums up, in a fixed order (deterministic).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "env_common.glsl"
#include "sh_basis.glsl"

layout(local_size_x = 64) in;

// The source cube's level with push.size texels per edge, read texel by texel.
layout(set = 0, binding = 0, rgba32f) uniform readonly image2DArray source;
layout(std430, set = 0, binding = 1) writeonly buffer Result { EnvironmentData result; };

layout(push_constant) uniform Push {
  uint size;  // texels per face edge of the level read (32)
} push;

shared vec3 partial[64][9];

// Integral over a cube face of the solid angle from (0, 0) to (x, y) on the face's [-1, 1]^2
// plane one unit away: atan(x y / sqrt(x^2 + y^2 + 1)). A texel's solid angle is the
// difference over its four corners.
float cornerArea(float x, float y) {
  return atan(x * y, sqrt(x * x + y * y + 1.0));
}

void main() {
  const uint invocation = gl_LocalInvocationID.x;
  const uint perFace = push.size * push.size;
  const float texel = 2.0 / float(push.size);
  vec3 sums[9];
  for (int k = 0; k < 9; ++k) sums[k] = vec3(0.0);
  for (uint i = invocation; i < 6 * perFace; i += 64) {
    const uint face = i / perFace;
    const uvec2 xy = uvec2(i % push.size, (i % perFace) / push.size);
    const vec2 uv = (vec2(xy) + 0.5) / float(push.size);
    const vec3 d = cubeDirection(face, uv);
    const vec2 lo = vec2(xy) * texel - 1.0, hi = lo + texel;
    const float solidAngle = cornerArea(lo.x, lo.y) - cornerArea(lo.x, hi.y) -
                             cornerArea(hi.x, lo.y) + cornerArea(hi.x, hi.y);
    const vec3 radiance = imageLoad(source, ivec3(xy, face)).rgb * solidAngle;
    float basis[9];
    shBasis(d, basis);
    for (int k = 0; k < 9; ++k) sums[k] += radiance * basis[k];
  }
  for (int k = 0; k < 9; ++k) partial[invocation][k] = sums[k];
  barrier();
  // Invocation k adds up coefficient k over the partial sums, in a fixed order.
  if (invocation >= 9) return;
  const uint k = invocation;
  vec3 total = vec3(0.0);
  for (uint j = 0; j < 64; ++j) total += partial[j][k];
  const float bandScale = k == 0 ? kPi : (k < 4 ? 2.0 * kPi / 3.0 : kPi / 4.0);
  result.sh[k] = vec4(total * bandScale, 0.0);
}
