// The transmission pass's target (passes/pass_transmission.h): a linear HDR colour texture with a
// full mip chain, its depth, sampler and descriptor set. Created and destroyed with the frame's
// attachments (targets.h), so a resize replaces it.
#pragma once

#include <volk.h>

#include "context.h"
#include "resources.h"

namespace vitrine::renderer {

// Linear radiance, not tone mapped (FP16: the scene's range), blit-filterable on lavapipe.
inline constexpr VkFormat kTransmissionFormat = VK_FORMAT_R16G16B16A16_SFLOAT;

struct TransmissionTarget {
  Image color;  // single sample, every mip level; sampled by the main pass
  Image depth;  // single sample, the pass's own (the main pass's has the frame's MSAA)
  VkImageView level0 = VK_NULL_HANDLE;  // color's level 0: the pass's colour attachment
  VkSampler sampler = VK_NULL_HANDLE;   // trilinear, clamped to the edge
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;  // set 3 of the mesh pipeline layout: the texture
};

// A target of `extent` whose set 3 (layout `setLayout`) samples its colour texture.
[[nodiscard]] TransmissionTarget createTransmissionTarget(const Context& ctx,
                                                          VkDescriptorSetLayout setLayout,
                                                          VkExtent2D extent);
void destroyTransmissionTarget(const Context& ctx, TransmissionTarget& target);

}  // namespace vitrine::renderer
