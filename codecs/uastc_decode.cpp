#include "uastc_decode.h"

#include <algorithm>
#include <cstring>

namespace vitrine::codecs {
namespace {

// Partition patterns, subset index of texel 4 * y + x (dataformat-uastc.txt, "Two subsets",
// tables uastc-subsets-mode24916 and uastc-subsets-mode7; "Three subsets",
// uastc-subsets-mode3), and the endpoint unquantization data of the trit and quint modes
// (tables uastc-unquantization-data-3, -47, -1011, -6 and -012, their "Value / 255" rows,
// indexed (trit or quint << num_ebits) | bits). Transcribed mechanically from those tables;
// the anchor indices below are derived from the patterns (the first texel of each subset in
// raster order, as the chapter notes), which reproduces its anchor tables exactly.
constexpr uint8_t kPartitions2[30][16] = {
    {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1},
    {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1},
    {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0},
    {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 0},
    {0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1},
    {1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0},
    {1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1},
    {1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0},
    {1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0},
    {1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1},
    {0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0},
    {0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0},
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1},
    {1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0},
    {0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0},
    {1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1},
    {0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0},
    {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1},
    {1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0},
    {1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0},
    {1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0},
};
constexpr uint8_t kPartitions7[19][16] = {
    {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0},
    {1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1},
    {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0},
    {0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1},
    {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0},
    {0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0},
    {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0},
    {0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0},
    {1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0},
    {0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0},
    {1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
};
constexpr uint8_t kPartitions3[11][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2},
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2},
    {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2},
    {1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0},
    {1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0},
    {0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2},
    {0, 2, 1, 1, 0, 2, 1, 1, 0, 2, 1, 1, 0, 2, 1, 1},
    {2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 1, 1, 2, 1, 1, 1},
    {2, 0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2},
    {1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1},
    {0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 2},
};
constexpr uint8_t kUnquantTrits2[12] = {0, 255, 69, 186, 23, 232, 92, 163, 46, 209, 116, 139};
constexpr uint8_t kUnquantQuints3[40] = {
    0,  255, 32,  223, 65, 190, 97, 158, 6,  249, 39,  216, 71, 184, 104, 151, 13, 242, 45,  210,
    78, 177, 110, 145, 19, 236, 52, 203, 84, 171, 117, 138, 26, 229, 58,  197, 91, 164, 123, 132};
constexpr uint8_t kUnquantTrits4[48] = {0,  255, 16,  239, 32,  223, 48,  207, 65,  190, 81,  174,
                                        97, 158, 113, 142, 5,   250, 21,  234, 38,  217, 54,  201,
                                        70, 185, 86,  169, 103, 152, 119, 136, 11,  244, 27,  228,
                                        43, 212, 59,  196, 76,  179, 92,  163, 108, 147, 124, 131};
constexpr uint8_t kUnquantQuints5[160] = {
    0,   255, 8,   247, 16,  239, 24,  231, 32,  223, 40,  215, 48,  207, 56,  199, 64,  191,
    72,  183, 80,  175, 88,  167, 96,  159, 104, 151, 112, 143, 120, 135, 1,   254, 9,   246,
    17,  238, 25,  230, 33,  222, 41,  214, 49,  206, 57,  198, 65,  190, 73,  182, 81,  174,
    89,  166, 97,  158, 105, 150, 113, 142, 121, 134, 3,   252, 11,  244, 19,  236, 27,  228,
    35,  220, 43,  212, 51,  204, 59,  196, 67,  188, 75,  180, 83,  172, 91,  164, 99,  156,
    107, 148, 115, 140, 123, 132, 4,   251, 12,  243, 20,  235, 28,  227, 36,  219, 44,  211,
    52,  203, 60,  195, 68,  187, 76,  179, 84,  171, 92,  163, 100, 155, 108, 147, 116, 139,
    124, 131, 6,   249, 14,  241, 22,  233, 30,  225, 38,  217, 46,  209, 54,  201, 62,  193,
    70,  185, 78,  177, 86,  169, 94,  161, 102, 153, 110, 145, 118, 137, 126, 129};
constexpr uint8_t kUnquantTrits6[192] = {
    0,   255, 4,   251, 8,   247, 12,  243, 16,  239, 20,  235, 24,  231, 28,  227, 32,  223,
    36,  219, 40,  215, 44,  211, 48,  207, 52,  203, 56,  199, 60,  195, 64,  191, 68,  187,
    72,  183, 76,  179, 80,  175, 84,  171, 88,  167, 92,  163, 96,  159, 100, 155, 104, 151,
    108, 147, 112, 143, 116, 139, 120, 135, 124, 131, 1,   254, 5,   250, 9,   246, 13,  242,
    17,  238, 21,  234, 25,  230, 29,  226, 33,  222, 37,  218, 41,  214, 45,  210, 49,  206,
    53,  202, 57,  198, 61,  194, 65,  190, 69,  186, 73,  182, 77,  178, 81,  174, 85,  170,
    89,  166, 93,  162, 97,  158, 101, 154, 105, 150, 109, 146, 113, 142, 117, 138, 121, 134,
    125, 130, 2,   253, 6,   249, 10,  245, 14,  241, 18,  237, 22,  233, 26,  229, 30,  225,
    34,  221, 38,  217, 42,  213, 46,  209, 50,  205, 54,  201, 58,  197, 62,  193, 66,  189,
    70,  185, 74,  181, 78,  177, 82,  173, 86,  169, 90,  165, 94,  161, 98,  157, 102, 153,
    106, 149, 110, 145, 114, 141, 118, 137, 122, 133, 126, 129};

constexpr uint8_t kErrorColour[4] = {255, 0, 255, 255};

// How a value is packed ("Unpacking Trits", "Unpacking Quints").
enum class Packing : uint8_t { Bits, Trits, Quints };

// One interpolated mode: "Block configuration bits", "num_ebits", "num_wbits" and the endpoint
// tables. comps: 3 = RGB (alpha 255), 4 = RGBA, 2 = LA (luminance and alpha, modes 15-17).
struct ModeInfo {
  uint8_t subsets, comps;
  bool dual;
  uint8_t ebits, wbits, patBits;
  Packing packing;
  bool bc1h1, etcbi, etc2, csel;
};

constexpr ModeInfo kModes[19] = {
    {1, 3, false, 6, 4, 0, Packing::Trits, true, true, false, false},   // 0
    {1, 3, false, 8, 2, 0, Packing::Bits, true, true, false, false},    // 1
    {2, 3, false, 4, 3, 5, Packing::Bits, true, true, false, false},    // 2
    {3, 3, false, 2, 2, 4, Packing::Trits, true, true, false, false},   // 3
    {2, 3, false, 3, 2, 5, Packing::Quints, true, true, false, false},  // 4
    {1, 3, false, 8, 3, 0, Packing::Bits, true, true, false, false},    // 5
    {1, 3, true, 5, 2, 0, Packing::Quints, true, true, false, true},    // 6
    {2, 3, false, 3, 2, 5, Packing::Quints, true, true, false, false},  // 7
    {},                                                                 // 8: solid colour
    {2, 4, false, 4, 2, 5, Packing::Bits, true, true, true, false},     // 9
    {1, 4, false, 4, 4, 0, Packing::Trits, false, false, true, false},  // 10
    {1, 4, true, 4, 2, 0, Packing::Trits, false, false, true, true},    // 11
    {1, 4, false, 6, 3, 0, Packing::Trits, false, false, true, false},  // 12
    {1, 4, true, 8, 1, 0, Packing::Bits, true, true, true, true},       // 13
    {1, 4, false, 8, 2, 0, Packing::Bits, true, true, true, false},     // 14
    {1, 2, false, 8, 4, 0, Packing::Bits, true, true, true, false},     // 15
    {2, 2, false, 8, 2, 5, Packing::Bits, true, true, true, false},     // 16
    {1, 2, true, 8, 2, 0, Packing::Bits, true, true, true, false},      // 17
    {1, 3, false, 5, 5, 0, Packing::Bits, true, true, false, false},    // 18
};

// "UASTC Mode Index encoding": the low 7 bits of a block to its mode (-1: no code matches,
// 19: reserved). Codes are prefix-free, so each 7-bit value matches at most one.
struct ModeCode {
  uint8_t value, length, mode;
};
constexpr ModeCode kModeCodes[20] = {
    {0x00, 2, 11}, {0x02, 3, 10}, {0x06, 3, 12}, {0x01, 4, 0},  {0x09, 4, 18},
    {0x03, 5, 3},  {0x07, 5, 7},  {0x0B, 5, 5},  {0x0D, 5, 14}, {0x0F, 5, 9},
    {0x13, 5, 4},  {0x17, 5, 8},  {0x1B, 5, 6},  {0x1D, 5, 2},  {0x1F, 5, 13},
    {0x15, 6, 16}, {0x25, 6, 17}, {0x35, 6, 1},  {0x05, 7, 15}, {0x45, 7, 19},
};

struct ModeLookup {
  int8_t mode[128];
  uint8_t length[128];
  constexpr ModeLookup() : mode(), length() {
    for (int i = 0; i < 128; ++i) mode[i] = -1;
    for (const ModeCode& c : kModeCodes)
      for (int i = 0; i < 128; ++i)
        if ((i & ((1 << c.length) - 1)) == c.value) {
          mode[i] = int8_t(c.mode);
          length[i] = c.length;
        }
  }
};
constexpr ModeLookup kModeLookup;

// Reads the block's bits from bit 0 of byte 0 upwards ("Bitstream format"); past bit 127 it
// reads zeros and remembers the overrun.
class BlockBits {
 public:
  explicit BlockBits(const uint8_t* block) {
    std::memcpy(&lo_, block, 8);
    std::memcpy(&hi_, block + 8, 8);
  }
  uint32_t read(uint32_t n) {  // n <= 8
    if (pos_ + n > 128) {
      overrun_ = true;
      pos_ = 128;
      return 0;
    }
    uint64_t v = pos_ < 64 ? lo_ >> pos_ : hi_ >> (pos_ - 64);
    if (pos_ < 64 && pos_ + n > 64) v |= hi_ << (64 - pos_);
    pos_ += n;
    return uint32_t(v) & ((1u << n) - 1);
  }
  void skip(uint32_t n) {
    if (pos_ + n > 128) overrun_ = true;
    pos_ = std::min(pos_ + n, 128u);
  }
  bool overrun() const { return overrun_; }

 private:
  uint64_t lo_ = 0, hi_ = 0;
  uint32_t pos_ = 0;
  bool overrun_ = false;
};

void fill(uint8_t* rgba, const uint8_t colour[4]) {
  for (int i = 0; i < 16; ++i) std::memcpy(rgba + 4 * i, colour, 4);
}

// "Unquantizing endpoints": bit replication of a num_ebits value to 8 bits.
uint8_t replicate(uint32_t v, uint32_t bits) {
  uint32_t out = 0;
  int shift = 8 - int(bits);
  while (shift > -int(bits)) {
    out |= shift >= 0 ? v << shift : v >> -shift;
    shift -= int(bits);
  }
  return uint8_t(out & 0xFF);
}

uint8_t unquantizeEndpoint(Packing packing, uint32_t ebits, uint32_t high, uint32_t bits) {
  const uint32_t index = (high << ebits) | bits;
  switch (packing) {
    case Packing::Bits:
      return replicate(bits, ebits);
    case Packing::Trits:
      return ebits == 2   ? kUnquantTrits2[index]
             : ebits == 4 ? kUnquantTrits4[index]
                          : kUnquantTrits6[index];
    case Packing::Quints:
      return ebits == 3 ? kUnquantQuints3[index] : kUnquantQuints5[index];
  }
  return 0;
}

// "Unquantizing weights": bit replication to 6 bits, then +1 above 32.
uint32_t unquantizeWeight(uint32_t w, uint32_t wbits) {
  uint32_t v = 0;
  int shift = 6 - int(wbits);
  while (shift > -int(wbits)) {
    v |= shift >= 0 ? w << shift : w >> -shift;
    shift -= int(wbits);
  }
  v &= 63;
  return v > 32 ? v + 1 : v;
}

void decodeInterpolated(const ModeInfo& m, int modeIndex, BlockBits& bits, bool srgb,
                        uint8_t* rgba) {
  // The configuration bits after MODE ("Block configuration bits"): only PAT and CSEL matter
  // to decoding; the BC1, ETC1 and ETC2 hints are skipped.
  bits.skip(1 + (m.bc1h1 ? 1 : 0) + 1 + 1 + 3 + 3 + (m.etcbi ? 5 : 0) + (m.etc2 ? 8 : 0));
  const uint32_t pat = m.patBits ? bits.read(m.patBits) : 0;
  const uint32_t csel = m.csel ? bits.read(2) : 0;
  const uint8_t* partition = nullptr;
  if (m.subsets > 1) {
    if (modeIndex == 3) {
      if (pat >= 11) return fill(rgba, kErrorColour);
      partition = kPartitions3[pat];
    } else if (modeIndex == 7) {
      if (pat >= 19) return fill(rgba, kErrorColour);
      partition = kPartitions7[pat];
    } else {
      if (pat >= 30) return fill(rgba, kErrorColour);
      partition = kPartitions2[pat];
    }
  }

  // Endpoints: per subset, per component, low then high ("Endpoint encoding"). Trits and
  // quints come first, packed five (eight bits) or three (seven bits) to a field, the last
  // field holding what is left.
  const uint32_t count = uint32_t(m.subsets) * m.comps * 2;
  uint32_t high[24] = {};
  if (m.packing == Packing::Trits) {
    for (uint32_t first = 0; first < count; first += 5) {
      const uint32_t n = std::min(5u, count - first);
      constexpr uint32_t kFieldBits[6] = {0, 2, 4, 5, 7, 8};
      const uint32_t et = bits.read(kFieldBits[n]);
      uint32_t power = 1;
      for (uint32_t k = 0; k < n; ++k, power *= 3) high[first + k] = (et % (power * 3)) / power;
    }
  } else if (m.packing == Packing::Quints) {
    for (uint32_t first = 0; first < count; first += 3) {
      const uint32_t n = std::min(3u, count - first);
      constexpr uint32_t kFieldBits[4] = {0, 3, 5, 7};
      const uint32_t eq = bits.read(kFieldBits[n]);
      uint32_t power = 1;
      for (uint32_t k = 0; k < n; ++k, power *= 5) high[first + k] = (eq % (power * 5)) / power;
    }
  }
  uint8_t endpoint[24];
  for (uint32_t k = 0; k < count; ++k)
    endpoint[k] = unquantizeEndpoint(m.packing, m.ebits, high[k], bits.read(m.ebits));

  // RGBA low and high per subset ("Deriving missing RGBA values").
  uint8_t low[3][4], highColour[3][4];
  for (uint32_t s = 0; s < m.subsets; ++s) {
    const uint8_t* e = endpoint + s * m.comps * 2;
    for (int c = 0; c < 4; ++c) {
      int from = c;  // component of the stored endpoints
      if (m.comps == 2) from = c < 3 ? 0 : 1;
      if (m.comps == 3 && c == 3) {
        low[s][c] = highColour[s][c] = 255;
        continue;
      }
      low[s][c] = e[2 * from];
      highColour[s][c] = e[2 * from + 1];
    }
  }

  // Weights in raster order, plane 0 then plane 1 per texel; an anchor texel (the first of
  // its subset; texel 0 for both planes of a dual-plane mode) has one bit fewer
  // ("Weight encoding").
  uint32_t weight[2][16] = {};
  bool seen[3] = {false, false, false};
  for (int i = 0; i < 16; ++i) {
    const int subset = partition ? partition[i] : 0;
    const bool anchor = !seen[subset];
    seen[subset] = true;
    const uint32_t n = anchor ? m.wbits - 1u : m.wbits;
    weight[0][i] = unquantizeWeight(bits.read(n), m.wbits);
    if (m.dual) weight[1][i] = unquantizeWeight(bits.read(n), m.wbits);
  }
  if (bits.overrun()) return fill(rgba, kErrorColour);

  // The second plane's component: CSEL (modes 6, 11, 13) or alpha (mode 17).
  const int dualComponent = !m.dual ? -1 : modeIndex == 17 ? 3 : int(csel);
  for (int i = 0; i < 16; ++i) {
    const int s = partition ? partition[i] : 0;
    for (int c = 0; c < 4; ++c) {
      // "One subset, single plane": endpoints expanded to 16 bits, interpolated with the
      // 6-bit weight, the top 8 bits kept (ASTC's decode_unorm8).
      const uint32_t w = c == dualComponent ? weight[1][i] : weight[0][i];
      const uint32_t l = (uint32_t(low[s][c]) << 8) | (srgb ? 0x80u : low[s][c]);
      const uint32_t h = (uint32_t(highColour[s][c]) << 8) | (srgb ? 0x80u : highColour[s][c]);
      rgba[4 * i + c] = uint8_t(((l * (64 - w) + h * w + 32) >> 6) >> 8);
    }
  }
}

}  // namespace

void decodeUastcBlock(const uint8_t* block, bool srgb, uint8_t* rgba) {
  BlockBits bits(block);
  const uint32_t code = block[0] & 0x7F;
  const int mode = kModeLookup.mode[code];
  if (mode < 0 || mode == 19) return fill(rgba, kErrorColour);
  bits.skip(kModeLookup.length[code]);
  if (mode == 8) {  // "Solid color blocks"
    uint8_t colour[4];
    for (uint8_t& c : colour) c = uint8_t(bits.read(8));
    return fill(rgba, colour);
  }
  decodeInterpolated(kModes[mode], mode, bits, srgb, rgba);
}

void decodeUastcImage(std::span<const uint8_t> blocks, uint32_t width, uint32_t height, bool srgb,
                      uint8_t* rgba) {
  const uint32_t bw = (width + 3) / 4, bh = (height + 3) / 4;
  uint8_t texels[64];
  for (uint32_t by = 0; by < bh; ++by)
    for (uint32_t bx = 0; bx < bw; ++bx) {
      decodeUastcBlock(blocks.data() + (size_t(by) * bw + bx) * kUastcBlockBytes, srgb, texels);
      const uint32_t w = std::min(4u, width - 4 * bx), h = std::min(4u, height - 4 * by);
      for (uint32_t y = 0; y < h; ++y)
        std::memcpy(rgba + ((size_t(4 * by + y) * width) + 4 * bx) * 4, texels + 16 * y, w * 4);
    }
}

}  // namespace vitrine::codecs
