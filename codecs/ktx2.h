// KTX 2.0 textures with Basis Universal payloads (KHR_texture_basisu): the container of the
// KTX 2.0 specification (shared/spec/ktx2/ktxspec.adoc: "File Structure", "Index", "Level
// Index", "Data Format Descriptor", "Key/Value Data", "Supercompression Global Data") and the
// decoding of its levels to RGBA8: UASTC raw or with Zstandard supercompression
// (uastc_decode.h; libzstd), ETC1S with BasisLZ (basisu_etc1s.h). Written from those texts.
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

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ktx2_info.h"

namespace vitrine::codecs {

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

}  // namespace vitrine::codecs
