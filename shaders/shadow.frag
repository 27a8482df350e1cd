// Shadow pass fragment shader (renderer/passes/pass_shadows.h): writes depth only. An alpha-MASK caster
// cuts its shadow as the main pass cuts its surface (glTF 2.0 §3.9.4: not drawn where alpha <
// alphaCutoff), alpha being baseColorFactor x baseColorTexture x COLOR_0 (§3.9.2) as in
// mesh.frag, or for KHR_materials_pbrSpecularGlossiness diffuseFactor x diffuseTexture x COLOR_0
// (its diffuse alpha is the opacity); other casters need no fragment work.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

// The draw's material is alpha MASK (pass_shadows.cpp).
layout(constant_id = 0) const bool kMask = false;
// The material is KHR_materials_pbrSpecularGlossiness (gpu::kLayerSpecularGlossiness).
layout(constant_id = 1) const bool kSpecularGlossiness = false;

layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;

layout(std430, set = 0, binding = 2) readonly buffer MaterialBlock { MaterialData materials[]; };
layout(std430, set = 0, binding = 8) readonly buffer MaterialExtensionBlock {
  MaterialExtensionData materialExtensions[];
};
layout(set = 1, binding = 0) uniform sampler2D baseColorTexture;  // white when absent
layout(set = 1, binding = 19) uniform sampler2D diffuseTexture;   // white when absent
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

void main() {
  if (!kMask) return;
  const MaterialData m = materials[draw.material];
  // Member by member: a conditional between the two blocks' TextureRef types trips glslc's
  // optimizer.
  TextureRef ref;
  if (kSpecularGlossiness) {
    const int slot = kSlotDiffuse - kTextureSlotCount;
    ref.uvTransform = materialExtensions[draw.material].textures[slot].uvTransform;
    ref.info = materialExtensions[draw.material].textures[slot].info;
  } else {
    ref.uvTransform = m.textures[kSlotBaseColor].uvTransform;
    ref.info = m.textures[kSlotBaseColor].info;
  }
  // KHR_texture_transform on sets 0 and 1 (material_textures.glsl's slotUv); a base colour on
  // TEXCOORD_2..7 is read through set 0 here (the cut-out of such a caster may differ).
  const float c = cos(ref.info.x);
  const float s = sin(ref.info.x);
  const mat2 transform = mat2(c, -s, s, c) * mat2(ref.uvTransform.z, 0.0, 0.0, ref.uvTransform.w);
  const vec2 uv = transform * (ref.info.y > 0.5 && ref.info.y < 1.5 ? inTexcoord1 : inTexcoord0) +
                  ref.uvTransform.xy;
  const float alpha =
      kSpecularGlossiness
          ? materialExtensions[draw.material].diffuse.a * inColor.a * texture(diffuseTexture, uv).a
          : m.baseColorFactor.a * inColor.a * texture(baseColorTexture, uv).a;
  if (alpha < m.alpha.y) discard;
}
