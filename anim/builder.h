// Packs bound channels into the flat arrays the frame loop reads (style lessons 1, 3, 4):
// bindAnimations() uses it once every channel is resolved and validated; benchmarks and tests
// use it directly with slots of their own, so they measure the viewer's evaluation, not a copy.
//
// What build() lays out (packed_animations.h has the structs):
//   - one time array per distinct times content (samplers reading the same input accessor, or
//     identical times, share it), located once per clip and frame;
//   - per (clip, time track, interpolation) a block of keyframe values, and inside it one run
//     of channels per region and dirty rule, in slot order (byte offset, or node), so that a
//     frame walks each scene array forward once, touching each cache line of it once, and marks
//     dirty ranges already sorted; with ValueLayout::KeyframeMajor the values of all channels of
//     a block for keyframe k are contiguous, so a frame reads two (four for CUBICSPLINE)
//     sequential streams;
//   - per channel only the destination pointer, its dirty key (byte offset, or node index) and
//     its shape (component count, rotation flag): 16 bytes.
// Nothing here parses JSON or checks glTF rules: that is bind.cpp's job.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "animation.h"
#include "object_model.h"
#include "sampler.h"

namespace vitrine::anim {

class PackedAnimations;

// How keyframe values are ordered in memory. Both are read by the same kernels (strides differ).
enum class ValueLayout : uint8_t {
  KeyframeMajor,  // per block: keyframe k holds every channel's value (default; 2-4x faster
                  // from 10k channels on, bench/RESULTS.md)
  ChannelMajor,   // per channel: its keyframes end to end, the glTF layout (for comparison)
};

struct PackedChannel {
  uint32_t clip = 0;   // from addClip()
  uint32_t track = 0;  // from addTimes()
  Interpolation interpolation = Interpolation::Linear;
  // Where the value goes and what it dirties. slot.data must stay valid while the Animations
  // live; slot.count floats per value; slot.rotation: a unit quaternion, count 4.
  scene::Slot slot;
  // keyCount * slot.count floats (x3 for CUBICSPLINE: a_k, v_k, b_k per keyframe), the glTF
  // output layout, already converted to the values to write (normalized integers to float,
  // bool to 0/1). Borrowed until build().
  std::span<const float> values;
};

class AnimationsBuilder {
 public:
  explicit AnimationsBuilder(scene::Scene& scene, ValueLayout layout = ValueLayout::KeyframeMajor);
  ~AnimationsBuilder();

  // The track of these keyframe times, shared with any earlier call of identical content.
  // Needs: validate() would accept them (finite, strictly increasing, at least one).
  uint32_t addTimes(std::span<const float> times);
  // The same times as ChannelInfo::keyTimes shares them.
  const std::shared_ptr<const std::vector<float>>& times(uint32_t track) const {
    return tracks_[track];
  }

  // Clips are evaluated in the order they are added (later wins). Returns the clip index.
  uint32_t addClip(ClipInfo info);
  ClipInfo& clip(uint32_t index) { return clips_[index]; }

  // Needs: clip and track exist; values.size() as described above; slot.count >= 1 (== 4 for
  // rotations); slots overlapping in (region, element, [byteOffset, + 4 * count)) are the same
  // floats (the Object Model's promise), others are disjoint; channels of one clip do not write
  // overlapping floats (bind.cpp rejects them; if they do anyway, the result is the later
  // one's and marking stays correct).
  void addChannel(const PackedChannel& channel);

  size_t channelCount() const { return channels_.size(); }

  // Node `node` instantiates mesh `mesh` without weights of its own (glTF 2.0 node.weights
  // undefined: the mesh's weights apply), so a channel on the mesh's weights must reach it.
  // build() keeps the followers of meshes some channel animates, except nodes whose own weights
  // a channel animates (that channel decides their weights). Needs: both exist in the scene.
  void addWeightFollower(uint32_t mesh, uint32_t node);

  // Packs everything; the builder is empty afterwards.
  [[nodiscard]] std::unique_ptr<PackedAnimations> build();

 private:
  scene::Scene* scene_;
  ValueLayout layout_;
  std::vector<std::shared_ptr<const std::vector<float>>> tracks_;
  std::unordered_multimap<uint64_t, uint32_t> tracksByHash_;
  std::vector<ClipInfo> clips_;
  std::vector<PackedChannel> channels_;
  std::vector<std::pair<uint32_t, uint32_t>> weightFollowers_;  // (mesh, node)
};

}  // namespace vitrine::anim
