// The environment set (set 2) and how shaders read it. Include after shared_types.h.
// Conventions (the contract with renderer/environment/environment.cpp and the processing shaders):
// * the cube holds radiance in the environment's own frame; a world direction d looks at
//   R_y(-rotation) d in it, rotation = FrameData::environment.y (radians about +Y);
// * level k of the specular cube is prefiltered for perceptual GGX roughness
//   k / maxLod (maxLod = FrameData::environment.z): lod = roughness * maxLod, level 0 is the
//   environment itself;
// * irradiance is 9 SH coefficients already convolved with the clamped cosine, in the basis
//   of sh_basis.glsl (documented in env_irradiance.comp);
// * none of these apply FrameData::environment.x (the intensity, 0 without an environment):
//   callers multiply by it.
#ifndef VITRINE_ENVIRONMENT_GLSL
#define VITRINE_ENVIRONMENT_GLSL

#include "sh_basis.glsl"

layout(set = 2, binding = 0) uniform samplerCube environmentSpecular;
layout(set = 2, binding = 1) uniform sampler2D environmentBrdfLut;
layout(set = 2, binding = 2) uniform EnvironmentBlock { EnvironmentData environmentData; };

// The cube direction a world direction samples, for a rotation of the environment by
// `rotation` radians about +Y (FrameData::environment.y): R_y(-rotation) world.
vec3 environmentDirection(vec3 world, float rotation) {
  const float c = cos(rotation), s = sin(rotation);
  return vec3(c * world.x - s * world.z, world.y, s * world.x + c * world.z);
}

// Irradiance E(n) arriving at a surface of world normal n, from the SH coefficients
// (unscaled by FrameData::environment.x); the Lambertian diffuse radiance is
// diffuseColor * E(n) / pi. Never negative (band-limited SH can ring below zero opposite a
// very bright light).
vec3 environmentIrradiance(vec3 n, float rotation) {
  float basis[9];
  shBasis(environmentDirection(normalize(n), rotation), basis);
  vec3 e = vec3(0.0);
  for (int k = 0; k < 9; ++k) e += environmentData.sh[k].rgb * basis[k];
  return max(e, vec3(0.0));
}

// Prefiltered radiance around world direction r for a GGX roughness (perceptual, 0..1),
// unscaled; maxLod = FrameData::environment.z.
vec3 environmentSpecularRadiance(vec3 r, float roughness, float rotation, float maxLod) {
  return textureLod(environmentSpecular, environmentDirection(r, rotation),
                    clamp(roughness, 0.0, 1.0) * maxLod)
      .rgb;
}

// The split-sum scale and bias of F0 (Karis 2013): specular = radiance * (F0 * x + y).
// x = n.v, y = perceptual roughness, each at the centre of its texel (brdf_lut.comp).
vec2 environmentBrdf(float nDotV, float roughness) {
  return texture(environmentBrdfLut, vec2(nDotV, roughness)).rg;
}

#endif
