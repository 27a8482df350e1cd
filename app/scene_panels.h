// The "Scene and inspectors" part of the viewer's UI in one object the Viewer owns: the
// outliner (left), the inspector with its camera and lighting sections (right), the statistics
// overlay (top-right of the view) and the selection highlight.
#pragma once

#include <cstdint>
#include <vector>

#include "inspector_panel.h"
#include "layout.h"
#include "outliner_panel.h"
#include "renderer.h"
#include "session.h"
#include "stats_overlay.h"

namespace vitrine::app {

class ScenePanels {
 public:
  // Builds the panels (between ImGui::NewFrame and Render), before the frame's animation so
  // that edits join its dirty set. times: the statistics overlay's smoothed frame times.
  void draw(const Layout& layout, Session& session, renderer::Renderer& renderer,
            const FrameTimes& times);
  // The selected node's bounding box over the view, after the frame's animation (current
  // world matrices) with the View about to be drawn.
  void drawSelection(const Session& session, const renderer::View& view);
  const OutlinerPanel& outliner() const { return outliner_; }
  const InspectorPanel& inspector() const { return inspector_; }

 private:
  OutlinerPanel outliner_;
  InspectorPanel inspector_;
  uint64_t documentSerial_ = 0;  // the Document::serial boundPerClip_ was counted for
  std::vector<uint32_t> boundPerClip_;
};

}  // namespace vitrine::app
