// GPU frame time from timestamp queries: two timestamps per frame slot (start and end of the
// slot's command buffer), read back when the slot's fence has been waited for, that is a frame
// or two later, so reading never stalls the CPU.
#pragma once

#include <array>
#include <cstdint>

#include <volk.h>

#include "context.h"
#include "frames.h"

namespace vitrine::renderer {

class GpuTimer {
 public:
  // Creates the query pool when the renderer's queue family writes timestamps
  // (timestampValidBits > 0); otherwise the timer stays disabled and records nothing.
  void create(const Context& ctx);
  void destroy(const Context& ctx);
  bool enabled() const { return pool_ != VK_NULL_HANDLE; }

  // Recorded at the very start (after vkBeginCommandBuffer, outside any render pass) and the
  // very end of slot `slot`'s command buffer.
  void begin(VkCommandBuffer cmd, uint32_t slot);
  void end(VkCommandBuffer cmd, uint32_t slot);
  // Call once the slot's previous submission has completed (its fence waited): reads its two
  // timestamps, without waiting, into lastMilliseconds(). Nothing to read: unchanged.
  void collect(const Context& ctx, uint32_t slot);
  double lastMilliseconds() const { return lastMilliseconds_; }

 private:
  VkQueryPool pool_ = VK_NULL_HANDLE;
  uint64_t validMask_ = 0;
  double nanosecondsPerTick_ = 1.0;  // VkPhysicalDeviceLimits::timestampPeriod
  std::array<bool, kFramesInFlight> written_{};
  double lastMilliseconds_ = 0.0;
};

}  // namespace vitrine::renderer
