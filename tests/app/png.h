// Reading PNGs the app wrote, and sRGB arithmetic for expected pixel values.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <stb_image.h>

namespace vitrine::test {

struct Png {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
  const uint8_t* at(int x, int y) const { return &rgba[(size_t(y) * width + x) * 4]; }
};

inline Png readPng(const std::string& path) {
  Png p;
  int n = 0;
  if (uint8_t* data = stbi_load(path.c_str(), &p.width, &p.height, &n, 4)) {
    p.rgba.assign(data, data + size_t(p.width) * p.height * 4);
    stbi_image_free(data);
  }
  return p;
}

// The sRGB encoding of a linear value, as an 8-bit code (formulas.md, "Colour").
inline int srgb8(float linear) {
  const float c =
      linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
  return int(std::lround(std::fmin(std::fmax(c, 0.0f), 1.0f) * 255.0f));
}

// Pixels of image `p` (width, height, RGBA rows top to bottom) in rows [y0, y1) within
// `tolerance` of the sRGB colour `rgb`.
template <class Image>
int countColor(const Image& p, const uint8_t rgb[3], uint32_t y0, uint32_t y1, int tolerance = 5) {
  int n = 0;
  for (uint32_t y = y0; y < y1 && y < p.height; ++y) {
    for (uint32_t x = 0; x < p.width; ++x) {
      const uint8_t* px = &p.rgba[(size_t(y) * p.width + x) * 4];
      if (std::abs(px[0] - rgb[0]) <= tolerance && std::abs(px[1] - rgb[1]) <= tolerance &&
          std::abs(px[2] - rgb[2]) <= tolerance)
        ++n;
    }
  }
  return n;
}

}  // namespace vitrine::test
