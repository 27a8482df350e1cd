// Radiance RGBE decoding: our own checks of the header and of every scanline, then stb_image.
#include "hdr.h"

#include <algorithm>

#include <stb_image.h>

namespace vitrine::codecs {
namespace {

// The byte offset where the pixel data starts: after the identifier line, the header lines up
// to the empty line, and the resolution line (the lines stb_image reads before the pixels).
// npos when the file ends first.
size_t pixelDataOffset(std::span<const uint8_t> bytes) {
  size_t pos = 0;
  auto nextLine = [&](bool* empty) {
    const auto end = std::find(bytes.begin() + long(pos), bytes.end(), uint8_t('\n'));
    if (end == bytes.end()) return false;
    const size_t next = size_t(end - bytes.begin()) + 1;
    *empty = next - pos == 1;
    pos = next;
    return true;
  };
  bool empty = false;
  if (!nextLine(&empty)) return std::string::npos;  // "#?RADIANCE"
  do {
    if (!nextLine(&empty)) return std::string::npos;  // header variables, then an empty line
  } while (!empty);
  if (!nextLine(&empty)) return std::string::npos;  // "-Y <height> +X <width>"
  return pos;
}

// Walks the scanlines the way stb_image decodes them (flat when the width is outside
// 8..32767 or the first scanline has no run-length header, else the "new" RLE of Radiance:
// 2, 2, width as 16 bits, then four channels of runs and dumps). stb reads zeros past the
// end of its buffer, and loops for ever on a truncated run-length scanline, so every byte it
// would read is checked here first. Returns "" or what is wrong.
std::string checkScanlines(const uint8_t* p, size_t n, uint32_t w, uint32_t h) {
  const uint64_t flatBytes = uint64_t(w) * h * 4;
  auto flat = [&]() -> std::string {
    if (n >= flatBytes) return {};
    return "truncated: the pixel data ends at scanline " + std::to_string(n / (uint64_t(w) * 4)) +
           " of " + std::to_string(h);
  };
  if (w < 8 || w >= 32768) return flat();
  size_t pos = 0;
  for (uint32_t j = 0; j < h; ++j) {
    const std::string where = "scanline " + std::to_string(j) + " of " + std::to_string(h);
    if (n - pos < 4) return "truncated: the pixel data ends at " + where;
    const bool rle = p[pos] == 2 && p[pos + 1] == 2 && !(p[pos + 2] & 0x80);
    if (!rle) {
      if (j == 0) return flat();
      return "corrupt: " + where + " has no run-length header, unlike the first";
    }
    const uint32_t length = uint32_t(p[pos + 2]) << 8 | p[pos + 3];
    if (length != w) {
      return "corrupt: " + where + " says it has " + std::to_string(length) +
             " pixels, the image is " + std::to_string(w) + " wide";
    }
    pos += 4;
    for (int channel = 0; channel < 4; ++channel) {
      for (uint32_t i = 0; i < w;) {
        if (pos >= n) return "truncated: the pixel data ends in " + where;
        const uint32_t count = p[pos++];
        const uint32_t pixels = count > 128 ? count - 128 : count;
        if (pixels > w - i) return "corrupt: a run overflows " + where;
        const size_t payload = count > 128 ? 1 : count;
        if (n - pos < payload) return "truncated: the pixel data ends in " + where;
        pos += payload;
        i += pixels;
      }
    }
  }
  return {};
}

}  // namespace

std::string decodeHdr(std::span<const uint8_t> bytes, HdrImage& out) {
  if (bytes.size() > kMaxHdrFileBytes) {
    return "the file has " + std::to_string(bytes.size()) + " bytes, more than the " +
           std::to_string(kMaxHdrFileBytes) + " supported";
  }
  const int size = int(bytes.size());  // bounded by kMaxHdrFileBytes < 2^31
  if (!stbi_is_hdr_from_memory(bytes.data(), size))
    return "not a Radiance HDR image (expected a \"#?RADIANCE\" or \"#?RGBE\" first line)";
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), size, &w, &h, &channels)) {
    return "unsupported HDR header (expected FORMAT=32-bit_rle_rgbe and a \"-Y <height> +X "
           "<width>\" resolution line)";
  }
  if (w <= 0 || h <= 0 || uint32_t(w) > kMaxHdrSize || uint32_t(h) > kMaxHdrSize ||
      uint64_t(w) * uint64_t(h) > kMaxHdrPixels) {
    return "image is " + std::to_string(w) + "x" + std::to_string(h) + " pixels (expected 1 to " +
           std::to_string(kMaxHdrSize) + " each way and at most " + std::to_string(kMaxHdrPixels) +
           " pixels)";
  }
  const size_t data = pixelDataOffset(bytes);
  if (data == std::string::npos) return "truncated: the header has no end";
  if (std::string why =
          checkScanlines(bytes.data() + data, bytes.size() - data, uint32_t(w), uint32_t(h));
      !why.empty())
    return why;
  float* pixels = stbi_loadf_from_memory(bytes.data(), size, &w, &h, &channels, 3);
  if (!pixels) return std::string("cannot decode: ") + stbi_failure_reason();
  out.width = uint32_t(w);
  out.height = uint32_t(h);
  out.rgb.assign(pixels, pixels + size_t(w) * size_t(h) * 3);
  stbi_image_free(pixels);
  return {};
}

}  // namespace vitrine::codecs
