// KTX 2.0 textures with Basis Universal payloads (KHR_texture_basisu): the container of the
// KTX 2.0 specification (shared/spec/ktx2/ktxspec.adoc: "File Structure", "Index", "Level
// Index", "Data Format Descriptor", "Key/Value Data", "Supercompression Global Data") and the
// decoding of its levels to RGBA8: UASTC raw or with Zstandard supercompression
// (uastc_decode.h; libzstd), ETC1S with BasisLZ (basisu_etc1s.h). Written from those texts;
// internal to scene/.
//
// Contract:
// - readKtx2() reads only the header, the index, the level index, the DFD and the key/value
//   data, checks every offset and length against the file size (no read outside `file`, no
//   arithmetic overflow), every level's size against the image size, and allocates nothing
//   the file decides beyond the level index (at most kMaxKtx2Levels entries). Errors are
//   "KTX2: <what>", never a crash.
// - decodeKtx2() decodes every level stored in the file to RGBA8. The caller reserves
//   Ktx2Info::decodedBytes() from the memory budget first: it bounds everything the decode
//   allocates (the levels' pixels plus one inflated level at a time).
// - Only 2D textures: no arrays, cube maps or depth. vkFormat must be VK_FORMAT_UNDEFINED
//   with a DFD colour model of ETC1S or UASTC; anything else is refused with a message.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vitrine::scene {

// "Level Index": one entry per mip level, level 0 the largest.
struct Ktx2Level {
  uint64_t byteOffset = 0, byteLength = 0, uncompressedByteLength = 0;
};

inline constexpr uint32_t kMaxKtx2Levels = 15;  // a 16384-pixel side has 15 levels
// The most BasisLZ's decoding state takes (basisu_etc1s.h): two codebooks of at most 65535
// 4-byte entries, nine Huffman tables of at most 16383 symbols, a slice's rows and history.
inline constexpr uint64_t kBasisLzScratchBytes = uint64_t(1) << 20;

struct Ktx2Info {
  enum class Codec { Uastc, Etc1s };
  enum class Supercompression : uint32_t { None = 0, BasisLZ = 1, Zstd = 2 };
  uint32_t width = 0, height = 0;  // level 0
  Codec codec = Codec::Uastc;
  Supercompression supercompression = Supercompression::None;
  bool srgb = false;              // the DFD's transfer function: sRGB (true) or linear (false)
  bool hasAlpha = false;          // UASTC RGBA or RRRG; ETC1S with a second (AAA or GGG) slice
  uint32_t channels = 0;          // the DFD's first sample's channel id (KHR_DF_CHANNEL_*)
  std::vector<Ktx2Level> levels;  // max(1, levelCount) entries, all in the file
  uint64_t sgdByteOffset = 0, sgdByteLength = 0;  // supercompression global data

  // Width and height of level p: max(1, floor(size / 2^p)).
  uint32_t levelWidth(size_t p) const { return std::max(1u, width >> p); }
  uint32_t levelHeight(size_t p) const { return std::max(1u, height >> p); }
  // The bytes decodeKtx2() allocates at most: the RGBA8 pixels of every level plus the
  // largest inflated level (UASTC) or kBasisLzScratchBytes (ETC1S).
  uint64_t decodedBytes() const;
};

// Reads and checks the container. `file` is the whole .ktx2. Returns "" or "KTX2: <what>".
[[nodiscard]] std::string readKtx2(std::span<const uint8_t> file, Ktx2Info& out);

// The decoded levels, level 0 first; level p is levelWidth(p) x levelHeight(p) RGBA8 pixels,
// rows top to bottom. RGB-only payloads get alpha 255.
struct Ktx2Image {
  Ktx2Info info;
  std::vector<std::vector<uint8_t>> levels;
};

// readKtx2() then every level decoded. Returns "" or "KTX2: <what>" (levels then empty).
[[nodiscard]] std::string decodeKtx2(std::span<const uint8_t> file, Ktx2Image& out);

}  // namespace vitrine::scene
