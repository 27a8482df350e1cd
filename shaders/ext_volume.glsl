// KHR_materials_volume: the thickness below a transmissive surface, refraction through it and
// Beer-Lambert attenuation along the path. Include after material_info.glsl, in mesh.frag
// (which declares `draw`); ext_transmission.glsl uses it.
#ifndef VITRINE_EXT_VOLUME_GLSL
#define VITRINE_EXT_VOLUME_GLSL

#ifdef VITRINE_TRANSMISSION
// The node's world matrix, for KHR_materials_volume's thickness (given in the mesh's space).
layout(std430, set = 0, binding = 1) readonly buffer NodeBlock { NodeData nodes[]; };
#endif

// KHR_materials_volume "Attenuation": Beer's law with sigma_t = -log(c) / d, T(x) = c^(x / d)
// after a distance x in the medium; no attenuation at d = +infinity (the default).
vec3 volumeTransmittance(MaterialInfo info, float distance) {
  if (!hasLayer(kLayerVolume) || isinf(info.attenuationDistance) || distance <= 0.0)
    return vec3(1.0);
  return pow(info.attenuationColor, vec3(distance / info.attenuationDistance));
}

#ifdef VITRINE_TRANSMISSION
// KHR_materials_volume "Refraction" and "Thickness Texture": the path through the volume from
// this point, refracted by Snell's law at the boundary (refract(-v, n, 1 / ior)) and as long
// as the thickness, given in the mesh's space: scaled by the node's world scale per axis (as the
// Khronos sample renderer's getVolumeTransmissionRay). Zero for thin walls (thickness 0).
vec3 volumeRay(MaterialInfo info, float ior) {
  if (!hasLayer(kLayerVolume) || info.thickness <= 0.0) return vec3(0.0);
  const mat4 world = nodes[draw.node].world;
  const vec3 scale = vec3(length(world[0].xyz), length(world[1].xyz), length(world[2].xyz));
  // An ior below 1 (0 is legal: specular-glossiness conversions) would divide by zero or
  // reflect totally: the path then goes straight through.
  const vec3 refracted = refract(-info.v, info.n, 1.0 / max(ior, 1.0));
  const vec3 direction = dot(refracted, refracted) > 0.0 ? normalize(refracted) : -info.v;
  return direction * info.thickness * scale;
}
#endif

#endif
