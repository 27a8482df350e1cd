// The UI pass: what the app draws over the window's picture (ImGui, through OverlayFn), in the
// overlay render pass over the swapchain image (swapchain.h createOverlayRenderPass), one
// sample, after the scene was resolved into it. Owns the descriptor pool the app's UI takes its
// textures' sets from (OverlayInfo::descriptorPool).
#pragma once

#include <volk.h>

#include "context.h"
#include "renderer_types.h"

namespace vitrine::renderer {

// The pool of OverlayInfo::descriptorPool: combined image samplers for ImGui's font texture and
// the images an app shows in its UI, freeable one by one.
[[nodiscard]] VkDescriptorPool createUiDescriptorPool(const Context& ctx);

// Begins `renderPass` on `framebuffer` (the whole `extent`), lets `overlay` record (nothing
// when empty) and ends it: the image is left in PRESENT_SRC_KHR.
void recordUiPass(VkCommandBuffer cmd, VkRenderPass renderPass, VkFramebuffer framebuffer,
                  VkExtent2D extent, const OverlayFn& overlay);

}  // namespace vitrine::renderer
