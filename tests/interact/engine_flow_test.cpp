// The engine's flow semantics against KHR_interactivity, "Concepts" (Sockets, Socket Order)
// and "Control Flow Operations", on a FakeHost: every graph is JSON text compiled as a loader
// would, run with Engine::start() and tick(), and observed through its debug/log lines and its
// variables. Each expected value is worked from the text (the comment says how), not printed
// from the engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

using Lines = std::vector<std::string>;

using Rig = EngineRig;

TEST(EngineFlow, SequenceOrdersOutputsByUtf16CodeUnits) {
  // "Socket Order": ids compare by UTF-16 code units, so "10" < "9" (0x31 < 0x39), digits <
  // upper case < lower case, and U+1F855 (surrogates 0xD83E 0xDC55) < U+FFFD (one unit 0xFFFD).
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"9": {"node": 2}, "\uFFFD": {"node": 3}, "b": {"node": 4},
                                   "10": {"node": 5}, "\uD83E\uDC55": {"node": 6},
                                   "A": {"node": 7}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["9"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["U+FFFD"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["b"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["10"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["U+1F855"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["A"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"10", "9", "A", "b", "U+1F855", "U+FFFD"}));
}

TEST(EngineFlow, ActivationIsSynchronousAndDepthFirst) {
  // "Sequence": each output is activated after the previous one completes, so the whole
  // subtree of an output runs before the next output of the outer sequence.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 5}, "c": {"node": 6}}},
      {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 4}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["inner a"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["inner b"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["outer b"]}},
       "flows": {"out": {"node": 7}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["outer c"]}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["after outer b"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"inner a", "inner b", "outer b", "after outer b", "outer c"}));
}

TEST(EngineFlow, BranchTakesTheFlowOfItsCondition) {
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "bool"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/branch"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "values": {"condition": {"type": 0, "value": [true]}},
       "flows": {"true": {"node": 4}, "false": {"node": 5}}},
      {"declaration": 2, "values": {"condition": {"type": 0, "value": [false]}},
       "flows": {"true": {"node": 4}, "false": {"node": 5}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["true"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["false"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"true", "false"}));
}

TEST(EngineFlow, SwitchRoutesCasesAndDefault) {
  // "Switch" (flow): the output whose id is the selection, `default` when no case matches.
  // One switch node, its selection a variable set to 7, -1, 3 (no case) and 1 in turn.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "variables": [{"type": 0}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "variable/set"},
                     {"op": "variable/get"}, {"op": "flow/switch"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 4},
                                   "d": {"node": 5}}},
      {"declaration": 2, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [7]}}, "flows": {"out": {"node": 7}}},
      {"declaration": 2, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [-1]}}, "flows": {"out": {"node": 7}}},
      {"declaration": 2, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [3]}}, "flows": {"out": {"node": 7}}},
      {"declaration": 2, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [1]}}, "flows": {"out": {"node": 7}}},
      {"declaration": 3, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 4, "configuration": {"cases": {"value": [1, -1, 7]}},
       "values": {"selection": {"node": 6}},
       "flows": {"1": {"node": 8}, "-1": {"node": 9}, "7": {"node": 10},
                 "default": {"node": 11}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["case 1"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["case -1"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["case 7"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["default"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"case 7", "case -1", "default", "case 1"}));
}

TEST(EngineFlow, WhileReevaluatesItsConditionEachTime) {
  // "While Loop": condition i < 3 with the body logging i and setting i = i + 1: the body runs
  // for i = 0, 1, 2, then `completed` sees i = 3.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "variable/get"}, {"op": "math/lt"},
                     {"op": "math/add"}, {"op": "flow/while"}, {"op": "debug/log"},
                     {"op": "variable/set"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 4}}},
      {"declaration": 1, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 2, "values": {"a": {"node": 1}, "b": {"type": 0, "value": [3]}}},
      {"declaration": 3, "values": {"a": {"node": 1}, "b": {"type": 0, "value": [1]}}},
      {"declaration": 4, "values": {"condition": {"node": 2}},
       "flows": {"loopBody": {"node": 5}, "completed": {"node": 7}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["i={i}"]}},
       "values": {"i": {"node": 1}}, "flows": {"out": {"node": 6}}},
      {"declaration": 6, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"node": 3}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done {i}"]}},
       "values": {"i": {"node": 1}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"i=0", "i=1", "i=2", "done 3"}));
}

TEST(EngineFlow, ForIndexInitialDuringAndAfterWithEndReevaluated) {
  // "For Loop": before any activation `index` is initialIndex (7). Then index = startIndex (2);
  // endIndex is the variable e (5), re-read before each iteration while the body decrements
  // it: 2 < 5 (e -> 4), 3 < 4 (e -> 3), 4 < 3 fails: `completed` with index 4.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "variables": [{"type": 0, "value": [5]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "variable/get"},
                     {"op": "math/sub"}, {"op": "flow/for"}, {"op": "debug/log"},
                     {"op": "variable/set"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 7}, "b": {"node": 4}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 3, "values": {"a": {"node": 2}, "b": {"type": 0, "value": [1]}}},
      {"declaration": 4, "configuration": {"initialIndex": {"value": [7]}},
       "values": {"startIndex": {"type": 0, "value": [2]}, "endIndex": {"node": 2}},
       "flows": {"loopBody": {"node": 5}, "completed": {"node": 8}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{i}"]}},
       "values": {"i": {"node": 4, "socket": "index"}}, "flows": {"out": {"node": 6}}},
      {"declaration": 6, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"node": 3}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["before {i}"]}},
       "values": {"i": {"node": 4, "socket": "index"}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["after {i}"]}},
       "values": {"i": {"node": 4, "socket": "index"}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"before 7", "2", "3", "after 4"}));
  EXPECT_EQ(r.engine->variables()[0].i, 3);
}

TEST(EngineFlow, TenThousandIterationLoopRunsWhole) {
  // A loop of 10,000 iterations summing its index: 0 + 1 + ... + 9999 = 9999 * 10000 / 2 =
  // 49,995,000, then `completed` with index 10,000, far inside the per-tick budget.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onTick"}, {"op": "variable/get"}, {"op": "flow/for"},
                     {"op": "math/add"}, {"op": "variable/set"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 2}}},
      {"declaration": 1, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 2,
       "values": {"startIndex": {"type": 0, "value": [0]},
                  "endIndex": {"type": 0, "value": [10000]}},
       "flows": {"loopBody": {"node": 4}, "completed": {"node": 5}}},
      {"declaration": 3, "values": {"a": {"node": 1}, "b": {"node": 2, "socket": "index"}}},
      {"declaration": 4, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"node": 3}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{i} {s}"]}},
       "values": {"i": {"node": 2, "socket": "index"}, "s": {"node": 1}}}
    ]})json"));
  r.engine->tick(0);
  EXPECT_EQ(r.lines(), (Lines{"10000 49995000"}));
  EXPECT_FALSE(r.engine->lastTick().budgetHit);
}

TEST(EngineFlow, DoNCountsAndResets) {
  // "Do N" with n = 2: `out` on the first two activations (currentCount 1, 2), none on the
  // third (count stays 2); `reset` sets it to 0, so the next activation fires with count 1.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/doN"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 2}, "c": {"node": 2},
                                   "d": {"node": 2}, "e": {"node": 4},
                                   "f": {"node": 2, "socket": "reset"}, "g": {"node": 5},
                                   "h": {"node": 2}}},
      {"declaration": 2, "values": {"n": {"type": 0, "value": [2]}},
       "flows": {"out": {"node": 6}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["count {c}"]}},
       "values": {"c": {"node": 2, "socket": "currentCount"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["count {c}"]}},
       "values": {"c": {"node": 2, "socket": "currentCount"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["count {c}"]}},
       "values": {"c": {"node": 2, "socket": "currentCount"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out {c}"]}},
       "values": {"c": {"node": 2, "socket": "currentCount"}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"count 0", "out 1", "out 2", "count 2", "count 0", "out 1"}));
}

// A multiGate with outputs "0", "1", "2" (logging g0, g1, g2), activated by a sequence:
// lastIndex logged before, then four activations, lastIndex, reset, lastIndex, one activation.
// `configuration`: "" (the default) or `"configuration": {...},`.
std::string multiGateGraph(const std::string& configuration) {
  return R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/multiGate"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 2}, "c": {"node": 2},
                                   "d": {"node": 2}, "e": {"node": 2}, "f": {"node": 4},
                                   "g": {"node": 2, "socket": "reset"}, "h": {"node": 5},
                                   "i": {"node": 2}}},
      {"declaration": 2, )json" +
         configuration + R"json(
       "flows": {"0": {"node": 6}, "1": {"node": 7}, "2": {"node": 8}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["last {l}"]}},
       "values": {"l": {"node": 2, "socket": "lastIndex"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["last {l}"]}},
       "values": {"l": {"node": 2, "socket": "lastIndex"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["last {l}"]}},
       "values": {"l": {"node": 2, "socket": "lastIndex"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["g0"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["g1"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["g2"]}}}
    ]})json";
}

TEST(EngineFlow, MultiGateSequentialRunsEachOutputOnce) {
  // "Multi Gate", default configuration: lastIndex starts at -1; outputs 0, 1, 2 in socket
  // order, the fourth activation finds none unused (i = -1, not a loop): nothing, lastIndex
  // stays 2. reset: lastIndex -1, every output unused again.
  Rig r;
  ASSERT_TRUE(r.load(multiGateGraph("")));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"last -1", "g0", "g1", "g2", "last 2", "last -1", "g0"}));
}

TEST(EngineFlow, MultiGateLoopStartsOverAtZero) {
  // isLoop: the fourth activation marks all unused and takes i = 0 (step 4).
  Rig r;
  ASSERT_TRUE(r.load(multiGateGraph(R"("configuration": {"isRandom": {"value": [false]},
                                                         "isLoop": {"value": [true]}},)")));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"last -1", "g0", "g1", "g2", "g0", "last 0", "last -1", "g0"}));
}

TEST(EngineFlow, MultiGateRandomUsesEveryOutputOnce) {
  // isRandom without isLoop: three activations take the three outputs in some order, each
  // once; the fourth does nothing.
  Rig r;
  ASSERT_TRUE(r.load(multiGateGraph(R"("configuration": {"isRandom": {"value": [true]},
                                                         "isLoop": {"value": [false]}},)")));
  r.engine->start();
  const Lines lines = r.lines();
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "last -1");
  Lines gates(lines.begin() + 1, lines.begin() + 4);
  std::sort(gates.begin(), gates.end());
  EXPECT_EQ(gates, (Lines{"g0", "g1", "g2"}));
  EXPECT_EQ(lines[4], "last " + std::string(1, lines[3].back()));  // the last one used
  EXPECT_EQ(lines[5], "last -1");
}

TEST(EngineFlow, WaitAllOutCompletedRemainingAndReset) {
  // "Wait All", inputFlows 3 (remainingInputs starts at 3): input 0 -> 2 remaining, `out`;
  // 0 again (already marked) -> still 2, `out`; 2 -> 1, `out`; 1 -> 0, `completed`; 1 again
  // -> 0, `completed` (step 2 again); reset -> 3; 1 -> 2, `out`.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/waitAll"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 2, "socket": "0"},
                                   "c": {"node": 2, "socket": "0"},
                                   "d": {"node": 2, "socket": "2"},
                                   "e": {"node": 2, "socket": "1"},
                                   "f": {"node": 2, "socket": "1"},
                                   "g": {"node": 2, "socket": "reset"}, "h": {"node": 4},
                                   "i": {"node": 2, "socket": "1"}}},
      {"declaration": 2, "configuration": {"inputFlows": {"value": [3]}},
       "flows": {"out": {"node": 5}, "completed": {"node": 6}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["remaining {r}"]}},
       "values": {"r": {"node": 2, "socket": "remainingInputs"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["remaining {r}"]}},
       "values": {"r": {"node": 2, "socket": "remainingInputs"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out {r}"]}},
       "values": {"r": {"node": 2, "socket": "remainingInputs"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["completed {r}"]}},
       "values": {"r": {"node": 2, "socket": "remainingInputs"}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"remaining 3", "out 2", "out 2", "out 1", "completed 0",
                              "completed 0", "remaining 3", "out 2"}));
}

TEST(EngineFlow, ThrottleMeasuresGraphTime) {
  // "Throttle", duration 1, activated on every tick, lastRemainingTime logged after:
  //   τ 0: never activated (NaN) -> out, timestamp 0, remaining 0;
  //   τ 0.5: elapsed 0.5 < 1 -> remaining 0.5; τ 1: elapsed 1, 1 <= 1 -> out, timestamp 1;
  //   τ 1.25: remaining 0.75; τ 2.25: elapsed 1.25 -> out.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onTick"}, {"op": "flow/sequence"}, {"op": "flow/throttle"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"out": {"node": 4}, "err": {"node": 5}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["remaining {r}"]}},
       "values": {"r": {"node": 2, "socket": "lastRemainingTime"}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}}
    ]})json"));
  for (double t : {0.0, 0.5, 1.0, 1.25, 2.25}) r.engine->tick(t);
  EXPECT_EQ(r.lines(), (Lines{"out", "remaining 0.0", "remaining 0.5", "out", "remaining 0.0",
                              "remaining 0.75", "out", "remaining 0.0"}));
}

TEST(EngineFlow, ThrottleErrsOnInvalidDurationAndResets) {
  // Negative and NaN durations take `err` and leave lastRemainingTime NaN (no valid
  // activation). reset makes it NaN again, so the next activation fires `out` even inside
  // the duration.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "math/NaN"},
                     {"op": "flow/throttle"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 3}, "b": {"node": 4}, "c": {"node": 8},
                                   "d": {"node": 5}, "e": {"node": 5}, "f": {"node": 9},
                                   "g": {"node": 5, "socket": "reset"}, "h": {"node": 10},
                                   "i": {"node": 5}}},
      {"declaration": 2},
      {"declaration": 3, "values": {"duration": {"type": 0, "value": [-1]}},
       "flows": {"out": {"node": 6}, "err": {"node": 7}}},
      {"declaration": 3, "values": {"duration": {"node": 2}},
       "flows": {"out": {"node": 6}, "err": {"node": 7}}},
      {"declaration": 3, "values": {"duration": {"type": 0, "value": [10]}},
       "flows": {"out": {"node": 6}, "err": {"node": 7}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{a} {b}"]}},
       "values": {"a": {"node": 3, "socket": "lastRemainingTime"},
                  "b": {"node": 4, "socket": "lastRemainingTime"}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["remaining {r}"]}},
       "values": {"r": {"node": 5, "socket": "lastRemainingTime"}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["remaining {r}"]}},
       "values": {"r": {"node": 5, "socket": "lastRemainingTime"}}}
    ]})json"));
  r.engine->start();
  // Throttle 5 (duration 10) at τ 0: out, then elapsed 0 < 10: remaining 10, no out.
  EXPECT_EQ(r.lines(), (Lines{"err", "err", R"("NaN" "NaN")", "out", "remaining 10.0",
                              R"(remaining "NaN")", "out"}));
  int errors = 0;
  for (const LogEntry& e : r.engine->log()) errors += e.kind == LogEntry::Error ? 1 : 0;
  EXPECT_EQ(errors, 2);
}

TEST(EngineFlow, ValueSocketsAreEvaluatedAtEachRead) {
  // "Sockets": input values are read when the node executes, so a variable set between two
  // log nodes (both reading the same variable/get and math/add nodes) shows in the second.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "variables": [{"type": 0, "value": [1]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "variable/get"},
                     {"op": "math/add"}, {"op": "debug/log"}, {"op": "variable/set"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 4}, "b": {"node": 5}, "c": {"node": 6}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 3, "values": {"a": {"node": 2}, "b": {"type": 0, "value": [10]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{x} {y}"]}},
       "values": {"x": {"node": 2}, "y": {"node": 3}}},
      {"declaration": 5, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [2]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{x} {y}"]}},
       "values": {"x": {"node": 2}, "y": {"node": 3}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"1.0 11.0", "2.0 12.0"}));
}

TEST(EngineFlow, RandomIsRetainedWithinOneActivation) {
  // "Sockets": output values are retained until a node with flow sockets executes, so within
  // one log node the same math/random read twice (and through math/eq of itself) is equal.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onTick"}, {"op": "math/random"}, {"op": "math/eq"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 3}}},
      {"declaration": 1},
      {"declaration": 2, "values": {"a": {"node": 1}, "b": {"node": 1}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{eq} {r} {r}"]}},
       "values": {"eq": {"node": 2}, "r": {"node": 1}}}
    ]})json"));
  for (int k = 0; k < 5; ++k) r.engine->tick(k);
  const Lines lines = r.lines();
  ASSERT_EQ(lines.size(), 5u);
  for (const std::string& line : lines) {
    ASSERT_TRUE(line.starts_with("true ")) << line;
    const std::string pair = line.substr(5);
    const size_t space = pair.find(' ');
    ASSERT_NE(space, std::string::npos) << line;
    EXPECT_EQ(pair.substr(0, space), pair.substr(space + 1)) << line;
    const double v = std::stod(pair.substr(0, space));
    EXPECT_GE(v, 0.0);  // "Random": [0, 1)
    EXPECT_LT(v, 1.0);
  }
}

TEST(EngineFlow, BudgetEndsARunawayLoopAndTheNextTickRuns) {
  // "Dynamic Limits" (Vitrine's 10,000,000 node executions per tick, here 1,000): a while
  // loop whose condition stays true ends with a Budget entry; the next tick starts afresh.
  Rig r;
  EngineLimits limits;
  limits.maxExecutionsPerTick = 1000;
  ASSERT_TRUE((r.load(R"json({
    "types": [{"signature": "bool"}, {"signature": "float"}, {"signature": "int"}],
    "variables": [{"type": 2, "value": [0]}],
    "declarations": [{"op": "event/onTick"}, {"op": "flow/sequence"}, {"op": "debug/log"},
                     {"op": "flow/while"}, {"op": "variable/get"}, {"op": "math/add"},
                     {"op": "variable/set"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 7}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["tick {t}"]}},
       "values": {"t": {"node": 0, "socket": "timeSinceStart"}}},
      {"declaration": 3, "values": {"condition": {"type": 0, "value": [true]}},
       "flows": {"loopBody": {"node": 6}}},
      {"declaration": 4, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 5, "values": {"a": {"node": 4}, "b": {"type": 2, "value": [1]}}},
      {"declaration": 6, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"node": 5}}},
      {"declaration": 2, "configuration": {"severity": {"value": [0]}, "message": {"value": ["after the loop"]}}}
    ]})json",
                      limits)));
  r.engine->tick(0);
  EXPECT_TRUE(r.engine->lastTick().budgetHit);
  int budget = 0;
  for (const LogEntry& e : r.engine->log()) budget += e.kind == LogEntry::Budget ? 1 : 0;
  EXPECT_EQ(budget, 1);
  const int32_t afterFirst = r.engine->variables()[0].i;
  EXPECT_GT(afterFirst, 0);
  EXPECT_LT(afterFirst, 1000);
  r.engine->tick(1);
  EXPECT_EQ(r.lines(), (Lines{"tick 0.0", "tick 1.0"}));  // never "after the loop"
  EXPECT_GT(r.engine->variables()[0].i, afterFirst);
}

TEST(EngineFlow, VariableSetReadsEveryValueBeforeWriting) {
  // "Variable Set": step 1 evaluates all inputs, step 2 writes them, so setting a = b and
  // b = a swaps them (a = 1, b = 2 -> a = 2, b = 1); a float and a float3 in one node.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "int"}, {"signature": "float3"}],
    "variables": [{"type": 0, "value": [1]}, {"type": 0, "value": [2]}, {"type": 1}],
    "declarations": [{"op": "event/onStart"}, {"op": "variable/get"}, {"op": "variable/set"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 3}}},
      {"declaration": 1, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 1, "configuration": {"variable": {"value": [1]}}},
      {"declaration": 2, "configuration": {"variables": {"value": [2, 0, 1]}},
       "values": {"0": {"node": 2}, "1": {"node": 1},
                  "2": {"type": 1, "value": [1, 2, 3]}}}
    ]})json"));
  r.engine->start();
  const auto& v = r.engine->variables();
  EXPECT_EQ(v[0].i, 2);
  EXPECT_EQ(v[1].i, 1);
  EXPECT_EQ(v[2].f[0], 1.0);
  EXPECT_EQ(v[2].f[1], 2.0);
  EXPECT_EQ(v[2].f[2], 3.0);
}

}  // namespace
}  // namespace vitrine::interact::test
