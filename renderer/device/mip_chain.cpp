#include "mip_chain.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

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
  // The same encode for linear values on a 1/65535 grid: a lookup instead of a search (it can
  // differ from the exact encode only within 1/131070 of a threshold).
  std::array<uint8_t, 65536> encode;
  SrgbTables() {
    for (int b = 0; b < 256; ++b) decode[b] = float(srgbToLinear(b / 255.0));
    for (int b = 0; b < 255; ++b) thresholds[b] = float(srgbToLinear((b + 0.5) / 255.0));
    for (size_t i = 0; i < encode.size(); ++i) {
      encode[i] = uint8_t(
          std::upper_bound(thresholds.begin(), thresholds.end(), float(double(i) / 65535.0)) -
          thresholds.begin());
    }
  }
};

const SrgbTables& srgbTables() {
  static const SrgbTables tables;
  return tables;
}

uint8_t encodeSrgb(const SrgbTables& t, float linear) {
  return t.encode[size_t(std::clamp(linear, 0.0f, 1.0f) * 65535.0f + 0.5f)];
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

namespace {

// The source texels under destination texel `x` along one axis of `side` texels, and their
// weights: the overlap of the texel's footprint, [x, x + 1) * side / max(1, side / 2), with
// each source texel. Even side: 2x and 2x + 1, 1/2 each. Odd side 2n + 1: 2x, 2x + 1, 2x + 2
// weighted (n - x, n, x + 1) / (2n + 1), the exact box over a footprint of 2 + 1/n texels.
// Side 1: the texel itself.
struct Taps {
  uint32_t first = 0, count = 0;
  float weight[3] = {0, 0, 0};
};

Taps taps(uint32_t x, uint32_t side) {
  if (side == 1) return {0, 1, {1.0f, 0, 0}};
  if (side % 2 == 0) return {2 * x, 2, {0.5f, 0.5f, 0}};
  const float n = float(side / 2), total = float(side);
  return {2 * x, 3, {(n - float(x)) / total, n / total, (float(x) + 1.0f) / total}};
}

}  // namespace

namespace {

// Both sides even (nearly every level of a real texture): the 2x2 average, without the
// general taps.
void downsampleEven(const uint8_t* src, VkExtent2D e, bool srgb, uint8_t* dst) {
  const SrgbTables& t = srgbTables();
  const size_t stride = size_t(e.width) * 4;
  for (uint32_t y = 0; y < e.height; y += 2) {
    const uint8_t* a = src + y * stride;
    const uint8_t* b = a + stride;
    for (uint32_t x = 0; x < e.width; x += 2, a += 8, b += 8) {
      for (int c = 0; c < 3; ++c) {
        if (srgb) {
          const float sum =
              t.decode[a[c]] + t.decode[a[c + 4]] + t.decode[b[c]] + t.decode[b[c + 4]];
          *dst++ = encodeSrgb(t, 0.25f * sum);
        } else {
          *dst++ = uint8_t((a[c] + a[c + 4] + b[c] + b[c + 4] + 2) / 4);
        }
      }
      *dst++ = uint8_t((a[3] + a[7] + b[3] + b[7] + 2) / 4);  // alpha: linear
    }
  }
}

}  // namespace

void downsampleLevel(const uint8_t* src, VkExtent2D e, bool srgb, uint8_t* dst) {
  if (e.width % 2 == 0 && e.height % 2 == 0) return downsampleEven(src, e, srgb, dst);
  const VkExtent2D d = mipExtent(e, 1);
  const SrgbTables& t = srgbTables();
  std::vector<Taps> columns(d.width);
  for (uint32_t x = 0; x < d.width; ++x) columns[x] = taps(x, e.width);
  for (uint32_t y = 0; y < d.height; ++y) {
    const Taps rows = taps(y, e.height);
    for (uint32_t x = 0; x < d.width; ++x) {
      const Taps& cols = columns[x];
      float sum[4] = {0, 0, 0, 0};
      for (uint32_t j = 0; j < rows.count; ++j) {
        const uint8_t* row = src + size_t(rows.first + j) * e.width * 4;
        for (uint32_t i = 0; i < cols.count; ++i) {
          const uint8_t* p = row + size_t(cols.first + i) * 4;
          const float w = rows.weight[j] * cols.weight[i];
          for (int c = 0; c < 4; ++c) sum[c] += w * (srgb && c < 3 ? t.decode[p[c]] : float(p[c]));
        }
      }
      for (int c = 0; c < 4; ++c)
        *dst++ = srgb && c < 3 ? encodeSrgb(t, sum[c])
                               : uint8_t(std::min(255.0f, std::floor(sum[c] + 0.5f)));
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

void buildMipChain(const uint8_t* level0, VkExtent2D e, bool srgb,
                   std::span<const std::vector<uint8_t>> stored, uint8_t* dst) {
  const uint8_t* above = level0;
  uint32_t level = 1;
  for (; level < mipLevelCount(e) && level <= stored.size(); ++level) {
    const VkExtent2D here = mipExtent(e, level);
    const size_t bytes = size_t(here.width) * here.height * 4;
    if (stored[level - 1].size() != bytes) break;
    std::memcpy(dst, stored[level - 1].data(), bytes);
    above = dst;
    dst += bytes;
  }
  if (level < mipLevelCount(e)) buildMipChain(above, mipExtent(e, level - 1), srgb, dst);
}

}  // namespace vitrine::renderer
