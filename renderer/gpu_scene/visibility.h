// KHR_node_visibility on the GPU side: which nodes are hidden, themselves or through an
// ancestor. The draws of hidden nodes are skipped and the lights they place give no light
// (the extension hides "all its visual features", lights included; cameras are not affected).
#pragma once

#include <cstdint>
#include <vector>

#include "scene.h"

namespace vitrine::renderer {

// hidden[n] = 1 when node n or one of its ancestors has Node::visible < 0.5 (the Object Model
// stores the boolean as 0 or 1), else 0; resized to scene.nodes.size(). O(nodes): each node's
// state is decided once, from its parent's. Parents are assumed acyclic (the loader checks).
void computeHidden(const scene::Scene& scene, std::vector<uint8_t>& hidden);

}  // namespace vitrine::renderer
