// Mesh vertex shader: transforms one vertex by its node's world matrix and the camera.
// Vertex streams arrive as separate bindings; the renderer fills absent streams with
// defaults (zero normal = unlit, zero uv, white colour, zero tangent = none).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;
layout(location = 5) in vec4 inTangent;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };
layout(std430, set = 0, binding = 1) readonly buffer NodeBlock { NodeData nodes[]; };
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outTexcoord0;
layout(location = 3) out vec2 outTexcoord1;
layout(location = 4) out vec4 outColor;
layout(location = 5) out vec4 outTangent;

void main() {
  const vec4 world = nodes[draw.node].world * vec4(inPosition, 1.0);
  outWorldPos = world.xyz;
  // Not normalized here: a zero normal must stay zero (the fragment shader's "unlit" signal).
  outNormal = mat3(nodes[draw.node].normal) * inNormal;
  // Tangents are surface directions: they transform with the world matrix. A mirroring
  // matrix (negative determinant) reverses the handedness of the frame that
  // cross(normal, tangent) builds, so its sign goes into w.
  const mat3 world3 = mat3(nodes[draw.node].world);
  const float handedness = determinant(world3) < 0.0 ? -inTangent.w : inTangent.w;
  outTangent = vec4(world3 * inTangent.xyz, handedness);
  outTexcoord0 = inTexcoord0;
  outTexcoord1 = inTexcoord1;
  outColor = inColor;
  gl_Position = frame.proj * (frame.view * world);
  gl_PointSize = 1.0;  // glTF points are one pixel
}
