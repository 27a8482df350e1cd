#include "document_swap.h"

#include <algorithm>

namespace vitrine::app {

std::vector<int> matchClips(const std::vector<std::string>& oldNames,
                            const std::vector<std::string>& newNames) {
  std::vector<int> out(newNames.size(), kNoClip);
  for (size_t i = 0; i < newNames.size(); ++i) {
    if (!newNames[i].empty()) {
      for (size_t j = 0; j < oldNames.size(); ++j) {
        if (oldNames[j] == newNames[i]) {
          out[i] = int(j);
          break;
        }
      }
    }
    if (out[i] != kNoClip) continue;
    if (i < oldNames.size() && (oldNames[i].empty() || newNames[i].empty())) out[i] = int(i);
  }
  return out;
}

std::vector<bool> carryClipSelection(const std::vector<std::string>& oldNames,
                                     const std::vector<bool>& oldEnabled,
                                     const std::vector<std::string>& newNames) {
  const std::vector<int> match = matchClips(oldNames, newNames);
  std::vector<bool> out(newNames.size(), true);
  for (size_t i = 0; i < match.size(); ++i) {
    const int j = match[i];
    if (j != kNoClip && size_t(j) < oldEnabled.size()) out[i] = oldEnabled[size_t(j)];
  }
  return out;
}

namespace {

// The names from node's root down to node; empty when one is empty (or the parents loop).
std::vector<const std::string*> namePath(const scene::Scene& scene, uint32_t node) {
  std::vector<const std::string*> path;
  for (int n = int(node); n >= 0; n = scene.nodes[size_t(n)].parent) {
    if (size_t(n) >= scene.nodes.size() || path.size() > scene.nodes.size()) return {};
    if (scene.nodes[size_t(n)].name.empty()) return {};
    path.push_back(&scene.nodes[size_t(n)].name);
  }
  return path;  // leaf first
}

}  // namespace

std::optional<uint32_t> matchNode(const scene::Scene& old, uint32_t node,
                                  const scene::Scene& next) {
  if (node >= old.nodes.size()) return std::nullopt;
  const std::vector<const std::string*> path = namePath(old, node);
  if (!path.empty()) {
    std::optional<uint32_t> found;
    for (uint32_t n = 0; n < next.nodes.size(); ++n) {
      if (next.nodes[n].name != *path.front()) continue;  // cheap test first
      const std::vector<const std::string*> candidate = namePath(next, n);
      const bool same =
          candidate.size() == path.size() &&
          std::equal(path.begin(), path.end(), candidate.begin(),
                     [](const std::string* a, const std::string* b) { return *a == *b; });
      if (!same) continue;
      if (n == node) return n;  // several with the same names: the same index wins
      if (!found) found = n;
    }
    if (found) return found;
  }
  if (node < next.nodes.size()) return node;
  return std::nullopt;
}

}  // namespace vitrine::app
