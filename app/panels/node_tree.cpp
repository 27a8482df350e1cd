#include "node_tree.h"

namespace vitrine::app {

std::vector<TreeRow> buildNodeTree(const scene::Scene& scene, int sceneIndex) {
  std::vector<TreeRow> rows;
  const std::vector<int> order = scene::sceneNodesInOrder(scene, sceneIndex);
  rows.reserve(order.size());
  // Row of each node, to find its parent's row (parents come first in the order).
  std::vector<int> rowOf(scene.nodes.size(), -1);
  std::vector<bool> joint(scene.nodes.size(), false);
  for (const scene::Skin& skin : scene.skins)
    for (const int j : skin.joints)
      if (j >= 0 && size_t(j) < joint.size()) joint[size_t(j)] = true;
  for (const int n : order) {
    const scene::Node& node = scene.nodes[n];
    TreeRow r;
    r.node = uint32_t(n);
    r.hidden = node.visible < 0.5f;
    const int parentRow = node.parent >= 0 ? rowOf[node.parent] : -1;
    if (parentRow >= 0) {
      TreeRow& parent = rows[parentRow];
      r.depth = parent.depth + 1;
      r.underHidden = parent.hidden || parent.underHidden;
      ++parent.children;
    }
    if (node.mesh >= 0) r.badges |= kBadgeMesh;
    if (node.camera >= 0) r.badges |= kBadgeCamera;
    if (node.light >= 0) r.badges |= kBadgeLight;
    if (node.skin >= 0) r.badges |= kBadgeSkin;
    if (joint[size_t(n)]) r.badges |= kBadgeJoint;
    if (node.instancing >= 0) r.badges |= kBadgeInstanced;
    if (node.mesh >= 0 && size_t(node.mesh) < scene.meshes.size()) {
      for (const scene::Primitive& p : scene.meshes[size_t(node.mesh)].primitives)
        if (p.splats) r.badges |= kBadgeSplats;
    }
    rowOf[n] = int(rows.size());
    rows.push_back(r);
  }
  return rows;
}

std::string nodeLabel(const scene::Scene& scene, uint32_t node) {
  if (node < scene.nodes.size() && !scene.nodes[node].name.empty()) return scene.nodes[node].name;
  return "Node " + std::to_string(node);
}

std::string sceneLabel(const scene::Scene& scene, int sceneIndex) {
  if (sceneIndex >= 0 && sceneIndex < int(scene.scenes.size()) &&
      !scene.scenes[sceneIndex].name.empty())
    return scene.scenes[sceneIndex].name;
  return "Scene " + std::to_string(sceneIndex);
}

std::string badgeText(uint8_t badges) {
  static const char* const kWords[] = {"mesh",  "camera",    "light", "skin",
                                       "joint", "instanced", "splats"};
  std::string out;
  for (int i = 0; i < 7; ++i) {
    if (!(badges & (1u << i))) continue;
    if (!out.empty()) out += ' ';
    out += kWords[i];
  }
  return out;
}

}  // namespace vitrine::app
