// KHR_materials_iridescence: thin-film interference replacing the Fresnel terms of the base
// material's dielectric and metal lobes. Include after material_info.glsl.
//
// The film of thickness d and index eta2 lies between the outside (eta1 = 1: the ratified
// text ignores a clearcoat above it, "Iridescence BRDF / Clearcoat") and the base, whose
// index is inferred from its F0. The Fresnel term is Belcour and Barla's (2017) with the
// approximations the extension's "Iridescence Fresnel" section gives: Schlick reflectances at
// both interfaces, phase shifts of 0 or pi without polarization, and the spectral integral
// evaluated analytically through a Gaussian fit of the CIE XYZ sensitivities, converted to
// linear Rec. 709 (the renderer's linear sRGB).
#ifndef VITRINE_EXT_IRIDESCENCE_GLSL
#define VITRINE_EXT_IRIDESCENCE_GLSL

// "Analytic Spectral Integration": CIE XYZ to linear Rec. 709 (D65), columns.
const mat3 kXyzToRec709 = mat3(3.2404542, -0.9692660, 0.0556434, -1.5371385, 1.8760108, -0.2040259,
                               -0.4985314, 0.0415560, 1.0572252);

// "Material Interfaces": normal-incidence reflectance |(n1 - n2) / (n1 + n2)|^2.
float filmF0(float transmittedIor, float incidentIor) {
  const float r = (transmittedIor - incidentIor) / (transmittedIor + incidentIor);
  return r * r;
}
vec3 filmF0(vec3 transmittedIor, float incidentIor) {
  const vec3 r = (transmittedIor - incidentIor) / (transmittedIor + incidentIor);
  return r * r;
}

// "Material Interfaces": the base's index from its F0, the inverse of the above against air
// (exact for dielectrics; a metal's extinction coefficient is taken as 0).
vec3 iorFromF0(vec3 f0) {
  const vec3 s = sqrt(f0);
  return (1.0 + s) / (1.0 - s);
}

float schlick(float f0, float cosTheta) {
  const float m = 1.0 - cosTheta;
  const float m2 = m * m;
  return f0 + (1.0 - f0) * m2 * m2 * m;
}
vec3 schlick(vec3 f0, float cosTheta) {
  const float m = 1.0 - cosTheta;
  const float m2 = m * m;
  return f0 + (1.0 - f0) * m2 * m2 * m;
}

// "Analytic Spectral Integration", evalSensitivity: the Fourier transform of the XYZ colour
// matching functions (three Gaussians, plus a second lobe for X) at the optical path
// difference opd (nm), each channel shifted by `shift`, in linear Rec. 709.
vec3 spectralSensitivity(float opd, vec3 shift) {
  const float phase = 2.0 * kPi * opd * 1.0e-9;
  const vec3 amplitude = vec3(5.4856e-13, 4.4201e-13, 5.2481e-13);
  const vec3 position = vec3(1.6810e+06, 1.7953e+06, 2.2084e+06);
  const vec3 variance = vec3(4.3278e+09, 9.3046e+09, 6.6121e+09);
  vec3 xyz = amplitude * sqrt(2.0 * kPi * variance) * cos(position * phase + shift) *
             exp(-phase * phase * variance);
  xyz.x += 9.7470e-14 * sqrt(2.0 * kPi * 4.5282e+09) * cos(2.2399e+06 * phase + shift.x) *
           exp(-4.5282e+09 * phase * phase);
  return kXyzToRec709 * (xyz / 1.0685e-7);
}

// "Iridescence Fresnel", iridescent_fresnel(outsideIor = 1, filmIor, baseF0, thickness) at
// the angle theta1 whose cosine is cosTheta1.
vec3 thinFilmFresnel(float filmIor, vec3 baseF0, float thickness, float cosTheta1) {
  const float outsideIor = 1.0;
  // Snell's law into the film; total internal reflection reflects everything.
  const float ratio = outsideIor / filmIor;
  const float cosTheta2Sq = 1.0 - ratio * ratio * (1.0 - cosTheta1 * cosTheta1);
  if (cosTheta2Sq < 0.0) return vec3(1.0);
  const float cosTheta2 = sqrt(cosTheta2Sq);

  // "Material Interfaces": outside -> film (R12, R21 = R12, T121 = 1 - R12) and film -> base
  // (R23), Schlick at theta1 and theta2; baseF0 + 0.0001 guards against F0 = 1 (kept below 1:
  // at F0 = 1 the spec's guard itself would reach the pole and flip the phase).
  const float r12 = schlick(filmF0(filmIor, outsideIor), cosTheta1);
  const float t121 = 1.0 - r12;
  const vec3 baseIor = iorFromF0(min(baseF0 + 0.0001, vec3(0.9999)));
  const vec3 r23 = schlick(filmF0(baseIor, filmIor), cosTheta2);

  // "Phase Shift": first-order optical path difference D = 2 eta2 d cos(theta2), and the
  // phase of each reflection, pi where the light goes to a lower index, else 0.
  const float opd = 2.0 * filmIor * thickness * cosTheta2;
  const float phi12 = filmIor < outsideIor ? kPi : 0.0;
  const float phi21 = kPi - phi12;
  const vec3 phi23 = vec3(baseIor.r < filmIor ? kPi : 0.0, baseIor.g < filmIor ? kPi : 0.0,
                          baseIor.b < filmIor ? kPi : 0.0);
  const vec3 phi = vec3(phi21) + phi23;

  // "Analytic Spectral Integration": the DC term and the first two pairs of Diracs.
  const vec3 r123 = clamp(r12 * r23, 1e-5, 0.9999);
  const vec3 sqrtR123 = sqrt(r123);
  const vec3 rs = t121 * t121 * r23 / (1.0 - r123);
  vec3 reflectance = r12 + rs;
  vec3 cm = rs - t121;
  for (int m = 1; m <= 2; ++m) {
    cm *= sqrtR123;
    reflectance += cm * 2.0 * spectralSensitivity(float(m) * opd, float(m) * phi);
  }
  return clamp(reflectance, 0.0, 1.0);
}

// Mixes the thin film's Fresnel into the dielectric and metal Fresnel terms at the angle whose
// cosine is cosTheta (V.H for punctual lights, N.V for the image-based light). lobeAlbedo
// turns a Fresnel value into what `dielectric` and `metal` hold: 1 for punctual lights (a
// Fresnel factor), the specular lobe's directional albedo at Fresnel 1 for the image-based
// light (whose terms are albedos, brdf.glsl iblSpecularAlbedo).
//   metal:      mix(conductor Fresnel, F_film(baseColor), iridescence)
//               ("Iridescence BRDF / Metal Base Material", iridescent_conductor_layer);
//   dielectric: mix(specular * fr, F_film(specular * f0), iridescence), with f0 = min(f0(ior)
//               * specularColor, 1), fr its Schlick Fresnel (what `dielectric` holds), weighed
//               by rgb_mix (brdf.glsl dielectricBrdf) ("Implementation Notes / Dielectric Base
//               Material", iridescent_dielectric_layer with KHR_materials_specular).
// A film 0 nm thick is no film: the terms stay.
void iridescentFresnel(MaterialInfo info, float cosTheta, float lobeAlbedo, inout vec3 dielectric,
                       inout vec3 metal) {
  if (info.iridescence <= 0.0 || info.iridescenceThickness <= 0.0) return;
  const float c = clamp(abs(cosTheta), 0.0, 1.0);
  if (info.metallic < 1.0) {
    const vec3 film = thinFilmFresnel(info.iridescenceIor, info.specularWeight * info.f0Dielectric,
                                      info.iridescenceThickness, c);
    dielectric = mix(dielectric, film * lobeAlbedo, info.iridescence);
  }
  if (info.metallic > 0.0) {
    const vec3 film =
        thinFilmFresnel(info.iridescenceIor, info.baseColor, info.iridescenceThickness, c);
    metal = mix(metal, film * lobeAlbedo, info.iridescence);
  }
}

#endif
