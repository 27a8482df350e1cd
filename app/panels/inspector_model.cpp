#include "inspector_model.h"

#include <algorithm>

#include "pointer_resolve.h"
#include "property_list.h"

namespace vitrine::app {

bool animatedBy(const Property& p, const std::vector<bool>& enabled) {
  for (uint32_t c : p.clips)
    if (c < enabled.size() && enabled[c]) return true;
  return false;
}

std::vector<bool> playingClips(const std::vector<bool>& enabled, const GraphSession* graph,
                               size_t clipCount) {
  std::vector<bool> out(clipCount, false);
  if (!graph || !graph->active()) {
    for (size_t c = 0; c < clipCount && c < enabled.size(); ++c) out[c] = enabled[c];
    return out;
  }
  for (size_t c = 0; c < clipCount; ++c) out[c] = graph->engine()->animationActive(uint32_t(c));
  return out;
}

bool writtenBy(const Property& p, const std::vector<scene::Slot>& written) {
  const uint64_t begin = p.slot.byteOffset, end = begin + 4ull * p.slot.count;
  for (const scene::Slot& w : written) {
    // Extras offsets count within one Scene::extrasValues entry: the element tells them apart.
    if (w.region == scene::Region::Extras && w.element != p.slot.element) continue;
    const uint64_t wBegin = w.byteOffset, wEnd = wBegin + 4ull * w.count;
    if (w.region == p.slot.region && wBegin < end && begin < wEnd) return true;
  }
  return false;
}

AnimatedSlots::AnimatedSlots(scene::Scene& scene, const scene::GltfDocument& doc,
                             const std::vector<anim::ClipInfo>& clips) {
  for (uint32_t c = 0; c < clips.size(); ++c) {
    for (const anim::ChannelInfo& ch : clips[c].channels) {
      if (!ch.bound) continue;
      // The binder resolved the same pointer: this cannot fail, and extras resolve to the
      // storage the channel writes.
      const scene::ResolveResult r = scene::resolvePointer(scene, doc, ch.target);
      if (!r.ok) continue;
      ++boundChannels_;
      std::vector<uint32_t>& list = clips_[key(r.slot)];
      if (list.empty() || list.back() != c) list.push_back(c);
    }
  }
}

std::vector<uint32_t> AnimatedSlots::clipsOf(const scene::Slot& slot) const {
  const auto it = clips_.find(key(slot));
  return it == clips_.end() ? std::vector<uint32_t>{} : it->second;
}

bool resolveProperty(scene::Scene& scene, const scene::GltfDocument& doc,
                     const AnimatedSlots& animated, const std::string& label,
                     const std::string& pointer, bool color, Property& out) {
  const scene::ResolveResult r = scene::resolvePointer(scene, doc, pointer);
  if (!r.ok) return false;
  out.label = label;
  out.pointer = pointer;
  out.slot = r.slot;
  out.clips = animated.clipsOf(r.slot);
  out.color = color;
  return true;
}

std::vector<Property> nodeProperties(scene::Scene& scene, const scene::GltfDocument& doc,
                                     const AnimatedSlots& animated, uint32_t node) {
  std::vector<Property> out;
  if (node >= scene.nodes.size() || scene.nodes[node].hasMatrix) return out;
  const std::string n = "/nodes/" + std::to_string(node);
  const char* const names[][2] = {
      {"Translation", "/translation"}, {"Rotation", "/rotation"}, {"Scale", "/scale"}};
  for (const auto& [label, path] : names) {
    Property p;
    if (resolveProperty(scene, doc, animated, label, n + path, false, p)) out.push_back(p);
  }
  Property weights;
  if (!scene.nodes[node].weights.empty() &&
      resolveProperty(scene, doc, animated, "Morph weights", n + "/weights", false, weights))
    out.push_back(weights);
  return out;
}

std::vector<Property> materialProperties(scene::Scene& scene, const scene::GltfDocument& doc,
                                         const AnimatedSlots& animated, uint32_t material) {
  std::vector<Property> out;
  for (const scene::NamedPointer& np : scene::materialPropertyPointers(scene, material)) {
    Property p;
    if (!resolveProperty(scene, doc, animated, np.label, np.pointer, false, p)) continue;
    // Colours are the 3- and 4-float factors named so ("baseColorFactor", "emissiveFactor",
    // "sheenColorFactor", "attenuationColor"...); offsets and scales are Float2.
    const bool colorName = np.pointer.find("Color") != std::string::npos ||
                           np.pointer.find("emissiveFactor") != std::string::npos;
    p.color = colorName && (p.slot.count == 3 || p.slot.count == 4);
    p.group = np.group;
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<uint32_t> nodeMaterials(const scene::Scene& scene, uint32_t node) {
  std::vector<uint32_t> out;
  if (node >= scene.nodes.size()) return out;
  const int mesh = scene.nodes[node].mesh;
  if (mesh < 0 || mesh >= int(scene.meshes.size())) return out;
  for (const scene::Primitive& p : scene.meshes[mesh].primitives) {
    if (p.material < 0 || p.material >= int(scene.materials.size())) continue;
    if (std::find(out.begin(), out.end(), uint32_t(p.material)) == out.end())
      out.push_back(uint32_t(p.material));
  }
  return out;
}

void InspectorModel::reset(scene::Scene& scene, const scene::GltfDocument& doc,
                           const std::vector<anim::ClipInfo>& clips) {
  scene_ = &scene;
  doc_ = &doc;
  animated_ = AnimatedSlots(scene, doc, clips);
  nodes_.clear();
  materials_.clear();
}

const std::vector<Property>& InspectorModel::node(uint32_t node) {
  auto it = nodes_.find(node);
  if (it == nodes_.end())
    it = nodes_.emplace(node, nodeProperties(*scene_, *doc_, animated_, node)).first;
  return it->second;
}

const std::vector<Property>& InspectorModel::material(uint32_t material) {
  auto it = materials_.find(material);
  if (it == materials_.end())
    it =
        materials_.emplace(material, materialProperties(*scene_, *doc_, animated_, material)).first;
  return it->second;
}

}  // namespace vitrine::app
