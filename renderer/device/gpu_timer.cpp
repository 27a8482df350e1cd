#include "gpu_timer.h"

#include <vector>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

void GpuTimer::create(const Context& ctx) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &count, families.data());
  const uint32_t bits = ctx.queueFamily < count ? families[ctx.queueFamily].timestampValidBits : 0;
  const float period = ctx.properties.limits.timestampPeriod;
  if (bits == 0 || period <= 0.0f) return;
  validMask_ = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  nanosecondsPerTick_ = double(period);
  auto info = vkStruct<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = 2 * kFramesInFlight;
  VK_CHECK(vkCreateQueryPool(ctx.device, &info, nullptr, &pool_));
}

void GpuTimer::destroy(const Context& ctx) {
  if (pool_) vkDestroyQueryPool(ctx.device, pool_, nullptr);
  pool_ = VK_NULL_HANDLE;
  written_ = {};
}

void GpuTimer::begin(VkCommandBuffer cmd, uint32_t slot) {
  if (!pool_) return;
  // Queries must be reset before they are written again (VUID-vkCmdWriteTimestamp2-None-03864).
  vkCmdResetQueryPool(cmd, pool_, 2 * slot, 2);
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, pool_, 2 * slot);
}

void GpuTimer::end(VkCommandBuffer cmd, uint32_t slot) {
  if (!pool_) return;
  // After every command before it has completed.
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, 2 * slot + 1);
  written_[slot] = true;
}

void GpuTimer::collect(const Context& ctx, uint32_t slot) {
  if (!pool_ || !written_[slot]) return;
  written_[slot] = false;
  // Two values and two availability words: no VK_QUERY_RESULT_WAIT_BIT, the fence said done.
  uint64_t results[4] = {};
  const VkResult r = vkGetQueryPoolResults(
      ctx.device, pool_, 2 * slot, 2, sizeof(results), results, 2 * sizeof(uint64_t),
      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
  if (r != VK_SUCCESS && r != VK_NOT_READY) VK_CHECK(r);
  if (results[1] == 0 || results[3] == 0) return;  // not available
  const uint64_t ticks = ((results[2] & validMask_) - (results[0] & validMask_)) & validMask_;
  lastMilliseconds_ = double(ticks) * nanosecondsPerTick_ * 1e-6;
}

}  // namespace vitrine::renderer
