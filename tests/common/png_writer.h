// A minimal PNG encoder for test images: 8- or 16-bit grey, grey+alpha, RGB or RGBA, stored
// (uncompressed) deflate blocks. Enough for loader and renderer tests that need textures of
// known pixels, including the 1-3 channel and 16-bit cases the loader converts.
#pragma once

#include <cstdint>
#include <vector>

namespace vitrine::test {

// `samples` holds width * height * channels values, rows top to bottom; each value must fit
// bitDepth (8 or 16). channels: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA.
std::vector<uint8_t> encodePng(uint32_t width, uint32_t height, uint32_t channels,
                               uint32_t bitDepth, const std::vector<uint16_t>& samples);

}  // namespace vitrine::test
