// The material's textures (set 1) and how a slot is sampled: its texCoord set, its
// KHR_texture_transform, explicit gradients. Include after shared_types.h, in a fragment
// shader that declares inTexcoord0, inTexcoord1 and the specialization constant kTextureSlots,
// and calls takeTexcoordDerivatives() first.
#ifndef VITRINE_MATERIAL_TEXTURES_GLSL
#define VITRINE_MATERIAL_TEXTURES_GLSL

// One combined image sampler per slot, bindings in kSlot* order. Absent slots hold a default
// texture; colour slots (isColorSlot(): baseColor, emissive, specularColor, sheenColor,
// diffuseTransmissionColor) are sRGB views (decoded before filtering, as glTF 2.0 §3.9.2
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

// Screen-space derivatives of both texCoord sets, taken once at the top of main(), in
// uniform control flow: after a discard, or inside a branch on per-pixel data, they would be
// undefined. Taking them from the interpolated inputs (never from values computed from the
// material) also sidesteps lavapipe returning zero from storage-buffer loads in helper
// invocations, which breaks implicit derivatives of anything read from the material buffer.
vec2 dTexcoord0dx, dTexcoord0dy, dTexcoord1dx, dTexcoord1dy;

void takeTexcoordDerivatives() {
  dTexcoord0dx = dFdx(inTexcoord0);
  dTexcoord0dy = dFdy(inTexcoord0);
  dTexcoord1dx = dFdx(inTexcoord1);
  dTexcoord1dy = dFdy(inTexcoord1);
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

SlotUv slotUv(TextureRef ref) {
  const bool set1 = ref.info.y > 0.5;
  const float c = cos(ref.info.x);
  const float s = sin(ref.info.x);
  const mat2 m = mat2(c, -s, s, c) * mat2(ref.uvTransform.z, 0.0, 0.0, ref.uvTransform.w);
  SlotUv r;
  r.uv = m * (set1 ? inTexcoord1 : inTexcoord0) + ref.uvTransform.xy;
  r.dx = m * (set1 ? dTexcoord1dx : dTexcoord0dx);
  r.dy = m * (set1 ? dTexcoord1dy : dTexcoord0dy);
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
