#include <algorithm>
#include <climits>
#include <string>
#include <string_view>
#include <unordered_map>

#include <stb_image.h>

#include "accessor.h"
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
// images (grey -> RGB, alpha 255); 16-bit images are rounded to 8 bits. The decoded size,
// known from the header, is reserved from the document's budget before stb allocates (the
// RGBA8 pixels stay reserved, stb's own buffer is released when freed). Returns "" or why not;
// a refusal of the budget is returned in `refusal` instead (it is an error, not a warning).
std::string decode(const LoadContext& ctx, const std::string& at,
                   const std::vector<unsigned char>& bytes, Image& out, std::string& refusal) {
  if (bytes.size() > size_t(INT_MAX)) return "encoded image is larger than 2 GiB";
  const int size = int(bytes.size());
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), size, &w, &h, &channels)) return failureReason();
  if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide) {
    return "image is " + std::to_string(w) + "x" + std::to_string(h) + " pixels (expected 1 to " +
           std::to_string(kMaxImageSide) + " each way)";
  }
  const uint64_t pixels = uint64_t(w) * uint64_t(h);
  const bool wide = stbi_is_16_bit_from_memory(bytes.data(), size);
  const uint64_t stbBytes = pixels * 4 * (wide ? 2 : 1);
  const std::string dims = std::to_string(w) + "x" + std::to_string(h);
  refusal = reserveMemory(
      ctx.doc, pixels * 4 + stbBytes, at,
      "decoded image " + dims + " RGBA8, with stb_image's " + (wide ? "RGBA16 " : "") + "buffer");
  if (!refusal.empty()) return refusal;
  const ScopedRelease stbBuffer(*ctx.doc.budget, stbBytes);
  if (wide) {
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

std::string loadImages(const LoadContext& ctx) {
  const Json& images = array(ctx.doc.json, "images");
  ctx.scene.images.resize(images.size());
  // Images by their encoded bytes: one decode for every image of the same bytes (the same
  // URI, another spelling of the same file, the same data URI).
  std::unordered_multimap<std::string_view, size_t> decoded;
  for (size_t i = 0; i < images.size(); ++i) {
    Image& image = ctx.scene.images[i];
    image.name = string(images[i], "name");
    const std::vector<unsigned char>& bytes = ctx.doc.model.images[i].image;
    // No bytes: ResourceCache already warned (missing file, unsupported data URI).
    if (bytes.empty()) continue;
    const std::string_view key(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (auto it = decoded.find(key); it != decoded.end()) {
      image.sameAs = int(it->second);
      continue;
    }
    decoded.emplace(key, i);
    if (!isPng(bytes) && !isJpeg(bytes)) {
      ctx.warnings.push_back(located(jsonPointer("images", i), "unsupported image format"));
      continue;
    }
    std::string refusal;
    if (std::string why = decode(ctx, jsonPointer("images", i), bytes, image, refusal);
        !why.empty()) {
      image.rgba8.clear();
      image.width = image.height = 0;
      if (!refusal.empty()) return refusal;
      ctx.warnings.push_back(located(jsonPointer("images", i), "cannot decode image: " + why));
    }
  }
  return {};
}

}  // namespace vitrine::scene
