// Buffers and images with their memory (one allocation each), image barriers, and one-shot
// command buffers for load-time uploads. Plain handle structs with create/destroy pairs.
#pragma once

#include <cstdint>

#include <volk.h>

#include "context.h"

namespace vitrine::renderer {

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  void* mapped = nullptr;  // persistently mapped when the memory is host-visible
};

// Host-visible memory is HOST_COHERENT (no flush or invalidate needed) and stays mapped.
[[nodiscard]] Buffer createBuffer(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage,
                                  VkMemoryPropertyFlags required,
                                  VkMemoryPropertyFlags preferred = 0);
void destroyBuffer(const Context& ctx, Buffer& buffer);

struct ImageDesc {
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent2D extent{0, 0};
  uint32_t mipLevels = 1;
  uint32_t layers = 1;  // 6 with VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT: a cube (and a cube view)
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  VkImageUsageFlags usage = 0;
  VkImageCreateFlags flags = 0;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
};

// A device-local image and a view of it in its own format over every mip level and layer
// (a cube view for a cube-compatible image with 6 layers).
struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  ImageDesc desc;
};

[[nodiscard]] Image createImage(const Context& ctx, const ImageDesc& desc);
void destroyImage(const Context& ctx, Image& image);
[[nodiscard]] VkImageView createImageView(const Context& ctx, VkImage image, VkFormat format,
                                          VkImageAspectFlags aspect, uint32_t mipLevels,
                                          VkImageViewType type = VK_IMAGE_VIEW_TYPE_2D,
                                          uint32_t baseMip = 0, uint32_t layers = 1);

// One synchronization2 image barrier (layout transition and/or memory dependency).
struct ImageBarrier {
  VkImage image = VK_NULL_HANDLE;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  VkImageLayout oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImageLayout newLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkPipelineStageFlags2 srcStage = VK_PIPELINE_STAGE_2_NONE;
  VkAccessFlags2 srcAccess = VK_ACCESS_2_NONE;
  VkPipelineStageFlags2 dstStage = VK_PIPELINE_STAGE_2_NONE;
  VkAccessFlags2 dstAccess = VK_ACCESS_2_NONE;
  uint32_t baseMip = 0;
  uint32_t mipCount = VK_REMAINING_MIP_LEVELS;
  uint32_t layerCount = VK_REMAINING_ARRAY_LAYERS;
};
void imageBarrier(VkCommandBuffer cmd, const ImageBarrier& barrier);
void imageBarriers(VkCommandBuffer cmd, const ImageBarrier* barriers, uint32_t count);
void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);

// A command pool on the graphics queue family with one primary command buffer from it;
// destroying the pool frees the buffer.
void createCommandBuffer(const Context& ctx, VkCommandPoolCreateFlags flags, VkCommandPool& pool,
                         VkCommandBuffer& cmd);

// A command buffer recorded once and waited for: load-time work only (setScene,
// setEnvironment), never in the frame loop.
struct OneShot {
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
};
[[nodiscard]] OneShot beginOneShot(const Context& ctx);
// Submits, waits for completion and frees the command buffer and its pool.
void submitOneShot(const Context& ctx, OneShot& oneShot);

}  // namespace vitrine::renderer
