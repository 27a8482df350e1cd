#include "timeline.h"

#include <algorithm>
#include <cmath>

namespace vitrine::app {

void Timeline::reset(const std::vector<anim::ClipInfo>& clips, std::vector<bool> enabled) {
  enabled_ = std::move(enabled);
  enabled_.resize(clips.size(), false);
  clipTimes_.assign(clips.size(), 0.0f);
  bool any = false;
  for (size_t i = 0; i < clips.size(); ++i) {
    if (!enabled_[i]) continue;
    start_ = any ? std::min(start_, clips[i].start) : clips[i].start;
    end_ = any ? std::max(end_, clips[i].end) : clips[i].end;
    any = true;
  }
  if (!any) start_ = end_ = 0.0f;
  time_ = start_;
  std::fill(clipTimes_.begin(), clipTimes_.end(), time_);
}

void Timeline::seek(float seconds) {
  time_ = std::clamp(seconds, start_, std::max(start_, end_));
  std::fill(clipTimes_.begin(), clipTimes_.end(), time_);
}

void Timeline::advance(double wallSeconds) {
  if (!playing_ || end_ <= start_) return;
  const float span = end_ - start_;
  time_ = start_ + std::fmod(time_ - start_ + float(wallSeconds), span);
  std::fill(clipTimes_.begin(), clipTimes_.end(), time_);
}

}  // namespace vitrine::app
