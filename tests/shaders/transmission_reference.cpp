#include "transmission_reference.h"

#include <cmath>

namespace vitrine::test::transmission {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

double baseWeight(double ior, double vDotH) {
  const double r = (ior - 1.0) / (ior + 1.0);
  const double f0 = r * r;
  return 1.0 - (f0 + (1.0 - f0) * std::pow(1.0 - std::abs(vDotH), 5.0));
}

glm::dvec3 transmittance(const glm::dvec3& c, double d, double x) {
  return {std::pow(c.r, x / d), std::pow(c.g, x / d), std::pow(c.b, x / d)};
}

glm::dvec3 refracted(const glm::dvec3& incident, const glm::dvec3& n, double ior) {
  // sin(theta_t) = sin(theta_i) / ior; the tangential part scales by 1 / ior.
  const double cosI = -glm::dot(incident, n);
  const glm::dvec3 tangential = (incident + cosI * n) / ior;
  const double sin2T = glm::dot(tangential, tangential);
  return tangential - std::sqrt(1.0 - sin2T) * n;
}

glm::dvec3 dispersionIors(double ior, double dispersion) {
  const double half = (ior - 1.0) * 0.025 * dispersion;
  return {ior - half, ior, ior + half};
}

glm::dvec3 transmissionHalfVector(const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l) {
  return glm::normalize(v - 2.0 * glm::dot(n, l) * n + l);
}

double specularBtdf(const glm::dvec3& n, const glm::dvec3& v, const glm::dvec3& l, double alpha) {
  const glm::dvec3 h = transmissionHalfVector(n, v, l);
  const double a2 = alpha * alpha;
  const double nDotH = glm::dot(n, h);
  if (nDotH <= 0.0) return 0.0;
  const double f = nDotH * nDotH * (a2 - 1.0) + 1.0;
  const double d = a2 / (kPi * f * f);
  const double nDotL = std::abs(glm::dot(n, l)), nDotV = std::abs(glm::dot(n, v));
  const double vis = 1.0 / ((nDotL + std::sqrt(a2 + (1.0 - a2) * nDotL * nDotL)) *
                            (nDotV + std::sqrt(a2 + (1.0 - a2) * nDotV * nDotV)));
  return vis * d;
}

}  // namespace vitrine::test::transmission
