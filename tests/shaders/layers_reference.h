// KHR_materials_clearcoat and KHR_materials_sheen for one punctual light, computed on the CPU
// in double precision from the extensions' own text (KhronosGroup/glTF,
// extensions/2.0/Khronos/<name>/README.md). The tests' own implementation: it shares nothing
// with the shaders or with the build-time sheen table, so it can catch their mistakes.
#pragma once

#include <glm/glm.hpp>

namespace vitrine::test {

// KHR_materials_clearcoat "Implementation": the coat over `base` (the radiance the material
// below reflects per unit irradiance, its N.L included):
//   mix(base, clearcoat_brdf * Nc.L, clearcoat * (0.04 + 0.96 (1 - |V.Nc|)^5))
// with clearcoat_brdf = D G / (4 |V.Nc| |L.Nc|) of Appendix B at alpha = roughness^2.
glm::dvec3 clearcoatOver(const glm::dvec3& base, double clearcoat, double clearcoatRoughness,
                         const glm::dvec3& nc, const glm::dvec3& v, const glm::dvec3& l);

// KHR_materials_sheen "Sheen distribution" and "Sheen visibility" (Charlie), alpha_g =
// sheenRoughness^2; unit vectors, N.L and N.V positive.
double charlieSheenBrdf(double sheenRoughness, const glm::dvec3& n, const glm::dvec3& v,
                        const glm::dvec3& l);

// E(mu, sheenRoughness): the directional albedo of charlieSheenBrdf, by quadrature over the
// hemisphere (uniform in cos theta and phi).
double sheenDirectionalAlbedo(double mu, double sheenRoughness);

// KHR_materials_sheen "Albedo-scaling technique": sheenColor * sheen_brdf * N.L + base *
// min(1 - max3(sheenColor) E(V.N), 1 - max3(sheenColor) E(L.N)).
glm::dvec3 sheenOver(const glm::dvec3& base, const glm::dvec3& sheenColor, double sheenRoughness,
                     const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l);

}  // namespace vitrine::test
