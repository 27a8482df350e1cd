#include "basisu_etc1s.h"

#include <algorithm>
#include <cstring>

#include "ktx2_info.h"

namespace vitrine::codecs {
namespace {

std::string fail(const std::string& what) {
  return "BasisLZ: " + what;
}

uint32_t u32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// Bits from the least significant bit of each byte up ("Compressed Huffman Tables": "Huffman
// codes are stored in each output byte in LSB to MSB order"); b(n) reads n bits, the first
// read the value's least significant. Past the end it reads zeros and remembers the overrun.
class BitReader {
 public:
  explicit BitReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  uint32_t bit() {
    if (pos_ >= bytes_.size() * 8) {
      overrun_ = true;
      return 0;
    }
    const uint32_t b = (bytes_[pos_ >> 3] >> (pos_ & 7)) & 1;
    ++pos_;
    return b;
  }
  uint32_t bits(uint32_t n) {  // n <= 32
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; ++i) v |= bit() << i;
    return v;
  }
  bool overrun() const { return overrun_; }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
  bool overrun_ = false;
};

using Huffman = BasisLzDecoder::Huffman;

// Canonical Huffman codes from code lengths (RFC 1951 section 3.2.2): codes of one length are
// consecutive, in symbol order, and shorter codes come first. Over-subscribed lengths are an
// error; an incomplete code is allowed (a code that reaches no symbol fails when read).
std::string buildHuffman(const std::vector<uint8_t>& lengths, Huffman& out, const char* what) {
  out.counts.assign(17, 0);
  for (uint8_t l : lengths) ++out.counts[l];
  int left = 1;
  for (int len = 1; len <= 16; ++len) {
    left = left * 2 - out.counts[len];
    if (left < 0) return fail(std::string(what) + ": over-subscribed code lengths");
  }
  std::vector<uint32_t> offsets(17, 0);
  for (int len = 1; len < 16; ++len) offsets[len + 1] = offsets[len] + out.counts[len];
  out.symbols.assign(lengths.size() - out.counts[0], 0);
  for (size_t s = 0; s < lengths.size(); ++s)
    if (lengths[s] != 0) out.symbols[offsets[lengths[s]]++] = uint16_t(s);
  out.counts[0] = 0;
  return "";
}

// decode_huffman(): the code's bits most significant first, as Deflate sends them. -1 when no
// code of up to 16 bits matches (or the bits ran out).
int decodeSymbol(const Huffman& h, BitReader& bits) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= 16; ++len) {
    code |= int(bits.bit());
    const int count = h.counts[len];
    if (code - first < count) return bits.overrun() ? -1 : h.symbols[index + (code - first)];
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  return -1;
}

// read_huffman_table() ("Compressed Huffman Tables").
std::string readHuffman(BitReader& bits, Huffman& out, const char* what) {
  const uint32_t used = bits.bits(14);
  const uint32_t codeLengthCodes = bits.bits(5);
  if (bits.overrun()) return fail(std::string(what) + " runs past its data");
  if (used == 0) return fail(std::string(what) + ": no symbols");
  if (codeLengthCodes < 1 || codeLengthCodes > 21)
    return fail(std::string(what) + ": " + std::to_string(codeLengthCodes) +
                " code length codes, not 1 to 21");
  constexpr uint8_t kOrder[21] = {17, 18, 19, 20, 0,  8, 7,  9, 6,  10, 5,
                                  11, 4,  12, 3,  13, 2, 14, 1, 15, 16};
  std::vector<uint8_t> codeLengthSizes(21, 0);
  for (uint32_t i = 0; i < codeLengthCodes; ++i) codeLengthSizes[kOrder[i]] = uint8_t(bits.bits(3));
  Huffman lengthCode;
  if (std::string e = buildHuffman(codeLengthSizes, lengthCode, what); !e.empty()) return e;
  std::vector<uint8_t> lengths;
  lengths.reserve(used);
  while (lengths.size() < used) {
    const int sym = decodeSymbol(lengthCode, bits);
    if (sym < 0) return fail(std::string(what) + ": invalid code length code");
    if (sym <= 16) {
      lengths.push_back(uint8_t(sym));
      continue;
    }
    uint32_t run = 0;
    if (sym == 17) run = bits.bits(3) + 3;
    if (sym == 18) run = bits.bits(7) + 11;
    if (sym == 19) run = bits.bits(2) + 3;
    if (sym == 20) run = bits.bits(7) + 7;
    const bool repeat = sym >= 19;
    if (repeat && (lengths.empty() || lengths.back() == 0))
      return fail(std::string(what) + ": a repeat with no previous non-zero code length");
    if (run > used - lengths.size())
      return fail(std::string(what) + ": code lengths run past its " + std::to_string(used) +
                  " symbols");
    lengths.insert(lengths.end(), run, repeat ? lengths.back() : uint8_t(0));
  }
  if (bits.overrun()) return fail(std::string(what) + " runs past its data");
  return buildHuffman(lengths, out, what);
}

// "ETC1S Endpoint Codebooks".
std::string readEndpoints(std::span<const uint8_t> data, uint32_t count,
                          std::vector<BasisLzDecoder::Endpoint>& out) {
  BitReader bits(data);
  Huffman colourDelta[3], intenDelta;
  for (int i = 0; i < 3; ++i)
    if (std::string e = readHuffman(bits, colourDelta[i], "endpoint colour delta table");
        !e.empty())
      return e;
  if (std::string e = readHuffman(bits, intenDelta, "endpoint intensity delta table"); !e.empty())
    return e;
  const bool grey = bits.bit() != 0;
  out.resize(count);
  uint32_t prevInten = 0, prev[3] = {16, 16, 16};
  auto model = [&](uint32_t v) -> const Huffman& {
    return v <= 9 ? colourDelta[0] : v <= 21 ? colourDelta[1] : colourDelta[2];
  };
  for (uint32_t i = 0; i < count; ++i) {
    const int inten = decodeSymbol(intenDelta, bits);
    if (inten < 0) return fail("endpoint " + std::to_string(i) + ": invalid intensity code");
    prevInten = (prevInten + uint32_t(inten)) & 7;
    for (int c = 0; c < (grey ? 1 : 3); ++c) {
      const int delta = decodeSymbol(model(prev[c]), bits);
      if (delta < 0) return fail("endpoint " + std::to_string(i) + ": invalid colour code");
      prev[c] = (prev[c] + uint32_t(delta)) & 31;
    }
    if (grey) prev[1] = prev[2] = prev[0];
    out[i] = {uint8_t(prev[0]), uint8_t(prev[1]), uint8_t(prev[2]), uint8_t(prevInten)};
  }
  return "";
}

// "ETC1S Selector Codebooks".
std::string readSelectors(std::span<const uint8_t> data, uint32_t count,
                          std::vector<uint32_t>& out) {
  BitReader bits(data);
  if (bits.bits(2) != 0) return fail("selector codebook: its first two bits are not 0");
  const bool raw = bits.bit() != 0;
  out.assign(count, 0);
  Huffman delta;
  if (!raw)
    if (std::string e = readHuffman(bits, delta, "selector delta table"); !e.empty()) return e;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t s = 0;
    for (uint32_t row = 0; row < 4; ++row) {
      uint32_t byte = 0;
      if (raw || i == 0) {
        byte = bits.bits(8);
      } else {
        const int d = decodeSymbol(delta, bits);
        if (d < 0 || d > 255) return fail("selector " + std::to_string(i) + ": invalid delta code");
        byte = uint32_t(d) ^ ((out[i - 1] >> (8 * row)) & 0xFF);
      }
      s |= byte << (8 * row);
    }
    out[i] = s;
  }
  if (bits.overrun()) return fail("the selector codebook runs past its data");
  return "";
}

// "ETC1S Approximate Move to Front Routines".
class ApproxMoveToFront {
 public:
  explicit ApproxMoveToFront(uint32_t n) : values_(n, 0), rover_(n / 2) {}
  uint32_t size() const { return uint32_t(values_.size()); }
  uint32_t operator[](uint32_t i) const { return values_[i]; }
  void add(uint32_t v) {
    values_[rover_++] = v;
    if (rover_ == values_.size()) rover_ = uint32_t(values_.size()) / 2;
  }
  void use(uint32_t i) {
    if (i) std::swap(values_[i / 2], values_[i]);
  }

 private:
  std::vector<uint32_t> values_;
  uint32_t rover_;
};

// "ETC1S VLC Decoding Procedure": chunks of `chunk` bits, the top one saying more follow.
uint32_t decodeVlc(BitReader& bits, uint32_t chunk) {
  uint32_t v = 0, ofs = 0;
  const uint32_t payload = chunk - 1;
  for (;;) {
    const uint32_t s = bits.bits(chunk);
    v |= (s & ((1u << payload) - 1)) << ofs;
    ofs += payload;
    if ((s >> payload) == 0 || ofs >= 32) break;
  }
  return v;
}

// ETC1's modifier tables (dataformat-etc1.txt, "Intensity modifier sets"), in selector order
// -b, -a, +a, +b ("ETC1S Selector Codebooks": selector values 0..3).
constexpr int kModifiers[8][4] = {{-8, -2, 2, 8},       {-17, -5, 5, 17},    {-29, -9, 9, 29},
                                  {-42, -13, 13, 42},   {-60, -18, 18, 60},  {-80, -24, 24, 80},
                                  {-106, -33, 33, 106}, {-183, -47, 47, 183}};

// One ETC1S block ("ETC1S": differential mode, no colour delta, one table, so both subblocks
// share the base colour; 5-bit components extended by replicating their top 3 bits).
void writeBlock(const BasisLzDecoder::Endpoint& e, uint32_t selector, uint32_t x0, uint32_t y0,
                uint32_t width, uint32_t height, int channel, uint8_t* rgba) {
  const int base[3] = {(e.r << 3) | (e.r >> 2), (e.g << 3) | (e.g >> 2), (e.b << 3) | (e.b >> 2)};
  for (uint32_t y = 0; y < 4 && y0 + y < height; ++y)
    for (uint32_t x = 0; x < 4 && x0 + x < width; ++x) {
      const int mod = kModifiers[e.inten][(selector >> (8 * y + 2 * x)) & 3];
      uint8_t* px = rgba + (size_t(y0 + y) * width + x0 + x) * 4;
      if (channel < 0) {
        for (int c = 0; c < 3; ++c) px[c] = uint8_t(std::clamp(base[c] + mod, 0, 255));
      } else {
        px[channel] = uint8_t(std::clamp(base[1] + mod, 0, 255));
      }
    }
}

}  // namespace

std::string BasisLzDecoder::init(std::span<const uint8_t> sgd, const Ktx2Info& info) {
  // "BasisLZ Global Data Structure": a 20-byte header, one ImageDesc per image (one per level
  // here: 2D, one layer, one face), then the four sections, with nothing after them.
  if (sgd.size() < 20)
    return fail("global data of " + std::to_string(sgd.size()) + " bytes is truncated");
  const uint32_t endpointCount = sgd[0] | sgd[1] << 8, selectorCount = sgd[2] | sgd[3] << 8;
  const uint64_t endpointsLength = u32(sgd.data() + 4), selectorsLength = u32(sgd.data() + 8),
                 tablesLength = u32(sgd.data() + 12), extendedLength = u32(sgd.data() + 16);
  const uint64_t imageCount = info.levels.size();
  const uint64_t expected =
      20 + 20 * imageCount + endpointsLength + selectorsLength + tablesLength + extendedLength;
  if (expected != sgd.size())
    return fail("global data of " + std::to_string(sgd.size()) + " bytes, not the " +
                std::to_string(expected) + " its header and " + std::to_string(imageCount) +
                " images need");
  if (endpointCount == 0 || selectorCount == 0)
    return fail("empty codebook (" + std::to_string(endpointCount) + " endpoints, " +
                std::to_string(selectorCount) + " selectors)");
  hasAlpha_ = info.hasAlpha;
  secondChannel_ = info.channels == 3 ? 1 : 3;  // RRR + GGG: green; RGB + AAA: alpha
  images_.resize(imageCount);
  for (size_t i = 0; i < imageCount; ++i) {
    const uint8_t* d = sgd.data() + 20 + 20 * i;
    images_[i] = {u32(d), u32(d + 4), u32(d + 8), u32(d + 12), u32(d + 16)};
    if (images_[i].flags & 0x02)
      return fail("image " + std::to_string(i) + " is a P-frame: animation sequences are not read");
  }
  size_t at = 20 + 20 * imageCount;
  const auto endpoints = sgd.subspan(at, endpointsLength);
  const auto selectors = sgd.subspan(at += endpointsLength, selectorsLength);
  const auto tables = sgd.subspan(at += selectorsLength, tablesLength);
  if (std::string e = readEndpoints(endpoints, endpointCount, endpoints_); !e.empty()) return e;
  if (std::string e = readSelectors(selectors, selectorCount, selectors_); !e.empty()) return e;
  // "ETC1S Slice Huffman Tables".
  BitReader bits(tables);
  if (std::string e = readHuffman(bits, endpointPred_, "endpoint prediction table"); !e.empty())
    return e;
  if (std::string e = readHuffman(bits, endpointDelta_, "endpoint delta table"); !e.empty())
    return e;
  if (std::string e = readHuffman(bits, selector_, "selector table"); !e.empty()) return e;
  if (std::string e = readHuffman(bits, selectorHistoryRle_, "selector history RLE table");
      !e.empty())
    return e;
  selectorHistorySize_ = bits.bits(13);
  if (bits.overrun()) return fail("the slice Huffman tables run past their data");
  return "";
}

std::string BasisLzDecoder::decodeLevel(size_t p, std::span<const uint8_t> level, uint32_t width,
                                        uint32_t height, uint8_t* rgba) const {
  const ImageDesc& d = images_.at(p);
  auto slice = [&](const char* what, uint32_t offset, uint32_t length,
                   std::span<const uint8_t>& out) -> std::string {
    if (length == 0 || offset > level.size() || length > level.size() - offset)
      return fail("level " + std::to_string(p) + ": " + what + " slice (offset " +
                  std::to_string(offset) + ", " + std::to_string(length) +
                  " bytes) is not inside the level's " + std::to_string(level.size()) + " bytes");
    out = level.subspan(offset, length);
    return "";
  };
  std::span<const uint8_t> rgb, alpha;
  if (std::string e = slice("RGB", d.rgbOffset, d.rgbLength, rgb); !e.empty()) return e;
  if (hasAlpha_) {
    if (std::string e = slice("alpha", d.alphaOffset, d.alphaLength, alpha); !e.empty()) return e;
  } else if (d.alphaOffset != 0 || d.alphaLength != 0) {
    return fail("level " + std::to_string(p) + " has an alpha slice its DFD does not announce");
  }
  if (std::string e = decodeSlice(rgb, width, height, -1, rgba); !e.empty())
    return fail("level " + std::to_string(p) + " RGB slice: " + e.substr(9));
  if (!hasAlpha_) {
    for (size_t i = 0; i < size_t(width) * height; ++i) rgba[4 * i + 3] = 255;
    return "";
  }
  // The second slice: alpha (RGB + AAA) or green (RRR + GGG), from its green component.
  if (std::string e = decodeSlice(alpha, width, height, secondChannel_, rgba); !e.empty())
    return fail("level " + std::to_string(p) + " alpha slice: " + e.substr(9));
  return "";
}

std::string BasisLzDecoder::decodeSlice(std::span<const uint8_t> bytes, uint32_t width,
                                        uint32_t height, int channel, uint8_t* rgba) const {
  // "ETC1S Slice Block Decoding", its reference implementation for I-frames.
  constexpr uint32_t kPredRepeatLast = 4 * 4 * 4 * 4, kPredMinRepeat = 3;
  constexpr uint32_t kRleCountThreshold = 3, kRleCountTotal = 64;
  const uint32_t blocksX = (width + 3) / 4, blocksY = (height + 3) / 4;
  const uint32_t endpointCount = uint32_t(endpoints_.size());
  const uint32_t selectorCount = uint32_t(selectors_.size());
  const uint32_t rleSymbol = selectorCount + selectorHistorySize_;
  BitReader bits(bytes);
  std::vector<uint32_t> preds[2] = {std::vector<uint32_t>(blocksX), std::vector<uint32_t>(blocksX)};
  std::vector<uint8_t> predBits((blocksX + 1) / 2);
  ApproxMoveToFront history(selectorHistorySize_);
  uint32_t rleCount = 0, curPred = 0, prevPredSym = 0, predRepeat = 0, prevEndpoint = 0;
  auto at = [](uint32_t x, uint32_t y) {
    return " at block (" + std::to_string(x) + ", " + std::to_string(y) + ")";
  };
  for (uint32_t by = 0; by < blocksY; ++by) {
    const uint32_t row = by & 1;
    for (uint32_t bx = 0; bx < blocksX; ++bx) {
      if ((bx & 1) == 0) {
        if ((by & 1) == 0) {
          if (predRepeat) {
            --predRepeat;
            curPred = prevPredSym;
          } else {
            const int sym = decodeSymbol(endpointPred_, bits);
            if (sym < 0 || uint32_t(sym) > kPredRepeatLast)
              return fail("invalid endpoint prediction code" + at(bx, by));
            if (uint32_t(sym) == kPredRepeatLast) {
              predRepeat = decodeVlc(bits, 5) + kPredMinRepeat - 1;
              curPred = prevPredSym;
            } else {
              curPred = uint32_t(sym);
              prevPredSym = curPred;
            }
          }
          predBits[bx >> 1] = uint8_t(curPred >> 4);
        } else {
          curPred = predBits[bx >> 1];
        }
      }
      const uint32_t pred = curPred & 3;
      curPred >>= 2;
      uint32_t endpoint = 0;
      if (pred == 0) {
        if (bx == 0) return fail("left endpoint prediction with no block to the left" + at(bx, by));
        endpoint = prevEndpoint;
      } else if (pred == 1) {
        if (by == 0) return fail("upper endpoint prediction with no block above" + at(bx, by));
        endpoint = preds[row ^ 1][bx];
      } else if (pred == 2) {
        if (bx == 0 || by == 0)
          return fail("upper-left endpoint prediction with no block there" + at(bx, by));
        endpoint = preds[row ^ 1][bx - 1];
      } else {
        const int delta = decodeSymbol(endpointDelta_, bits);
        if (delta < 0) return fail("invalid endpoint delta code" + at(bx, by));
        endpoint = uint32_t(delta) + prevEndpoint;
        if (endpoint >= endpointCount) endpoint -= endpointCount;
        if (endpoint >= endpointCount)
          return fail("endpoint index " + std::to_string(endpoint) + " is past the " +
                      std::to_string(endpointCount) + " endpoints" + at(bx, by));
      }
      preds[row][bx] = endpoint;
      prevEndpoint = endpoint;

      uint32_t symbol;
      if (rleCount > 0) {
        --rleCount;
        symbol = selectorCount;
      } else {
        const int sym = decodeSymbol(selector_, bits);
        if (sym < 0) return fail("invalid selector code" + at(bx, by));
        symbol = uint32_t(sym);
        if (symbol == rleSymbol) {
          const int run = decodeSymbol(selectorHistoryRle_, bits);
          if (run < 0) return fail("invalid selector run code" + at(bx, by));
          rleCount = uint32_t(run) == kRleCountTotal - 1 ? decodeVlc(bits, 8) + kRleCountThreshold
                                                         : uint32_t(run) + kRleCountThreshold;
          symbol = selectorCount;
          --rleCount;
        }
      }
      uint32_t selector;
      if (symbol >= selectorCount) {
        const uint32_t h = symbol - selectorCount;
        if (h >= history.size())
          return fail("selector history index " + std::to_string(h) + " is past its " +
                      std::to_string(history.size()) + " entries" + at(bx, by));
        selector = history[h];
        if (h != 0) history.use(h);
      } else {
        selector = symbol;
        if (history.size()) history.add(selector);
      }
      if (bits.overrun()) return fail("the slice's data ends" + at(bx, by));
      writeBlock(endpoints_[endpoint], selectors_[selector], 4 * bx, 4 * by, width, height, channel,
                 rgba);
    }
  }
  return "";
}

}  // namespace vitrine::codecs
