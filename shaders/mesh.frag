// Mesh fragment shader, "first light" shading: base colour (factor x texture x COLOR_0),
// alpha modes, and a lambert headlight from the eye. The material data path (the packed
// MaterialData array and the five texture slots) is the one full PBR will use.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };
layout(std430, set = 0, binding = 2) readonly buffer MaterialBlock { MaterialData materials[]; };
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

// Set 1: one combined image sampler per slot, bindings in kSlot* order. Absent slots hold a
// default texture; baseColor and emissive are sRGB views, the others UNORM.
layout(set = 1, binding = 0) uniform sampler2D baseColorTexture;
layout(set = 1, binding = 1) uniform sampler2D metallicRoughnessTexture;
layout(set = 1, binding = 2) uniform sampler2D normalTexture;
layout(set = 1, binding = 3) uniform sampler2D occlusionTexture;
layout(set = 1, binding = 4) uniform sampler2D emissiveTexture;

// Linear colour; the attachment is sRGB, so the hardware encodes it.
layout(location = 0) out vec4 outColor;

// Samples a slot at its texCoord set through its KHR_texture_transform:
// uv' = T(offset) * R(rotation) * S(scale) * uv, the rotation counter-clockwise in UV space
// (v points down), i.e. u' = c*u + s*v, v' = -s*u + c*v: what the Khronos sample viewer,
// three.js and Babylon.js do (see KhronosGroup/glTF#1563 on the extension's GLSL listing).
// The gradients are the interpolated uv's, transformed: exact for an affine map, and immune
// to lavapipe returning zero from storage-buffer loads in helper invocations (which breaks
// implicit derivatives of anything computed from the material along triangle edges).
// Derivatives are taken once at the top of main(), in uniform control flow: after a discard
// or inside a branch that depends on per-pixel data they would be undefined.
vec2 dTexcoord0dx, dTexcoord0dy, dTexcoord1dx, dTexcoord1dy;

vec4 sampleSlot(sampler2D tex, TextureRef ref) {
  const bool set1 = ref.info.y > 0.5;
  const vec2 uv = set1 ? inTexcoord1 : inTexcoord0;
  const vec2 dx = set1 ? dTexcoord1dx : dTexcoord0dx;
  const vec2 dy = set1 ? dTexcoord1dy : dTexcoord0dy;
  const float c = cos(ref.info.x);
  const float s = sin(ref.info.x);
  const mat2 m = mat2(c, -s, s, c) * mat2(ref.uvTransform.z, 0.0, 0.0, ref.uvTransform.w);
  const vec4 texel = textureGrad(tex, m * uv + ref.uvTransform.xy, m * dx, m * dy);
  return ref.info.y < 0.0 ? vec4(1.0) : texel;  // no texture in this slot
}

void main() {
  dTexcoord0dx = dFdx(inTexcoord0);
  dTexcoord0dy = dFdy(inTexcoord0);
  dTexcoord1dx = dFdx(inTexcoord1);
  dTexcoord1dy = dFdy(inTexcoord1);
  const uint m = draw.material;
  const vec4 alpha = materials[m].alpha;  // mode, cutoff, doubleSided, unlit
  const int alphaMode = int(alpha.x + 0.5);

  vec4 base = materials[m].baseColorFactor *
              sampleSlot(baseColorTexture, materials[m].textures[kSlotBaseColor]) * inColor;
  if (alphaMode == kAlphaMask) {
    if (base.a < alpha.y) discard;
    base.a = 1.0;
  } else if (alphaMode == kAlphaOpaque) {
    base.a = 1.0;
  }

  vec3 color = base.rgb;
  vec3 n = inNormal;
  // Unlit materials, and points or lines without normals, show their base colour.
  if (alpha.w < 0.5 && dot(n, n) > 1e-20) {
    n = normalize(n);
    if (alpha.z > 0.5 && !gl_FrontFacing) n = -n;  // double-sided: light the back face
    const vec3 l = normalize(frame.eye.xyz - inWorldPos);
    color = base.rgb * (0.15 + 0.85 * max(dot(n, l), 0.0));
    const vec4 emissive = materials[m].emissive;  // xyz factor, w strength
    color += emissive.xyz * emissive.w *
             sampleSlot(emissiveTexture, materials[m].textures[kSlotEmissive]).rgb;
  }

  // BLEND uses premultiplied alpha (blend factors ONE, ONE_MINUS_SRC_ALPHA).
  outColor = alphaMode == kAlphaBlend ? vec4(color * base.a, base.a) : vec4(color, 1.0);
}
