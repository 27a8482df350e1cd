// KHR_texture_basisu's KTX2 files (codecs/ktx2.h, codecs/uastc_decode.h): every fixture of
// tests/data/ktx2 (README.md there: made by the Basis Universal encoder) decoded level by level
// and compared, pixel for pixel, with the encoder's own decode (basisu -unpack); malformed
// containers refused with their exact message.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "image_decode.h"
#include "ktx2.h"
#include "uastc_decode.h"

namespace vitrine::test {
namespace {

using codecs::Ktx2Image;
using codecs::Ktx2Info;

const std::string kDir = std::string(VITRINE_SOURCE_DIR) + "/tests/data/ktx2/";

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << path;
  return {std::istreambuf_iterator<char>(f), {}};
}

scene::Image readPng(const std::string& path) {
  scene::Image image;
  EXPECT_EQ(scene::decodeImage(readBytes(path), image), "") << path;
  return image;
}

// How many bytes of `a` and `b` differ (sizes must match).
size_t differing(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  EXPECT_EQ(a.size(), b.size());
  size_t n = 0;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) n += a[i] != b[i];
  return n;
}

struct Fixture {
  const char* name;
  uint32_t width, height, levels;
  bool srgb, alpha;
  Ktx2Info::Supercompression scheme;
};

class UastcFixtures : public testing::TestWithParam<Fixture> {};

// Every level equals basisu's decode (through ASTC: rgba_ASTC_RGBA) byte for byte.
TEST_P(UastcFixtures, MatchTheEncodersDecodeExactly) {
  const Fixture& f = GetParam();
  Ktx2Image image;
  ASSERT_EQ(codecs::decodeKtx2(readBytes(kDir + f.name + ".ktx2"), image), "");
  EXPECT_EQ(image.info.codec, Ktx2Info::Codec::Uastc);
  EXPECT_EQ(image.info.width, f.width);
  EXPECT_EQ(image.info.height, f.height);
  EXPECT_EQ(image.info.srgb, f.srgb);
  EXPECT_EQ(image.info.hasAlpha, f.alpha);
  EXPECT_EQ(image.info.supercompression, f.scheme);
  ASSERT_EQ(image.levels.size(), f.levels);
  for (uint32_t p = 0; p < f.levels; ++p) {
    const scene::Image ref = readPng(kDir + "ref/" + f.name + "." + std::to_string(p) + ".png");
    EXPECT_EQ(ref.width, std::max(1u, f.width >> p));
    EXPECT_EQ(ref.height, std::max(1u, f.height >> p));
    EXPECT_EQ(differing(image.levels[p], ref.rgba8), 0u) << f.name << " level " << p;
  }
}

using Scheme = Ktx2Info::Supercompression;
INSTANTIATE_TEST_SUITE_P(
    Ktx2, UastcFixtures,
    testing::Values(Fixture{"uastc_13x9_raw", 13, 9, 1, true, false, Scheme::None},
                    Fixture{"uastc_16x16_alpha_raw", 16, 16, 1, true, true, Scheme::None},
                    Fixture{"uastc_13x9_zstd_mips", 13, 9, 4, true, false, Scheme::Zstd},
                    Fixture{"uastc_32x32_alpha_zstd_mips", 32, 32, 6, true, true, Scheme::Zstd},
                    Fixture{"uastc_normal_linear_zstd_mips", 32, 32, 6, false, false, Scheme::Zstd},
                    Fixture{"uastc_modes_64x64_raw", 64, 64, 1, true, true, Scheme::None},
                    Fixture{"uastc_modes_64x64_rgb_zstd", 64, 64, 1, true, false, Scheme::Zstd}),
    [](const testing::TestParamInfo<Fixture>& info) { return std::string(info.param.name); });

class Etc1sFixtures : public testing::TestWithParam<Fixture> {};

// Every level equals basisu's ETC1 decode byte for byte: RGB its rgb_ETC1_RGB, alpha the ETC1
// decode of the alpha slice (basisu unpacks it only through other formats, none exact, so
// make_fixtures.sh has it unpack a copy whose only slice is the alpha slice; our alpha is
// that slice's green).
TEST_P(Etc1sFixtures, MatchTheEncodersDecodeExactly) {
  const Fixture& f = GetParam();
  Ktx2Image image;
  ASSERT_EQ(codecs::decodeKtx2(readBytes(kDir + f.name + ".ktx2"), image), "");
  EXPECT_EQ(image.info.codec, Ktx2Info::Codec::Etc1s);
  EXPECT_EQ(image.info.width, f.width);
  EXPECT_EQ(image.info.height, f.height);
  EXPECT_EQ(image.info.srgb, f.srgb);
  EXPECT_EQ(image.info.hasAlpha, f.alpha);
  EXPECT_EQ(image.info.supercompression, f.scheme);
  ASSERT_EQ(image.levels.size(), f.levels);
  for (uint32_t p = 0; p < f.levels; ++p) {
    const std::string ref = kDir + "ref/" + f.name + "." + std::to_string(p);
    const scene::Image rgb = readPng(ref + ".rgb.png");
    ASSERT_EQ(rgb.rgba8.size(), image.levels[p].size());
    size_t rgbDiffer = 0;
    for (size_t i = 0; i < rgb.rgba8.size(); ++i)
      rgbDiffer += i % 4 != 3 && rgb.rgba8[i] != image.levels[p][i];
    EXPECT_EQ(rgbDiffer, 0u) << f.name << " level " << p;
    if (!f.alpha) {
      for (size_t i = 3; i < image.levels[p].size(); i += 4) ASSERT_EQ(image.levels[p][i], 255);
      continue;
    }
    const scene::Image alpha = readPng(ref + ".a.png");
    ASSERT_EQ(alpha.rgba8.size(), image.levels[p].size());
    size_t alphaDiffer = 0;
    for (size_t i = 0; i < alpha.rgba8.size(); i += 4)
      alphaDiffer += alpha.rgba8[i + 1] != image.levels[p][i + 3];
    EXPECT_EQ(alphaDiffer, 0u) << f.name << " level " << p;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ktx2, Etc1sFixtures,
    testing::Values(Fixture{"etc1s_13x9", 13, 9, 1, true, false, Scheme::BasisLZ},
                    Fixture{"etc1s_13x9_mips", 13, 9, 4, true, false, Scheme::BasisLZ},
                    Fixture{"etc1s_32x32_alpha_mips", 32, 32, 6, true, true, Scheme::BasisLZ},
                    Fixture{"etc1s_normal_linear", 32, 32, 1, false, false, Scheme::BasisLZ}),
    [](const testing::TestParamInfo<Fixture>& info) { return std::string(info.param.name); });

// The chapter's sRGB endpoint expansion ((e << 8) | 0x80) moves some texels by one step, no
// more; basisu's reference (and our decode) use bit replication.
TEST(Ktx2, UastcSrgbExpansionDiffersByAtMostOne) {
  const std::vector<uint8_t> file = readBytes(kDir + "uastc_16x16_alpha_raw.ktx2");
  Ktx2Info info;
  ASSERT_EQ(codecs::readKtx2(file, info), "");
  const auto blocks = std::span(file).subspan(info.levels[0].byteOffset, 256);
  std::vector<uint8_t> linear(16 * 16 * 4), srgb(16 * 16 * 4);
  codecs::decodeUastcImage(blocks, 16, 16, false, linear.data());
  codecs::decodeUastcImage(blocks, 16, 16, true, srgb.data());
  EXPECT_GT(differing(linear, srgb), 0u);
  for (size_t i = 0; i < linear.size(); ++i) EXPECT_LE(std::abs(linear[i] - srgb[i]), 1) << i;
}

// Blocks the chapter calls invalid decode to the error colour (255, 0, 255, 255).
TEST(Ktx2, InvalidUastcBlocksAreMagenta) {
  auto decode = [](std::array<uint8_t, 16> block) {
    std::array<uint8_t, 64> rgba{};
    codecs::decodeUastcBlock(block.data(), false, rgba.data());
    return rgba;
  };
  auto magenta = [](const std::array<uint8_t, 64>& rgba) {
    for (int i = 0; i < 16; ++i)
      if (rgba[4 * i] != 255 || rgba[4 * i + 1] != 0 || rgba[4 * i + 2] != 255 ||
          rgba[4 * i + 3] != 255)
        return false;
    return true;
  };
  EXPECT_TRUE(magenta(decode({0x45})));  // mode 19 (reserved)
  // Mode 3 (code 0x03, 5 bits) with PAT 15: past its 11 patterns. PAT sits at bits 20-23.
  std::array<uint8_t, 16> mode3{0x03};
  mode3[2] = 0xF0;
  EXPECT_TRUE(magenta(decode(mode3)));
  // Mode 8 (solid, code 0x17): R, G, B, A from bit 5.
  std::array<uint8_t, 16> solid{};
  const uint64_t bits =
      0x17 | uint64_t(10) << 5 | uint64_t(20) << 13 | uint64_t(30) << 21 | uint64_t(40) << 29;
  std::memcpy(solid.data(), &bits, 8);
  const std::array<uint8_t, 64> rgba = decode(solid);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(rgba[4 * i], 10);
    EXPECT_EQ(rgba[4 * i + 3], 40);
  }
  EXPECT_FALSE(magenta(rgba));
}

// --- malformed containers: each a valid fixture with one field changed ---

void put32(std::vector<uint8_t>& f, size_t at, uint32_t v) {
  std::memcpy(f.data() + at, &v, 4);
}
void put64(std::vector<uint8_t>& f, size_t at, uint64_t v) {
  std::memcpy(f.data() + at, &v, 8);
}
uint32_t get32(const std::vector<uint8_t>& f, size_t at) {
  uint32_t v;
  std::memcpy(&v, f.data() + at, 4);
  return v;
}

std::string errorOf(const std::vector<uint8_t>& file) {
  Ktx2Image image;
  std::string e = codecs::decodeKtx2(file, image);
  EXPECT_TRUE(image.levels.empty());
  return e;
}

class Ktx2Malformed : public testing::Test {
 protected:
  // 13x9 UASTC raw: one level of 4x3 blocks (192 bytes).
  std::vector<uint8_t> raw = readBytes(kDir + "uastc_13x9_raw.ktx2");
  // 32x32 UASTC, Zstandard, 6 levels.
  std::vector<uint8_t> zstd = readBytes(kDir + "uastc_32x32_alpha_zstd_mips.ktx2");
  size_t dfd(const std::vector<uint8_t>& f) const { return get32(f, 48); }
};

TEST_F(Ktx2Malformed, Truncated) {
  EXPECT_EQ(errorOf({raw.begin(), raw.begin() + 60}),
            "KTX2: file of 60 bytes is shorter than the 80-byte header");
  // Cut inside the level's blocks.
  const std::vector<uint8_t> cut(raw.begin(), raw.end() - 10);
  EXPECT_EQ(errorOf(cut), "KTX2: level 0 (offset " + std::to_string(get32(raw, 80)) +
                              ", 192 bytes) runs past the end of the file (" +
                              std::to_string(cut.size()) + " bytes)");
}

TEST_F(Ktx2Malformed, Header) {
  std::vector<uint8_t> f = raw;
  f[1] = 'k';
  EXPECT_EQ(errorOf(f), "KTX2: not a KTX 2.0 file (wrong identifier)");
  f = raw;
  put32(f, 12, 37);  // VK_FORMAT_R8G8B8A8_UNORM
  EXPECT_EQ(errorOf(f),
            "KTX2: vkFormat 37 is not VK_FORMAT_UNDEFINED: only Basis Universal (ETC1S, UASTC) "
            "textures are read");
  f = raw;
  put32(f, 20, 20000);
  EXPECT_EQ(errorOf(f), "KTX2: pixelWidth 20000 is not within 1 to 16384");
  f = raw;
  put32(f, 24, 0);
  EXPECT_EQ(errorOf(f), "KTX2: pixelHeight 0 is not within 1 to 16384");
  f = raw;
  put32(f, 36, 6);
  EXPECT_EQ(errorOf(f), "KTX2: faceCount 6: only 2D textures (1 face) are read");
  f = raw;
  put32(f, 40, 5);
  EXPECT_EQ(errorOf(f), "KTX2: levelCount 5 is more than the 4 levels of a 13x9 image");
  f = raw;
  put32(f, 44, 3);
  EXPECT_EQ(errorOf(f), "KTX2: supercompressionScheme 3 (ZLIB) is not supported");
  f = raw;
  put32(f, 44, 1);
  EXPECT_EQ(errorOf(f),
            "KTX2: UASTC with BasisLZ supercompression: UASTC is stored raw or with Zstandard");
}

TEST_F(Ktx2Malformed, LevelSizesThatLie) {
  std::vector<uint8_t> f = raw;
  put64(f, 80 + 8, 176);  // byteLength: one block short
  EXPECT_EQ(errorOf(f),
            "KTX2: level 0 holds 176 bytes (192 uncompressed), not the 192 bytes of a 13x9 "
            "UASTC level");
  f = zstd;
  put64(f, 80 + 24 * 2 + 16, 4096);  // level 2 (8x8) claims to inflate to 4096 bytes
  EXPECT_EQ(errorOf(f),
            "KTX2: level 2's uncompressedByteLength 4096 is not the 64 bytes of a 8x8 UASTC "
            "level");
  f = zstd;
  put64(f, 80 + 8, uint64_t(1) << 62);  // level 0's byteLength
  EXPECT_EQ(errorOf(f), "KTX2: level 0 (offset " + std::to_string(get32(zstd, 80)) +
                            ", 4611686018427387904 bytes) runs past the end of the file (" +
                            std::to_string(zstd.size()) + " bytes)");
  // A level index longer than the file.
  f = std::vector<uint8_t>(raw.begin(), raw.begin() + 90);
  EXPECT_EQ(errorOf(f),
            "KTX2: the level index (offset 80, 24 bytes) runs past the end of the file (90 "
            "bytes)");
}

TEST_F(Ktx2Malformed, ZstandardStreams) {
  std::vector<uint8_t> f = zstd;
  const size_t level0 = get32(zstd, 80);
  f[level0] ^= 0xFF;  // the frame's magic number
  EXPECT_EQ(errorOf(f), "KTX2: level 0: Zstandard: Unknown frame descriptor");
  // A frame cut short: its byteLength says less than it holds.
  f = zstd;
  put64(f, 80 + 8, get32(zstd, 88) - 3);
  EXPECT_EQ(errorOf(f).rfind("KTX2: level 0: Zstandard: ", 0), 0u);
}

TEST_F(Ktx2Malformed, DataFormatDescriptor) {
  const size_t d = dfd(raw);
  std::vector<uint8_t> f = raw;
  put32(f, 52, 1 << 20);  // dfdByteLength
  EXPECT_EQ(errorOf(f), "KTX2: the DFD (offset " + std::to_string(d) +
                            ", 1048576 bytes) runs past the end of the file (" +
                            std::to_string(raw.size()) + " bytes)");
  f = raw;
  put32(f, d, 12);  // dfdTotalSize
  EXPECT_EQ(errorOf(f), "KTX2: dfdTotalSize 12 differs from dfdByteLength 44");
  f = raw;
  f[d + 4 + 8] = 160;  // colorModel: KHR_DF_MODEL_ASTC
  EXPECT_EQ(errorOf(f), "KTX2: DFD colour model 160 is neither ETC1S (163) nor UASTC (166)");
  f = raw;
  f[d + 4 + 10] = 0;  // transferFunction: unspecified
  EXPECT_EQ(errorOf(f), "KTX2: DFD transfer function 0 is neither linear (1) nor sRGB (2)");
  f = raw;
  f[d + 4 + 12] = 5;  // texelBlockDimension0: 6 wide
  EXPECT_EQ(errorOf(f), "KTX2: DFD texel block 6x4 is not the 4x4 of ETC1S and UASTC");
  f = raw;
  f[d + 4 + 24 + 3] = 9;  // the sample's channel id
  EXPECT_EQ(errorOf(f),
            "KTX2: UASTC DFD channel id 9 is not RGB (0), RGBA (3), RRR (4), RRRG (5) or RG (6)");
  f = raw;
  put32(f, d + 4 + 4, get32(raw, d + 4 + 4) + (uint32_t(16) << 16));  // one sample more
  EXPECT_EQ(errorOf(f),
            "KTX2: descriptorBlockSize 56 is not 24 + 16 * samples within the DFD's 44 bytes");
}

TEST_F(Ktx2Malformed, KeyValueData) {
  std::vector<uint8_t> f = raw;
  const uint32_t kvd = get32(raw, 56), kvdLength = get32(raw, 60);
  ASSERT_GT(kvdLength, 8u);
  put32(f, kvd, kvdLength);  // the first entry claims all of the data and more
  EXPECT_EQ(errorOf(f), "KTX2: key/value entry at byte 0 (" + std::to_string(kvdLength) +
                            " bytes) runs past kvdByteLength " + std::to_string(kvdLength));
}

// BasisLZ (ETC1S): the global data, its Huffman tables and the slices.
class BasisLzMalformed : public testing::Test {
 protected:
  // 32x32 ETC1S with alpha, 6 levels.
  std::vector<uint8_t> file = readBytes(kDir + "etc1s_32x32_alpha_mips.ktx2");
  size_t sgd = get32(file, 64);
  size_t imageDesc(size_t i) const { return sgd + 20 + 20 * i; }
  size_t tables() const { return sgd + 20 + 20 * 6 + get32(file, sgd + 4) + get32(file, sgd + 8); }
  // Writes `fields` (value, bit count) from the start of the slice Huffman tables, least
  // significant bit first ("Compressed Huffman Tables").
  void writeTables(std::initializer_list<std::pair<uint32_t, uint32_t>> fields) {
    size_t bit = 0;
    const size_t at = tables();
    for (auto [value, count] : fields)
      for (uint32_t i = 0; i < count; ++i, ++bit) {
        uint8_t& byte = file[at + bit / 8];
        byte = uint8_t((byte & ~(1u << (bit % 8))) | (((value >> i) & 1u) << (bit % 8)));
      }
  }
};

TEST_F(BasisLzMalformed, GlobalDataSizes) {
  put32(file, sgd + 4, get32(file, sgd + 4) + 1);  // endpointsByteLength
  const uint32_t sgdLength = get32(file, 72);
  EXPECT_EQ(errorOf(file), "KTX2: BasisLZ: global data of " + std::to_string(sgdLength) +
                               " bytes, not the " + std::to_string(sgdLength + 1) +
                               " its header and 6 images need");
}

TEST_F(BasisLzMalformed, HuffmanTableThatOverrunsItsData) {
  // The slice tables cut to 2 bytes (the rest handed to extendedData, keeping the sum).
  const uint32_t tablesLength = get32(file, sgd + 12);
  put32(file, sgd + 12, 2);
  put32(file, sgd + 16, tablesLength - 2);
  EXPECT_EQ(errorOf(file), "KTX2: BasisLZ: endpoint prediction table runs past its data");
}

TEST_F(BasisLzMalformed, HuffmanCodeLengthsThatOverrunTheTable) {
  // 3 symbols; code length codes for 17 and 18 (1 bit each); then 18 (a run of 11 or more
  // zero lengths) with 7 bits of 0: 11 lengths for a table of 3.
  writeTables({{3, 14}, {2, 5}, {1, 3}, {1, 3}, {1, 1}, {0, 7}});
  EXPECT_EQ(errorOf(file),
            "KTX2: BasisLZ: endpoint prediction table: code lengths run past its 3 symbols");
}

TEST_F(BasisLzMalformed, OversubscribedHuffmanCode) {
  // Three code length codes (for 17, 18, 19) of 1 bit each: more than 1 bit can tell apart.
  writeTables({{3, 14}, {3, 5}, {1, 3}, {1, 3}, {1, 3}});
  EXPECT_EQ(errorOf(file),
            "KTX2: BasisLZ: endpoint prediction table: over-subscribed code lengths");
}

TEST_F(BasisLzMalformed, Slices) {
  std::vector<uint8_t> f = file;
  put32(f, imageDesc(0) + 8, 5000);  // rgbSliceByteLength of level 0
  EXPECT_EQ(errorOf(f), "KTX2: BasisLZ: level 0: RGB slice (offset " +
                            std::to_string(get32(file, imageDesc(0) + 4)) +
                            ", 5000 bytes) is not inside the level's " +
                            std::to_string(get32(file, 88)) + " bytes");
  f = file;
  put32(f, imageDesc(0), 2);  // isPFrame
  EXPECT_EQ(errorOf(f), "KTX2: BasisLZ: image 0 is a P-frame: animation sequences are not read");
  // A slice cut to one byte: its blocks stop decoding somewhere, with a message saying where.
  f = file;
  put32(f, imageDesc(0) + 8, 1);
  const std::string e = errorOf(f);
  EXPECT_EQ(e.rfind("KTX2: BasisLZ: level 0 RGB slice: ", 0), 0u) << e;
  EXPECT_NE(e.find(" at block ("), std::string::npos) << e;
}

TEST(Ktx2, DecodedBytesBoundTheDecode) {
  Ktx2Info info;
  ASSERT_EQ(codecs::readKtx2(readBytes(kDir + "uastc_13x9_zstd_mips.ktx2"), info), "");
  // Levels 13x9, 6x4, 3x2, 1x1 in RGBA8, plus level 0's 4x3 blocks inflated.
  EXPECT_EQ(info.decodedBytes(), (13 * 9 + 6 * 4 + 3 * 2 + 1) * 4 + 12 * 16u);
  // ETC1S: the same levels, plus the bound on BasisLZ's tables.
  ASSERT_EQ(codecs::readKtx2(readBytes(kDir + "etc1s_13x9_mips.ktx2"), info), "");
  EXPECT_EQ(info.decodedBytes(), (13 * 9 + 6 * 4 + 3 * 2 + 1) * 4 + codecs::kBasisLzScratchBytes);
}

}  // namespace
}  // namespace vitrine::test
