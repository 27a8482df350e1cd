#include "packed_animations.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "kernels.h"

namespace vitrine::anim {

namespace {

using detail::MarkRule;
using detail::Run;

template <class Mark>
void evaluateRun(const Run& r, const KeyLocation& at, const kernels::Channels& c,
                 const Mark& mark) {
  const bool cubic = r.interpolation == Interpolation::CubicSpline;
  if (at.where != Where::Between || r.interpolation == Interpolation::Step) {
    return kernels::copyRun(c, at.key, cubic ? 1 : 0, mark);  // v_k (CUBICSPLINE: a_k, v_k, b_k)
  }
  if (!cubic) return kernels::lerpRun(c, at.key, at.t, mark);
  const float t = at.t;
  const float t2 = t * t;
  const float t3 = t2 * t;
  const float td = at.td;
  // Appendix C: the weights of v_k, b_k, v_(k+1) and a_(k+1), as sampler.cpp computes them.
  const float h[4] = {2.0f * t3 - 3.0f * t2 + 1.0f, td * (t3 - 2.0f * t2 + t),
                      -2.0f * t3 + 3.0f * t2, td * (t3 - t2)};
  kernels::cubicRun(c, at.key, h, mark);
}

}  // namespace

void PackedAnimations::evaluate(float seconds, const std::vector<bool>& enabled,
                                scene::DirtySet& dirty) {
  beginFrame();
  sampleChannels(seconds, enabled, dirty);
  diffContested(dirty);
  followMeshWeights(dirty);
  updateWorld(dirty);
  dirty.coalesce();
}

void PackedAnimations::evaluate(const std::vector<float>& clipSeconds,
                                const std::vector<bool>& enabled, scene::DirtySet& dirty) {
  beginFrame();
  sampleChannels(clipSeconds, enabled, dirty);
  diffContested(dirty);
  followMeshWeights(dirty);
  updateWorld(dirty);
  dirty.coalesce();
}

void PackedAnimations::beginFrame() {
  if (++frame_ == 0) {  // the stamp wrapped: forget every old stamp
    std::fill(nodeStamp_.begin(), nodeStamp_.end(), 0u);
    frame_ = 1;
  }
  for (const detail::Contested& c : contested_) {
    std::memcpy(&snapshot_[c.snapshot], c.data, c.count * sizeof(float));
  }
}

void PackedAnimations::sampleChannels(float seconds, const std::vector<bool>& enabled,
                                      scene::DirtySet& dirty) {
  clipSeconds_.assign(clips_.size(), seconds);  // no allocation after the first frame
  sampleChannels(clipSeconds_, enabled, dirty);
}

void PackedAnimations::sampleChannels(const std::vector<float>& clipSeconds,
                                      const std::vector<bool>& enabled, scene::DirtySet& dirty) {
  const float* values = values_.get();
  uint32_t lastClock = std::numeric_limits<uint32_t>::max();
  KeyLocation at;
  for (const Run& r : runs_) {
    if (r.clip >= enabled.size() || !enabled[r.clip] || r.clip >= clipSeconds.size()) continue;
    // Runs of one clock are consecutive: locate once (a clock belongs to one clip).
    if (r.clock != lastClock) {
      detail::Clock& clock = clocks_[r.clock];
      at = locate({clock.times, clock.keyCount}, clipSeconds[r.clip], clock.cursor);
      lastClock = r.clock;
    }
    const kernels::Channels c{dest_.data() + r.firstChannel,
                              key_.data() + r.firstChannel,
                              shape_.data() + r.firstChannel,
                              r.channelCount,
                              values + r.valueBase,
                              r.keyStride,
                              r.partStride,
                              r.channelScale,
                              r.perComponent};
    switch (r.rule) {
      case MarkRule::Range:
        evaluateRun(r, at, c, kernels::MarkRange{dirty[r.region]});
        break;
      case MarkRule::Node:
        evaluateRun(r, at, c, kernels::MarkNode{nodeStamp_.data(), frame_, dirty.movedNodes});
        break;
      case MarkRule::None:
        evaluateRun(r, at, c, kernels::MarkNothing{});
        break;
    }
  }
}

void PackedAnimations::diffContested(scene::DirtySet& dirty) {
  for (const detail::Contested& c : contested_) {
    if (std::memcmp(&snapshot_[c.snapshot], c.data, c.count * sizeof(float)) == 0) continue;
    if (c.rule == MarkRule::Node) {
      kernels::MarkNode{nodeStamp_.data(), frame_, dirty.movedNodes}(c.key, c.count);
    } else {
      dirty[c.region].mark(c.key, c.count * uint32_t(sizeof(float)));
    }
  }
}

void PackedAnimations::followMeshWeights(scene::DirtySet& dirty) {
  scene::DirtyRanges& ranges = dirty[scene::Region::MorphWeights];
  for (const detail::WeightFollower& f : weightFollowers_) {
    const size_t bytes = f.count * sizeof(float);
    if (std::memcmp(f.node, f.mesh, bytes) == 0) continue;
    std::memcpy(f.node, f.mesh, bytes);
    ranges.mark(f.byteOffset, uint32_t(bytes));
  }
}

void PackedAnimations::updateWorld(scene::DirtySet& dirty) {
  world_.update(*scene_, dirty.movedNodes, dirty.worldMatrices);
}

}  // namespace vitrine::anim
