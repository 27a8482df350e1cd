// The timeline's state: which clips play, at what time, how time moves. No window, no ImGui:
// the viewer advances it once a frame and evaluates the animations at clipTimes(); the
// timeline panel (timeline_panel.h) and the keyboard drive it through the calls below.
//
// Time model
// ----------
// One global time t (seconds, on the glTF clips' own time base), moved by wall time:
//   t += wallSeconds * speed * direction
// where speed is signed (|speed| in [0.1, 4], negative = reverse) and direction is +1, or -1
// during the return half of a ping-pong. t is kept in the play range [in, out], which is the
// timeline range [start, end] unless the user set an in/out range inside it. Reaching a bound:
//   Once      stops there and pauses (play() at that bound starts over from the other one);
//   Loop      wraps: t = in + mod(t - in, out - in) (reverse: from out downwards);
//   PingPong  reflects at the bound and flips `direction`.
//
// Each clip i has its own offset o_i (seconds on the timeline), speed s_i in [0.1, 4] and loop
// mode over its own keyframes [a_i, b_i] = [ClipInfo::start, ClipInfo::end], L_i = b_i - a_i:
//   u_i = (t - a_i - o_i) * s_i                 (how far into the clip, in clip seconds)
//   local_i(t) = a_i + w_i(u_i)
//     Once      w(u) = clamp(u, 0, L)             (holds the first and last poses)
//     Loop      w(u) = u < 0 ? 0 : mod(u, L)      (repeats after its first pass)
//     PingPong  w(u) = u < 0 ? 0 : L - |mod(u, 2L) - L|
//   (L = 0: w(u) = 0.) With o = 0 and s = 1 a clip plays at t itself: local(t) = t on [a, b].
// The clip's first pass covers [a_i + o_i, a_i + o_i + L_i / s_i] on the timeline; the timeline
// range [start, end] is the union of the first passes of the enabled clips (of all clips when
// none is enabled; [0, 0] without clips). It follows the clips' settings; the in/out range and
// t are clamped into it.
//
// Frames: at `fps` (inferred from the keys at reset(), 30 by default) frame n is at t = n / fps
// (frame 0 at t = 0, as in a DCC). Stepping a frame pauses and moves to the next (previous) frame
// boundary, within [in, out].
//
// Conflicts: when two enabled clips have bound channels with the same target pointer, both
// write it; Animations::evaluate runs clips in array order, so the later clip wins.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "animation.h"

namespace vitrine::app {

enum class LoopMode : uint8_t { Once, Loop, PingPong };

struct ClipSettings {
  bool enabled = true;
  float speed = 1.0f;              // [kMinSpeed, kMaxSpeed]
  LoopMode loop = LoopMode::Once;  // a clip holds its last pose by default (glTF Appendix C)
  float offset = 0.0f;             // seconds: the clip starts this much later on the timeline
};

// Two or more enabled clips writing the same property.
struct Conflict {
  std::string target;           // the JSON pointer
  std::vector<uint32_t> clips;  // ascending; the last one wins
  uint32_t winner() const { return clips.back(); }
};

// The asset's apparent frame rate: the most common positive spacing between consecutive key
// times of the bound channels (0.1 ms bins), as a rate, matched to the nearest of
// Timeline::kFrameRates within 2 %; 30 when there are no keys or no rate matches (irregular
// keys, or keys every few frames).
int inferFrameRate(const std::vector<anim::ClipInfo>& clips);

class Timeline {
 public:
  static constexpr float kMinSpeed = 0.1f, kMaxSpeed = 4.0f;
  static constexpr int kFrameRates[] = {24, 25, 30, 48, 50, 60};

  // Starts over with the clips of a newly loaded asset; clip i plays when enabled[i] (missing
  // entries: disabled). Resets every setting but the global loop mode and speed; the fps
  // becomes inferFrameRate(clips); playing, t = start. Bumps generation().
  void reset(const std::vector<anim::ClipInfo>& clips, std::vector<bool> enabled);
  // Changes on every reset(): panels that cache per-document data compare it.
  uint64_t generation() const { return generation_; }

  // --- transport ---------------------------------------------------------------------
  // Moves time by `wallSeconds` of real time while playing (see the time model).
  void advance(double wallSeconds);
  // Play: in Once mode at the bound playback runs towards (out, or in when reversed), starts
  // over from the other bound.
  void play();
  void pause() { playing_ = false; }
  void togglePlay() { playing_ ? pause() : play(); }
  // Pauses and goes back to `in`.
  void stop();
  bool playing() const { return playing_; }
  // Pauses and moves `frames` frame boundaries (negative: back), clamped to [in, out].
  void stepFrames(int frames);
  void jumpToStart() { setTime(in()); }  // to `in` (the range start without an in/out range)
  void jumpToEnd() { setTime(out()); }
  // Scrubbing: sets t, clamped to [start, end]; does not change playing.
  void setTime(double t);
  double time() const { return time_; }

  // --- range, rate, modes ------------------------------------------------------------
  double start() const { return start_; }
  double end() const { return end_; }
  double in() const { return hasRange_ ? in_ : start_; }
  double out() const { return hasRange_ ? out_ : end_; }
  bool hasRange() const { return hasRange_; }
  // Restricts playback and looping to [in, out] (each clamped to [start, end], in <= out).
  void setRange(double in, double out);
  void clearRange() { hasRange_ = false; }

  LoopMode loop() const { return loop_; }
  void setLoop(LoopMode mode);  // a ping-pong starts forward
  // Signed: |speed| is clamped to [kMinSpeed, kMaxSpeed], the sign kept (0 counts as +).
  void setSpeed(float speed);
  float speed() const { return speed_; }
  bool reversed() const { return speed_ < 0.0f; }
  // The direction of a ping-pong (+1 or -1); always +1 in the other modes.
  int direction() const { return direction_; }
  // Carries a ping-pong's direction over (hot reload): -1 only in PingPong mode, else +1.
  void setDirection(int direction) {
    direction_ = loop_ == LoopMode::PingPong && direction < 0 ? -1 : 1;
  }
  // fps must be positive; other values are ignored.
  void setFps(int fps);
  int fps() const { return fps_; }
  // The frame t is on or just past: floor(t * fps) (with a little tolerance for rounding).
  int64_t frame() const;

  // --- clips -------------------------------------------------------------------------
  size_t clipCount() const { return settings_.size(); }
  const ClipSettings& clip(size_t i) const { return settings_[i]; }
  // Changes clip i's settings (speed clamped to [kMinSpeed, kMaxSpeed]); recomputes the
  // range, the conflicts and clipTimes(). Out-of-range i is ignored.
  void setClip(size_t i, const ClipSettings& settings);
  void setEnabled(size_t i, bool enabled);
  // Enables clip i alone.
  void solo(size_t i);
  void enableAll();
  // Clip i's local time at timeline time t (the formula above).
  double clipTime(size_t i, double t) const;
  // Where clip-local time `local` lies on the timeline during the clip's first pass (inverse
  // of the formula there): a + o + (local - a) / s.
  double timelineTime(size_t i, double local) const;
  // The nearest timeline time strictly after (before) t at which clip i reaches one of
  // `keyTimes` (clip-local, ascending), over every pass of the clip inside [start, end];
  // false when there is none.
  bool nextKey(size_t i, const std::vector<float>& keyTimes, double t, double* found) const;
  bool previousKey(size_t i, const std::vector<float>& keyTimes, double t, double* found) const;
  // Calls fn(timelineTime) for every time in [lo, hi] at which clip i reaches one of keyTimes
  // (clip-local, ascending), pass after pass (not necessarily in ascending order). Allocates
  // nothing; stops after `limit` calls (drawing needs no more than a bar has pixels).
  template <class Fn>
  void forEachKey(size_t i, const std::vector<float>& keyTimes, double lo, double hi, size_t limit,
                  Fn&& fn) const;

  // Which enabled clips write the same property, and who wins; recomputed when the enabled
  // set changes (never per frame).
  const std::vector<Conflict>& conflicts() const { return conflicts_; }

  // Per clip, what Animations::evaluate(clipSeconds, enabled, dirty) takes.
  const std::vector<float>& clipTimes() const { return clipTimes_; }
  const std::vector<bool>& enabled() const { return enabled_; }

 private:
  struct ClipSpan {
    double a = 0.0, b = 0.0;
  };
  void updateRange();
  void updateConflicts();
  void updateClipTimes();
  // Passes of clip i that start within [lo, hi] (and the one running at lo): [first, last].
  void passes(size_t i, double lo, double hi, int64_t* first, int64_t* last) const;
  // Timeline time of clip-local `local` during pass `pass` (pass 0 = the first).
  double keyOnTimeline(size_t i, double local, int64_t pass) const;
  // fn(timeline time) for each key of each pass in [first, last]; false from fn stops.
  template <class Fn>
  void forEachKeyInPasses(size_t i, const std::vector<float>& keyTimes, int64_t first, int64_t last,
                          Fn&& fn) const {
    for (int64_t p = first; p <= last; ++p)
      for (float k : keyTimes)
        if (!fn(keyOnTimeline(i, k, p))) return;
  }

  std::vector<ClipSpan> spans_;
  std::vector<ClipSettings> settings_;
  // Targets are interned at reset(), so that a click recomputes the conflicts with integer
  // work only: the distinct targets, sorted, and per clip the ids of its bound channels'
  // targets, sorted, each once.
  std::vector<std::string> targetNames_;
  std::vector<std::vector<uint32_t>> targets_;
  // Scratch of updateConflicts(), per target id: the conflict it is in, or kNone.
  std::vector<uint32_t> firstWriter_, conflictOf_;
  std::vector<Conflict> conflicts_;
  std::vector<float> clipTimes_;
  std::vector<bool> enabled_;
  double start_ = 0.0, end_ = 0.0, in_ = 0.0, out_ = 0.0, time_ = 0.0;
  bool hasRange_ = false;
  bool playing_ = true;
  LoopMode loop_ = LoopMode::Loop;
  float speed_ = 1.0f;
  int direction_ = 1;
  int fps_ = 30;
  uint64_t generation_ = 0;
};

// The nearest timeline time strictly after (forward) or before t = timeline.time() at which
// an enabled clip reaches a key of one of its bound channels (Timeline::nextKey/previousKey
// over each distinct key-time array): the Up/Down keys. False when there is none. `clips` are
// the ones the timeline was reset with.
bool adjacentKeyframe(const Timeline& timeline, const std::vector<anim::ClipInfo>& clips,
                      bool forward, double* found);

// The ruler above the scrub bar labels every N-th frame, N the first of 1, 2, 5, 10, 20, 50...
// whose labels are at least minPixels apart when one second spans pixelsPerSecond at `fps`.
// 0 when pixelsPerSecond or fps is not positive (no ruler).
int64_t rulerFrameStep(double pixelsPerSecond, int fps, double minPixels);

template <class Fn>
void Timeline::forEachKey(size_t i, const std::vector<float>& keyTimes, double lo, double hi,
                          size_t limit, Fn&& fn) const {
  if (i >= settings_.size() || keyTimes.empty() || limit == 0) return;
  int64_t first = 0, last = 0;
  passes(i, lo, hi, &first, &last);
  size_t calls = 0;
  forEachKeyInPasses(i, keyTimes, first, last, [&](double t) {
    if (t < lo || t > hi) return true;
    fn(t);
    return ++calls < limit;
  });
}

}  // namespace vitrine::app
