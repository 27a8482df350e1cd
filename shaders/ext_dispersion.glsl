// KHR_materials_dispersion: the refraction through a volume with one ior per colour channel.
// Include after material_info.glsl; ext_transmission.glsl uses it.
#ifndef VITRINE_EXT_DISPERSION_GLSL
#define VITRINE_EXT_DISPERSION_GLSL

// The spec's "Implementation": halfSpread = (ior - 1) 0.025 dispersion (dispersion = 20 / Abbe
// number), iors (ior - halfSpread, ior, ior + halfSpread) for red, green and blue (never below
// 1).
vec3 dispersedIors(MaterialInfo info) {
  const float halfSpread = (info.ior - 1.0) * 0.025 * info.dispersion;
  return max(vec3(info.ior - halfSpread, info.ior, info.ior + halfSpread), vec3(1.0));
}

#endif
