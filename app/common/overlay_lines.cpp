#include "overlay_lines.h"

#include <glm/gtc/packing.hpp>

#include "overlay_geometry.h"
#include "selection_overlay.h"

namespace vitrine::app {
namespace {

void append(const std::vector<scene::Segment>& segments, const glm::vec4& color,
            std::vector<renderer::LineVertex>& out) {
  const uint32_t packed = glm::packUnorm4x8(color);
  for (const scene::Segment& s : segments) {
    out.push_back({s.a, packed});
    out.push_back({s.b, packed});
  }
}

}  // namespace

void buildOverlayLines(const CliOptions& look, const scene::Scene& scene, int sceneIndex,
                       std::optional<uint32_t> selected, float aspect, OverlayLines& out,
                       scene::NodeMask shown) {
  out.depthTested.clear();
  out.onTop.clear();
  out.normalVertices = out.totalVertices = 0;
  if (!look.showNormals && !look.showSkeleton && !look.showBounds && !look.showGizmos) return;
  const scene::Bounds all = scene::sceneBounds(scene, sceneIndex);
  const float diagonal = all.empty() ? 1.0f : std::max(glm::length(all.max - all.min), 1e-6f);
  std::vector<scene::Segment> segments, more;
  if (look.showNormals) {
    const scene::VertexFrameCount n = scene::vertexFrames(
        scene, sceneIndex, kNormalLength * diagonal, kMaxNormalVertices, segments, more, shown);
    out.normalVertices = n.shown;
    out.totalVertices = n.total;
    append(segments, kNormalColor, out.depthTested);
    append(more, kTangentColor, out.depthTested);
  }
  if (look.showBounds) {
    for (const int n : scene::sceneNodesInOrder(scene, sceneIndex)) {
      if (scene.nodes[size_t(n)].mesh < 0 || !scene::inMask(shown, n) ||
          !scene::nodeShown(scene, n))
        continue;
      segments.clear();
      scene::boxEdges(nodeBounds(scene, uint32_t(n), false), segments);
      append(segments, selected == uint32_t(n) ? kSelectedBoundsColor : kBoundsColor,
             out.depthTested);
    }
  }
  if (look.showGizmos) {
    for (const int n : scene::sceneNodesInOrder(scene, sceneIndex)) {
      if (!scene::inMask(shown, n)) continue;
      segments.clear();
      scene::lightGizmo(scene, n, kGizmoSize * diagonal, segments);
      append(segments, kLightColor, out.depthTested);
      segments.clear();
      scene::cameraGizmo(scene, n, aspect, kGizmoSize * diagonal, segments);
      append(segments, kCameraColor, out.depthTested);
    }
  }
  if (look.showSkeleton) {
    for (const int skin : scene::skinsInScene(scene, sceneIndex, shown)) {
      const scene::Skeleton s = scene::skeleton(scene, skin);
      append(s.bones, kBoneColor, out.onTop);
      for (size_t j = 0; j < s.joints.size(); ++j) {
        segments.clear();
        const bool picked = selected == uint32_t(s.jointNodes[j]);
        scene::jointMarker(s.joints[j], kJointSize * diagonal * (picked ? 2.0f : 1.0f), segments);
        append(segments, picked ? kSelectedJointColor : kJointColor, out.onTop);
      }
    }
  }
}

void attachOverlayLines(const OverlayLines& lines, renderer::View& view) {
  view.lines = lines.depthTested;
  view.linesOnTop = lines.onTop;
}

}  // namespace vitrine::app
