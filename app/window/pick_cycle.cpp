#include "pick_cycle.h"

namespace vitrine::app {

std::optional<uint32_t> PickCycle::click(glm::vec2 at, const std::vector<scene::PickHit>& hits) {
  std::vector<int> nodes;
  nodes.reserve(hits.size());
  for (const scene::PickHit& h : hits) nodes.push_back(h.node);
  const bool again = last_ && glm::distance(*last_, at) <= kSamePlace && nodes == nodes_;
  index_ = again && !nodes.empty() ? (index_ + 1) % nodes.size() : 0;
  last_ = at;
  nodes_ = std::move(nodes);
  if (nodes_.empty()) return std::nullopt;
  return uint32_t(nodes_[index_]);
}

}  // namespace vitrine::app
