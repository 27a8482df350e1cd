// The background: the environment seen along each pixel's view ray, at the background lod
// (FrameData::environment.w; higher = the blurred option), scaled by the environment
// intensity, rotated, and tone mapped like the scene. Drawn only when FrameData::background.w
// is kBackgroundEnvironment (the renderer skips the draw otherwise).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "tonemap.glsl"
#include "environment.glsl"

layout(location = 0) in vec2 inNdc;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };

layout(location = 0) out vec4 outColor;

void main() {
  // Two points of the pixel's ray, on the near plane and half way to the far one, from
  // Vulkan clip space to world (the far plane itself is at infinity for an infinite
  // projection). Their difference is the ray, for perspective and orthographic cameras alike.
  const vec4 near = frame.inverseViewProj * vec4(inNdc, 0.0, 1.0);
  const vec4 middle = frame.inverseViewProj * vec4(inNdc, 0.5, 1.0);
  const vec3 ray = middle.xyz / middle.w - near.xyz / near.w;
  const vec3 radiance =
      textureLod(environmentSpecular, environmentDirection(normalize(ray), frame.environment.y),
                 frame.environment.w)
          .rgb *
      frame.environment.x;
  outColor = vec4(toneMap(radiance, frame.shading), 1.0);
}
