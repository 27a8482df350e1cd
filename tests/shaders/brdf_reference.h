// The glTF 2.0 Appendix B material and the KHR_lights_punctual attenuations, computed on the
// CPU in double precision straight from the formulas (/work/shared/spec/formulas.md). The
// tests' own implementation: it shares nothing with the shaders, so it can catch their
// mistakes.
#pragma once

#include <optional>

#include <glm/glm.hpp>

namespace vitrine::test {

// material(N, V, L) = mix(dielectric_brdf, metal_brdf, metallic) of Appendix B, with
// D, G = G1(L) G1(V) and Vis = G / (4 |N.L| |N.V|) in their general form. Unit vectors.
glm::dvec3 appendixB(const glm::dvec3& baseColor, double metallic, double roughness,
                     const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l);

// Appendix B's informative "simplified" form (c_diff, f0, one Fresnel): equal to appendixB
// only when metallic is 0 or 1. Lets a test show it can tell the two apart.
glm::dvec3 appendixBSimplified(const glm::dvec3& baseColor, double metallic, double roughness,
                               const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l);

// Radiance reflected towards V from a punctual light that brings `irradiance` (colour x
// intensity x attenuation) from direction L: material * irradiance * max(N.L, 0).
glm::dvec3 reflected(const glm::dvec3& material, const glm::dvec3& irradiance, const glm::dvec3& n,
                     const glm::dvec3& l);

// KHR_lights_punctual recommended range attenuation at distance d: with a range,
// clamp(1 - (d / range)^4, 0, 1) / d^2, else 1 / d^2.
double rangeAttenuation(double d, std::optional<double> range);

// KHR_lights_punctual spot cone attenuation for the angle between the spot's axis and the
// direction from the light to the point.
double spotAttenuation(double angle, double innerConeAngle, double outerConeAngle);

}  // namespace vitrine::test
