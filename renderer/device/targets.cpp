#include "targets.h"

namespace vitrine::renderer {

Attachments createAttachments(const Context& ctx, VkFormat colorFormat, VkExtent2D extent) {
  Attachments a;
  a.extent = extent;
  a.colorFormat = colorFormat;
  if (ctx.samples != VK_SAMPLE_COUNT_1_BIT) {
    ImageDesc color;
    color.format = colorFormat;
    color.extent = extent;
    color.samples = ctx.samples;
    color.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
    a.color = createImage(ctx, color);
  }
  ImageDesc depth;
  depth.format = ctx.depthFormat;
  depth.extent = extent;
  depth.samples = ctx.samples;
  // Not transient: a frame with splats keeps it, and at 1 sample their tile rasterizer
  // samples it for their depth test (pass_splats.h; with MSAA it samples a resolved copy).
  depth.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if (ctx.samples == VK_SAMPLE_COUNT_1_BIT) depth.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  depth.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
  a.depth = createImage(ctx, depth);
  return a;
}

void destroyAttachments(const Context& ctx, Attachments& a) {
  destroyTransmissionTarget(ctx, a.transmission);
  destroyImage(ctx, a.color);
  destroyImage(ctx, a.depth);
  a = Attachments{};
}

Offscreen createOffscreen(const Context& ctx, VkExtent2D extent) {
  Offscreen o;
  o.attachments = createAttachments(ctx, kOffscreenFormat, extent);
  ImageDesc resolved;
  resolved.format = kOffscreenFormat;
  resolved.extent = extent;
  resolved.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  o.resolved = createImage(ctx, resolved);
  o.readback = createBuffer(ctx, VkDeviceSize(extent.width) * extent.height * 4,
                            VK_BUFFER_USAGE_TRANSFER_DST_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                            VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
  return o;
}

void destroyOffscreen(const Context& ctx, Offscreen& o) {
  destroyAttachments(ctx, o.attachments);
  destroyImage(ctx, o.resolved);
  destroyBuffer(ctx, o.readback);
  o = Offscreen{};
}

}  // namespace vitrine::renderer
