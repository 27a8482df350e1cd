// Zero-initialised Vulkan structs with their sType set: `vkStruct<VkFenceCreateInfo>(...)`.
// (Aggregate initialisation with only sType trips -Wmissing-field-initializers.)
#pragma once

#include <volk.h>

namespace vitrine::renderer {

template <typename T>
T vkStruct(VkStructureType type) {
  T s{};
  s.sType = type;
  return s;
}

}  // namespace vitrine::renderer
