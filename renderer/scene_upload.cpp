#include "scene_upload.h"

#include <algorithm>

#include "mip_chain.h"

namespace vitrine::renderer {

std::vector<UploadChunk> planUploadChunks(const std::vector<UploadRegion>& regions,
                                          VkDeviceSize total, VkDeviceSize capacity) {
  std::vector<UploadChunk> chunks;
  capacity = std::max<VkDeviceSize>(capacity, 16);
  size_t r = 0;  // the first region not wholly before the chunk's start
  for (VkDeviceSize begin = 0; begin < total;) {
    VkDeviceSize end = std::min(total, begin + capacity);
    while (r < regions.size() && regions[r].offset + regions[r].size <= begin) ++r;
    if (end < total) {
      // The region the cut falls in, if any (a cut in the padding between regions is free).
      size_t c = r;
      while (c < regions.size() && regions[c].offset + regions[c].size <= end) ++c;
      if (c < regions.size() && regions[c].offset < end) {
        const UploadRegion& region = regions[c];
        if (region.rowBytes > 0) {
          end = region.offset + (end - region.offset) / region.rowBytes * region.rowBytes;
          if (end <= begin) end = begin + region.rowBytes;  // a row longer than the chunk
        } else {
          end = std::max(begin + 16, end & ~VkDeviceSize(15));
        }
      }
    }
    chunks.push_back({begin, end});
    begin = end;
  }
  return chunks;
}

namespace {

// Records the copies of `chunk`'s part of every region, reading the chunk at byte 0 of
// `staging`.
void recordChunk(VkCommandBuffer cmd, VkBuffer staging, const std::vector<UploadRegion>& regions,
                 const UploadChunk& chunk) {
  constexpr ImageUse kUploaded{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ImageUser::Transfer};
  for (const UploadRegion& region : regions) {
    const VkDeviceSize from = std::max(region.offset, chunk.begin);
    const VkDeviceSize to = std::min(region.offset + region.size, chunk.end);
    if (from >= to) continue;
    if (region.rowBytes == 0) {
      const VkBufferCopy copy{from - chunk.begin, from - region.offset, to - from};
      vkCmdCopyBuffer(cmd, staging, region.buffer, 1, &copy);
      continue;
    }
    const Image& image = region.texture->image;
    if (from == region.offset && region.mipLevel == 0)
      transitionImage(cmd, image.image, {}, kUploaded);
    VkBufferImageCopy copy{};
    copy.bufferOffset = from - chunk.begin;
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, region.mipLevel, 0, 1};
    copy.imageOffset = {0, int32_t((from - region.offset) / region.rowBytes), 0};
    copy.imageExtent = {mipExtent(image.desc.extent, region.mipLevel).width,
                        uint32_t((to - from) / region.rowBytes), 1};
    vkCmdCopyBufferToImage(cmd, staging, image.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &copy);
    if (to == region.offset + region.size && region.mipLevel + 1 == image.desc.mipLevels)
      transitionImage(cmd, image.image, kUploaded,
                      {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, ImageUser::Fragment});
  }
  memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
                    VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

// Deletes the staging buffer however the upload leaves.
struct StagingGuard {
  const Context& ctx;
  Buffer buffer;
  ~StagingGuard() { destroyBuffer(ctx, buffer); }
};

}  // namespace

void uploadInChunks(const Context& ctx, const std::vector<UploadRegion>& regions,
                    VkDeviceSize total, VkDeviceSize capacity, const FillChunk& fill,
                    VkDeviceSize* stagingBytes, uint32_t* chunkCount) {
  const std::vector<UploadChunk> chunks = planUploadChunks(regions, total, capacity);
  VkDeviceSize largest = 0;
  for (const UploadChunk& c : chunks) largest = std::max(largest, c.end - c.begin);
  *stagingBytes = largest;
  *chunkCount = uint32_t(chunks.size());
  if (chunks.empty()) return;
  StagingGuard staging{ctx, createBuffer(ctx, largest, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)};
  for (const UploadChunk& chunk : chunks) {
    // The previous chunk's copies were waited for: its bytes can be overwritten.
    fill(chunk, static_cast<uint8_t*>(staging.buffer.mapped));
    OneShot oneShot = beginOneShot(ctx);
    recordChunk(oneShot.cmd, staging.buffer.buffer, regions, chunk);
    submitOneShot(ctx, oneShot);
  }
}

}  // namespace vitrine::renderer
