// bindAnimations(): every channel of every animation read from the document's JSON (tinygltf
// drops channels without `node`, KHR_animation_pointer's form), checked against the glTF rules
// (channel_rules.h), resolved through the Object Model (scene::resolvePointer) and handed to
// the builder. A channel that cannot bind is skipped with one warning and kept, greyed, in
// ClipInfo (style lesson 2); it never stops the others.
#include <algorithm>
#include <deque>
#include <exception>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "animation.h"
#include "builder.h"
#include "channel_rules.h"
#include "pointer_resolve.h"
#include "gltf_document.h"
#include "packed_animations.h"

namespace vitrine::anim {

namespace {

using scene::Json;

// Accessors read once each (one input accessor usually serves a whole clip). Each is reserved
// from the document's memory budget before it is decoded (scene::readAccessor) and stays
// reserved after the cache is gone: the packed animation holds a copy of the same size
// (memory_budget.h: what the load hands on stays reserved).
class AccessorCache {
 public:
  struct Entry {
    std::string error;
    scene::AccessorFormat format;
    std::vector<float> values;
  };
  explicit AccessorCache(const scene::GltfDocument& doc) : doc_(doc) {}

  // `use`: where the accessor is first read from (for the budget's refusal).
  const Entry& get(uint32_t index, const scene::AccessorUse& use) {
    auto [it, added] = entries_.try_emplace(index);
    if (added) {
      it->second.format = scene::accessorFormat(doc_, index);
      it->second.error = scene::readAccessor(doc_, index, it->second.values, use);
    }
    return it->second;
  }

 private:
  const scene::GltfDocument& doc_;
  std::unordered_map<uint32_t, Entry> entries_;
};

// One animation.sampler, read and checked once for all its channels.
struct SamplerState {
  std::string error;  // shared by every channel using it
  Interpolation interpolation = Interpolation::Linear;
  uint32_t output = 0;
  const AccessorCache::Entry* outputData = nullptr;
  uint32_t track = 0;
  uint32_t keyCount = 0;
};

std::optional<uint32_t> indexIn(const Json& object, const char* key, size_t size) {
  const Json* v = scene::member(object, key);
  if (!v || !v->is_number_integer() || v->get<int64_t>() < 0 ||
      uint64_t(v->get<int64_t>()) >= size) {
    return std::nullopt;
  }
  return uint32_t(v->get<int64_t>());
}

class Binder {
 public:
  Binder(scene::Scene& scene, const scene::GltfDocument& doc)
      : scene_(scene), doc_(doc), accessors_(doc), builder_(scene) {}

  BindResult run() {
    BindResult result;
    const Json& animations = scene::array(doc_.json, "animations");
    for (size_t a = 0; a < animations.size(); ++a) bindAnimation(uint32_t(a), animations[a]);
    addWeightFollowers();
    result.animations = builder_.build();
    result.warnings = std::move(warnings_);
    return result;
  }

 private:
  void readSamplers(uint32_t a, const Json& animation) {
    samplers_.clear();
    const Json& samplers = scene::array(animation, "samplers");
    const size_t accessorCount = scene::array(doc_.json, "accessors").size();
    for (size_t i = 0; i < samplers.size(); ++i) {
      const Json& s = samplers[i];
      const std::string at = scene::jsonPointer("animations", a, "samplers", i);
      SamplerState& state = samplers_.emplace_back();
      state.error = parseInterpolation(s, state.interpolation);
      if (!state.error.empty()) continue;
      const std::optional<uint32_t> input = indexIn(s, "input", accessorCount);
      const std::optional<uint32_t> output = indexIn(s, "output", accessorCount);
      if (!input || !output) {
        state.error =
            std::string("sampler ") + (input ? "output" : "input") + " is not an accessor index";
        continue;
      }
      const Json& inputJson = scene::array(doc_.json, "accessors")[*input];
      // Checked on the JSON before the keyframes are read (and their memory reserved).
      state.error = checkInput(*input, inputJson, scene::accessorFormat(doc_, *input));
      if (!state.error.empty()) continue;
      const AccessorCache::Entry& times =
          accessors_.get(*input, {at + "/input", "animation keyframe times"});
      if (!times.error.empty()) {
        state.error = "cannot read the input: " + times.error;
        continue;
      }
      state.error = checkTimes(*input, times.values);
      if (!state.error.empty()) continue;
      auto [it, added] = trackOfInput_.try_emplace(*input, 0u);
      if (added) it->second = builder_.addTimes(times.values);
      state.track = it->second;
      state.keyCount = uint32_t(times.values.size());
      state.output = *output;
      state.outputData = &accessors_.get(*output, {at + "/output", "animation keyframe values"});
      if (!state.outputData->error.empty()) {
        state.error = "cannot read the output: " + state.outputData->error;
      }
    }
  }

  void bindAnimation(uint32_t a, const Json& animation) {
    ClipInfo info;
    if (const Json* name = scene::member(animation, "name"); name && name->is_string()) {
      info.name = name->get<std::string>();
    }
    const uint32_t clip = builder_.addClip({});
    readSamplers(a, animation);
    claimed_.clear();
    const Json& channels = scene::array(animation, "channels");
    bool any = false;
    for (size_t c = 0; c < channels.size(); ++c) {
      ChannelInfo& channel = info.channels.emplace_back();
      channel.channel = uint32_t(c);
      std::string reason;
      try {
        reason = bindChannel(clip, channels[c], channel);
      } catch (const std::exception& e) {  // a malformed channel must not stop the asset
        reason = std::string("internal error: ") + e.what();
      }
      if (!reason.empty()) {
        channel.bound = false;
        channel.skipReason = reason;
        channel.keyTimes.reset();
        warnings_.push_back(scene::jsonPointer("animations", a, "channels", c) + ": " + reason);
        continue;
      }
      const std::vector<float>& times = *channel.keyTimes;
      info.start = any ? std::min(info.start, times.front()) : times.front();
      info.end = any ? std::max(info.end, times.back()) : times.back();
      any = true;
    }
    builder_.clip(clip) = std::move(info);
  }

  // glTF 2.0 node.weights: a node instantiating a mesh with morph targets and no `weights` of
  // its own uses the mesh's, so "/meshes/N/weights" animated by pointer must reach it. The JSON
  // says which nodes have their own (Node::weights is filled either way).
  void addWeightFollowers() {
    const Json& nodes = scene::array(doc_.json, "nodes");
    for (size_t n = 0; n < scene_.nodes.size() && n < nodes.size(); ++n) {
      const int mesh = scene_.nodes[n].mesh;
      if (mesh < 0 || size_t(mesh) >= scene_.meshes.size() ||
          scene_.meshes[size_t(mesh)].targetCount == 0 || scene::member(nodes[n], "weights"))
        continue;
      builder_.addWeightFollower(uint32_t(mesh), uint32_t(n));
    }
  }

  // Binds one channel, or returns why it is skipped.
  std::string bindChannel(uint32_t clip, const Json& json, ChannelInfo& info) {
    const std::optional<uint32_t> samplerIndex = indexIn(json, "sampler", samplers_.size());
    const ChannelTarget target = channelTarget(json);
    info.target = target.pointer;
    if (!samplerIndex) {
      const Json* s = scene::member(json, "sampler");
      return "sampler " + (s ? s->dump() : std::string("(none)")) + " does not exist (" +
             std::to_string(samplers_.size()) + " in this animation)";
    }
    const SamplerState& sampler = samplers_[*samplerIndex];
    info.interpolation = sampler.interpolation;
    if (!target.error.empty()) return target.error;

    scene::ResolveResult resolved = scene::resolvePointer(scene_, doc_, target.pointer);
    if (!resolved.ok) {
      // Read-only properties resolve far enough to have a value: KHR_animation_pointer "The
      // property being animated MUST be mutable as defined by the glTF 2.0 Asset Object Model".
      const char* verb = resolved.readOnlyValue.empty() ? "cannot resolve " : "cannot animate ";
      return verb + ("\"" + target.pointer + "\": ") + resolved.error;
    }
    const scene::Slot& slot = resolved.slot;
    if (slot.data == nullptr) return "cannot animate \"" + target.pointer + "\": no storage";
    if (slot.rotation && slot.count != 4) {
      return "cannot animate \"" + target.pointer + "\": a rotation of " +
             std::to_string(slot.count) + " floats";
    }
    if (!sampler.error.empty()) return sampler.error;
    const AccessorCache::Entry& output = *sampler.outputData;
    if (std::string e = checkOutput(slot, sampler.output, output.format, sampler.interpolation,
                                    sampler.keyCount);
        !e.empty()) {
      return e;
    }
    if (std::string e = claim(slot, uint32_t(info.channel), target.pointer); !e.empty()) return e;

    std::span<const float> values = output.values;
    if (slot.type == scene::ValueType::Bool) {
      // KHR_animation_pointer: "0 is converted to false, any other value is converted to true".
      std::vector<float>& converted = converted_.emplace_back(values.begin(), values.end());
      for (float& v : converted) v = v != 0.0f ? 1.0f : 0.0f;
      values = converted;
    }
    builder_.addChannel({clip, sampler.track, sampler.interpolation, slot, values});
    info.keyTimes = builder_.times(sampler.track);
    info.bound = true;
    return {};
  }

  // KHR_animation_pointer: channels of one animation MUST NOT have identical pointers, target
  // an array and one of its elements, or a node property by pointer and by core path. All three
  // are overlapping float ranges of one region and element.
  std::string claim(const scene::Slot& slot, uint32_t channel, const std::string& pointer) {
    using Key = std::tuple<scene::Region, uint32_t, uint32_t>;
    const uint64_t begin = slot.byteOffset;
    const uint64_t end = begin + 4ull * slot.count;
    const Key key{slot.region, slot.element, slot.byteOffset};
    auto clash = [&](const Claim& other) {
      return "targets the same property as channel " + std::to_string(other.channel) + " (\"" +
             other.pointer +
             "\"); one animation must not target a property twice (KHR_animation_pointer)";
    };
    auto next = claimed_.lower_bound(key);
    if (next != claimed_.end() && std::get<0>(next->first) == slot.region &&
        std::get<1>(next->first) == slot.element && std::get<2>(next->first) < end) {
      return clash(next->second);
    }
    if (next != claimed_.begin()) {
      auto previous = std::prev(next);
      if (std::get<0>(previous->first) == slot.region &&
          std::get<1>(previous->first) == slot.element && previous->second.end > begin) {
        return clash(previous->second);
      }
    }
    claimed_.emplace(key, Claim{end, channel, pointer});
    return {};
  }

  struct Claim {
    uint64_t end;
    uint32_t channel;
    std::string pointer;
  };

  scene::Scene& scene_;
  const scene::GltfDocument& doc_;
  AccessorCache accessors_;
  AnimationsBuilder builder_;
  std::vector<SamplerState> samplers_;  // of the current animation
  std::map<std::tuple<scene::Region, uint32_t, uint32_t>, Claim> claimed_;  // idem
  std::unordered_map<uint32_t, uint32_t> trackOfInput_;  // input accessor -> time track
  std::deque<std::vector<float>> converted_;             // bool outputs as 0/1, until build()
  std::vector<std::string> warnings_;
};

}  // namespace

BindResult bindAnimations(scene::Scene& scene, const scene::GltfDocument& doc) {
  return Binder(scene, doc).run();
}

}  // namespace vitrine::anim
