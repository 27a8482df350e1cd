#include "joint_matrices.h"

#include <algorithm>

namespace vitrine::scene {

JointMatrices::JointMatrices(const Scene& scene) {
  const size_t nodes = scene.nodes.size();
  usesStart_.assign(nodes + 1, 0);
  for (const Skin& skin : scene.skins) {
    skinOffset_.push_back(uint32_t(jointNode_.size()));
    for (size_t j = 0; j < skin.joints.size(); ++j) {
      const int node = skin.joints[j];
      if (node < 0 || size_t(node) >= nodes) continue;  // the loader rejects these
      jointNode_.push_back(uint32_t(node));
      inverseBind_.push_back(j < skin.inverseBindMatrices.size() ? skin.inverseBindMatrices[j]
                                                                 : glm::mat4(1.0f));
      ++usesStart_[size_t(node) + 1];
    }
  }
  // Counting sort of the matrices by node: usesStart_ becomes prefix sums.
  for (size_t n = 0; n < nodes; ++n) usesStart_[n + 1] += usesStart_[n];
  uses_.resize(jointNode_.size());
  std::vector<uint32_t> next(usesStart_.begin(), usesStart_.end() - 1);
  for (uint32_t m = 0; m < jointNode_.size(); ++m) uses_[next[jointNode_[m]]++] = m;
  matrices_.resize(jointNode_.size());
  for (uint32_t m = 0; m < matrices_.size(); ++m) compute(scene, m);
}

uint32_t JointMatrices::update(const Scene& scene, const DirtyRanges& worldRanges,
                               DirtyRanges& changed) {
  if (uses_.empty()) return 0;
  const uint64_t nodes = std::min<uint64_t>(usesStart_.size() - 1, scene.world.size());
  uint32_t recomputed = 0;
  for (const ByteRange& r : worldRanges.ranges()) {
    const uint64_t first = std::min<uint64_t>(r.offset / kWorldMatrixBytes, nodes);
    const uint64_t last = std::min<uint64_t>(
        (uint64_t(r.offset) + r.size + kWorldMatrixBytes - 1) / kWorldMatrixBytes, nodes);
    for (uint64_t n = first; n < last; ++n) {
      for (uint32_t u = usesStart_[n]; u < usesStart_[n + 1]; ++u) {
        const uint32_t m = uses_[u];
        compute(scene, m);
        changed.mark(m * uint32_t(sizeof(glm::mat4)), uint32_t(sizeof(glm::mat4)));
        ++recomputed;
      }
    }
  }
  return recomputed;
}

void JointMatrices::updateAll(const Scene& scene, DirtyRanges& changed) {
  for (uint32_t m = 0; m < matrices_.size(); ++m) compute(scene, m);
  if (!matrices_.empty()) changed.mark(0, uint32_t(matrices_.size() * sizeof(glm::mat4)));
}

}  // namespace vitrine::scene
