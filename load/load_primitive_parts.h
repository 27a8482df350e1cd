// The parts of a mesh primitive that loadMeshes() reads besides its base attributes: skinning
// influences (JOINTS_n / WEIGHTS_n) and morph targets, and the budget every part is checked
// against before it is allocated. Internal to load/.
#pragma once

#include <cstdint>
#include <string>

#include "json_util.h"
#include "load_steps.h"

namespace vitrine::scene {

// The smallest skin instantiating a mesh (the node and skin, for messages): every JOINTS_n
// value of its primitives must be below `joints`. node -1: no skinned node uses the mesh.
struct SkinUse {
  int node = -1;
  int skin = -1;
  uint32_t joints = 0;
};

// JOINTS_n / WEIGHTS_n of primitive `prim` (at `at`, e.g. "/meshes/0/primitives/1"), whose
// POSITION has vertexCount elements, into p.influenceSets, p.joints, p.weights and
// p.minSkinJoints (glTF 2.0 §3.7.3 "Skinned Mesh Attributes"). Checked: sets numbered from 0
// without gaps, as many JOINTS_n as WEIGHTS_n; VEC4 of UNSIGNED_BYTE/UNSIGNED_SHORT joints
// and VEC4 of FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT weights, with the vertex
// count; finite weights; with `skin.node` >= 0 every joint below skin.joints. Returns "" or
// "<pointer>: <what>".
[[nodiscard]] std::string readInfluences(const LoadContext& ctx, const Json& prim,
                                         const std::string& at, uint32_t vertexCount,
                                         const SkinUse& skin, Primitive& p);

// The morph targets of `prim` into p.targets (glTF 2.0 §3.7.2.2): POSITION, NORMAL and TANGENT
// (VEC3 of FLOAT), TEXCOORD_0/1 (VEC2) and COLOR_0 (VEC3 or VEC4) of FLOAT or normalized
// integers; other attributes are ignored (TEXCOORD_2..7 with a warning). Every target attribute
// needs the same attribute in the primitive (p's streams must be read first) and the vertex count.
// Sparse accessors are read through readAccessor(). Each target is checked against the budget
// before it is read.
[[nodiscard]] std::string readMorphTargets(const LoadContext& ctx, const Json& prim,
                                           const std::string& at, uint32_t vertexCount,
                                           Primitive& p);

// "" when `values` more vertex and index values fit in one primitive (kMaxAccessorValues) and
// in the load (ctx.maxMeshValues, with ctx.meshValues used); else "<at>: the mesh data would
// exceed N values".
[[nodiscard]] std::string checkMeshBudget(const LoadContext& ctx, const std::string& at,
                                          uint64_t values);

// Floats of one vertex over the streams of `p` that are filled (joints count as values, four a
// set, morph target displacements too); with flatNormals, as generateFlatNormals() leaves them
// (NORMAL added, TANGENT and its displacements dropped).
uint64_t valuesPerVertex(const Primitive& p, bool flatNormals);

}  // namespace vitrine::scene
