#include "surface_reference.h"

#include <algorithm>
#include <cmath>

namespace vitrine::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

double chiPlus(double x) {
  return x > 0.0 ? 1.0 : 0.0;
}

double maxValue(const glm::dvec3& c) {
  return std::max({c.r, c.g, c.b});
}

// Appendix B.3.4: Schlick's approximation.
double schlick(double f0, double cosTheta) {
  return f0 + (1.0 - f0) * std::pow(1.0 - std::abs(cosTheta), 5.0);
}

// |(n1 - n2) / (n1 + n2)|^2, the reflectance at normal incidence.
double normalReflectance(double n1, double n2) {
  const double r = (n1 - n2) / (n1 + n2);
  return r * r;
}

// KHR_materials_iridescence "Analytic Spectral Integration" (evalSensitivity): the Gaussian fit
// of the XYZ colour matching functions in Fourier space at optical path difference `opd` nm,
// phase-shifted per channel, converted to linear Rec. 709.
glm::dvec3 sensitivity(double opd, const glm::dvec3& shift) {
  const double phase = 2.0 * kPi * opd * 1e-9;
  const double val[3] = {5.4856e-13, 4.4201e-13, 5.2481e-13};
  const double pos[3] = {1.6810e+06, 1.7953e+06, 2.2084e+06};
  const double var[3] = {4.3278e+09, 9.3046e+09, 6.6121e+09};
  double xyz[3];
  for (int i = 0; i < 3; ++i) {
    xyz[i] = val[i] * std::sqrt(2.0 * kPi * var[i]) * std::cos(pos[i] * phase + shift[i]) *
             std::exp(-phase * phase * var[i]);
  }
  xyz[0] += 9.7470e-14 * std::sqrt(2.0 * kPi * 4.5282e+09) *
            std::cos(2.2399e+06 * phase + shift[0]) * std::exp(-4.5282e+09 * phase * phase);
  for (double& x : xyz) x /= 1.0685e-7;
  // XYZ_TO_REC709, rows.
  return {3.2404542 * xyz[0] - 1.5371385 * xyz[1] - 0.4985314 * xyz[2],
          -0.9692660 * xyz[0] + 1.8760108 * xyz[1] + 0.0415560 * xyz[2],
          0.0556434 * xyz[0] - 0.2040259 * xyz[1] + 1.0572252 * xyz[2]};
}

struct Lobe {
  double specular;  // Vis * D
  double vDotH;
};

// Appendix B.3.2/B.3.3 in their general form (chi+ and G1 kept), or with alpha_t != alpha_b
// KHR_materials_anisotropy "Anisotropy": Burley's D and the masking function of that
// distribution (Lambda of the projected roughness), G = G1(L) G1(V).
Lobe specularLobe(const SurfaceMaterial& m, const glm::dvec3& n, const glm::dvec3& t,
                  const glm::dvec3& b, const glm::dvec3& v, const glm::dvec3& l) {
  const glm::dvec3 h = glm::normalize(l + v);
  const double alpha = m.roughness * m.roughness;
  const double s = m.anisotropyStrength;
  const double at = alpha * (1.0 - s * s) + 1.0 * s * s;  // mix(alpha, 1, strength^2)
  const double ab = alpha;
  // The anisotropy direction: rotated counter-clockwise in the (t, b) plane; its bitangent
  // is cross(n, T) ("Implementation").
  const glm::dvec2 d = glm::normalize(m.anisotropyDirection);
  const double c = std::cos(m.anisotropyRotation), sn = std::sin(m.anisotropyRotation);
  const glm::dvec2 r(c * d.x - sn * d.y, sn * d.x + c * d.y);
  const glm::dvec3 ta = glm::normalize(t * r.x + b * r.y);
  const glm::dvec3 ba = glm::cross(n, ta);
  const double nh = glm::dot(n, h);
  const double x = std::pow(glm::dot(h, ta) / at, 2) + std::pow(glm::dot(h, ba) / ab, 2) + nh * nh;
  const double dist = chiPlus(nh) / (kPi * at * ab * x * x);
  auto g1 = [&](const glm::dvec3& w) {
    const double nw = std::abs(glm::dot(n, w));
    const double projected =
        std::sqrt(std::pow(at * glm::dot(ta, w), 2) + std::pow(ab * glm::dot(ba, w), 2) + nw * nw);
    return 2.0 * nw * chiPlus(glm::dot(h, w)) / (nw + projected);
  };
  const double g = g1(l) * g1(v);
  const double vis = g / (4.0 * std::abs(glm::dot(n, l)) * std::abs(glm::dot(n, v)));
  return {vis * dist, glm::dot(v, h)};
}

}  // namespace

glm::dvec3 thinFilmFresnel(double filmIor, const glm::dvec3& baseF0, double thickness,
                           double cosTheta1) {
  const double outside = 1.0;
  // Snell: cos(theta2) = sqrt(1 - (eta1 / eta2)^2 (1 - cos^2(theta1))); TIR reflects all.
  const double cos2Sq = 1.0 - std::pow(outside / filmIor, 2.0) * (1.0 - cosTheta1 * cosTheta1);
  if (cos2Sq < 0.0) return glm::dvec3(1.0);
  const double cosTheta2 = std::sqrt(cos2Sq);
  // "Material Interfaces".
  const double r12 = schlick(normalReflectance(filmIor, outside), cosTheta1);
  const double t121 = 1.0 - r12;
  glm::dvec3 baseIor(0.0), r23(0.0);
  for (int i = 0; i < 3; ++i) {
    const double sq = std::sqrt(std::min(baseF0[i] + 0.0001, 0.9999));
    baseIor[i] = (1.0 + sq) / (1.0 - sq);
    r23[i] = schlick(normalReflectance(baseIor[i], filmIor), cosTheta2);
  }
  // "Phase Shift".
  const double opd = 2.0 * filmIor * thickness * cosTheta2;
  const double phi12 = filmIor < outside ? kPi : 0.0;
  const double phi21 = kPi - phi12;
  glm::dvec3 phi;
  for (int i = 0; i < 3; ++i) phi[i] = phi21 + (baseIor[i] < filmIor ? kPi : 0.0);
  // "Analytic Spectral Integration".
  glm::dvec3 out;
  for (int i = 0; i < 3; ++i) {
    const double r123 = std::clamp(r12 * r23[i], 1e-5, 0.9999);
    const double rs = t121 * t121 * r23[i] / (1.0 - r123);
    double value = r12 + rs;
    double cm = rs - t121;
    for (int k = 1; k <= 2; ++k) {
      cm *= std::sqrt(r123);
      value += cm * 2.0 * sensitivity(k * opd, glm::dvec3(k * phi[0], k * phi[1], k * phi[2]))[i];
    }
    out[i] = std::clamp(value, 0.0, 1.0);  // a reflectance, as the shader keeps it
  }
  return out;
}

glm::dvec3 surfaceBrdf(const SurfaceMaterial& m, const glm::dvec3& n, const glm::dvec3& t,
                       const glm::dvec3& b, const glm::dvec3& v, const glm::dvec3& l) {
  const Lobe lobe = specularLobe(m, n, t, b, v, l);
  const double fw = std::pow(1.0 - std::abs(lobe.vDotH), 5.0);
  const glm::dvec3 diffuse = m.baseColor / kPi;
  // KHR_materials_ior "Implementation" and KHR_materials_specular "Interaction with other
  // extensions": f0 = min(((ior - 1) / (ior + 1))^2 * specularColor, 1), fr its Schlick
  // Fresnel; fresnel_mix weighs the layer by specular * fr, the base by 1 - specular *
  // max_value(fr).
  const glm::dvec3 f0 = glm::min(normalReflectance(m.ior, 1.0) * m.specularColor, glm::dvec3(1.0));
  const glm::dvec3 fr = f0 + (1.0 - f0) * fw;
  glm::dvec3 fDielectric = m.specular * fr;
  // Appendix B.2.1 conductor_fresnel.
  glm::dvec3 fMetal = m.baseColor + (1.0 - m.baseColor) * fw;
  // KHR_materials_iridescence "Iridescence BRDF" and "Implementation Notes": both Fresnel
  // terms mixed with the film's (dielectric: over specular * f0; rgb_mix weighing the base).
  // A film 0 nm thick is no film.
  if (m.iridescence > 0.0 && m.iridescenceThickness > 0.0) {
    const double c = std::abs(lobe.vDotH);
    const glm::dvec3 filmD =
        thinFilmFresnel(m.iridescenceIor, m.specular * f0, m.iridescenceThickness, c);
    const glm::dvec3 filmM =
        thinFilmFresnel(m.iridescenceIor, m.baseColor, m.iridescenceThickness, c);
    fDielectric = fDielectric * (1.0 - m.iridescence) + filmD * m.iridescence;
    fMetal = fMetal * (1.0 - m.iridescence) + filmM * m.iridescence;
  }
  const glm::dvec3 diffuseWeight =
      m.diffuseWeightPerChannel ? 1.0 - fDielectric : glm::dvec3(1.0 - maxValue(fDielectric));
  const glm::dvec3 dielectric = fDielectric * lobe.specular + diffuseWeight * diffuse;
  const glm::dvec3 metal = fMetal * lobe.specular;
  return dielectric * (1.0 - m.metallic) + metal * m.metallic;
}

SurfaceMaterial specularGlossiness(const glm::dvec3& diffuse, const glm::dvec3& specular,
                                   double glossiness) {
  SurfaceMaterial m;
  m.baseColor = diffuse * (1.0 - maxValue(specular));
  m.metallic = 0.0;
  m.roughness = 1.0 - glossiness;
  m.ior = 0.0;  // F0 = ((0 - 1) / (0 + 1))^2 specularColor = specular
  m.specularColor = specular;
  m.specular = 1.0;
  m.diffuseWeightPerChannel = true;
  return m;
}

glm::dvec3 surfaceRadiance(const SurfaceMaterial& m, double irradiance, const glm::dvec3& n,
                           const glm::dvec3& t, const glm::dvec3& b, const glm::dvec3& v,
                           const glm::dvec3& l) {
  return surfaceBrdf(m, n, t, b, v, l) * irradiance * std::max(glm::dot(n, l), 0.0);
}

}  // namespace vitrine::test
