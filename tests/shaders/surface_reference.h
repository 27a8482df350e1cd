// The base-layer material extensions (KHR_materials_ior, KHR_materials_specular,
// KHR_materials_iridescence, KHR_materials_anisotropy) over the glTF 2.0 Appendix B material,
// computed on the CPU in double precision from the extensions' ratified texts. The tests' own
// implementation: it shares nothing with the shaders, so it can catch their mistakes.
#pragma once

#include <glm/glm.hpp>

namespace vitrine::test {

// Every input of the base layer at one point, at the extensions' defaults (which leave the
// Appendix B material unchanged).
struct SurfaceMaterial {
  glm::dvec3 baseColor{1.0};
  double metallic = 0.0;
  double roughness = 1.0;         // perceptual
  double ior = 1.5;               // KHR_materials_ior
  double specular = 1.0;          // KHR_materials_specular: factor x texture.a
  glm::dvec3 specularColor{1.0};  // factor x texture.rgb (linear)
  double iridescence = 0.0;       // KHR_materials_iridescence: factor x texture.r
  double iridescenceIor = 1.3;
  double iridescenceThickness = 400.0;  // nm, after the thickness texture
  double anisotropyStrength = 0.0;      // KHR_materials_anisotropy: strength x texture.b
  // The anisotropy direction in the tangent frame, before anisotropyRotation (the texture's
  // rg * 2 - 1, or (1, 0) without a texture), and the rotation (radians, counter-clockwise).
  glm::dvec2 anisotropyDirection{1.0, 0.0};
  double anisotropyRotation = 0.0;
  // The diffuse lobe's weight: 1 - max_value(F) (KHR_materials_specular's fresnel_mix, the
  // default), or 1 - F channel by channel (the BRDF KHR_materials_pbrSpecularGlossiness feeds).
  bool diffuseWeightPerChannel = false;
};

// KHR_materials_iridescence "Iridescence Fresnel": the thin film's Fresnel reflectance at the
// angle of cosine cosTheta1, from air (outside ior 1) over a base of reflectance baseF0.
glm::dvec3 thinFilmFresnel(double filmIor, const glm::dvec3& baseF0, double thickness,
                           double cosTheta1);

// The BRDF (per unit irradiance, N.L not applied) towards v from a punctual light in
// direction l, at a point with the unit normal n and the tangent frame t (tangent), b
// (bitangent), all unit vectors.
glm::dvec3 surfaceBrdf(const SurfaceMaterial& m, const glm::dvec3& n, const glm::dvec3& t,
                       const glm::dvec3& b, const glm::dvec3& v, const glm::dvec3& l);

// The radiance towards v: surfaceBrdf * irradiance * max(N.L, 0).
glm::dvec3 surfaceRadiance(const SurfaceMaterial& m, double irradiance, const glm::dvec3& n,
                           const glm::dvec3& t, const glm::dvec3& b, const glm::dvec3& v,
                           const glm::dvec3& l);

// KHR_materials_pbrSpecularGlossiness "Specular - Glossiness" at one point, as the base layer
// above takes it: c_diff = diffuse * (1 - max(specular.r, specular.g, specular.b)) is the base
// colour, F0 = specular (KHR_materials_specular's "Specular-glossiness materials" conversion:
// ior 0, specularColor = specular), no metal, and alpha = (1 - glossiness)^2, i.e. perceptual
// roughness 1 - glossiness. diffuse and specular linear: factor x texture (x COLOR_0). These
// inputs go into the glTF 2.0 BRDF of the extension's time, f = (1 - F) c_diff / pi + F D Vis
// with F the Schlick Fresnel of F0 channel by channel (diffuseWeightPerChannel).
SurfaceMaterial specularGlossiness(const glm::dvec3& diffuse, const glm::dvec3& specular,
                                   double glossiness);

}  // namespace vitrine::test
