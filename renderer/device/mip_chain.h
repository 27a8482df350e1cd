// Mip chains of RGBA8 textures built on the CPU (issue 16): on lavapipe a chain of
// vkCmdBlitImage costs the JIT of its blitter in every process, so scene textures get every
// level computed here and copied like level 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <volk.h>

namespace vitrine::renderer {

// Levels of a full chain for `extent`: down to 1x1 (floor(log2(max side)) + 1).
uint32_t mipLevelCount(VkExtent2D extent);
// The extent of `level` (each side max(1, floor(side / 2)) per level, like a blit chain).
VkExtent2D mipExtent(VkExtent2D extent, uint32_t level);
// Bytes of the RGBA8 levels [first, mipLevelCount(extent)), tightly packed one after another.
size_t mipChainBytes(VkExtent2D extent, uint32_t first = 0);

// Writes the RGBA8 level below `src` (extent `e`) to `dst` (mipExtent(e, 1)): a box filter
// over each destination texel's footprint in `src`, per axis: an even side averages texels 2x
// and 2x + 1; an odd side 2n + 1 weights 2x, 2x + 1, 2x + 2 by (n - x, n, x + 1) / (2n + 1),
// their overlap with the footprint of 2 + 1/n texels (what a linear blit approximates); a side
// of 1 keeps its texel. With `srgb` the colour channels are decoded by the sRGB EOTF, averaged
// in linear light and re-encoded (rounded to the nearest code); alpha, and every channel
// without `srgb`, is averaged as bytes and rounded.
void downsampleLevel(const uint8_t* src, VkExtent2D e, bool srgb, uint8_t* dst);

// Writes levels 1.. of `level0` (extent `e`) to `dst`, mipChainBytes(e, 1) bytes, each level
// from the one above.
void buildMipChain(const uint8_t* level0, VkExtent2D e, bool srgb, uint8_t* dst);

// The same chain where the image brings levels of its own (KHR_texture_basisu's KTX2 files:
// scene::Image::mips, levels 1..stored.size()): those are copied, the rest built from the last
// of them. A stored level of another size than mipExtent(e, level) (a downscaled image) ends
// the copying there.
void buildMipChain(const uint8_t* level0, VkExtent2D e, bool srgb,
                   std::span<const std::vector<uint8_t>> stored, uint8_t* dst);

}  // namespace vitrine::renderer
