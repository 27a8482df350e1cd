// The vertex pipeline of morphed and skinned primitives on the CPU: what mesh.vert computes on
// the GPU, written from the spec's formulas, for tests (the reference the rendered image is
// checked against), bounds and picking. Morphing first, then skinning (glTF 2.0 §3.7.2.2:
// displacements "MUST be applied before any transformation matrices affecting the mesh vertices
// such as skinning or node transforms").
#pragma once

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "scene.h"

namespace vitrine::scene {

// One vertex's attributes. Streams the primitive lacks read as zeros, except colour (white).
struct DeformedVertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f};   // not normalized (the fragment shader normalizes)
  glm::vec4 tangent{0.0f};  // xyz direction, w handedness
  glm::vec2 texcoords[2] = {glm::vec2(0.0f), glm::vec2(0.0f)};
  glm::vec4 color{1.0f};
};

// §3.7.2.2: attribute + sum over targets t of weights[t] * targets[t].attribute, for every
// attribute (tangent xyz only), then COLOR_0 clamped to [0, 1] ("After applying color deltas,
// all components of each COLOR_0 morphed accessor element MUST be clamped"). Weights beyond
// p.targets, or targets beyond weights, are ignored. Needs vertex < p.positions.size().
DeformedVertex morphVertex(const Primitive& p, uint32_t vertex, std::span<const float> weights);

// §3.7.3: the weighted sum of the joint matrices of every (joint, weight) pair of every
// influence set of `vertex`: sum of weights[v][c] * jointMatrices[joints[v][c]]. Needs
// p.influenceSets > 0 and every joint < jointMatrices.size().
glm::mat4 skinMatrix(const Primitive& p, uint32_t vertex, std::span<const glm::mat4> jointMatrices);

// `v` (mesh space) moved by the model matrix `model`: position by model, normal by the
// inverse transpose of its upper 3x3 (computed as the cofactor matrix times the sign of the
// determinant: the same direction, and defined for any matrix), tangent xyz by its upper 3x3
// with w negated when the determinant is negative (a mirroring transform reverses the frame).
DeformedVertex transformVertex(const DeformedVertex& v, const glm::mat4& model);

// World-space vertex `vertex` of primitive `p` drawn by node `node` of `scene`: morphed with
// the node's weights, then moved by skinMatrix() when the node has a skin and p has influences
// (the node's own transform is then ignored, §3.7.3), else by scene.world[node].
// `jointMatrices` are the node's skin's (JointMatrices::matrices() from offset(node.skin));
// unused without a skin. `instance`: an EXT_mesh_gpu_instancing transform (nodeInstances()),
// applied to the morphed vertex before the node's or the skin's matrix.
DeformedVertex deformVertex(const Scene& scene, uint32_t node, const Primitive& p, uint32_t vertex,
                            std::span<const glm::mat4> jointMatrices,
                            const glm::mat4& instance = glm::mat4(1.0f));

}  // namespace vitrine::scene
