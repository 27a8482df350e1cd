// The material's textures (set 1) and how a slot is sampled: its texCoord set, its
// KHR_texture_transform, explicit gradients. Include after shared_types.h, in a fragment
// shader that declares inTexcoord0, inTexcoord1, inExtraTexcoords[3] (TEXCOORD_2..7, two a
// vec4) and the specialization constants kTextureSlots and kTexcoordSets (0: the material
// samples sets 0 and 1 only; else bit 6, and bit n - 2 for each TEXCOORD_n the primitive has),
// and calls takeTexcoordDerivatives() first.
#ifndef VITRINE_MATERIAL_TEXTURES_GLSL
#define VITRINE_MATERIAL_TEXTURES_GLSL

// One combined image sampler per slot, bindings in kSlot* order. Absent slots hold a default
// texture; colour slots (isColorSlot(): baseColor, emissive, specularColor, sheenColor,
// diffuseTransmissionColor, diffuse, specularGlossiness) are sRGB views (decoded before filtering, as glTF 2.0 §3.9.2
// asks), the others UNORM (linear data).
layout(set = 1, binding = 0) uniform sampler2D baseColorTexture;
layout(set = 1, binding = 1) uniform sampler2D metallicRoughnessTexture;
layout(set = 1, binding = 2) uniform sampler2D normalTexture;
layout(set = 1, binding = 3) uniform sampler2D occlusionTexture;
layout(set = 1, binding = 4) uniform sampler2D emissiveTexture;
layout(set = 1, binding = 5) uniform sampler2D specularTexture;
layout(set = 1, binding = 6) uniform sampler2D specularColorTexture;
layout(set = 1, binding = 7) uniform sampler2D sheenColorTexture;
layout(set = 1, binding = 8) uniform sampler2D sheenRoughnessTexture;
layout(set = 1, binding = 9) uniform sampler2D clearcoatTexture;
layout(set = 1, binding = 10) uniform sampler2D clearcoatRoughnessTexture;
layout(set = 1, binding = 11) uniform sampler2D clearcoatNormalTexture;
layout(set = 1, binding = 12) uniform sampler2D transmissionTexture;
layout(set = 1, binding = 13) uniform sampler2D thicknessTexture;
layout(set = 1, binding = 14) uniform sampler2D iridescenceTexture;
layout(set = 1, binding = 15) uniform sampler2D iridescenceThicknessTexture;
layout(set = 1, binding = 16) uniform sampler2D anisotropyTexture;
layout(set = 1, binding = 17) uniform sampler2D diffuseTransmissionTexture;
layout(set = 1, binding = 18) uniform sampler2D diffuseTransmissionColorTexture;
layout(set = 1, binding = 19) uniform sampler2D diffuseTexture;
layout(set = 1, binding = 20) uniform sampler2D specularGlossinessTexture;

// Screen-space derivatives of the texCoord sets, taken once at the top of main(), in
// uniform control flow: after a discard, or inside a branch on per-pixel data, they would be
// undefined. Taking them from the interpolated inputs (never from values computed from the
// material) also sidesteps lavapipe returning zero from storage-buffer loads in helper
// invocations, which breaks implicit derivatives of anything read from the material buffer.
// lavapipe pays for every dFdx: the extra sets' are taken only for the pairs the primitive has.
vec2 dTexcoord0dx, dTexcoord0dy, dTexcoord1dx, dTexcoord1dy;
vec4 dExtraTexcoordsDx[3], dExtraTexcoordsDy[3];

// Whether the primitive has TEXCOORD_set (2..7), as the pipeline is specialized.
bool hasExtraTexcoord(int set) {
  return (kTexcoordSets & (1u << (set - 2))) != 0u;
}

void takeTexcoordDerivatives() {
  dTexcoord0dx = dFdx(inTexcoord0);
  dTexcoord0dy = dFdy(inTexcoord0);
  dTexcoord1dx = dFdx(inTexcoord1);
  dTexcoord1dy = dFdy(inTexcoord1);
  for (int pair = 0; pair < 3; ++pair) {
    dExtraTexcoordsDx[pair] = vec4(0.0);
    dExtraTexcoordsDy[pair] = vec4(0.0);
    if (hasExtraTexcoord(2 + 2 * pair) || hasExtraTexcoord(3 + 2 * pair)) {
      dExtraTexcoordsDx[pair] = dFdx(inExtraTexcoords[pair]);
      dExtraTexcoordsDy[pair] = dFdy(inExtraTexcoords[pair]);
    }
  }
}

// Whether the material has a texture in `slot` (kSlot*): a specialization constant of the
// including shader (kTextureSlots), which MaterialData's texCoord -1 agrees with.
bool slotPresent(int slot) {
  return (kTextureSlots & (1u << slot)) != 0u;
}

// A slot's texture coordinate and its screen-space gradients, after KHR_texture_transform:
// uv' = T(offset) * R(rotation) * S(scale) * uv, the rotation counter-clockwise in UV space
// (v points down), i.e. u' = c*u + s*v, v' = -s*u + c*v: what the Khronos sample viewer,
// three.js and Babylon.js do (see KhronosGroup/glTF#1563 on the extension's GLSL listing).
// The map is affine, so the gradients are the interpolated ones through its linear part.
struct SlotUv {
  vec2 uv;
  vec2 dx;
  vec2 dy;
};

// The slot's set (info.y: 0 to kTexcoordSetCount - 1) and its gradients, before the transform.
SlotUv texcoordSet(TextureRef ref) {
  const bool set1 = ref.info.y > 0.5;
  SlotUv t;
  t.uv = set1 ? inTexcoord1 : inTexcoord0;
  t.dx = set1 ? dTexcoord1dx : dTexcoord0dx;
  t.dy = set1 ? dTexcoord1dy : dTexcoord0dy;
  if (kTexcoordSets != 0u) {
    const int set = int(ref.info.y + 0.5);
    // A set the primitive lacks reads as zero, as an absent TEXCOORD_1 does (a zero stream).
    if (set > 1) t = SlotUv(vec2(0.0), vec2(0.0), vec2(0.0));
    for (int n = 2; n < kTexcoordSetCount; ++n) {
      if (!hasExtraTexcoord(n) || set != n) continue;
      const int pair = (n - 2) / 2;
      const bool high = (n & 1) == 1;
      t.uv = high ? inExtraTexcoords[pair].zw : inExtraTexcoords[pair].xy;
      t.dx = high ? dExtraTexcoordsDx[pair].zw : dExtraTexcoordsDx[pair].xy;
      t.dy = high ? dExtraTexcoordsDy[pair].zw : dExtraTexcoordsDy[pair].xy;
    }
  }
  return t;
}

SlotUv slotUv(TextureRef ref) {
  const float c = cos(ref.info.x);
  const float s = sin(ref.info.x);
  const mat2 m = mat2(c, -s, s, c) * mat2(ref.uvTransform.z, 0.0, 0.0, ref.uvTransform.w);
  const SlotUv t = texcoordSet(ref);
  SlotUv r;
  r.uv = m * t.uv + ref.uvTransform.xy;
  r.dx = m * t.dx;
  r.dy = m * t.dy;
  return r;
}

// The texel of slot `slot` (kSlot*, a constant), or `absent` without fetching anything when
// the material has no texture there.
vec4 sampleSlot(sampler2D tex, TextureRef ref, int slot, vec4 absent) {
  if (!slotPresent(slot)) return absent;
  const SlotUv t = slotUv(ref);
  return textureGrad(tex, t.uv, t.dx, t.dy);
}

#endif
