#include "brdf_reference.h"

#include <algorithm>
#include <cmath>

namespace vitrine::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

double chiPlus(double x) {
  return x > 0.0 ? 1.0 : 0.0;
}

struct Lobe {
  double specular;  // Vis * D
  double fw;        // (1 - |V.H|)^5
};

Lobe specularLobe(double roughness, const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  const glm::dvec3 h = glm::normalize(l + v);
  const double alpha = roughness * roughness;
  const double a2 = alpha * alpha;
  const double nh = glm::dot(n, h);
  const double denom = nh * nh * (a2 - 1.0) + 1.0;
  const double d = a2 * chiPlus(nh) / (kPi * denom * denom);
  auto g1 = [&](const glm::dvec3& x) {
    const double nx = std::abs(glm::dot(n, x));
    return 2.0 * nx * chiPlus(glm::dot(h, x)) / (nx + std::sqrt(a2 + (1.0 - a2) * nx * nx));
  };
  const double g = g1(l) * g1(v);
  const double vis = g / (4.0 * std::abs(glm::dot(n, l)) * std::abs(glm::dot(n, v)));
  return {vis * d, std::pow(1.0 - std::abs(glm::dot(v, h)), 5.0)};
}

}  // namespace

glm::dvec3 appendixB(const glm::dvec3& baseColor, double metallic, double roughness,
                     const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  const Lobe lobe = specularLobe(roughness, n, v, l);
  const double fDielectric = 0.04 + 0.96 * lobe.fw;
  const glm::dvec3 fMetal = baseColor + (1.0 - baseColor) * lobe.fw;
  const glm::dvec3 dielectric = (1.0 - fDielectric) * baseColor / kPi + fDielectric * lobe.specular;
  const glm::dvec3 metal = fMetal * lobe.specular;
  return (1.0 - metallic) * dielectric + metallic * metal;
}

glm::dvec3 appendixBSimplified(const glm::dvec3& baseColor, double metallic, double roughness,
                               const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  const Lobe lobe = specularLobe(roughness, n, v, l);
  const glm::dvec3 cDiff = baseColor * (1.0 - metallic);
  const glm::dvec3 f0 = glm::dvec3(0.04) * (1.0 - metallic) + baseColor * metallic;
  const glm::dvec3 f = f0 + (1.0 - f0) * lobe.fw;
  return (1.0 - f) * cDiff / kPi + f * lobe.specular;
}

glm::dvec3 reflected(const glm::dvec3& material, const glm::dvec3& irradiance, const glm::dvec3& n,
                     const glm::dvec3& l) {
  return material * irradiance * std::max(glm::dot(n, l), 0.0);
}

double rangeAttenuation(double d, std::optional<double> range) {
  const double inverseSquare = 1.0 / (d * d);
  if (!range) return inverseSquare;
  return std::clamp(1.0 - std::pow(d / *range, 4.0), 0.0, 1.0) * inverseSquare;
}

double spotAttenuation(double angle, double innerConeAngle, double outerConeAngle) {
  const double scale = 1.0 / std::max(0.001, std::cos(innerConeAngle) - std::cos(outerConeAngle));
  const double offset = -std::cos(outerConeAngle) * scale;
  const double a = std::clamp(std::cos(angle) * scale + offset, 0.0, 1.0);
  return a * a;
}

}  // namespace vitrine::test
