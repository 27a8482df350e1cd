#include "document_swap.h"

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

}  // namespace vitrine::app
