#include "pass_transmission.h"

#include <algorithm>
#include <bit>

#include "targets.h"
#include "textures.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

void beginTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& t) {
  constexpr VkImageLayout kUndefined = VK_IMAGE_LAYOUT_UNDEFINED;
  // Level 0 only: the pass draws into it; finishTransmissionTarget discards the other levels
  // when it blits into them. The previous frame's main pass sampled it (write after read: an
  // execution dependency suffices).
  // The depth is shared by the frames in flight: wait for the previous frame's pass's writes
  // before discarding them.
  const ImageBarrier barriers[2] = {
      transition(t.color.image, {kUndefined, ImageUser::Fragment},
                 {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::ColorWrite}, {0, 1}),
      transition(t.depth.image, {kUndefined, ImageUser::Depth},
                 {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, ImageUser::Depth},
                 {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT})};
  imageBarriers(cmd, barriers, 2);
}

void finishTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& t) {
  // Levels 1.. are discarded as they are blitted into, once the previous frame's fragment
  // shaders finished sampling them.
  recordMipChain(cmd, t.color.image, t.color.desc.extent, t.color.desc.mipLevels,
                 {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, ImageUser::ColorWrite},
                 {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment},
                 {VK_IMAGE_LAYOUT_UNDEFINED, ImageUser::Fragment});
}

void recordTransmissionPass(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                            const SceneGpu& scene, uint32_t slot,
                            const std::vector<gpu::NodeData>& nodes, VkDescriptorSet environmentSet,
                            const View& view, Attachments& a, const DrawOrder& order,
                            uint32_t frameFeatures, BackgroundPass* background) {
  if (!a.transmission.color.image)
    a.transmission = createTransmissionTarget(ctx, pipelines.layouts.transmission, a.extent);
  const TransmissionTarget& t = a.transmission;
  beginTransmissionTarget(cmd, t);

  FinalImage level0;
  level0.image = t.color.image;
  level0.view = t.level0;
  beginRendering(cmd, VK_NULL_HANDLE, t.depth.view, level0, a.extent, view);
  PassSetup pass;
  pass.colorFormat = kTransmissionFormat;
  pass.samples = VK_SAMPLE_COUNT_1_BIT;
  pass.features = frameFeatures | kFeatureLinearOutput;
  pass.backgroundTonemap = gpu::kTonemapLinear;
  recordDraws(cmd, ctx, pipelines, scene, slot, nodes, environmentSet, pass, order.draws.data(),
              order.opaque, background);
  vkCmdEndRendering(cmd);
  finishTransmissionTarget(cmd, t);
}

}  // namespace vitrine::renderer
