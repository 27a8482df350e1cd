#include "swapchain.h"

#include <algorithm>

#include "resources.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

VkSurfaceFormatKHR chooseSurfaceFormat(const Context& ctx) {
  uint32_t count = 0;
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(ctx.physicalDevice, ctx.surface, &count, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(count);
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(ctx.physicalDevice, ctx.surface, &count,
                                                formats.data()));
  for (VkFormat wanted : {VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB}) {
    for (const VkSurfaceFormatKHR& f : formats)
      if (f.format == wanted && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
  }
  return formats.at(0);
}

void surfaceImageCounts(const Context& ctx, uint32_t* minCount, uint32_t* wanted) {
  VkSurfaceCapabilitiesKHR caps;
  VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx.physicalDevice, ctx.surface, &caps));
  *minCount = std::max(caps.minImageCount, 2u);
  *wanted = caps.minImageCount + 1;
  if (caps.maxImageCount > 0) *wanted = std::min(*wanted, caps.maxImageCount);
  *wanted = std::max(*wanted, *minCount);
}

VkRenderPass createOverlayRenderPass(const Context& ctx, VkFormat format) {
  VkAttachmentDescription attachment{};
  attachment.format = format;
  attachment.samples = VK_SAMPLE_COUNT_1_BIT;
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  attachment.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  attachment.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
  const VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &ref;
  // After the scene's resolve (a colour attachment write); before the present, whose
  // semaphore the submission signals once every command completed.
  VkSubpassDependency deps[2]{};
  deps[0].srcSubpass = VK_SUBPASS_EXTERNAL;
  deps[0].dstSubpass = 0;
  deps[0].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  deps[0].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  deps[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  deps[0].dstAccessMask =
      VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  deps[1].srcSubpass = 0;
  deps[1].dstSubpass = VK_SUBPASS_EXTERNAL;
  deps[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  deps[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  deps[1].dstStageMask = VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT;
  deps[1].dstAccessMask = 0;
  auto info = vkStruct<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
  info.attachmentCount = 1;
  info.pAttachments = &attachment;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 2;
  info.pDependencies = deps;
  VkRenderPass pass = VK_NULL_HANDLE;
  VK_CHECK(vkCreateRenderPass(ctx.device, &info, nullptr, &pass));
  return pass;
}

bool createSwapchain(const Context& ctx, VkSurfaceFormatKHR format, VkRenderPass overlayPass,
                     VkExtent2D framebuffer, VkSwapchainKHR old, Swapchain& out) {
  VkSurfaceCapabilitiesKHR caps;
  VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx.physicalDevice, ctx.surface, &caps));
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == UINT32_MAX) {  // the surface follows the swapchain
    extent.width =
        std::clamp(framebuffer.width, caps.minImageExtent.width, caps.maxImageExtent.width);
    extent.height =
        std::clamp(framebuffer.height, caps.minImageExtent.height, caps.maxImageExtent.height);
  }
  if (extent.width == 0 || extent.height == 0) return false;
  uint32_t minCount = 0, wanted = 0;
  surfaceImageCounts(ctx, &minCount, &wanted);

  auto info = vkStruct<VkSwapchainCreateInfoKHR>(VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR);
  info.surface = ctx.surface;
  info.minImageCount = wanted;
  info.imageFormat = format.format;
  info.imageColorSpace = format.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  // Copied from only when a frame is captured (Renderer::captureNextFrame); optional.
  if (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
    info.imageUsage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  for (VkCompositeAlphaFlagBitsKHR a :
       {VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR, VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR,
        VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR, VK_COMPOSITE_ALPHA_POST_MULTIPLIED_BIT_KHR}) {
    if (caps.supportedCompositeAlpha & a) {
      info.compositeAlpha = a;
      break;
    }
  }
  info.presentMode = VK_PRESENT_MODE_FIFO_KHR;  // always supported; no tearing
  info.clipped = VK_TRUE;
  info.oldSwapchain = old;
  VK_CHECK(vkCreateSwapchainKHR(ctx.device, &info, nullptr, &out.swapchain));
  out.extent = extent;
  out.requested = framebuffer;
  out.copyable = (info.imageUsage & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;

  uint32_t count = 0;
  VK_CHECK(vkGetSwapchainImagesKHR(ctx.device, out.swapchain, &count, nullptr));
  out.images.resize(count);
  VK_CHECK(vkGetSwapchainImagesKHR(ctx.device, out.swapchain, &count, out.images.data()));
  for (VkImage image : out.images) {
    out.views.push_back(createImageView(ctx, image, format.format, VK_IMAGE_ASPECT_COLOR_BIT, 1));
    auto fb = vkStruct<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
    fb.renderPass = overlayPass;
    fb.attachmentCount = 1;
    fb.pAttachments = &out.views.back();
    fb.width = extent.width;
    fb.height = extent.height;
    fb.layers = 1;
    out.framebuffers.emplace_back();
    VK_CHECK(vkCreateFramebuffer(ctx.device, &fb, nullptr, &out.framebuffers.back()));
    auto semaphore = vkStruct<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
    out.renderFinished.emplace_back();
    VK_CHECK(vkCreateSemaphore(ctx.device, &semaphore, nullptr, &out.renderFinished.back()));
  }
  out.attachments = createAttachments(ctx, format.format, extent);
  return true;
}

void destroySwapchain(const Context& ctx, Swapchain& s) {
  destroyAttachments(ctx, s.attachments);
  for (VkSemaphore semaphore : s.renderFinished) vkDestroySemaphore(ctx.device, semaphore, nullptr);
  for (VkFramebuffer fb : s.framebuffers) vkDestroyFramebuffer(ctx.device, fb, nullptr);
  for (VkImageView view : s.views) vkDestroyImageView(ctx.device, view, nullptr);
  if (s.swapchain) vkDestroySwapchainKHR(ctx.device, s.swapchain, nullptr);
  s = Swapchain{};
}

}  // namespace vitrine::renderer
