// The window's swapchain with its views, the per-image objects (overlay framebuffer,
// render-finished semaphore), the scene attachments of its size, and the overlay render pass.
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "context.h"
#include "targets.h"

namespace vitrine::renderer {

struct Swapchain {
  VkSwapchainKHR swapchain = VK_NULL_HANDLE;
  VkExtent2D extent{0, 0};
  VkExtent2D requested{0, 0};  // the framebuffer size it was created for
  std::vector<VkImage> images;
  std::vector<VkImageView> views;
  std::vector<VkFramebuffer> framebuffers;  // overlay render pass, one per image
  // Signalled by the frame that renders an image, waited by its present. Per image, not per
  // frame slot: a semaphore is only reused once its image was acquired again.
  std::vector<VkSemaphore> renderFinished;
  bool copyable = false;  // images have VK_IMAGE_USAGE_TRANSFER_SRC_BIT (frame capture)
  Attachments attachments;
};

// sRGB formats first, so the shaders' linear output is encoded as on the offscreen target.
VkSurfaceFormatKHR chooseSurfaceFormat(const Context& ctx);
// min image count and the count we ask for (min + 1, within the surface's limits).
void surfaceImageCounts(const Context& ctx, uint32_t* minCount, uint32_t* wanted);

// The render pass the overlay draws in: the swapchain image, one sample, loaded (the scene
// was resolved into it), left in PRESENT_SRC_KHR.
VkRenderPass createOverlayRenderPass(const Context& ctx, VkFormat format);

// Creates `out` for the given framebuffer size, reusing `old` (may be null) as oldSwapchain.
// Returns false, creating nothing, when the surface's extent is zero (minimized).
[[nodiscard]] bool createSwapchain(const Context& ctx, VkSurfaceFormatKHR format,
                                   VkRenderPass overlayPass, VkExtent2D framebuffer,
                                   VkSwapchainKHR old, Swapchain& out);
void destroySwapchain(const Context& ctx, Swapchain& swapchain);

}  // namespace vitrine::renderer
