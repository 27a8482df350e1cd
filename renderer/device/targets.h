// Render targets: the multisampled colour and depth attachments a frame draws into, and the
// offscreen target (single-sample resolve image plus readback buffer) for headless frames.
#pragma once

#include <volk.h>

#include "context.h"
#include "resources.h"
#include "transmission_target.h"

namespace vitrine::renderer {

struct Attachments {
  VkExtent2D extent{0, 0};
  VkFormat colorFormat = VK_FORMAT_UNDEFINED;
  Image color;  // ctx.samples samples, resolved into the final image; empty when 1 sample
  Image depth;  // ctx.samples samples; stored only for the splats (pass_splats.h)
  // The transmission pass's texture, created by the first frame that needs it
  // (passes/pass_transmission.cpp) at this extent; empty for scenes without a transmissive
  // material.
  TransmissionTarget transmission;
};

[[nodiscard]] Attachments createAttachments(const Context& ctx, VkFormat colorFormat,
                                            VkExtent2D extent);
void destroyAttachments(const Context& ctx, Attachments& attachments);

// R8G8B8A8_SRGB, so shaders write linear colour and the bytes read back are sRGB-encoded.
inline constexpr VkFormat kOffscreenFormat = VK_FORMAT_R8G8B8A8_SRGB;

struct Offscreen {
  Attachments attachments;
  Image resolved;   // single sample: what is read back
  Buffer readback;  // width * height * 4 bytes, host-visible
};

[[nodiscard]] Offscreen createOffscreen(const Context& ctx, VkExtent2D extent);
void destroyOffscreen(const Context& ctx, Offscreen& offscreen);

}  // namespace vitrine::renderer
