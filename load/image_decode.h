// Decoding one encoded glTF image (PNG, JPEG: stb_image; WebP: libwebp, EXT_texture_webp) to
// RGBA8. Safe on any bytes: the header is read and its size checked before anything is
// allocated, and every failure comes back as a message, never a crash. This is the entry a
// libFuzzer target calls (fuzz/); loadImages() (load_steps.h) calls it for every image, in
// parallel. Internal to load/.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "scene.h"

namespace vitrine::scene {

// Largest width or height decoded: a tiny file claiming a huge image cannot make a decoder
// allocate without limit.
inline constexpr uint32_t kMaxImageSide = 16384;

// The format the bytes' signature announces (not the mimeType, which may lie).
ImageFormat sniffImageFormat(std::span<const uint8_t> bytes);

// Reads the header of a PNG, JPEG or WebP image: its size, 1 to kMaxImageSide each way.
// Returns "" or why not ("unsupported image format" for any other signature).
[[nodiscard]] std::string readImageHeader(std::span<const uint8_t> bytes, uint32_t& width,
                                          uint32_t& height);

// Decodes a PNG, JPEG or WebP image to out.width, out.height and out.rgba8 (4 bytes a pixel,
// rows top to bottom; 1-3 channel images get alpha 255, 16-bit PNGs are rounded to 8 bits).
// Reads the header first (readImageHeader). Returns "" or why not, out's pixels then empty.
// out.name is left as it is.
[[nodiscard]] std::string decodeImage(std::span<const uint8_t> bytes, Image& out);

}  // namespace vitrine::scene
