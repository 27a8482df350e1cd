// `vitrine FILE --interact` (issue 33 §6), end to end: a behaviour graph run headless on the
// graph clock, its state read back with --query POINTER@t, its --log lines, the refusals and
// exit statuses, and what --render shows of the state it leaves at --time. Every expected value
// is worked out from KHR_interactivity and the issue's rules: onStart at τ = 0, then tick k at
// τ_k = k / N; a query reports the state after the last tick with τ_k <= t.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/batch/graph_json.h"
#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using namespace interact_cli;

// Node 0 a quad (its own red material, material 0), node 1 an empty node the graphs write to.
AssetBuilder quadAndMarker() {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1})), b.addNode({{"name", "Marker"}})});
  return b;
}

// pointer/set of `pointer` (a float3) to an inline value.
int setFloat3(GraphJson& g, const std::string& pointer, const json& value,
              const json& flows = json::object()) {
  return g.node("pointer/set", {{"value", g.lit("float3", value)}}, flows,
                {{"pointer", pointer}, {"type", g.type("float3")}});
}

// onTick counts the ticks in /nodes/1/translation x, writes timeSinceStart into
// /nodes/0/translation x, and [timeSinceLastTick, ∞, -∞] into /nodes/0/scale.
std::string tickCounter(const std::string& stem) {
  GraphJson g;
  const int f3 = g.type("float3");
  g.node("pointer/get", {}, {}, {{"pointer", "/nodes/1/translation"}, {"type", f3}});  // 0
  g.node("math/add", {{"a", from(0)}, {"b", g.lit("float3", {1, 0, 0})}});             // 1
  g.node("event/onTick", {}, {{"out", to(4)}});                                        // 2
  g.node("math/combine3", {{"a", from(2, "timeSinceStart")},                           // 3
                           {"b", g.lit("float", 0)},
                           {"c", g.lit("float", 0)}});
  g.node("pointer/set", {{"value", from(1)}}, {{"out", to(5)}},  // 4
         {{"pointer", "/nodes/1/translation"}, {"type", f3}});
  g.node("pointer/set", {{"value", from(3)}}, {{"out", to(9)}},  // 5
         {{"pointer", "/nodes/0/translation"}, {"type", f3}});
  g.node("math/Inf");                    // 6
  g.node("math/neg", {{"a", from(6)}});  // 7
  g.node("math/combine3",                // 8
         {{"a", from(2, "timeSinceLastTick")}, {"b", from(6)}, {"c", from(7)}});
  g.node("pointer/set", {{"value", from(8)}}, {},  // 9
         {{"pointer", "/nodes/0/scale"}, {"type", f3}});
  AssetBuilder b = quadAndMarker();
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteract, OnStartSetsATranslationSeenAtEveryTime) {
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  setFloat3(g, "/nodes/0/translation", {1, 2, 3});
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-onstart");
  // onStart runs at τ = 0, before tick 0: the query at 0 sees it, as does the bare one at T.
  ProcessResult r = interact(file, {"--time", "0.5", "--query", "/nodes/0/translation@0", "--query",
                                    "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "/nodes/0/translation@0 = [1.0,2.0,3.0]\n"
            "/nodes/0/translation@0.5 = [1.0,2.0,3.0]\n");
  // Without --interact the graph does not run: the file's value.
  r = runVitrine({file, "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "[0.0,0.0,0.0]\n");
}

TEST(CliInteract, OnTickCountsTicksOfTheChosenRate) {
  const std::string file = tickCounter("interact-ticks");
  // --tick 1/10, T = 0.55, the last query at 1: ticks at 0, 0.1, ..., 1.0. At t the count is
  // the number of k with k/10 <= t; timeSinceStart is the last such k/10.
  const ProcessResult r =
      interact(file, {"--tick", "1/10", "--time", "0.55", "--query", "/nodes/1/translation@0",
                      "--query", "/nodes/1/translation@0.25", "--query", "/nodes/1/translation",
                      "--query", "/nodes/1/translation@1", "--query", "/nodes/0/translation@0.25",
                      "--query", "/nodes/0/translation", "--query", "/nodes/0/translation@1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/1/translation@0 = [1.0,0.0,0.0]\n"
            "/nodes/1/translation@0.25 = [3.0,0.0,0.0]\n"
            "/nodes/1/translation@0.55 = [6.0,0.0,0.0]\n"
            "/nodes/1/translation@1 = [11.0,0.0,0.0]\n"
            "/nodes/0/translation@0.25 = [0.2,0.0,0.0]\n"
            "/nodes/0/translation@0.55 = [0.5,0.0,0.0]\n"
            "/nodes/0/translation@1 = [1.0,0.0,0.0]\n");
}

TEST(CliInteract, NaNAndInfinitiesPrintAsStrings) {
  // "On Tick": on the first tick timeSinceLastTick remains NaN; then it is 0.1 at 1/10.
  const std::string file = tickCounter("interact-nan");
  const ProcessResult r = interact(
      file, {"--tick", "1/10", "--query", "/nodes/0/scale@0", "--query", "/nodes/0/scale@0.25"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/0/scale@0 = [\"NaN\",\"Infinity\",\"-Infinity\"]\n"
            "/nodes/0/scale@0.25 = [0.1,\"Infinity\",\"-Infinity\"]\n");
}

TEST(CliInteract, TickTimesAreKOverNNotSums) {
  const std::string file = tickCounter("interact-exact-ticks");
  // Default 1/60, T = 0.7: 42/60 is the double nearest 0.7, so tick 42 runs (43 ticks) and
  // the time it reports is 0.7; at 0.69 the last tick is 41 (42 ticks).
  ProcessResult r =
      interact(file, {"--time", "0.7", "--query", "/nodes/1/translation", "--query",
                      "/nodes/1/translation@0.69", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/1/translation@0.7 = [43.0,0.0,0.0]\n"
            "/nodes/1/translation@0.69 = [42.0,0.0,0.0]\n"
            "/nodes/0/translation@0.7 = [0.7,0.0,0.0]\n");
  // 1/10, T = 0.3: 3/10 is the double 0.3 (0.1 + 0.1 + 0.1 is above it): 4 ticks.
  r = interact(file, {"--tick", "1/10", "--time", "0.3", "--query", "/nodes/1/translation",
                      "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/1/translation@0.3 = [4.0,0.0,0.0]\n"
            "/nodes/0/translation@0.3 = [0.3,0.0,0.0]\n");
}

TEST(CliInteract, DelayFiresAtTheFirstTickAtOrAfterItsTime) {
  // onStart schedules a delay of 0.3 s (a double: 0.3 exactly as 18/60 is); its `done` moves
  // node 0 and logs.
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("flow/setDelay", {{"duration", g.lit("float", 0.3)}}, {{"done", to(2)}});
  setFloat3(g, "/nodes/0/translation", {1, 0, 0}, {{"out", to(3)}});
  logLine(g, "delay done");
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-delay");
  // 1/60: tick 18 at 0.3 is the first at or after 0.3; at 0.29 the last tick is 17.
  ProcessResult r =
      interact(file, {"--time", "0.5", "--log", "--query", "/nodes/0/translation@0.29", "--query",
                      "/nodes/0/translation@0.3"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0.3 log: delay done\n"
            "/nodes/0/translation@0.29 = [0.0,0.0,0.0]\n"
            "/nodes/0/translation@0.3 = [1.0,0.0,0.0]\n");
  // 1/4: ticks at 0.25 (before the delay's time) and 0.5 (the first after it).
  r = interact(file, {"--tick", "1/4", "--time", "0.5", "--log", "--query",
                      "/nodes/0/translation@0.25", "--query", "/nodes/0/translation@0.5"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0.5 log: delay done\n"
            "/nodes/0/translation@0.25 = [0.0,0.0,0.0]\n"
            "/nodes/0/translation@0.5 = [1.0,0.0,0.0]\n");
}

TEST(CliInteract, PointerInterpolateFollowsItsEasing) {
  // At τ = 0 both translations start from [0, 0, 0] towards [4, 0, 0] over 1 s. Node 0 eases
  // with p1 = (0, 0), p2 = (1, 1): x(u) = y(u), so the progress q is t itself. Node 1 with
  // p1 = (0, 1), p2 = (1, 1): at t = 0.5, x(u) = 3u^2 - 2u^3 = 0.5 gives u = 0.5 and
  // q = y(0.5) = 3/8 + 3/8 + 1/8 = 0.875, so 3.5. At t >= 1 the target, and `done`.
  GraphJson g;
  const int f3 = g.type("float3");
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("pointer/interpolate",
         {{"value", g.lit("float3", {4, 0, 0})},
          {"duration", g.lit("float", 1)},
          {"p1", g.lit("float2", {0, 0})},
          {"p2", g.lit("float2", {1, 1})}},
         {{"out", to(2)}, {"done", to(3)}}, {{"pointer", "/nodes/0/translation"}, {"type", f3}});
  g.node("pointer/interpolate",
         {{"value", g.lit("float3", {4, 0, 0})},
          {"duration", g.lit("float", 1)},
          {"p1", g.lit("float2", {0, 1})},
          {"p2", g.lit("float2", {1, 1})}},
         {}, {{"pointer", "/nodes/1/translation"}, {"type", f3}});
  logLine(g, "arrived");
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-interpolate");
  const ProcessResult r = interact(
      file, {"--tick", "1/4", "--time", "1.5", "--log", "--query", "/nodes/0/translation@0",
             "--query", "/nodes/0/translation@0.25", "--query", "/nodes/0/translation@0.5",
             "--query", "/nodes/0/translation@0.75", "--query", "/nodes/0/translation@1", "--query",
             "/nodes/1/translation@0.5", "--query", "/nodes/1/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@1 log: arrived\n"
            "/nodes/0/translation@0 = [0.0,0.0,0.0]\n"
            "/nodes/0/translation@0.25 = [1.0,0.0,0.0]\n"
            "/nodes/0/translation@0.5 = [2.0,0.0,0.0]\n"
            "/nodes/0/translation@0.75 = [3.0,0.0,0.0]\n"
            "/nodes/0/translation@1 = [4.0,0.0,0.0]\n"
            "/nodes/1/translation@0.5 = [3.5,0.0,0.0]\n"
            "/nodes/1/translation@1.5 = [4.0,0.0,0.0]\n");
}

// Node 0's clip "Slide": translation [1, 0, 0] at 0 to [3, 0, 0] at 1 (LINEAR); the node's own
// translation is [0, 0, 0]. onStart waits 0.5 s, then (`startClip`) starts the clip from 0 to 1
// at speed 1, or only logs.
std::string slideAsset(const std::string& stem, bool startClip) {
  AssetBuilder b = quadAndMarker();
  const int times = b.addFloats({0, 1}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0};
  b.json()["accessors"][times]["max"] = {1};
  const int values = b.addVec3({{1, 0, 0}, {3, 0, 0}});
  b.json()["animations"].push_back(
      {{"name", "Slide"},
       {"samplers", {{{"input", times}, {"output", values}, {"interpolation", "LINEAR"}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}});
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("flow/setDelay", {{"duration", g.lit("float", 0.5)}}, {{"done", to(2)}});
  if (startClip) {
    g.node("animation/start", {{"animation", g.lit("ref", "/animations/0")},
                               {"startTime", g.lit("float", 0)},
                               {"endTime", g.lit("float", 1)},
                               {"speed", g.lit("float", 1)}});
  } else {
    logLine(g, "not started");
  }
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteract, AnimationStartPlaysTheClipFromItsStart) {
  // Started at τ = 0.5 (step 3 of that tick), applied in step 4 at τ - 0.5: at 0.5 the clip's
  // time 0, at 0.75 its time 0.25 ([1.5, 0, 0]); from 1.5 on its end time 1, and it stops.
  const std::string file = slideAsset("interact-anim-start", true);
  const std::string playing = "/animations/0/extensions/KHR_interactivity/isPlaying";
  const ProcessResult r = interact(file, {"--tick",  "1/4",
                                          "--time",  "2",
                                          "--query", "/nodes/0/translation@0.25",
                                          "--query", "/nodes/0/translation@0.5",
                                          "--query", "/nodes/0/translation@0.75",
                                          "--query", "/nodes/0/translation@1.5",
                                          "--query", "/nodes/0/translation",
                                          "--query", playing + "@0.25",
                                          "--query", playing + "@0.75",
                                          "--query", playing});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/0/translation@0.25 = [0.0,0.0,0.0]\n"
            "/nodes/0/translation@0.5 = [1.0,0.0,0.0]\n"
            "/nodes/0/translation@0.75 = [1.5,0.0,0.0]\n"
            "/nodes/0/translation@1.5 = [3.0,0.0,0.0]\n"
            "/nodes/0/translation@2 = [3.0,0.0,0.0]\n" +
                playing + "@0.25 = false\n" + playing + "@0.75 = true\n" + playing +
                "@2 = false\n");
}

TEST(CliInteract, AClipTheGraphDoesNotStartNeverPlays) {
  const std::string file = slideAsset("interact-anim-idle", false);
  ProcessResult r =
      interact(file, {"--tick", "1/4", "--time", "2", "--query", "/nodes/0/translation@0.75",
                      "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/0/translation@0.75 = [0.0,0.0,0.0]\n"
            "/nodes/0/translation@2 = [0.0,0.0,0.0]\n");
  // The clip exists and binds: without --interact, --time samples it (1 + 2 * 0.75).
  r = runVitrine({file, "--time", "0.75", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "[2.5,0.0,0.0]\n");
}

TEST(CliInteract, LogPrintsLogLinesSentEventsAndErrorsBeforeTheQueries) {
  // onStart logs "start 3", sends the custom event "ping" {k: 5}, then asks for a negative
  // delay (its `err`). The event is received at tick 0 ("sent during onStart": step 1) and
  // logs "got 5".
  GraphJson g;
  g.events.push_back({{"id", "ping"}, {"values", {{"k", {{"type", g.type("int")}}}}}});
  g.node("event/onStart", {}, {{"out", to(2)}});                                     // 0
  g.node("event/receive", {}, {{"out", to(5)}}, {{"event", 0}});                     // 1
  logLine(g, "start {n}", {{"n", g.lit("int", 3)}}, {{"out", to(3)}});               // 2
  g.node("event/send", {{"k", g.lit("int", 5)}}, {{"out", to(4)}}, {{"event", 0}});  // 3
  g.node("flow/setDelay", {{"duration", g.lit("float", -1)}});                       // 4
  logLine(g, "got {k}", {{"k", from(1, "k")}});                                      // 5
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-log");
  ProcessResult r = interact(file, {"--time", "0", "--log", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 5u) << r.out;
  EXPECT_EQ(out[0], "@0 log: start 3");
  EXPECT_EQ(out[1].rfind("@0 event: ", 0), 0u) << out[1];
  EXPECT_NE(out[1].find("\"ping\""), std::string::npos) << out[1];
  EXPECT_NE(out[1].find('5'), std::string::npos) << out[1];
  EXPECT_EQ(out[2].rfind("@0 err: node 4 (flow/setDelay): ", 0), 0u) << out[2];
  EXPECT_GT(out[2].size(), std::string("@0 err: node 4 (flow/setDelay): ").size());
  EXPECT_EQ(out[3], "@0 log: got 5");
  EXPECT_EQ(out[4], "/nodes/0/translation@0 = [0.0,0.0,0.0]");
  // Without --log, the queries alone.
  r = interact(file, {"--time", "0", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "/nodes/0/translation@0 = [0.0,0.0,0.0]\n");
}

// A graph "Variables" refuses: variable 0's type index 5 is not below the graph's 1 type.
json refusedGraph() {
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  setFloat3(g, "/nodes/0/translation", {9, 9, 9});
  json j = g.toJson();
  j["variables"] = {{{"type", 5}}};
  return j;
}

// Node 0 at [1, 2, 3]; node 1 with the clip "Move": translation [0, 0, 0] at 0 to [2, 0, 0]
// at 1 (LINEAR).
AssetBuilder plainAsset() {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.addScene({b.addMeshNode(quad, {1, 2, 3}), b.addMeshNode(quad)});
  const int times = b.addFloats({0, 1}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0};
  b.json()["accessors"][times]["max"] = {1};
  const int values = b.addVec3({{0, 0, 0}, {2, 0, 0}});
  b.json()["animations"].push_back(
      {{"name", "Move"},
       {"samplers", {{{"input", times}, {"output", values}, {"interpolation", "LINEAR"}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "translation"}}}}}}});
  return b;
}

const std::string kRefusal =
    "/extensions/KHR_interactivity/graphs/0/variables/0/type: the type index 5 is not less than "
    "the 1 types of the graph (KHR_interactivity, \"Variables\")";

TEST(CliInteract, ARefusedGraphLeavesThePlainAssetWithExitThree) {
  AssetBuilder b = plainAsset();
  const std::string file = withGraphs(b, json::array({refusedGraph()}), "interact-refused");
  const ProcessResult r =
      interact(file, {"--time", "1", "--query", "/nodes/0/translation", "--query",
                      "/nodes/1/translation@0.5", "--query", "/nodes/1/translation"});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.err,
            "vitrine: warning: " + file + ": " + kRefusal + "; the asset has no behaviour\n");
  // The plain asset: node 0 as the file has it (the graph never ran), node 1 on its clip at
  // each query's time, as --time samples it without --interact.
  EXPECT_EQ(r.out,
            "/nodes/0/translation@1 = [1.0,2.0,3.0]\n"
            "/nodes/1/translation@0.5 = [1.0,0.0,0.0]\n"
            "/nodes/1/translation@1 = [2.0,0.0,0.0]\n");
}

TEST(CliInteract, ARefusedRequiredGraphRefusesTheAsset) {
  AssetBuilder b = plainAsset();
  const std::string file =
      withGraphs(b, json::array({refusedGraph()}), "interact-refused-required", true);
  const std::string why = "vitrine: " + file + ": " + kRefusal +
                          "; KHR_interactivity is required, so the asset cannot be shown\n";
  ProcessResult r = interact(file, {"--time", "1", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, why);
  EXPECT_EQ(r.out, "");
  r = runVitrine({file, "--query", "/nodes/0/translation"});  // nor shown without --interact
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, why);
}

TEST(CliInteract, GraphChoosesWhichGraphRuns) {
  // Graph 0 (the default) sets [1, 1, 1], graph 1 [2, 2, 2]; graph 2 is refused.
  json graphs = json::array();
  for (int k = 1; k <= 2; ++k) {
    GraphJson g;
    g.node("event/onStart", {}, {{"out", to(1)}});
    setFloat3(g, "/nodes/0/translation", {k, k, k});
    graphs.push_back(g.toJson());
  }
  graphs.push_back(refusedGraph());
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, graphs, "interact-graphs");
  const std::vector<std::string> query = {"--query", "/nodes/0/translation"};
  ProcessResult r = interact(file, query);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "/nodes/0/translation@0 = [1.0,1.0,1.0]\n");
  r = interact(file, {"--graph", "1", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "/nodes/0/translation@0 = [2.0,2.0,2.0]\n");
  // A refused graph that is not the default: only the run that chooses it warns.
  r = interact(file, {"--graph", "2", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 3);
  std::string refusal = kRefusal;
  refusal.replace(refusal.find("graphs/0"), 8, "graphs/2");
  EXPECT_EQ(r.err, "vitrine: warning: " + file + ": " + refusal + "; graph 2 has no behaviour\n");
  EXPECT_EQ(r.out, "/nodes/0/translation@0 = [0.0,0.0,0.0]\n");
  r = interact(file, {"--graph", "3", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file + ": --graph 3: the asset has 3 graphs\n");
  EXPECT_EQ(r.out, "");
}

TEST(CliInteract, ARefusedGraphZeroLeavesTheOtherGraphsUsable) {
  // No `graph` property: graph 0 is only the default selection, so its refusal leaves the
  // asset without behaviour but does not reject the extension ("Extension Object Validation").
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  setFloat3(g, "/nodes/0/translation", {2, 2, 2});
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({refusedGraph(), g.toJson()}), "interact-g0");
  ProcessResult r = interact(file, {"--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 3);
  r = interact(file, {"--graph", "1", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "/nodes/0/translation@0 = [2.0,2.0,2.0]\n");
}

TEST(CliInteract, UsageErrorsExitTwo) {
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  setFloat3(g, "/nodes/0/translation", {1, 2, 3});
  AssetBuilder b = quadAndMarker();
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-usage");
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const Case cases[] = {
      {{file, "--interact", "--animation", "all", "--query", "/nodes/0/translation"},
       "vitrine: --interact: the graph plays the animations: no --animation\n"},
      {{file, "--select", "0@0", "--query", "/nodes/0/translation"},
       "vitrine: --select needs --interact\n"},
      {{file, "--log", "--query", "/nodes/0/translation"}, "vitrine: --log needs --interact\n"},
      {{file, "--interact", "--time", "-1"},
       "vitrine: --interact: the graph starts at 0: no --time below it\n"},
      {{file, "--interact", "--tick", "1/0"},
       "vitrine: --tick 1/0: expected 1/N with N a whole number of ticks a second (1 to "
       "100000)\n"},
      {{file, "--interact", "--tick", "60"},
       "vitrine: --tick 60: expected 1/N with N a whole number of ticks a second (1 to "
       "100000)\n"},
      {{file, "--interact", "--graph", "-1"},
       "vitrine: --graph -1: expected a graph index (0, 1, ...)\n"},
      {{file, "--interact", "--frames", "-1:1:10", "--out", scratchPath("frames")},
       "vitrine: --interact: the graph starts at 0: --frames cannot start before it\n"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = runVitrine(c.args);
    EXPECT_EQ(r.status, 2) << c.args[1] << " " << c.args[2];
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
  }
  // An unknown pointer: named before anything runs.
  ProcessResult r = interact(file, {"--query", "/nodes/9/translation@0.5"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + file + ": /nodes/9/translation: ", 0), 0u) << r.err;
  EXPECT_EQ(r.out, "");
  // An asset without KHR_interactivity.
  AssetBuilder plain = quadAndMarker();
  const std::string none = plain.writeGltf("interact-none");
  r = interact(none, {"--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + none + ": --interact: the asset has no KHR_interactivity graph\n");
  EXPECT_EQ(r.out, "");
}

TEST(CliInteract, RenderShowsTheStateTheGraphLeftAtTime) {
  // An unlit quad filling camera 0's view; the graph turns its red base colour blue at
  // τ = 0.5 (a delay from onStart).
  AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})});
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("flow/setDelay", {{"duration", g.lit("float", 0.5)}}, {{"done", to(2)}});
  g.node("pointer/set", {{"value", g.lit("float4", {0, 0, 1, 1})}}, {},
         {{"pointer", "/materials/0/pbrMetallicRoughness/baseColorFactor"},
          {"type", g.type("float4")}});
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-render");
  const std::string colour = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  struct Instant {
    const char* time;
    glm::vec3 expected;
  };
  for (const Instant& at : {Instant{"1", {0, 0, 1}}, Instant{"0.25", {1, 0, 0}}}) {
    const std::string out = scratchPath("interact-render.png");
    // run_vitrine sets VITRINE_VALIDATION=1: a validation message would make the status 3.
    const ProcessResult r =
        interact(file, {"--time", at.time, "--camera", "0", "--render", out, "--size", "32x32",
                        "--tonemap", "none", "--query", colour});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, colour + "@" + at.time + " = [" + (at.expected.r > 0 ? "1.0" : "0.0") +
                         ",0.0," + (at.expected.b > 0 ? "1.0" : "0.0") + ",1.0]\n");
    const Png png = readPng(out);
    ASSERT_EQ(png.width, 32);
    const uint8_t* p = png.at(16, 16);
    for (int k = 0; k < 3; ++k)
      EXPECT_NEAR(p[k], srgb8(at.expected[k]), 1) << "t=" << at.time << " channel " << k;
  }
  // --render shows --time: a query after it would need the run to go on past it.
  const ProcessResult r = interact(
      file,
      {"--time", "0.25", "--render", scratchPath("interact-late.png"), "--query", colour + "@1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "vitrine: --render shows the scene at --time 0.25: no input or query may come later "
            "(the latest is at 1)\n");
}

TEST(CliInteract, FramesShowTheGraphsStateAtEachInstant) {
  // The same quad and graph: frames at 0, 0.5 and 1 s (--frames 0:1:2) run the graph up to
  // each instant, so the first frame is red and the two after the delay's tick (30 / 60 = 0.5)
  // blue, uploaded as the graph changed them.
  AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})});
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("flow/setDelay", {{"duration", g.lit("float", 0.5)}}, {{"done", to(2)}});
  g.node("pointer/set", {{"value", g.lit("float4", {0, 0, 1, 1})}}, {},
         {{"pointer", "/materials/0/pbrMetallicRoughness/baseColorFactor"},
          {"type", g.type("float4")}});
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-frames");
  const std::string dir = scratchPath("interact-frames");
  const ProcessResult r = interact(file, {"--frames", "0:1:2", "--out", dir, "--camera", "0",
                                          "--size", "32x32", "--tonemap", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  const glm::vec3 expected[] = {{1, 0, 0}, {0, 0, 1}, {0, 0, 1}};
  for (int f = 0; f < 3; ++f) {
    const Png png = readPng(dir + "/frame_000" + std::to_string(f + 1) + ".png");
    ASSERT_EQ(png.width, 32);
    const uint8_t* p = png.at(16, 16);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(p[k], srgb8(expected[f][k]), 1) << "frame " << f + 1;
  }
}

}  // namespace
}  // namespace vitrine::test
