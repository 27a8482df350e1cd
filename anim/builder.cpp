#include "builder.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <numeric>
#include <tuple>

#include "packed_animations.h"

namespace vitrine::anim {

namespace {

using detail::MarkRule;

uint64_t hashTimes(std::span<const float> times) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the bytes
  const auto* bytes = reinterpret_cast<const unsigned char*>(times.data());
  for (size_t i = 0; i < times.size_bytes(); ++i) h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}

uint32_t parts(Interpolation interpolation) {
  return interpolation == Interpolation::CubicSpline ? 3u : 1u;
}

MarkRule ruleOf(const scene::Slot& slot) {
  return slot.region == scene::Region::NodeTransforms ? MarkRule::Node : MarkRule::Range;
}

uint32_t keyOf(const scene::Slot& slot) {
  return ruleOf(slot) == MarkRule::Node ? slot.element : slot.byteOffset;
}

uint64_t endOf(const scene::Slot& slot) {
  return uint64_t(slot.byteOffset) + 4ull * slot.count;
}

// Marks the channels whose floats another channel also writes, and lists each distinct range
// among them once: those are snapshotted and diffed instead of marked as they are written.
std::vector<bool> findContested(const std::vector<PackedChannel>& channels,
                                std::vector<detail::Contested>& contested, size_t& snapshotFloats) {
  std::vector<uint32_t> byPlace(channels.size());
  std::iota(byPlace.begin(), byPlace.end(), 0u);
  auto place = [&](uint32_t i) {
    const scene::Slot& s = channels[i].slot;
    return std::make_tuple(s.region, s.element, s.byteOffset, s.count);
  };
  std::sort(byPlace.begin(), byPlace.end(),
            [&](uint32_t a, uint32_t b) { return place(a) < place(b); });
  std::vector<bool> isContested(channels.size(), false);
  size_t first = 0;
  while (first < byPlace.size()) {
    const scene::Slot& head = channels[byPlace[first]].slot;
    uint64_t end = endOf(head);
    size_t last = first + 1;
    for (; last < byPlace.size(); ++last) {
      const scene::Slot& s = channels[byPlace[last]].slot;
      if (s.region != head.region || s.element != head.element || s.byteOffset >= end) break;
      end = std::max(end, endOf(s));
    }
    if (last - first > 1) {
      for (size_t j = first; j < last; ++j) {
        const uint32_t i = byPlace[j];
        isContested[i] = true;
        if (j > first && place(i) == place(byPlace[j - 1]) &&
            channels[i].slot.data == channels[byPlace[j - 1]].slot.data) {
          continue;  // the same range again
        }
        const scene::Slot& s = channels[i].slot;
        contested.push_back(
            {s.data, s.count, s.region, ruleOf(s), keyOf(s), uint32_t(snapshotFloats)});
        snapshotFloats += s.count;
      }
    }
    first = last;
  }
  return isContested;
}

}  // namespace

AnimationsBuilder::AnimationsBuilder(scene::Scene& scene, ValueLayout layout)
    : scene_(&scene), layout_(layout) {}

AnimationsBuilder::~AnimationsBuilder() = default;

uint32_t AnimationsBuilder::addTimes(std::span<const float> times) {
  assert(!times.empty());
  const uint64_t hash = hashTimes(times);
  auto [it, end] = tracksByHash_.equal_range(hash);
  for (; it != end; ++it) {
    const std::vector<float>& known = *tracks_[it->second];
    if (known.size() == times.size() &&
        std::memcmp(known.data(), times.data(), times.size_bytes()) == 0) {
      return it->second;
    }
  }
  const uint32_t track = uint32_t(tracks_.size());
  tracks_.push_back(std::make_shared<const std::vector<float>>(times.begin(), times.end()));
  tracksByHash_.emplace(hash, track);
  return track;
}

uint32_t AnimationsBuilder::addClip(ClipInfo info) {
  clips_.push_back(std::move(info));
  return uint32_t(clips_.size() - 1);
}

void AnimationsBuilder::addChannel(const PackedChannel& channel) {
  assert(channel.clip < clips_.size() && channel.track < tracks_.size());
  assert(channel.slot.count >= 1 && channel.slot.count <= detail::kShapeComponents &&
         channel.slot.data != nullptr);
  assert(!channel.slot.rotation || channel.slot.count == 4);
  assert(channel.values.size() ==
         tracks_[channel.track]->size() * channel.slot.count * parts(channel.interpolation));
  channels_.push_back(channel);
}

void AnimationsBuilder::addWeightFollower(uint32_t mesh, uint32_t node) {
  assert(mesh < scene_->meshes.size() && node < scene_->nodes.size());
  weightFollowers_.emplace_back(mesh, node);
}

namespace {

// The followers of animated meshes whose own weights no channel writes, in node order (their
// marks then come out sorted). A MorphWeights slot is a mesh's or a node's by where its floats
// live: slot.element is either index.
std::vector<detail::WeightFollower> activeFollowers(
    scene::Scene& scene, const std::vector<PackedChannel>& channels,
    std::vector<std::pair<uint32_t, uint32_t>> followers) {
  auto within = [](const float* p, const std::vector<float>& w) {
    return !w.empty() && p >= w.data() && p < w.data() + w.size();
  };
  std::vector<bool> meshAnimated(scene.meshes.size(), false);
  std::vector<bool> nodeAnimated(scene.nodes.size(), false);
  for (const PackedChannel& c : channels) {
    const scene::Slot& s = c.slot;
    if (s.region != scene::Region::MorphWeights) continue;
    if (s.element < scene.meshes.size() && within(s.data, scene.meshes[s.element].weights))
      meshAnimated[s.element] = true;
    if (s.element < scene.nodes.size() && within(s.data, scene.nodes[s.element].weights))
      nodeAnimated[s.element] = true;
  }
  std::sort(followers.begin(), followers.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  std::vector<detail::WeightFollower> out;
  for (const auto& [m, n] : followers) {
    const scene::Mesh& mesh = scene.meshes[m];
    scene::Node& node = scene.nodes[n];
    if (!meshAnimated[m] || nodeAnimated[n] || node.mesh != int(m) || mesh.weights.empty() ||
        node.weights.size() != mesh.weights.size())
      continue;
    out.push_back({mesh.weights.data(), node.weights.data(), uint32_t(mesh.weights.size()),
                   4 * node.morphWeightOffset});
  }
  return out;
}

}  // namespace

std::unique_ptr<PackedAnimations> AnimationsBuilder::build() {
  std::unique_ptr<PackedAnimations> out(new PackedAnimations());
  PackedAnimations& p = *out;
  p.scene_ = scene_;
  p.clips_ = std::move(clips_);
  p.tracks_ = std::move(tracks_);

  size_t snapshotFloats = 0;
  const std::vector<bool> contested = findContested(channels_, p.contested_, snapshotFloats);
  p.snapshot_.assign(snapshotFloats, 0.0f);

  // Packing order: block (clip, track, interpolation), then run (region, rule), then slot
  // order (byte offset or node, then byte offset), so that each run walks its region's array
  // forward once and marks in increasing order.
  auto packKey = [&](uint32_t i) {
    const PackedChannel& c = channels_[i];
    const MarkRule rule = contested[i] ? MarkRule::None : ruleOf(c.slot);
    return std::make_tuple(c.clip, c.track, c.interpolation, c.slot.region, rule, keyOf(c.slot),
                           c.slot.element, c.slot.byteOffset, i);
  };
  std::vector<uint32_t> order(channels_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return packKey(a) < packKey(b); });

  // Clocks, blocks, runs, and each channel's offset in its block's keyframe (KeyframeMajor) or
  // in its run (ChannelMajor, in components).
  struct Block {
    size_t firstRun, endRun;
    size_t stride;  // S: floats of one keyframe part, all channels of the block
  };
  std::vector<Block> blocks;
  std::vector<size_t> offsetInBlock(order.size());
  std::vector<size_t> offsetInRun(order.size());
  for (size_t j = 0; j < order.size(); ++j) {
    const PackedChannel& c = channels_[order[j]];
    const MarkRule rule = contested[order[j]] ? MarkRule::None : ruleOf(c.slot);
    const PackedChannel* prev = j > 0 ? &channels_[order[j - 1]] : nullptr;
    const bool newClock = !prev || prev->clip != c.clip || prev->track != c.track;
    const bool newBlock = newClock || prev->interpolation != c.interpolation;
    const bool newRun =
        newBlock || p.runs_.back().region != c.slot.region || p.runs_.back().rule != rule;
    if (newClock) {
      const std::vector<float>& times = *p.tracks_[c.track];
      p.clocks_.push_back({times.data(), uint32_t(times.size()), Cursor{}});
    }
    if (newBlock) blocks.push_back({p.runs_.size(), p.runs_.size(), 0});
    Block& block = blocks.back();
    if (newRun) {
      detail::Run r;
      r.clip = c.clip;
      r.clock = uint32_t(p.clocks_.size() - 1);
      r.firstChannel = uint32_t(j);
      r.interpolation = c.interpolation;
      r.region = c.slot.region;
      r.rule = rule;
      r.valueBase = block.stride;  // KeyframeMajor: the offset inside the block for now
      r.channelScale = 0;          // the run's components so far, for now
      p.runs_.push_back(r);
      block.endRun = p.runs_.size();
    }
    detail::Run& run = p.runs_.back();
    ++run.channelCount;
    offsetInBlock[j] = block.stride;
    offsetInRun[j] = run.channelScale;
    block.stride += c.slot.count;
    run.channelScale += c.slot.count;
  }

  // Strides and the value pool.
  size_t total = 0;
  std::vector<size_t> blockBase(blocks.size());
  for (size_t b = 0; b < blocks.size(); ++b) {
    blockBase[b] = total;
    const detail::Run& first = p.runs_[blocks[b].firstRun];
    const size_t keys = p.clocks_[first.clock].keyCount;
    const size_t parts3 = parts(first.interpolation);
    size_t runBase = total;
    for (size_t r = blocks[b].firstRun; r < blocks[b].endRun; ++r) {
      detail::Run& run = p.runs_[r];
      const size_t runComponents = run.channelScale;
      if (layout_ == ValueLayout::KeyframeMajor) {
        run.valueBase += total;
        run.keyStride = parts3 * blocks[b].stride;
        run.partStride = blocks[b].stride;
        run.channelScale = 1;
        run.perComponent = false;
      } else {
        run.valueBase = runBase;
        run.keyStride = parts3;
        run.partStride = 1;
        run.channelScale = keys * parts3;
        run.perComponent = true;
        runBase += runComponents * run.channelScale;
      }
    }
    total += keys * parts3 * blocks[b].stride;
  }
  p.values_ = scene::makeLineArray<float>(total);
  p.valueCount_ = total;

  // Copy the values in. ChannelMajor keeps the glTF layout. KeyframeMajor is a transpose: tiles
  // of channels keep their sources in cache while each keyframe is written sequentially.
  constexpr size_t kTile = 64;
  for (size_t b = 0; b < blocks.size(); ++b) {
    const Block& block = blocks[b];
    const size_t first = p.runs_[block.firstRun].firstChannel;
    const detail::Run& last = p.runs_[block.endRun - 1];
    const size_t end = last.firstChannel + last.channelCount;
    const size_t keys = p.clocks_[last.clock].keyCount;
    const size_t parts3 = parts(last.interpolation);
    if (layout_ == ValueLayout::ChannelMajor) {
      for (size_t r = block.firstRun; r < block.endRun; ++r) {
        const detail::Run& run = p.runs_[r];
        for (size_t j = run.firstChannel; j < run.firstChannel + run.channelCount; ++j) {
          const std::span<const float> src = channels_[order[j]].values;
          std::memcpy(&p.values_[run.valueBase + offsetInRun[j] * run.channelScale], src.data(),
                      src.size_bytes());
        }
      }
      continue;
    }
    const size_t keyStride = parts3 * block.stride;
    for (size_t tile = first; tile < end; tile += kTile) {
      const size_t tileEnd = std::min(end, tile + kTile);
      for (size_t k = 0; k < keys; ++k) {
        for (size_t part = 0; part < parts3; ++part) {
          float* dst = &p.values_[blockBase[b] + k * keyStride + part * block.stride];
          for (size_t j = tile; j < tileEnd; ++j) {
            const size_t n = channels_[order[j]].slot.count;
            const float* src = channels_[order[j]].values.data() + (k * parts3 + part) * n;
            std::memcpy(dst + offsetInBlock[j], src, n * sizeof(float));
          }
        }
      }
    }
  }

  p.dest_.resize(order.size());
  p.key_.resize(order.size());
  p.shape_.resize(order.size());
  for (size_t j = 0; j < order.size(); ++j) {
    const scene::Slot& s = channels_[order[j]].slot;
    p.dest_[j] = s.data;
    p.key_[j] = keyOf(s);
    p.shape_[j] = s.count | (s.rotation ? detail::kShapeRotation : 0u);
  }
  p.weightFollowers_ = activeFollowers(*scene_, channels_, std::move(weightFollowers_));
  weightFollowers_.clear();
  p.nodeStamp_.assign(scene_->nodes.size(), 0);
  if (scene_->world.size() != scene_->nodes.size()) scene::updateWorldTransforms(*scene_);
  p.world_ = WorldTransforms(*scene_);

  channels_.clear();
  tracksByHash_.clear();
  return out;
}

}  // namespace vitrine::anim
