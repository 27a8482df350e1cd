// Mesh vertex shader: morphs and skins one vertex when its pipeline is specialized for it, then
// transforms it by its node's world matrix (or, skinned, its joint matrices) and the camera.
// Vertex streams arrive as separate bindings; the renderer fills absent streams with
// defaults (zero normal = unlit, zero uv, white colour, zero tangent = none).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

// Specialization (pipelines.cpp, PipelineKey::features): a primitive that is neither skinned
// nor morphed runs none of that code (lavapipe would run both sides of a branch).
// The draw is skinned: its node has a skin and its primitive JOINTS_n / WEIGHTS_n.
layout(constant_id = 0) const bool kSkin = false;
// The attributes the draw's morph targets displace (kMorph* bits), 0 when not morphed.
layout(constant_id = 1) const uint kMorph = 0u;
// TEXCOORD_2..7 (pipelines.h kFeatureTexcoordSets): 0, or bit 6 (the material samples a set
// beyond 1) with bit n - 2 for each TEXCOORD_n the primitive has.
layout(constant_id = 2) const uint kTexcoordSets = 0u;
// EXT_mesh_gpu_instancing: the draw is instanced, gl_InstanceIndex (firstInstance included)
// indexes its instance transform in jointMatrices (pipelines.h kFeatureInstanced).
layout(constant_id = 3) const bool kInstanced = false;
// The shadow pass (renderer/passes/pass_shadows.h): the deformed vertex through the light's matrix of
// layer DrawConstants::shadowLayer, so a caster's shadow has the shape the main pass draws.
layout(constant_id = 4) const bool kShadowPass = false;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;
layout(location = 5) in vec4 inTangent;

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };
layout(std430, set = 0, binding = 1) readonly buffer NodeBlock { NodeData nodes[]; };
layout(std430, set = 0, binding = 4) readonly buffer WeightBlock { float morphWeights[]; };
layout(std430, set = 0, binding = 5) readonly buffer TargetBlock { float targetData[]; };
// The joint matrices, then the EXT_mesh_gpu_instancing instance transforms.
layout(std430, set = 0, binding = 6) readonly buffer JointBlock { mat4 jointMatrices[]; };
layout(std430, set = 0, binding = 7) readonly buffer InfluenceBlock { SkinInfluence influences[]; };
layout(std430, set = 0, binding = 9) readonly buffer TexcoordBlock { vec2 extraTexcoords[]; };
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outTexcoord0;
layout(location = 3) out vec2 outTexcoord1;
layout(location = 4) out vec4 outColor;
layout(location = 5) out vec4 outTangent;
// TEXCOORD_2..7 two a location: (2, 3), (4, 5), (6, 7); written only with kTexcoordSets.
layout(location = 6) out vec4 outExtraTexcoords[3];

bool morphs(int bit) {
  return (kMorph & uint(bit)) != 0u;
}

vec2 targetVec2(uint at) {
  return vec2(targetData[at], targetData[at + 1u]);
}
vec3 targetVec3(uint at) {
  return vec3(targetData[at], targetData[at + 1u], targetData[at + 2u]);
}
vec4 targetVec4(uint at) {
  return vec4(targetData[at], targetData[at + 1u], targetData[at + 2u], targetData[at + 3u]);
}

// glTF 2.0 §3.7.3: the weighted sum of the joint matrices of every influence of the vertex.
mat4 skinMatrix(uint vertex) {
  mat4 m = mat4(0.0);
  const uint first = draw.influenceOffset + vertex * draw.influenceSets;
  for (uint s = 0u; s < draw.influenceSets; ++s) {
    const SkinInfluence i = influences[first + s];
    const uint j = draw.jointOffset;
    m += i.weights.x * jointMatrices[j + i.joints.x] + i.weights.y * jointMatrices[j + i.joints.y] +
         i.weights.z * jointMatrices[j + i.joints.z] + i.weights.w * jointMatrices[j + i.joints.w];
  }
  return m;
}

void main() {
  vec3 position = inPosition;
  vec3 normal = inNormal;
  vec3 tangent = inTangent.xyz;
  vec2 texcoord0 = inTexcoord0;
  vec2 texcoord1 = inTexcoord1;
  vec4 color = inColor;
  const uint vertex = uint(gl_VertexIndex) - draw.firstVertex;

  // glTF 2.0 §3.7.2.2: attribute + sum of weight_t * displacement_t, before any matrix.
  if (kMorph != 0u) {
    const uint stride = morphOffset(kMorph, 64u);
    uint at = draw.targetOffset + vertex * draw.targetCount * stride;
    for (uint t = 0u; t < draw.targetCount; ++t, at += stride) {
      const float w = morphWeights[draw.weightOffset + t];
      if (w == 0.0) continue;
      if (morphs(kMorphPosition)) position += w * targetVec3(at);
      if (morphs(kMorphNormal)) normal += w * targetVec3(at + morphOffset(kMorph, kMorphNormal));
      if (morphs(kMorphTangent))
        tangent += w * targetVec3(at + morphOffset(kMorph, kMorphTangent));
      if (morphs(kMorphTexcoord0))
        texcoord0 += w * targetVec2(at + morphOffset(kMorph, kMorphTexcoord0));
      if (morphs(kMorphTexcoord1))
        texcoord1 += w * targetVec2(at + morphOffset(kMorph, kMorphTexcoord1));
      if (morphs(kMorphColor)) color += w * targetVec4(at + morphOffset(kMorph, kMorphColor));
    }
    // "After applying color deltas, all components of each COLOR_0 morphed accessor element
    // MUST be clamped to [0.0, 1.0] range."
    if (morphs(kMorphColor)) color = clamp(color, 0.0, 1.0);
  }

  vec4 world;
  mat3 world3;
  if (kSkin || kInstanced) {
    // §3.7.3: the joint matrices are the whole model transform; the node's is ignored.
    // EXT_mesh_gpu_instancing "Transformation Order": NodeWorldXform * InstanceXform * vertex,
    // the instance transform first (for a skinned mesh, before the joints').
    mat4 model = kSkin ? skinMatrix(vertex) : nodes[draw.node].world;
    if (kInstanced) model = model * jointMatrices[gl_InstanceIndex];
    world = model * vec4(position, 1.0);
    world3 = mat3(model);
    // Normals by the inverse transpose: the cofactor matrix (det x inverse transpose) with the
    // determinant's sign, defined even where the blend of joints is singular.
    const mat3 cofactor = mat3(cross(world3[1], world3[2]), cross(world3[2], world3[0]),
                               cross(world3[0], world3[1]));
    outNormal = (determinant(world3) < 0.0 ? -1.0 : 1.0) * (cofactor * normal);
  } else {
    world = nodes[draw.node].world * vec4(position, 1.0);
    world3 = mat3(nodes[draw.node].world);
    // Not normalized here: a zero normal must stay zero (the fragment shader's "unlit" signal).
    outNormal = mat3(nodes[draw.node].normal) * normal;
  }
  outWorldPos = world.xyz;
  // Tangents are surface directions: they transform with the model matrix. A mirroring
  // matrix (negative determinant) reverses the handedness of the frame that
  // cross(normal, tangent) builds, so its sign goes into w.
  const float handedness = determinant(world3) < 0.0 ? -inTangent.w : inTangent.w;
  outTangent = vec4(world3 * tangent, handedness);
  outTexcoord0 = texcoord0;
  outTexcoord1 = texcoord1;
  if (kTexcoordSets != 0u) {
    // shared_types.h kTexcoordSetCount: the present sets of the vertex, in increasing n.
    const uint present = kTexcoordSets & 63u;
    uint at = draw.texcoordOffset + vertex * uint(bitCount(present));
    for (int pair = 0; pair < 3; ++pair) {
      vec4 uv = vec4(0.0);  // a set the primitive lacks reads as zero
      if ((present & (1u << (2 * pair))) != 0u) uv.xy = extraTexcoords[at++];
      if ((present & (2u << (2 * pair))) != 0u) uv.zw = extraTexcoords[at++];
      outExtraTexcoords[pair] = uv;
    }
  }
  outColor = color;
  gl_Position = kShadowPass ? frame.shadowViewProj[draw.shadowLayer] * world
                            : frame.proj * (frame.view * world);
  gl_PointSize = 1.0;  // glTF points are one pixel
}
