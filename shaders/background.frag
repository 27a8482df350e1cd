// The background: the environment seen along each pixel's view ray, at the background lod
// (FrameData::environment.w; higher = the blurred option), scaled by the environment
// intensity, rotated, and tone mapped like the scene. Drawn only when FrameData::background.w
// is kBackgroundEnvironment (the renderer skips the draw otherwise).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "tonemap.glsl"
#include "environment.glsl"

// The tone mapping operator (kTonemap*, as FrameData::shading.y), specialized per pipeline.
layout(constant_id = 0) const int kTonemap = kTonemapNeutral;

// The pixel's ray in world space, unnormalized (background.vert).
layout(location = 0) in vec3 inRay;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };

layout(location = 0) out vec4 outColor;

void main() {
  const vec3 radiance =
      textureLod(environmentSpecular, environmentDirection(normalize(inRay), frame.environment.y),
                 frame.environment.w)
          .rgb *
      frame.environment.x;
  outColor = vec4(toneMapOperator(radiance, frame.shading.x, kTonemap), 1.0);
}
