// Sampled textures: an RGBA8 image with a full mip chain (its levels computed on the CPU and
// uploaded: mip_chain.h, scene_upload.h), and its views, plus samplers built from
// scene::Sampler.
#pragma once

#include <cstdint>

#include <volk.h>

#include "context.h"
#include "resources.h"
#include "scene.h"

namespace vitrine::renderer {

struct Texture {
  Image image;  // its format is SRGB when used as colour; owns the views below
  VkImageView srgb = VK_NULL_HANDLE;   // R8G8B8A8_SRGB view: colour slots (baseColor, emissive)
  VkImageView unorm = VK_NULL_HANDLE;  // R8G8B8A8_UNORM view: data slots (the others)
};

// Creates the image (SRGB when `srgb`, so its levels are averaged in linear space; always
// mutable, with a second UNORM view when both are wanted), with mipLevelCount levels, and the
// requested views. Every level is to be written by copies (TRANSFER_DST usage only).
[[nodiscard]] Texture createTexture(const Context& ctx, uint32_t width, uint32_t height, bool srgb,
                                    bool unorm);
void destroyTexture(const Context& ctx, Texture& texture);

[[nodiscard]] VkSampler createSampler(const Context& ctx, const scene::Sampler& sampler);
// Trilinear, clamped to the edge on every axis, every mip level: for the renderer's own images
// (the environment's cube and lookup table, the transmission pass's texture; magnified as
// `magFilter`, for the UI's previews of texels).
[[nodiscard]] VkSampler createClampedLinearSampler(const Context& ctx,
                                                   VkFilter magFilter = VK_FILTER_LINEAR);

}  // namespace vitrine::renderer
