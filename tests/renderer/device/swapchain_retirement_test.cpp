// SwapchainRetirement (issue 14): a replaced swapchain's present semaphores are destroyed
// only once later presents prove no queued present can still wait on them, never at the
// re-creation itself; everything goes at teardown. No GPU: the handles are stand-ins.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "swapchain_retirement.h"

namespace vitrine::renderer {
namespace {

template <typename Handle>
Handle fake(uintptr_t n) {
  return reinterpret_cast<Handle>(n);
}

std::vector<VkSemaphore> semaphores(uintptr_t first, int count) {
  std::vector<VkSemaphore> out;
  for (int i = 0; i < count; ++i) out.push_back(fake<VkSemaphore>(first + uintptr_t(i)));
  return out;
}

void present(SwapchainRetirement& r, int times) {
  for (int i = 0; i < times; ++i) r.presented();
}

TEST(SwapchainRetirement, NothingIsDestroyedAtReCreation) {
  SwapchainRetirement r(/*framesInFlight=*/2);
  present(r, 10);
  r.retire(fake<VkSwapchainKHR>(1), semaphores(100, 3), 3);
  // Right after the re-creation, and after the first presents of the new swapchain: a
  // present of the old one may still wait on its semaphores.
  EXPECT_TRUE(r.takeSafe(3).empty());
  EXPECT_EQ(r.waitingSwapchains(), 1u);
  EXPECT_EQ(r.waitingSemaphores(), 3u);
  present(r, 3);
  EXPECT_TRUE(r.takeSafe(3).empty());
}

TEST(SwapchainRetirement, DestroyedAfterMoreNewPresentsThanImagesPlusFramesInFlight) {
  SwapchainRetirement r(2);
  present(r, 10);
  r.retire(fake<VkSwapchainKHR>(1), semaphores(100, 3), 3);
  // 3 images + 2 frames in flight + 1: safe after 16 presents.
  EXPECT_EQ(r.safeAfter({fake<VkSwapchainKHR>(1), {}, 10, 3}, 3), 16u);
  present(r, 5);
  EXPECT_TRUE(r.takeSafe(3).empty());
  present(r, 1);
  const std::vector<SwapchainRetirement::Retired> done = r.takeSafe(3);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].swapchain, fake<VkSwapchainKHR>(1));
  EXPECT_EQ(done[0].semaphores, semaphores(100, 3));
  EXPECT_EQ(r.waitingSemaphores(), 0u);
  EXPECT_TRUE(r.takeSafe(3).empty());  // returned once
}

TEST(SwapchainRetirement, TheLargerImageCountOfOldAndNewCounts) {
  SwapchainRetirement r(2);
  r.retire(fake<VkSwapchainKHR>(1), semaphores(100, 2), 2);
  present(r, 2 + 2 + 1);
  EXPECT_TRUE(r.takeSafe(4).empty());  // the new swapchain has 4 images
  present(r, 2);
  EXPECT_EQ(r.takeSafe(4).size(), 1u);
}

TEST(SwapchainRetirement, ReCreationsInARowWaitInOrder) {
  SwapchainRetirement r(2);
  // Resized three times with no present between (each frame re-created before drawing).
  r.retire(fake<VkSwapchainKHR>(1), semaphores(100, 3), 3);
  r.retire(fake<VkSwapchainKHR>(2), semaphores(200, 3), 3);
  present(r, 1);
  r.retire(fake<VkSwapchainKHR>(3), semaphores(300, 3), 3);
  EXPECT_EQ(r.waitingSemaphores(), 9u);
  present(r, 5);
  std::vector<SwapchainRetirement::Retired> done = r.takeSafe(3);
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].swapchain, fake<VkSwapchainKHR>(1));
  EXPECT_EQ(done[1].swapchain, fake<VkSwapchainKHR>(2));
  EXPECT_EQ(r.waitingSemaphores(), 3u);
  present(r, 1);
  done = r.takeSafe(3);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].swapchain, fake<VkSwapchainKHR>(3));
}

TEST(SwapchainRetirement, TeardownTakesEverything) {
  SwapchainRetirement r(2);
  r.retire(fake<VkSwapchainKHR>(1), semaphores(100, 3), 3);
  r.retire(fake<VkSwapchainKHR>(2), semaphores(200, 2), 2);
  const std::vector<SwapchainRetirement::Retired> all = r.takeAll();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].semaphores, semaphores(200, 2));
  EXPECT_EQ(r.waitingSwapchains(), 0u);
}

}  // namespace
}  // namespace vitrine::renderer
