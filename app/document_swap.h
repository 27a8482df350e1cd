// What survives a hot reload besides the camera: the animation selection, matched from the
// old document's clips to the new one's.
#pragma once

#include <string>
#include <vector>

namespace vitrine::app {

// For each new clip: the enable flag of the old clip of the same (non-empty) name, else of the
// old clip at the same index when that one had no name or the new clip has none, else true (a
// clip the exporter just added plays, like every clip of a freshly opened file).
std::vector<bool> carryClipSelection(const std::vector<std::string>& oldNames,
                                     const std::vector<bool>& oldEnabled,
                                     const std::vector<std::string>& newNames);

}  // namespace vitrine::app
