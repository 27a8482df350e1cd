// The upload of a scene's staging contents (scene_staging.h) in bounded chunks: one staging
// buffer of at most the chunk size, filled, copied and waited for once per chunk, so that a
// scene's upload never holds a second copy of the whole scene in host memory (issue 16: on
// lavapipe device memory is host memory too). Internal to the scene_*.cpp files.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <volk.h>

#include "context.h"
#include "resources.h"
#include "textures.h"

namespace vitrine::renderer {

// A destination of the upload: the bytes [offset, offset + size) of the staging layout go to a
// buffer (from its byte 0) or, when rowBytes > 0, to level `mipLevel` of an image, rowBytes
// per row (then size is a whole number of rows and offset a multiple of 4). An image's levels
// are consecutive regions, level 0 first.
struct UploadRegion {
  VkDeviceSize offset = 0, size = 0;
  VkDeviceSize rowBytes = 0;
  VkBuffer buffer = VK_NULL_HANDLE;
  const Texture* texture = nullptr;
  uint32_t mipLevel = 0;
};

// One chunk: the staging layout's bytes [begin, end).
struct UploadChunk {
  VkDeviceSize begin = 0, end = 0;
};

// Splits [0, total) into chunks of at most `capacity` bytes (at least 64 KiB is asked), in
// order, cut on 16-byte boundaries inside a buffer region and between rows inside an image
// region (a copy to an image takes whole rows). `regions` in increasing offset, not
// overlapping. A single row longer than `capacity` gets a chunk of its own.
[[nodiscard]] std::vector<UploadChunk> planUploadChunks(const std::vector<UploadRegion>& regions,
                                                        VkDeviceSize total, VkDeviceSize capacity);

// Fills `window` (the chunk's bytes, chunk.end - chunk.begin of them) for `chunk`.
using FillChunk = std::function<void(const UploadChunk& chunk, uint8_t* window)>;

// Uploads [0, total) of the staging layout to `regions` through one staging buffer of the
// largest chunk's size (stagingBytes()), a chunk per step(), so that a caller can keep drawing
// frames while a scene arrives (the window, issue 16) or step with `wait` until done (batch).
// A step fills a chunk (fill() writes it) and submits its copies without waiting for them; the
// next step first checks that chunk's fence. An image's first rows (of level 0) move all its
// levels to TRANSFER_DST; after the last rows of its last level they all end
// SHADER_READ_ONLY for fragment shaders (no blits: the levels come computed, mip_chain.h). Each
// chunk ends with a barrier making the buffer copies visible to vertex input and shaders.
// The regions' buffers and textures must outlive the upload. Owns its staging buffer, command
// buffer and fence; the destructor waits for a chunk still in flight. Given `reused`, it
// stages in that buffer instead (made larger when it is too small for a chunk, which frees
// the old one) and leaves it to the caller: uploads that follow each other (a batch's images,
// issue 16) then write pages already touched rather than fault fresh ones each time.
class ChunkedUpload {
 public:
  ChunkedUpload(const Context& ctx, std::vector<UploadRegion> regions, VkDeviceSize total,
                VkDeviceSize capacity, Buffer* reused = nullptr);
  ~ChunkedUpload();
  ChunkedUpload(const ChunkedUpload&) = delete;
  ChunkedUpload& operator=(const ChunkedUpload&) = delete;

  // True once every chunk's copies have completed on the device. Otherwise, when the chunk in
  // flight has completed (or with `wait`, once it has), fills and submits the next one. A
  // failing Vulkan call throws VulkanError.
  [[nodiscard]] bool step(const FillChunk& fill, bool wait);
  // The share of the staging layout's bytes whose copies were submitted, 0 to 1.
  [[nodiscard]] double progress() const;
  VkDeviceSize stagingBytes() const { return stagingBytes_; }
  uint32_t chunkCount() const { return uint32_t(chunks_.size()); }

 private:
  void release();

  const Context& ctx_;
  std::vector<UploadRegion> regions_;
  std::vector<UploadChunk> chunks_;
  VkDeviceSize stagingBytes_ = 0;
  size_t next_ = 0;  // the next chunk to fill
  bool inFlight_ = false;
  Buffer staging_;
  Buffer* reused_ = nullptr;  // staging_ is a copy of *reused_, which the caller owns
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
};

}  // namespace vitrine::renderer
