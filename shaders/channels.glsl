// Material channel views (issue 22): one input of the material per pixel, in place of the
// shaded colour, read exactly as the shading reads it: the same gathered MaterialInfo
// (material_info.glsl: factors x textures with their KHR_texture_transform and texCoord,
// COLOR_0), the same normals (normals.glsl). No lighting, no tone mapping, no exposure.
// Include last, in mesh.frag, which declares kChannel (gpu::kChannel*), kPrimitiveTexcoords
// (bit n: the primitive has TEXCOORD_n) and emission() and occlusion().
//
// Encodings of the 8-bit sRGB attachment (shared_types.h kChannel*): colour channels are the
// linear value clamped to 0..1, which the attachment encodes; scalars are written so that the
// stored byte is round(255 v), vectors (v + 1) / 2 likewise, texture coordinates (u, v, 0).
// A pixel whose material or primitive lacks the input shows a neutral screen-space checker.
#ifndef VITRINE_CHANNELS_GLSL
#define VITRINE_CHANNELS_GLSL

// The value the sRGB attachment stores as `stored` (0..1): the inverse of its encoding
// (IEC 61966-2-1), so that data channels read back linearly.
vec3 storedAs(vec3 stored) {
  const vec3 v = clamp(stored, 0.0, 1.0);
  return mix(v / 12.92, pow((v + 0.055) / 1.055, vec3(2.4)), greaterThan(v, vec3(0.04045)));
}

vec3 colorChannel(vec3 linear) {
  return clamp(linear, 0.0, 1.0);
}
vec3 scalarChannel(float v) {
  return storedAs(vec3(v));
}
vec3 vectorChannel(vec3 v) {
  return storedAs(v * 0.5 + 0.5);
}

// "Not in this material": 8-pixel squares stored as 77 and 128 (0.3 and 0.5), in screen space
// so that it reads as no data at all, whatever the surface's uv.
vec3 notInMaterial() {
  const ivec2 cell = ivec2(gl_FragCoord.xy) / 8;
  return storedAs(vec3(((cell.x + cell.y) & 1) == 0 ? 0.3 : 0.5));
}

// TEXCOORD_set of the primitive as stored (no texture transform); false when it has none.
bool channelTexcoord(int set, out vec2 uv) {
  uv = vec2(0.0);
  if ((kPrimitiveTexcoords & (1u << uint(set))) == 0u) return false;
  if (set == 0) {
    uv = inTexcoord0;
  } else if (set == 1) {
    uv = inTexcoord1;
  }
  // Constant indices only (as material_textures.glsl's texcoordSet): NVIDIA's compiler
  // (driver 580) crashed on an input array indexed by a value known only at run time.
  for (int pair = 0; pair < 3; ++pair) {
    if (set == 2 + 2 * pair) uv = inExtraTexcoords[pair].xy;
    if (set == 3 + 2 * pair) uv = inExtraTexcoords[pair].zw;
  }
  return true;
}

// The uv checker: 8 squares per unit of texture space through TEXCOORD_`set`; the dark ones
// 0.05, the light ones tinted by their position in the unit square (red along u, green along
// v), so that a flipped or rotated mapping shows as well as a stretched one.
vec3 uvChecker(int set) {
  vec2 uv;
  if (!channelTexcoord(set, uv)) return notInMaterial();
  const ivec2 cell = ivec2(floor(uv * 8.0));
  if (((cell.x + cell.y) & 1) != 0) return vec3(0.05);
  const vec2 f = fract(uv);
  return vec3(0.4 + 0.6 * f.x, 0.4 + 0.6 * f.y, 0.4);
}

// What the channel view writes for material m at this pixel: base (factor x texture x
// COLOR_0, alpha included, the cut-off not applied), normal (the interpolated or face normal,
// zero without NORMAL: points and lines).
vec3 channelColor(uint m, vec4 base, vec3 normal) {
  const bool hasNormal = kNormals && dot(normal, normal) > 1e-20;
  vec3 ng = hasNormal ? normalize(normal) : vec3(0.0, 0.0, 1.0);
  const TextureRef normalRef = materials[m].textures[kSlotNormal];
  vec3 t, b;
  const bool hasFrame = hasNormal && tangentFrame(ng, normalRef, t, b);
  vec3 n = shadingNormal(ng, normalRef, materials[m].params.z);
  // §3.9.5: back faces of double-sided materials turned towards the eye, as the shading does.
  if (!gl_FrontFacing) {
    n = -n;
    ng = -ng;
  }
  const vec3 v = frame.eye.w > 0.5 ? normalize(frame.eye.xyz - inWorldPos) : frame.eye.xyz;
  const vec2 mr = metallicRoughness(m);
  const MaterialInfo info = gatherMaterial(m, base.rgb, mr.x, mr.y, n, ng, v);
  const vec3 none = notInMaterial();

  if (kChannel == kChannelBaseColor) return colorChannel(base.rgb);
  if (kChannel == kChannelEmissive) return colorChannel(emission(m));
  if (kChannel == kChannelSheenColor)
    return hasLayer(kLayerSheen) ? colorChannel(info.sheenColor) : none;
  if (kChannel == kChannelSpecularColor)
    return hasLayer(kLayerSpecular) || hasLayer(kLayerSpecularGlossiness)
               ? colorChannel(info.specularColor)
               : none;
  if (kChannel == kChannelDiffuseTransmissionColor)
    return hasLayer(kLayerDiffuseTransmission) ? colorChannel(info.diffuseTransmissionColor)
                                               : none;
  if (kChannel == kChannelAlpha) return scalarChannel(base.a);
  if (kChannel == kChannelMetallic) return scalarChannel(info.metallic);
  if (kChannel == kChannelRoughness) return scalarChannel(info.roughness);
  if (kChannel == kChannelOcclusion)
    return slotPresent(kSlotOcclusion) ? scalarChannel(occlusion(m)) : none;
  if (kChannel == kChannelClearcoat)
    return hasLayer(kLayerClearcoat) ? scalarChannel(info.clearcoat) : none;
  if (kChannel == kChannelClearcoatRoughness)
    return hasLayer(kLayerClearcoat) ? scalarChannel(info.clearcoatRoughness) : none;
  if (kChannel == kChannelSheenRoughness)
    return hasLayer(kLayerSheen) ? scalarChannel(info.sheenRoughness) : none;
  if (kChannel == kChannelSpecular)
    return hasLayer(kLayerSpecular) ? scalarChannel(info.specularWeight) : none;
  if (kChannel == kChannelTransmission)
    return hasLayer(kLayerTransmission) ? scalarChannel(info.transmission) : none;
  if (kChannel == kChannelThickness) {
    // thickness / thicknessFactor: the texture's share, 0..1 (0 for a thin wall, factor 0).
    const float factor = materialExtensions[m].refraction.z;
    return hasLayer(kLayerVolume) ? scalarChannel(factor != 0.0 ? info.thickness / factor : 0.0)
                                  : none;
  }
  if (kChannel == kChannelIridescence)
    return hasLayer(kLayerIridescence) ? scalarChannel(info.iridescence) : none;
  if (kChannel == kChannelIridescenceThickness)
    return hasLayer(kLayerIridescence) ? scalarChannel(info.iridescenceThickness / 1200.0) : none;
  if (kChannel == kChannelAnisotropy)
    return hasLayer(kLayerAnisotropy) ? scalarChannel(info.anisotropyInput) : none;
  if (kChannel == kChannelDiffuseTransmission)
    return hasLayer(kLayerDiffuseTransmission) ? scalarChannel(info.diffuseTransmission) : none;
  if (kChannel == kChannelNormal) return hasNormal ? vectorChannel(n) : none;
  if (kChannel == kChannelGeometryNormal) return hasNormal ? vectorChannel(ng) : none;
  if (kChannel == kChannelTangent) return hasFrame ? vectorChannel(t) : none;
  if (kChannel == kChannelBitangent) return hasFrame ? vectorChannel(b) : none;
  if (kChannel == kChannelNormalTexture)
    return slotPresent(kSlotNormal)
               ? vectorChannel(tangentSpaceNormal(normalTexture, normalRef, kSlotNormal,
                                                  materials[m].params.z))
               : none;
  if (kChannel == kChannelClearcoatNormal)
    return hasLayer(kLayerClearcoat) && hasNormal ? vectorChannel(info.clearcoatNormal) : none;
  if (kChannel >= kChannelUv0 && kChannel < kChannelUv0 + kTexcoordSetCount) {
    vec2 uv;
    if (!channelTexcoord(kChannel - kChannelUv0, uv)) return none;
    return storedAs(vec3(uv, 0.0));
  }
  if (kChannel == kChannelUvChecker) return uvChecker(int(frame.shading.w + 0.5));
  return none;
}

#endif
