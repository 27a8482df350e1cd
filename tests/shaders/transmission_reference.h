// CPU reference, in double precision, for light through the surface, written from the
// extension specifications (KhronosGroup/glTF extensions/2.0/Khronos/<name>/README.md) and
// sharing nothing with the shaders: KHR_materials_transmission, KHR_materials_volume,
// KHR_materials_dispersion, KHR_materials_diffuse_transmission.
#pragma once

#include <glm/glm.hpp>

namespace vitrine::test::transmission {

// fresnel_mix's weight of the base layer (glTF 2.0 Appendix B, Schlick):
// 1 - (f0 + (1 - f0) (1 - |V.H|)^5), f0 = ((ior - 1) / (ior + 1))^2 (KHR_materials_ior).
double baseWeight(double ior, double vDotH);

// KHR_materials_volume "Attenuation": T(x) = c^(x / d), per channel.
glm::dvec3 transmittance(const glm::dvec3& attenuationColor, double attenuationDistance,
                         double distance);

// Snell's law: the direction of unit `incident` refracted at the unit normal `n` (facing
// against `incident`) from ior 1 into `ior`.
glm::dvec3 refracted(const glm::dvec3& incident, const glm::dvec3& n, double ior);

// KHR_materials_dispersion "Implementation": the iors of red, green and blue,
// ior -/+ (ior - 1) 0.025 dispersion around the green one.
glm::dvec3 dispersionIors(double ior, double dispersion);

// KHR_materials_transmission "Implementation Notes": specular_btdf(alpha) = V_T D_T with the
// transmission half vector H_T = normalize(V - 2 (N.L) N + L), for unit n, v (towards the
// eye) and l (towards the light, behind the surface).
double specularBtdf(const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l, double alpha);

// The transmission half vector H_T above.
glm::dvec3 transmissionHalfVector(const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l);

}  // namespace vitrine::test::transmission
