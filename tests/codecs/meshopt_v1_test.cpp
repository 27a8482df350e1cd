// KHR_meshopt_compression's own streams (codecs/meshopt_v1_decode.h): version 1 attribute
// streams made by hand from the extension's "Appendix A: Bitstream" (each control mode, each
// group width, each channel mode), the reference vectors meshoptimizer's own encoder and
// decoder wrote (tests/data/meshopt_khr/make_vectors.mjs), the COLOR filter of "Appendix B",
// and malformed streams with their exact messages.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "meshopt_decode.h"
#include "meshopt_v1_decode.h"

namespace vitrine::test {
namespace {

using Bytes = std::vector<uint8_t>;

// A version 1 stream: header, `body` (the attribute blocks), zero padding up to the 24-byte
// minimum tail, then the tail block (baseline element, channel modes).
Bytes v1Stream(const Bytes& body, const Bytes& baseline, const Bytes& channelModes) {
  Bytes s = {0xa1};
  s.insert(s.end(), body.begin(), body.end());
  const size_t tail = baseline.size() + channelModes.size();
  if (tail < 24) s.insert(s.end(), 24 - tail, 0);
  s.insert(s.end(), baseline.begin(), baseline.end());
  s.insert(s.end(), channelModes.begin(), channelModes.end());
  return s;
}

Bytes append(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Values of one byte position: `base` plus the running sum of `deltas` (8-bit wraparound).
Bytes runningSum(uint8_t base, const std::vector<int>& deltas) {
  Bytes out;
  for (int d : deltas) out.push_back(base = uint8_t(base + d));
  return out;
}

// Byte k of every element of `out` (stride bytes each).
Bytes column(const Bytes& out, size_t stride, size_t k) {
  Bytes c;
  for (size_t i = k; i < out.size(); i += stride) c.push_back(out[i]);
  return c;
}

std::string decode(const Bytes& s, uint64_t count, uint64_t stride, Bytes& out) {
  out.assign(count * stride, 0xcd);
  return codecs::decodeMeshoptVertexV1(s, count, stride, out);
}

// The spec's worked example of the 4-bit sentinel encoding, and the deltas it says it holds.
const Bytes kSpecGroup = {0x17, 0x5f, 0xf0, 0xbc, 0x77, 0xa9, 0x21, 0x00, 0x34, 0xb5};
const std::vector<int> kSpecDeltas = {-1, -4, -3, 26, -91, 0, -6, 6, -4, -4, 5, -5, 1, -1, 0, 0};

TEST(MeshoptV1, EachControlModeOfOneBlock) {
  // 16 elements of 4 bytes, one channel in byte-delta mode. Control byte 0xe4: byte 0 uses
  // control mode 0, byte 1 mode 1, byte 2 mode 2, byte 3 mode 3.
  const Bytes byte0 = append({0x03}, kSpecGroup);  // header 3 in control 0: 4-bit sentinels
  // Header 0 in control 1: 1-bit sentinels, least significant bit first. Elements 0, 2 and 15
  // escape to the bytes that follow (zigzag 0x02 = +1, 0x03 = -2, 0xff = -128).
  const Bytes byte1 = {0x00, 0x05, 0x80, 0x02, 0x03, 0xff};
  Bytes byte3;  // literal: one zigzag delta per element, +i
  for (int i = 0; i < 16; ++i) byte3.push_back(uint8_t(2 * i));
  const Bytes s =
      v1Stream(append(append(append({0xe4}, byte0), byte1), byte3), {10, 20, 30, 40}, {0x00});
  Bytes out;
  ASSERT_EQ(decode(s, 16, 4, out), "");
  EXPECT_EQ(column(out, 4, 0), runningSum(10, kSpecDeltas));
  std::vector<int> d1(16, 0);
  d1[0] = 1, d1[2] = -2, d1[15] = -128;
  EXPECT_EQ(column(out, 4, 1), runningSum(20, d1));
  EXPECT_EQ(column(out, 4, 2), Bytes(16, 30));
  std::vector<int> d3(16);
  std::iota(d3.begin(), d3.end(), 0);
  EXPECT_EQ(column(out, 4, 3), runningSum(40, d3));
}

TEST(MeshoptV1, EveryGroupWidthOfBothControlModes) {
  // 64 elements (4 groups) of 4 bytes; group g of bytes 0 and 1 uses header bits g, so byte 0
  // (control 0) has widths 0, 1, 2, 4 and byte 1 (control 1) widths 1, 2, 4, 8. Every delta of
  // a group is the same small value v (zigzag 2v), so the packed bits are regular:
  const Bytes header = {0xe4};  // groups 0..3 -> header bits 0, 1, 2, 3
  // control 0: width 0 (nothing), width 1 (all ones = sentinels: 16 escapes of zigzag 2 = +1),
  // width 2 (value 2 = +1 packed as 0b10101010), width 4 (value 4 = +2 packed as 0x44).
  Bytes byte0 = header;
  byte0.insert(byte0.end(), {0xff, 0xff});
  byte0.insert(byte0.end(), 16, 0x02);
  byte0.insert(byte0.end(), 4, 0xaa);
  byte0.insert(byte0.end(), 8, 0x44);
  // control 1: width 1 (zero bits = delta 0), width 2 (0b01010101 = zigzag 1 = -1), width 4
  // (0x33 = zigzag 3 = -2), width 8 (16 raw bytes, zigzag 6 = +3).
  Bytes byte1 = header;
  byte1.insert(byte1.end(), {0x00, 0x00});
  byte1.insert(byte1.end(), 4, 0x55);
  byte1.insert(byte1.end(), 8, 0x33);
  byte1.insert(byte1.end(), 16, 0x06);
  // Bytes 2 and 3: control 2 (zero).
  const Bytes s =
      v1Stream(append(append({0x00 | 0x04 | 0x20 | 0x80}, byte0), byte1), {0, 100, 7, 9}, {0x00});
  Bytes out;
  ASSERT_EQ(decode(s, 64, 4, out), "");
  std::vector<int> d0, d1;
  for (int v : {0, 1, 1, 2}) d0.insert(d0.end(), 16, v);
  for (int v : {0, -1, -2, 3}) d1.insert(d1.end(), 16, v);
  EXPECT_EQ(column(out, 4, 0), runningSum(0, d0));
  EXPECT_EQ(column(out, 4, 1), runningSum(100, d1));
  EXPECT_EQ(column(out, 4, 2), Bytes(64, 7));
  EXPECT_EQ(column(out, 4, 3), Bytes(64, 9));
}

TEST(MeshoptV1, TwoByteAndXorChannelModes) {
  // Two elements of 8 bytes, every byte literal (control 3, so 2 bytes per data block).
  // Channel 0, mode 1: two 16-bit zigzag deltas per element, low byte first.
  //   bytes 0-1: 0x1234 + 0x0100 (zigzag 0x0200) - 1 (zigzag 0x0001)
  //   bytes 2-3: 0xffff + 1 (zigzag 0x0002, wraps to 0) + 0x7fff (zigzag 0xfffe)
  // Channel 1, mode 0x32: XOR deltas rotated left by 3 when encoded, so the decoder rotates
  // them right by 3: 0x00000008 -> 1, 0x00000001 -> 0x20000000.
  const Bytes literals = {0x00, 0x01, 0x02, 0x00, 0x02, 0xfe, 0x00, 0xff,  // channel 0
                          0x08, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  const Bytes s = v1Stream(append({0xff, 0xff}, literals),
                           {0x34, 0x12, 0xff, 0xff, 0x00, 0x00, 0x80, 0x3f}, {0x01, 0x32});
  Bytes out;
  ASSERT_EQ(decode(s, 2, 8, out), "");
  EXPECT_EQ(out, (Bytes{0x34, 0x13, 0x00, 0x00, 0x01, 0x00, 0x80, 0x3f,  //
                        0x33, 0x13, 0xff, 0x7f, 0x01, 0x00, 0x80, 0x1f}));
}

TEST(MeshoptV1, BlocksSplitAtMaxBlockElements) {
  // byteStride 64: maxBlockElements = min((8192 / 64) & ~15, 256) = 128, so 130 elements are
  // two blocks (128 and 2), each with its own control header; the second continues from the
  // first's last element. Every byte: zero deltas in block 0, literal +1 in block 1.
  Bytes body(16, 0xaa);               // block 0: all 64 bytes control 2
  body.insert(body.end(), 16, 0xff);  // block 1: all literal
  for (int k = 0; k < 64; ++k) body.insert(body.end(), {0x02, 0x02});
  Bytes baseline(64);
  std::iota(baseline.begin(), baseline.end(), uint8_t(0));
  const Bytes s = v1Stream(body, baseline, Bytes(16, 0x00));
  Bytes out;
  ASSERT_EQ(decode(s, 130, 64, out), "");
  for (size_t k = 0; k < 64; ++k) {
    Bytes expected(128, uint8_t(k));
    expected.insert(expected.end(), {uint8_t(k + 1), uint8_t(k + 2)});
    EXPECT_EQ(column(out, 64, k), expected) << "byte " << k;
  }
}

Bytes readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(MeshoptV1, MatchesMeshoptimizersOwnDecoderOnItsEncoderStreams) {
  // Byte for byte what meshoptimizer 1.3 (npm) decodes, filter applied: channel modes 0, 1 and
  // 2 with rotations, literal and zero bytes, two blocks, a single element, the COLOR filter
  // at K = 6, 8 (8-bit) and 12 (16-bit).
  const std::string dir = VITRINE_SOURCE_DIR "/tests/data/meshopt_khr/";
  std::ifstream list(dir + "vectors.txt");
  std::string name, filter;
  uint64_t count = 0, stride = 0;
  int vectors = 0;
  while (list >> name >> count >> stride >> filter) {
    ++vectors;
    const Bytes encoded = readFile(dir + "vectors/" + name + ".bin");
    const Bytes expected = readFile(dir + "vectors/" + name + ".raw");
    ASSERT_EQ(expected.size(), count * stride) << name;
    scene::MeshoptStream s;
    s.khr = true;
    s.count = count;
    s.byteStride = stride;
    s.byteLength = encoded.size();
    s.filter = filter == "COLOR" ? scene::MeshoptStream::Filter::Color
                                 : scene::MeshoptStream::Filter::None;
    Bytes out(count * stride);
    ASSERT_EQ(scene::decodeMeshoptStream(s, encoded, out), "") << name;
    EXPECT_EQ(out, expected) << name;
  }
  EXPECT_EQ(vectors, 8);
}

TEST(MeshoptV1, ColorFilterFollowsTheSpecFormula) {
  // Appendix B, filter 4. 8-bit: alpha 0xff -> K = 8 (as = 255, ss = 1); Y 100, Co 20, Cg -10:
  // R = 100 + 20 + 10 = 130, G = 90, B = 90; alpha (0xff & 0x7f) << 1 | 1 = 255.
  // Alpha 0x0f -> K = 4 (as = 15, ss = 17): Y 8, Co 2, Cg 1 -> R 9 * 17 = 153, G 9 * 17 = 153,
  // B 5 * 17 = 85, alpha (7 << 1 | 1) * 17 = 255. Alpha 0x08: a = 0 -> 0.
  Bytes eight = {100, 20, uint8_t(-10), 0xff, 8, 2, 1, 0x0f, 8, 2, 1, 0x08};
  codecs::decodeMeshoptColorFilter(eight, 3, 4);
  EXPECT_EQ(eight, (Bytes{130, 90, 90, 255, 153, 153, 85, 255, 153, 153, 85, 0}));
  // 16-bit, K = 12 (alpha 0x0800 | 0x123): as = 4095, ss = 65535 / 4095; Y 2000, Co -100,
  // Cg 50: R 1850, G 2050, B 2050; a = 0x123 << 1 | 1 = 583.
  Bytes wide = {0xd0, 0x07, 0x9c, 0xff, 0x32, 0x00, 0x23, 0x09};
  codecs::decodeMeshoptColorFilter(wide, 1, 8);
  const float ss = 65535.0f / 4095.0f;
  auto u16 = [&](int c) { return int(wide[2 * c] | wide[2 * c + 1] << 8); };
  EXPECT_EQ(u16(0), int(std::lround(1850 * ss)));
  EXPECT_EQ(u16(1), int(std::lround(2050 * ss)));
  EXPECT_EQ(u16(2), int(std::lround(2050 * ss)));
  EXPECT_EQ(u16(3), int(std::lround(583 * ss)));
  // Out of range (unspecified by the spec): clamped, never undefined behaviour. Alpha 0 has
  // no scale and decodes to zeros.
  Bytes odd = {250, 100, uint8_t(-100), 0xff, 200, 1, 1, 0x00};
  codecs::decodeMeshoptColorFilter(odd, 2, 4);
  EXPECT_EQ(odd, (Bytes{255, 150, 250, 255, 0, 0, 0, 0}));
}

// The stream of EachControlModeOfOneBlock, for the malformed cases.
Bytes goodStream() {
  Bytes body = append(append({0xe4, 0x03}, kSpecGroup), {0x00, 0x05, 0x80, 0x02, 0x03, 0xff});
  for (int i = 0; i < 16; ++i) body.push_back(uint8_t(2 * i));
  return v1Stream(body, {10, 20, 30, 40}, {0x00});
}

TEST(MeshoptV1, MalformedStreamsNameWhatIsWrong) {
  Bytes out;
  const Bytes good = goodStream();  // 1 + 34 bytes of blocks + 24 of tail = 59
  ASSERT_EQ(good.size(), 59u);
  ASSERT_EQ(decode(good, 16, 4, out), "");

  Bytes bad = good;
  bad[0] = 0xa2;
  EXPECT_EQ(decode(bad, 16, 4, out), "attribute stream v1: header 0xa2 is not 0xa1");
  EXPECT_EQ(decode({}, 16, 4, out), "attribute stream v1: header missing is not 0xa1");
  EXPECT_EQ(decode(Bytes(good.end() - 24, good.end()), 16, 4, out),
            "attribute stream v1: header 0x00 is not 0xa1");
  EXPECT_EQ(decode(Bytes{0xa1, 0, 0, 0}, 16, 4, out),
            "attribute stream v1: 4 bytes cannot hold the header and the 24-byte tail block");

  // Truncated: the last literal byte is cut (the tail block stays at the end).
  bad = good;
  bad.erase(bad.begin() + 34);
  EXPECT_EQ(decode(bad, 16, 4, out),
            "attribute stream v1: block 0, byte 3: its literal bytes runs past the data (needs "
            "16 bytes at offset 19, the tail block starts at 34)");
  // An escape byte missing: everything after byte 1's first escape is cut, the tail kept.
  bad = append(Bytes(good.begin(), good.begin() + 17), Bytes(good.end() - 24, good.end()));
  EXPECT_EQ(decode(bad, 16, 4, out),
            "attribute stream v1: block 0, byte 1: a group's escaped delta runs past the data "
            "(needs 1 bytes at offset 17, the tail block starts at 17)");
  // A byte too many before the tail.
  bad = good;
  bad.insert(bad.begin() + 35, 0x00);
  EXPECT_EQ(decode(bad, 16, 4, out),
            "attribute stream v1: 1 bytes remain between the last block (ends at offset 35) and "
            "the tail block");
  // Counts that lie: one more element makes every data block one group longer (byte 1's second
  // group then takes 3 bytes, so byte 3's 17 literals start at offset 22); one fewer leaves a
  // literal byte over.
  EXPECT_EQ(decode(good, 17, 4, out),
            "attribute stream v1: block 0, byte 3: its literal bytes runs past the data (needs "
            "17 bytes at offset 22, the tail block starts at 35)");
  EXPECT_EQ(decode(good, 15, 4, out),
            "attribute stream v1: 1 bytes remain between the last block (ends at offset 34) and "
            "the tail block");
  // A count that needs far more than the data holds: the first block (256 elements, a 4-byte
  // group header) already runs out.
  EXPECT_EQ(decode(good, uint64_t(1) << 20, 4, out),
            "attribute stream v1: block 0, byte 0: a group's escaped delta runs past the data "
            "(needs 1 bytes at offset 35, the tail block starts at 35)");

  // Channel modes: 3 and above, and 0 or 1 with high bits, are invalid.
  for (const uint8_t mode : {uint8_t(0x03), uint8_t(0x10), uint8_t(0x21), uint8_t(0x0f)}) {
    bad = good;
    bad.back() = mode;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", mode);
    EXPECT_EQ(decode(bad, 16, 4, out), std::string("attribute stream v1: channel 0 (bytes 0-3) "
                                                   "has mode byte ") +
                                           hex + ", not 0x00, 0x01 or 0xN2");
  }
  bad = good;
  bad.back() = 0xf2;  // XOR, rotation 15: valid
  EXPECT_EQ(decode(bad, 16, 4, out), "");

  // Layouts the caller must have refused (the fuzz target's entry point) are messages too.
  EXPECT_EQ(codecs::decodeMeshoptVertexV1(good, 16, 6, out),
            "attribute stream v1: byteStride 6 must be a multiple of 4 from 4 to 256");
  Bytes small(8);
  EXPECT_EQ(codecs::decodeMeshoptVertexV1(good, 16, 4, small),
            "attribute stream v1: output holds 8 bytes, not count x byteStride");
}

TEST(MeshoptV1, EveryPrefixAndEveryByteFlipIsSafe) {
  // Not one crash or over-read (ASan) on any truncation or any single corrupted byte.
  const Bytes good = goodStream();
  Bytes out(64);
  for (size_t n = 0; n < good.size(); ++n) {
    const Bytes prefix(good.begin(), good.begin() + n);
    EXPECT_NE(codecs::decodeMeshoptVertexV1(prefix, 16, 4, out), "") << n;
  }
  for (size_t i = 0; i < good.size(); ++i)
    for (const uint8_t x : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
      Bytes flipped = good;
      flipped[i] ^= x;
      (void)codecs::decodeMeshoptVertexV1(flipped, 16, 4, out);
    }
}

}  // namespace
}  // namespace vitrine::test
