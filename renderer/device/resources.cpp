#include "resources.h"

#include <algorithm>
#include <vector>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// vkAllocateMemory, or the fault a test injects in its place (Options::injectFault).
VkResult allocate(const Context& ctx, const VkMemoryAllocateInfo& info, VkDeviceMemory* memory) {
  const VkResult injected = injectedFault(ctx, FaultPoint::Allocate);
  return injected != VK_SUCCESS ? injected : vkAllocateMemory(ctx.device, &info, nullptr, memory);
}

}  // namespace

Buffer createBuffer(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage,
                    VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) {
  Buffer b;
  b.size = size;
  auto info = vkStruct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VK_CHECK(vkCreateBuffer(ctx.device, &info, nullptr, &b.buffer));

  if (required & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
    required |= VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(ctx.device, b.buffer, &req);
  auto alloc = vkStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = findMemoryType(ctx, req.memoryTypeBits, required, preferred);
  try {
    VK_CHECK(allocate(ctx, alloc, &b.memory));
  } catch (...) {
    vkDestroyBuffer(ctx.device, b.buffer, nullptr);
    throw;
  }
  VK_CHECK(vkBindBufferMemory(ctx.device, b.buffer, b.memory, 0));
  if (required & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
    VK_CHECK(vkMapMemory(ctx.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped));
  return b;
}

void destroyBuffer(const Context& ctx, Buffer& b) {
  if (b.buffer) vkDestroyBuffer(ctx.device, b.buffer, nullptr);
  if (b.memory) vkFreeMemory(ctx.device, b.memory, nullptr);  // unmaps implicitly
  b = Buffer{};
}

VkImageView createImageView(const Context& ctx, VkImage image, VkFormat format,
                            VkImageAspectFlags aspect, uint32_t mipLevels, VkImageViewType type,
                            uint32_t baseMip, uint32_t layers) {
  auto info = vkStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  info.image = image;
  info.viewType = type;
  info.format = format;
  info.subresourceRange = {aspect, baseMip, mipLevels, 0, layers};
  VkImageView view = VK_NULL_HANDLE;
  VK_CHECK(vkCreateImageView(ctx.device, &info, nullptr, &view));
  return view;
}

Image createImage(const Context& ctx, const ImageDesc& desc) {
  Image img;
  img.desc = desc;
  auto info = vkStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.flags = desc.flags;
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = desc.format;
  info.extent = {desc.extent.width, desc.extent.height, 1};
  info.mipLevels = desc.mipLevels;
  info.arrayLayers = desc.layers;
  info.samples = desc.samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = desc.usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VK_CHECK(vkCreateImage(ctx.device, &info, nullptr, &img.image));

  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(ctx.device, img.image, &req);
  auto alloc = vkStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  const bool transient = desc.usage & VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  alloc.memoryTypeIndex =
      findMemoryType(ctx, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                     transient ? VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT : 0);
  try {
    VK_CHECK(allocate(ctx, alloc, &img.memory));
  } catch (...) {
    vkDestroyImage(ctx.device, img.image, nullptr);
    throw;
  }
  VK_CHECK(vkBindImageMemory(ctx.device, img.image, img.memory, 0));
  const bool cube = (desc.flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && desc.layers == 6;
  const VkImageViewType type = cube              ? VK_IMAGE_VIEW_TYPE_CUBE
                               : desc.layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                                                 : VK_IMAGE_VIEW_TYPE_2D;
  img.view = createImageView(ctx, img.image, desc.format, desc.aspect, desc.mipLevels, type, 0,
                             desc.layers);
  if (desc.secondViewFormat != VK_FORMAT_UNDEFINED)
    img.secondView = createImageView(ctx, img.image, desc.secondViewFormat, desc.aspect,
                                     desc.mipLevels, type, 0, desc.layers);
  return img;
}

void destroyImage(const Context& ctx, Image& img) {
  if (img.view) vkDestroyImageView(ctx.device, img.view, nullptr);
  if (img.secondView) vkDestroyImageView(ctx.device, img.secondView, nullptr);
  if (img.image) vkDestroyImage(ctx.device, img.image, nullptr);
  if (img.memory) vkFreeMemory(ctx.device, img.memory, nullptr);
  img = Image{};
}

void imageBarriers(VkCommandBuffer cmd, const ImageBarrier* barriers, uint32_t count) {
  std::vector<VkImageMemoryBarrier2> vk(count);
  for (uint32_t i = 0; i < count; ++i) {
    const ImageBarrier& b = barriers[i];
    VkImageMemoryBarrier2& v = vk[i];
    v = vkStruct<VkImageMemoryBarrier2>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2);
    v.srcStageMask = b.srcStage;
    v.srcAccessMask = b.srcAccess;
    v.dstStageMask = b.dstStage;
    v.dstAccessMask = b.dstAccess;
    v.oldLayout = b.oldLayout;
    v.newLayout = b.newLayout;
    v.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    v.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    v.image = b.image;
    v.subresourceRange = {b.aspect, b.baseMip, b.mipCount, 0, b.layerCount};
  }
  auto dep = vkStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
  dep.imageMemoryBarrierCount = count;
  dep.pImageMemoryBarriers = vk.data();
  vkCmdPipelineBarrier2(cmd, &dep);
}

void imageBarrier(VkCommandBuffer cmd, const ImageBarrier& barrier) {
  imageBarriers(cmd, &barrier, 1);
}

namespace {

VkPipelineStageFlags2 stageBefore(ImageUser user) {
  switch (user) {
    case ImageUser::None:
      return VK_PIPELINE_STAGE_2_NONE;
    case ImageUser::Present:  // the acquire semaphore's wait stage
    case ImageUser::Color:
    case ImageUser::ColorWrite:
      return VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    case ImageUser::Copy:
      return VK_PIPELINE_STAGE_2_COPY_BIT;
    case ImageUser::Clear:
      return VK_PIPELINE_STAGE_2_CLEAR_BIT;
    case ImageUser::Transfer:
      return VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
    case ImageUser::ComputeWrite:
    case ImageUser::ComputeRead:
      return VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
    case ImageUser::Fragment:
      return VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
    case ImageUser::Depth:
      return VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
             VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
  }
  return VK_PIPELINE_STAGE_2_NONE;
}

VkPipelineStageFlags2 stageAfter(ImageUser user) {
  return user == ImageUser::Present ? VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT : stageBefore(user);
}

// The writes `user` may have made to an image it used in `layout` (reads need no availability).
VkAccessFlags2 writesBefore(ImageUser user, VkImageLayout layout) {
  switch (user) {
    case ImageUser::Copy:
      return layout == VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL ? VK_ACCESS_2_TRANSFER_WRITE_BIT
                                                            : VK_ACCESS_2_NONE;
    case ImageUser::Clear:
    case ImageUser::Transfer:
      return VK_ACCESS_2_TRANSFER_WRITE_BIT;
    case ImageUser::ComputeWrite:
      return VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
    case ImageUser::Color:
    case ImageUser::ColorWrite:
      return VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    case ImageUser::Depth:
      return VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
    case ImageUser::None:
    case ImageUser::Present:
    case ImageUser::ComputeRead:
    case ImageUser::Fragment:
      break;
  }
  return VK_ACCESS_2_NONE;
}

// The accesses `user` makes to an image in `layout`.
VkAccessFlags2 accessesAfter(ImageUser user, VkImageLayout layout) {
  switch (user) {
    case ImageUser::Copy:
    case ImageUser::Clear:
    case ImageUser::Transfer:
      return layout == VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL ? VK_ACCESS_2_TRANSFER_WRITE_BIT
                                                            : VK_ACCESS_2_TRANSFER_READ_BIT;
    case ImageUser::ComputeWrite:
      return VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
    case ImageUser::ComputeRead:
      return layout == VK_IMAGE_LAYOUT_GENERAL
                 ? VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT
                 : VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    case ImageUser::Fragment:
      return VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    case ImageUser::Color:
      return VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    case ImageUser::ColorWrite:
      return VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    case ImageUser::Depth:
      return VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
             VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
    case ImageUser::None:
    case ImageUser::Present:
      break;
  }
  return VK_ACCESS_2_NONE;
}

}  // namespace

ImageBarrier transition(VkImage image, ImageUse before, ImageUse after, ImageRange range) {
  ImageBarrier b;
  b.image = image;
  b.aspect = range.aspect;
  b.oldLayout = before.layout;
  b.newLayout = after.layout;
  b.srcStage = stageBefore(before.user);
  b.srcAccess = writesBefore(before.user, before.layout);
  b.dstStage = stageAfter(after.user);
  b.dstAccess = accessesAfter(after.user, after.layout);
  b.baseMip = range.baseMip;
  b.mipCount = range.mipCount;
  b.layerCount = range.layerCount;
  return b;
}

void transitionImage(VkCommandBuffer cmd, VkImage image, ImageUse before, ImageUse after,
                     ImageRange range) {
  imageBarrier(cmd, transition(image, before, after, range));
}

void recordMipChain(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, uint32_t levels,
                    ImageUse level0, ImageUse after, ImageUse rest) {
  constexpr ImageUse kBlitDst{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Transfer};
  constexpr ImageUse kBlitSrc{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Transfer};
  const bool restReady = rest.layout == kBlitDst.layout;
  int32_t w = int32_t(extent.width), h = int32_t(extent.height);
  for (uint32_t level = 1; level < levels; ++level) {
    // The level above becomes the source (written by level0.user, or by the previous blit);
    // this level becomes a destination if it is not one yet.
    ImageBarrier b[2] = {
        transition(image, level == 1 ? level0 : kBlitDst, kBlitSrc, {level - 1, 1}),
        transition(image, rest, kBlitDst, {level, 1})};
    imageBarriers(cmd, b, restReady ? 1 : 2);
    const int32_t nw = std::max(w / 2, 1), nh = std::max(h / 2, 1);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, 1};
    blit.srcOffsets[1] = {w, h, 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
    blit.dstOffsets[1] = {nw, nh, 1};
    vkCmdBlitImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
    w = nw;
    h = nh;
  }
  // Every level but the last was a blit source; the last was only written.
  ImageBarrier done[2];
  uint32_t count = 0;
  if (levels > 1) done[count++] = transition(image, kBlitSrc, after, {0, levels - 1});
  done[count++] = transition(image, levels > 1 ? kBlitDst : level0, after, {levels - 1, 1});
  imageBarriers(cmd, done, count);
}

void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) {
  auto b = vkStruct<VkMemoryBarrier2>(VK_STRUCTURE_TYPE_MEMORY_BARRIER_2);
  b.srcStageMask = srcStage;
  b.srcAccessMask = srcAccess;
  b.dstStageMask = dstStage;
  b.dstAccessMask = dstAccess;
  auto dep = vkStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
  dep.memoryBarrierCount = 1;
  dep.pMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

void createCommandBuffer(const Context& ctx, VkCommandPoolCreateFlags flags, VkCommandPool& pool,
                         VkCommandBuffer& cmd) {
  auto poolInfo = vkStruct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  poolInfo.flags = flags;
  poolInfo.queueFamilyIndex = ctx.queueFamily;
  VK_CHECK(vkCreateCommandPool(ctx.device, &poolInfo, nullptr, &pool));
  auto alloc =
      vkStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  alloc.commandPool = pool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VK_CHECK(vkAllocateCommandBuffers(ctx.device, &alloc, &cmd));
}

OneShot beginOneShot(const Context& ctx) {
  OneShot o;
  createCommandBuffer(ctx, VK_COMMAND_POOL_CREATE_TRANSIENT_BIT, o.pool, o.cmd);
  auto begin = vkStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(o.cmd, &begin));
  return o;
}

void submitOneShot(const Context& ctx, OneShot& o) {
  VK_CHECK(vkEndCommandBuffer(o.cmd));
  auto fenceInfo = vkStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  VkFence fence = VK_NULL_HANDLE;
  VK_CHECK(vkCreateFence(ctx.device, &fenceInfo, nullptr, &fence));
  auto cmdInfo = vkStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
  cmdInfo.commandBuffer = o.cmd;
  auto submit = vkStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmdInfo;
  VK_CHECK(vkQueueSubmit2(ctx.queue, 1, &submit, fence));
  VK_CHECK(vkWaitForFences(ctx.device, 1, &fence, VK_TRUE, UINT64_MAX));
  vkDestroyFence(ctx.device, fence, nullptr);
  vkDestroyCommandPool(ctx.device, o.pool, nullptr);  // frees o.cmd
  o = OneShot{};
}

}  // namespace vitrine::renderer
