#include "selection_overlay.h"

namespace vitrine::app {

scene::Bounds nodeBounds(const scene::Scene& scene, uint32_t node, bool subtree) {
  scene::Bounds b;
  if (node >= scene.nodes.size()) return b;
  std::vector<uint32_t> stack{node};
  while (!stack.empty()) {
    const uint32_t n = stack.back();
    stack.pop_back();
    // As drawn: a skinned or morphed mesh in its current pose (scene.h).
    scene::extendByMeshNode(scene, int(n), b);
    if (!subtree) break;
    for (int c : scene.nodes[n].children)
      if (c >= 0 && size_t(c) < scene.nodes.size()) stack.push_back(uint32_t(c));
  }
  return b;
}

scene::Bounds selectionBounds(const scene::Scene& scene, uint32_t node) {
  scene::Bounds b = nodeBounds(scene, node, false);
  return b.empty() ? nodeBounds(scene, node, true) : b;
}

std::optional<glm::vec2> projectPoint(const renderer::View& view, glm::vec3 p, glm::vec2 display) {
  const glm::vec4 h = view.projection * view.view * glm::vec4(p, 1.0f);
  if (!(h.w > 1e-4f)) return std::nullopt;
  const glm::vec2 ndc = glm::vec2(h) / h.w;
  return glm::vec2((ndc.x * 0.5f + 0.5f) * display.x, (0.5f - ndc.y * 0.5f) * display.y);
}

std::vector<std::pair<glm::vec2, glm::vec2>> projectBoxEdges(const renderer::View& view,
                                                             const scene::Bounds& bounds,
                                                             glm::vec2 display) {
  std::vector<std::pair<glm::vec2, glm::vec2>> out;
  if (bounds.empty()) return out;
  const glm::mat4 m = view.projection * view.view;
  glm::vec4 clip[8];
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 p((c & 1) ? bounds.max.x : bounds.min.x, (c & 2) ? bounds.max.y : bounds.min.y,
                      (c & 4) ? bounds.max.z : bounds.min.z);
    clip[c] = m * glm::vec4(p, 1.0f);
  }
  // Clip space to display: NDC y is up, display y is down.
  const auto toDisplay = [&](const glm::vec4& h) {
    const glm::vec2 ndc = glm::vec2(h) / h.w;
    return glm::vec2((ndc.x * 0.5f + 0.5f) * display.x, (0.5f - ndc.y * 0.5f) * display.y);
  };
  constexpr float kMinW = 1e-4f;
  for (int a = 0; a < 8; ++a) {
    for (int axis = 0; axis < 3; ++axis) {
      const int b = a | (1 << axis);
      if (b == a) continue;  // each edge once: from the corner with the bit clear
      glm::vec4 p = clip[a], q = clip[b];
      if (p.w < kMinW && q.w < kMinW) continue;
      // The part in front of the eye (w > kMinW), where w varies linearly along the edge.
      if (p.w < kMinW) p = p + (q - p) * ((kMinW - p.w) / (q.w - p.w));
      if (q.w < kMinW) q = q + (p - q) * ((kMinW - q.w) / (p.w - q.w));
      out.emplace_back(toDisplay(p), toDisplay(q));
    }
  }
  return out;
}

}  // namespace vitrine::app
