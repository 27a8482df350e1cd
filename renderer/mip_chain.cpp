#include "mip_chain.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace vitrine::renderer {
namespace {

// The sRGB EOTF (glTF 2.0 section 3.9.2: base colour and emissive textures are sRGB-encoded;
// formulas.md "sRGB encode" is its inverse, IEC 61966-2-1).
double srgbToLinear(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct SrgbTables {
  std::array<float, 256> decode;  // code -> linear
  // thresholds[b]: the linear value of the code b + 0.5, so that round(255 * oetf(v)) is the
  // number of thresholds <= v (the OETF is increasing): an exact encode without pow.
  std::array<float, 255> thresholds;
  SrgbTables() {
    for (int b = 0; b < 256; ++b) decode[b] = float(srgbToLinear(b / 255.0));
    for (int b = 0; b < 255; ++b) thresholds[b] = float(srgbToLinear((b + 0.5) / 255.0));
  }
};

const SrgbTables& srgbTables() {
  static const SrgbTables tables;
  return tables;
}

uint8_t encodeSrgb(const SrgbTables& t, float linear) {
  return uint8_t(std::upper_bound(t.thresholds.begin(), t.thresholds.end(), linear) -
                 t.thresholds.begin());
}

}  // namespace

uint32_t mipLevelCount(VkExtent2D extent) {
  return uint32_t(std::bit_width(std::max({extent.width, extent.height, 1u})));
}

VkExtent2D mipExtent(VkExtent2D extent, uint32_t level) {
  return {std::max(extent.width >> level, 1u), std::max(extent.height >> level, 1u)};
}

size_t mipChainBytes(VkExtent2D extent, uint32_t first) {
  size_t bytes = 0;
  for (uint32_t level = first; level < mipLevelCount(extent); ++level) {
    const VkExtent2D e = mipExtent(extent, level);
    bytes += size_t(e.width) * e.height * 4;
  }
  return bytes;
}

void downsampleLevel(const uint8_t* src, VkExtent2D e, bool srgb, uint8_t* dst) {
  const VkExtent2D d = mipExtent(e, 1);
  const SrgbTables& t = srgbTables();
  for (uint32_t y = 0; y < d.height; ++y) {
    const uint8_t* row0 = src + size_t(std::min(2 * y, e.height - 1)) * e.width * 4;
    const uint8_t* row1 = src + size_t(std::min(2 * y + 1, e.height - 1)) * e.width * 4;
    for (uint32_t x = 0; x < d.width; ++x) {
      const size_t x0 = size_t(std::min(2 * x, e.width - 1)) * 4;
      const size_t x1 = size_t(std::min(2 * x + 1, e.width - 1)) * 4;
      const uint8_t* p[4] = {row0 + x0, row0 + x1, row1 + x0, row1 + x1};
      for (int c = 0; c < 4; ++c) {
        if (srgb && c < 3) {
          const float sum =
              t.decode[p[0][c]] + t.decode[p[1][c]] + t.decode[p[2][c]] + t.decode[p[3][c]];
          *dst++ = encodeSrgb(t, sum * 0.25f);
        } else {
          *dst++ = uint8_t((p[0][c] + p[1][c] + p[2][c] + p[3][c] + 2) / 4);
        }
      }
    }
  }
}

void buildMipChain(const uint8_t* level0, VkExtent2D e, bool srgb, uint8_t* dst) {
  const uint8_t* src = level0;
  for (uint32_t level = 1; level < mipLevelCount(e); ++level) {
    const VkExtent2D above = mipExtent(e, level - 1);
    downsampleLevel(src, above, srgb, dst);
    src = dst;
    const VkExtent2D here = mipExtent(e, level);
    dst += size_t(here.width) * here.height * 4;
  }
}

}  // namespace vitrine::renderer
