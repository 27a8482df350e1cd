// `vitrine FILE --interact` on what the engine tests prove on a fake host, here end to end:
// the order of a tick (interact/engine.h, docs/interactivity.md), event/stopPropagation in a
// select's bubbling, and animations on the infinite timeline. Expected values are worked from
// KHR_interactivity and the tick order Vitrine states.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/batch/graph_json.h"
#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using namespace interact_cli;

// Node 0 a quad with the clip "Slide" (translation [0, 0, 0] at 0 to [2, 0, 0] at T = 2,
// LINEAR); node 1 an empty node.
AssetBuilder slideAsset() {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1})), b.addNode({{"name", "Marker"}})});
  const int times = b.addFloats({0, 2}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0};
  b.json()["accessors"][times]["max"] = {2};
  const int values = b.addVec3({{0, 0, 0}, {2, 0, 0}});
  b.json()["animations"].push_back(
      {{"name", "Slide"},
       {"samplers", {{{"input", times}, {"output", values}, {"interpolation", "LINEAR"}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}});
  return b;
}

TEST(CliInteractOrder, ATickRunsItsStepsInTheStatedOrder) {
  // onStart sends the internal event E, schedules a zero delay, starts Slide with start =
  // end = 0, a zero-length pointer interpolation and a zero-length variable interpolation;
  // --event X@0 arrives from outside. Tick 0 then runs: (1) E's receiver, (2) X's, (3) the
  // delay's done, (4) the animation's done, (5) the pointer interpolation's done, then the
  // variable interpolation's, (6) onTick.
  AssetBuilder b = slideAsset();
  GraphJson g;
  g.events = {json::object(), {{"id", "X"}}};
  g.variables = {{{"type", g.type("float")}, {"value", {0}}}};
  const json p0 = g.lit("float2", {0, 0}), p1 = g.lit("float2", {1, 1});
  g.node("event/onStart", {}, {{"out", to(1)}});  // 0
  g.node("flow/sequence", {},                     // 1
         {{"a", to(2)}, {"b", to(3)}, {"c", to(4)}, {"d", to(5)}, {"e", to(6)}});
  g.node("event/send", {}, {}, {{"event", 0}});                                    // 2
  g.node("flow/setDelay", {{"duration", g.lit("float", 0)}}, {{"done", to(10)}});  // 3
  g.node("animation/start",
         {{"animation", g.lit("ref", "/animations/0")},  // 4
          {"startTime", g.lit("float", 0)},
          {"endTime", g.lit("float", 0)},
          {"speed", g.lit("float", 1)}},
         {{"done", to(11)}});
  g.node("pointer/interpolate",  // 5
         {{"value", g.lit("float3", {1, 1, 1})},
          {"duration", g.lit("float", 0)},
          {"p1", p0},
          {"p2", p1}},
         {{"done", to(12)}}, {{"pointer", "/nodes/1/translation"}, {"type", g.type("float3")}});
  g.node("variable/interpolate",  // 6
         {{"value", g.lit("float", 1)}, {"duration", g.lit("float", 0)}, {"p1", p0}, {"p2", p1}},
         {{"done", to(13)}}, {{"variable", 0}, {"useSlerp", false}});
  g.node("event/receive", {}, {{"out", to(14)}}, {{"event", 0}});  // 7
  g.node("event/receive", {}, {{"out", to(15)}}, {{"event", 1}});  // 8
  g.node("event/onTick", {}, {{"out", to(16)}});                   // 9
  logLine(g, "3 delay");                                           // 10
  logLine(g, "4 animation");                                       // 11
  logLine(g, "5 pointer interpolation");                           // 12
  logLine(g, "5 variable interpolation");                          // 13
  logLine(g, "1 sent event");                                      // 14
  logLine(g, "2 outside event");                                   // 15
  logLine(g, "6 tick");                                            // 16
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-order");
  const ProcessResult r = interact(file, {"--event", "X@0", "--log"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string logs;
  for (const std::string& line : lines(r.out)) {
    if (line.starts_with("@0 log: ")) logs += line.substr(8) + "\n";
  }
  EXPECT_EQ(logs,
            "1 sent event\n2 outside event\n3 delay\n4 animation\n5 pointer interpolation\n"
            "5 variable interpolation\n6 tick\n");
}

// The handlers of a select on node `child` (a quad) and its parent: `stopAt` 0 stops nothing,
// 1 has the child's first handler stop the propagation (stopImmediate false), 2 stop it
// immediately (stopImmediate true). The child has two handlers, the parent one.
std::string propagationAsset(const std::string& stem, int stop) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.addNode({{"name", "Parent"}, {"children", {1}}});
  b.addNode({{"name", "Child"}, {"mesh", quad}});
  b.addScene({0});
  b.json()["extensionsUsed"].push_back("KHR_node_selectability");
  GraphJson g;
  const auto handler = [&](int node, const json& flows) {
    const json outputs = {{"selectedNode", {{"type", g.type("ref")}}},
                          {"controllerIndex", {{"type", g.type("int")}}},
                          {"selectionPoint", {{"type", g.type("float3")}}},
                          {"selectionRayOrigin", {{"type", g.type("float3")}}},
                          {"event", {{"type", g.type("ref")}}}};
    return g.declared({{"op", "event/onSelect"},
                       {"extension", "KHR_node_selectability"},
                       {"outputValueSockets", outputs}},
                      json::object(), flows, {{"nodeIndex", node}});
  };
  handler(1, {{"out", to(3)}});  // 0: the child's first
  handler(1, {{"out", to(5)}});  // 1: the child's second
  handler(0, {{"out", to(6)}});  // 2: the parent's
  // 3: with stop 0 the stopPropagation node is never reached.
  logLine(g, "child first", json::object(), stop > 0 ? json{{"out", to(4)}} : json::object());
  g.node("event/stopPropagation",  // 4
         {{"stopImmediate", g.lit("bool", stop == 2)}, {"event", from(0, "event")}});
  logLine(g, "child second");  // 5
  logLine(g, "parent");        // 6
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteractOrder, StopPropagationEndsTheBubblingOrTheEventItself) {
  // KHR_node_selectability: the hit node's handlers in JSON order, then its ancestors'.
  // "Stop Propagation": stopImmediate false cancels the transitive activations (the parent);
  // true also the handlers of the same event not yet activated (the child's second).
  const std::string expected[] = {"child first\nchild second\nparent\n",
                                  "child first\nchild second\n", "child first\n"};
  for (int stop = 0; stop < 3; ++stop) {
    const std::string file = propagationAsset("interact-stop-" + std::to_string(stop), stop);
    const ProcessResult r = interact(file, {"--select", "Child@0", "--log"});
    ASSERT_EQ(r.status, 0) << r.err;
    std::string logs;
    for (const std::string& line : lines(r.out)) {
      if (line.starts_with("@0 log: ")) logs += line.substr(8) + "\n";
    }
    EXPECT_EQ(logs, expected[stop]) << "stop " << stop;
  }
}

TEST(CliInteractOrder, AnimationsLoopOnTheInfiniteTimeline) {
  // animation/start of Slide (T = 2) from 1 to +Infinity at speed 2 at τ = 0: the requested
  // time r = 1 + 2τ, the effective t = r - s T with s = ceil((r - T) / T) ("Animation Start"):
  // τ = 0.25: r = 1.5, t = 1.5 -> x = 1.5; τ = 0.5: r = 2 = T maps to the end, t = 2 -> x = 2;
  // τ = 1: r = 3, s = 1, t = 1 -> x = 1; τ = 1.75: r = 4.5, s = 2, t = 0.5 -> x = 0.5.
  AssetBuilder b = slideAsset();
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(2)}});
  g.node("math/Inf");
  g.node("animation/start", {{"animation", g.lit("ref", "/animations/0")},
                             {"startTime", g.lit("float", 1)},
                             {"endTime", from(1)},
                             {"speed", g.lit("float", 2)}});
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-loop");
  const std::string x = "/nodes/0/translation",
                    head = "/animations/0/extensions/KHR_interactivity/";
  const ProcessResult r = interact(
      file, {"--tick", "1/4", "--query", x + "@0.25", "--query", x + "@0.5", "--query", x + "@1",
             "--query", x + "@1.75", "--query", head + "playhead@1.75", "--query",
             head + "virtualPlayhead@1.75", "--query", head + "isPlaying@1.75"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, x + "@0.25 = [1.5,0.0,0.0]\n" + x + "@0.5 = [2.0,0.0,0.0]\n" + x +
                       "@1 = [1.0,0.0,0.0]\n" + x + "@1.75 = [0.5,0.0,0.0]\n" + head +
                       "playhead@1.75 = 0.5\n" + head + "virtualPlayhead@1.75 = 4.5\n" + head +
                       "isPlaying@1.75 = true\n");
}

}  // namespace
}  // namespace vitrine::test
