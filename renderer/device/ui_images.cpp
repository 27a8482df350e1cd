#include "ui_images.h"

#include "textures.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

VkComponentMapping swizzle(ImageChannel channel) {
  const VkComponentSwizzle one = VK_COMPONENT_SWIZZLE_ONE;
  switch (channel) {
    case ImageChannel::R:
      return {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, one};
    case ImageChannel::G:
      return {VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_G, one};
    case ImageChannel::B:
      return {VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_B, one};
    case ImageChannel::A:
      return {VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_A, one};
    case ImageChannel::Rgb:
      break;
  }
  return {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B, one};
}

}  // namespace

UiImage uiImageOf(const Context& ctx, UiImageViews& ui, size_t image, const Texture& texture,
                  ImageChannel channel) {
  UiImage out;
  if (!texture.image.image) return out;
  // Magnified: nearest, so that a zoomed preview shows texels, not a blur.
  if (!ui.sampler) ui.sampler = createClampedLinearSampler(ctx, VK_FILTER_NEAREST);
  if (ui.views.size() <= image) ui.views.resize(image + 1);
  VkImageView& view = ui.views[image][size_t(channel)];
  if (!view) {
    auto info = vkStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    info.image = texture.image.image;
    info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    // sRGB whatever the slots read: the swapchain is sRGB too, so the stored bytes show as
    // they are (a UNORM view of a normal map would be encoded once more, and look washed out).
    info.format = VK_FORMAT_R8G8B8A8_SRGB;
    info.components = swizzle(channel);
    info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, texture.image.desc.mipLevels, 0, 1};
    VK_CHECK(vkCreateImageView(ctx.device, &info, nullptr, &view));
  }
  out.view = view;
  out.sampler = ui.sampler;
  out.width = texture.image.desc.extent.width;
  out.height = texture.image.desc.extent.height;
  out.mipLevels = texture.image.desc.mipLevels;
  return out;
}

void destroyUiViews(const Context& ctx, UiImageViews& ui) {
  for (auto& views : ui.views)
    for (VkImageView v : views)
      if (v) vkDestroyImageView(ctx.device, v, nullptr);
  ui.views.clear();
}

void destroyUiImageViews(const Context& ctx, UiImageViews& ui) {
  destroyUiViews(ctx, ui);
  if (ui.sampler) vkDestroySampler(ctx.device, ui.sampler, nullptr);
  ui.sampler = VK_NULL_HANDLE;
}

}  // namespace vitrine::renderer
