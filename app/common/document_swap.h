// What survives a hot reload besides the camera: the animation selection and each clip's
// settings, matched from the old document's clips to the new one's, and the selected node.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scene.h"

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

// The node of `next` that is node `node` of `old`: the one with the same names from its root
// down (an exporter that adds or removes nodes shifts the indices, not the names), the one
// at the same index among several such; else, when a name on the way is empty or no path
// matches, the node at the same index; empty when `next` has no such node.
std::optional<uint32_t> matchNode(const scene::Scene& old, uint32_t node, const scene::Scene& next);

}  // namespace vitrine::app
