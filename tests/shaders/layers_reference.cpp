#include "layers_reference.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vitrine::test {
namespace {

constexpr double kPi = std::numbers::pi;

// Appendix B: D = alpha^2 chi+(N.H) / (pi ((N.H)^2 (alpha^2 - 1) + 1)^2).
double ggx(double nDotH, double alpha) {
  if (nDotH <= 0.0) return 0.0;
  const double a2 = alpha * alpha;
  const double f = nDotH * nDotH * (a2 - 1.0) + 1.0;
  return a2 / (kPi * f * f);
}

// Appendix B: G1 = 2 |N.X| / (|N.X| + sqrt(alpha^2 + (1 - alpha^2) (N.X)^2)).
double smithG1(double nDotX, double alpha) {
  const double a2 = alpha * alpha, c = std::abs(nDotX);
  return 2.0 * c / (c + std::sqrt(a2 + (1.0 - a2) * c * c));
}

// "Sheen visibility": l(x, alpha_g) with its five fitted coefficients, mixed by (1 - alpha_g)^2.
double sheenL(double x, double alphaG) {
  const double t = (1.0 - alphaG) * (1.0 - alphaG);
  auto lerp = [t](double a, double b) { return a * (1.0 - t) + b * t; };
  return lerp(21.5473, 25.3245) /
             (1.0 + lerp(3.82987, 3.32435) * std::pow(x, lerp(0.19823, 0.16801))) +
         lerp(-1.97760, -1.27393) * x + lerp(-4.32054, -4.85967);
}

double sheenLambda(double cosTheta, double alphaG) {
  if (std::abs(cosTheta) < 0.5) return std::exp(sheenL(cosTheta, alphaG));
  return std::exp(2.0 * sheenL(0.5, alphaG) - sheenL(1.0 - cosTheta, alphaG));
}

double charlie(double nDotL, double nDotV, double nDotH, double sheenRoughness) {
  const double alphaG = sheenRoughness * sheenRoughness;
  const double sin2h = std::max(1.0 - nDotH * nDotH, 0.0);
  const double d = (2.0 + 1.0 / alphaG) * std::pow(sin2h, 0.5 / alphaG) / (2.0 * kPi);
  const double vis =
      1.0 / ((1.0 + sheenLambda(nDotV, alphaG) + sheenLambda(nDotL, alphaG)) * 4.0 * nDotV * nDotL);
  return d * vis;
}

}  // namespace

glm::dvec3 clearcoatOver(const glm::dvec3& base, double clearcoat, double clearcoatRoughness,
                         const glm::dvec3& nc, const glm::dvec3& v, const glm::dvec3& l) {
  const double alpha = clearcoatRoughness * clearcoatRoughness;
  const double vDotNc = glm::dot(v, nc), lDotNc = glm::dot(l, nc);
  double coat = 0.0;
  if (lDotNc > 0.0) {
    const glm::dvec3 h = glm::normalize(v + l);
    const double g = smithG1(lDotNc, alpha) * smithG1(vDotNc, alpha);
    coat = ggx(glm::dot(nc, h), alpha) * g / (4.0 * std::abs(vDotNc) * std::abs(lDotNc)) * lDotNc;
  }
  const double fresnel = 0.04 + 0.96 * std::pow(1.0 - std::abs(vDotNc), 5.0);
  const double w = clearcoat * fresnel;
  return base * (1.0 - w) + glm::dvec3(coat) * w;
}

double charlieSheenBrdf(double sheenRoughness, const glm::dvec3& n, const glm::dvec3& v,
                        const glm::dvec3& l) {
  const glm::dvec3 h = glm::normalize(v + l);
  return charlie(glm::dot(n, l), glm::dot(n, v), glm::dot(n, h), sheenRoughness);
}

double sheenDirectionalAlbedo(double mu, double sheenRoughness) {
  constexpr int kCos = 600, kPhi = 600;
  const glm::dvec3 n(0, 0, 1), v(std::sqrt(1.0 - mu * mu), 0, mu);
  double sum = 0.0;
  for (int i = 0; i < kCos; ++i) {
    const double c = (i + 0.5) / kCos, s = std::sqrt(1.0 - c * c);
    for (int j = 0; j < kPhi; ++j) {
      const double phi = 2.0 * kPi * (j + 0.5) / kPhi;
      const glm::dvec3 l(s * std::cos(phi), s * std::sin(phi), c);
      sum += charlieSheenBrdf(sheenRoughness, n, v, l) * c;
    }
  }
  return sum * (1.0 / kCos) * (2.0 * kPi / kPhi);
}

glm::dvec3 sheenOver(const glm::dvec3& base, const glm::dvec3& sheenColor, double sheenRoughness,
                     const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  const double nDotL = glm::dot(n, l), nDotV = glm::dot(n, v);
  const double peak = std::max({sheenColor.r, sheenColor.g, sheenColor.b});
  double scaling = 1.0 - peak * sheenDirectionalAlbedo(nDotV, sheenRoughness);
  glm::dvec3 sheen(0.0);
  if (nDotL > 0.0) {
    sheen = sheenColor * charlieSheenBrdf(sheenRoughness, n, v, l) * nDotL;
    scaling = std::min(scaling, 1.0 - peak * sheenDirectionalAlbedo(nDotL, sheenRoughness));
  }
  return sheen + base * scaling;
}

}  // namespace vitrine::test
