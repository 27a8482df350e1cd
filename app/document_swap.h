// What survives a hot reload besides the camera: the animation selection and each clip's
// settings, matched from the old document's clips to the new one's.
#pragma once

#include <string>
#include <vector>

namespace vitrine::app {

inline constexpr int kNoClip = -1;

// For each new clip: the old clip of the same (non-empty) name, else the old clip at the same
// index when that one had no name or the new clip has none, else kNoClip (a clip the exporter
// just added).
std::vector<int> matchClips(const std::vector<std::string>& oldNames,
                            const std::vector<std::string>& newNames);

// For each new clip: the enable flag of its matched old clip, else true (a new clip plays,
// like every clip of a freshly opened file).
std::vector<bool> carryClipSelection(const std::vector<std::string>& oldNames,
                                     const std::vector<bool>& oldEnabled,
                                     const std::vector<std::string>& newNames);

}  // namespace vitrine::app
