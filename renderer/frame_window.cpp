// The window's frame: acquire a swapchain image, record the passes into it (the scene's, then
// the UI's), present; and the swapchain's re-creation and retirement.
#include "renderer_impl.h"

#include "pass_scene.h"
#include "pass_ui.h"
#include "vk_struct.h"

namespace vitrine::renderer {

FrameStatus RendererImpl::drawFrame(const View& view, uint32_t framebufferWidth,
                                    uint32_t framebufferHeight, const OverlayFn& overlay) {
  if (!lastError_.empty()) return FrameStatus::Failed;
  try {
    return drawFrameOrThrow(view, framebufferWidth, framebufferHeight, overlay);
  } catch (const VulkanError& e) {
    // Device lost or out of memory in the frame: reported, and nothing more is drawn (the
    // frame's objects may be in any state). The caller closes the window.
    lastError_ = e.what();
    return FrameStatus::Failed;
  }
}

SwapchainStats RendererImpl::swapchainStats() const {
  SwapchainStats s = swapchainStats_;
  s.presents = retirement_.presents();
  s.retiredSemaphoresWaiting = retirement_.waitingSemaphores();
  return s;
}

FrameStatus RendererImpl::drawFrameOrThrow(const View& unsafeView, uint32_t framebufferWidth,
                                           uint32_t framebufferHeight, const OverlayFn& overlay) {
  if (!ctx_.surface || framebufferWidth == 0 || framebufferHeight == 0) {
    ++swapchainStats_.zeroExtentSkips;  // minimised: no swapchain of zero extent exists
    return FrameStatus::Skipped;
  }
  bool cameraFinite = true;
  const View view = sanitizedView(unsafeView, &cameraFinite);
  const VkExtent2D wanted{framebufferWidth, framebufferHeight};
  if (!swapchain_.swapchain || swapchainStale_ || swapchain_.requested.width != wanted.width ||
      swapchain_.requested.height != wanted.height) {
    if (!recreateSwapchain(wanted)) {
      ++swapchainStats_.zeroExtentSkips;  // the surface itself is 0x0
      return FrameStatus::Skipped;
    }
  }

  FrameSlot& slot = slots_[nextSlot_];
  waitFrameSlot(ctx_, slot);
  uint32_t imageIndex = 0;
  const VkResult acquired = vkAcquireNextImageKHR(ctx_.device, swapchain_.swapchain, UINT64_MAX,
                                                  slot.imageAvailable, VK_NULL_HANDLE, &imageIndex);
  if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {  // nothing was signalled: try next frame
    swapchainStale_ = true;
    return FrameStatus::Skipped;
  }
  if (acquired == VK_SUBOPTIMAL_KHR) {
    swapchainStale_ = true;  // the image is usable: draw it, recreate afterwards
  } else {
    VK_CHECK(acquired);
  }
  beginSlot(view);
  destroyRetired(/*all=*/false);

  const VkCommandBuffer cmd = slot.cmd;
  beginCommands(cmd);
  gpuTimer_.begin(cmd, slotIndex_);
  uploadStats_ = recordUploads(cmd);
  const SplatDraw splats = prepareSplatFrame(view, cameraFinite, 1, swapchain_.attachments);
  FinalImage target;
  target.image = swapchain_.images[imageIndex];
  target.view = swapchain_.views[imageIndex];
  target.previousUser = ImageUser::Present;  // the acquire wait
  drawStats_ =
      recordScene(cmd, ctx_, pipelines_, hasScene_ && cameraFinite ? &scene_ : nullptr, slotIndex_,
                  scene_.nodeData, environment_.set, view, swapchain_.attachments, target,
                  backgroundFor(view), slot.lines, shadows_, splats);
  addSplatStats(drawStats_);
  recordUiPass(cmd, overlayPass_, swapchain_.framebuffers[imageIndex], swapchain_.extent, overlay);
  const bool capturing = captureRequested_ && swapchain_.copyable;
  if (capturing) recordCapture(cmd, target.image);
  gpuTimer_.end(cmd, slotIndex_);
  VK_CHECK(vkEndCommandBuffer(cmd));

  const VkSemaphore finished = swapchain_.renderFinished[imageIndex];
  submit(slot, slot.imageAvailable, finished);
  if (capturing) readCapture(slot);
  auto present = vkStruct<VkPresentInfoKHR>(VK_STRUCTURE_TYPE_PRESENT_INFO_KHR);
  present.waitSemaphoreCount = 1;
  present.pWaitSemaphores = &finished;
  present.swapchainCount = 1;
  present.pSwapchains = &swapchain_.swapchain;
  present.pImageIndices = &imageIndex;
  VkResult presented = injectedFault(ctx_, FaultPoint::Present);
  if (presented == VK_SUCCESS) presented = vkQueuePresentKHR(ctx_.queue, &present);
  retirement_.presented();
  savePipelinesIfNew();
  if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) {
    swapchainStale_ = true;
  } else if (presented != VK_SUCCESS) {
    vkCheckFailed(presented, "vkQueuePresentKHR", __FILE__, __LINE__);
  }
  return FrameStatus::Presented;
}

OverlayInfo RendererImpl::overlayInfo() const {
  OverlayInfo info;
  info.instance = ctx_.instance;
  info.physicalDevice = ctx_.physicalDevice;
  info.device = ctx_.device;
  info.queueFamily = ctx_.queueFamily;
  info.queue = ctx_.queue;
  info.descriptorPool = overlayPool_;
  info.renderPass = overlayPass_;
  info.minImageCount = minImageCount_;
  info.imageCount = swapchain_.images.empty() ? imageCount_ : uint32_t(swapchain_.images.size());
  return info;
}

UiImage RendererImpl::uiImage(size_t image, ImageChannel channel) {
  if (!hasScene_ || image >= scene_.textures.size()) return {};
  return uiImageOf(ctx_, uiImages_, image, scene_.textures[image], channel);
}

bool RendererImpl::recreateSwapchain(VkExtent2D wanted) {
  VK_CHECK(vkDeviceWaitIdle(ctx_.device));
  releaseSplatTargets(ctx_, splatPass_, 1);  // they may refer to the old attachments
  Swapchain old = std::move(swapchain_);
  swapchain_ = Swapchain{};
  const bool created =
      createSwapchain(ctx_, surfaceFormat_, overlayPass_, wanted, old.swapchain, swapchain_);
  if (created) ++swapchainStats_.creations;
  if (old.swapchain) {
    retirement_.retire(old.swapchain, std::move(old.renderFinished), uint32_t(old.images.size()));
    old.swapchain = VK_NULL_HANDLE;
    old.renderFinished.clear();
  }
  destroySwapchain(ctx_, old);
  swapchainStale_ = !created;
  return created;
}

void RendererImpl::destroyRetired(bool all) {
  const std::vector<SwapchainRetirement::Retired> done =
      all ? retirement_.takeAll() : retirement_.takeSafe(uint32_t(swapchain_.images.size()));
  for (const SwapchainRetirement::Retired& r : done) {
    for (VkSemaphore sem : r.semaphores) vkDestroySemaphore(ctx_.device, sem, nullptr);
    vkDestroySwapchainKHR(ctx_.device, r.swapchain, nullptr);
    swapchainStats_.retiredSemaphoresDestroyed += uint32_t(r.semaphores.size());
  }
}

}  // namespace vitrine::renderer
