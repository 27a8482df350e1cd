// The selected node's highlight drawn over the 3D view, as lines on ImGui's background draw
// list (under the panels, over the scene), from the bounds and projection of
// common/selection_overlay.h.
#pragma once

#include <glm/glm.hpp>

#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// Draws the selected node's box (session state read by the caller) with ImGui, between
// NewFrame and Render. Nothing when bounds are empty.
void drawSelectionBox(const renderer::View& view, const scene::Bounds& bounds);
// A node with nothing to outline: a small diamond at its world position `at`.
void drawSelectionMarker(const renderer::View& view, glm::vec3 at);

}  // namespace vitrine::app
