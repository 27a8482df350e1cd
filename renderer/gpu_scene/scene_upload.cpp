#include "scene_upload.h"

#include <algorithm>

#include "mip_chain.h"
#include "vk_check.h"
#include "vk_struct.h"

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

}  // namespace

ChunkedUpload::ChunkedUpload(const Context& ctx, std::vector<UploadRegion> regions,
                             VkDeviceSize total, VkDeviceSize capacity, Buffer* reused)
    : ctx_(ctx), regions_(std::move(regions)) {
  chunks_ = planUploadChunks(regions_, total, capacity);
  for (const UploadChunk& c : chunks_) stagingBytes_ = std::max(stagingBytes_, c.end - c.begin);
  if (chunks_.empty()) return;
  try {
    if (reused && reused->buffer && reused->size >= stagingBytes_) {
      staging_ = *reused;
    } else {
      if (reused) destroyBuffer(ctx_, *reused);
      // Cached where the device offers it: the mip chains are computed in the staging buffer,
      // each level read back for the next (scene_staging.cpp), which write-combined memory
      // makes slow.
      staging_ =
          createBuffer(ctx_, stagingBytes_, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
      if (reused) *reused = staging_;
    }
    reused_ = reused;
    createCommandBuffer(ctx_, VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, pool_, cmd_);
    auto fenceInfo = vkStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    VK_CHECK(vkCreateFence(ctx_.device, &fenceInfo, nullptr, &fence_));
  } catch (...) {
    release();  // what was created goes; the exception goes on
    throw;
  }
}

ChunkedUpload::~ChunkedUpload() {
  release();
}

void ChunkedUpload::release() {
  // Unchecked: after a lost device the wait fails, and the objects still go.
  if (inFlight_) vkWaitForFences(ctx_.device, 1, &fence_, VK_TRUE, UINT64_MAX);
  inFlight_ = false;
  if (fence_) vkDestroyFence(ctx_.device, fence_, nullptr);
  if (pool_) vkDestroyCommandPool(ctx_.device, pool_, nullptr);  // frees cmd_
  fence_ = VK_NULL_HANDLE;
  pool_ = VK_NULL_HANDLE;
  if (reused_)
    staging_ = Buffer{};  // the caller's
  else
    destroyBuffer(ctx_, staging_);
}

bool ChunkedUpload::step(const FillChunk& fill, bool wait) {
  if (inFlight_) {
    const VkResult r = wait ? vkWaitForFences(ctx_.device, 1, &fence_, VK_TRUE, UINT64_MAX)
                            : vkGetFenceStatus(ctx_.device, fence_);
    if (r == VK_NOT_READY || r == VK_TIMEOUT) return false;
    VK_CHECK(r);
    inFlight_ = false;
  }
  if (next_ == chunks_.size()) return true;
  // The previous chunk's copies are done: its bytes can be overwritten.
  const UploadChunk& chunk = chunks_[next_++];
  fill(chunk, static_cast<uint8_t*>(staging_.mapped));
  auto begin = vkStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd_, &begin));  // resets it (the pool allows it)
  recordChunk(cmd_, staging_.buffer, regions_, chunk);
  VK_CHECK(vkEndCommandBuffer(cmd_));
  VK_CHECK(vkResetFences(ctx_.device, 1, &fence_));
  auto cmdInfo = vkStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
  cmdInfo.commandBuffer = cmd_;
  auto submit = vkStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmdInfo;
  VK_CHECK(vkQueueSubmit2(ctx_.queue, 1, &submit, fence_));
  inFlight_ = true;
  return false;
}

double ChunkedUpload::progress() const {
  if (chunks_.empty()) return 1.0;
  return double(next_) / double(chunks_.size());
}

}  // namespace vitrine::renderer
