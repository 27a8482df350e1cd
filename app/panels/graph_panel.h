// The behaviour graph's panel (issue 34 §1, §3), docked where the timeline otherwise is
// (Layout::timeline) while the asset has KHR_interactivity and the timeline is not asked for
// instead: the transport (Run / Pause, Step, Reset, τ, the ticks, the graph chooser, back to
// the timeline, the last tick's cost), then tabs: the log (filtered), the variables (editable),
// the delays, interpolations and animations in flight, the custom events with a form to send
// one, and the nodes with what each did. A refused graph shows why instead.
//
// What it shows comes from graph_panel_model.h; each frame builds only the visible rows (a list
// clipper), so a graph of 10,000 nodes or 10,000 log lines stays responsive (bench/RESULTS.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph_panel_model.h"
#include "layout.h"
#include "session.h"

namespace vitrine::app {

class GraphPanel {
 public:
  enum class Tab { Log, Variables, Activity, Events, Nodes };

  // Draws the panel in `rect` (ImGui display coordinates) for session.graph, which must be
  // non-null; call between ImGui::NewFrame and ImGui::Render. The viewer draws it instead of
  // the timeline when session.graph->present() && !session.clipsInsteadOfGraph.
  void draw(Session& session, const PanelRect& rect);
  // Opens `tab` at the next draw (the user's clicks choose it otherwise).
  void showTab(Tab tab) { requestedTab_ = tab; }

 private:
  struct EventForm {
    std::vector<std::array<char, 256>> fields;  // one per value, prefilled with its initial
    std::string message;                        // the last send's outcome
    bool failed = false;
  };

  void drawTransport(Session& session);
  void drawRefusal(const interact::GraphError& error);
  void drawLog(GraphSession& graph);
  void drawVariables(GraphSession& graph);
  void drawActivity(GraphSession& graph);
  void drawEvents(GraphSession& graph);
  void drawNodes(GraphSession& graph);
  void drawNodeDetail(const GraphSession& graph, uint32_t node);
  // Forgets what belongs to another document or graph (forms, the node clicked).
  void sync(const GraphSession& graph);
  bool tabItem(const char* label, Tab tab);

  std::optional<Tab> requestedTab_;
  uint64_t document_ = 0;  // Document::serial of what the state below belongs to
  uint32_t graph_ = 0;
  uint64_t generation_ = 0;  // GraphSession::generation(): a reset starts the state over

  LogView log_;
  std::array<char, 128> logText_{};
  bool autoScroll_ = true;

  NodeList nodes_;
  std::array<char, 128> nodeSearch_{};
  std::optional<uint32_t> selectedNode_;

  std::vector<EventRow> events_;
  std::vector<EventForm> forms_;

  ActivityRows activity_;  // as of activityTicks_ ticks
  uint64_t activityTicks_ = UINT64_MAX;
};

}  // namespace vitrine::app
