// The timeline's time model (app/panels/timeline.h) without a window: transport, loop modes,
// reverse, speed, frame stepping, the in/out range, per-clip mapping, solo and conflicts.
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "timeline.h"

namespace vitrine::app {
namespace {

constexpr double kEps = 1e-9;

anim::ChannelInfo channel(const std::string& target, std::vector<float> keys, bool bound = true) {
  anim::ChannelInfo c;
  c.target = target;
  c.bound = bound;
  if (bound) {
    c.keyTimes = std::make_shared<const std::vector<float>>(std::move(keys));
  } else {
    c.skipReason = "not a property of the glTF Object Model";
  }
  return c;
}

anim::ClipInfo clip(float start, float end, std::vector<anim::ChannelInfo> channels = {}) {
  anim::ClipInfo c;
  c.start = start;
  c.end = end;
  c.channels = std::move(channels);
  return c;
}

// One clip over [0, 2].
Timeline oneClip() {
  Timeline t;
  t.reset({clip(0.0f, 2.0f)}, {true});
  return t;
}

TEST(Timeline, ResetCoversTheEnabledClipsAndPlaysFromTheStart) {
  Timeline t;
  t.reset({clip(0.5f, 2.0f), clip(1.0f, 3.0f), clip(0.0f, 10.0f)}, {true, true, false});
  EXPECT_DOUBLE_EQ(t.start(), 0.5);
  EXPECT_DOUBLE_EQ(t.end(), 3.0);
  EXPECT_DOUBLE_EQ(t.time(), 0.5);
  EXPECT_TRUE(t.playing());
  EXPECT_EQ(t.enabled(), (std::vector<bool>{true, true, false}));
  // Offset 0, speed 1, Once: every clip plays at t itself, held at its own bounds.
  EXPECT_EQ(t.clipTimes(), (std::vector<float>{0.5f, 1.0f, 0.5f}));
  const uint64_t generation = t.generation();
  t.reset({}, {});
  EXPECT_NE(t.generation(), generation);
  EXPECT_DOUBLE_EQ(t.start(), 0.0);
  EXPECT_DOUBLE_EQ(t.end(), 0.0);
  EXPECT_TRUE(t.clipTimes().empty());
}

TEST(Timeline, NothingEnabledKeepsTheRangeOfAllClips) {
  Timeline t;
  t.reset({clip(0.0f, 2.0f), clip(1.0f, 4.0f)}, {false, false});
  EXPECT_DOUBLE_EQ(t.start(), 0.0);
  EXPECT_DOUBLE_EQ(t.end(), 4.0);
}

TEST(Timeline, LoopWrapsAtTheEnd) {
  Timeline t = oneClip();
  EXPECT_EQ(t.loop(), LoopMode::Loop);
  t.advance(1.5);
  EXPECT_NEAR(t.time(), 1.5, kEps);
  t.advance(1.0);
  EXPECT_NEAR(t.time(), 0.5, kEps);
  EXPECT_TRUE(t.playing());
  EXPECT_FLOAT_EQ(t.clipTimes()[0], 0.5f);
  t.advance(4.25);  // more than a whole span at once
  EXPECT_NEAR(t.time(), 0.75, kEps);
}

TEST(Timeline, OnceStopsAtTheEndAndPlayStartsOver) {
  Timeline t = oneClip();
  t.setLoop(LoopMode::Once);
  t.advance(2.5);
  EXPECT_DOUBLE_EQ(t.time(), 2.0);
  EXPECT_FALSE(t.playing());
  t.advance(1.0);  // paused: nothing moves
  EXPECT_DOUBLE_EQ(t.time(), 2.0);
  t.play();
  EXPECT_TRUE(t.playing());
  EXPECT_DOUBLE_EQ(t.time(), 0.0);
  EXPECT_FLOAT_EQ(t.clipTimes()[0], 0.0f);
  // Play from the middle resumes where it is.
  t.advance(0.5);
  t.pause();
  t.play();
  EXPECT_NEAR(t.time(), 0.5, kEps);
}

TEST(Timeline, OnceEndsOnlyAtTheBoundPlaybackRunsTowards) {
  Timeline t = oneClip();
  t.setLoop(LoopMode::Once);
  // Forward, standing at `in`: a zero-length frame is not the end.
  t.advance(0.0);
  EXPECT_TRUE(t.playing());
  EXPECT_DOUBLE_EQ(t.time(), 0.0);
  t.advance(0.5);
  EXPECT_TRUE(t.playing());
  EXPECT_DOUBLE_EQ(t.time(), 0.5);
  // Reversed, standing at `out`: the same.
  t.setSpeed(-1.0f);
  t.jumpToEnd();
  t.advance(0.0);
  EXPECT_TRUE(t.playing());
  EXPECT_DOUBLE_EQ(t.time(), 2.0);
  t.advance(2.5);  // reversed, past `in`: ends there
  EXPECT_FALSE(t.playing());
  EXPECT_DOUBLE_EQ(t.time(), 0.0);
}

TEST(Timeline, PingPongBouncesBetweenTheBounds) {
  Timeline t = oneClip();
  t.setLoop(LoopMode::PingPong);
  t.advance(2.5);
  EXPECT_NEAR(t.time(), 1.5, kEps);
  EXPECT_EQ(t.direction(), -1);
  t.advance(1.0);
  EXPECT_NEAR(t.time(), 0.5, kEps);
  EXPECT_EQ(t.direction(), -1);
  t.advance(1.0);  // bounces off the start
  EXPECT_NEAR(t.time(), 0.5, kEps);
  EXPECT_EQ(t.direction(), 1);
  t.advance(4.0);  // two reflections: back to the same place and direction
  EXPECT_NEAR(t.time(), 0.5, kEps);
  EXPECT_EQ(t.direction(), 1);
  EXPECT_TRUE(t.playing());
}

TEST(Timeline, ReverseRunsTimeBackwards) {
  Timeline t = oneClip();
  t.setSpeed(-1.0f);
  EXPECT_TRUE(t.reversed());
  t.advance(0.5);  // from the start, wrapping to the end
  EXPECT_NEAR(t.time(), 1.5, kEps);
  t.setLoop(LoopMode::Once);
  t.advance(2.0);
  EXPECT_DOUBLE_EQ(t.time(), 0.0);
  EXPECT_FALSE(t.playing());
  t.play();  // reversed Once at the start starts over from the end
  EXPECT_DOUBLE_EQ(t.time(), 2.0);
  EXPECT_TRUE(t.playing());
}

TEST(Timeline, SpeedScalesWallTimeAndIsClamped) {
  Timeline t = oneClip();
  t.setSpeed(2.0f);
  t.advance(0.25);
  EXPECT_NEAR(t.time(), 0.5, kEps);
  t.setSpeed(0.5f);
  t.advance(0.5);
  EXPECT_NEAR(t.time(), 0.75, kEps);
  t.setSpeed(10.0f);
  EXPECT_FLOAT_EQ(t.speed(), 4.0f);
  t.setSpeed(0.01f);
  EXPECT_FLOAT_EQ(t.speed(), 0.1f);
  t.setSpeed(-10.0f);
  EXPECT_FLOAT_EQ(t.speed(), -4.0f);
  t.setSpeed(0.0f);
  EXPECT_FLOAT_EQ(t.speed(), 0.1f);
}

TEST(Timeline, StepsOneFrameAtTheFrameRateAndPauses) {
  Timeline t = oneClip();
  EXPECT_EQ(t.fps(), 30);
  t.stepFrames(1);
  EXPECT_FALSE(t.playing());
  t.stepFrames(1);
  EXPECT_EQ(t.time(), 2.0 / 30.0);
  EXPECT_EQ(t.frame(), 2);
  EXPECT_FLOAT_EQ(t.clipTimes()[0], float(2.0 / 30.0));
  t.stepFrames(-1);
  EXPECT_EQ(t.time(), 1.0 / 30.0);
  // Between frames: forward goes to the next boundary, back to the previous one.
  t.setFps(24);
  t.setTime(0.05);  // frame 1.2 at 24 fps
  EXPECT_EQ(t.frame(), 1);
  t.stepFrames(1);
  EXPECT_EQ(t.time(), 2.0 / 24.0);
  t.setTime(0.05);
  t.stepFrames(-1);
  EXPECT_EQ(t.time(), 1.0 / 24.0);
  // Clamped to the play range.
  t.jumpToStart();
  t.stepFrames(-1);
  EXPECT_DOUBLE_EQ(t.time(), 0.0);
  t.jumpToEnd();
  t.stepFrames(1);
  EXPECT_DOUBLE_EQ(t.time(), 2.0);
  t.setFps(0);  // ignored
  EXPECT_EQ(t.fps(), 24);
}

TEST(Timeline, InOutRangeRestrictsPlaybackAndJumps) {
  Timeline t = oneClip();
  t.setRange(0.5, 1.5);
  EXPECT_TRUE(t.hasRange());
  EXPECT_DOUBLE_EQ(t.time(), 0.5);  // t was outside: clamped in
  t.advance(1.2);
  EXPECT_NEAR(t.time(), 0.7, kEps);  // looped within [0.5, 1.5]
  t.jumpToEnd();
  EXPECT_DOUBLE_EQ(t.time(), 1.5);
  t.jumpToStart();
  EXPECT_DOUBLE_EQ(t.time(), 0.5);
  t.setLoop(LoopMode::Once);
  t.advance(5.0);
  EXPECT_DOUBLE_EQ(t.time(), 1.5);
  EXPECT_FALSE(t.playing());
  t.stop();
  EXPECT_DOUBLE_EQ(t.time(), 0.5);
  EXPECT_FALSE(t.playing());
  // Scrubbing may leave the range; playing comes back into it.
  t.setTime(1.9);
  EXPECT_DOUBLE_EQ(t.time(), 1.9);
  t.setLoop(LoopMode::Loop);
  t.play();
  t.advance(0.1);
  EXPECT_NEAR(t.time(), 0.6, kEps);  // from `in`, not from where the scrub left it
  // In/out outside the timeline are clamped into it, in swapped with out.
  t.setRange(10.0, -1.0);
  EXPECT_DOUBLE_EQ(t.in(), 0.0);
  EXPECT_DOUBLE_EQ(t.out(), 2.0);
  t.clearRange();
  EXPECT_FALSE(t.hasRange());
}

TEST(Timeline, ClipOffsetSpeedAndLoopMapToClipTime) {
  Timeline t;
  t.reset({clip(0.0f, 4.0f), clip(1.0f, 3.0f)}, {true, true});
  ClipSettings s;
  s.offset = 0.5f;
  s.speed = 2.0f;
  t.setClip(1, s);
  // local = a + w((t - a - o) * s) with a = 1, o = 0.5, s = 2, L = 2.
  EXPECT_DOUBLE_EQ(t.clipTime(1, 0.0), 1.0);  // before its start: first pose
  EXPECT_DOUBLE_EQ(t.clipTime(1, 1.5), 1.0);
  EXPECT_DOUBLE_EQ(t.clipTime(1, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(t.clipTime(1, 2.75), 3.0);  // Once: holds the last pose
  EXPECT_DOUBLE_EQ(t.timelineTime(1, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(t.timelineTime(1, 3.0), 2.5);
  s.loop = LoopMode::Loop;
  t.setClip(1, s);
  EXPECT_DOUBLE_EQ(t.clipTime(1, 2.75), 1.5);  // u = 2.5 -> 0.5
  EXPECT_DOUBLE_EQ(t.clipTime(1, 3.25), 2.5);  // u = 3.5 -> 1.5
  s.loop = LoopMode::PingPong;
  t.setClip(1, s);
  EXPECT_DOUBLE_EQ(t.clipTime(1, 2.75), 2.5);  // u = 2.5: on the way back, 1.5 from the start
  EXPECT_DOUBLE_EQ(t.clipTime(1, 3.25), 1.5);  // u = 3.5 -> 0.5
  // clipTimes() follows the current time with each clip's mapping.
  t.setTime(3.25);
  EXPECT_EQ(t.clipTimes(), (std::vector<float>{3.25f, 1.5f}));
  // The range is the union of first passes: [0, 4] and [1.5, 2.5].
  EXPECT_DOUBLE_EQ(t.end(), 4.0);
  t.solo(1);
  EXPECT_DOUBLE_EQ(t.start(), 1.5);
  EXPECT_DOUBLE_EQ(t.end(), 2.5);
  EXPECT_DOUBLE_EQ(t.time(), 2.5);  // clamped into the new range
  // A speed out of range is clamped, like the global one.
  s.speed = 100.0f;
  t.setClip(1, s);
  EXPECT_FLOAT_EQ(t.clip(1).speed, Timeline::kMaxSpeed);
}

TEST(Timeline, SoloAndEnableAll) {
  Timeline t;
  t.reset({clip(0.0f, 1.0f), clip(0.0f, 2.0f), clip(0.0f, 3.0f)}, {true, true, true});
  t.solo(1);
  EXPECT_EQ(t.enabled(), (std::vector<bool>{false, true, false}));
  EXPECT_FALSE(t.clip(0).enabled);
  EXPECT_DOUBLE_EQ(t.end(), 2.0);
  t.setEnabled(2, true);
  EXPECT_EQ(t.enabled(), (std::vector<bool>{false, true, true}));
  EXPECT_DOUBLE_EQ(t.end(), 3.0);
  t.enableAll();
  EXPECT_EQ(t.enabled(), (std::vector<bool>{true, true, true}));
  t.solo(7);  // no such clip: nothing changes
  EXPECT_EQ(t.enabled(), (std::vector<bool>{true, true, true}));
}

TEST(Timeline, ConflictsNameTheClipsAndTheLaterOneWins) {
  Timeline t;
  t.reset({clip(0.0f, 1.0f,
                {channel("/nodes/0/translation", {0, 1}), channel("/nodes/1/rotation", {0, 1})}),
           clip(0.0f, 1.0f,
                {channel("/materials/0/pbrMetallicRoughness/baseColorFactor", {0, 1}),
                 channel("/nodes/1/rotation", {}, false)}),  // skipped: writes nothing
           clip(0.0f, 1.0f, {channel("/nodes/0/translation", {0, 1})})},
          {true, true, true});
  ASSERT_EQ(t.conflicts().size(), 1u);
  EXPECT_EQ(t.conflicts()[0].target, "/nodes/0/translation");
  EXPECT_EQ(t.conflicts()[0].clips, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(t.conflicts()[0].winner(), 2u);
  t.setEnabled(2, false);
  EXPECT_TRUE(t.conflicts().empty());
  t.setEnabled(2, true);
  EXPECT_EQ(t.conflicts().size(), 1u);
  t.solo(0);
  EXPECT_TRUE(t.conflicts().empty());
}

TEST(Timeline, KeyframeNavigationFollowsTheClipsPasses) {
  Timeline t;
  t.reset({clip(0.0f, 4.0f), clip(0.0f, 2.0f)}, {true, true});
  const std::vector<float> keys{0.0f, 0.5f, 2.0f};
  double found = -1.0;
  // Once: the keys once, where they are.
  EXPECT_TRUE(t.nextKey(1, keys, 0.1, &found));
  EXPECT_DOUBLE_EQ(found, 0.5);
  EXPECT_TRUE(t.nextKey(1, keys, 0.5, &found));  // strictly after
  EXPECT_DOUBLE_EQ(found, 2.0);
  EXPECT_FALSE(t.nextKey(1, keys, 2.0, &found));
  EXPECT_TRUE(t.previousKey(1, keys, 3.0, &found));
  EXPECT_DOUBLE_EQ(found, 2.0);
  EXPECT_FALSE(t.previousKey(1, keys, 0.0, &found));
  // Loop: pass 1 repeats them from t = 2.
  ClipSettings s;
  s.loop = LoopMode::Loop;
  t.setClip(1, s);
  EXPECT_TRUE(t.nextKey(1, keys, 2.1, &found));
  EXPECT_DOUBLE_EQ(found, 2.5);
  EXPECT_TRUE(t.nextKey(1, keys, 2.5, &found));
  EXPECT_DOUBLE_EQ(found, 4.0);
  EXPECT_TRUE(t.previousKey(1, keys, 2.4, &found));
  EXPECT_DOUBLE_EQ(found, 2.0);
  std::vector<double> ticks;
  t.forEachKey(1, keys, t.start(), t.end(), 100, [&](double k) { ticks.push_back(k); });
  // Where two passes meet, their shared key is reported by both.
  EXPECT_EQ(ticks, (std::vector<double>{0.0, 0.5, 2.0, 2.0, 2.5, 4.0, 4.0}));
  ticks.clear();
  t.forEachKey(1, keys, t.start(), t.end(), 4, [&](double k) { ticks.push_back(k); });
  EXPECT_EQ(ticks.size(), 4u);
  // Ping-pong: pass 1 plays backwards, reaching local 0.5 at 2 + 1.5.
  s.loop = LoopMode::PingPong;
  t.setClip(1, s);
  EXPECT_TRUE(t.nextKey(1, keys, 2.1, &found));
  EXPECT_DOUBLE_EQ(found, 3.5);
  // Offset and speed move the keys: a + o + (k - a) / s.
  s = ClipSettings{};
  s.offset = 1.0f;
  s.speed = 2.0f;
  t.setClip(1, s);
  EXPECT_TRUE(t.nextKey(1, keys, 0.0, &found));
  EXPECT_DOUBLE_EQ(found, 1.0);
  EXPECT_TRUE(t.nextKey(1, keys, 1.0, &found));
  EXPECT_DOUBLE_EQ(found, 1.25);
}

// Key times at `fps` from frame `first` to frame `last`, as float seconds (as in a glTF).
std::vector<float> framesAt(int fps, int first, int last) {
  std::vector<float> keys;
  for (int f = first; f <= last; ++f) keys.push_back(float(f) / float(fps));
  return keys;
}

TEST(Timeline, InfersTheFrameRateFromTheKeySpacing) {
  // 24 fps keys over 4 s, far from t = 0 too (float rounding of the times).
  EXPECT_EQ(inferFrameRate(
                {clip(0.0f, 4.0f, {channel("/nodes/0/rotation", framesAt(24, 0, 96))}),
                 clip(100.0f, 104.0f, {channel("/nodes/1/rotation", framesAt(24, 2400, 2496))})}),
            24);
  // 30 fps keys outnumber a few keys at other spacings (a hold, a sub-frame key).
  std::vector<float> keys = framesAt(30, 0, 60);
  keys.insert(keys.end(), {2.5f, 3.5f, 3.51f});
  EXPECT_EQ(inferFrameRate({clip(0.0f, 3.51f, {channel("/nodes/0/translation", keys)})}), 30);
  EXPECT_EQ(inferFrameRate({clip(0.0f, 1.0f, {channel("/nodes/0/scale", framesAt(60, 0, 60))})}),
            60);
  // Irregular keys, or none at all: the default 30.
  EXPECT_EQ(inferFrameRate({clip(
                0.0f, 1.0f, {channel("/nodes/0/rotation", {0.0f, 0.13f, 0.37f, 0.61f, 1.0f})})}),
            30);
  EXPECT_EQ(inferFrameRate({}), 30);
  // Skipped channels do not count: their keys are unknown.
  EXPECT_EQ(inferFrameRate({clip(0.0f, 1.0f, {channel("/foo", {}, false)})}), 30);

  // reset() uses it; the user can still change it.
  Timeline t;
  t.reset({clip(0.0f, 4.0f, {channel("/nodes/0/rotation", framesAt(24, 0, 96))})}, {true});
  EXPECT_EQ(t.fps(), 24);
  t.stepFrames(1);
  EXPECT_NEAR(t.time(), 1.0 / 24.0, kEps);
  t.setFps(50);
  EXPECT_EQ(t.fps(), 50);
}

TEST(Timeline, UpDownJumpBetweenTheKeysOfTheEnabledClips) {
  // Clip 0 keyed at 0, 1, 2; clip 1 (two channels sharing one array) at 0.5, 1.5; clip 2,
  // disabled, at 0.25.
  const auto shared = std::make_shared<const std::vector<float>>(std::vector<float>{0.5f, 1.5f});
  anim::ChannelInfo a = channel("/nodes/1/rotation", {}), b = channel("/nodes/1/scale", {});
  a.keyTimes = b.keyTimes = shared;
  const std::vector<anim::ClipInfo> clips = {
      clip(0.0f, 2.0f, {channel("/nodes/0/rotation", {0.0f, 1.0f, 2.0f})}),
      clip(0.5f, 1.5f, {a, b}), clip(0.25f, 0.25f, {channel("/nodes/2/scale", {0.25f})})};
  Timeline t;
  t.reset(clips, {true, true, false});
  t.pause();
  double k = -1.0;
  ASSERT_TRUE(adjacentKeyframe(t, clips, true, &k));
  EXPECT_DOUBLE_EQ(k, 0.5);  // not the disabled clip's 0.25
  t.setTime(k);
  ASSERT_TRUE(adjacentKeyframe(t, clips, true, &k));
  EXPECT_DOUBLE_EQ(k, 1.0);
  t.setTime(2.0);
  EXPECT_FALSE(adjacentKeyframe(t, clips, true, &k));  // the last key
  ASSERT_TRUE(adjacentKeyframe(t, clips, false, &k));
  EXPECT_DOUBLE_EQ(k, 1.5);
  t.setTime(0.0);
  EXPECT_FALSE(adjacentKeyframe(t, clips, false, &k));
}

TEST(Timeline, RulerLabelsEveryFewFramesAsTheyFit) {
  // 3 s over 600 px at 30 fps: 6.7 px a frame; labels 50 px apart need 10 frames.
  EXPECT_EQ(rulerFrameStep(200.0, 30, 50.0), 10);
  EXPECT_EQ(rulerFrameStep(2000.0, 24, 50.0), 1);  // 83 px a frame: every frame
  EXPECT_EQ(rulerFrameStep(2000.0, 60, 50.0), 2);  // 33 px a frame
  EXPECT_EQ(rulerFrameStep(10.0, 30, 50.0), 200);  // a long clip: 0.33 px a frame
  EXPECT_EQ(rulerFrameStep(0.0, 30, 50.0), 0);
  EXPECT_EQ(rulerFrameStep(100.0, 0, 50.0), 0);
}

}  // namespace
}  // namespace vitrine::app
