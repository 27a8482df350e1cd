// The engine's inspection (engine.h, "Inspection"), what the window's graph panel shows (issue
// 34): per-node run counts and the tick each last ran in, the err flag, the active delays and
// interpolations, and a variable edited between ticks as variable/set would.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

// onStart: a 0.5 s delay (node 3) and one of math/NaN's (node 2) duration (node 4, takes err),
// then a one-second linear interpolation of variable 0 from 0 to 10 (node 5). onTick (node 6)
// logs the variable (node 8) through variable/get (node 7, pure).
const char* kGraph = R"json({
  "types": [{"signature": "float"}, {"signature": "float2"}],
  "variables": [{"type": 0, "value": [0]}],
  "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                   {"op": "variable/interpolate"}, {"op": "event/onTick"},
                   {"op": "variable/get"}, {"op": "debug/log"}, {"op": "math/NaN"}],
  "nodes": [
    {"declaration": 0, "flows": {"out": {"node": 1}}},
    {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 4}, "c": {"node": 5}}},
    {"declaration": 7},
    {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}}},
    {"declaration": 2, "values": {"duration": {"node": 2}}},
    {"declaration": 3, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
     "values": {"value": {"type": 0, "value": [10]}, "duration": {"type": 0, "value": [1]},
                "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}}},
    {"declaration": 4, "flows": {"out": {"node": 8}}},
    {"declaration": 5, "configuration": {"variable": {"value": [0]}}},
    {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["v {v}"]}},
     "values": {"v": {"node": 7}}}
  ]})json";

TEST(EngineInspect, RunCountsTheTickOfTheLastRunAndErr) {
  EngineRig r;
  ASSERT_TRUE(r.load(kGraph));
  r.engine->start();
  const std::vector<NodeActivity>& a = r.engine->nodeActivity();
  ASSERT_EQ(a.size(), 9u);
  // During start(): onStart, the sequence, NaN (read by node 4), both delays, the interpolation.
  for (uint32_t n : {0u, 1u, 2u, 3u, 4u, 5u}) {
    EXPECT_EQ(a[n].runs, 1u) << n;
    EXPECT_EQ(a[n].lastTick, 0u) << n;
  }
  EXPECT_EQ(a[6].runs, 0u);
  EXPECT_TRUE(a[4].erred);  // NaN duration: err ("Set Delay" step 2)
  EXPECT_FALSE(a[3].erred);
  r.ticks({0, 0.25, 0.5});
  EXPECT_EQ(r.engine->ticks(), 3u);
  // onTick, variable/get (evaluated when the log reads it) and the log: once a tick.
  for (uint32_t n : {6u, 7u, 8u}) {
    EXPECT_EQ(a[n].runs, 3u) << n;
    EXPECT_EQ(a[n].lastTick, 3u) << n;
  }
  EXPECT_EQ(a[0].runs, 1u);
  EXPECT_EQ(a[0].lastTick, 0u);
  // The log node's output-less; variable/get's value slot holds what it last returned: 5 at
  // τ = 0.5 of a linear one-second interpolation from 0 to 10 started at τ = 0.
  const Value& got = r.engine->values()[r.engine->graph().nodes[7].output0];
  EXPECT_EQ(got.type, Type::Float);
  EXPECT_DOUBLE_EQ(got.f[0], 5.0);
}

TEST(EngineInspect, ActivityListsTheDelaysAndInterpolationsRunning) {
  EngineRig r;
  ASSERT_TRUE(r.load(kGraph));
  r.engine->start();
  Activity a = r.engine->activity();
  ASSERT_EQ(a.delays.size(), 1u);  // the NaN one never started
  EXPECT_EQ(a.delays[0].node, 3u);
  EXPECT_DOUBLE_EQ(a.delays[0].due, 0.5);
  ASSERT_EQ(a.interpolations.size(), 1u);
  EXPECT_FALSE(a.interpolations[0].pointer);
  EXPECT_EQ(a.interpolations[0].target, 0);
  EXPECT_EQ(a.interpolations[0].node, 5u);
  EXPECT_DOUBLE_EQ(a.interpolations[0].start, 0.0);
  EXPECT_DOUBLE_EQ(a.interpolations[0].duration, 1.0);
  EXPECT_DOUBLE_EQ(a.interpolations[0].to.f[0], 10.0);
  EXPECT_TRUE(a.animations.empty());
  r.ticks({0, 0.5});
  a = r.engine->activity();
  EXPECT_TRUE(a.delays.empty());  // done at 0.5
  EXPECT_EQ(a.interpolations.size(), 1u);
  r.ticks({1});
  EXPECT_TRUE(r.engine->activity().interpolations.empty());  // reached its target
}

TEST(EngineInspect, SetVariableWritesBetweenTicksAndEndsItsInterpolation) {
  EngineRig r;
  ASSERT_TRUE(r.load(kGraph));
  r.ticks({0, 0.5});
  EXPECT_FALSE(r.engine->setVariable(0, makeInt(3)));  // a float variable
  EXPECT_FALSE(r.engine->setVariable(1, makeFloat(3)));
  EXPECT_EQ(r.engine->variables()[0].f[0], 5.0);
  ASSERT_TRUE(r.engine->setVariable(0, makeFloat(-2)));
  EXPECT_TRUE(r.engine->activity().interpolations.empty());
  r.ticks({0.75, 2});
  EXPECT_EQ(r.lines(), (std::vector<std::string>{"v 0.0", "v 5.0", "v -2.0", "v -2.0"}));
}

}  // namespace
}  // namespace vitrine::interact::test
