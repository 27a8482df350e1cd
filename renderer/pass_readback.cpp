// The readback pass: an off-screen frame (uploads, transmission, scene, overlays) rendered into
// the off-screen target and copied to the host; and the window's capture of a presented image.
#include "renderer_impl.h"

#include <cstring>
#include <utility>

#include "pass_scene.h"
#include "vk_struct.h"

namespace vitrine::renderer {

Pixels RendererImpl::renderOffscreen(const View& view, uint32_t width, uint32_t height) {
  if (!lastError_.empty()) return Pixels{};
  try {
    return renderOffscreenOrThrow(view, width, height);
  } catch (const VulkanError& e) {
    lastError_ = e.what();
    return Pixels{};
  }
}

Pixels RendererImpl::renderOffscreenOrThrow(const View& unsafeView, uint32_t width,
                                            uint32_t height) {
  bool cameraFinite = true;
  const View view = sanitizedView(unsafeView, &cameraFinite);
  Pixels pixels;
  if (width == 0 || height == 0 || !lastError_.empty()) return pixels;
  const VkExtent2D extent{width, height};
  if (offscreen_.attachments.extent.width != width ||
      offscreen_.attachments.extent.height != height) {
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    releaseSplatTargets(ctx_, splatPass_, 0);  // they may refer to the old attachments
    destroyOffscreen(ctx_, offscreen_);
    offscreen_ = createOffscreen(ctx_, extent);
  }
  FrameSlot& slot = beginSlot(view);
  const VkCommandBuffer cmd = slot.cmd;
  beginCommands(cmd);
  gpuTimer_.begin(cmd, slotIndex_);
  uploadStats_ = recordUploads(cmd);
  const SplatDraw splats = prepareSplatFrame(view, cameraFinite, 0, offscreen_.attachments);
  FinalImage target;
  target.image = offscreen_.resolved.image;
  target.view = offscreen_.resolved.view;
  target.previousUser = ImageUser::Copy;  // the previous readback
  drawStats_ =
      recordScene(cmd, ctx_, pipelines_, hasScene_ && cameraFinite ? &scene_ : nullptr, slotIndex_,
                  scene_.nodeData, environment_.set, view, offscreen_.attachments, target,
                  backgroundFor(view), slot.lines, shadows_, splats);
  addSplatStats(drawStats_);
  recordReadback(cmd, extent);
  gpuTimer_.end(cmd, slotIndex_);
  VK_CHECK(vkEndCommandBuffer(cmd));
  submit(slot, VK_NULL_HANDLE, VK_NULL_HANDLE);
  waitFrameSlot(ctx_, slot);
  gpuTimer_.collect(ctx_, slotIndex_);  // the wait is this path's own: read it now
  savePipelinesIfNew();

  pixels.width = width;
  pixels.height = height;
  pixels.rgba.resize(size_t(width) * height * 4);
  std::memcpy(pixels.rgba.data(), offscreen_.readback.mapped, pixels.rgba.size());
  return pixels;
}

void RendererImpl::captureNextFrame() {
  captureRequested_ = true;
}

Pixels RendererImpl::takeCapture() {
  return std::exchange(capture_, Pixels{});
}

void RendererImpl::recordCopyToHost(VkCommandBuffer cmd, VkImage image, VkImageLayout layout,
                                    VkExtent2D extent, VkBuffer buffer) {
  transitionImage(cmd, image, {layout, ImageUser::Color},
                  {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Copy});
  VkBufferImageCopy copy{};
  copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  copy.imageExtent = {extent.width, extent.height, 1};
  vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer, 1, &copy);
  memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

void RendererImpl::recordReadback(VkCommandBuffer cmd, VkExtent2D extent) {
  recordCopyToHost(cmd, offscreen_.resolved.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, extent,
                   offscreen_.readback.buffer);
}

void RendererImpl::recordCapture(VkCommandBuffer cmd, VkImage image) {
  const VkExtent2D extent = swapchain_.extent;
  const VkDeviceSize size = VkDeviceSize(extent.width) * extent.height * 4;
  if (captureBuffer_.size < size) {
    destroyBuffer(ctx_, captureBuffer_);  // no frame reads it: readCapture() waited
    captureBuffer_ =
        createBuffer(ctx_, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
  }
  recordCopyToHost(cmd, image, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, extent, captureBuffer_.buffer);
  transitionImage(cmd, image, {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Copy},
                  {VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, ImageUser::Present});
  captureExtent_ = extent;
}

void RendererImpl::readCapture(const FrameSlot& slot) {
  waitFrameSlot(ctx_, slot);
  captureRequested_ = false;
  capture_.width = captureExtent_.width;
  capture_.height = captureExtent_.height;
  capture_.rgba.resize(size_t(capture_.width) * capture_.height * 4);
  std::memcpy(capture_.rgba.data(), captureBuffer_.mapped, capture_.rgba.size());
  const VkFormat f = surfaceFormat_.format;
  if (f == VK_FORMAT_B8G8R8A8_SRGB || f == VK_FORMAT_B8G8R8A8_UNORM) {
    for (size_t i = 0; i < capture_.rgba.size(); i += 4)
      std::swap(capture_.rgba[i], capture_.rgba[i + 2]);
  }
}

}  // namespace vitrine::renderer
