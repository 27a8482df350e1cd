#include "resources.h"

#include <vector>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

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
  VK_CHECK(vkAllocateMemory(ctx.device, &alloc, nullptr, &b.memory));
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
  VK_CHECK(vkAllocateMemory(ctx.device, &alloc, nullptr, &img.memory));
  VK_CHECK(vkBindImageMemory(ctx.device, img.image, img.memory, 0));
  const bool cube = (desc.flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && desc.layers == 6;
  img.view =
      createImageView(ctx, img.image, desc.format, desc.aspect, desc.mipLevels,
                      cube ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D, 0, desc.layers);
  return img;
}

void destroyImage(const Context& ctx, Image& img) {
  if (img.view) vkDestroyImageView(ctx.device, img.view, nullptr);
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
