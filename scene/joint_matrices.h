// The joint matrices of every skin, kept current as joints move (glTF 2.0 §3.7.3 "Skins"):
//   jointMatrix_j = world(joint_j) * inverseBindMatrix_j
// They are the whole model transform of a skinned vertex: the skinned mesh's own node transform
// is ignored, as the spec requires ("Only the joint transforms are applied to the skinned
// mesh"). Packed skin after skin, one array the renderer uploads; a matrix is recomputed only
// when its joint's world matrix changed (DirtySet::worldMatrices), so a still skeleton costs
// nothing. CPU only.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "dirty.h"
#include "scene.h"

namespace vitrine::scene {

class JointMatrices {
 public:
  JointMatrices() = default;
  // Lays out the matrices of scene.skins (skin s's joint j at offset(s) + j) and computes them
  // all from scene.world (which must be current: updateWorldTransforms()). Joint indices are
  // node indices (the loader checked them).
  explicit JointMatrices(const Scene& scene);

  // Recomputes the matrices of the joints whose world matrix `worldRanges` covers (byte ranges
  // of scene.world as DirtySet::worldMatrices holds them, coalesced or not; a node counts when
  // any byte of its matrix is in a range), and marks their bytes in `changed` (byte ranges of
  // matrices()). A node that is a joint of several skins updates each. Returns how many
  // matrices were recomputed. No allocation; O(nodes in the ranges + their joint uses).
  uint32_t update(const Scene& scene, const DirtyRanges& worldRanges, DirtyRanges& changed);
  // Recomputes every matrix and marks them all.
  void updateAll(const Scene& scene, DirtyRanges& changed);

  // Sized at construction, never resized: the renderer uploads from it.
  const std::vector<glm::mat4>& matrices() const { return matrices_; }
  // Index in matrices() of skin `skin`'s first joint.
  uint32_t offset(uint32_t skin) const { return skinOffset_[skin]; }
  uint32_t count() const { return uint32_t(matrices_.size()); }

 private:
  void compute(const Scene& scene, uint32_t matrix) {
    matrices_[matrix] = scene.world[jointNode_[matrix]] * inverseBind_[matrix];
  }

  std::vector<glm::mat4> matrices_;
  std::vector<glm::mat4> inverseBind_;  // per matrix, copied for locality
  std::vector<uint32_t> jointNode_;     // per matrix: the joint node
  std::vector<uint32_t> skinOffset_;    // per skin: its first matrix
  // The matrices each node is the joint of: uses_[usesStart_[n] .. usesStart_[n + 1]).
  std::vector<uint32_t> usesStart_;
  std::vector<uint32_t> uses_;
};

}  // namespace vitrine::scene
