// The engine on the graph clock against KHR_interactivity: "Set Delay", "Cancel Delay", "Delay
// References", "On Tick", the runtime limits and "Variable Interpolate" with its cubic Bézier
// easing, on a FakeHost. Animations and pointer/interpolate's slerp are in
// engine_animation_test.cpp. Every expected value is worked from the text (the comments say
// how), not printed from the engine.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

using Lines = std::vector<std::string>;

using Rig = EngineRig;

// --- Set Delay, Cancel Delay, Delay References ---

TEST(EngineDelay, DoneFiresAtTheFirstTickAtOrAfterItsTime) {
  // "Set Delay": `out` at once; `done` scheduled at τ + duration, so on the first tick at or
  // after it: 0.3 -> the tick at 0.5, 0.5 -> the tick at 0.5 (0.3 first: earlier time).
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}},
       "flows": {"out": {"node": 4}, "done": {"node": 5}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.3]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done 0.5"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done 0.3"]}}}
    ]})json"));
  r.ticks({0, 0.25, 0.5, 0.75, 2});
  EXPECT_EQ(r.timed(), (Lines{"0 out", "0.5 done 0.3", "0.5 done 0.5"}));
}

TEST(EngineDelay, InvalidDurationsTakeErr) {
  // "Set Delay" step 2: NaN, infinite or negative durations (and Vitrine's bound on what its
  // time type holds, 1e300 here) take `err`; lastDelay stays null (only step 6 sets it).
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "math/NaN"},
                     {"op": "math/Inf"}, {"op": "flow/setDelay"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 4}, "b": {"node": 5}, "c": {"node": 6},
                                   "d": {"node": 7}, "e": {"node": 10}}},
      {"declaration": 2},
      {"declaration": 3},
      {"declaration": 4, "values": {"duration": {"type": 0, "value": [-1]}},
       "flows": {"out": {"node": 8}, "err": {"node": 9}}},
      {"declaration": 4, "values": {"duration": {"node": 2}},
       "flows": {"out": {"node": 8}, "err": {"node": 9}}},
      {"declaration": 4, "values": {"duration": {"node": 3}},
       "flows": {"out": {"node": 8}, "err": {"node": 9}}},
      {"declaration": 4, "values": {"duration": {"type": 0, "value": [1e300]}},
       "flows": {"out": {"node": 8}, "err": {"node": 9}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{a} {b} {c} {d}"]}},
       "values": {"a": {"node": 4, "socket": "lastDelay"}, "b": {"node": 5, "socket": "lastDelay"},
                  "c": {"node": 6, "socket": "lastDelay"}, "d": {"node": 7, "socket": "lastDelay"}}}
    ]})json"));
  r.ticks({0, 1e6});
  EXPECT_EQ(r.lines(), (Lines{"err", "err", "err", "err", "null null null null"}));
  EXPECT_EQ(r.errors(), 4);
}

// A delay of 1 s set at start; every tick logs whether pointer/get finds its lastDelay under
// /extensions/KHR_interactivity/delays/{d} and whether `value` is that reference.
constexpr const char* kDelayRefGraph = R"json({
    "types": [{"signature": "float"}, {"signature": "ref"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/setDelay"}, {"op": "pointer/get"},
                     {"op": "ref/eq"}, {"op": "debug/log"}, {"op": "event/onTick"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 4}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/extensions/KHR_interactivity/delays/{d}"]},
                         "type": {"value": [1]}},
       "values": {"d": {"node": 1, "socket": "lastDelay"}}},
      {"declaration": 3, "values": {"a": {"node": 2, "socket": "value"},
                                    "b": {"node": 1, "socket": "lastDelay"}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done {v} {same}"]}},
       "values": {"v": {"node": 2, "socket": "isValid"}, "same": {"node": 3}}},
      {"declaration": 5, "flows": {"out": {"node": 6}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{v} {same}"]}},
       "values": {"v": {"node": 2, "socket": "isValid"}, "same": {"node": 3}}}
    ]})json";

TEST(EngineDelay, DelayReferenceIsValidUntilItsDoneFires) {
  // "Delay References": valid (value = the reference) while the delay is in the graph's array;
  // "Set Delay" step 8 removes it before `done` fires, so `done` and every later tick find it
  // invalid, with a null value (not equal to lastDelay, which keeps the reference).
  Rig r;
  ASSERT_TRUE(r.load(kDelayRefGraph));
  r.ticks({0, 0.5, 1, 1.5});
  EXPECT_EQ(r.timed(), (Lines{"0 true true", "0.5 true true", "1 done false false", "1 false false",
                              "1.5 false false"}));
}

TEST(EngineDelay, CancelInputCancelsEveryDelayOfTheNode) {
  // "Set Delay", `cancel`: lastDelay becomes null and every delay the node scheduled (two
  // here) is cancelled: no `done`, and the old reference is no longer a valid delay.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "ref"}],
    "variables": [{"type": 1}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "variable/get"}, {"op": "pointer/get"}, {"op": "variable/set"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 2}, "c": {"node": 5},
                                   "d": {"node": 6}, "e": {"node": 2, "socket": "cancel"},
                                   "f": {"node": 8}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 7}}},
      {"declaration": 3, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 4,
       "configuration": {"pointer": {"value": ["/extensions/KHR_interactivity/delays/{d}"]},
                         "type": {"value": [1]}},
       "values": {"d": {"node": 3}}},
      {"declaration": 5, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"node": 2, "socket": "lastDelay"}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["before {v}"]}},
       "values": {"v": {"node": 4, "socket": "isValid"}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["after {d} {v}"]}},
       "values": {"d": {"node": 2, "socket": "lastDelay"}, "v": {"node": 4, "socket": "isValid"}}}
    ]})json"));
  r.ticks({0, 1, 2, 3});
  EXPECT_EQ(r.lines(), (Lines{"before true", "after null false"}));
}

TEST(EngineDelay, CancelDelayByReferenceAndHarmlessNullOrStaleReferences) {
  // "Cancel Delay": D1 cancelled by its reference never fires; D2 does at 1. A null reference
  // and a stale one (D2's, after it fired) cancel nothing and are no error ("Null or invalid
  // delay reference values MUST NOT cause any runtime errors"); D3, scheduled by D2's `done`
  // (perhaps in D2's old slot), still fires at 1.5 although the stale reference was cancelled.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "ref"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "flow/cancelDelay"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 4},
                                   "d": {"node": 5}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 7}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 3, "values": {"delay": {"node": 2, "socket": "lastDelay"}},
       "flows": {"out": {"node": 8}}},
      {"declaration": 3, "values": {"delay": {"type": 1}}, "flows": {"out": {"node": 8}}},
      {"declaration": 1, "flows": {"a": {"node": 10}, "b": {"node": 11}, "c": {"node": 9}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["D1 done"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["cancelled"]}}},
      {"declaration": 3, "values": {"delay": {"node": 3, "socket": "lastDelay"}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["D2 done"]}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}},
       "flows": {"done": {"node": 12}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["D3 done"]}}}
    ]})json"));
  r.ticks({0, 0.5, 1, 1.25, 1.5, 3});
  EXPECT_EQ(r.timed(), (Lines{"0 cancelled", "0 cancelled", "1 D2 done", "1.5 D3 done"}));
  EXPECT_EQ(r.errors(), 0);
}

TEST(EngineDelay, DueDelaysRunByActivationTimeThenSchedulingOrder) {
  // Scheduled in the order A (1), C (0.5), B (0.5), D (0.75) and all due at the tick at 2:
  // by activation time, ties by scheduling order: C, B, D, A. Vitrine's tick (engine.h, step
  // 3): a delay a `done` schedules waits for the next tick even with a zero duration, so E
  // (0 s, scheduled by C's `done`) fires at the tick at 3.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 4},
                                   "d": {"node": 5}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"done": {"node": 7}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.5]}},
       "flows": {"done": {"node": 9}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0.75]}},
       "flows": {"done": {"node": 10}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["C"]}},
       "flows": {"out": {"node": 8}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["A"]}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [0]}},
       "flows": {"done": {"node": 11}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["B"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["D"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["E"]}}}
    ]})json"));
  r.ticks({0, 2, 3});
  EXPECT_EQ(r.timed(), (Lines{"2 C", "2 B", "2 D", "2 A", "3 E"}));
}

// --- On Tick ---

TEST(EngineTick, TickOutputsAndOneEventPerTick) {
  // "On Tick": the first tick has timeSinceStart 0 and timeSinceLastTick NaN; then τ and the
  // difference to the previous tick. Both onTick nodes have the same outputs (the same event
  // reference) within a tick, and the second runs after the first (JSON order).
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onTick"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["first {s} {l} {e}"]}},
       "values": {"s": {"node": 0, "socket": "timeSinceStart"},
                  "l": {"node": 0, "socket": "timeSinceLastTick"},
                  "e": {"node": 0, "socket": "event"}}},
      {"declaration": 0, "flows": {"out": {"node": 3}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["second {s} {l} {e}"]}},
       "values": {"s": {"node": 2, "socket": "timeSinceStart"},
                  "l": {"node": 2, "socket": "timeSinceLastTick"},
                  "e": {"node": 2, "socket": "event"}}}
    ]})json"));
  r.ticks({0, 0.25, 1});
  const Lines lines = r.lines();
  ASSERT_EQ(lines.size(), 6u);
  const std::string want[] = {R"(0.0 "NaN" )", "0.25 0.25 ", "1.0 0.75 "};
  std::string events[3];
  for (int k = 0; k < 3; ++k) {
    const std::string first = lines[size_t(2 * k)], second = lines[size_t(2 * k + 1)];
    ASSERT_TRUE(first.starts_with("first " + want[k])) << first;
    ASSERT_TRUE(second.starts_with("second " + want[k])) << second;
    events[k] = first.substr(6 + want[k].size());
    EXPECT_EQ(second.substr(7 + want[k].size()), events[k]);
    EXPECT_TRUE(events[k].starts_with("\"/extensions/KHR_interactivity/events/")) << events[k];
  }
  EXPECT_NE(events[0], events[1]);
  EXPECT_NE(events[1], events[2]);
}

TEST(EngineTick, TheFirstTickHasTimeZeroWhenItComes) {
  // "On Tick": "On the very first tick event, the timeSinceStart output value MUST be set to
  // zero": a first tick at τ 0.5 reports 0, the next ones the time since it.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "declarations": [{"op": "event/onTick"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{s} {l}"]}},
       "values": {"s": {"node": 0, "socket": "timeSinceStart"},
                  "l": {"node": 0, "socket": "timeSinceLastTick"}}}
    ]})json"));
  r.ticks({0.5, 0.75, 1.5});
  EXPECT_EQ(r.lines(), (Lines{R"(0.0 "NaN")", "0.25 0.25", "1.0 0.75"}));
}

TEST(EngineRuntimeLimits, AreReportedAndEnforced) {
  // "Implementation-Specific Runtime Limits": the limits pointers report the engine's limits;
  // "Set Delay" step 3 and "Variable Interpolate" step 4: starting one more than the limit
  // takes `err` (2 delays, then err; 1 variable interpolation, then err for another variable).
  EngineLimits limits;
  limits.maxActiveAnimations = 4;
  limits.maxActiveDelays = 2;
  limits.maxPointerInterpolations = 3;
  limits.maxVariableInterpolations = 1;
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}, {"signature": "int"}],
    "variables": [{"type": 0, "value": [0]}, {"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "variable/interpolate"}, {"op": "pointer/get"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 2}, "c": {"node": 2},
                                   "d": {"node": 3}, "e": {"node": 4}, "f": {"node": 11}}},
      {"declaration": 2, "values": {"duration": {"type": 0, "value": [1]}},
       "flows": {"out": {"node": 9}, "err": {"node": 10}}},
      {"declaration": 3, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 9}, "err": {"node": 10}}},
      {"declaration": 3, "configuration": {"variable": {"value": [1]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 9}, "err": {"node": 10}}},
      {"declaration": 4, "configuration": {"type": {"value": [2]},
         "pointer": {"value": ["/extensions/KHR_interactivity/limits/maxActiveAnimations"]}}},
      {"declaration": 4, "configuration": {"type": {"value": [2]},
         "pointer": {"value": ["/extensions/KHR_interactivity/limits/maxActiveDelays"]}}},
      {"declaration": 4, "configuration": {"type": {"value": [2]},
         "pointer": {"value": ["/extensions/KHR_interactivity/limits/maxActivePropertyInterpolations"]}}},
      {"declaration": 4, "configuration": {"type": {"value": [2]},
         "pointer": {"value": ["/extensions/KHR_interactivity/limits/maxActiveVariableInterpolations"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}},
      {"declaration": 5, "configuration": {"severity": {"value": [0]}, "message": {"value": ["{a} {d} {p} {v}"]}},
       "values": {"a": {"node": 5}, "d": {"node": 6}, "p": {"node": 7}, "v": {"node": 8}}}
    ]})json",
                     limits));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"out", "out", "err", "out", "err", "4 2 3 1"}));
}

// --- Variable Interpolate, Pointer Interpolate ---

// The CSS cubic-bezier() easing worked independently of the engine: bisection on x(u) = t
// (monotonic for x1, x2 in [0, 1]), then y(u).
double cssBezier(double x1, double y1, double x2, double y2, double t) {
  const auto curve = [](double a, double b, double u) {
    return 3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u;
  };
  double lo = 0, hi = 1;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (curve(x1, x2, mid) < t ? lo : hi) = mid;
  }
  return curve(y1, y2, (lo + hi) / 2);
}

// A float variable interpolated from 0 to 10 over 1 s from start, p1 and p2 as JSON arrays;
// `done` logs the variable.
std::string interpolateGraph(const std::string& p1, const std::string& p2) {
  return R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "variable/interpolate"},
                     {"op": "variable/get"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [10]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": )json" +
         p1 + R"json(}, "p2": {"type": 1, "value": )json" + p2 + R"json(}},
       "flows": {"done": {"node": 3}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done {v}"]}},
       "values": {"v": {"node": 2}}}
    ]})json";
}

TEST(EngineInterpolate, BezierEasingAtKnownPoints) {
  // "Variable Interpolate": P0 (0, 0), P1, P2, P3 (1, 1); the value is 0 + 10 q.
  //  - P1 (1/3, 0), P2 (2/3, 0): x(u) = 3(1-u)²u/3 + 3(1-u)u²·2/3 + u³ = u, y(u) = u³: q = t³
  //    (0.125 at 0.5, 0.421875 at 0.75);
  //  - P1 (0, 0), P2 (1, 1): y(u) = x(u), q = t (linear);
  //  - P1 (0.42, 0), P2 (0.58, 1) (ease-in-out): symmetric about (0.5, 0.5), q(0.5) = 0.5;
  //  - P1 (1/3, 1), P2 (2/3, 1): x = u, y = 3u - 3u² + u³ = 1 - (1-u)³: q(0.5) = 0.875;
  //  - P1 (1/3, -1), P2 (2/3, 2): x = u, y(0.25) = -0.421875 + 0.28125 + 0.015625 = -0.125,
  //    below 0 ("This is not an error");
  //  - P1 (0.25, 0.1), P2 (0.25, 1) (CSS ease): q(0.5) by cssBezier above, ~0.8024.
  struct Case {
    const char* p1;
    const char* p2;
    double t;
    double q;
  };
  const double third = 0.3333333333333333, twoThirds = 0.6666666666666666;
  const Case cases[] = {
      {"[0.3333333333333333, 0]", "[0.6666666666666666, 0]", 0.5, 0.125},
      {"[0.3333333333333333, 0]", "[0.6666666666666666, 0]", 0.75, 0.421875},
      {"[0, 0]", "[1, 1]", 0.25, 0.25},
      {"[0, 0]", "[1, 1]", 0.75, 0.75},
      {"[0.42, 0]", "[0.58, 1]", 0.5, 0.5},
      {"[0.3333333333333333, 1]", "[0.6666666666666666, 1]", 0.5, 0.875},
      {"[0.3333333333333333, -1]", "[0.6666666666666666, 2]", 0.25, -0.125},
      {"[0.25, 0.1]", "[0.25, 1]", 0.5, cssBezier(0.25, 0.1, 0.25, 1, 0.5)},
      {"[0.3333333333333333, 0]", "[0.6666666666666666, 0]", 0.5,
       cssBezier(third, 0, twoThirds, 0, 0.5)},
  };
  EXPECT_NEAR(cssBezier(0.25, 0.1, 0.25, 1, 0.5), 0.8024, 1e-4);  // the published CSS value
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << c.p1 << " " << c.p2 << " t " << c.t);
    Rig r;
    ASSERT_TRUE(r.load(interpolateGraph(c.p1, c.p2)));
    r.engine->tick(0);
    EXPECT_EQ(r.engine->variables()[0].f[0], 0.0);  // t = 0: "skip the next steps"
    r.engine->tick(c.t);
    EXPECT_NEAR(r.engine->variables()[0].f[0], 10 * c.q, 1e-9);
    EXPECT_TRUE(r.lines().empty());
  }
}

TEST(EngineInterpolate, DoneFiresOnceWithTheTargetExactly) {
  // Step 3: t >= 1 sets the target itself (0.7, not 0.1 + 0.6 q) and fires `done` once.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0.1]}],
    "declarations": [{"op": "event/onStart"}, {"op": "variable/interpolate"},
                     {"op": "variable/get"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [0.7]}, "duration": {"type": 0, "value": [0.75]},
                  "p1": {"type": 1, "value": [0.25, 0.1]}, "p2": {"type": 1, "value": [0.25, 1]}},
       "flows": {"done": {"node": 3}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done {v}"]}},
       "values": {"v": {"node": 2}}}
    ]})json"));
  r.ticks({0, 0.5});
  EXPECT_TRUE(r.lines().empty());
  r.ticks({1, 2, 3});
  EXPECT_EQ(r.timed(), (Lines{"1 done 0.7"}));
  EXPECT_EQ(r.engine->variables()[0].f[0], 0.7);
}

TEST(EngineInterpolate, NewInterpolationReplacesTheOldFromTheCurrentValue) {
  // I1: 0 -> 10 over 1 s (linear) from τ 0; at τ 0.25 the value is 2.5. A delay's `done` at
  // τ 0.5 (step 3, before this tick's interpolations) starts I2: 2.5 -> 20 over 1 s. Step 5
  // removes I1 (its `done` never fires, not even at τ 1 where it would have ended); at τ 1,
  // t = 0.5: 2.5 + 17.5 · 0.5 = 11.25; at τ 1.5 I2 ends at 20.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"},
                     {"op": "variable/interpolate"}, {"op": "flow/setDelay"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [10]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"done": {"node": 5}}},
      {"declaration": 3, "values": {"duration": {"type": 0, "value": [0.5]}},
       "flows": {"done": {"node": 4}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [20]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["I1 done"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["I2 done"]}}}
    ]})json"));
  const auto value = [&] { return r.engine->variables()[0].f[0]; };
  r.ticks({0, 0.25});
  EXPECT_NEAR(value(), 2.5, 1e-9);
  r.ticks({0.5});
  EXPECT_NEAR(value(), 2.5, 1e-9);  // I2 at t = 0 leaves the value
  r.ticks({1});
  EXPECT_NEAR(value(), 11.25, 1e-9);
  r.ticks({1.5, 2.5});
  EXPECT_EQ(value(), 20.0);
  EXPECT_EQ(r.timed(), (Lines{"1.5 I2 done"}));
}

TEST(EngineInterpolate, VariableSetEndsTheInterpolation) {
  // "Variable Set" step 2.a: the entry is removed: the value set stays and `done` never fires.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"},
                     {"op": "variable/interpolate"}, {"op": "variable/set"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [10]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"done": {"node": 4}}},
      {"declaration": 3, "configuration": {"variables": {"value": [0]}},
       "values": {"0": {"type": 0, "value": [-3]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}}
    ]})json"));
  r.ticks({0, 0.5, 1, 2});
  EXPECT_EQ(r.engine->variables()[0].f[0], -3.0);
  EXPECT_TRUE(r.lines().empty());
}

TEST(EngineInterpolate, InvalidDurationOrControlPointsTakeErr) {
  // Steps 2-3: duration NaN, infinite or negative; a component of p1 or p2 NaN or infinite;
  // a first component outside [0, 1]: `err`. Second components outside [0, 1] are valid.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float"}, {"signature": "float2"}],
    "variables": [{"type": 0, "value": [0]}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "math/NaN"},
                     {"op": "math/Inf"}, {"op": "math/combine2"}, {"op": "variable/interpolate"},
                     {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 6}, "b": {"node": 7}, "c": {"node": 8},
                                   "d": {"node": 9}, "e": {"node": 10}, "f": {"node": 11},
                                   "g": {"node": 12}}},
      {"declaration": 2},
      {"declaration": 3},
      {"declaration": 4, "values": {"a": {"type": 0, "value": [0.5]}, "b": {"node": 3}}},
      {"declaration": 4, "values": {"a": {"node": 2}, "b": {"type": 0, "value": [0.5]}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [-1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"node": 2},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"node": 3},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [1.5, 0]}, "p2": {"type": 1, "value": [1, 1]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0, 0]}, "p2": {"type": 1, "value": [-0.5, 1]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"node": 4}, "p2": {"node": 5}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "configuration": {"variable": {"value": [0]}, "useSlerp": {"value": [false]}},
       "values": {"value": {"type": 0, "value": [1]}, "duration": {"type": 0, "value": [1]},
                  "p1": {"type": 1, "value": [0.5, 2]}, "p2": {"type": 1, "value": [0.5, -3]}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}}
    ]})json"));
  r.engine->start();
  EXPECT_EQ(r.lines(), (Lines{"err", "err", "err", "err", "err", "err", "out"}));
  EXPECT_EQ(r.errors(), 6);
}

}  // namespace
}  // namespace vitrine::interact::test
