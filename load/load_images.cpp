#include <algorithm>
#include <cctype>
#include <climits>
#include <string>
#include <string_view>
#include <unordered_map>

#include <stb_image.h>
#include <webp/decode.h>

#include "accessor.h"
#include "image_decode.h"
#include "ktx2.h"
#include "load_steps.h"
#include "parallel.h"

namespace vitrine::scene {
namespace {

bool startsWith(std::span<const uint8_t> b, std::initializer_list<uint8_t> magic) {
  return b.size() >= magic.size() && std::equal(magic.begin(), magic.end(), b.begin());
}

std::string sizeError(uint32_t w, uint32_t h) {
  return "image is " + std::to_string(w) + "x" + std::to_string(h) + " pixels (expected 1 to " +
         std::to_string(kMaxImageSide) + " each way)";
}

std::string webpStatus(VP8StatusCode status) {
  switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY:
      return "out of memory";
    case VP8_STATUS_INVALID_PARAM:
      return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR:
      return "corrupt WebP data";
    case VP8_STATUS_UNSUPPORTED_FEATURE:
      return "unsupported WebP feature";
    case VP8_STATUS_NOT_ENOUGH_DATA:
      return "truncated WebP data";
    default:
      return "WebP decoder error " + std::to_string(int(status));
  }
}

// stb_image's reason for its last failure. It gives none for some broken files (a PNG whose
// IHDR chunk is cut short, found by fuzz/image_fuzz.cpp): that must not read as success.
std::string failureReason() {
  const char* why = stbi_failure_reason();
  return why && *why ? why : "corrupt image data";
}

// stb_image takes int lengths: larger files are refused before any call.
std::string stbHeader(std::span<const uint8_t> bytes, uint32_t& width, uint32_t& height) {
  if (bytes.size() > size_t(INT_MAX)) return "encoded image is larger than 2 GiB";
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), int(bytes.size()), &w, &h, &channels))
    return failureReason();
  if (w <= 0 || h <= 0) return sizeError(uint32_t(std::max(w, 0)), uint32_t(std::max(h, 0)));
  width = uint32_t(w);
  height = uint32_t(h);
  return {};
}

// PNG/JPEG (nothing else, though stb_image knows more); the header was read and checked.
std::string decodeStb(std::span<const uint8_t> bytes, Image& out) {
  const int size = int(bytes.size());
  int w = 0, h = 0, channels = 0;
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

// EXT_texture_webp: libwebp decodes straight into our buffer, sized from the header already
// checked, so the library allocates no picture of its own.
std::string decodeWebp(std::span<const uint8_t> bytes, uint32_t width, uint32_t height,
                       Image& out) {
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return "libwebp version mismatch";
  if (VP8StatusCode s = WebPGetFeatures(bytes.data(), bytes.size(), &config.input);
      s != VP8_STATUS_OK)
    return webpStatus(s);
  if (config.input.has_animation) return "animated WebP is not supported";
  out.rgba8.resize(size_t(width) * height * 4);
  config.output.colorspace = MODE_RGBA;  // not premultiplied: glTF colours are straight alpha
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = out.rgba8.data();
  config.output.u.RGBA.stride = int(width * 4);
  config.output.u.RGBA.size = out.rgba8.size();
  const VP8StatusCode s = WebPDecode(bytes.data(), bytes.size(), &config);
  WebPFreeDecBuffer(&config.output);  // external memory: frees nothing of ours
  if (s != VP8_STATUS_OK) return webpStatus(s);
  out.width = width;
  out.height = height;
  return {};
}

// RFC 4648 §4 base64, for the data URIs tinygltf leaves to us (image/webp). Stops at the first
// character outside the alphabet, as tinygltf's decoder does; the decoder then finds the
// image truncated.
std::vector<uint8_t> base64Decode(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::vector<uint8_t> out;
  out.reserve(text.size() / 4 * 3);
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    const int v = value(c);
    if (v < 0) break;
    bits = (bits << 6) | uint32_t(v);
    if ((count += 6) >= 8) {
      count -= 8;
      out.push_back(uint8_t(bits >> count));
    }
  }
  return out;
}

bool endsWithKtx2(const std::string& uri) {
  if (uri.size() < 5) return false;
  std::string tail = uri.substr(uri.size() - 5);
  std::transform(tail.begin(), tail.end(), tail.begin(),
                 [](char c) { return char(std::tolower(c)); });
  return tail == ".ktx2";
}

// What image i's source is: its bytes' signature; without bytes (a WebP data URI tinygltf
// leaves to us, an undecoded KTX2 file) what its URI or mimeType says.
ImageFormat sourceFormat(const Json& json, std::span<const uint8_t> bytes) {
  if (const ImageFormat f = sniffImageFormat(bytes); f != ImageFormat::Unknown) return f;
  const std::string uri = string(json, "uri");
  const std::string mime = string(json, "mimeType");
  if (mime == "image/ktx2" || uri.rfind("data:image/ktx2", 0) == 0 || endsWithKtx2(uri))
    return ImageFormat::Ktx2;
  if (mime == "image/webp" || uri.rfind("data:image/webp", 0) == 0) return ImageFormat::Webp;
  return ImageFormat::Unknown;
}

// What loading one image came to: at most one warning, or a refusal of the memory budget
// (an error: the asset asks for more than the load may use).
struct ImageOutcome {
  std::string warning, error;
};

// What decoding `encoded` (`pixels` of them) allocates besides our RGBA8 pixels: stb_image's
// own buffer, RGBA16 for a 16-bit PNG; nothing for WebP, which decodes into ours.
struct LibraryBuffer {
  bool webp = false, wide = false;
  uint64_t bytes = 0;
};
LibraryBuffer libraryBuffer(std::span<const uint8_t> encoded, uint64_t pixels) {
  LibraryBuffer b;
  b.webp = sniffImageFormat(encoded) == ImageFormat::Webp;
  b.wide = !b.webp && stbi_is_16_bit_from_memory(encoded.data(), int(encoded.size()));
  b.bytes = b.webp ? 0 : pixels * 4 * (b.wide ? 2 : 1);
  return b;
}

// Reads the header, reserves the decoded size from the document's budget (the RGBA8 pixels stay
// reserved while the Scene holds them; stb_image's own buffer, which it allocates before we copy
// out of it, only while it lives), then decodes.
ImageOutcome decodeReserved(const LoadContext& ctx, const std::string& at,
                            std::span<const uint8_t> bytes, Image& image, bool defer) {
  uint32_t w = 0, h = 0;
  if (std::string why = readImageHeader(bytes, w, h); !why.empty()) {
    if (sniffImageFormat(bytes) == ImageFormat::Unknown) return {located(at, why), {}};
    return {located(at, "cannot decode image: " + why), {}};
  }
  const uint64_t pixels = uint64_t(w) * h;
  const LibraryBuffer library = libraryBuffer(bytes, pixels);
  const uint64_t libraryBytes = library.bytes;
  const std::string what = "decoded image " + std::to_string(w) + "x" + std::to_string(h) +
                           " RGBA8" +
                           (library.webp   ? ""
                            : library.wide ? ", with stb_image's RGBA16 buffer"
                                           : ", with stb_image's buffer");
  if (std::string err = reserveMemory(ctx.doc, pixels * 4 + libraryBytes, at, what); !err.empty())
    return {{}, err};
  const ScopedRelease libraryBuffer(*ctx.doc.budget, libraryBytes);
  if (defer) {
    // Kept for decodeDeferredImage, which reserves the library's buffer again while it lives.
    if (std::string err = reserveMemory(ctx.doc, bytes.size(), at, "encoded image kept to decode");
        !err.empty()) {
      ctx.doc.budget->release(pixels * 4);
      return {{}, err};
    }
    image.width = w;
    image.height = h;
    image.encoded.assign(bytes.begin(), bytes.end());
    return {};
  }
  if (std::string why = decodeImage(bytes, image); !why.empty()) {
    ctx.doc.budget->release(pixels * 4);
    return {located(at, "cannot decode image: " + why), {}};
  }
  return {};
}

// KHR_texture_basisu: reads the KTX2 container, reserves what decoding it allocates (every
// level's RGBA8 pixels, kept with the Scene; one inflated level, freed after), then decodes
// every level stored: level 0 to rgba8, the others to mips. Decoded now even when the load
// defers image decoding: the deferred decoder (image_decoder.h) knows PNG, JPEG and WebP.
ImageOutcome decodeKtx2Reserved(const LoadContext& ctx, const std::string& at,
                                std::span<const uint8_t> bytes, Image& image) {
  codecs::Ktx2Info info;
  if (std::string why = codecs::readKtx2(bytes, info); !why.empty())
    return {located(at, "cannot decode image: " + why), {}};
  uint64_t kept = 0;
  for (size_t p = 0; p < info.levels.size(); ++p)
    kept += uint64_t(info.levelWidth(p)) * info.levelHeight(p) * 4;
  const uint64_t total = info.decodedBytes();
  const std::string what = "decoded KTX2 image " + std::to_string(info.width) + "x" +
                           std::to_string(info.height) + " RGBA8 (" +
                           std::to_string(info.levels.size()) + " levels)";
  if (std::string err = reserveMemory(ctx.doc, total, at, what); !err.empty()) return {{}, err};
  const ScopedRelease inflated(*ctx.doc.budget, total - kept);
  codecs::Ktx2Image decoded;
  if (std::string why = codecs::decodeKtx2(bytes, decoded); !why.empty()) {
    ctx.doc.budget->release(kept);
    return {located(at, "cannot decode image: " + why), {}};
  }
  image.width = info.width;
  image.height = info.height;
  image.rgba8 = std::move(decoded.levels[0]);
  image.mips.assign(std::make_move_iterator(decoded.levels.begin() + 1),
                    std::make_move_iterator(decoded.levels.end()));
  image.colorSpace = info.srgb ? ImageColorSpace::Srgb : ImageColorSpace::Linear;
  return {};
}

// Decodes image i into ctx.scene.images[i].
ImageOutcome loadImage(const LoadContext& ctx, const Json& json, size_t i, bool defer) {
  Image& image = ctx.scene.images[i];
  const std::string at = jsonPointer("images", i);
  const std::string uri = string(json, "uri");
  std::span<const uint8_t> bytes = ctx.doc.model.images[i].image;

  // tinygltf knows no image/webp or image/ktx2 data URI (gltf_resources.cpp leaves them to us).
  std::vector<uint8_t> fromUri;
  for (std::string_view prefix : {"data:image/webp;base64,", "data:image/ktx2;base64,"}) {
    if (!bytes.empty() || uri.rfind(prefix, 0) != 0) continue;
    const uint64_t n = (uri.size() - prefix.size()) / 4 * 3 + 3;
    if (std::string err = reserveMemory(ctx.doc, n, at, "decoded data URI"); !err.empty())
      return {{}, err};
    const ScopedRelease decodedUri(*ctx.doc.budget, n);  // the vector is freed on return
    fromUri = base64Decode(std::string_view(uri).substr(prefix.size()));
    bytes = fromUri;
    if (sniffImageFormat(bytes) == ImageFormat::Ktx2)
      return decodeKtx2Reserved(ctx, at, bytes, image);
    return decodeReserved(ctx, at, bytes, image, defer);
  }
  // KHR_texture_basisu: a KTX2 file (its identifier, whatever the mimeType says).
  if (sniffImageFormat(bytes) == ImageFormat::Ktx2)
    return decodeKtx2Reserved(ctx, at, bytes, image);
  // No bytes: ResourceCache already warned (missing file, unsupported data URI).
  if (bytes.empty()) return {};
  return decodeReserved(ctx, at, bytes, image, defer);
}

}  // namespace

ImageFormat sniffImageFormat(std::span<const uint8_t> b) {
  if (startsWith(b, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})) return ImageFormat::Png;
  if (startsWith(b, {0xFF, 0xD8, 0xFF})) return ImageFormat::Jpeg;
  // RIFF container (4-byte size) holding a WEBP form.
  if (startsWith(b, {'R', 'I', 'F', 'F'}) && b.size() >= 12 &&
      std::equal(b.begin() + 8, b.begin() + 12, "WEBP"))
    return ImageFormat::Webp;
  // KTX 2.0 §3.1 file identifier: «KTX 20»\r\n\x1A\n.
  if (startsWith(b, {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'}))
    return ImageFormat::Ktx2;
  return ImageFormat::Unknown;
}

std::string readImageHeader(std::span<const uint8_t> bytes, uint32_t& width, uint32_t& height) {
  width = height = 0;
  uint32_t w = 0, h = 0;
  switch (sniffImageFormat(bytes)) {
    case ImageFormat::Png:
    case ImageFormat::Jpeg:
      if (std::string why = stbHeader(bytes, w, h); !why.empty()) return why;
      break;
    case ImageFormat::Webp: {
      int iw = 0, ih = 0;
      if (!WebPGetInfo(bytes.data(), bytes.size(), &iw, &ih)) return "invalid WebP header";
      w = uint32_t(iw);
      h = uint32_t(ih);
      break;
    }
    default:
      return "unsupported image format";
  }
  if (w == 0 || h == 0 || w > kMaxImageSide || h > kMaxImageSide) return sizeError(w, h);
  width = w;
  height = h;
  return {};
}

std::string decodeImage(std::span<const uint8_t> bytes, Image& out) {
  out.width = out.height = 0;
  out.rgba8.clear();
  uint32_t w = 0, h = 0;
  std::string why = readImageHeader(bytes, w, h);
  if (why.empty()) {
    why = sniffImageFormat(bytes) == ImageFormat::Webp ? decodeWebp(bytes, w, h, out)
                                                       : decodeStb(bytes, out);
  }
  if (!why.empty()) {
    out.width = out.height = 0;
    out.rgba8 = {};
  }
  return why;
}

std::string decodeDeferredImage(const GltfDocument& doc, const Scene& scene, size_t i,
                                std::vector<uint8_t>& rgba8) {
  const std::string why = decodeEncodedImage(doc, scene, i, rgba8);
  return why.empty() ? why : scene.path + ": " + why;
}

std::string decodeEncodedImage(const GltfDocument& doc, const Scene& scene, size_t i,
                               std::vector<uint8_t>& rgba8) {
  rgba8.clear();
  const Image& image = scene.images[i];
  const std::span<const uint8_t> bytes = image.encoded;
  if (bytes.empty()) return {};
  const std::string at = jsonPointer("images", i);
  const uint64_t libraryBytes = libraryBuffer(bytes, uint64_t(image.width) * image.height).bytes;
  std::string why = doc.budget->reserve(libraryBytes, at, "stb_image's buffer");
  if (why.empty()) {
    const ScopedRelease libraryBuffer(*doc.budget, libraryBytes);
    Image decoded;
    why = decodeImage(bytes, decoded);
    if (why.empty()) {
      rgba8 = std::move(decoded.rgba8);
      return {};
    }
    why = located(at, "cannot decode image: " + why);
  }
  return why;
}

void adoptDeferredImage(const GltfDocument& doc, Scene& scene, size_t i,
                        std::vector<uint8_t> rgba8) {
  Image& image = scene.images[i];
  if (image.encoded.empty()) return;
  doc.budget->release(image.encoded.size());
  image.encoded = {};
  // Reserved at load for these pixels (decodeReserved); given back when they never came, and
  // the image is then empty (width 0) as one that failed in a full load.
  if (rgba8.size() != size_t(image.width) * image.height * 4) {
    doc.budget->release(uint64_t(image.width) * image.height * 4);
    image.width = image.height = 0;
    return;
  }
  image.rgba8 = std::move(rgba8);
}

std::string loadImages(const LoadContext& ctx) {
  std::vector<std::string> warnings;
  if (std::string err = loadImages(ctx, ctx.doc.options.deferImageDecode, warnings); !err.empty())
    return err;
  for (std::string& w : warnings)
    if (!w.empty()) ctx.warnings.push_back(std::move(w));
  return {};
}

std::string loadImages(const LoadContext& ctx, bool defer, std::vector<std::string>& warnings) {
  const Json& images = array(ctx.doc.json, "images");
  ctx.scene.images.resize(images.size());
  // Images by their encoded bytes: one decode for every image of the same bytes (the same
  // URI, another spelling of the same file, the same data URI); loadMaterials() points their
  // textures at the first.
  std::unordered_multimap<std::string_view, size_t> seen;
  std::vector<size_t> decode;
  for (size_t i = 0; i < images.size(); ++i) {
    ctx.scene.images[i].name = string(images[i], "name");
    const std::vector<unsigned char>& bytes = ctx.doc.model.images[i].image;
    ctx.scene.images[i].format = sourceFormat(images[i], bytes);
    const std::string_view key(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (auto it = bytes.empty() ? seen.end() : seen.find(key); it != seen.end()) {
      ctx.scene.images[i].sameAs = int(it->second);
      continue;
    }
    if (!bytes.empty()) seen.emplace(key, i);
    decode.push_back(i);
  }
  // Decoded in parallel (each item writes only its own Image and outcome); the warnings are
  // kept in image order, and the first refusal in image order is the error.
  std::vector<ImageOutcome> outcomes(images.size());
  parallelFor(decode.size(), [&](size_t k) {
    const size_t i = decode[k];
    outcomes[i] = loadImage(ctx, images[i], i, defer);
  });
  for (ImageOutcome& o : outcomes)
    if (!o.error.empty()) return o.error;
  warnings.resize(images.size());
  for (size_t i = 0; i < images.size(); ++i) warnings[i] = std::move(outcomes[i].warning);
  return {};
}

}  // namespace vitrine::scene
