// The transmission pass and its target (KHR_materials_transmission): the opaque scene drawn first
// into a linear HDR colour texture with a full mip chain, which transmissive surfaces then
// sample at their refracted screen position, at a level chosen by their roughness
// (ext_transmission.glsl). Created the first time a frame draws a transmissive material into
// a given set of attachments (targets.h owns it and destroys it with them, so a resize
// replaces it), never for a scene without one.
#pragma once

#include <cstdint>

#include <volk.h>

#include "context.h"
#include "mesh_draws.h"
#include "resources.h"

namespace vitrine::renderer {

struct Attachments;  // targets.h, which holds a TransmissionTarget

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

// Before the pass: level 0 of the colour texture becomes a colour attachment, after the
// previous frame's fragment shaders finished sampling it, and the depth image a depth
// attachment after the previous frame's pass. Contents are discarded.
void beginTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& target);
// After the pass: levels 1.. are blitted down from level 0 (a box filter per level), and the
// whole texture left in SHADER_READ_ONLY_OPTIMAL for the main pass's fragment shaders.
void finishTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& target);

// The transmission pass (KHR_materials_transmission): the opaque and mask draws without
// transmission (order.draws[0, order.opaque)), and the background, in linear radiance into the
// transmission texture, whose mip chain is then generated. One sample per pixel, whatever the
// frame's MSAA: the texture is only ever read blurred and refracted, and the pass then costs no
// resolve and a quarter of the fragment work at 4x. Creates the texture (a.transmission) the
// first time it is needed at this extent. frameFeatures: the main pass's ShaderFeature bits.
void recordTransmissionPass(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                            const SceneGpu& scene, uint32_t slot,
                            const std::vector<gpu::NodeData>& nodes, VkDescriptorSet environmentSet,
                            const View& view, Attachments& a, const DrawOrder& order,
                            uint32_t frameFeatures, BackgroundPass* background);

}  // namespace vitrine::renderer
