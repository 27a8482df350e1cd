// The bound, packed form of animations and its frame loop. Internal to anim/ (the builder
// makes it; the benchmark calls its steps one by one to time them).
//
// A frame is a sequence of named steps, each measurable:
//   beginFrame         new frame stamp; copy the values several clips write (later wins)
//   sampleChannels     per run of channels: locate once per clock, interpolate, write what
//                      changed, mark its range or node (kernels.h)
//   diffContested      mark the contested values that differ from the snapshot
//   followMeshWeights  copy animated mesh weights to the nodes that use them (no weights of
//                      their own) and mark those that changed
//   updateWorld        world matrices of the moved subtrees
//   coalesce           dirty ranges sorted and merged
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "animation.h"
#include "dirty.h"
#include "sampler.h"
#include "world_transforms.h"

namespace vitrine::anim {

namespace detail {

// What a write dirties, decided at bind time (style lesson 4).
enum class MarkRule : uint8_t {
  Range,  // dirty[region].mark(key, 4 * components): key is slot.byteOffset
  Node,   // movedNodes gets node `key` (slot.element) once per frame
  None,   // contested: written by several clips; diffContested() marks it
};

// One time track as one clip sees it: located once per frame.
struct Clock {
  const float* times = nullptr;
  uint32_t keyCount = 0;
  Cursor cursor;
};

// Bit 31 of a channel's shape: the value is a rotation (slerp, normalized CUBICSPLINE); the
// other bits: its component count.
inline constexpr uint32_t kShapeRotation = 1u << 31;
inline constexpr uint32_t kShapeComponents = kShapeRotation - 1;

// Channels of one clock, interpolation, region and dirty rule, in increasing slot order (byte
// offset, or node): each slot cache line is fetched once per frame (a material's factors are
// neighbours) and the marks come out sorted. Channel i's value of keyframe k, part p
// (CUBICSPLINE: 0 a_k, 1 v_k, 2 b_k; otherwise 0) starts at
//   values[valueBase + channelScale * (components of channels 0 .. i-1)
//          + (k * keyStride + p * partStride) * unit_i]
// with unit_i = 1 (ValueLayout::KeyframeMajor) or its component count (ChannelMajor).
struct Run {
  uint32_t clip = 0;
  uint32_t clock = 0;
  uint32_t firstChannel = 0;  // into PackedAnimations::dest_ / key_ / shape_
  uint32_t channelCount = 0;
  Interpolation interpolation = Interpolation::Linear;
  scene::Region region = scene::Region::Materials;
  MarkRule rule = MarkRule::Range;
  bool perComponent = false;  // unit_i = components (ChannelMajor)
  size_t valueBase = 0;
  size_t keyStride = 0;
  size_t partStride = 0;
  size_t channelScale = 0;
};

// A range written by channels of several clips: snapshotted before, compared after.
struct Contested {
  float* data = nullptr;
  uint32_t count = 0;
  scene::Region region = scene::Region::Materials;
  MarkRule rule = MarkRule::Range;  // Range or Node
  uint32_t key = 0;                 // byte offset, or node
  uint32_t snapshot = 0;            // into PackedAnimations::snapshot_
};

// A node instantiating a mesh without weights of its own while a channel animates the mesh's
// weights (glTF 2.0 node.weights: when undefined, mesh.weights apply; KHR_animation_pointer
// "/meshes/N/weights"): each frame its weights are the mesh's.
struct WeightFollower {
  const float* mesh = nullptr;  // Mesh::weights
  float* node = nullptr;        // Node::weights
  uint32_t count = 0;
  uint32_t byteOffset = 0;  // the node's weights in the MorphWeights region
};

}  // namespace detail

class PackedAnimations final : public Animations {
 public:
  const std::vector<ClipInfo>& clips() const override { return clips_; }
  void evaluate(float seconds, const std::vector<bool>& enabled, scene::DirtySet& dirty) override;
  void evaluate(const std::vector<float>& clipSeconds, const std::vector<bool>& enabled,
                scene::DirtySet& dirty) override;

  // The steps of evaluate(), in its order; each needs the one before, then dirty.coalesce().
  void beginFrame();
  void sampleChannels(float seconds, const std::vector<bool>& enabled, scene::DirtySet& dirty);
  void sampleChannels(const std::vector<float>& clipSeconds, const std::vector<bool>& enabled,
                      scene::DirtySet& dirty);
  void diffContested(scene::DirtySet& dirty);
  void followMeshWeights(scene::DirtySet& dirty);
  void updateWorld(scene::DirtySet& dirty);

  // Sizes, for benchmarks and the UI.
  size_t channelCount() const { return dest_.size(); }
  size_t runCount() const { return runs_.size(); }
  size_t clockCount() const { return clocks_.size(); }
  size_t valueFloats() const { return valueCount_; }
  size_t contestedCount() const { return contested_.size(); }

 private:
  friend class AnimationsBuilder;
  PackedAnimations() = default;

  scene::Scene* scene_ = nullptr;
  std::vector<ClipInfo> clips_;
  std::vector<std::shared_ptr<const std::vector<float>>> tracks_;  // owns Clock::times
  std::vector<detail::Clock> clocks_;
  std::vector<detail::Run> runs_;   // by clip, then clock, interpolation, region, rule
  scene::LineArray<float> values_;  // scene/memory.h: huge pages when large
  size_t valueCount_ = 0;
  scene::LineVector<float*> dest_;     // per channel: the slot's floats
  scene::LineVector<uint32_t> key_;    // per channel: byte offset (Range) or node (Node)
  scene::LineVector<uint32_t> shape_;  // per channel: components | kShapeRotation
  std::vector<detail::Contested> contested_;
  std::vector<detail::WeightFollower> weightFollowers_;  // by node
  std::vector<float> snapshot_;
  std::vector<float> clipSeconds_;   // evaluate(seconds): that time for every clip
  std::vector<uint32_t> nodeStamp_;  // per node: the last frame it joined movedNodes
  uint32_t frame_ = 0;
  WorldTransforms world_;
};

}  // namespace vitrine::anim
