// KHR_lights_punctual: the light a LightData sends to a surface point. Include after
// shared_types.h. Formulas: /work/shared/spec/formulas.md, "KHR_lights_punctual".
#ifndef VITRINE_LIGHTS_GLSL
#define VITRINE_LIGHTS_GLSL

// What reaches a point from one light: the unit direction towards the light and the
// irradiance it brings to a surface facing it (colour * intensity * attenuation); the
// reflected radiance is brdf * irradiance * max(N.L, 0).
struct Incident {
  vec3 l;
  vec3 irradiance;
};

Incident incidentLight(LightData light, vec3 position) {
  const int type = int(light.position.w + 0.5);
  // Directional: along the light's direction, no attenuation.
  if (type == kLightDirectional) return Incident(-light.direction.xyz, light.color.rgb);

  const vec3 toLight = light.position.xyz - position;
  const float d2 = max(dot(toLight, toLight), 1e-12);
  const float d = sqrt(d2);
  const vec3 l = toLight / d;
  // Inverse square law, windowed to zero at `range` when the light has one (the extension's
  // recommended clamp(1 - (d / range)^4, 0, 1) / d^2).
  float attenuation = 1.0 / d2;
  const float range = light.direction.w;
  if (range > 0.0) {
    const float r = d / range;
    const float r2 = r * r;
    attenuation *= clamp(1.0 - r2 * r2, 0.0, 1.0);
  }
  // Spot: the smooth cone falloff, squared (cone.x scale, cone.y offset precomputed).
  if (type == kLightSpot) {
    const float cone =
        clamp(dot(light.direction.xyz, -l) * light.cone.x + light.cone.y, 0.0, 1.0);
    attenuation *= cone * cone;
  }
  return Incident(l, light.color.rgb * attenuation);
}

#endif
