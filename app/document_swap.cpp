#include "document_swap.h"

namespace vitrine::app {

std::vector<bool> carryClipSelection(const std::vector<std::string>& oldNames,
                                     const std::vector<bool>& oldEnabled,
                                     const std::vector<std::string>& newNames) {
  auto enabledAt = [&](size_t i) { return i < oldEnabled.size() ? bool(oldEnabled[i]) : true; };
  std::vector<bool> out(newNames.size(), true);
  for (size_t i = 0; i < newNames.size(); ++i) {
    bool found = false;
    if (!newNames[i].empty()) {
      for (size_t j = 0; j < oldNames.size() && !found; ++j) {
        if (oldNames[j] == newNames[i]) {
          out[i] = enabledAt(j);
          found = true;
        }
      }
    }
    if (found) continue;
    const bool sameIndexUnnamed =
        i < oldNames.size() && (oldNames[i].empty() || newNames[i].empty());
    if (sameIndexUnnamed) out[i] = enabledAt(i);
  }
  return out;
}

}  // namespace vitrine::app
