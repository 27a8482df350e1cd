// The overlays' lines (renderer/passes/pass_overlays.h): world-space segments (skeletons, normals,
// bounds, light and camera gizmos) placed by the frame's camera, each vertex with its colour.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(location = 0) in vec3 inPosition;  // world space
layout(location = 1) in vec4 inColor;     // linear RGBA (R8G8B8A8_UNORM)

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };

layout(location = 0) out vec4 outColor;

void main() {
  gl_Position = frame.proj * frame.view * vec4(inPosition, 1.0);
  outColor = inColor;
}
