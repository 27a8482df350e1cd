#include "timeline.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace vitrine::app {
namespace {

// Frame boundaries are compared with this tolerance (in frames): t = 2/30 stored as a double
// times 30 is not exactly 2.
constexpr double kFrameEpsilon = 1e-6;
// A clip that repeats more often than this within the range is not enumerated further.
constexpr int64_t kMaxPasses = 1'000'000;
constexpr uint32_t kNone = UINT32_MAX;

// mod(x, m) in [0, m) for m > 0, also for negative x.
double positiveMod(double x, double m) {
  const double r = std::fmod(x, m);
  return r < 0.0 ? r + m : r;
}

float clampSpeedMagnitude(float speed) {
  return std::clamp(std::abs(speed), Timeline::kMinSpeed, Timeline::kMaxSpeed);
}

}  // namespace

int inferFrameRate(const std::vector<anim::ClipInfo>& clips) {
  // Channels of a clip usually share one key-time array: each array is read once.
  std::unordered_set<const std::vector<float>*> seen;
  // Spacings counted in bins of 0.1 ms: coarse enough that float rounding of key times (an
  // ulp is 8 us at t = 64 s) keeps one frame's spacing in one bin, fine enough to tell 1/60
  // (16.7 ms) from 1/50 (20 ms).
  constexpr double kBin = 1e-4;
  constexpr size_t kMaxSpacings = 4'000'000;  // enough to see the pattern of any asset
  std::unordered_map<int64_t, size_t> counts;
  size_t spacings = 0;
  for (const anim::ClipInfo& clip : clips) {
    for (const anim::ChannelInfo& c : clip.channels) {
      if (!c.bound || !c.keyTimes || !seen.insert(c.keyTimes.get()).second) continue;
      const std::vector<float>& k = *c.keyTimes;
      for (size_t j = 1; j < k.size() && spacings < kMaxSpacings; ++j, ++spacings) {
        const double d = double(k[j]) - double(k[j - 1]);
        if (d > 0.0 && std::isfinite(d)) ++counts[int64_t(std::llround(d / kBin))];
      }
    }
  }
  int64_t best = 0;
  size_t bestCount = 0;
  for (const auto& [bin, count] : counts) {
    // Ties go to the shorter spacing, so the result does not depend on hash order.
    if (bin > 0 && (count > bestCount || (count == bestCount && bin < best))) {
      best = bin;
      bestCount = count;
    }
  }
  constexpr int kDefault = 30;
  if (bestCount == 0) return kDefault;
  const double rate = 1.0 / (double(best) * kBin);
  int nearest = kDefault;
  double nearestError = 1e300;
  for (int r : Timeline::kFrameRates) {
    const double error = std::abs(rate - r) / r;
    if (error < nearestError) {
      nearest = r;
      nearestError = error;
    }
  }
  // 2 %: 24 and 25 are 4 % apart, so a rate is never matched to its neighbour.
  return nearestError <= 0.02 ? nearest : kDefault;
}

void Timeline::reset(const std::vector<anim::ClipInfo>& clips, std::vector<bool> enabled) {
  ++generation_;
  enabled.resize(clips.size(), false);
  spans_.resize(clips.size());
  settings_.assign(clips.size(), ClipSettings{});
  targets_.assign(clips.size(), {});
  targetNames_.clear();
  for (size_t i = 0; i < clips.size(); ++i) {
    spans_[i] = {clips[i].start, std::max(clips[i].end, clips[i].start)};
    settings_[i].enabled = enabled[i];
    for (const anim::ChannelInfo& c : clips[i].channels)
      if (c.bound) targetNames_.push_back(c.target);
  }
  std::sort(targetNames_.begin(), targetNames_.end());
  targetNames_.erase(std::unique(targetNames_.begin(), targetNames_.end()), targetNames_.end());
  for (size_t i = 0; i < clips.size(); ++i) {
    for (const anim::ChannelInfo& c : clips[i].channels) {
      if (!c.bound) continue;
      const auto at = std::lower_bound(targetNames_.begin(), targetNames_.end(), c.target);
      targets_[i].push_back(uint32_t(at - targetNames_.begin()));
    }
    std::sort(targets_[i].begin(), targets_[i].end());
    targets_[i].erase(std::unique(targets_[i].begin(), targets_[i].end()), targets_[i].end());
  }
  firstWriter_.assign(targetNames_.size(), kNone);
  conflictOf_.assign(targetNames_.size(), kNone);
  enabled_ = std::move(enabled);
  hasRange_ = false;
  direction_ = 1;
  playing_ = true;
  fps_ = inferFrameRate(clips);
  updateRange();
  time_ = start_;
  updateConflicts();
  updateClipTimes();
}

void Timeline::updateRange() {
  bool anyEnabled = false;
  for (const ClipSettings& s : settings_) anyEnabled = anyEnabled || s.enabled;
  bool any = false;
  for (size_t i = 0; i < settings_.size(); ++i) {
    if (anyEnabled && !settings_[i].enabled) continue;
    const double first = spans_[i].a + settings_[i].offset;
    const double last = first + (spans_[i].b - spans_[i].a) / settings_[i].speed;
    start_ = any ? std::min(start_, first) : first;
    end_ = any ? std::max(end_, last) : last;
    any = true;
  }
  if (!any) start_ = end_ = 0.0;
  in_ = std::clamp(in_, start_, end_);
  out_ = std::clamp(out_, in_, end_);
  time_ = std::clamp(time_, start_, end_);
}

void Timeline::updateConflicts() {
  conflicts_.clear();
  std::fill(firstWriter_.begin(), firstWriter_.end(), kNone);
  std::fill(conflictOf_.begin(), conflictOf_.end(), kNone);
  for (size_t i = 0; i < settings_.size(); ++i) {
    if (!settings_[i].enabled) continue;
    for (uint32_t id : targets_[i]) {
      if (firstWriter_[id] == kNone) {
        firstWriter_[id] = uint32_t(i);
      } else if (conflictOf_[id] == kNone) {
        conflictOf_[id] = uint32_t(conflicts_.size());
        conflicts_.push_back({targetNames_[id], {firstWriter_[id], uint32_t(i)}});
      } else {
        conflicts_[conflictOf_[id]].clips.push_back(uint32_t(i));
      }
    }
  }
  // By target, for a stable list in the UI (ids follow the sorted target names).
  std::sort(conflicts_.begin(), conflicts_.end(),
            [](const Conflict& a, const Conflict& b) { return a.target < b.target; });
}

void Timeline::updateClipTimes() {
  clipTimes_.resize(settings_.size());
  for (size_t i = 0; i < settings_.size(); ++i) clipTimes_[i] = float(clipTime(i, time_));
}

double Timeline::clipTime(size_t i, double t) const {
  if (i >= settings_.size()) return 0.0;
  const ClipSpan& c = spans_[i];
  const ClipSettings& s = settings_[i];
  const double length = c.b - c.a;
  const double u = (t - c.a - s.offset) * s.speed;
  if (length <= 0.0) return c.a;
  switch (s.loop) {
    case LoopMode::Once:
      return c.a + std::clamp(u, 0.0, length);
    case LoopMode::Loop:
      return c.a + (u < 0.0 ? 0.0 : positiveMod(u, length));
    case LoopMode::PingPong:
      return c.a + (u < 0.0 ? 0.0 : length - std::abs(positiveMod(u, 2.0 * length) - length));
  }
  return c.a;
}

double Timeline::timelineTime(size_t i, double local) const {
  if (i >= settings_.size()) return 0.0;
  return spans_[i].a + settings_[i].offset + (local - spans_[i].a) / settings_[i].speed;
}

void Timeline::passes(size_t i, double lo, double hi, int64_t* first, int64_t* last) const {
  *first = *last = 0;
  const double length = spans_[i].b - spans_[i].a;
  if (settings_[i].loop == LoopMode::Once || length <= 0.0) return;
  const double pass = length / settings_[i].speed;  // a pass's duration on the timeline
  const double base = spans_[i].a + settings_[i].offset;
  const double f = std::floor((lo - base) / pass), l = std::floor((hi - base) / pass);
  *first = int64_t(std::clamp(f, 0.0, double(kMaxPasses)));
  *last = int64_t(std::clamp(l, double(*first), double(*first + kMaxPasses)));
}

double Timeline::keyOnTimeline(size_t i, double local, int64_t pass) const {
  const ClipSpan& c = spans_[i];
  const double length = c.b - c.a;
  // A ping-pong's odd passes run the clip backwards: local time b - x is reached x into them.
  const bool backwards = settings_[i].loop == LoopMode::PingPong && pass % 2 == 1;
  const double into = backwards ? c.b - local : local - c.a;
  return c.a + settings_[i].offset + (double(pass) * length + into) / settings_[i].speed;
}

bool Timeline::nextKey(size_t i, const std::vector<float>& keyTimes, double t,
                       double* found) const {
  if (i >= settings_.size()) return false;
  bool any = false;
  // Every pass holds all the keys, so the next one is in t's pass or one of the two after it.
  int64_t first = 0, last = 0;
  passes(i, t, end_, &first, &last);
  last = std::min(last, first + 2);
  forEachKeyInPasses(i, keyTimes, first, last, [&](double k) {
    if (k > t + kFrameEpsilon / fps_ && k <= end_ && (!any || k < *found)) {
      *found = k;
      any = true;
    }
    return true;
  });
  return any;
}

bool Timeline::previousKey(size_t i, const std::vector<float>& keyTimes, double t,
                           double* found) const {
  if (i >= settings_.size()) return false;
  bool any = false;
  int64_t first = 0, last = 0;
  passes(i, t, t, &first, &last);
  first = std::max<int64_t>(last - 2, 0);
  forEachKeyInPasses(i, keyTimes, first, last, [&](double k) {
    if (k < t - kFrameEpsilon / fps_ && k >= start_ && (!any || k > *found)) {
      *found = k;
      any = true;
    }
    return true;
  });
  return any;
}

void Timeline::advance(double wallSeconds) {
  if (!playing_) return;
  const double lo = in(), hi = out();
  const double velocity = double(speed_) * direction_;
  // Scrubbed outside the in/out range: playing starts over from the range's near end.
  double t = time_;
  if (t < lo || t > hi) t = velocity > 0.0 ? lo : hi;
  const double span = hi - lo;
  if (span <= 0.0) {
    time_ = lo;
    updateClipTimes();
    return;
  }
  t += wallSeconds * velocity;
  switch (loop_) {
    case LoopMode::Once:
      // Only the bound playback runs towards ends it: time standing at `in` while playing
      // forward (advance(0) right after play()) has not finished.
      if (velocity > 0.0 ? t >= hi : t <= lo) {
        t = std::clamp(t, lo, hi);
        playing_ = false;
      }
      break;
    case LoopMode::Loop:
      t = lo + positiveMod(t - lo, span);
      break;
    case LoopMode::PingPong: {
      // k reflections happened; an odd count turns the direction round.
      const double x = t - lo;
      const double k = std::floor(x / span);
      const bool odd = positiveMod(k, 2.0) == 1.0;
      t = odd ? lo + (k + 1.0) * span - x : lo + x - k * span;
      if (odd) direction_ = -direction_;
      break;
    }
  }
  time_ = std::clamp(t, lo, hi);
  updateClipTimes();
}

void Timeline::play() {
  if (loop_ == LoopMode::Once) {
    const bool forward = speed_ * float(direction_) > 0.0f;
    if (forward && time_ >= out()) time_ = in();
    if (!forward && time_ <= in()) time_ = out();
    updateClipTimes();
  }
  playing_ = true;
}

void Timeline::stop() {
  playing_ = false;
  direction_ = 1;
  setTime(in());
}

void Timeline::stepFrames(int frames) {
  playing_ = false;
  const double f = time_ * fps_;
  const double target =
      frames > 0 ? std::floor(f + kFrameEpsilon) + frames : std::ceil(f - kFrameEpsilon) + frames;
  time_ = std::clamp(target / fps_, in(), out());
  updateClipTimes();
}

void Timeline::setTime(double t) {
  time_ = std::clamp(t, start_, end_);
  updateClipTimes();
}

void Timeline::setRange(double inPoint, double outPoint) {
  if (inPoint > outPoint) std::swap(inPoint, outPoint);
  in_ = std::clamp(inPoint, start_, end_);
  out_ = std::clamp(outPoint, in_, end_);
  hasRange_ = true;
  time_ = std::clamp(time_, in_, out_);
  updateClipTimes();
}

void Timeline::setLoop(LoopMode mode) {
  loop_ = mode;
  direction_ = 1;
}

void Timeline::setSpeed(float speed) {
  speed_ = std::copysign(clampSpeedMagnitude(speed), speed == 0.0f ? 1.0f : speed);
}

void Timeline::setFps(int fps) {
  if (fps > 0) fps_ = fps;
}

int64_t Timeline::frame() const {
  return int64_t(std::floor(time_ * fps_ + kFrameEpsilon));
}

void Timeline::setClip(size_t i, const ClipSettings& settings) {
  if (i >= settings_.size()) return;
  ClipSettings& s = settings_[i];
  s = settings;
  s.speed = clampSpeedMagnitude(settings.speed);
  if (!std::isfinite(s.offset)) s.offset = 0.0f;
  enabled_[i] = s.enabled;
  updateRange();
  updateConflicts();
  updateClipTimes();
}

void Timeline::setEnabled(size_t i, bool enabled) {
  if (i >= settings_.size()) return;
  ClipSettings s = settings_[i];
  s.enabled = enabled;
  setClip(i, s);
}

void Timeline::solo(size_t i) {
  if (i >= settings_.size()) return;
  for (size_t j = 0; j < settings_.size(); ++j) settings_[j].enabled = enabled_[j] = j == i;
  updateRange();
  updateConflicts();
  updateClipTimes();
}

void Timeline::enableAll() {
  for (size_t j = 0; j < settings_.size(); ++j) settings_[j].enabled = enabled_[j] = true;
  updateRange();
  updateConflicts();
  updateClipTimes();
}

bool adjacentKeyframe(const Timeline& timeline, const std::vector<anim::ClipInfo>& clips,
                      bool forward, double* found) {
  bool any = false;
  const double t = timeline.time();
  std::vector<const std::vector<float>*> seen;  // per clip: its channels share key arrays
  for (size_t i = 0; i < clips.size() && i < timeline.clipCount(); ++i) {
    if (!timeline.clip(i).enabled) continue;
    seen.clear();
    for (const anim::ChannelInfo& c : clips[i].channels) {
      if (!c.bound || !c.keyTimes || c.keyTimes->empty()) continue;
      if (std::find(seen.begin(), seen.end(), c.keyTimes.get()) != seen.end()) continue;
      seen.push_back(c.keyTimes.get());
      double k = 0.0;
      const bool hit = forward ? timeline.nextKey(i, *c.keyTimes, t, &k)
                               : timeline.previousKey(i, *c.keyTimes, t, &k);
      if (hit && (!any || (forward ? k < *found : k > *found))) {
        *found = k;
        any = true;
      }
    }
  }
  return any;
}

int64_t rulerFrameStep(double pixelsPerSecond, int fps, double minPixels) {
  if (!(pixelsPerSecond > 0.0) || fps <= 0) return 0;
  const double pixelsPerFrame = pixelsPerSecond / fps;
  for (int64_t decade = 1; decade <= int64_t(1e12); decade *= 10)
    for (int64_t m : {1, 2, 5})
      if (double(m * decade) * pixelsPerFrame >= minPixels) return m * decade;
  return 0;
}

}  // namespace vitrine::app
