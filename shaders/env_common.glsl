// Shared by the environment processing compute shaders (env_*.comp, brdf_lut.comp): the cube
// face directions, the equirectangular mapping, and GGX importance sampling.
#ifndef VITRINE_ENV_COMMON_GLSL
#define VITRINE_ENV_COMMON_GLSL

const float kPi = 3.14159265358979;

// The unit direction through point (u, v) in [0, 1]^2 of cube face `face` (Vulkan layer order
// +X, -X, +Y, -Y, +Z, -Z; u to the right, v down), inverting the face selection table of the
// Vulkan specification (Image Operations, "Cube Map Face Selection"): s = (sc / |ma| + 1) / 2,
// t = (tc / |ma| + 1) / 2, where for +X sc = -z, tc = -y; -X sc = z, tc = -y; +Y sc = x, tc = z;
// -Y sc = x, tc = -z; +Z sc = x, tc = -y; -Z sc = -x, tc = -y.
vec3 cubeDirection(uint face, vec2 uv) {
  const vec2 p = 2.0 * uv - 1.0;
  vec3 d;
  switch (face) {
    case 0: d = vec3(1.0, -p.y, -p.x); break;
    case 1: d = vec3(-1.0, -p.y, p.x); break;
    case 2: d = vec3(p.x, 1.0, p.y); break;
    case 3: d = vec3(p.x, -1.0, -p.y); break;
    case 4: d = vec3(p.x, -p.y, 1.0); break;
    default: d = vec3(-p.x, -p.y, -1.0); break;
  }
  return normalize(d);
}

// Texture coordinates of a unit direction in the equirectangular map: the mapping documented
// in scene/environment_image.h (s = 0.5 + atan2(z, x) / 2 pi, t = acos(y) / pi).
vec2 equirectCoordinates(vec3 d) {
  return vec2(0.5 + atan(d.z, d.x) / (2.0 * kPi), acos(clamp(d.y, -1.0, 1.0)) / kPi);
}

// Point i of the n-point Hammersley set: (i / n, radical inverse of i in base 2).
vec2 hammersley(uint i, uint n) {
  return vec2(float(i) / float(n), float(bitfieldReverse(i)) * 2.3283064365386963e-10);
}

// A half vector distributed as D(h) (n.h) for the GGX distribution of `alpha` (= roughness^2),
// around +Z: cos^2(theta) = (1 - x2) / (1 + (alpha^2 - 1) x2), phi = 2 pi x1 (Walter et al.
// 2007, eq. 35-36, inverted CDF).
vec3 sampleGgxHalfVector(vec2 xi, float alpha) {
  const float phi = 2.0 * kPi * xi.x;
  const float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (alpha * alpha - 1.0) * xi.y));
  const float sinTheta = sqrt(max(1.0 - cosTheta * cosTheta, 0.0));
  return vec3(sinTheta * cos(phi), sinTheta * sin(phi), cosTheta);
}

// The GGX distribution D of glTF 2.0 Appendix B (formulas.md) for n.h > 0.
float ggxDistribution(float nDotH, float alpha) {
  const float a2 = alpha * alpha;
  const float f = nDotH * nDotH * (a2 - 1.0) + 1.0;
  return a2 / (kPi * f * f);
}

// An orthonormal basis whose third axis is n.
mat3 basisAround(vec3 n) {
  const vec3 helper = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  const vec3 t = normalize(cross(helper, n));
  return mat3(t, cross(n, t), n);
}

#endif
