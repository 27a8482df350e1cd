#include "graph_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "theme.h"

namespace vitrine::app {
namespace {

const ImVec4 kErrorColor(0.95f, 0.30f, 0.25f, 1.0f);
const ImVec4 kBudgetColor(0.95f, 0.55f, 0.15f, 1.0f);
const ImVec4 kSentColor(0.45f, 0.70f, 0.95f, 1.0f);
// The background of the rows of the nodes that ran in the last tick.
constexpr ImU32 kRanRowColor = IM_COL32(60, 90, 40, 160);

void copyText(std::array<char, 256>& field, const std::string& text) {
  const size_t n = std::min(text.size(), field.size() - 1);
  std::memcpy(field.data(), text.data(), n);
  field[n] = '\0';
}

const char* graphLabel(const GraphSession& graph, uint32_t k, char* buf, size_t size) {
  const interact::Interactivity& i = graph.document().interactivity;
  const bool refused = i.extensionError || k >= i.errors.size() || !i.errors[k].rule.empty();
  std::snprintf(buf, size, "Graph %u%s", k, refused ? " (refused)" : "");
  return buf;
}

// A variable's editor: an edit is a variable/set between ticks (Engine::setVariable).
bool editVariable(interact::Engine& engine, uint32_t index) {
  interact::Value v = engine.variables()[index];
  bool edited = false;
  ImGui::SetNextItemWidth(-1.0f);
  switch (v.type) {
    case interact::Type::Bool:
      edited = ImGui::Checkbox("##v", &v.b);
      break;
    case interact::Type::Int:
      edited = ImGui::DragInt("##v", &v.i);
      break;
    case interact::Type::Float:
      edited =
          ImGui::DragScalar("##v", ImGuiDataType_Double, &v.f[0], 0.01f, nullptr, nullptr, "%.6g");
      break;
    case interact::Type::Ref:
    case interact::Type::Custom:
    case interact::Type::Count:
      ImGui::TextUnformatted(interact::formatValue(v).c_str());
      break;
    default:
      edited = ImGui::InputScalarN("##v", ImGuiDataType_Double, v.f,
                                   int(interact::componentCount(v.type)), nullptr, nullptr, "%.6g",
                                   ImGuiInputTextFlags_EnterReturnsTrue);
      break;
  }
  return edited && engine.setVariable(index, v);
}

}  // namespace

bool GraphPanel::tabItem(const char* label, Tab tab) {
  const ImGuiTabItemFlags flags =
      requestedTab_ == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  return ImGui::BeginTabItem(label, nullptr, flags);
}

void GraphPanel::sync(const GraphSession& graph) {
  if (document_ == graph.document().serial && graph_ == graph.graphIndex() &&
      generation_ == graph.generation())
    return;
  const bool sameGraph = document_ == graph.document().serial && graph_ == graph.graphIndex();
  document_ = graph.document().serial;
  graph_ = graph.graphIndex();
  generation_ = graph.generation();
  activityTicks_ = UINT64_MAX;
  log_.invalidate();
  if (sameGraph) return;  // a reset: the forms and the node clicked still apply
  selectedNode_.reset();
  events_ = eventRows(graph);
  forms_.assign(events_.size(), {});
  for (size_t e = 0; e < events_.size(); ++e) {
    for (const EventValueField& f : events_[e].values) {
      forms_[e].fields.emplace_back();
      copyText(forms_[e].fields.back(), f.initial);
    }
  }
}

void GraphPanel::draw(Session& session, const PanelRect& rect) {
  if (rect.size.x <= 0.0f || rect.size.y <= 0.0f || !session.graph) return;
  GraphSession& graph = *session.graph;
  sync(graph);
  if (!beginDockedPanel("Graph", rect,
                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings |
                            ImGuiWindowFlags_NoBringToFrontOnFocus))
    return;
  drawTransport(session);
  sync(graph);  // the transport may have reset the graph or chosen another
  if (const interact::GraphError* refused = graph.refusal()) {
    drawRefusal(*refused);
  } else if (!graph.active()) {
    ImGui::TextDisabled("No graph runs: the asset is shown without its behaviour.");
  } else if (ImGui::BeginTabBar("graph tabs")) {
    if (tabItem("Log", Tab::Log)) {
      drawLog(graph);
      ImGui::EndTabItem();
    }
    if (tabItem("Variables", Tab::Variables)) {
      drawVariables(graph);
      ImGui::EndTabItem();
    }
    if (tabItem("Activity", Tab::Activity)) {
      drawActivity(graph);
      ImGui::EndTabItem();
    }
    if (tabItem("Events", Tab::Events)) {
      drawEvents(graph);
      ImGui::EndTabItem();
    }
    if (tabItem("Nodes", Tab::Nodes)) {
      drawNodes(graph);
      ImGui::EndTabItem();
    }
    requestedTab_.reset();
    ImGui::EndTabBar();
  }
  ImGui::End();
}

void GraphPanel::drawTransport(Session& session) {
  GraphSession& graph = *session.graph;
  const float playWidth = ImGui::CalcTextSize("Pause").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  ImGui::BeginDisabled(!graph.active());
  if (ImGui::Button(graph.running() ? "Pause###run" : "Run###run", ImVec2(playWidth, 0.0f)))
    graph.setRunning(!graph.running());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run / pause the graph (one tick a frame)");
  ImGui::SameLine();
  if (ImGui::Button("Step")) graph.step();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pause and run one tick (1/60 s later)");
  ImGui::SameLine();
  if (ImGui::Button("Reset")) graph.reset();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the state after loading; onStart again");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::Text("%.3f s  tick %llu", graph.time(), static_cast<unsigned long long>(graph.ticks()));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Time since start (the graph clock) and ticks run");
  ImGui::SameLine();
  char label[48];
  ImGui::SetNextItemWidth(150.0f * session.uiScale);
  if (ImGui::BeginCombo("##graph", graphLabel(graph, graph.graphIndex(), label, sizeof label))) {
    for (uint32_t k = 0; k < graph.graphCount(); ++k) {
      if (ImGui::Selectable(graphLabel(graph, k, label, sizeof label), k == graph.graphIndex()) &&
          k != graph.graphIndex())
        graph.choose(k);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button("Timeline")) {
    session.clipsInsteadOfGraph = true;
    graph.setRunning(false);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the clips on the timeline; pauses the graph");
  if (graph.active()) {
    ImGui::SameLine();
    ImGui::Text("%llu executions, %.2f ms", static_cast<unsigned long long>(graph.lastExecutions()),
                graph.lastTickMilliseconds());
    if (graph.budgetHit()) {
      ImGui::SameLine();
      ImGui::TextColored(kErrorColor, "per-tick budget hit: the tick's chain was cut");
    }
  }
}

void GraphPanel::drawRefusal(const interact::GraphError& error) {
  ImGui::TextColored(kErrorColor,
                     "The graph is refused: the asset is shown without its behaviour.");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("Rule: %s", error.rule.c_str());
  ImGui::Text("Where: %s", error.pointer.c_str());
  ImGui::Text("Section: %s (KHR_interactivity)", error.section.c_str());
  ImGui::PopTextWrapPos();
}

void GraphPanel::drawLog(GraphSession& graph) {
  LogFilter filter = log_.filter();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  if (ImGui::InputTextWithHint("##filter", "filter", logText_.data(), logText_.size()))
    filter.text = logText_.data();
  static const char* const kLabels[] = {"log", "event", "err", "budget"};
  for (int k = 0; k < 4; ++k) {
    ImGui::SameLine();
    ImGui::Checkbox(kLabels[k], &filter.kinds[k]);
  }
  ImGui::SameLine();
  ImGui::Checkbox("Auto-scroll", &autoScroll_);
  log_.setFilter(filter);
  log_.update(graph);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu lines", log_.size());
  if (graph.droppedLogLines() > 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("(%llu older dropped)",
                        static_cast<unsigned long long>(graph.droppedLogLines()));
  }
  ImGui::BeginChild("log lines", ImVec2(0.0f, 0.0f), true, ImGuiWindowFlags_HorizontalScrollbar);
  const bool atBottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f;
  ImGuiListClipper clipper;
  clipper.Begin(int(log_.size()));
  char tau[32];
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const interact::LogEntry& e = log_.row(graph, size_t(i));
      std::snprintf(tau, sizeof tau, "%.3f", e.time);
      const char* kind = logKindName(e.kind);
      switch (e.kind) {
        case interact::LogEntry::Error:
          ImGui::TextColored(kErrorColor, "%s %-6s %s", tau, kind, e.text.c_str());
          break;
        case interact::LogEntry::Budget:
          ImGui::TextColored(kBudgetColor, "%s %-6s %s", tau, kind, e.text.c_str());
          break;
        case interact::LogEntry::Sent:
          ImGui::TextColored(kSentColor, "%s %-6s %s", tau, kind, e.text.c_str());
          break;
        default:
          ImGui::Text("%s %-6s %s", tau, kind, e.text.c_str());
          break;
      }
    }
  }
  if (autoScroll_ && atBottom) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void GraphPanel::drawVariables(GraphSession& graph) {
  interact::Engine& engine = *graph.engine();
  const int count = int(engine.variables().size());
  if (count == 0) {
    ImGui::TextDisabled("The graph has no variables.");
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("variables", 4, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.0f);
  ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5.0f);
  ImGui::TableSetupColumn("Value (an edit is a variable/set)", ImGuiTableColumnFlags_WidthStretch,
                          3.0f);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(count);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const VariableRow r = variableRow(graph, uint32_t(i));
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", i);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.typeName.c_str());
      ImGui::TableNextColumn();
      if (editVariable(engine, uint32_t(i))) activityTicks_ = UINT64_MAX;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.value.c_str());
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

void GraphPanel::drawActivity(GraphSession& graph) {
  if (activityTicks_ != graph.ticks()) {
    activity_ = activityRows(graph);
    activityTicks_ = graph.ticks();
  }
  ImGui::BeginChild("activity", ImVec2(0.0f, 0.0f), false);
  const float column = ImGui::GetContentRegionAvail().x / 3.0f;
  ImGui::BeginGroup();
  ImGui::Text("Delays (%zu)", activity_.delays.size());
  ImGuiListClipper delays;
  delays.Begin(int(activity_.delays.size()));
  while (delays.Step()) {
    for (int i = delays.DisplayStart; i < delays.DisplayEnd; ++i) {
      const DelayRow& d = activity_.delays[size_t(i)];
      ImGui::Text("delay %u: node %u, due at %.3f s", d.serial, d.node, d.due);
    }
  }
  ImGui::EndGroup();
  ImGui::SameLine(column);
  ImGui::BeginGroup();
  ImGui::Text("Interpolations (%zu)", activity_.interpolations.size());
  for (size_t i = 0; i < activity_.interpolations.size() && i < 200; ++i) {
    const InterpolationRow& r = activity_.interpolations[i];
    ImGui::PushID(int(i));
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "%.0f%%", r.progress * 100.0);
    ImGui::ProgressBar(float(r.progress), ImVec2(column * 0.25f, 0.0f), overlay);
    ImGui::SameLine();
    ImGui::Text("%s -> %s (from %.3f s, %.3f s)", r.target.c_str(), r.to.c_str(), r.start,
                r.duration);
    ImGui::PopID();
  }
  ImGui::EndGroup();
  ImGui::SameLine(2.0f * column);
  ImGui::BeginGroup();
  ImGui::Text("Animations (%zu)", activity_.animations.size());
  for (size_t i = 0; i < activity_.animations.size() && i < 200; ++i) {
    const AnimationRow& a = activity_.animations[i];
    const char* name = a.name.empty() ? "" : a.name.c_str();
    if (std::isnan(a.playhead)) {
      ImGui::Text("%u %s: no keyframes, speed %.2f", a.animation, name, a.speed);
    } else {
      ImGui::Text("%u %s: playhead %.3f s, speed %.2f, stops at %.3f s", a.animation, name,
                  a.playhead, a.speed, a.stop);
    }
  }
  ImGui::EndGroup();
  ImGui::EndChild();
}

void GraphPanel::drawEvents(GraphSession& graph) {
  if (events_.empty()) {
    ImGui::TextDisabled("The graph declares no custom event.");
    return;
  }
  ImGui::BeginChild("events", ImVec2(0.0f, 0.0f), false);
  for (size_t e = 0; e < events_.size(); ++e) {
    const EventRow& row = events_[e];
    EventForm& form = forms_[e];
    ImGui::PushID(int(e));
    if (!row.external) {
      ImGui::TextDisabled("event %u: internal to the graph (no id)", row.index);
      ImGui::PopID();
      continue;
    }
    ImGui::Text("event %u \"%s\"", row.index, row.id.c_str());
    for (size_t v = 0; v < row.values.size(); ++v) {
      ImGui::SameLine();
      ImGui::PushID(int(v));
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
      ImGui::InputText(row.values[v].id.c_str(), form.fields[v].data(), form.fields[v].size());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.values[v].typeName.c_str());
      ImGui::PopID();
    }
    ImGui::SameLine();
    if (ImGui::Button("Send")) {
      std::vector<std::pair<std::string, interact::Value>> values;
      std::string error;
      for (size_t v = 0; v < row.values.size() && error.empty(); ++v) {
        const auto value =
            parseTypedValue(form.fields[v].data(), row.values[v].type, graph.host(), &error);
        if (value)
          values.emplace_back(row.values[v].id, *value);
        else
          error = row.values[v].id + ": " + error;
      }
      form.failed = !error.empty() || !graph.sendEvent(row.id, values, &error);
      form.message = form.failed ? error : "sent; received at the next tick";
    }
    if (!form.message.empty()) {
      ImGui::SameLine();
      if (form.failed)
        ImGui::TextColored(kErrorColor, "%s", form.message.c_str());
      else
        ImGui::TextDisabled("%s", form.message.c_str());
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

void GraphPanel::drawNodes(GraphSession& graph) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  if (ImGui::InputTextWithHint("##search", "search by operation", nodeSearch_.data(),
                               nodeSearch_.size()))
    nodes_.setSearch(nodeSearch_.data());
  nodes_.update(graph);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu of %zu nodes; green: ran in the last tick; red: took `err`",
                      nodes_.nodes().size(), graph.engine()->graph().nodes.size());
  const float listWidth = selectedNode_ ? ImGui::GetContentRegionAvail().x * 0.6f : 0.0f;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable;
  if (ImGui::BeginTable("nodes", 5, flags, ImVec2(listWidth, 0.0f))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, em * 3.0f);
    ImGui::TableSetupColumn("Operation", ImGuiTableColumnFlags_WidthFixed, em * 9.0f);
    ImGui::TableSetupColumn("Configuration", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Runs", ImGuiTableColumnFlags_WidthFixed, em * 4.0f);
    ImGui::TableSetupColumn("Outputs at its last run", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableHeadersRow();
    const std::vector<uint32_t>& shown = nodes_.nodes();
    ImGuiListClipper clipper;
    clipper.Begin(int(shown.size()));
    char index[16];
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const NodeRow r = nodeRow(graph, shown[size_t(i)]);
        ImGui::TableNextRow();
        if (r.ranLastTick) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kRanRowColor);
        if (r.erred) ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::TableNextColumn();
        std::snprintf(index, sizeof index, "%u", r.index);
        if (ImGui::Selectable(index, selectedNode_ == r.index, ImGuiSelectableFlags_SpanAllColumns))
          selectedNode_ = selectedNode_ == r.index ? std::nullopt : std::optional(r.index);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.operation.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.configuration.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(r.runs));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.outputs.c_str());
        if (r.erred) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  if (selectedNode_ && *selectedNode_ < graph.engine()->graph().nodes.size()) {
    ImGui::SameLine();
    drawNodeDetail(graph, *selectedNode_);
  }
}

void GraphPanel::drawNodeDetail(const GraphSession& graph, uint32_t node) {
  const NodeDetail d = nodeDetail(graph, node);
  ImGui::BeginChild("node detail", ImVec2(0.0f, 0.0f), true);
  if (d.row.erred) {
    ImGui::TextColored(kErrorColor, "node %u  %s  (took `err`)", node, d.row.operation.c_str());
  } else {
    ImGui::Text("node %u  %s", node, d.row.operation.c_str());
  }
  ImGui::TextDisabled("ran %llu times%s", static_cast<unsigned long long>(d.row.runs),
                      d.row.ranLastTick ? ", in the last tick" : "");
  if (!d.row.configuration.empty()) ImGui::TextWrapped("%s", d.row.configuration.c_str());
  ImGui::Separator();
  ImGui::TextUnformatted(d.inputs.empty() ? "No inputs" : "Inputs");
  for (const SocketRow& s : d.inputs) {
    ImGui::BulletText("%s (%s) = %s  from %s", s.name.c_str(), s.type.c_str(), s.value.c_str(),
                      s.source.c_str());
  }
  ImGui::TextUnformatted(d.outputs.empty() ? "No outputs" : "Outputs at its last run");
  for (const SocketRow& s : d.outputs) {
    ImGui::BulletText("%s (%s) = %s", s.name.c_str(), s.type.c_str(), s.value.c_str());
  }
  ImGui::EndChild();
}

}  // namespace vitrine::app
