// The engine's animation control against KHR_interactivity, "Animation Control Operations"
// (the infinite timeline, "Animation Start", "Animation Stop", "Animation Stop At") and
// "Animation State" (the isPlaying, minTime, maxTime, playhead and virtualPlayhead pointers),
// on a FakeHost whose animations have given ranges and record the times they are sampled at;
// and "Pointer Interpolate" on a quaternion property (slerp). Every expected value is worked
// from the text's formulas (the comments say how).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "interact/fake_host.h"

namespace vitrine::interact::test {
namespace {

using Lines = std::vector<std::string>;
using Times = std::vector<double>;

// The engine rig (fake_host.h) whose
// host has animation 0 with keyframes in [0, T = 2] unless the test says otherwise.
struct Rig : EngineRig {
  Rig() {
    host.animationRanges = {{0, 2}};
    host.arrays["/animations"] = 1;
  }
  // The effective time animation 0 was applied at in each sampling (NaN: not in it).
  Times sampled() const {
    Times out;
    for (const auto& call : host.samples) {
      double t = kNaN;
      for (const auto& [a, time] : call) {
        if (a == 0) t = time;
      }
      out.push_back(t);
    }
    return out;
  }
};

// Animation 0 started at τ 0 with startTime `start`, endTime `end` (a JSON source: an inline
// value, or {"node": 1} for +∞, {"node": 2} for -∞) and speed `speed`; `done` logs "done",
// `err` logs "err".
std::string startGraph(const std::string& start, const std::string& end, const std::string& speed) {
  return R"json({
    "types": [{"signature": "ref"}, {"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "math/Inf"}, {"op": "math/neg"},
                     {"op": "animation/start"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 3}}},
      {"declaration": 1},
      {"declaration": 2, "values": {"a": {"node": 1}}},
      {"declaration": 3,
       "values": {"animation": {"type": 0, "value": ["/animations/0"]},
                  "startTime": {"type": 1, "value": [)json" +
         start + R"json(]}, "endTime": )json" + end + R"json(,
                  "speed": {"type": 1, "value": [)json" +
         speed + R"json(]}},
       "flows": {"done": {"node": 4}, "err": {"node": 5}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}}
    ]})json";
}

std::string at(double v) {
  std::ostringstream s;
  s.precision(17);
  s << R"({"type": 1, "value": [)" << v << "]}";
  return s.str();
}

TEST(EngineAnimation, EffectiveTimeOnTheInfiniteTimeline) {
  // "Animation Start", T = 2, started at τ 0 from 0 towards 10 at speed 1: r = τ;
  // r > 0: s = ceil((r - T) / T), t = r - sT; r <= 0: s = floor(r / T).
  //   r 0 -> s 0, t 0; r 2 -> s 0, t 2; r 3 -> s ceil(0.5) = 1, t 1; r 4 -> s 1, t 2;
  //   r 5.5 -> s ceil(1.75) = 2, t 1.5.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("0", at(10), "1")));
  r.ticks({0, 2, 3, 4, 5.5});
  EXPECT_EQ(r.sampled(), (Times{0, 2, 1, 2, 1.5}));
  EXPECT_TRUE(r.lines().empty());
}

TEST(EngineAnimation, NegativeRequestedTimes) {
  // From -1 towards -10 (start > end: the scaled elapsed time is negated): r = -1 - τ.
  //   r -1 -> s floor(-0.5) = -1, t 1; r -1.5 -> s -1, t 0.5; r -2 -> s -1, t 0;
  //   r -3 -> s floor(-1.5) = -2, t 1.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("-1", at(-10), "1")));
  r.ticks({0, 0.5, 1, 2});
  EXPECT_EQ(r.sampled(), (Times{1, 0.5, 0, 1}));
}

TEST(EngineAnimation, SpeedScalesTheElapsedTime) {
  // Speed 2: r = 2τ: τ 0.75 -> r 1.5, t 1.5; τ 1.5 -> r 3, t 1.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("0", at(10), "2")));
  r.ticks({0, 0.75, 1.5});
  EXPECT_EQ(r.sampled(), (Times{0, 1.5, 1}));
}

TEST(EngineAnimation, ReversePlaysDownToTheEndTimeThenFiresDone) {
  // From 1.5 to 0.5: r = 1.5 - τ: τ 0 -> 1.5; τ 0.5 -> 1; τ 1: r 0.5 <= end (step 6): applied
  // at the end time 0.5, the entry removed and `done` fired; nothing afterwards.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("1.5", at(0.5), "1")));
  r.ticks({0, 0.5, 1, 2});
  EXPECT_EQ(r.sampled(), (Times{1.5, 1, 0.5}));
  EXPECT_EQ(r.timed(), (Lines{"1 done"}));
}

TEST(EngineAnimation, InfiniteEndTimesLoopForever) {
  // "To loop an animation infinitely in forward direction, set the endTime to positive
  // infinity": r = τ: τ 5 -> s ceil(1.5) = 2, t 1; τ 100 -> s ceil(49) = 49, t 2. No done.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("0", R"({"node": 1})", "1")));
  r.ticks({0, 5, 100});
  EXPECT_EQ(r.sampled(), (Times{0, 1, 2}));
  // Reverse, endTime -∞: r = -τ: τ 5 -> s floor(-2.5) = -3, t 1; τ 100 -> s -50, t 0.
  Rig back;
  ASSERT_TRUE(back.load(startGraph("0", R"({"node": 2})", "1")));
  back.ticks({0, 5, 100});
  EXPECT_EQ(back.sampled(), (Times{0, 1, 0}));
  EXPECT_TRUE(r.lines().empty());
  EXPECT_TRUE(back.lines().empty());
}

TEST(EngineAnimation, DoneFiresOnceAtTheEnd) {
  // From 0 to 3: τ 2.5 -> r 2.5, s ceil(0.25) = 1, t 0.5; τ 3.5: r >= 3: applied at r 3
  // (s ceil(0.5) = 1, t 1) and `done`; later ticks sample nothing and fire nothing.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("0", at(3), "1")));
  r.ticks({0, 2.5, 3.5, 4, 10});
  EXPECT_EQ(r.sampled(), (Times{0, 0.5, 1}));
  EXPECT_EQ(r.timed(), (Lines{"3.5 done"}));
}

TEST(EngineAnimation, StartEqualToEndAppliesOnceAndIsDone) {
  // Update step 1: start = end = 3: r 3 (t 1) applied at the first update, then `done`.
  Rig r;
  ASSERT_TRUE(r.load(startGraph("3", at(3), "1")));
  r.ticks({0, 1});
  EXPECT_EQ(r.sampled(), (Times{1}));
  EXPECT_EQ(r.timed(), (Lines{"0 done"}));
}

TEST(EngineAnimation, SpeedNotPositiveTakesErr) {
  // "Animation Start" step 4: a speed <= 0 takes `err` and nothing plays.
  for (const char* speed : {"0", "-1"}) {
    SCOPED_TRACE(speed);
    Rig r;
    ASSERT_TRUE(r.load(startGraph("0", at(1), speed)));
    r.ticks({0, 1});
    EXPECT_EQ(r.lines(), (Lines{"err"}));
    EXPECT_TRUE(r.host.samples.empty());
  }
}

TEST(EngineAnimation, InvalidInputsOfStartStopAndStopAtTakeErr) {
  // "Animation Start" steps 2-4, "Animation Stop" step 2, "Animation Stop At" steps 2-3:
  // a null animation, startTime ∞ or NaN, endTime NaN, speed ∞, stopTime NaN: `err`. A
  // stopAt on an animation that is not playing is valid (`out`) and changes nothing.
  Rig r;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "ref"}, {"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "math/Inf"},
                     {"op": "math/NaN"}, {"op": "animation/start"}, {"op": "animation/stop"},
                     {"op": "animation/stopAt"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 4}, "b": {"node": 5}, "c": {"node": 6},
                                   "d": {"node": 7}, "e": {"node": 8}, "f": {"node": 9},
                                   "g": {"node": 10}, "h": {"node": 11}, "i": {"node": 12}}},
      {"declaration": 2},
      {"declaration": 3},
      {"declaration": 4, "values": {"animation": {"type": 0},
         "startTime": {"type": 1, "value": [0]}, "endTime": {"type": 1, "value": [1]},
         "speed": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 4, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"node": 2}, "endTime": {"type": 1, "value": [1]},
         "speed": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 4, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"node": 3}, "endTime": {"type": 1, "value": [1]},
         "speed": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 4, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": {"node": 3},
         "speed": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 4, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": {"type": 1, "value": [1]},
         "speed": {"node": 2}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 5, "values": {"animation": {"type": 0}},
       "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 6, "values": {"animation": {"type": 0},
         "stopTime": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 6, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "stopTime": {"node": 3}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 6, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "stopTime": {"type": 1, "value": [1]}}, "flows": {"out": {"node": 13}, "err": {"node": 14}}},
      {"declaration": 7, "configuration": {"severity": {"value": [0]}, "message": {"value": ["out"]}}},
      {"declaration": 7, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}}
    ]})json"));
  r.ticks({0, 1});
  EXPECT_EQ(r.lines(), (Lines{"err", "err", "err", "err", "err", "err", "err", "err", "out"}));
  EXPECT_TRUE(r.host.samples.empty());
}

// Two animation/start nodes and a stopAt of animation 0, run by a sequence at start in the
// order `order` (node ids 2, 3, 4: start(0, `end1`), start(0, `end2`), stopAt(`stop`)); their
// `done` log "first done", "second done", "stop done".
std::string stopGraph(const std::string& order, double end1, double end2, double stop) {
  return R"json({
    "types": [{"signature": "ref"}, {"signature": "float"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "animation/start"},
                     {"op": "animation/stopAt"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": )json" +
         order + R"json(},
      {"declaration": 2, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": )json" +
         at(end1) + R"json(, "speed": {"type": 1, "value": [1]}},
       "flows": {"done": {"node": 5}}},
      {"declaration": 2, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": )json" +
         at(end2) + R"json(, "speed": {"type": 1, "value": [1]}},
       "flows": {"done": {"node": 6}}},
      {"declaration": 3, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "stopTime": )json" +
         at(stop) + R"json(}, "flows": {"done": {"node": 7}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["first done"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["second done"]}}},
      {"declaration": 4, "configuration": {"severity": {"value": [0]}, "message": {"value": ["stop done"]}}}
    ]})json";
}

TEST(EngineAnimation, StopAtTakesPriorityOverTheEnd) {
  // Update step 5 before step 6: stop time 1.5 in [start 0, end 10): at τ 2 (r 2 >= 1.5) the
  // animation is applied at r 1.5 (t 1.5) and stopAt's `done` fires, never start's.
  Rig r;
  ASSERT_TRUE(r.load(stopGraph(R"({"a": {"node": 2}, "b": {"node": 4}})", 10, 10, 1.5)));
  r.ticks({0, 1, 2, 3, 20});
  EXPECT_EQ(r.sampled(), (Times{0, 1, 1.5}));
  EXPECT_EQ(r.timed(), (Lines{"2 stop done"}));
}

TEST(EngineAnimation, StopTimeNotBeforeTheEndLetsItEnd) {
  // Stop time 12 is not less than the end time 3: step 5 does not apply; at τ 4 step 6 ends
  // it at r 3 (t 1) with start's `done` (the end completion), not stopAt's.
  Rig r;
  ASSERT_TRUE(r.load(stopGraph(R"({"a": {"node": 2}, "b": {"node": 4}})", 3, 3, 12)));
  r.ticks({0, 4});
  EXPECT_EQ(r.sampled(), (Times{0, 1}));
  EXPECT_EQ(r.timed(), (Lines{"4 first done"}));
}

TEST(EngineAnimation, StartResetsStopTimeAndReplacesThePreviousEntry) {
  // stopAt(1) before anything plays: no entry, nothing scheduled. Then start(0, 1) and
  // start(0, 2): step 6 removes the first entry ("the previously set done flows MUST NOT be
  // activated"), step 7 sets the stop time to the end time: it runs to 2 with the second
  // `done` only.
  Rig r;
  ASSERT_TRUE(
      r.load(stopGraph(R"({"a": {"node": 4}, "b": {"node": 2}, "c": {"node": 3}})", 1, 2, 1)));
  r.ticks({0, 1, 1.5, 2, 3});
  EXPECT_EQ(r.sampled(), (Times{0, 1, 1.5, 2}));
  EXPECT_EQ(r.timed(), (Lines{"2 second done"}));
}

TEST(EngineAnimation, StatePointersAndStopKeepingValues) {
  // "Animation State", T = 2 and minTime 0.5 for animation 0; animation 1 is invalid (NaN
  // range): its minTime, maxTime, playhead and virtualPlayhead are NaN and it cannot start.
  // Animation 0 starts at τ 1 (a delay's `done`, step 3, so step 4 applies r = 0 at once)
  // towards 10, and a second delay stops it at τ 4.5 (step 3, before step 4).
  //   τ 0: not started: false, playhead 0, virtualPlayhead 0 ("Before the animation start");
  //   τ 1: true, r 0, t 0;  τ 4: r 3, t = 3 - 2·ceil(0.5) = 1;
  //   τ 4.5 and 6: stopped: false, the last values kept (1, 3), nothing sampled, no done.
  Rig r;
  r.host.animationRanges = {{0.5, 2}, {kNaN, kNaN}};
  r.host.arrays["/animations"] = 2;
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "ref"}, {"signature": "float"}, {"signature": "bool"},
              {"signature": "int"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}, {"op": "flow/setDelay"},
                     {"op": "animation/start"}, {"op": "animation/stop"}, {"op": "pointer/get"},
                     {"op": "debug/log"}, {"op": "event/onTick"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
      {"declaration": 2, "values": {"duration": {"type": 1, "value": [1]}},
       "flows": {"done": {"node": 4}}},
      {"declaration": 2, "values": {"duration": {"type": 1, "value": [4.5]}},
       "flows": {"done": {"node": 7}}},
      {"declaration": 1, "flows": {"a": {"node": 5}, "b": {"node": 6}}},
      {"declaration": 3, "values": {"animation": {"type": 0, "value": ["/animations/0"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": {"type": 1, "value": [10]},
         "speed": {"type": 1, "value": [1]}}, "flows": {"done": {"node": 18}}},
      {"declaration": 3, "values": {"animation": {"type": 0, "value": ["/animations/1"]},
         "startTime": {"type": 1, "value": [0]}, "endTime": {"type": 1, "value": [10]},
         "speed": {"type": 1, "value": [1]}}, "flows": {"err": {"node": 19}}},
      {"declaration": 4, "values": {"animation": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [2]},
         "pointer": {"value": ["/animations/{a}/extensions/KHR_interactivity/isPlaying"]}},
       "values": {"a": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/{a}/extensions/KHR_interactivity/playhead"]}},
       "values": {"a": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/{a}/extensions/KHR_interactivity/virtualPlayhead"]}},
       "values": {"a": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/{a}/extensions/KHR_interactivity/minTime"]}},
       "values": {"a": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/{a}/extensions/KHR_interactivity/maxTime"]}},
       "values": {"a": {"type": 0, "value": ["/animations/0"]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/[a]/extensions/KHR_interactivity/playhead"]}},
       "values": {"a": {"type": 3, "value": [1]}}},
      {"declaration": 5, "configuration": {"type": {"value": [1]},
         "pointer": {"value": ["/animations/[a]/extensions/KHR_interactivity/minTime"]}},
       "values": {"a": {"type": 3, "value": [1]}}},
      {"declaration": 7, "flows": {"out": {"node": 16}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]},
         "message": {"value": ["{p} {h} {v} {min} {max}"]}},
       "values": {"p": {"node": 8}, "h": {"node": 9}, "v": {"node": 10}, "min": {"node": 11},
                  "max": {"node": 12}}, "flows": {"out": {"node": 17}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]},
         "message": {"value": ["invalid {h} {min}"]}},
       "values": {"h": {"node": 13}, "min": {"node": 14}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["done"]}}},
      {"declaration": 6, "configuration": {"severity": {"value": [0]}, "message": {"value": ["err"]}}}
    ]})json"));
  r.ticks({0});
  EXPECT_EQ(r.timed(), (Lines{"0 false 0.0 0.0 0.5 2.0", R"(0 invalid "NaN" "NaN")"}));
  r.engine->clearLog();
  r.ticks({1, 4, 4.5, 6});
  EXPECT_EQ(r.timed(), (Lines{"1 err", "1 true 0.0 0.0 0.5 2.0", R"(1 invalid "NaN" "NaN")",
                              "4 true 1.0 3.0 0.5 2.0", R"(4 invalid "NaN" "NaN")",
                              "4.5 false 1.0 3.0 0.5 2.0", R"(4.5 invalid "NaN" "NaN")",
                              "6 false 1.0 3.0 0.5 2.0", R"(6 invalid "NaN" "NaN")"}));
  EXPECT_EQ(r.sampled(), (Times{0, 1}));
}

// --- Pointer Interpolate on a quaternion ---

TEST(EngineInterpolate, PointerInterpolateSlerpsAQuaternion) {
  // "Pointer Interpolate" step 5: a quaternion property is interpolated by slerp. From the
  // identity to 90° about z, (0, 0, √½, √½), linear easing (P1 = (1/3, 1/3), P2 = (2/3, 2/3):
  // x = y = u): at t = 0.5 the rotation is 45° about z, (0, 0, sin π/8, cos π/8). The same
  // values on a plain float4 are mixed linearly: (0, 0, √½/2, (1 + √½)/2). At t >= 1 both
  // are the target, and their `done` fire in the order the interpolations started.
  Rig r;
  const double q0[4] = {0, 0, 0, 1};
  r.host.add("/nodes/0/rotation", makeFloats(Type::Float4, q0), true, true);
  r.host.add("/materials/0/pbrMetallicRoughness/baseColorFactor", makeFloats(Type::Float4, q0));
  r.host.add("/nodes/1/rotation", makeFloats(Type::Float4, q0), false, true);
  ASSERT_TRUE(r.load(R"json({
    "types": [{"signature": "float4"}, {"signature": "float"}, {"signature": "float2"}],
    "declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"},
                     {"op": "pointer/interpolate"}, {"op": "debug/log"}],
    "nodes": [
      {"declaration": 0, "flows": {"out": {"node": 1}}},
      {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}, "c": {"node": 4}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/nodes/0/rotation"]}, "type": {"value": [0]}},
       "values": {"value": {"type": 0, "value": [0, 0, 0.7071067811865476, 0.7071067811865476]},
                  "duration": {"type": 1, "value": [1]},
                  "p1": {"type": 2, "value": [0.3333333333333333, 0.3333333333333333]},
                  "p2": {"type": 2, "value": [0.6666666666666666, 0.6666666666666666]}},
       "flows": {"done": {"node": 5}, "err": {"node": 7}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/materials/0/pbrMetallicRoughness/baseColorFactor"]},
                         "type": {"value": [0]}},
       "values": {"value": {"type": 0, "value": [0, 0, 0.7071067811865476, 0.7071067811865476]},
                  "duration": {"type": 1, "value": [1]},
                  "p1": {"type": 2, "value": [0.3333333333333333, 0.3333333333333333]},
                  "p2": {"type": 2, "value": [0.6666666666666666, 0.6666666666666666]}},
       "flows": {"done": {"node": 6}, "err": {"node": 7}}},
      {"declaration": 2,
       "configuration": {"pointer": {"value": ["/nodes/1/rotation"]}, "type": {"value": [0]}},
       "values": {"value": {"type": 0, "value": [0, 0, 1, 0]},
                  "duration": {"type": 1, "value": [1]},
                  "p1": {"type": 2, "value": [0, 0]}, "p2": {"type": 2, "value": [1, 1]}},
       "flows": {"err": {"node": 7}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["rotation done"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["color done"]}}},
      {"declaration": 3, "configuration": {"severity": {"value": [0]}, "message": {"value": ["read-only err"]}}}
    ]})json"));
  const double h = std::sqrt(0.5), pi = std::numbers::pi;
  r.engine->tick(0);
  EXPECT_EQ(r.lines(), (Lines{"read-only err"}));  // step 4: "not mutable"
  EXPECT_EQ(r.host.at("/nodes/0/rotation").f[3], 1.0);
  r.engine->tick(0.5);
  const Value& rot = r.host.at("/nodes/0/rotation");
  const double wantRot[4] = {0, 0, std::sin(pi / 8), std::cos(pi / 8)};
  const Value& color = r.host.at("/materials/0/pbrMetallicRoughness/baseColorFactor");
  const double wantColor[4] = {0, 0, h / 2, (1 + h) / 2};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(rot.f[k], wantRot[k], 1e-9) << k;
    EXPECT_NEAR(color.f[k], wantColor[k], 1e-9) << k;
  }
  r.engine->tick(1);
  EXPECT_EQ(r.host.at("/nodes/0/rotation").f[2], 0.7071067811865476);
  EXPECT_EQ(r.host.at("/nodes/0/rotation").f[3], 0.7071067811865476);
  EXPECT_EQ(r.host.at("/materials/0/pbrMetallicRoughness/baseColorFactor").f[2],
            0.7071067811865476);
  EXPECT_EQ(r.lines(), (Lines{"read-only err", "rotation done", "color done"}));
  EXPECT_EQ(r.host.at("/nodes/1/rotation").f[3], 1.0);
}

}  // namespace
}  // namespace vitrine::interact::test
