// The selected node's highlight: its world-space bounding box, projected with the frame's View
// (the window draws it: panels/selection_draw.h; the batch overlays read the same bounds). Also
// the bounds the outliner's "frame" request fits the orbit camera to.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// World-space bounds of the node's mesh as drawn (scene::extendByMeshNode: the corners of its
// primitives' mesh-space bounds through Scene::world, and for skinned and morphed ones their
// deformed vertices in the current pose), and with `subtree` of every mesh below it. Empty
// when there is no mesh.
scene::Bounds nodeBounds(const scene::Scene& scene, uint32_t node, bool subtree);

// What the highlight outlines for `node`: its mesh's bounds, else (a group, a camera or light
// with children) the bounds of the meshes below it; empty when there is no mesh at or below it
// (the caller marks its position instead).
scene::Bounds selectionBounds(const scene::Scene& scene, uint32_t node);

// `p` (world) in display coordinates (x right, y down) through view.projection * view.view;
// empty when it is behind the eye.
std::optional<glm::vec2> projectPoint(const renderer::View& view, glm::vec3 p, glm::vec2 display);

// The 12 edges of `bounds` in display coordinates (x right, y down, 0..display), through
// view.projection * view.view (OpenGL clip space). Each edge is clipped to the part in front
// of the camera (w > near epsilon); edges wholly behind it are left out.
std::vector<std::pair<glm::vec2, glm::vec2>> projectBoxEdges(const renderer::View& view,
                                                             const scene::Bounds& bounds,
                                                             glm::vec2 display);

}  // namespace vitrine::app
