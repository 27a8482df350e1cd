// ETC1S with BasisLZ supercompression (KHR_texture_basisu's ETC1S mode): the BasisLZ global
// data (shared/spec/ktx2/basislz-gdata.adoc: image descriptors, endpoint and selector
// codebooks, Huffman tables), the slices' block data (basislz-bitstream.adoc) and ETC1S block
// decoding to RGBA8 (dataformat-etc1.txt, "ETC1S" and the ETC1 differential mode). Written from
// those texts; ktx2.cpp calls it.
//
// Contract:
// - Every read is bounds-checked: a Huffman table, codebook or slice that runs past its bytes,
//   a code that matches no symbol, an over-subscribed set of code lengths, an index outside a
//   codebook or a prediction with no block to predict from is an error
//   ("BasisLZ: <what>"), never a crash or a read outside the given bytes.
// - Allocation is bounded by the header: the codebooks (endpointCount and selectorCount are
//   16-bit), Huffman tables of at most 16383 symbols, and per slice two rows of endpoint
//   indices and the selector history (at most 8191 entries).
//   The caller provides the output pixels.
// - Animation sequences (P-frames) are refused: only still textures are read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vitrine::codecs {

struct Ktx2Info;

// The decoded global data: codebooks and slice tables, shared by all the levels.
class BasisLzDecoder {
 public:
  // Reads `sgd` (the supercompression global data) for a texture of `info`'s levels.
  // Returns "" or "BasisLZ: <what>".
  [[nodiscard]] std::string init(std::span<const uint8_t> sgd, const Ktx2Info& info);

  // Decodes level p (its bytes `level`, width x height texels) into `rgba` (width * height * 4
  // bytes): the RGB slice's colour and, with a second slice, its alpha (AAA) or green (GGG).
  // Returns "" or "BasisLZ: <what>".
  [[nodiscard]] std::string decodeLevel(size_t p, std::span<const uint8_t> level, uint32_t width,
                                        uint32_t height, uint8_t* rgba) const;

  struct Huffman {
    std::vector<uint16_t> counts;   // codes of each length 0..16
    std::vector<uint16_t> symbols;  // by length, then symbol (canonical order)
  };
  struct Endpoint {
    uint8_t r, g, b, inten;  // 5-bit colour, intensity table 0..7
  };
  struct ImageDesc {
    uint32_t flags, rgbOffset, rgbLength, alphaOffset, alphaLength;
  };

 private:
  // Decodes one slice's blocks ("ETC1S Slice Block Decoding") and writes their texels:
  // channel -1 writes R, G, B (the colour slice), 0..3 writes that channel from the slice's
  // green (the second slice).
  std::string decodeSlice(std::span<const uint8_t> bytes, uint32_t width, uint32_t height,
                          int channel, uint8_t* rgba) const;

  std::vector<Endpoint> endpoints_;
  std::vector<uint32_t> selectors_;  // 4 rows of 4 2-bit selectors, row 0 in the low byte
  std::vector<ImageDesc> images_;
  Huffman endpointPred_, endpointDelta_, selector_, selectorHistoryRle_;
  uint32_t selectorHistorySize_ = 0;
  bool hasAlpha_ = false;
  int secondChannel_ = 3;
};

}  // namespace vitrine::codecs
