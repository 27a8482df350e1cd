#include "transmission_target.h"

#include <algorithm>
#include <bit>

#include "textures.h"
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
  ImageDesc depth;
  depth.format = ctx.depthFormat;
  depth.extent = extent;
  depth.usage =
      VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  depth.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
  t.depth = createImage(ctx, depth);

  t.sampler = createClampedLinearSampler(ctx);

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
  destroyImage(ctx, t.depth);
  destroyImage(ctx, t.color);
  t = TransmissionTarget{};
}

}  // namespace vitrine::renderer
