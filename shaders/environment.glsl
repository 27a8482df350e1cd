// The environment set (set 2) and how shaders read it. Include after shared_types.h.
// Placeholder bodies; the conventions in the comments are the contract.
#ifndef VITRINE_ENVIRONMENT_GLSL
#define VITRINE_ENVIRONMENT_GLSL

layout(set = 2, binding = 0) uniform samplerCube environmentSpecular;
layout(set = 2, binding = 1) uniform sampler2D environmentBrdfLut;
layout(set = 2, binding = 2) uniform EnvironmentBlock { EnvironmentData environmentData; };

// The cube direction a world direction samples, for a rotation of the environment by
// `rotation` radians about +Y (FrameData::environment.y).
vec3 environmentDirection(vec3 world, float rotation) {
  const float c = cos(rotation), s = sin(rotation);
  return vec3(c * world.x - s * world.z, world.y, s * world.x + c * world.z);
}

// Irradiance E(n) arriving at a surface of world normal n, from the SH coefficients
// (unscaled by FrameData::environment.x); the Lambertian diffuse radiance is
// diffuseColor * E(n) / pi.
vec3 environmentIrradiance(vec3 n, float rotation) {
  return vec3(0.0);
}

// Prefiltered radiance around world direction r for a GGX roughness (perceptual, 0..1),
// unscaled; maxLod = FrameData::environment.z.
vec3 environmentSpecularRadiance(vec3 r, float roughness, float rotation, float maxLod) {
  return textureLod(environmentSpecular, environmentDirection(r, rotation), roughness * maxLod)
      .rgb;
}

// The split-sum scale and bias of F0 (Karis 2013): specular = radiance * (F0 * x + y).
vec2 environmentBrdf(float nDotV, float roughness) {
  return texture(environmentBrdfLut, vec2(nDotV, roughness)).rg;
}

#endif
