// Per-frame uploads of changed bytes into device-local buffers (style lesson 7: never write
// memory the GPU may be reading). Each destination buffer has a CPU mirror holding what the
// buffer must contain; writers change the mirror and mark the changed byte ranges here. At the
// start of a frame's command buffer, once the frame slot's fence says the slot is idle, record()
// copies the marked ranges of the mirrors into that slot's staging buffer (one per frame in
// flight, grown when needed) and records the copies between two barriers:
//   earlier frames' shader reads (and copies) of the destination -> transfer write -> shader reads.
// Marks made between two frames accumulate; a range marked twice is copied once, with the
// mirror's latest bytes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <volk.h>

#include "context.h"
#include "dirty.h"
#include "frames.h"
#include "renderer_types.h"
#include "resources.h"

namespace vitrine::renderer {

// A buffer updated by copies: `mirror` holds `size` bytes, the buffer's intended contents.
// The buffer needs VK_BUFFER_USAGE_TRANSFER_DST_BIT. readStages / readAccess: how the frames
// read it (the barriers around the copies).
struct UploadDestination {
  VkBuffer buffer = VK_NULL_HANDLE;
  const void* mirror = nullptr;
  uint32_t size = 0;
  VkPipelineStageFlags2 readStages = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT;
  VkAccessFlags2 readAccess = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
};

// When the marked bytes of one destination exceed this fraction of it, one whole-buffer copy
// replaces the ranges (style lesson 6; nvpro's vk_gltf_renderer gives up at ~30 %, "most of
// the buffer" here): past that point the copy of the gaps costs less than tracking them.
inline constexpr double kWholeCopyFraction = 0.5;

class UploadQueue {
 public:
  UploadQueue() = default;
  UploadQueue(const UploadQueue&) = delete;
  UploadQueue& operator=(const UploadQueue&) = delete;

  // Registers a destination; returns its index for pending(). Its mirror must stay where it
  // is, with at least `size` bytes, until clearDestinations().
  uint32_t addDestination(const UploadDestination& destination);
  // Forgets every destination and what was marked in them (their buffers are being destroyed).
  void clearDestinations();

  // Byte ranges of destination `index`'s mirror changed since the last record(): writers
  // mark() here after changing the mirror. Ranges past the destination's size are clipped.
  scene::DirtyRanges& pending(uint32_t index) { return destinations_[index].pending; }
  // Marks the whole of destination `index`.
  void markAll(uint32_t index);

  // Writes the pending bytes into slot `slot`'s staging buffer and records their copies and
  // barriers into `cmd`; afterwards nothing is pending. The slot must be idle (its fence
  // waited for) and `cmd` recording, before anything that reads the destinations. Returns the
  // bytes and ranges copied and the CPU time this took. No allocation once the staging
  // buffers and scratch vectors have grown to a frame's size.
  UploadStats record(const Context& ctx, uint32_t slot, VkCommandBuffer cmd);

  // Destroys the staging buffers (the GPU must be done with them).
  void destroy(const Context& ctx);

  // Capacity of slot `slot`'s staging buffer (0 until the first upload through it).
  VkDeviceSize stagingCapacity(uint32_t slot) const { return staging_[slot].size; }

 private:
  struct Destination {
    UploadDestination target;
    scene::DirtyRanges pending;
  };

  // Makes slot `slot`'s staging buffer hold at least `bytes`.
  void reserve(const Context& ctx, uint32_t slot, VkDeviceSize bytes);

  std::vector<Destination> destinations_;
  std::array<Buffer, kFramesInFlight> staging_;
  // Per frame, reused: the copy regions of every destination, and where each destination's
  // regions start (one entry per destination, plus the end).
  std::vector<VkBufferCopy> regions_;
  std::vector<uint32_t> firstRegion_;
  std::vector<VkBufferMemoryBarrier2> barriers_;
};

}  // namespace vitrine::renderer
