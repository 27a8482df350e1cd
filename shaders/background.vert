// The background: one triangle covering the screen at the far plane (depth 1), drawn after
// the opaque geometry with depth test LESS_OR_EQUAL, so only uncovered pixels shade it.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };

// The view ray through this vertex, in world space, unnormalized, and its point on the near
// plane (the ray's origin: an orthographic camera's rays start apart).
layout(location = 0) out vec3 outRay;
layout(location = 1) out vec3 outNear;

void main() {
  // (-1, -1), (3, -1), (-1, 3): the triangle's inside covers clip space [-1, 1]^2.
  const vec2 ndc = vec2(float((gl_VertexIndex & 1) << 2) - 1.0,
                        float((gl_VertexIndex & 2) << 1) - 1.0);
  // Two points of the ray, on the near plane and half way to the far one, from Vulkan clip
  // space to world (the far plane itself is at infinity for an infinite projection). Their
  // difference is the ray for perspective and orthographic cameras alike, and it is an affine
  // function of ndc (the two points lie on planes of constant view depth), so interpolating it
  // across the triangle gives every pixel its exact ray: the fragment shader only normalizes.
  const vec4 near = frame.inverseViewProj * vec4(ndc, 0.0, 1.0);
  const vec4 middle = frame.inverseViewProj * vec4(ndc, 0.5, 1.0);
  outRay = middle.xyz / middle.w - near.xyz / near.w;
  outNear = near.xyz / near.w;
  gl_Position = vec4(ndc, 1.0, 1.0);
}
