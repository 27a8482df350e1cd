// The timeline docked along the bottom of the window (Layout::timeline), as in a DCC: the
// transport (start, frame back, play/pause, stop, frame forward, end, previous/next keyframe of
// the selected track), a ruler of frame numbers, the scrub bar with the current time, the duration,
// the in/out range and the keyframe ticks of the enabled animations, loop mode, speed and reverse,
// the frame rate; then the animation list (enable, solo, speed, loop mode, offset, duration,
// channels), the conflict warnings, and the dope sheet of the expanded animations (dope_sheet.h).
// Everything it changes goes through session.timeline (timeline.h).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "layout.h"
#include "session.h"

namespace vitrine::app {

// The scrub bar's background (sRGB): a colour nothing else on screen uses (the theme is blue,
// the model lit), so that a screenshot shows whether the timeline was drawn.
inline constexpr uint8_t kScrubBarRgb[3] = {36, 72, 76};  // a dark teal

class DopeSheet;

class TimelinePanel {
 public:
  TimelinePanel();
  ~TimelinePanel();

  // Draws the panel in `rect` (ImGui display coordinates); call between ImGui::NewFrame and
  // ImGui::Render.
  void draw(Session& session, const PanelRect& rect);

 private:
  void drawTransport(Session& session);
  // Frame numbers above the scrub bar's span [x0, x1], every rulerFrameStep() frames.
  void drawRuler(Session& session, float x0, float x1);
  // The in/out buttons, then the scrub bar across [x0, x1] (screen x) for [start, end].
  void drawScrubBar(Session& session, float x0, float x1);
  void drawModes(Session& session);
  void drawClipList(Session& session);
  void drawConflicts(Session& session);

  std::unique_ptr<DopeSheet> dopeSheet_;
  std::vector<uint8_t> columns_;  // tick scratch
};

}  // namespace vitrine::app
