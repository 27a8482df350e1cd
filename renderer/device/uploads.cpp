#include "uploads.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// Staging offsets stay 16-byte aligned so that every range starts on a vec4 (memcpy stays
// on its fast path); vkCmdCopyBuffer itself needs no alignment.
constexpr VkDeviceSize kStagingAlign = 16;
// The first staging buffer of a slot: a few hundred animated factors, or a few hundred nodes.
constexpr VkDeviceSize kMinStaging = 64 * 1024;

VkDeviceSize alignUp(VkDeviceSize v) {
  return (v + kStagingAlign - 1) & ~(kStagingAlign - 1);
}

}  // namespace

uint32_t UploadQueue::addDestination(const UploadDestination& destination) {
  destinations_.push_back({destination, {}});
  return uint32_t(destinations_.size() - 1);
}

void UploadQueue::clearDestinations() {
  destinations_.clear();
}

void UploadQueue::markAll(uint32_t index) {
  Destination& d = destinations_[index];
  if (d.target.size > 0) d.pending.mark(0, d.target.size);
}

void UploadQueue::reserve(const Context& ctx, uint32_t slot, VkDeviceSize bytes) {
  Buffer& staging = staging_[slot];
  if (staging.buffer && staging.size >= bytes) return;
  // The slot is idle and its command buffer already reset: nothing refers to the old buffer.
  const VkDeviceSize size = std::max({bytes, 2 * staging.size, kMinStaging});
  destroyBuffer(ctx, staging);
  staging = createBuffer(ctx, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
}

UploadStats UploadQueue::record(const Context& ctx, uint32_t slot, VkCommandBuffer cmd) {
  const auto start = std::chrono::steady_clock::now();
  UploadStats stats;

  // Plan the copies: each destination's ranges, clipped to its size, or the whole buffer.
  regions_.clear();
  firstRegion_.clear();
  VkDeviceSize staged = 0;
  for (Destination& d : destinations_) {
    firstRegion_.push_back(uint32_t(regions_.size()));
    if (d.pending.empty()) continue;
    d.pending.coalesce();
    const uint64_t size = d.target.size;
    uint64_t dirty = 0;
    for (const scene::ByteRange& r : d.pending.ranges())
      dirty += std::min<uint64_t>(uint64_t(r.offset) + r.size, size) -
               std::min<uint64_t>(r.offset, size);
    if (dirty > uint64_t(kWholeCopyFraction * double(size))) {
      regions_.push_back({staged, 0, size});
      staged = alignUp(staged + size);
    } else {
      for (const scene::ByteRange& r : d.pending.ranges()) {
        const uint64_t begin = std::min<uint64_t>(r.offset, size);
        const uint64_t end = std::min<uint64_t>(uint64_t(r.offset) + r.size, size);
        if (end <= begin) continue;
        regions_.push_back({staged, begin, end - begin});
        staged = alignUp(staged + (end - begin));
      }
    }
    d.pending.clear();
  }
  firstRegion_.push_back(uint32_t(regions_.size()));

  if (!regions_.empty()) {
    reserve(ctx, slot, staged);
    auto* out = static_cast<uint8_t*>(staging_[slot].mapped);
    barriers_.clear();
    for (size_t i = 0; i < destinations_.size(); ++i) {
      const uint32_t first = firstRegion_[i], end = firstRegion_[i + 1];
      if (first == end) continue;
      const UploadDestination& t = destinations_[i].target;
      const auto* mirror = static_cast<const uint8_t*>(t.mirror);
      for (uint32_t r = first; r < end; ++r) {
        const VkBufferCopy& c = regions_[r];
        std::memcpy(out + c.srcOffset, mirror + c.dstOffset, c.size);
        stats.bytes += c.size;
      }
      stats.ranges += end - first;
      // Earlier frames' reads (write-after-read) and copies (write-after-write) of the
      // destination happen before this copy writes it.
      auto b = vkStruct<VkBufferMemoryBarrier2>(VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2);
      b.srcStageMask = t.readStages | VK_PIPELINE_STAGE_2_COPY_BIT;
      b.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      b.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      b.dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      b.buffer = t.buffer;
      b.offset = 0;
      b.size = VK_WHOLE_SIZE;
      barriers_.push_back(b);
    }

    auto dependency = vkStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
    dependency.bufferMemoryBarrierCount = uint32_t(barriers_.size());
    dependency.pBufferMemoryBarriers = barriers_.data();
    vkCmdPipelineBarrier2(cmd, &dependency);

    for (size_t i = 0; i < destinations_.size(); ++i) {
      const uint32_t first = firstRegion_[i], end = firstRegion_[i + 1];
      if (first == end) continue;
      vkCmdCopyBuffer(cmd, staging_[slot].buffer, destinations_[i].target.buffer, end - first,
                      regions_.data() + first);
    }

    // The copies happen before this frame's shaders read the destinations.
    size_t b = 0;
    for (size_t i = 0; i < destinations_.size(); ++i) {
      if (firstRegion_[i] == firstRegion_[i + 1]) continue;
      VkBufferMemoryBarrier2& barrier = barriers_[b++];
      barrier.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      barrier.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      barrier.dstStageMask = destinations_[i].target.readStages;
      barrier.dstAccessMask = destinations_[i].target.readAccess;
    }
    vkCmdPipelineBarrier2(cmd, &dependency);
  }

  stats.stagingSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

void UploadQueue::destroy(const Context& ctx) {
  for (Buffer& staging : staging_) destroyBuffer(ctx, staging);
  destinations_.clear();
}

}  // namespace vitrine::renderer
