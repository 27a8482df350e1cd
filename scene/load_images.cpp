#include <algorithm>
#include <climits>
#include <string>

#include <stb_image.h>

#include "load_steps.h"

namespace vitrine::scene {
namespace {

// Largest width or height decoded: the header is read first, so a tiny file claiming a huge
// image cannot make stb allocate without limit.
constexpr int kMaxImageSide = 16384;

bool isPng(const std::vector<unsigned char>& b) {
  static constexpr unsigned char kMagic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  return b.size() >= 8 && std::equal(kMagic, kMagic + 8, b.begin());
}

bool isJpeg(const std::vector<unsigned char>& b) {
  return b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF;
}

// stb_image's reason for its last failure. It gives none for some broken files (a PNG whose
// IHDR chunk is cut short, found by fuzz/image_fuzz.cpp): that must not read as success.
std::string failureReason() {
  const char* why = stbi_failure_reason();
  return why && *why ? why : "corrupt image data";
}

// Decodes PNG/JPEG (nothing else, though stb_image knows more) to RGBA8: stb expands 1-3 channel
// images (grey -> RGB, alpha 255); 16-bit images are rounded to 8 bits. Returns "" or why not.
std::string decode(const std::vector<unsigned char>& bytes, Image& out) {
  if (bytes.size() > size_t(INT_MAX)) return "encoded image is larger than 2 GiB";
  const int size = int(bytes.size());
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), size, &w, &h, &channels)) return failureReason();
  if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide) {
    return "image is " + std::to_string(w) + "x" + std::to_string(h) + " pixels (expected 1 to " +
           std::to_string(kMaxImageSide) + " each way)";
  }
  if (stbi_is_16_bit_from_memory(bytes.data(), size)) {
    stbi_us* px = stbi_load_16_from_memory(bytes.data(), size, &w, &h, &channels, 4);
    if (!px) return failureReason();
    out.rgba8.resize(size_t(w) * size_t(h) * 4);
    for (size_t i = 0; i < out.rgba8.size(); ++i) out.rgba8[i] = uint8_t((px[i] + 128u) / 257u);
    stbi_image_free(px);
  } else {
    stbi_uc* px = stbi_load_from_memory(bytes.data(), size, &w, &h, &channels, 4);
    if (!px) return failureReason();
    out.rgba8.assign(px, px + size_t(w) * size_t(h) * 4);
    stbi_image_free(px);
  }
  out.width = uint32_t(w);
  out.height = uint32_t(h);
  return {};
}

}  // namespace

void loadImages(const LoadContext& ctx) {
  const Json& images = array(ctx.doc.json, "images");
  ctx.scene.images.resize(images.size());
  for (size_t i = 0; i < images.size(); ++i) {
    Image& image = ctx.scene.images[i];
    image.name = string(images[i], "name");
    const std::vector<unsigned char>& bytes = ctx.doc.model.images[i].image;
    // No bytes: ResourceCache already warned (missing file, unsupported data URI).
    if (bytes.empty()) continue;
    if (!isPng(bytes) && !isJpeg(bytes)) {
      ctx.warnings.push_back(located(jsonPointer("images", i), "unsupported image format"));
      continue;
    }
    if (std::string why = decode(bytes, image); !why.empty()) {
      image.rgba8.clear();
      image.width = image.height = 0;
      ctx.warnings.push_back(located(jsonPointer("images", i), "cannot decode image: " + why));
    }
  }
}

}  // namespace vitrine::scene
