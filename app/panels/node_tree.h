// The outliner's content, without ImGui: the node tree of one scene as rows in display order
// (depth first, each node before its children), with names and badges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene.h"

namespace vitrine::app {

// What a node carries, as the outliner's badges show it.
enum NodeBadge : uint8_t {
  kBadgeMesh = 1,
  kBadgeCamera = 2,
  kBadgeLight = 4,
  kBadgeSkin = 8,
  kBadgeJoint = 16,      // a joint of some skin (the skeleton overlay draws it)
  kBadgeInstanced = 32,  // EXT_mesh_gpu_instancing: the mesh drawn as instances
  kBadgeSplats = 64,     // KHR_gaussian_splatting: the mesh has a splat primitive
};

struct TreeRow {
  uint32_t node = 0;
  uint32_t depth = 0;        // 0 for the scene's roots
  uint32_t children = 0;     // rows directly below it (its children in the scene)
  uint8_t badges = 0;        // NodeBadge bits
  bool hidden = false;       // its own Node::visible is 0 (the eye is closed)
  bool underHidden = false;  // an ancestor is hidden: not drawn, whatever its own flag
};

// The rows of scene.scenes[sceneIndex], in scene::sceneNodesInOrder() order; empty for an
// invalid index. A subtree is contiguous: the rows after row r with depth > r.depth.
std::vector<TreeRow> buildNodeTree(const scene::Scene& scene, int sceneIndex);

// The node's name, or "Node N" when it has none.
std::string nodeLabel(const scene::Scene& scene, uint32_t node);
// The scene's name, or "Scene N".
std::string sceneLabel(const scene::Scene& scene, int sceneIndex);
// The badges as short words, "mesh skin", "camera", "joint", "" (the order of NodeBadge).
std::string badgeText(uint8_t badges);

}  // namespace vitrine::app
