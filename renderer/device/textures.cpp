#include "textures.h"

#include "mip_chain.h"
#include "resources.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

VkSamplerAddressMode addressMode(scene::Wrap wrap) {
  switch (wrap) {
    case scene::Wrap::ClampToEdge:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case scene::Wrap::MirroredRepeat:
      return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case scene::Wrap::Repeat:
      break;
  }
  return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

VkFilter filter(scene::Filter f) {
  return f == scene::Filter::Nearest ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
}

}  // namespace

Texture createTexture(const Context& ctx, uint32_t width, uint32_t height, bool srgb, bool unorm) {
  ImageDesc desc;
  desc.format = srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM;
  desc.extent = {width, height};
  desc.mipLevels = mipLevelCount(desc.extent);
  desc.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  // Mutable always: the UI shows every texture through an sRGB view (Renderer::uiImage).
  desc.flags = VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  if (srgb && unorm) desc.secondViewFormat = VK_FORMAT_R8G8B8A8_UNORM;
  Texture t;
  t.image = createImage(ctx, desc);
  t.srgb = srgb ? t.image.view : VK_NULL_HANDLE;
  t.unorm = srgb ? t.image.secondView : t.image.view;
  return t;
}

void destroyTexture(const Context& ctx, Texture& t) {
  destroyImage(ctx, t.image);
  t = Texture{};
}

VkSampler createSampler(const Context& ctx, const scene::Sampler& s) {
  auto info = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  info.magFilter = filter(s.magFilter);
  info.minFilter = filter(s.minFilter);
  info.mipmapMode = s.mipmapFilter == scene::Filter::Nearest ? VK_SAMPLER_MIPMAP_MODE_NEAREST
                                                             : VK_SAMPLER_MIPMAP_MODE_LINEAR;
  info.addressModeU = addressMode(s.wrapS);
  info.addressModeV = addressMode(s.wrapT);
  info.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  info.minLod = 0.0f;
  info.maxLod = s.useMipmaps ? VK_LOD_CLAMP_NONE : 0.0f;  // no mipmap mode: level 0 only
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(ctx.device, &info, nullptr, &sampler));
  return sampler;
}

VkSampler createClampedLinearSampler(const Context& ctx, VkFilter magFilter) {
  auto info = vkStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  info.magFilter = magFilter;
  info.minFilter = VK_FILTER_LINEAR;
  info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.maxLod = VK_LOD_CLAMP_NONE;
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(ctx.device, &info, nullptr, &sampler));
  return sampler;
}

}  // namespace vitrine::renderer
