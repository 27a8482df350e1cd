#include "transmission.h"

#include <algorithm>
#include <bit>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

TransmissionTarget createTransmissionTarget(const Context& ctx, VkDescriptorSetLayout setLayout,
                                            VkExtent2D extent) {
  TransmissionTarget t;
  VkFormatProperties props;
  vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, kTransmissionFormat, &props);
  const VkFormatFeatureFlags needed =
      VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_BLIT_SRC_BIT |
      VK_FORMAT_FEATURE_BLIT_DST_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  // Mandatory for this format in Vulkan 1.3 (formats table), so a device check, not user input.
  VK_CHECK((props.optimalTilingFeatures & needed) == needed ? VK_SUCCESS
                                                            : VK_ERROR_FORMAT_NOT_SUPPORTED);

  ImageDesc color;
  color.format = kTransmissionFormat;
  color.extent = extent;
  color.mipLevels = uint32_t(std::bit_width(std::max(extent.width, extent.height)));
  color.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  t.color = createImage(ctx, color);
  t.level0 = createImageView(ctx, t.color.image, kTransmissionFormat, VK_IMAGE_ASPECT_COLOR_BIT, 1);
  if (ctx.samples != VK_SAMPLE_COUNT_1_BIT) {
    ImageDesc msaa;
    msaa.format = kTransmissionFormat;
    msaa.extent = extent;
    msaa.samples = ctx.samples;
    msaa.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
    t.msaa = createImage(ctx, msaa);
  }

  auto sampler = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  sampler.magFilter = VK_FILTER_LINEAR;
  sampler.minFilter = VK_FILTER_LINEAR;
  sampler.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  sampler.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.maxLod = VK_LOD_CLAMP_NONE;
  VK_CHECK(vkCreateSampler(ctx.device, &sampler, nullptr, &t.sampler));

  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
  auto pool = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  pool.maxSets = 1;
  pool.poolSizeCount = 1;
  pool.pPoolSizes = &size;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &pool, nullptr, &t.pool));
  auto allocate =
      vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  allocate.descriptorPool = t.pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &setLayout;
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &allocate, &t.set));
  const VkDescriptorImageInfo image{t.sampler, t.color.view,
                                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  auto write = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
  write.dstSet = t.set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = &image;
  vkUpdateDescriptorSets(ctx.device, 1, &write, 0, nullptr);
  return t;
}

void destroyTransmissionTarget(const Context& ctx, TransmissionTarget& t) {
  if (t.pool) vkDestroyDescriptorPool(ctx.device, t.pool, nullptr);
  if (t.sampler) vkDestroySampler(ctx.device, t.sampler, nullptr);
  if (t.level0) vkDestroyImageView(ctx.device, t.level0, nullptr);
  destroyImage(ctx, t.msaa);
  destroyImage(ctx, t.color);
  t = TransmissionTarget{};
}

void beginTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& t) {
  ImageBarrier barriers[2];
  uint32_t count = 0;
  // Every level: level 0 is drawn, the others blitted into after the pass. The previous
  // frame's main pass sampled them (write after read: an execution dependency suffices).
  ImageBarrier& color = barriers[count++];
  color.image = t.color.image;
  color.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.srcStage = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
  color.dstStage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  color.dstAccess = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  if (t.msaa.image) {
    ImageBarrier& msaa = barriers[count++];
    msaa.image = t.msaa.image;
    msaa.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    msaa.srcStage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    msaa.srcAccess = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    msaa.dstStage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    msaa.dstAccess = VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  }
  imageBarriers(cmd, barriers, count);
}

void finishTransmissionTarget(VkCommandBuffer cmd, const TransmissionTarget& t) {
  const uint32_t levels = t.color.desc.mipLevels;
  int32_t width = int32_t(t.color.desc.extent.width);
  int32_t height = int32_t(t.color.desc.extent.height);
  for (uint32_t level = 1; level < levels; ++level) {
    ImageBarrier b[2];
    // Level - 1 was just written: by the pass (level 0) or by the previous blit.
    b[0].image = t.color.image;
    b[0].baseMip = level - 1;
    b[0].mipCount = 1;
    b[0].oldLayout = level == 1 ? VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
                                : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    b[0].newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    b[0].srcStage =
        level == 1 ? VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT : VK_PIPELINE_STAGE_2_BLIT_BIT;
    b[0].srcAccess =
        level == 1 ? VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT : VK_ACCESS_2_TRANSFER_WRITE_BIT;
    b[0].dstStage = VK_PIPELINE_STAGE_2_BLIT_BIT;
    b[0].dstAccess = VK_ACCESS_2_TRANSFER_READ_BIT;
    // Level: its contents are discarded (it was made an attachment layout before the pass).
    b[1].image = t.color.image;
    b[1].baseMip = level;
    b[1].mipCount = 1;
    b[1].newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    b[1].srcStage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    b[1].dstStage = VK_PIPELINE_STAGE_2_BLIT_BIT;
    b[1].dstAccess = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    imageBarriers(cmd, b, 2);
    const int32_t w = std::max(width / 2, 1), h = std::max(height / 2, 1);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, 1};
    blit.srcOffsets[1] = {width, height, 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
    blit.dstOffsets[1] = {w, h, 1};
    vkCmdBlitImage(cmd, t.color.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t.color.image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
    width = w;
    height = h;
  }
  ImageBarrier b[2];
  uint32_t count = 0;
  if (levels > 1) {
    ImageBarrier& read = b[count++];  // levels 0 .. levels - 2: blit sources
    read.image = t.color.image;
    read.mipCount = levels - 1;
    read.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    read.srcStage = VK_PIPELINE_STAGE_2_BLIT_BIT;
  }
  ImageBarrier& last = b[count++];  // the last level: blitted into (or drawn, at one level)
  last.image = t.color.image;
  last.baseMip = levels - 1;
  last.mipCount = 1;
  last.oldLayout =
      levels > 1 ? VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  last.srcStage =
      levels > 1 ? VK_PIPELINE_STAGE_2_BLIT_BIT : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  last.srcAccess =
      levels > 1 ? VK_ACCESS_2_TRANSFER_WRITE_BIT : VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  for (uint32_t i = 0; i < count; ++i) {
    b[i].newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    b[i].dstStage = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
    b[i].dstAccess = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
  }
  imageBarriers(cmd, b, count);
}

}  // namespace vitrine::renderer
