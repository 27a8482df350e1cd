#include "ktx2.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "basisu_etc1s.h"
#include "uastc_decode.h"

namespace vitrine::codecs {
namespace {

constexpr uint8_t kIdentifier[12] = {0xAB, 'K',  'T',  'X',  ' ',  '2',
                                     '0',  0xBB, 0x0D, 0x0A, 0x1A, 0x0A};
constexpr uint64_t kHeaderBytes = 80;      // identifier, header and index ("File Structure")
constexpr uint64_t kLevelIndexEntry = 24;  // byteOffset, byteLength, uncompressedByteLength

// Khronos Data Format Specification values the KTX 2.0 specification names ("Data Format
// Descriptor", "Use of Transfer Functions", the ETC1S channel id table).
constexpr uint32_t kModelEtc1s = 163, kModelUastc = 166;
constexpr uint32_t kTransferLinear = 1, kTransferSrgb = 2;
constexpr uint32_t kEtc1sRgb = 0, kEtc1sRrr = 3, kEtc1sGgg = 4, kEtc1sAaa = 15;
constexpr uint32_t kUastcRgb = 0, kUastcRgba = 3, kUastcRrr = 4, kUastcRrrg = 5, kUastcRg = 6;

uint32_t u32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
uint64_t u64(const uint8_t* p) {
  return uint64_t(u32(p)) | uint64_t(u32(p + 4)) << 32;
}

std::string fail(const std::string& what) {
  return "KTX2: " + what;
}

// "" when [offset, offset + length) lies inside a file of `size` bytes.
std::string checkRange(const std::string& what, uint64_t offset, uint64_t length, uint64_t size) {
  if (offset <= size && length <= size - offset) return "";
  return fail(what + " (offset " + std::to_string(offset) + ", " + std::to_string(length) +
              " bytes) runs past the end of the file (" + std::to_string(size) + " bytes)");
}

std::string sizeText(uint32_t w, uint32_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// The bytes of level p before supercompression: 16 bytes per 4x4 block ("levelImages", with
// UASTC's and ETC1S's 4x4 blocks).
uint64_t blockBytes(uint32_t w, uint32_t h) {
  return uint64_t((w + 3) / 4) * ((h + 3) / 4) * 16;
}

// The Data Format Descriptor's basic block ("Data Format Descriptor"; the KDF's descriptor
// block layout: vendorId/descriptorType, versionNumber/descriptorBlockSize, colorModel,
// colorPrimaries, transferFunction, flags, texelBlockDimension[4], bytesPlane[8], then 16-byte
// samples whose fourth byte holds the channel id in its low 4 bits).
std::string readDfd(std::span<const uint8_t> file, uint32_t offset, uint32_t length, Ktx2Info& out,
                    std::vector<uint32_t>& channelIds) {
  if (std::string e = checkRange("the DFD", offset, length, file.size()); !e.empty()) return e;
  if (length < 4 + 24) return fail("the DFD (" + std::to_string(length) + " bytes) is truncated");
  const uint8_t* d = file.data() + offset;
  if (u32(d) != length)
    return fail("dfdTotalSize " + std::to_string(u32(d)) + " differs from dfdByteLength " +
                std::to_string(length));
  const uint8_t* block = d + 4;
  if ((u32(block) & 0x1FFFF) != 0 || (u32(block) >> 17) != 0)
    return fail("the DFD's first block is not a Khronos basic descriptor block");
  const uint32_t blockSize = u32(block + 4) >> 16;
  if (blockSize < 24 + 16 || (blockSize - 24) % 16 != 0 || blockSize > length - 4)
    return fail("descriptorBlockSize " + std::to_string(blockSize) +
                " is not 24 + 16 * samples within the DFD's " + std::to_string(length) + " bytes");
  const uint32_t model = block[8], transfer = block[10];
  if (model != kModelEtc1s && model != kModelUastc)
    return fail("DFD colour model " + std::to_string(model) +
                " is neither ETC1S (163) nor UASTC (166)");
  out.codec = model == kModelUastc ? Ktx2Info::Codec::Uastc : Ktx2Info::Codec::Etc1s;
  if (transfer != kTransferLinear && transfer != kTransferSrgb)
    return fail("DFD transfer function " + std::to_string(transfer) +
                " is neither linear (1) nor sRGB (2)");
  out.srgb = transfer == kTransferSrgb;
  if (block[12] != 3 || block[13] != 3 || block[14] != 0 || block[15] != 0)
    return fail("DFD texel block " + std::to_string(block[12] + 1) + "x" +
                std::to_string(block[13] + 1) + " is not the 4x4 of ETC1S and UASTC");
  for (uint32_t s = 0; s < (blockSize - 24) / 16; ++s)
    channelIds.push_back(block[24 + 16 * s + 3] & 0x0F);
  return "";
}

std::string checkChannels(const std::vector<uint32_t>& ids, Ktx2Info& out) {
  out.channels = ids[0];
  if (out.codec == Ktx2Info::Codec::Uastc) {
    if (ids.size() != 1)
      return fail("a UASTC DFD has one sample, not " + std::to_string(ids.size()));
    if (ids[0] != kUastcRgb && ids[0] != kUastcRgba && ids[0] != kUastcRrr &&
        ids[0] != kUastcRrrg && ids[0] != kUastcRg)
      return fail("UASTC DFD channel id " + std::to_string(ids[0]) +
                  " is not RGB (0), RGBA (3), RRR (4), RRRG (5) or RG (6)");
    out.hasAlpha = ids[0] == kUastcRgba || ids[0] == kUastcRrrg;
    return "";
  }
  // "Basis Universal ETC1S Format": RGB, RGB + AAA, RRR, RRR + GGG.
  const bool valid = (ids.size() == 1 && (ids[0] == kEtc1sRgb || ids[0] == kEtc1sRrr)) ||
                     (ids.size() == 2 && ids[0] == kEtc1sRgb && ids[1] == kEtc1sAaa) ||
                     (ids.size() == 2 && ids[0] == kEtc1sRrr && ids[1] == kEtc1sGgg);
  if (!valid) {
    std::string list;
    for (uint32_t id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);
    return fail("ETC1S DFD channel ids (" + list +
                ") are not RGB (0), RGB + AAA (0, 15), RRR (3) or RRR + GGG (3, 4)");
  }
  out.hasAlpha = ids.size() == 2;
  return "";
}

// "Key/Value Data": entries of a 4-byte length, the key and value, padding to 4 bytes.
std::string checkKeyValues(std::span<const uint8_t> file, uint32_t offset, uint32_t length) {
  if (length == 0) return "";
  if (std::string e = checkRange("the key/value data", offset, length, file.size()); !e.empty())
    return e;
  uint64_t at = 0;
  while (at < length) {
    if (length - at < 4)
      return fail("key/value entry at byte " + std::to_string(at) + " of kvdByteLength " +
                  std::to_string(length) + " is truncated");
    const uint64_t entry = u32(file.data() + offset + at);
    if (entry > length - at - 4)
      return fail("key/value entry at byte " + std::to_string(at) + " (" + std::to_string(entry) +
                  " bytes) runs past kvdByteLength " + std::to_string(length));
    at += 4 + (entry + 3) / 4 * 4;
  }
  return "";
}

std::string checkLevels(std::span<const uint8_t> file, Ktx2Info& out) {
  using Scheme = Ktx2Info::Supercompression;
  for (size_t p = 0; p < out.levels.size(); ++p) {
    const Ktx2Level& l = out.levels[p];
    const std::string name = "level " + std::to_string(p);
    if (std::string e = checkRange(name, l.byteOffset, l.byteLength, file.size()); !e.empty())
      return e;
    const uint32_t w = out.levelWidth(p), h = out.levelHeight(p);
    const uint64_t expected = blockBytes(w, h);
    const std::string what = "the " + std::to_string(expected) + " bytes of a " + sizeText(w, h) +
                             (out.codec == Ktx2Info::Codec::Uastc ? " UASTC" : " ETC1S") + " level";
    switch (out.supercompression) {
      case Scheme::None:
        if (l.byteLength != expected || l.uncompressedByteLength != expected)
          return fail(name + " holds " + std::to_string(l.byteLength) + " bytes (" +
                      std::to_string(l.uncompressedByteLength) + " uncompressed), not " + what);
        break;
      case Scheme::Zstd:
        if (l.uncompressedByteLength != expected)
          return fail(name + "'s uncompressedByteLength " +
                      std::to_string(l.uncompressedByteLength) + " is not " + what);
        if (l.byteLength == 0) return fail(name + " is empty");
        break;
      case Scheme::BasisLZ:
        if (l.uncompressedByteLength != 0)
          return fail(name + "'s uncompressedByteLength " +
                      std::to_string(l.uncompressedByteLength) + " is not 0 (BasisLZ)");
        break;
    }
  }
  return "";
}

std::string decodeUastcLevels(std::span<const uint8_t> file, Ktx2Image& out) {
  const Ktx2Info& info = out.info;
  std::vector<uint8_t> inflated;
  for (size_t p = 0; p < info.levels.size(); ++p) {
    const Ktx2Level& l = info.levels[p];
    const uint32_t w = info.levelWidth(p), h = info.levelHeight(p);
    std::span<const uint8_t> blocks = file.subspan(l.byteOffset, l.byteLength);
    if (info.supercompression == Ktx2Info::Supercompression::Zstd) {
      // "Scheme Notes: Zstandard": each level is one Zstandard frame, inflated to
      // uncompressedByteLength (checked against the level size; the destination is exactly
      // that big, so a frame that inflates to more fails).
      inflated.resize(l.uncompressedByteLength);
      const size_t n =
          ZSTD_decompress(inflated.data(), inflated.size(), blocks.data(), blocks.size());
      if (ZSTD_isError(n))
        return fail("level " + std::to_string(p) + ": Zstandard: " + ZSTD_getErrorName(n));
      if (n != inflated.size())
        return fail("level " + std::to_string(p) + " inflates to " + std::to_string(n) +
                    " bytes, not its uncompressedByteLength " + std::to_string(inflated.size()));
      blocks = inflated;
    }
    out.levels[p].resize(size_t(w) * h * 4);
    decodeUastcImage(blocks, w, h, false, out.levels[p].data());
  }
  return "";
}

std::string decodeEtc1sLevels(std::span<const uint8_t> file, Ktx2Image& out) {
  const Ktx2Info& info = out.info;
  BasisLzDecoder decoder;
  if (std::string e = decoder.init(file.subspan(info.sgdByteOffset, info.sgdByteLength), info);
      !e.empty())
    return fail(e);
  for (size_t p = 0; p < info.levels.size(); ++p) {
    const Ktx2Level& l = info.levels[p];
    const uint32_t w = info.levelWidth(p), h = info.levelHeight(p);
    out.levels[p].resize(size_t(w) * h * 4);
    if (std::string e = decoder.decodeLevel(p, file.subspan(l.byteOffset, l.byteLength), w, h,
                                            out.levels[p].data());
        !e.empty())
      return fail(e);
  }
  return "";
}

}  // namespace

uint64_t Ktx2Info::decodedBytes() const {
  uint64_t total = 0, largest = 0;
  for (size_t p = 0; p < levels.size(); ++p) {
    total += uint64_t(levelWidth(p)) * levelHeight(p) * 4;
    largest = std::max(largest, blockBytes(levelWidth(p), levelHeight(p)));
  }
  // UASTC: one level inflated at a time. ETC1S: BasisLZ's tables (basisu_etc1s.h: 16-bit
  // codebook counts, Huffman tables of at most 16383 symbols, two rows of blocks per slice).
  return total + (codec == Codec::Uastc ? largest : kBasisLzScratchBytes);
}

std::string readKtx2(std::span<const uint8_t> file, Ktx2Info& out) {
  out = Ktx2Info{};
  if (file.size() < kHeaderBytes)
    return fail("file of " + std::to_string(file.size()) + " bytes is shorter than the " +
                std::to_string(kHeaderBytes) + "-byte header");
  const uint8_t* h = file.data();
  if (std::memcmp(h, kIdentifier, sizeof kIdentifier) != 0)
    return fail("not a KTX 2.0 file (wrong identifier)");
  const uint32_t vkFormat = u32(h + 12), width = u32(h + 20), height = u32(h + 24),
                 depth = u32(h + 28), layers = u32(h + 32), faces = u32(h + 36),
                 levelCount = u32(h + 40), scheme = u32(h + 44);
  if (vkFormat != 0)
    return fail("vkFormat " + std::to_string(vkFormat) +
                " is not VK_FORMAT_UNDEFINED: only Basis Universal (ETC1S, UASTC) textures "
                "are read");
  if (width < 1 || width > 16384)
    return fail("pixelWidth " + std::to_string(width) + " is not within 1 to 16384");
  if (height < 1 || height > 16384)
    return fail("pixelHeight " + std::to_string(height) + " is not within 1 to 16384");
  if (depth != 0) return fail("pixelDepth " + std::to_string(depth) + ": 3D textures are not read");
  if (layers > 1)
    return fail("layerCount " + std::to_string(layers) + ": array textures are not read");
  if (faces != 1)
    return fail("faceCount " + std::to_string(faces) + ": only 2D textures (1 face) are read");
  // "levelCount": at most log2(max(width, height)) + 1; 0 asks the reader to generate the
  // mip levels from the one stored.
  uint32_t maxLevels = 1;
  while ((std::max(width, height) >> maxLevels) != 0) ++maxLevels;
  if (levelCount > maxLevels)
    return fail("levelCount " + std::to_string(levelCount) + " is more than the " +
                std::to_string(maxLevels) + " levels of a " + sizeText(width, height) + " image");
  if (scheme > 2)
    return fail("supercompressionScheme " + std::to_string(scheme) +
                (scheme == 3 ? " (ZLIB) is not supported" : " is unknown"));
  out.width = width;
  out.height = height;
  out.supercompression = Ktx2Info::Supercompression(scheme);

  const uint32_t dfdOffset = u32(h + 48), dfdLength = u32(h + 52), kvdOffset = u32(h + 56),
                 kvdLength = u32(h + 60);
  out.sgdByteOffset = u64(h + 64);
  out.sgdByteLength = u64(h + 72);
  const uint32_t levels = std::max(1u, levelCount);
  if (std::string e =
          checkRange("the level index", kHeaderBytes, levels * kLevelIndexEntry, file.size());
      !e.empty())
    return e;
  out.levels.resize(levels);
  for (uint32_t p = 0; p < levels; ++p) {
    const uint8_t* entry = h + kHeaderBytes + p * kLevelIndexEntry;
    out.levels[p] = {u64(entry), u64(entry + 8), u64(entry + 16)};
  }

  std::vector<uint32_t> channelIds;
  if (std::string e = readDfd(file, dfdOffset, dfdLength, out, channelIds); !e.empty()) return e;
  if (std::string e = checkChannels(channelIds, out); !e.empty()) return e;
  if (out.codec == Ktx2Info::Codec::Uastc &&
      out.supercompression == Ktx2Info::Supercompression::BasisLZ)
    return fail("UASTC with BasisLZ supercompression: UASTC is stored raw or with Zstandard");
  if (out.codec == Ktx2Info::Codec::Etc1s &&
      out.supercompression != Ktx2Info::Supercompression::BasisLZ)
    return fail("ETC1S without BasisLZ supercompression (supercompressionScheme " +
                std::to_string(scheme) + ")");
  if (std::string e = checkKeyValues(file, kvdOffset, kvdLength); !e.empty()) return e;
  if (std::string e = checkRange("the supercompression global data", out.sgdByteOffset,
                                 out.sgdByteLength, file.size());
      !e.empty())
    return e;
  if (out.supercompression == Ktx2Info::Supercompression::BasisLZ && out.sgdByteLength == 0)
    return fail("BasisLZ without supercompression global data");
  return checkLevels(file, out);
}

std::string decodeKtx2(std::span<const uint8_t> file, Ktx2Image& out) {
  out.levels.clear();
  if (std::string e = readKtx2(file, out.info); !e.empty()) return e;
  out.levels.resize(out.info.levels.size());
  std::string e = out.info.codec == Ktx2Info::Codec::Uastc ? decodeUastcLevels(file, out)
                                                           : decodeEtc1sLevels(file, out);
  if (!e.empty()) out.levels.clear();
  return e;
}

}  // namespace vitrine::codecs
