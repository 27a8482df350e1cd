// Animations bound to the Object Model: clips built once at load from the document (core
// node channels and KHR_animation_pointer channels alike), then evaluated every frame into
// the scene's slots with no string, allocation or lookup per frame.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dirty.h"
#include "object_model.h"
#include "sampler.h"

namespace vitrine::scene {
struct GltfDocument;
}

namespace vitrine::anim {

// One channel as the UI and --check list it: bound, or skipped with the reason.
struct ChannelInfo {
  uint32_t channel = 0;  // index in the animation's `channels`
  std::string target;    // the JSON pointer targeted ("/nodes/0/rotation" for core paths too)
  Interpolation interpolation = Interpolation::Linear;
  bool bound = false;
  std::string skipReason;  // when !bound
  // The input times, for timeline ticks; null when skipped. Shared: every channel whose
  // sampler reads the same times (the usual exporter layout, one input for a whole clip)
  // points to the same array, so 100k channels do not hold 100k copies.
  std::shared_ptr<const std::vector<float>> keyTimes;
};

struct ClipInfo {
  std::string name;    // the animation's name, or "" (the UI shows the index)
  float start = 0.0f;  // first and last keyframe time over all bound channels
  float end = 0.0f;
  std::vector<ChannelInfo> channels;
};

class Animations;  // the bound, packed form (packed_animations.h), built by builder.h

struct BindResult {
  std::unique_ptr<Animations> animations;  // never null, may hold no clip
  // One line per skipped channel: "/animations/0/channels/2: <reason>".
  std::vector<std::string> warnings;
};

// Binds every animation of the document to slots of `scene` (resolved through
// scene::resolvePointer). Invalid channels are skipped with one warning each (see ChannelInfo);
// a bad channel never stops the others.
[[nodiscard]] BindResult bindAnimations(scene::Scene& scene, const scene::GltfDocument& doc);

class Animations {
 public:
  virtual ~Animations() = default;
  virtual const std::vector<ClipInfo>& clips() const = 0;

  // Evaluates the enabled clips (clip i is enabled when i < enabled.size() && enabled[i]) at
  // absolute time `seconds` (each sampler clamps to its own keyframes, glTF Appendix C), in
  // the order of the `animations` array: when two enabled clips target the same property, the
  // one later in the array wins. Writes only values that changed, marking their byte ranges in
  // `dirty` (Materials, MaterialExtensions, Cameras, Lights, MorphWeights, Visibility, Extras:
  // [slot.byteOffset, + 4 * slot.count)) and their nodes in dirty.movedNodes (NodeTransforms,
  // each node once per call). Then recomputes Scene::world for the subtrees of every node in
  // dirty.movedNodes (UI edits included), each subtree once, marking the world matrices that
  // changed in dirty.worldMatrices; finally dirty.coalesce(). Appends to `dirty`: the caller
  // clears it after uploading. No allocation once the dirty vectors have grown, no string, no
  // lookup, no virtual call per channel.
  virtual void evaluate(float seconds, const std::vector<bool>& enabled,
                        scene::DirtySet& dirty) = 0;
  // The same, with a time of its own for each clip: clip i is sampled at clipSeconds[i] (a
  // clip past the end of clipSeconds is disabled). This is how the timeline layers clips
  // with their own speed, offset and loop mode; the later-in-the-array rule is unchanged.
  virtual void evaluate(const std::vector<float>& clipSeconds, const std::vector<bool>& enabled,
                        scene::DirtySet& dirty) = 0;
};

}  // namespace vitrine::anim
