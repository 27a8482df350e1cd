#include "swapchain_retirement.h"

#include <algorithm>
#include <utility>

namespace vitrine::renderer {

void SwapchainRetirement::retire(VkSwapchainKHR swapchain, std::vector<VkSemaphore> semaphores,
                                 uint32_t imageCount) {
  Retired r;
  r.swapchain = swapchain;
  r.semaphores = std::move(semaphores);
  r.presentsBefore = presents_;
  r.imageCount = imageCount;
  retired_.push_back(std::move(r));
}

uint64_t SwapchainRetirement::safeAfter(const Retired& r, uint32_t currentImageCount) const {
  // More presents than images: one image of the new swapchain was acquired again (pigeonhole),
  // so a present queued after every retired one was processed; the acquiring frame's fence is
  // known signalled framesInFlight frames later.
  return r.presentsBefore + std::max(currentImageCount, r.imageCount) + framesInFlight_ + 1;
}

std::vector<SwapchainRetirement::Retired> SwapchainRetirement::takeSafe(
    uint32_t currentImageCount) {
  std::vector<Retired> out;
  // Oldest first: a younger one is never safe before an older one.
  while (!retired_.empty() && presents_ >= safeAfter(retired_.front(), currentImageCount)) {
    out.push_back(std::move(retired_.front()));
    retired_.erase(retired_.begin());
  }
  return out;
}

std::vector<SwapchainRetirement::Retired> SwapchainRetirement::takeAll() {
  std::vector<Retired> out = std::move(retired_);
  retired_.clear();
  return out;
}

uint32_t SwapchainRetirement::waitingSemaphores() const {
  size_t n = 0;
  for (const Retired& r : retired_) n += r.semaphores.size();
  return uint32_t(n);
}

}  // namespace vitrine::renderer
