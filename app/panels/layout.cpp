#include "layout.h"

#include <algorithm>

namespace vitrine::app {

Layout computeLayout(glm::vec2 display, float uiScale, float menuHeight,
                     const PanelVisibility& visible, float collapsedTimeline) {
  Layout l;
  l.menuHeight = menuHeight;
  // Side columns and the timeline keep a fixed size in points, but never take more than a
  // third of the window, so the model stays the largest thing on screen.
  const float side = std::min(280.0f * uiScale, display.x / 3.0f);
  const float full = std::min(230.0f * uiScale, (display.y - menuHeight) / 3.0f);
  const float bottom = collapsedTimeline > 0.0f ? std::min(collapsedTimeline, full) : full;
  const float timelineHeight = visible.timeline ? bottom : 0.0f;
  const float columnsTop = menuHeight;
  const float columnsHeight = std::max(display.y - menuHeight - timelineHeight, 0.0f);
  const float left = visible.outliner ? side : 0.0f;
  const float right = visible.inspector || visible.statistics ? side : 0.0f;
  // The statistics take the column's lower part: its totals and a few rows of its tables.
  const float statistics = !visible.statistics ? 0.0f
                           : visible.inspector ? std::min(300.0f * uiScale, columnsHeight * 0.45f)
                                               : columnsHeight;
  l.outliner = {{0.0f, columnsTop}, {left, columnsHeight}};
  l.inspector = {{display.x - right, columnsTop},
                 {visible.inspector ? right : 0.0f, columnsHeight - statistics}};
  l.statistics = {{display.x - right, columnsTop + columnsHeight - statistics},
                  {visible.statistics ? right : 0.0f, statistics}};
  l.timeline = {{0.0f, display.y - timelineHeight}, {display.x, timelineHeight}};
  l.view = {{left, columnsTop}, {std::max(display.x - left - right, 0.0f), columnsHeight}};
  return l;
}

}  // namespace vitrine::app
