// The transmission pass and its target (KHR_materials_transmission): the opaque scene drawn first
// into a linear HDR colour texture with a full mip chain, which transmissive surfaces then
// sample at their refracted screen position, at a level chosen by their roughness
// (ext_transmission.glsl). Created the first time a frame draws a transmissive material into
// a given set of attachments (targets.h owns it and destroys it with them, so a resize
// replaces it), never for a scene without one. The target itself is device/transmission_target.h.
#pragma once

#include <cstdint>

#include <volk.h>

#include "context.h"
#include "mesh_draws.h"
#include "resources.h"
#include "targets.h"

namespace vitrine::renderer {

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
