// The graph panel's responsiveness (issue 34: "The panel stays responsive on a graph of 10,000
// nodes and on one that logs every tick"): one frame of the panel's ImGui build (NewFrame,
// GraphPanel::draw, Render; no renderer: the draw lists are built, not drawn) at 1280x720, the
// panel in the timeline's dock.
// - BM_GraphPanelNodes: a graph of 10,000 nodes (onTick, then 4,999 math/add and variable/set
//   pairs in a flow chain, and one more math/add) after 3 ticks, the Nodes tab open.
// - BM_GraphPanelLog: a graph whose onTick logs a line, after 10,000 ticks (the log full, at
//   GraphSession::kMaxLogLines), the Log tab open; each frame also runs a tick, which adds a
//   line and drops the oldest, as in the window.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include <imgui.h>
#include <nlohmann/json.hpp>

#include "document.h"
#include "graph_panel.h"
#include "graph_session.h"
#include "session.h"

namespace {

namespace app = vitrine::app;
using nlohmann::json;

json inlineValue(int type, const json& value) {
  return {{"type", type}, {"value", json::array({value})}};
}

// A glTF of one empty node whose KHR_interactivity graph is `graph`, written to a temporary
// file and loaded.
std::unique_ptr<app::Document> loadGraph(const json& graph, const std::string& stem) {
  json gltf = {{"asset", {{"version", "2.0"}}},
               {"scene", 0},
               {"scenes", json::array({{{"nodes", json::array({0})}}})},
               {"nodes", json::array({json::object()})},
               {"extensionsUsed", json::array({"KHR_interactivity"})},
               {"extensions", {{"KHR_interactivity", {{"graphs", json::array({graph})}}}}}};
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("vitrine-" + stem + ".gltf");
  std::ofstream(path) << gltf.dump();
  app::DocumentResult r = app::loadDocument(path.string());
  std::filesystem::remove(path);
  if (!r.document) throw std::runtime_error(r.error);
  return std::move(r.document);
}

// The document's graph, running; throws why it does not.
std::unique_ptr<app::GraphSession> startGraph(app::Document& document) {
  auto graph = std::make_unique<app::GraphSession>(document);
  if (!graph->active())
    throw std::runtime_error(graph->refusal() ? graph->refusal()->text() : "no graph");
  return graph;
}

// onTick, then (math/add of two constants, variable/set of its sum) pairs whose sets activate
// one another in a chain, padded to `nodes` with one unconnected math/add. (A chain of pure
// nodes alone would list each node's predecessors for it: quadratic, refused past 16M entries.)
json chainGraph(int nodes) {
  // types: 0 float. Declarations: 0 onTick, 1 math/add, 2 variable/set.
  json g = {
      {"types", json::array({{{"signature", "float"}}})},
      {"variables", json::array({inlineValue(0, 0.0)})},
      {"declarations",
       json::array({{{"op", "event/onTick"}}, {{"op", "math/add"}}, {{"op", "variable/set"}}})}};
  const json variables = {{"value", json::array({0})}};
  json list = json::array();
  json onTick = {{"declaration", 0}};
  onTick["flows"]["out"] = {{"node", 2}, {"socket", "in"}};
  list.push_back(onTick);
  const int pairs = (nodes - 1) / 2;
  for (int k = 0; k < pairs; ++k) {
    const int add = 1 + 2 * k;
    json sum = {{"declaration", 1}};
    sum["values"]["a"] = inlineValue(0, double(k));
    sum["values"]["b"] = inlineValue(0, 1.0);
    list.push_back(sum);
    json set = {{"declaration", 2}};
    set["values"]["0"] = {{"node", add}, {"socket", "value"}};
    set["configuration"]["variables"] = variables;
    if (k + 1 < pairs) set["flows"]["out"] = {{"node", add + 3}, {"socket", "in"}};
    list.push_back(set);
  }
  while (int(list.size()) < nodes) {
    json sum = {{"declaration", 1}};
    sum["values"]["a"] = inlineValue(0, 1.0);
    sum["values"]["b"] = inlineValue(0, 2.0);
    list.push_back(sum);
  }
  g["nodes"] = list;
  return g;
}

json loggingGraph() {
  const json t = {{"node", 0}, {"socket", "timeSinceStart"}};
  const json onTick = {{"declaration", 0}, {"flows", {{"out", {{"node", 1}, {"socket", "in"}}}}}};
  const json config = {{"severity", {{"value", json::array({0})}}},
                       {"message", {{"value", json::array({"tick at {t} s"})}}}};
  const json log = {{"declaration", 1}, {"values", {{"t", t}}}, {"configuration", config}};
  return {{"types", json::array({{{"signature", "float"}}})},
          {"declarations", json::array({{{"op", "event/onTick"}}, {{"op", "debug/log"}}})},
          {"nodes", json::array({onTick, log})}};
}

// An ImGui context without a renderer, at 1280x720, its font atlas built.
struct ImGuiFrame {
  ImGuiFrame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280.0f, 720.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~ImGuiFrame() { ImGui::DestroyContext(); }
  // One frame of the panel in the timeline's dock.
  void draw(app::GraphPanel& panel, app::Session& session) {
    ImGui::NewFrame();
    panel.draw(session, app::PanelRect{{0.0f, 440.0f}, {1280.0f, 280.0f}});
    ImGui::Render();
  }
};

void BM_GraphPanelNodes(benchmark::State& state) {
  app::Session session;
  session.document = loadGraph(chainGraph(10000), "graph-panel-nodes");
  session.graph = startGraph(*session.document);
  for (int k = 0; k < 3; ++k) session.graph->frame(1.0 / 60.0);
  ImGuiFrame frame;
  app::GraphPanel panel;
  panel.showTab(app::GraphPanel::Tab::Nodes);
  for (int k = 0; k < 3; ++k) frame.draw(panel, session);  // the tab open, the table sized
  for (auto _ : state) frame.draw(panel, session);
  state.counters["nodes"] = double(session.graph->engine()->graph().nodes.size());
  state.counters["vertices"] = double(ImGui::GetDrawData()->TotalVtxCount);
}
BENCHMARK(BM_GraphPanelNodes)->Unit(benchmark::kMillisecond);

void BM_GraphPanelLog(benchmark::State& state) {
  app::Session session;
  session.document = loadGraph(loggingGraph(), "graph-panel-log");
  session.graph = startGraph(*session.document);
  for (int k = 0; k < 10000; ++k) session.graph->frame(1.0 / 60.0);
  ImGuiFrame frame;
  app::GraphPanel panel;
  panel.showTab(app::GraphPanel::Tab::Log);
  for (int k = 0; k < 3; ++k) frame.draw(panel, session);
  for (auto _ : state) {
    session.graph->frame(1.0 / 60.0);
    frame.draw(panel, session);
  }
  state.counters["lines"] = double(session.graph->log().size());
  state.counters["vertices"] = double(ImGui::GetDrawData()->TotalVtxCount);
}
BENCHMARK(BM_GraphPanelLog)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
