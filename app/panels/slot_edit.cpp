#include "slot_edit.h"

#include <algorithm>
#include <cstring>

namespace vitrine::app {

bool writeSlot(const scene::Slot& slot, std::span<const float> values, scene::DirtySet& dirty) {
  if (!slot.data || values.size() != slot.count) return false;
  // Compared bytewise, as the animation kernels do: -0 and 0 differ, NaN equals itself.
  if (std::memcmp(slot.data, values.data(), values.size_bytes()) == 0) return false;
  std::memcpy(slot.data, values.data(), values.size_bytes());
  if (slot.region == scene::Region::NodeTransforms) {
    std::vector<uint32_t>& moved = dirty.movedNodes;
    if (std::find(moved.begin(), moved.end(), slot.element) == moved.end())
      moved.push_back(slot.element);
  } else {
    dirty[slot.region].mark(slot.byteOffset, uint32_t(values.size_bytes()));
  }
  return true;
}

scene::Slot nodeVisibilitySlot(scene::Scene& scene, uint32_t node) {
  scene::Slot s;
  s.type = scene::ValueType::Bool;
  s.region = scene::Region::Visibility;
  s.element = node;
  s.count = 1;
  s.data = &scene.nodes[node].visible;
  // object_model.h: element * sizeof(Node) + the member's offset, as a pointer difference.
  s.byteOffset = uint32_t(reinterpret_cast<const char*>(s.data) -
                          reinterpret_cast<const char*>(scene.nodes.data()));
  return s;
}

}  // namespace vitrine::app
