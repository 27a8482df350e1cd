// What the inspector shows, without ImGui: the editable properties of a node and of its
// mesh's materials, each resolved ONCE to its Object Model slot, with the animations that
// target it. Built per document (and per material on first display), never per frame: the
// frame only reads the slots' live values and checks which clips play and what a running
// behaviour graph wrote.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "animation.h"
#include "graph_session.h"
#include "object_model.h"
#include "scene.h"

namespace vitrine::app {

struct Property {
  std::string label;    // "Base colour"
  std::string pointer;  // its JSON pointer (tooltips, the dope sheet's spelling)
  scene::Slot slot;
  std::vector<uint32_t> clips;  // clips with a bound channel on this slot, ascending
  bool color = false;           // an RGB or RGBA factor: edited with a colour picker
  std::string group;            // "" for core properties, else the material extension's name
};

// True when a clip in p.clips is enabled (enabled[i], false past its end): the value the
// inspector shows is being animated.
bool animatedBy(const Property& p, const std::vector<bool>& enabled);

// The clips animatedBy() counts as playing: the timeline's `enabled` ones; while a behaviour
// graph drives the asset (`graph` non-null and active: Session::graphDriven()), those it has
// started instead (Engine::activity().animations), as the timeline's do not autoplay then.
// One flag per clip of `clipCount`.
std::vector<bool> playingClips(const std::vector<bool>& enabled, const GraphSession* graph,
                               size_t clipCount);

// True when one of `written` (SceneHost::writtenSlots(): what the graph set or interpolated)
// lies in p's region with bytes overlapping p's [byteOffset, byteOffset + 4 * count): the
// inspector tints it as it tints what a playing clip animates (animatedBy).
bool writtenBy(const Property& p, const std::vector<scene::Slot>& written);

// The slots the bound channels of every clip write, resolved once from their JSON pointers
// (ChannelInfo::target: core node paths are pointers too), so that a property resolved later
// finds its clips by the slot's region and byte offset, whatever the pointer's spelling.
class AnimatedSlots {
 public:
  AnimatedSlots() = default;
  AnimatedSlots(scene::Scene& scene, const scene::GltfDocument& doc,
                const std::vector<anim::ClipInfo>& clips);
  // The clips whose channels write exactly this slot's bytes, ascending, no duplicates.
  std::vector<uint32_t> clipsOf(const scene::Slot& slot) const;
  size_t boundChannels() const { return boundChannels_; }

 private:
  static uint64_t key(const scene::Slot& s) { return (uint64_t(s.region) << 32) | s.byteOffset; }
  std::unordered_map<uint64_t, std::vector<uint32_t>> clips_;
  size_t boundChannels_ = 0;
};

// Resolves `pointer` into a Property (false when it does not resolve: the material lacks the
// object, the node has a matrix...). `label` and `color` are copied.
bool resolveProperty(scene::Scene& scene, const scene::GltfDocument& doc,
                     const AnimatedSlots& animated, const std::string& label,
                     const std::string& pointer, bool color, Property& out);

// The node's translation, rotation and scale (none when it has a `matrix`: glTF 2.0 §3.5.3,
// such nodes are not animated) and its morph weights when it has some.
std::vector<Property> nodeProperties(scene::Scene& scene, const scene::GltfDocument& doc,
                                     const AnimatedSlots& animated, uint32_t node);

// Every animatable factor material `material` defines (scene/property_list.h), in order: the
// core ones (group ""), then those of each material extension it has, grouped by extension.
std::vector<Property> materialProperties(scene::Scene& scene, const scene::GltfDocument& doc,
                                         const AnimatedSlots& animated, uint32_t material);

// The materials the node's mesh uses, each once, in primitive order; -1 entries (the default
// material) left out: it is not in the document, so it has no pointer.
std::vector<uint32_t> nodeMaterials(const scene::Scene& scene, uint32_t node);

// One cache per document: the inspector builds it when the document changes and asks it for
// the properties of what is selected; material lists are built the first time they are shown.
class InspectorModel {
 public:
  void reset(scene::Scene& scene, const scene::GltfDocument& doc,
             const std::vector<anim::ClipInfo>& clips);
  bool ready() const { return scene_ != nullptr; }
  const std::vector<Property>& node(uint32_t node);
  const std::vector<Property>& material(uint32_t material);
  const AnimatedSlots& animated() const { return animated_; }

 private:
  scene::Scene* scene_ = nullptr;
  const scene::GltfDocument* doc_ = nullptr;
  AnimatedSlots animated_;
  std::map<uint32_t, std::vector<Property>> nodes_, materials_;
};

}  // namespace vitrine::app
