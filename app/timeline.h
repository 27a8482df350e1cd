// The timeline's state: which clips play, at what time, how time moves. No window, no ImGui:
// the viewer advances it once a frame and evaluates the animations at clipTimes().
#pragma once

#include <vector>

#include "animation.h"

namespace vitrine::app {

class Timeline {
 public:
  // Starts over with the clips of a newly loaded asset; clip i plays when enabled[i].
  void reset(const std::vector<anim::ClipInfo>& clips, std::vector<bool> enabled);

  // Moves time by `wallSeconds` of real time while playing.
  void advance(double wallSeconds);

  void togglePlay() { playing_ = !playing_; }
  // Moves to `seconds`, clamped to [start(), end()] (hot reload keeps the time).
  void seek(float seconds);
  bool playing() const { return playing_; }
  // The current time on the timeline (seconds, the glTF clips' own time base).
  float time() const { return time_; }
  // The first and last keyframe over the enabled clips; start() == end() when nothing plays.
  float start() const { return start_; }
  float end() const { return end_; }

  // Per clip, what Animations::evaluate(clipSeconds, enabled, dirty) takes.
  const std::vector<float>& clipTimes() const { return clipTimes_; }
  const std::vector<bool>& enabled() const { return enabled_; }

 private:
  std::vector<float> clipTimes_;
  std::vector<bool> enabled_;
  float start_ = 0.0f, end_ = 0.0f, time_ = 0.0f;
  bool playing_ = true;
};

}  // namespace vitrine::app
