// The overlays drawn over the picture as lines (issue 22 §2), for the window and the batch
// modes alike: which ones the look asks for (CliOptions::show*), built from the posed scene
// (scene/overlay_geometry.h) and coloured, as the renderer's View::lines and linesOnTop.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "cli.h"
#include "overlay_geometry.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// The vertices the colours and sizes below are given to: linear RGBA.
inline constexpr glm::vec4 kNormalColor(0.15f, 0.35f, 1.0f, 1.0f);
inline constexpr glm::vec4 kTangentColor(1.0f, 0.15f, 0.1f, 1.0f);
inline constexpr glm::vec4 kBoneColor(0.0f, 0.85f, 1.0f, 1.0f);
inline constexpr glm::vec4 kJointColor(1.0f, 1.0f, 1.0f, 1.0f);
inline constexpr glm::vec4 kSelectedJointColor(1.0f, 0.8f, 0.0f, 1.0f);
inline constexpr glm::vec4 kBoundsColor(0.3f, 1.0f, 0.3f, 1.0f);
inline constexpr glm::vec4 kSelectedBoundsColor(1.0f, 0.8f, 0.0f, 1.0f);
inline constexpr glm::vec4 kLightColor(1.0f, 0.75f, 0.1f, 1.0f);
inline constexpr glm::vec4 kCameraColor(0.8f, 0.8f, 0.8f, 1.0f);

// At most this many vertices get normal and tangent lines (2M-triangle assets stay
// responsive): beyond, every k-th vertex (scene::vertexFrames).
inline constexpr uint64_t kMaxNormalVertices = 200000;

// Lengths relative to the diagonal of the shown scene's bounds.
inline constexpr float kNormalLength = 0.02f;
inline constexpr float kJointSize = 0.04f;
inline constexpr float kGizmoSize = 0.1f;

struct OverlayLines {
  std::vector<renderer::LineVertex> depthTested;  // normals, tangents, bounds, gizmos
  std::vector<renderer::LineVertex> onTop;        // skeletons
  // Normals: the vertices shown and their total (fewer past kMaxNormalVertices).
  uint64_t normalVertices = 0, totalVertices = 0;
};

// Rebuilds `out` for scene `sceneIndex` of `scene` as posed now, from what `look` shows:
// showNormals (the drawn vertices' normals, and tangents where TANGENT is given), showSkeleton
// (every skin of the scene: bones and joints, `selected` highlighted when it is a joint),
// showBounds (each drawn mesh node's box; the selected node's in its own colour), showGizmos
// (every light and camera of the scene; `aspect`: the viewport's, for cameras without one).
// With `shown` (Isolate's subtree), only what belongs to its nodes: their normals, boxes and
// gizmos, and the skeletons of their skins or of the skins they are joints of.
void buildOverlayLines(const CliOptions& look, const scene::Scene& scene, int sceneIndex,
                       std::optional<uint32_t> selected, float aspect, OverlayLines& out,
                       scene::NodeMask shown = nullptr);

// Points view.lines and view.linesOnTop at `lines` (which must outlive the frame's call).
void attachOverlayLines(const OverlayLines& lines, renderer::View& view);

}  // namespace vitrine::app
