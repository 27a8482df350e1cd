#include "meshopt_v1_decode.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace vitrine::codecs {
namespace {

// Appendix A, "Mode 0: attributes".
constexpr size_t kGroupSize = 16;          // elements per group
constexpr size_t kBlockBytes = 8192;       // maxBlockElements = min((8192 / byteStride) & ~15,
constexpr size_t kMaxBlockElements = 256;  //                        256)
constexpr size_t kTailMinSizeV1 = 24;      // "pads ... to a minimum of 24 bytes for version 1"
constexpr int kBitsForControl[2][4] = {
    {0, 1, 2, 4},  // control mode 0: "Use bit lengths {0, 1, 2, 4}"
    {1, 2, 4, 8},  // control mode 1: "Use bit lengths {1, 2, 4, 8}"
};

std::string hex(unsigned v) {
  static const char digits[] = "0123456789abcdef";
  return std::string("0x") + digits[(v >> 4) & 15] + digits[v & 15];
}

// Reads from encoded[pos, end): `end` is where the tail padding begins, so no data block may
// reach into it ("If the decoding procedure reaches the end of stream too early ... the stream
// is invalid").
class Reader {
 public:
  Reader(std::span<const uint8_t> encoded, size_t end) : data_(encoded.data()), end_(end) {}
  size_t pos() const { return pos_; }
  size_t end() const { return end_; }
  // Returns nullptr when fewer than n bytes are left.
  const uint8_t* take(size_t n) {
    if (end_ - pos_ < n) return nullptr;
    const uint8_t* p = data_ + pos_;
    pos_ += n;
    return p;
  }

 private:
  const uint8_t* data_;
  size_t pos_ = 1;  // after the header byte
  size_t end_;
};

// Where a block's data ran out, for the error message.
struct Where {
  size_t block, byte;
};

std::string overrun(const Where& w, const char* what, size_t need, const Reader& r) {
  return "attribute stream v1: block " + std::to_string(w.block) + ", byte " +
         std::to_string(w.byte) + ": " + what + " runs past the data (needs " +
         std::to_string(need) + " bytes at offset " + std::to_string(r.pos()) +
         ", the tail block starts at " + std::to_string(r.end()) + ")";
}

// Sentinel encoding: 16 values of kBits bits in `packed`, then one full byte per sentinel (all
// bits set) read from `r`. 1-bit values are packed least significant first, 2- and 4-bit most
// significant first. False when an escaped byte is missing.
template <int kBits>
bool unpackGroup(Reader& r, const uint8_t* packed, uint8_t* out) {
  constexpr unsigned kSentinel = (1u << kBits) - 1;
  constexpr size_t kPerByte = 8 / kBits;
  for (size_t i = 0; i < kGroupSize; ++i) {
    const size_t slot = i % kPerByte;
    const unsigned shift = kBits == 1 ? unsigned(slot) : unsigned(8 - kBits * int(slot + 1));
    const unsigned v = (unsigned(packed[i / kPerByte]) >> shift) & kSentinel;
    if (v != kSentinel) {
      out[i] = uint8_t(v);
      continue;
    }
    const uint8_t* p = r.take(1);
    if (!p) return false;
    out[i] = *p;
  }
  return true;
}

// One "data block": the deltas of byte position w.byte for the block's `elements` elements,
// into deltas[0, aligned). Control modes 0 and 1 store groups with a 2-bit header each; 2 is
// all zeros; 3 stores the bytes as they are ("Literal encoding; delta bytes are stored
// uncompressed with no header bits": one per element of the block).
std::string decodeDataBlock(Reader& r, int control, size_t elements, uint8_t* deltas,
                            const Where& w) {
  const size_t aligned = (elements + kGroupSize - 1) & ~(kGroupSize - 1);
  if (control == 2) {
    std::memset(deltas, 0, aligned);
    return {};
  }
  if (control == 3) {
    const uint8_t* p = r.take(elements);
    if (!p) return overrun(w, "its literal bytes", elements, r);
    std::memcpy(deltas, p, elements);
    std::memset(deltas + elements, 0, aligned - elements);
    return {};
  }
  const size_t groups = aligned / kGroupSize;
  // "Header bits, with 2 bits for each group, aligned to the byte boundary".
  const size_t headerSize = (groups + 3) / 4;
  const uint8_t* header = r.take(headerSize);
  if (!header) return overrun(w, "its group header", headerSize, r);
  for (size_t g = 0; g < groups; ++g) {
    uint8_t* out = deltas + g * kGroupSize;
    const int bits = kBitsForControl[control][(header[g / 4] >> ((g % 4) * 2)) & 3];
    if (bits == 0) {  // "All 16 byte deltas are 0"
      std::memset(out, 0, kGroupSize);
      continue;
    }
    if (bits == 8) {  // "All 16 byte deltas are stored as bytes"
      const uint8_t* p = r.take(kGroupSize);
      if (!p) return overrun(w, "a group of bytes", kGroupSize, r);
      std::memcpy(out, p, kGroupSize);
      continue;
    }
    const size_t packedSize = kGroupSize * size_t(bits) / 8;
    const uint8_t* packed = r.take(packedSize);
    if (!packed) return overrun(w, "a group's packed deltas", packedSize, r);
    const bool complete = bits == 1   ? unpackGroup<1>(r, packed, out)
                          : bits == 2 ? unpackGroup<2>(r, packed, out)
                                      : unpackGroup<4>(r, packed, out);
    if (!complete) return overrun(w, "a group's escaped delta", 1, r);
  }
  return {};
}

// "decode(uint8_t v) = ((v & 1) != 0) ? ~(v >> 1) : (v >> 1)", and its 16-bit twin.
uint8_t unzigzag8(uint8_t v) {
  return uint8_t((v & 1) ? ~(v >> 1) : (v >> 1));
}
uint16_t unzigzag16(uint16_t v) {
  return uint16_t((v & 1) ? ~(v >> 1) : (v >> 1));
}
// "rotate(uint32_t v, uint r) = (v << r) | (v >> ((32 - r) & 31))", r in [0, 31].
uint32_t rotate(uint32_t v, unsigned r) {
  return (v << r) | (v >> ((32 - r) & 31));
}

// Turns the deltas of channel `c` (4 byte positions, deltas[j] for byte c*4+j) into the values
// of rows [0, elements) of `rows` (stride bytes apart), from `last` (the previous element's 4
// bytes, updated to the block's last element).
void applyChannel(uint8_t mode, const uint8_t deltas[4][kMaxBlockElements], size_t elements,
                  uint8_t* rows, size_t stride, uint8_t* last) {
  switch (mode & 15) {
    case 0:  // "Channel mode 0 (byte deltas)"
      for (size_t j = 0; j < 4; ++j) {
        uint8_t p = last[j];
        for (size_t i = 0; i < elements; ++i) {
          p = uint8_t(p + unzigzag8(deltas[j][i]));
          rows[i * stride + j] = p;
        }
      }
      break;
    case 1:  // "Channel mode 1 (2-byte deltas)", little-endian
      for (size_t h = 0; h < 4; h += 2) {
        uint16_t p = uint16_t(last[h] | last[h + 1] << 8);
        for (size_t i = 0; i < elements; ++i) {
          p = uint16_t(p + unzigzag16(uint16_t(deltas[h][i] | deltas[h + 1][i] << 8)));
          rows[i * stride + h] = uint8_t(p);
          rows[i * stride + h + 1] = uint8_t(p >> 8);
        }
      }
      break;
    default: {  // 2: "4-byte XOR deltas", rotated left by the high 4 bits when encoded
      const unsigned undo = (32 - unsigned(mode >> 4)) & 31;
      uint32_t p = uint32_t(last[0]) | uint32_t(last[1]) << 8 | uint32_t(last[2]) << 16 |
                   uint32_t(last[3]) << 24;
      for (size_t i = 0; i < elements; ++i) {
        const uint32_t d = uint32_t(deltas[0][i]) | uint32_t(deltas[1][i]) << 8 |
                           uint32_t(deltas[2][i]) << 16 | uint32_t(deltas[3][i]) << 24;
        p ^= rotate(d, undo);
        for (size_t j = 0; j < 4; ++j) rows[i * stride + j] = uint8_t(p >> (8 * j));
      }
      break;
    }
  }
  std::memcpy(last, rows + (elements - 1) * stride, 4);
}

// The COLOR filter on n elements of four little-endian T components at `p` (S: T's signed
// twin, for Co and Cg).
template <class T, class S>
void colorFilter(uint8_t* p, size_t n) {
  constexpr int kBits = 8 * int(sizeof(T));
  constexpr float kMax = float((1u << kBits) - 1);  // UINTN_MAX
  // ss = UINTN_MAX / as for each alpha bit width w (as = 2^w - 1); w = 0 (alpha 0, no scale:
  // unspecified) decodes to 0 rather than inf.
  float scale[kBits + 1] = {0.0f};
  for (int w = 1; w <= kBits; ++w) scale[w] = kMax / float((1u << w) - 1);
  for (size_t e = 0; e < n; ++e, p += 4 * sizeof(T)) {
    T in[4];
    std::memcpy(in, p, sizeof in);  // little-endian hosts only, like the rest of the loader
    // "recover scale from alpha high bit": as = (1 << (findMSB(input[3]) + 1)) - 1, and
    // findMSB(v) + 1 is v's bit width.
    const int width = std::bit_width(unsigned(in[3]));
    const int as = (1 << width) - 1;
    const int y = in[0], co = S(in[1]), cg = S(in[2]);  // Co and Cg are signed
    int a = in[3] & (as >> 1);
    a = (a << 1) | (a & 1);  // "expand alpha by one bit ..., replicating least significant bit"
    // "round returns the nearest integer value, rounding halfway cases away from zero".
    // Out-of-range values (unspecified) are clamped to [0, as] first, which is clamping the
    // result to [0, UINTN_MAX] without undefined float conversions; what is left is >= 0, so
    // + 0.5 and truncation round it. (Four named values, not an array: the array's round trip
    // through memory stalled store forwarding and cost 3.6x.)
    const float ss = scale[width];
    auto put = [&](int c, int value) {
      const T o = T(float(std::min(std::max(value, 0), as)) * ss + 0.5f);
      std::memcpy(p + c * int(sizeof(T)), &o, sizeof o);
    };
    put(0, y + co - cg);
    put(1, y + cg);
    put(2, y - co - cg);
    put(3, a);
  }
}

}  // namespace

std::string decodeMeshoptVertexV1(std::span<const uint8_t> encoded, uint64_t count,
                                  uint64_t byteStride, std::span<uint8_t> out) {
  if (byteStride < 4 || byteStride > 256 || byteStride % 4 != 0)
    return "attribute stream v1: byteStride " + std::to_string(byteStride) +
           " must be a multiple of 4 from 4 to 256";
  if (count == 0 || out.size() / byteStride != count || out.size() % byteStride != 0)
    return "attribute stream v1: output holds " + std::to_string(out.size()) +
           " bytes, not count x byteStride";
  const size_t stride = size_t(byteStride), channels = stride / 4;
  if (encoded.empty() || encoded[0] != kMeshoptVertexHeaderV1)
    return "attribute stream v1: header " + (encoded.empty() ? "missing" : hex(encoded[0])) +
           " is not 0xa1";
  // Tail block: the baseline element, then one channel mode byte per 4 bytes, padded in front
  // to at least 24 bytes.
  const size_t tailSize = stride + channels;
  const size_t tailPadded = std::max(tailSize, kTailMinSizeV1);
  if (encoded.size() < 1 + tailPadded)
    return "attribute stream v1: " + std::to_string(encoded.size()) +
           " bytes cannot hold the header and the " + std::to_string(tailPadded) +
           "-byte tail block";
  const uint8_t* baseline = encoded.data() + encoded.size() - tailSize;
  const uint8_t* modes = baseline + stride;
  for (size_t c = 0; c < channels; ++c) {
    // "Streams that use channel mode 3 or above, as well as streams that use channel mode 0
    // or 1 with high 4 bits of the channel mode byte not equal to 0, are invalid."
    const uint8_t m = modes[c];
    if ((m & 15) > 2 || ((m & 15) < 2 && (m >> 4) != 0))
      return "attribute stream v1: channel " + std::to_string(c) + " (bytes " +
             std::to_string(c * 4) + "-" + std::to_string(c * 4 + 3) + ") has mode byte " + hex(m) +
             ", not 0x00, 0x01 or 0xN2";
  }
  uint8_t last[256];
  std::memcpy(last, baseline, stride);
  const size_t maxBlock = std::min((kBlockBytes / stride) & ~(kGroupSize - 1), kMaxBlockElements);
  Reader r(encoded, encoded.size() - tailPadded);
  uint8_t deltas[4][kMaxBlockElements];
  size_t block = 0;
  for (uint64_t element = 0; element < count; element += maxBlock, ++block) {
    const size_t elements = size_t(std::min<uint64_t>(count - element, maxBlock));
    const uint8_t* control = r.take(channels);
    if (!control) return overrun({block, 0}, "the control header", channels, r);
    uint8_t* rows = out.data() + size_t(element) * stride;
    for (size_t c = 0; c < channels; ++c) {
      for (size_t j = 0; j < 4; ++j) {
        const int mode = (control[c] >> (2 * j)) & 3;
        if (std::string err = decodeDataBlock(r, mode, elements, deltas[j], {block, c * 4 + j});
            !err.empty())
          return err;
      }
      applyChannel(modes[c], deltas, elements, rows + c * 4, stride, last + c * 4);
    }
  }
  // "... or any unprocessed bytes remain after decoding and before tail, the stream is
  // invalid."
  if (r.pos() != r.end())
    return "attribute stream v1: " + std::to_string(r.end() - r.pos()) +
           " bytes remain between the last block (ends at offset " + std::to_string(r.pos()) +
           ") and the tail block";
  return {};
}

void decodeMeshoptColorFilter(std::span<uint8_t> data, uint64_t count, uint64_t byteStride) {
  // Appendix B, "Filter 4: color". 8-bit components when byteStride is 4, 16-bit when 8.
  const bool wide = byteStride == 8;
  const size_t n = std::min<size_t>(size_t(count), data.size() / (wide ? 8 : 4));
  if (wide)
    colorFilter<uint16_t, int16_t>(data.data(), n);
  else
    colorFilter<uint8_t, int8_t>(data.data(), n);
}

}  // namespace vitrine::codecs
