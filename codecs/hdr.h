// Radiance RGBE (.hdr) images: bytes in, linear RGB floats out.
//
// Contract: decodeHdr() takes the whole file. It accepts the "#?RADIANCE" or "#?RGBE"
// identifier, FORMAT=32-bit_rle_rgbe, the standard "-Y <height> +X <width>" orientation, and
// flat or run-length encoded scanlines. It checks, before allocating any pixel: the file size
// (at most kMaxHdrFileBytes), the width and height (1 to kMaxHdrSize each, kMaxHdrPixels at
// most), and that every scanline is whole and consistent (stb_image reads zeros past a
// truncated buffer and loops on a truncated run, so every byte it would read is checked
// first). Returns "" and fills `out`, or what is wrong (e.g. "truncated: the pixel data ends
// in scanline 3 of 8", "corrupt: a run overflows scanline 0 of 8") and leaves `out` empty.
// Knows nothing of files or glTF: scene/environment_image.h reads the file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vitrine::codecs {

// The largest width or height, and the most pixels (16384 x 8192, a 2:1 panorama of that
// width).
inline constexpr uint32_t kMaxHdrSize = 16384;
inline constexpr uint64_t kMaxHdrPixels = uint64_t(16384) * 8192;
// A flat file of the largest image allowed (4 bytes per pixel) plus a generous header.
inline constexpr uint64_t kMaxHdrFileBytes = 4 * kMaxHdrPixels + 65536;

struct HdrImage {
  uint32_t width = 0, height = 0;
  std::vector<float> rgb;  // width * height * 3 linear floats, rows top to bottom
};

[[nodiscard]] std::string decodeHdr(std::span<const uint8_t> bytes, HdrImage& out);

}  // namespace vitrine::codecs
