#include "textures.h"

#include <algorithm>
#include <bit>

#include "resources.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

bool canGenerateMips(const Context& ctx, VkFormat format) {
  VkFormatProperties props;
  vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, format, &props);
  const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                      VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  return (props.optimalTilingFeatures & needed) == needed;
}

VkSamplerAddressMode addressMode(scene::Wrap wrap) {
  switch (wrap) {
    case scene::Wrap::ClampToEdge:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case scene::Wrap::MirroredRepeat:
      return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case scene::Wrap::Repeat:
      break;
  }
  return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

VkFilter filter(scene::Filter f) {
  return f == scene::Filter::Nearest ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
}

}  // namespace

Texture createTexture(const Context& ctx, uint32_t width, uint32_t height, bool srgb, bool unorm) {
  Texture t;
  t.width = width;
  t.height = height;
  t.format = srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM;
  t.mipLevels = canGenerateMips(ctx, t.format) ? std::bit_width(std::max(width, height)) : 1;

  auto info = vkStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.flags = srgb && unorm ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT : 0;
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = t.format;
  info.extent = {width, height, 1};
  info.mipLevels = t.mipLevels;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
               VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VK_CHECK(vkCreateImage(ctx.device, &info, nullptr, &t.image));

  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(ctx.device, t.image, &req);
  auto alloc = vkStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex =
      findMemoryType(ctx, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  VK_CHECK(vkAllocateMemory(ctx.device, &alloc, nullptr, &t.memory));
  VK_CHECK(vkBindImageMemory(ctx.device, t.image, t.memory, 0));

  if (srgb)
    t.srgb = createImageView(ctx, t.image, VK_FORMAT_R8G8B8A8_SRGB, VK_IMAGE_ASPECT_COLOR_BIT,
                             t.mipLevels);
  if (unorm)
    t.unorm = createImageView(ctx, t.image, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT,
                              t.mipLevels);
  return t;
}

void destroyTexture(const Context& ctx, Texture& t) {
  if (t.srgb) vkDestroyImageView(ctx.device, t.srgb, nullptr);
  if (t.unorm) vkDestroyImageView(ctx.device, t.unorm, nullptr);
  if (t.image) vkDestroyImage(ctx.device, t.image, nullptr);
  if (t.memory) vkFreeMemory(ctx.device, t.memory, nullptr);
  t = Texture{};
}

void recordTextureUpload(VkCommandBuffer cmd, const Texture& t, VkBuffer staging,
                         VkDeviceSize offset) {
  constexpr VkPipelineStageFlags2 kTransfer = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  ImageBarrier toDst;
  toDst.image = t.image;
  toDst.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  toDst.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  toDst.dstStage = kTransfer;
  toDst.dstAccess = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  imageBarrier(cmd, toDst);

  VkBufferImageCopy copy{};
  copy.bufferOffset = offset;
  copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  copy.imageExtent = {t.width, t.height, 1};
  vkCmdCopyBufferToImage(cmd, staging, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);

  int32_t w = int32_t(t.width), h = int32_t(t.height);
  for (uint32_t level = 1; level < t.mipLevels; ++level) {
    ImageBarrier toSrc;
    toSrc.image = t.image;
    toSrc.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    toSrc.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    toSrc.srcStage = kTransfer;
    toSrc.srcAccess = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    toSrc.dstStage = kTransfer;
    toSrc.dstAccess = VK_ACCESS_2_TRANSFER_READ_BIT;
    toSrc.baseMip = level - 1;
    toSrc.mipCount = 1;
    imageBarrier(cmd, toSrc);

    const int32_t nw = std::max(w / 2, 1), nh = std::max(h / 2, 1);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, 1};
    blit.srcOffsets[1] = {w, h, 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
    blit.dstOffsets[1] = {nw, nh, 1};
    vkCmdBlitImage(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t.image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
    w = nw;
    h = nh;
  }

  // Every level but the last was a blit source; the last was only written.
  ImageBarrier toRead[2];
  uint32_t count = 0;
  if (t.mipLevels > 1) {
    ImageBarrier& b = toRead[count++];
    b.image = t.image;
    b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    b.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    b.srcStage = kTransfer;
    b.srcAccess = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    b.dstStage = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
    b.dstAccess = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    b.baseMip = 0;
    b.mipCount = t.mipLevels - 1;
  }
  ImageBarrier& last = toRead[count++];
  last.image = t.image;
  last.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  last.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  last.srcStage = kTransfer;
  last.srcAccess = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  last.dstStage = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
  last.dstAccess = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
  last.baseMip = t.mipLevels - 1;
  last.mipCount = 1;
  imageBarriers(cmd, toRead, count);
}

VkSampler createSampler(const Context& ctx, const scene::Sampler& s) {
  auto info = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  info.magFilter = filter(s.magFilter);
  info.minFilter = filter(s.minFilter);
  info.mipmapMode = s.mipmapFilter == scene::Filter::Nearest ? VK_SAMPLER_MIPMAP_MODE_NEAREST
                                                             : VK_SAMPLER_MIPMAP_MODE_LINEAR;
  info.addressModeU = addressMode(s.wrapS);
  info.addressModeV = addressMode(s.wrapT);
  info.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  info.minLod = 0.0f;
  info.maxLod = s.useMipmaps ? VK_LOD_CLAMP_NONE : 0.0f;  // no mipmap mode: level 0 only
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(ctx.device, &info, nullptr, &sampler));
  return sampler;
}

}  // namespace vitrine::renderer
