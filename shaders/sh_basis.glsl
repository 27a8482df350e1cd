// The real spherical-harmonic basis of bands 0-2 on a unit direction, in the order and with
// the constants env_irradiance.comp documents (shared with environment.glsl).
#ifndef VITRINE_SH_BASIS_GLSL
#define VITRINE_SH_BASIS_GLSL

void shBasis(vec3 d, out float basis[9]) {
  basis[0] = 0.282095;
  basis[1] = 0.488603 * d.y;
  basis[2] = 0.488603 * d.z;
  basis[3] = 0.488603 * d.x;
  basis[4] = 1.092548 * d.x * d.y;
  basis[5] = 1.092548 * d.y * d.z;
  basis[6] = 0.315392 * (3.0 * d.z * d.z - 1.0);
  basis[7] = 1.092548 * d.x * d.z;
  basis[8] = 0.546274 * (d.x * d.x - d.y * d.y);
}

#endif
