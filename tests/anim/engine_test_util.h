// Helpers for the engine tests that need no resolver: a plain scene, slots into it built the way
// the Object Model describes them (scene/object_model.h), and a one-call build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "builder.h"
#include "packed_animations.h"
#include "scene.h"

namespace vitrine::anim::test {

// `materials` materials (plus the default one, last) and `nodes` root nodes.
inline std::unique_ptr<scene::Scene> makeScene(uint32_t materials, uint32_t nodes) {
  auto s = std::make_unique<scene::Scene>();
  s->materials.resize(materials);
  s->materialData.assign(materials + 1, scene::defaultMaterialData());
  s->nodes.resize(nodes);
  scene::updateWorldTransforms(*s);
  return s;
}

// Makes `child` a child of `parent` (both already in the scene).
inline void attach(scene::Scene& s, int parent, int child) {
  s.nodes[size_t(parent)].children.push_back(child);
  s.nodes[size_t(child)].parent = parent;
}

// A Materials slot: member at `memberOffset` bytes into gpu::MaterialData.
inline scene::Slot materialSlot(scene::Scene& s, uint32_t material, size_t memberOffset,
                                scene::ValueType type, uint32_t count) {
  scene::Slot slot;
  slot.type = type;
  slot.region = scene::Region::Materials;
  slot.count = count;
  slot.element = material;
  slot.byteOffset = uint32_t(material * sizeof(gpu::MaterialData) + memberOffset);
  slot.data =
      reinterpret_cast<float*>(reinterpret_cast<char*>(&s.materialData[material]) + memberOffset);
  return slot;
}

inline scene::Slot baseColorSlot(scene::Scene& s, uint32_t material) {
  return materialSlot(s, material, offsetof(gpu::MaterialData, baseColorFactor),
                      scene::ValueType::Float4, 4);
}
inline scene::Slot emissiveSlot(scene::Scene& s, uint32_t material) {
  return materialSlot(s, material, offsetof(gpu::MaterialData, emissive), scene::ValueType::Float3,
                      3);
}
inline scene::Slot metallicSlot(scene::Scene& s, uint32_t material) {
  return materialSlot(s, material, offsetof(gpu::MaterialData, params), scene::ValueType::Float, 1);
}

enum class Trs { Translation, Rotation, Scale };

// A NodeTransforms slot (byte offset: node index * sizeof(Node) + the member's offset).
inline scene::Slot nodeSlot(scene::Scene& s, uint32_t node, Trs member) {
  scene::Node& n = s.nodes[node];
  float* data = member == Trs::Translation ? &n.translation.x
                : member == Trs::Rotation  ? &n.rotation.x
                                           : &n.scale.x;
  scene::Slot slot;
  slot.type = member == Trs::Rotation ? scene::ValueType::Float4 : scene::ValueType::Float3;
  slot.rotation = member == Trs::Rotation;
  slot.region = scene::Region::NodeTransforms;
  slot.count = member == Trs::Rotation ? 4 : 3;
  slot.element = node;
  slot.byteOffset =
      uint32_t(reinterpret_cast<const char*>(data) - reinterpret_cast<const char*>(s.nodes.data()));
  slot.data = data;
  return slot;
}

// Any float storage as a slot of `region`.
inline scene::Slot floatSlot(float* data, uint32_t count, scene::Region region, uint32_t element,
                             uint32_t byteOffset,
                             scene::ValueType type = scene::ValueType::FloatArray) {
  scene::Slot slot;
  slot.type = type;
  slot.region = region;
  slot.count = count;
  slot.element = element;
  slot.byteOffset = byteOffset;
  slot.data = data;
  return slot;
}

inline std::vector<bool> all(size_t clips) {
  return std::vector<bool>(clips, true);
}

}  // namespace vitrine::anim::test
