// UASTC (Khronos Data Format Specification, chapter "Universal ASTC Compressed Texture
// Images", shared/spec/ktx2/dataformat-uastc.txt): the 128-bit 4x4 block format of Basis
// Universal that KHR_texture_basisu's KTX2 files carry. Decoded straight to RGBA8 as the
// chapter's "Decoding process" defines it, which is ASTC's decode_unorm8 of the equivalent
// ASTC block. Written from the specification; ktx2.cpp calls it.
//
// Contract:
// - Any 16 bytes decode: a block the chapter calls invalid (mode 19, an unknown mode code, a
//   partition pattern past its table, fields running past bit 127) decodes to the error colour
//   (255, 0, 255, 255), as the chapter says. Nothing here allocates or fails.
// - `srgb` picks the chapter's endpoint expansion for sRGB decoding ((e << 8) | 0x80 instead
//   of bit replication, "One subset, single plane").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace vitrine::codecs {

inline constexpr size_t kUastcBlockBytes = 16;

// Decodes one block into 16 RGBA8 texels, row by row (texel i = 4 * y + x at rgba + 4 * i).
void decodeUastcBlock(const uint8_t* block, bool srgb, uint8_t* rgba);

// Decodes a whole image level: `blocks` holds ceil(width / 4) * ceil(height / 4) blocks, rows
// of blocks top to bottom; `rgba` receives width * height * 4 bytes (blocks cropped at the
// right and bottom edges). The caller checked both sizes.
void decodeUastcImage(std::span<const uint8_t> blocks, uint32_t width, uint32_t height, bool srgb,
                      uint8_t* rgba);

}  // namespace vitrine::codecs
