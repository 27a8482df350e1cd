// The engine's events against KHR_interactivity, "Event Operations" ("On Start", "On Tick",
// "Stop Propagation", "Receive", "Send"), KHR_node_selectability and KHR_node_hoverability
// (bubbling from the hit node to the root), the order of a tick Vitrine chose (engine.h) and
// "Debug Operations" ("Log"), on a FakeHost. Every expected line is worked from the text (the
// comments say how), not printed from the engine.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

using Lines = std::vector<std::string>;

constexpr double kOrigin[3] = {1, 2, 3};
constexpr double kDown[3] = {0, 0, -1};

using Rig = EngineRig;

// --- On Start, Send, Receive ---

TEST(EngineEvents, OnStartRunsBeforeTickZeroInJsonOrder) {
  // "On Start": every onStart node, in JSON order, with the same event reference; "On Tick":
  // the first tick after them. tick() without start() starts the graph first.
  const char* graph = R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "debug/log"}, {"op": "event/onTick"}],
    "nodes": [
      {"declaration": 2, "flows": {"out": {"node": 4}}},
      {"declaration": 0, "flows": {"out": {"node": 3}}},
      {"declaration": 0, "flows": {"out": {"node": 5}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["start 1 {e}"]}},
       "values": {"e": {"node": 1, "socket": "event"}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["tick"]}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["start 2 {e}"]}},
       "values": {"e": {"node": 2, "socket": "event"}}}
    ]})json";
  Rig r;
  ASSERT_TRUE(r.load(graph));
  r.engine->start();
  Lines lines = r.lines();
  ASSERT_EQ(lines.size(), 2u);
  ASSERT_TRUE(lines[0].starts_with("start 1 ")) << lines[0];
  ASSERT_TRUE(lines[1].starts_with("start 2 ")) << lines[1];
  EXPECT_EQ(lines[0].substr(8), lines[1].substr(8));
  EXPECT_NE(lines[0].substr(8), "null");
  r.engine->tick(0);
  EXPECT_EQ(r.lines().size(), 3u);
  EXPECT_EQ(r.lines().back(), "tick");

  Rig implicit;
  ASSERT_TRUE(implicit.load(graph));
  implicit.engine->tick(0);
  lines = implicit.lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(lines[0].starts_with("start 1 "));
  EXPECT_TRUE(lines[1].starts_with("start 2 "));
  EXPECT_EQ(lines[2], "tick");
}

TEST(EngineEvents, SentEventsAreReceivedOnTheNextTickWithTheirValues) {
  // "Send"/"Receive": the receiver's outputs start as the initial or type-default values
  // (a 5, b NaN). The event sent at start (a 7, b 0.5) is received at tick 0 (Vitrine's step
  // 1: events sent during the previous tick or onStart); its handler sends a + 1, which waits
  // for the next tick: one reception per tick, 7, 8, 9.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}, {"signature": "float"}],
    "events": [{"values": {"a": {"type": 0, "value": [5]}, "b": {"type": 1}}}],
    "declarations": [{"op": "event/receive"}, {"op": "math/add"}, {"op": "event/onStart"},
                     {"op": "flow/sequence"}, {"op": "debug/log"}, {"op": "event/send"}],
    "nodes": [
      {"declaration": 0, "configuration": {"event": {"value": [0]}}, "flows": {"out": {"node": 4}}},
      {"declaration": 1, "values": {"a": {"node": 0, "socket": "a"}, "b": {"type": 0, "value": [1]}}},
      {"declaration": 2, "flows": {"out": {"node": 3}}},
      {"declaration": 3, "flows": {"a": {"node": 6}, "b": {"node": 7}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["recv {a} {b}"]}},
       "values": {"a": {"node": 0, "socket": "a"}, "b": {"node": 0, "socket": "b"}},
       "flows": {"out": {"node": 5}}},
      {"declaration": 5, "configuration": {"event": {"value": [0]}},
       "values": {"a": {"node": 1}, "b": {"node": 0, "socket": "b"}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["initial {a} {b}"]}},
       "values": {"a": {"node": 0, "socket": "a"}, "b": {"node": 0, "socket": "b"}}},
      {"declaration": 5, "configuration": {"event": {"value": [0]}},
       "values": {"a": {"type": 0, "value": [7]}, "b": {"type": 1, "value": [0.5]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.timed(), (Lines{R"(0 initial 5 "NaN")"}));
  for (double t : {0.0, 1.0, 2.0}) r.engine->tick(t);
  EXPECT_EQ(r.timed(),
            (Lines{R"(0 initial 5 "NaN")", "0 recv 7 0.5", "1 recv 8 0.5", "2 recv 9 0.5"}));
  int sent = 0;
  for (const LogEntry& e : r.engine->log()) sent += e.kind == LogEntry::Sent ? 1 : 0;
  EXPECT_EQ(sent, 4);  // at start and at each of the three ticks
}

TEST(EngineEvents, ExternalEventValuesNotSetTakeTheirInitialValues) {
  // "Receive", the example: values the environment does not set are reset to their initial
  // or type-default values at each activation: {x: 3} -> x 3, y 0 (int default); then {y: 4}
  // -> x back to its initial -1, y 4. An unknown id, value or type is refused.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "events": [{"id": "ext", "values": {"x": {"type": 0, "value": [-1]}, "y": {"type": 0}}}],
    "declarations": [{"op": "event/receive"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "configuration": {"event": {"value": [0]}}, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["ext {x} {y}"]}},
       "values": {"x": {"node": 0, "socket": "x"}, "y": {"node": 0, "socket": "y"}}}
    ]})json"));
  std::string error;
  ASSERT_TRUE(r.engine->sendEvent("ext", {{"x", makeInt(3)}}, &error)) << error;
  r.engine->tick(0);
  ASSERT_TRUE(r.engine->sendEvent("ext", {{"y", makeInt(4)}}, &error)) << error;
  r.engine->tick(1);
  EXPECT_EQ(r.timed(), (Lines{"0 ext 3 0", "1 ext -1 4"}));
  EXPECT_FALSE(r.engine->sendEvent("other", {}, &error));
  EXPECT_FALSE(r.engine->sendEvent("ext", {{"z", makeInt(1)}}, &error));
  EXPECT_FALSE(r.engine->sendEvent("ext", {{"x", makeFloat(1)}}, &error));
  r.engine->tick(2);
  EXPECT_EQ(r.lines().size(), 2u);  // nothing refused was delivered
}

// --- The order of a tick (engine.h) ---

TEST(EngineEvents, TickRunsItsStepsInVitrinesOrder) {
  // engine.h: 1 custom events sent before, 2 inputs in the order queued, 3 due delays, 4
  // animations, 5 pointer then variable interpolations, 6 onTick. onStart starts each (in
  // the reverse order, so that only the tick's order can sort them): a variable and a pointer
  // interpolation of 0 s (t = 0/0 = NaN at tick 0: "t is NaN" -> target and `done`), an
  // animation from 0 to 0 (update step 1: `done` at its first update), a 0 s delay and a
  // custom event. Before tick 0 an external event and a select are queued; before tick 1 a
  // select then an external event (step 2 keeps their order).
  Rig r;
  r.host.add("/materials/0/alphaCutoff", makeFloat(0));
  r.host.animationRanges = {{0, 2}};
  r.host.arrays["/animations"] = 1;
  r.host.arrays["/nodes"] = 1;
  r.host.picker = [](const double*, const double*, bool) { return 0; };
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}, {"signature": "ref"},
              {"signature": "int"}, {"signature": "float3"}],
    "variables": [{"type": 0, "value": [0]}],
    "events": [{}, {"id": "ext"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"},
                     {"op": "variable/interpolate"}, {"op": "pointer/interpolate"},
                     {"op": "animation/start"}, {"op": "flow/setDelay"}, {"op": "event/send"},
                     {"op": "event/receive"},
                     {"op": "event/onSelect", "extension": "KHR_node_selectability",
                      "outputValueSockets": {"selectedNode": {"type": 2},
                        "controllerIndex": {"type": 3}, "selectionPoint": {"type": 4},
                        "selectionRayOrigin": {"type": 4}, "event": {"type": 2}}},
                     {"op": "debug/log"},
                     {"op": "event/onTick"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 4},
                                   "d": {"node": 5}, "e": {"node": 6}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [0]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"done": {"node": 15}}},
      {"declaration": 3,
       "configuration": {"pointer": {"value": ["/materials/0/alphaCutoff"]}, "type": {"value": [0]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [0]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"done": {"node": 14}}},
      {"declaration": 4, "values": {"animation": {"type": 2, "value": ["/animations/0"]},
         "startTime": {"type": 0, "value": [0]}, "endTime": {"type": 0, "value": [0]},
         "speed": {"type": 0, "value": [1]}}, "flows": {"done": {"node": 13}}},
      {"declaration": 5, "values": {"duration": {"type": 0, "value": [0]}},
       "flows": {"done": {"node": 12}}},
      {"declaration": 6, "configuration": {"event": {"value": [0]}}},
      {"declaration": 7, "configuration": {"event": {"value": [0]}}, "flows": {"out": {"node": 10}}},
      {"declaration": 7, "configuration": {"event": {"value": [1]}}, "flows": {"out": {"node": 11}}},
      {"declaration": 8, "configuration": {"nodeIndex": {"value": [0]}}, "flows": {"out": {"node": 16}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["1 custom event"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["2 external event"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["3 delay"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["4 animation"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["5 pointer"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["5 variable"]}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["2 select"]}}},
      {"declaration": 10, "flows": {"out": {"node": 18}}},
      {"declaration": 9, "configuration": {"severity": {"value": [0]}, "message": {"value": ["6 tick"]}}}
    ]})json"));
  std::string error;
  r.engine->start();
  ASSERT_TRUE(r.engine->sendEvent("ext", {}, &error)) << error;
  r.engine->select(kOrigin, kDown);
  r.engine->tick(0);
  EXPECT_EQ(r.lines(), (Lines{"1 custom event", "2 external event", "2 select", "3 delay",
                              "4 animation", "5 pointer", "5 variable", "6 tick"}));
  r.engine->clearLog();
  r.engine->select(kOrigin, kDown);
  ASSERT_TRUE(r.engine->sendEvent("ext", {}, &error)) << error;
  r.engine->tick(1);
  EXPECT_EQ(r.lines(), (Lines{"2 select", "2 external event", "6 tick"}));
}

// --- Stop Propagation ---

// Two onTick nodes; the first stops the propagation of its event (stopImmediate `immediate`).
std::string twoTickHandlers(const char* immediate) {
  return std::string(R"json({
    "types": [{"signature": "bool"}],
    "declarations": [{"op": "event/onTick"}, {"op": "event/stopPropagation"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"stopImmediate": {"type": 0, "value": [)json") +
         immediate + R"json(]},
                                    "event": {"node": 0, "socket": "event"}},
       "flows": {"out": {"node": 3}}},
      {"declaration": 0, "flows": {"out": {"node": 4}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["first"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["second"]}}}
    ]})json";
}

TEST(EngineEvents, StopImmediateStopsTheSecondOnTick) {
  // "Stop Propagation", the example: the first onTick stops its event with stopImmediate
  // true: the second onTick is never activated, at any tick. With false only transitive
  // activations are prevented, and onTick has none: both run.
  Rig immediate;
  ASSERT_TRUE(immediate.load(twoTickHandlers("true")));
  for (double t : {0.0, 1.0}) immediate.engine->tick(t);
  EXPECT_EQ(immediate.lines(), (Lines{"first", "first"}));
  Rig transitive;
  ASSERT_TRUE(transitive.load(twoTickHandlers("false")));
  for (double t : {0.0, 1.0}) transitive.engine->tick(t);
  EXPECT_EQ(transitive.lines(), (Lines{"first", "second", "first", "second"}));
}

TEST(EngineEvents, EventReferencesAreTheEventPointersValues) {
  // "Event References": pointer/get of /extensions/KHR_interactivity/events/{e} succeeds for a
  // reference an event operation produced (onTick's `event`), and fails with a null value for
  // a null reference or a delay reference.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "ref"}, {"signature": "float"}],
    "declarations": [{"op": "event/onTick"}, {"op": "flow/setDelay"}, {"op": "pointer/get"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"duration": {"type": 1, "value": [10]}},
       "flows": {"out": {"node": 5}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/extensions/KHR_interactivity/events/{e}"]},
                         "type": {"value": [0]}},
       "values": {"e": {"node": 0, "socket": "event"}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/extensions/KHR_interactivity/events/{e}"]},
                         "type": {"value": [0]}},
       "values": {"e": {"type": 0}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/extensions/KHR_interactivity/events/{e}"]},
                         "type": {"value": [0]}},
       "values": {"e": {"node": 1, "socket": "lastDelay"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]},
         "message": {"value": ["{a} {b} {bv} {c} {cv}"]}},
       "values": {"a": {"node": 2, "socket": "isValid"}, "b": {"node": 3, "socket": "isValid"},
                  "bv": {"node": 3, "socket": "value"}, "c": {"node": 4, "socket": "isValid"},
                  "cv": {"node": 4, "socket": "value"}}}
    ]})json"));
  r.engine->tick(0);
  EXPECT_EQ(r.lines(), (Lines{"true false null false null"}));
}

// --- Select (KHR_node_selectability) ---

// Nodes 0 <- 1 <- 2 (2's parent 1, 1's parent 0) and a separate root 3; the picker hits
// node 2. onSelect handlers in JSON order: node 0, node 2 ("n2 a", which may stop the
// propagation with stopImmediate `immediate`, or not: "none"), node 1, node 3, node 2 ("n2 b").
struct SelectRig : Rig {
  explicit SelectRig(const std::string& immediate) {
    host.arrays["/nodes"] = 4;
    host.parents = {-1, 0, 1, -1};
    host.picker = [this](const double*, const double*, bool hover) { return hover ? -1 : hit; };
    const std::string stop =
        immediate == "none"
            ? std::string(R"({"declaration": 1, "configuration": {"severity": {"value": [0]},
                  "message": {"value": ["n2 a"]}}})")
            : R"({"declaration": 2, "values": {"stopImmediate": {"type": 0, "value": [)" +
                  immediate + R"(]}, "event": {"node": 1, "socket": "event"}},
                  "flows": {"out": {"node": 10}}})";
    EXPECT_TRUE(load(R"json({
      "types": [{"signature": "bool"}, {"signature": "ref"}, {"signature": "int"},
                {"signature": "float3"}],
      "declarations": [{"op": "event/onSelect", "extension": "KHR_node_selectability",
                        "outputValueSockets": {"selectedNode": {"type": 1},
                          "controllerIndex": {"type": 2}, "selectionPoint": {"type": 3},
                          "selectionRayOrigin": {"type": 3}, "event": {"type": 1}}},
                       {"op": "debug/log"}, {"op": "event/stopPropagation"}],
      "nodes": [
        {"declaration": 0, "configuration": {"nodeIndex": {"value": [0]}}, "flows": {"out": {"node": 5}}},
        {"declaration": 0, "configuration": {"nodeIndex": {"value": [2]}}, "flows": {"out": {"node": 6}}},
        {"declaration": 0, "configuration": {"nodeIndex": {"value": [1]}}, "flows": {"out": {"node": 7}}},
        {"declaration": 0, "configuration": {"nodeIndex": {"value": [3]}}, "flows": {"out": {"node": 8}}},
        {"declaration": 0, "configuration": {"nodeIndex": {"value": [2]}}, "flows": {"out": {"node": 9}}},
        {"declaration": 1, "configuration": {"severity": {"value": [0]},
           "message": {"value": ["n0 {n} {c} {p} {o}"]}},
         "values": {"n": {"node": 0, "socket": "selectedNode"},
                    "c": {"node": 0, "socket": "controllerIndex"},
                    "p": {"node": 0, "socket": "selectionPoint"},
                    "o": {"node": 0, "socket": "selectionRayOrigin"}}},
        )json" + stop +
                     R"json(,
        {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["n1"]}}},
        {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["n3"]}}},
        {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["n2 b {n}"]}},
         "values": {"n": {"node": 4, "socket": "selectedNode"}}},
        {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["n2 a"]}}}
      ]})json"));
  }
  int hit = 2;
};

TEST(EngineEvents, SelectBubblesFromTheHitNodeToTheRoot) {
  // KHR_node_selectability: the lowest node first (both handlers of node 2, in JSON order),
  // then each ancestor (1, then 0); node 3 is not on the path. Every handler has the same
  // outputs: selectedNode the hit node, controllerIndex 1, selectionPoint the hit (the fake
  // host's is the ray origin), selectionRayOrigin the origin. Nothing hit: no handler.
  SelectRig r("none");
  ASSERT_TRUE(r.engine);
  r.engine->select(kOrigin, kDown, 1);
  r.engine->tick(0);
  EXPECT_EQ(r.lines(), (Lines{"n2 a", R"(n2 b "/nodes/2")", "n1",
                              R"(n0 "/nodes/2" 1 [1.0,2.0,3.0] [1.0,2.0,3.0])"}));
  r.engine->clearLog();
  r.hit = -1;
  r.engine->select(kOrigin, kDown, 1);
  r.engine->tick(1);
  EXPECT_TRUE(r.lines().empty());
}

TEST(EngineEvents, StopPropagationInASelectHandler) {
  // "Stop Propagation": stopImmediate false prevents only the transitive activations (the
  // ancestors' handlers); the other handler of node 2 still runs. stopImmediate true also
  // cancels the handlers of the same occurrence not yet activated.
  SelectRig transitive("false");
  ASSERT_TRUE(transitive.engine);
  transitive.engine->select(kOrigin, kDown);
  transitive.engine->tick(0);
  EXPECT_EQ(transitive.lines(), (Lines{"n2 a", R"(n2 b "/nodes/2")"}));
  SelectRig immediate("true");
  ASSERT_TRUE(immediate.engine);
  immediate.engine->select(kOrigin, kDown);
  immediate.engine->tick(0);
  EXPECT_EQ(immediate.lines(), (Lines{"n2 a"}));
}

TEST(EngineEvents, SelectOutputsBeforeAnySelect) {
  // KHR_node_selectability: "selectionPoint and selectionRayOrigin output values initialized
  // to NaN vectors, the selectedNode and controllerIndex output values initialized to null and
  // -1 respectively, and the event output value initialized to null".
  Rig r;
  r.host.arrays["/nodes"] = 1;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "ref"}, {"signature": "int"}, {"signature": "float3"}],
    "declarations": [{"op": "event/onSelect", "extension": "KHR_node_selectability",
                      "outputValueSockets": {"selectedNode": {"type": 0},
                        "controllerIndex": {"type": 1}, "selectionPoint": {"type": 2},
                        "selectionRayOrigin": {"type": 2}, "event": {"type": 0}}},
                     {"op": "event/onStart"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "configuration": {"nodeIndex": {"value": [0]}}},
      {"declaration": 1, "flows": {"out": {"node": 2}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]},
         "message": {"value": ["{n} {c} {p} {o} {e}"]}},
       "values": {"n": {"node": 0, "socket": "selectedNode"},
                  "c": {"node": 0, "socket": "controllerIndex"},
                  "p": {"node": 0, "socket": "selectionPoint"},
                  "o": {"node": 0, "socket": "selectionRayOrigin"},
                  "e": {"node": 0, "socket": "event"}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{R"(null -1 ["NaN","NaN","NaN"] ["NaN","NaN","NaN"] null)"}));
}

// --- Hover (KHR_node_hoverability) ---

TEST(EngineEvents, HoverInAndOutOnlyWhenEnteringOrLeavingASubtree) {
  // Node 0 with children 1 and 2, a separate root 3, onHoverIn and onHoverOut on each. Each
  // event bubbles from the hovered node up until a node whose subtree holds both the prior
  // and the current target. The pointer is cast again every tick (no new input needed).
  Rig r;
  r.host.arrays["/nodes"] = 4;
  r.host.parents = {-1, 0, 0, -1};
  int hit = 1;
  r.host.picker = [&hit](const double*, const double*, bool hover) { return hover ? hit : -1; };
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "ref"}, {"signature": "int"}],
    "declarations": [{"op": "event/onHoverIn", "extension": "KHR_node_hoverability",
                      "outputValueSockets": {"hoveredNode": {"type": 0},
                        "controllerIndex": {"type": 1}, "event": {"type": 0}}},
                     {"op": "event/onHoverOut", "extension": "KHR_node_hoverability",
                      "outputValueSockets": {"hoveredNode": {"type": 0},
                        "controllerIndex": {"type": 1}, "event": {"type": 0}}},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "configuration": {"nodeIndex": {"value": [0]}}, "flows": {"out": {"node": 8}}},
      {"declaration": 0, "configuration": {"nodeIndex": {"value": [1]}}, "flows": {"out": {"node": 9}}},
      {"declaration": 0, "configuration": {"nodeIndex": {"value": [2]}}, "flows": {"out": {"node": 10}}},
      {"declaration": 0, "configuration": {"nodeIndex": {"value": [3]}}, "flows": {"out": {"node": 11}}},
      {"declaration": 1, "configuration": {"nodeIndex": {"value": [0]}}, "flows": {"out": {"node": 12}}},
      {"declaration": 1, "configuration": {"nodeIndex": {"value": [1]}}, "flows": {"out": {"node": 13}}},
      {"declaration": 1, "configuration": {"nodeIndex": {"value": [2]}}, "flows": {"out": {"node": 14}}},
      {"declaration": 1, "configuration": {"nodeIndex": {"value": [3]}}, "flows": {"out": {"node": 15}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["in0 {n} {c}"]}},
       "values": {"n": {"node": 0, "socket": "hoveredNode"}, "c": {"node": 0, "socket": "controllerIndex"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["in1 {n}"]}},
       "values": {"n": {"node": 1, "socket": "hoveredNode"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["in2 {n}"]}},
       "values": {"n": {"node": 2, "socket": "hoveredNode"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["in3 {n}"]}},
       "values": {"n": {"node": 3, "socket": "hoveredNode"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out0 {n} {c}"]}},
       "values": {"n": {"node": 4, "socket": "hoveredNode"}, "c": {"node": 4, "socket": "controllerIndex"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out1 {n}"]}},
       "values": {"n": {"node": 5, "socket": "hoveredNode"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out2 {n}"]}},
       "values": {"n": {"node": 6, "socket": "hoveredNode"}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out3 {n}"]}},
       "values": {"n": {"node": 7, "socket": "hoveredNode"}}}
    ]})json"));
  r.engine->setHover(kOrigin, kDown, 0);
  r.engine->tick(0);  // onto 1: in 1, then its parent 0 (the prior target is none)
  r.engine->tick(1);  // still 1: nothing
  hit = 2;
  r.engine->tick(2);  // 1 -> 2: out of 1 and into 2; 0 holds both: nothing on 0
  hit = 3;
  r.engine->tick(3);  // 2 -> 3: out of 2 and of 0 (3 is outside 0's subtree), into 3
  hit = -1;
  r.engine->tick(4);  // 3 -> nothing: out of 3
  hit = 0;
  r.engine->tick(5);  // onto 0
  hit = 1;
  r.engine->tick(6);  // 0 -> its child 1: 0's subtree holds both: in 1 only
  r.engine->clearHover(0);
  r.engine->tick(7);  // released: out of 1, then of 0
  r.engine->tick(8);  // no pointer: nothing although the picker would hit 1
  EXPECT_EQ(r.timed(),
            (Lines{R"(0 in1 "/nodes/1")", R"(0 in0 "/nodes/1" 0)", R"(2 out1 "/nodes/1")",
                   R"(2 in2 "/nodes/2")", R"(3 out2 "/nodes/2")", R"(3 out0 "/nodes/2" 0)",
                   R"(3 in3 "/nodes/3")", R"(4 out3 "/nodes/3")", R"(5 in0 "/nodes/0" 0)",
                   R"(6 in1 "/nodes/1")", R"(7 out1 "/nodes/1")", R"(7 out0 "/nodes/1" 0)"}));
}

// --- Log ---

TEST(EngineEvents, LogFormatsEveryValueType) {
  // "Log": the template's {id}s replaced by the values' text (Vitrine's, engine.h: JSON, NaN
  // and infinities as "NaN", "Infinity", refs as their pointer, null), the same parameter
  // wherever it appears, and doubled braces written once. The severity is kept.
  Rig r;
  r.host.arrays["/nodes"] = 4;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "bool"}, {"signature": "int"}, {"signature": "float"},
              {"signature": "float3"}, {"signature": "float2x2"}, {"signature": "ref"}],
    "declarations": [{"op": "event/onStart"}, {"op": "math/NaN"}, {"op": "math/Inf"},
                     {"op": "math/neg"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 4}}},
      {"declaration": 1},
      {"declaration": 2},
      {"declaration": 3, "values": {"a": {"node": 2}}},
      {"declaration": 4,
       "configuration": {"severity": {"value": [2]},
         "message": {"value": ["{b} {i} {f} {g} {nan} {inf} {ninf} {v} {m} {r} {null} {{x}} }}{{ {b}{i}"]}},
       "values": {"b": {"type": 0, "value": [true]}, "i": {"type": 1, "value": [-5]},
                  "f": {"type": 2, "value": [2.5]}, "g": {"type": 2, "value": [0.1]},
                  "nan": {"node": 1}, "inf": {"node": 2}, "ninf": {"node": 3},
                  "v": {"type": 3, "value": [1, 2, 3]}, "m": {"type": 4, "value": [1, 0, 0, 1]},
                  "r": {"type": 5, "value": ["/nodes/3"]}, "null": {"type": 5}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{R"(true -5 2.5 0.1 "NaN" "Infinity" "-Infinity" [1.0,2.0,3.0] )"
                              R"([1.0,0.0,0.0,1.0] "/nodes/3" null {x} }{ true-5)"}));
  ASSERT_FALSE(r.engine->log().empty());
  EXPECT_EQ(r.engine->log().back().severity, 2);
}

}  // namespace
}  // namespace vitrine::interact::test
