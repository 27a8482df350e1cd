// The engine where Vitrine chooses what the specification leaves to the implementation: its
// time type (whole nanoseconds, "Set Delay"), what a tick that hits the execution budget leaves
// for the next one ("Dynamic Limits"), and the log's literal brackets ("Log").
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

using Lines = std::vector<std::string>;

using Rig = EngineRig;

TEST(EngineLimits, DelaysAreTimedInWholeNanoseconds) {
  // onStart sets a 0.1 s delay, whose done sets a 0.2 s one at τ = 0.1. In doubles
  // 0.1 + 0.2 = 0.30000000000000004, after the tick at 3/10; in Vitrine's time type (whole
  // ns) it is 300,000,000 ns, the tick at 3/10 itself.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/setDelay"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"duration": {"type": 0, "value": [0.1]}},
       "flows": {"done": {"node": 2}}},
      {"declaration": 1, "values": {"duration": {"type": 0, "value": [0.2]}},
       "flows": {"done": {"node": 3}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}}
    ]})json"));
  r.engine->start();
  for (int k = 0; k <= 3; ++k) r.engine->tick(double(k) / 10);
  ASSERT_EQ(logLines(*r.engine), (Lines{"done"}));
  EXPECT_EQ(r.engine->log().back().time, 3.0 / 10);
}

// Two zero delays (or two custom events) due at tick 0: the first one's handler runs a while
// loop that never ends; the budget ends the tick there, and the second is delivered at the next
// tick instead of being lost.
constexpr const char* kRunaway = R"json(
      {"declaration": 3, "values": {"condition": {"type": 1, "value": [true]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["second"]}}}
)json";

TEST(EngineLimits, DueDelaysPastTheBudgetWaitForTheNextTick) {
  Rig r;
  EngineLimits limits;
  limits.maxExecutionsPerTick = 1000;
  ASSERT_TRUE(r.load(std::string(R"json({
    "types": [{"signature": "float"}, {"signature": "bool"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "flow/while"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0]}}, "flows": {"done": {"node": 4}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0]}}, "flows": {"done": {"node": 5}}},
)json") + kRunaway + "]}",
                     limits));
  r.engine->start();
  r.engine->tick(0);
  EXPECT_TRUE(r.engine->lastTick().budgetHit);
  EXPECT_EQ(logLines(*r.engine), Lines{});
  r.engine->tick(1);
  ASSERT_EQ(logLines(*r.engine), (Lines{"second"}));
  EXPECT_EQ(r.engine->log().back().time, 1.0);
}

TEST(EngineLimits, QueuedEventsPastTheBudgetWaitForTheNextTick) {
  Rig r;
  EngineLimits limits;
  limits.maxExecutionsPerTick = 1000;
  ASSERT_TRUE(r.load(std::string(R"json({
    "types": [{"signature": "float"}, {"signature": "bool"}],
    "events": [{}, {}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "event/send"},
                     {"op": "flow/while"}, {"op": "debug/log"}, {"op": "event/receive"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "configuration": {"event": {"value": [0]}}},
      {"declaration": 2, "configuration": {"event": {"value": [1]}}},
      {"declaration": 5, "configuration": {"event": {"value": [0]}}, "flows": {"out": {"node": 6}}},
      {"declaration": 5, "configuration": {"event": {"value": [1]}}, "flows": {"out": {"node": 7}}},
)json") + kRunaway + "]}",
                     limits));
  r.engine->start();
  r.engine->tick(0);
  EXPECT_TRUE(r.engine->lastTick().budgetHit);
  EXPECT_EQ(logLines(*r.engine), Lines{});
  r.engine->tick(1);
  ASSERT_EQ(logLines(*r.engine), (Lines{"second"}));
}

TEST(EngineLimits, LogUndoublesOnlyCurlyBraces) {
  // "Log" undoubles "{{" and "}}"; square brackets are doubled only in pointer templates.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["a[[b]] {{c}}"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(logLines(*r.engine), (Lines{"a[[b]] {c}"}));
}

// The two inputs interact_run_fuzz and interact_graph_fuzz found (UBSan: a reference to the
// first byte of an empty state array): a multiGate without outputs and a waitAll without
// inputs, activated. Neither does anything ("Multi Gate", "Wait All").
TEST(EngineLimits, GatesWithoutSocketsDoNothing) {
  for (const char* graph : {
           R"json({"declarations": [{"op": "event/onStart"}, {"op": "flow/multiGate"}],
                   "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}}, {"declaration": 1}]})json",
           R"json({"declarations": [{"op": "event/onStart"}, {"op": "flow/waitAll"}],
                   "nodes": [{"declaration": 0, "flows": {"out": {"node": 1, "socket": "reset"}}},
                             {"declaration": 1}]})json"}) {
    Rig r;
    ASSERT_TRUE(r.load(graph));
    r.engine->start();
    r.engine->tick(0);
    EXPECT_TRUE(r.engine->log().empty());
  }
}

TEST(EngineLimits, RestartingOneInterpolationManyTimesKeepsOnlyTheLast) {
  // A 100,000-iteration loop restarts one variable interpolation: each start replaces the
  // previous one, whose `done` never fires ("Variable Interpolate" step 5); after 1 s the
  // variable is the last target, 99999, and `done` fired once.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "int"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/for"}, {"op": "type/intToFloat"},
                     {"op": "variable/interpolate"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"startIndex": {"type": 1, "value": [0]},
                                    "endIndex": {"type": 1, "value": [100000]}},
       "flows": {"loopBody": {"node": 3}}},
      {"declaration": 2, "values": {"a": {"node": 1, "socket": "index"}}},
      {"declaration": 3, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"node": 2}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 2, "value": [0, 0]}, "p2": {"type": 2, "value": [1, 1]}},
       "flows": {"done": {"node": 4}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}}
    ]})json"));
  r.engine->start();
  r.engine->tick(0);
  r.engine->tick(1);
  EXPECT_EQ(r.engine->variables()[0].f[0], 99999.0);
  EXPECT_EQ(logLines(*r.engine), (Lines{"done"}));
}

TEST(EngineLimits, InputsAndAnimationsPastTheBudgetWaitForTheNextTick) {
  // Two external events at tick 0: the first one's handler runs away (the budget ends the
  // tick), so the second is delivered at tick 1. An animation started with start = end at
  // onStart ends in tick 0's step 4, after the budget was hit: it is applied, and its `done`
  // fires, at tick 1 instead of being lost.
  Rig r;
  r.host.animationRanges = {{0, 2}};
  r.host.arrays["/animations"] = 1;
  EngineLimits limits;
  limits.maxExecutionsPerTick = 1000;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "bool"}, {"signature": "ref"}],
    "events": [{"id": "first"}, {"id": "second"}],
    "declarations": [{"op": "event/onStart"}, {"op": "animation/start"}, {"op": "event/receive"},
                     {"op": "flow/while"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"animation": {"type": 2, "value": ["/animations/0"]},
                                    "startTime": {"type": 0, "value": [1]},
                                    "endTime": {"type": 0, "value": [1]},
                                    "speed": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 2, "configuration": {"event": {"value": [0]}}, "flows": {"out": {"node": 4}}},
      {"declaration": 2, "configuration": {"event": {"value": [1]}}, "flows": {"out": {"node": 5}}},
      {"declaration": 3, "values": {"condition": {"type": 1, "value": [true]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["second"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["animation done"]}}}
    ]})json",
                     limits));
  std::string error;
  ASSERT_TRUE(r.engine->sendEvent("first", {}, &error)) << error;
  ASSERT_TRUE(r.engine->sendEvent("second", {}, &error)) << error;
  r.engine->start();
  r.engine->tick(0);
  EXPECT_TRUE(r.engine->lastTick().budgetHit);
  EXPECT_EQ(logLines(*r.engine), Lines{});
  EXPECT_TRUE(r.host.samples.empty());
  r.engine->tick(1);
  EXPECT_EQ(logLines(*r.engine), (Lines{"second", "animation done"}));
  ASSERT_EQ(r.host.samples.size(), 1u);
  EXPECT_EQ(r.host.samples[0], (std::vector<std::pair<uint32_t, double>>{{0, 1.0}}));
}

}  // namespace
}  // namespace vitrine::interact::test
