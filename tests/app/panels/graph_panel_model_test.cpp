// The graph panel's text (graph_panel_model.h, issue 34 §3) on real loaded assets: the log and
// its filter, the variables, the delays and interpolations in flight, the declared events and
// the values typed for them, the node list and a node's detail. And what the issue requires:
// the log, the variables and the node list show what `vitrine --interact --log --query`
// reports for the same asset at the same τ.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/batch/graph_json.h"
#include "asset_builder.h"
#include "document.h"
#include "graph_panel_model.h"
#include "graph_session.h"
#include "run_vitrine.h"

namespace vitrine::app {
namespace {

using nlohmann::json;
using namespace test::interact_cli;

// Node 0 a quad, node 1 an empty "Marker" the graph writes to.
test::AssetBuilder quadAndMarker() {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1})), b.addNode({{"name", "Marker"}})});
  return b;
}

// onStart logs "start", sends "ping" {k: 5} (received at tick 0: "got 5"), asks for a negative
// delay (node 5's `err`), schedules a 10 s delay and interpolates variable 1 to [1, 2, 3] over
// 2 s. Each tick counts in variable 0 ("count"), logs "count C at T" and writes
// [count, 0, timeSinceStart] (node 9) into /nodes/1/translation.
std::string counterAsset(const std::string& stem) {
  GraphJson g;
  const int i32 = g.type("int"), f3 = g.type("float3");
  g.variables.push_back({{"type", i32}, {"value", {0}}, {"name", "count"}});
  g.variables.push_back({{"type", f3}, {"value", {0.5, 0, 0}}});
  g.events.push_back({{"id", "ping"}, {"values", {{"k", {{"type", i32}, {"value", {7}}}}}}});
  g.node("event/onStart", {}, {{"out", to(2)}});                                     // 0
  g.node("event/receive", {}, {{"out", to(13)}}, {{"event", 0}});                    // 1
  logLine(g, "start", {}, {{"out", to(3)}});                                         // 2
  g.node("event/send", {{"k", g.lit("int", 5)}}, {{"out", to(4)}}, {{"event", 0}});  // 3
  g.node("flow/sequence", {}, {{"a", to(5)}, {"b", to(6)}, {"c", to(12)}});          // 4
  g.node("flow/setDelay", {{"duration", g.lit("float", -1)}});                       // 5
  g.node("flow/setDelay", {{"duration", g.lit("float", 10)}});                       // 6
  g.node("event/onTick", {}, {{"out", to(10)}});                                     // 7
  g.node("variable/get", {}, {}, {{"variable", 0}});                                 // 8
  g.node("math/add", {{"a", from(8)}, {"b", g.lit("int", 1)}});                      // 9 -> 14
  g.node("variable/set", {{"0", from(9)}}, {{"out", to(11)}},                        // 10
         {{"variables", json::array({0})}});
  logLine(g, "count {c} at {t}", {{"c", from(8)}, {"t", from(7, "timeSinceStart")}},  // 11
          {{"out", to(16)}});
  g.node("variable/interpolate",  // 12
         {{"value", g.lit("float3", {1, 2, 3})},
          {"duration", g.lit("float", 2)},
          {"p1", g.lit("float2", {0, 0})},
          {"p2", g.lit("float2", {1, 1})}},
         {}, {{"variable", 1}, {"useSlerp", false}});
  logLine(g, "got {k}", {{"k", from(1, "k")}});  // 13
  g.node("type/intToFloat", {{"a", from(8)}});   // 14
  g.node("math/combine3",                        // 15
         {{"a", from(14)}, {"b", g.lit("float", 0)}, {"c", from(7, "timeSinceStart")}});
  g.node("pointer/set", {{"value", from(15)}}, {},  // 16
         {{"pointer", "/nodes/1/translation"}, {"type", f3}});
  test::AssetBuilder b = quadAndMarker();
  return withGraphs(b, json::array({g.toJson()}), stem);
}

std::unique_ptr<Document> load(const std::string& file) {
  DocumentResult r = loadDocument(file);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// Runs `ticks` frames of `seconds` each, the first at τ = 0.
void run(GraphSession& graph, int ticks, double seconds) {
  for (int k = 0; k < ticks; ++k) graph.frame(seconds);
}

std::vector<std::string> logLines(const GraphSession& graph) {
  std::vector<std::string> out;
  for (const interact::LogEntry& e : graph.log()) out.push_back(logLineText(e));
  return out;
}

TEST(GraphPanelModel, LogLinesPrintAsTheCommandLinePrintsThem) {
  auto doc = load(counterAsset("panel-log"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  ASSERT_TRUE(graph.active());
  run(graph, 3, 0.25);
  const std::vector<std::string> lines = logLines(graph);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "@0 log: start");
  EXPECT_EQ(lines[1], "@0 event: event \"ping\" {\"k\": 5}");
  EXPECT_EQ(lines[2].rfind("@0 err: node 5 (flow/setDelay): ", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3], "@0 log: got 5");
  EXPECT_EQ(lines[4], "@0 log: count 1 at 0.0");
  EXPECT_EQ(lines[5], "@0.25 log: count 2 at 0.25");
  EXPECT_EQ(lines[6], "@0.5 log: count 3 at 0.5");
  EXPECT_EQ(graph.log()[4].node, 11u);
}

TEST(GraphPanelModel, LogFilterBySubstringAndKindFollowsTheLogAndItsReset) {
  auto doc = load(counterAsset("panel-log-filter"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 3, 0.25);
  LogView view;
  view.update(graph);
  EXPECT_EQ(view.size(), 7u);
  LogFilter f;
  f.text = "COUNT";  // case-insensitive
  view.setFilter(f);
  view.update(graph);
  ASSERT_EQ(view.size(), 3u);
  EXPECT_EQ(logLineText(view.row(graph, 2)), "@0.5 log: count 3 at 0.5");
  // New lines are added without a rescan, and only those that match.
  run(graph, 2, 0.25);
  view.update(graph);
  ASSERT_EQ(view.size(), 5u);
  EXPECT_EQ(view.row(graph, 4).text, "count 5 at 1.0");
  // By kind: the errors alone.
  f = LogFilter{};
  f.kinds[interact::LogEntry::Log] = false;
  f.kinds[interact::LogEntry::Sent] = false;
  view.setFilter(f);
  view.update(graph);
  ASSERT_EQ(view.size(), 1u);
  EXPECT_EQ(view.row(graph, 0).kind, interact::LogEntry::Error);
  EXPECT_EQ(std::string(logKindName(view.row(graph, 0).kind)), "err");
  // Reset clears the log: the view follows without being told.
  f = LogFilter{};
  view.setFilter(f);
  view.update(graph);
  EXPECT_EQ(view.size(), 9u);
  graph.reset();
  view.update(graph);
  EXPECT_EQ(view.size(), 3u);  // onStart's lines: start, ping, err (tick 0 not run yet)
  EXPECT_EQ(logLineText(view.row(graph, 0)), "@0 log: start");
  // A reset the view did not see, then more ticks and lines than before it: still noticed
  // (GraphSession::generation), the rows are the new log's.
  f.text = "count";
  view.setFilter(f);
  run(graph, 4, 0.25);
  view.update(graph);
  ASSERT_EQ(view.size(), 4u);
  graph.reset();
  std::string error;
  ASSERT_TRUE(graph.sendEvent("ping", {}, &error)) << error;  // a "got 7" line moves the rest
  run(graph, 8, 0.25);
  view.update(graph);
  ASSERT_EQ(view.size(), 8u);  // a count line a tick
  EXPECT_EQ(logLineText(view.row(graph, 0)), "@0 log: count 1 at 0.0");
  EXPECT_EQ(logLineText(view.row(graph, 7)), "@1.75 log: count 8 at 1.75");
}

TEST(GraphPanelModel, VariablesShowNameTypeAndLiveValueAndTakeEdits) {
  auto doc = load(counterAsset("panel-variables"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 5, 0.25);  // τ = 1
  const std::vector<VariableRow> rows = variableRows(graph);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "count");
  EXPECT_EQ(rows[0].typeName, "int");
  EXPECT_EQ(rows[0].value, "5");
  EXPECT_EQ(rows[1].name, "");  // "Variables": no name needed
  EXPECT_EQ(rows[1].typeName, "float3");
  // Interpolated from [0.5, 0, 0] to [1, 2, 3] over 2 s, linearly: half way at τ = 1.
  EXPECT_EQ(rows[1].value, "[0.75,1.0,1.5]");
  // An edit is a variable/set: the next tick counts on from it.
  ASSERT_TRUE(graph.engine()->setVariable(0, interact::makeInt(40)));
  EXPECT_EQ(variableRow(graph, 0).value, "40");
  EXPECT_FALSE(graph.engine()->setVariable(0, interact::makeFloat(1)));  // another type
  graph.frame(0.25);
  EXPECT_EQ(variableRow(graph, 0).value, "41");
}

TEST(GraphPanelModel, ActivityShowsDelaysAndInterpolationsWithTheirProgress) {
  auto doc = load(counterAsset("panel-activity"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 3, 0.25);  // τ = 0.5
  const ActivityRows a = activityRows(graph);
  ASSERT_EQ(a.delays.size(), 1u);  // the negative one took `err`
  EXPECT_EQ(a.delays[0].node, 6u);
  EXPECT_EQ(a.delays[0].due, 10.0);
  ASSERT_EQ(a.interpolations.size(), 1u);
  const InterpolationRow& i = a.interpolations[0];
  EXPECT_FALSE(i.pointer);
  EXPECT_EQ(i.target, "variable 1");
  EXPECT_EQ(i.node, 12u);
  EXPECT_EQ(i.start, 0.0);
  EXPECT_EQ(i.duration, 2.0);
  EXPECT_EQ(i.to, "[1.0,2.0,3.0]");
  EXPECT_EQ(i.progress, 0.25);
  EXPECT_TRUE(a.animations.empty());
  // Past its duration the interpolation is over.
  run(graph, 8, 0.25);  // τ = 2.5
  EXPECT_TRUE(activityRows(graph).interpolations.empty());
}

TEST(GraphPanelModel, EventsAndTypedValuesForTheirForm) {
  auto doc = load(counterAsset("panel-events"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  const std::vector<EventRow> events = eventRows(graph);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_TRUE(events[0].external);
  EXPECT_EQ(events[0].id, "ping");
  ASSERT_EQ(events[0].values.size(), 1u);
  EXPECT_EQ(events[0].values[0].id, "k");
  EXPECT_EQ(events[0].values[0].typeName, "int");
  EXPECT_EQ(events[0].values[0].initial, "7");

  std::string error;
  auto v = parseTypedValue("1, 2.5, -3", interact::Type::Float3, graph.host(), &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(interact::formatValue(*v), "[1.0,2.5,-3.0]");
  v = parseTypedValue(" [4,5,6] ", interact::Type::Float3, graph.host(), &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(v->f[2], 6.0);
  v = parseTypedValue("true", interact::Type::Bool, graph.host(), &error);
  ASSERT_TRUE(v && v->b);
  v = parseTypedValue("/nodes/1", interact::Type::Ref, graph.host(), &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(interact::formatValue(*v), "\"/nodes/1\"");
  EXPECT_FALSE(parseTypedValue("1, 2", interact::Type::Float3, graph.host(), &error));
  EXPECT_EQ(error, "a float3 value has 3 elements, not 2");
  EXPECT_FALSE(parseTypedValue("2.5", interact::Type::Int, graph.host(), &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(parseTypedValue("[1,", interact::Type::Int, graph.host(), &error));
  EXPECT_EQ(error, "\"[1,\" is not an int value");

  // Sent from the form: received at the next tick.
  v = parseTypedValue("9", interact::Type::Int, graph.host(), &error);
  ASSERT_TRUE(v);
  ASSERT_TRUE(graph.sendEvent("ping", {{"k", *v}}, &error)) << error;
  EXPECT_FALSE(graph.sendEvent("pong", {}, &error));
  graph.frame(0.25);
  // Step 1 runs the event onStart sent, step 2 the one from the form (issue 33's tick order).
  const std::vector<std::string> lines = logLines(graph);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[3], "@0 log: got 5");
  EXPECT_EQ(lines[4], "@0 event: event \"ping\" received from outside");
  EXPECT_EQ(lines[5], "@0 log: got 9");
  EXPECT_EQ(lines[6], "@0 log: count 1 at 0.0");
}

TEST(GraphPanelModel, NodeRowsAndDetailShowOperationsConfigurationRunsAndSources) {
  auto doc = load(counterAsset("panel-nodes"));
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 2, 0.25);  // τ = 0.25
  const NodeRow set = nodeRow(graph, 16);
  EXPECT_EQ(set.operation, "pointer/set");
  EXPECT_EQ(set.configuration, "{\"pointer\":\"/nodes/1/translation\",\"type\":1}");
  EXPECT_EQ(set.runs, 2u);
  EXPECT_TRUE(set.ranLastTick);
  EXPECT_FALSE(set.erred);
  EXPECT_EQ(set.outputs, "");
  const NodeRow start = nodeRow(graph, 0);
  EXPECT_EQ(start.runs, 1u);
  EXPECT_FALSE(start.ranLastTick);  // onStart ran before the ticks
  EXPECT_TRUE(nodeRow(graph, 5).erred);
  EXPECT_FALSE(nodeRow(graph, 6).erred);
  EXPECT_EQ(nodeRow(graph, 7).outputs.rfind(
                "timeSinceStart = 0.25, timeSinceLastTick = 0.25, event = ", 0),
            0u)
      << nodeRow(graph, 7).outputs;
  EXPECT_EQ(nodeRow(graph, 15).outputs, "value = [2.0,0.0,0.25]");
  EXPECT_EQ(nodeRow(graph, 11).configuration, "{\"message\":\"count {c} at {t}\",\"severity\":0}");

  const NodeDetail log = nodeDetail(graph, 11);
  ASSERT_EQ(log.inputs.size(), 2u);
  EXPECT_EQ(log.inputs[0].name, "c");
  EXPECT_EQ(log.inputs[0].source, "node 8 output 0 (value)");
  EXPECT_EQ(log.inputs[1].name, "t");
  EXPECT_EQ(log.inputs[1].source, "node 7 output 0 (timeSinceStart)");
  EXPECT_EQ(log.inputs[1].type, "float");
  EXPECT_EQ(log.inputs[1].value, "0.25");
  const NodeDetail add = nodeDetail(graph, 9);
  ASSERT_EQ(add.inputs.size(), 2u);
  EXPECT_EQ(add.inputs[1].name, "b");
  EXPECT_EQ(add.inputs[1].source, "constant");
  EXPECT_EQ(add.inputs[1].value, "1");
  ASSERT_EQ(add.outputs.size(), 1u);
  EXPECT_EQ(add.outputs[0].name, "value");
  EXPECT_EQ(add.outputs[0].value, "2");
  const NodeDetail vset = nodeDetail(graph, 10);
  ASSERT_EQ(vset.inputs.size(), 1u);
  EXPECT_EQ(vset.inputs[0].name, "0");
  const NodeDetail interp = nodeDetail(graph, 12);
  ASSERT_EQ(interp.inputs.size(), 4u);
  EXPECT_EQ(interp.inputs[0].name, "value");
  EXPECT_EQ(interp.inputs[3].name, "p2");
  EXPECT_EQ(nodeDetail(graph, 3).inputs[0].name, "k");
  EXPECT_EQ(nodeDetail(graph, 1).outputs[0].name, "k");
  EXPECT_EQ(nodeDetail(graph, 1).outputs[1].name, "event");

  NodeList list;
  list.setSearch("VARIABLE/");
  list.update(graph);
  EXPECT_EQ(list.nodes(), (std::vector<uint32_t>{8, 10, 12}));
  list.setSearch("");
  list.update(graph);
  EXPECT_EQ(list.nodes().size(), 17u);
}

// The check: at --tick 1/4 the command line ticks at k/4, exact doubles, so the
// window's frames of 0.25 s land on the same τ: the panel's log lines are the --log lines, and
// the variable and the node that the graph copies into /nodes/1/translation hold the value
// --query reports.
TEST(GraphPanelModel, ShowsWhatTheCommandLineReportsAtTheSameTau) {
  const std::string file = counterAsset("panel-vs-cli");
  const test::ProcessResult r = test::interact_cli::interact(
      file, {"--tick", "1/4", "--time", "1", "--log", "--query", "/nodes/1/translation"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> cli = lines(r.out);
  ASSERT_EQ(cli.size(), 10u) << r.out;
  const std::string query = cli.back();
  cli.pop_back();
  auto doc = load(file);
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 5, 0.25);
  EXPECT_EQ(graph.time(), 1.0);
  EXPECT_EQ(logLines(graph), cli);
  const std::string prefix = "/nodes/1/translation@1 = ";
  ASSERT_EQ(query.rfind(prefix, 0), 0u) << query;
  const json translation = json::parse(query.substr(prefix.size()));
  EXPECT_EQ(translation, json::parse("[5.0,0.0,1.0]"));
  EXPECT_EQ(json::parse(variableRow(graph, 0).value), translation[0]);
  const NodeRow combine = nodeRow(graph, 15);
  ASSERT_EQ(combine.outputs.rfind("value = ", 0), 0u) << combine.outputs;
  EXPECT_EQ(json::parse(combine.outputs.substr(8)), translation);
  EXPECT_EQ(combine.runs, 5u);
  EXPECT_TRUE(combine.ranLastTick);
}

// At the default 1/60 the command line computes τ_k = k / 60 while the window adds up its
// frame times: the same lines and values, the τ within rounding.
TEST(GraphPanelModel, AgreesWithTheCommandLineAtSixtyTicksASecond) {
  const std::string file = counterAsset("panel-vs-cli-60");
  const test::ProcessResult r = test::interact_cli::interact(
      file, {"--time", "0.5", "--log", "--query", "/nodes/1/translation"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> cli = lines(r.out);
  ASSERT_EQ(cli.size(), 4u + 31u + 1u) << r.out;  // onStart's and tick 0's, 31 counts, a query
  auto doc = load(file);
  ASSERT_TRUE(doc);
  GraphSession graph(*doc);
  run(graph, 31, 1.0 / 60.0);
  EXPECT_NEAR(graph.time(), 0.5, 1e-12);
  const std::vector<std::string> panel = logLines(graph);
  ASSERT_EQ(panel.size(), cli.size() - 1);
  for (size_t k = 0; k < panel.size(); ++k) {
    // "@τ kind: text": the kind and the text up to " at " agree; τ to rounding.
    const auto split = [](const std::string& line) {
      const size_t space = line.find(' ');
      return std::pair(std::stod(line.substr(1, space - 1)),
                       line.substr(space, line.find(" at ") - space));
    };
    const auto [tauPanel, textPanel] = split(panel[k]);
    const auto [tauCli, textCli] = split(cli[k]);
    EXPECT_NEAR(tauPanel, tauCli, 1e-12) << panel[k] << " / " << cli[k];
    EXPECT_EQ(textPanel, textCli);
  }
  EXPECT_EQ(cli.back(), "/nodes/1/translation@0.5 = [31.0,0.0,0.5]");
  EXPECT_EQ(variableRow(graph, 0).value, "31");
}

}  // namespace
}  // namespace vitrine::app
