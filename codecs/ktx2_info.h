// What readKtx2() (ktx2.h) reads of a KTX 2.0 container: the image size, the codec and the
// level index. Apart from ktx2.h so that the BasisLZ decoder (basisu_etc1s.h), which ktx2.cpp
// calls, can read it without including its caller.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace vitrine::codecs {

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

}  // namespace vitrine::codecs
