// World matrices of moved subtrees only: the "resolve transforms" step after animation
// (style lesson 4). The node forest is flattened once, at bind time, into pre-order, where a
// subtree is one contiguous range of positions that starts with its root; a frame then walks
// the ranges of the moved nodes in increasing position, parents before children, and a moved
// node inside a range already walked is skipped (an ancestor and a descendant both moved: the
// subtree is walked once).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dirty.h"
#include "scene.h"

namespace vitrine::anim {

class WorldTransforms {
 public:
  WorldTransforms() = default;
  // Needs: scene.nodes is a forest (the loader checks: one parent at most, no cycle, parent and
  // children consistent). Nodes outside every tree (unreachable through children from a
  // root) do not exist in a forest; should one, it is never recomputed.
  explicit WorldTransforms(const scene::Scene& scene);

  // Recomputes scene.world[n] = world[parent] * local (glTF 2.0 3.5.3; equal to
  // scene::updateWorldTransforms' result element for element, zero signs aside) for every node
  // of the subtrees rooted at `moved` (indices out of range are ignored), and marks in
  // `changed` the byte range of each world matrix whose value changed (element-wise ==, see
  // DirtySet::worldMatrices). Needs scene.world.size() == scene.nodes.size() and the scene
  // the constructor saw. O(moved + recomputed nodes + nodes / 64); no allocation. Returns the
  // number of matrices recomputed (each node at most once).
  uint32_t update(scene::Scene& scene, std::span<const uint32_t> moved,
                  scene::DirtyRanges& changed);

  uint32_t nodeCount() const { return uint32_t(position_.size()); }

 private:
  void walk(scene::Scene& scene, uint32_t start, uint32_t stop, uint32_t positions,
            scene::RangeMarker& changed) const;

  scene::LineVector<uint32_t> order_;     // pre-order position -> node
  scene::LineVector<uint32_t> position_;  // node -> pre-order position (kNone when unreachable)
  scene::LineVector<uint32_t> end_;    // pre-order position -> one past its subtree's last position
  scene::LineVector<int32_t> parent_;  // pre-order position -> the node's parent, -1 for a root
  scene::LineVector<uint64_t> pending_;  // one bit per position: a moved subtree root
};

}  // namespace vitrine::anim
