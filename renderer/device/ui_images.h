// The scene's images as the app's UI shows them (Renderer::uiImage): one sRGB view per image and
// channel, with a swizzle for one channel as grey, made on first request over the scene's own
// textures, and the sampler they are drawn with. Internal to renderer.cpp and renderer_scene.cpp.
#pragma once

#include <array>
#include <vector>

#include <volk.h>

#include "context.h"
#include "renderer_types.h"
#include "textures.h"

namespace vitrine::renderer {

struct UiImageViews {
  // Per scene image, per ImageChannel: null until asked for.
  std::vector<std::array<VkImageView, kImageChannelCount>> views;
  VkSampler sampler = VK_NULL_HANDLE;  // nearest magnified, trilinear minified, clamped
};

// The view of `texture` (scene image `image`) for `channel`, made now when it does not exist.
// The texture's image must have been created mutable (createTexture does).
[[nodiscard]] UiImage uiImageOf(const Context& ctx, UiImageViews& ui, size_t image,
                                const Texture& texture, ImageChannel channel);
// Destroys every view (the textures they show are about to go), keeping the sampler.
void destroyUiViews(const Context& ctx, UiImageViews& ui);
// destroyUiViews and the sampler.
void destroyUiImageViews(const Context& ctx, UiImageViews& ui);

}  // namespace vitrine::renderer
