// When a replaced swapchain and its present semaphores may be destroyed. Without
// VK_EXT_swapchain_maintenance1 (present fences; lavapipe of Mesa 22.3 lacks it) nothing says
// when the presentation engine is done with a present's wait semaphore: vkDeviceWaitIdle covers
// queue work, not presents, and a retired swapchain's images are never acquired again. What the
// specification does order: presents to one queue are processed in order, and
// vkAcquireNextImageKHR only returns an image whose previous present was processed (the
// "acquire fence" rule of the Vulkan guide's swapchain semaphore reuse chapter). So once the
// new swapchain has queued more presents than it has images, one of its images was acquired
// again, which means a later present was processed, and with it every present of the retired
// swapchain; framesInFlight more cover the frame fence that proves that acquire completed.
// Pure bookkeeping, no Vulkan calls: renderer.cpp destroys what take*() returns.
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

namespace vitrine::renderer {

class SwapchainRetirement {
 public:
  struct Retired {
    VkSwapchainKHR swapchain = VK_NULL_HANDLE;
    std::vector<VkSemaphore> semaphores;  // its render-finished (present wait) semaphores
    uint64_t presentsBefore = 0;          // presents queued when it was replaced
    uint32_t imageCount = 0;
  };

  explicit SwapchainRetirement(uint32_t framesInFlight) : framesInFlight_(framesInFlight) {}

  // Called for every vkQueuePresentKHR (whatever its result: an out-of-date present still
  // waited on its semaphore).
  void presented() { ++presents_; }
  // `swapchain` (with `imageCount` images) was replaced; it and `semaphores` wait here.
  void retire(VkSwapchainKHR swapchain, std::vector<VkSemaphore> semaphores, uint32_t imageCount);
  // Removes and returns the retired swapchains no present can still wait on, oldest first,
  // given the image count of the swapchain presented to now. Call after the frame's fence wait.
  [[nodiscard]] std::vector<Retired> takeSafe(uint32_t currentImageCount);
  // Removes and returns every retired swapchain: at teardown, after vkDeviceWaitIdle.
  [[nodiscard]] std::vector<Retired> takeAll();

  // Presents after which `r` is safe with a current swapchain of `currentImageCount` images.
  uint64_t safeAfter(const Retired& r, uint32_t currentImageCount) const;
  uint64_t presents() const { return presents_; }
  // Retired swapchains and semaphores still waiting.
  uint32_t waitingSwapchains() const { return uint32_t(retired_.size()); }
  uint32_t waitingSemaphores() const;

 private:
  uint32_t framesInFlight_;
  uint64_t presents_ = 0;
  std::vector<Retired> retired_;  // oldest first
};

}  // namespace vitrine::renderer
