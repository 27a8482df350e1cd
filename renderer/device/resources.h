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
  // With VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT in `flags`: the format of a second view
  // (Image::secondView), e.g. UNORM beside SRGB. UNDEFINED: no second view.
  VkFormat secondViewFormat = VK_FORMAT_UNDEFINED;
};

// A device-local image and a view of it in its own format over every mip level and layer
// (a cube view for a cube-compatible image with 6 layers, an array view for other layered
// images), plus the same view in
// desc.secondViewFormat when it names one.
struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkImageView secondView = VK_NULL_HANDLE;
  ImageDesc desc;
};

[[nodiscard]] Image createImage(const Context& ctx, const ImageDesc& desc);
void destroyImage(const Context& ctx, Image& image);
[[nodiscard]] VkImageView createImageView(const Context& ctx, VkImage image, VkFormat format,
                                          VkImageAspectFlags aspect, uint32_t mipLevels,
                                          VkImageViewType type = VK_IMAGE_VIEW_TYPE_2D,
                                          uint32_t baseMip = 0, uint32_t layers = 1);

// One synchronization2 image barrier (layout transition and/or memory dependency).
// transition() builds the usual ones; write the fields by hand only for an unusual one.
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

// Who uses an image on one side of a barrier. With the layout it is in, it gives the stage
// and access masks (transition()): the user before the barrier is waited for and its writes
// made available; the user after it is blocked until then and those writes made visible to it.
enum class ImageUser : uint8_t {
  None,  // before: nothing to wait for (a new image); after: nothing to block
  // Before: the swapchain's acquire semaphore, waited at COLOR_ATTACHMENT_OUTPUT (no access).
  // After: the presentation engine (BOTTOM_OF_PIPE, no access).
  Present,
  Copy,   // vkCmdCopy* (COPY): writes in TRANSFER_DST_OPTIMAL, reads in any other layout
  Clear,  // vkCmdClearColorImage (CLEAR): writes
  // The copy and blits of a mip chain (ALL_TRANSFER): writes in TRANSFER_DST_OPTIMAL, reads
  // in TRANSFER_SRC_OPTIMAL. Before a barrier it always carries TRANSFER_WRITE: every level of
  // a chain is written before it is read.
  Transfer,
  ComputeWrite,  // compute shaders storing to it (storage writes)
  ComputeRead,   // compute shaders reading it: storage loads and sampling in GENERAL, sampling
                 // in SHADER_READ_ONLY_OPTIMAL
  Fragment,      // fragment shaders sampling it
  Color,         // a colour attachment drawn into (blend reads, writes)
  // A colour attachment only written: cleared or resolved into, its old contents discarded,
  // so no earlier write needs to be visible to the pass's reads.
  ColorWrite,
  Depth,  // the depth attachment (early and late fragment tests; reads and writes)
};

// An image in `layout`, used by `user`: one side of transition().
struct ImageUse {
  VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
  ImageUser user = ImageUser::None;
};

// Which mip levels, layers and aspect a barrier covers (default: all of a colour image).
struct ImageRange {
  uint32_t baseMip = 0;
  uint32_t mipCount = VK_REMAINING_MIP_LEVELS;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  uint32_t layerCount = VK_REMAINING_ARRAY_LAYERS;
};

// The barrier that moves `range` of `image` from before.layout to after.layout, ordering
// after.user's accesses after before.user's (stages and accesses as ImageUser describes).
// before.layout UNDEFINED discards the contents but still waits for before.user, e.g. the
// previous frame's use of an attachment.
[[nodiscard]] ImageBarrier transition(VkImage image, ImageUse before, ImageUse after,
                                      ImageRange range = {});
// Records transition(image, before, after, range) alone.
void transitionImage(VkCommandBuffer cmd, VkImage image, ImageUse before, ImageUse after,
                     ImageRange range = {});

// Fills levels 1 .. levels - 1 of the colour `image` (level 0 of `extent`) by linear blits,
// each level from the one above (a box filter; the format must support linear blits).
// Before: level 0 is in level0.layout, written by level0.user; levels 1.. are in rest.layout
// (TRANSFER_DST_OPTIMAL: already there; UNDEFINED: discarded after rest.user, e.g. the
// previous frame's samplers). After: every level in after.layout, visible to after.user.
// With one level, only level 0's transition is recorded.
void recordMipChain(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, uint32_t levels,
                    ImageUse level0, ImageUse after,
                    ImageUse rest = {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Transfer});

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
