// Where the viewer's panels sit: a menu bar on top, the outliner on the left, the inspector on
// the right above the statistics, the timeline docked along the bottom, the 3D view behind
// them all (the Textures and UV windows float over it). One function
// so that the panels (each in its own file) never overlap and follow the UI scale.
#pragma once

#include <glm/glm.hpp>

namespace vitrine::app {

struct PanelRect {
  glm::vec2 pos{0.0f}, size{0.0f};  // in ImGui display coordinates (window pixels / scale)
};

struct PanelVisibility {
  bool outliner = true, inspector = true, timeline = true;
  // Below the inspector in the right column (the whole column without it): never over the
  // model, which the view frames in what the panels leave.
  bool statistics = true;
  bool textures = false, uv = false;  // floating windows over the view: no room of their own
};

struct Layout {
  float menuHeight = 0.0f;
  PanelRect outliner, inspector, statistics, timeline;
  PanelRect view;  // what the panels leave of the 3D view (for overlays such as the notes)
};

// `display`: ImGui's display size; `uiScale`: the window's content scale (1 at 96 dpi);
// `menuHeight`: the main menu bar's height this frame (0 when there is none). Hidden panels
// give their room to the view. `collapsedTimeline` > 0: the timeline is only that tall (its
// transport row, for an asset without animation), the rest goes to the view.
Layout computeLayout(glm::vec2 display, float uiScale, float menuHeight,
                     const PanelVisibility& visible, float collapsedTimeline = 0.0f);

}  // namespace vitrine::app
