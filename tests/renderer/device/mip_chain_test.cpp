// The CPU mip chain of scene textures (mip_chain.h): exact levels of small images, sRGB colour
// averaged in linear light, alpha and UNORM averaged as bytes with rounding, odd sides.
#include "mip_chain.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace vitrine::renderer {
namespace {

std::vector<uint8_t> rgba(std::initializer_list<uint8_t> bytes) {
  return bytes;
}

std::vector<uint8_t> down(const std::vector<uint8_t>& src, VkExtent2D e, bool srgb) {
  const VkExtent2D d = mipExtent(e, 1);
  std::vector<uint8_t> out(size_t(d.width) * d.height * 4, 0xcd);
  downsampleLevel(src.data(), e, srgb, out.data());
  return out;
}

TEST(MipChain, LevelCountsExtentsAndBytes) {
  EXPECT_EQ(mipLevelCount({1, 1}), 1u);
  EXPECT_EQ(mipLevelCount({64, 64}), 7u);
  EXPECT_EQ(mipLevelCount({5, 3}), 3u);
  EXPECT_EQ(mipExtent({5, 3}, 1).width, 2u);
  EXPECT_EQ(mipExtent({5, 3}, 1).height, 1u);
  EXPECT_EQ(mipExtent({5, 3}, 2).width, 1u);
  EXPECT_EQ(mipChainBytes({4, 2}), size_t(4 * (8 + 2 + 1)));
  EXPECT_EQ(mipChainBytes({4, 2}, 1), size_t(4 * (2 + 1)));
}

TEST(MipChain, SrgbAveragesInLinearLightAlphaAsBytes) {
  // 0 and 255 in each channel: linear 0.5 encodes to 187.5 -> 188; alpha 0, 255, 255, 0 and
  // 10, 11, 11, 11 average to 127.5 -> 128 and 10.75 -> 11 as bytes.
  const auto src = rgba({0, 255, 0, 0, 255, 0, 255, 255, 255, 0, 255, 255, 0, 255, 0, 0});
  EXPECT_EQ(down(src, {2, 2}, true), rgba({188, 188, 188, 128}));
  EXPECT_EQ(down(src, {2, 2}, false), rgba({128, 128, 128, 128}));
  const auto mid = rgba({100, 10, 0, 10, 100, 10, 0, 11, 100, 10, 0, 11, 100, 10, 0, 11});
  EXPECT_EQ(down(mid, {2, 2}, true), rgba({100, 10, 0, 11}));
  // A quarter of white: linear 0.25 -> 255 * (1.055 * 0.25^(1/2.4) - 0.055) = 136.7 -> 137.
  const auto quarter = rgba({255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(down(quarter, {2, 2}, true), rgba({137, 137, 137, 64}));
  EXPECT_EQ(down(quarter, {2, 2}, false), rgba({64, 64, 64, 64}));
}

TEST(MipChain, EveryCodeSurvivesAveragingWithItself) {
  // Four equal texels give the same code back: the encode is the exact inverse of the decode.
  for (int b = 0; b < 256; ++b) {
    const uint8_t v = uint8_t(b);
    const std::vector<uint8_t> src(16, v);
    EXPECT_EQ(down(src, {2, 2}, true), rgba({v, v, v, v})) << b;
  }
}

TEST(MipChain, OddSidesWeighTheirThreeTexelsByFootprint) {
  // 3x1 (UNORM): level 1 is 1x1, the three texels a third each (n = 1: weights 1, 1, 1 / 3):
  // (10 + 20 + 200) / 3 = 76.7 -> 77; the single row is its own.
  const auto row = rgba({10, 0, 0, 255, 20, 0, 0, 255, 200, 0, 0, 255});
  EXPECT_EQ(down(row, {3, 1}, false), rgba({77, 0, 0, 255}));
  EXPECT_EQ(down(row, {1, 3}, false), rgba({77, 0, 0, 255}));
  // 3x3 -> 1x1: the nine texels, 519 / 9 = 57.7 -> 58.
  std::vector<uint8_t> grid;
  for (uint8_t v : {0, 4, 99, 8, 12, 99, 99, 99, 99}) grid.insert(grid.end(), {v, v, v, v});
  EXPECT_EQ(down(grid, {3, 3}, false), rgba({58, 58, 58, 58}));
  // 5x3 -> 2x1: columns weighted (2, 2, 1) / 5 and (1, 2, 2) / 5, rows a third each:
  // (8.8 + 12.8 + 99) / 3 = 40.2 -> 40 and (64.4 + 66.8 + 99) / 3 = 76.7 -> 77.
  std::vector<uint8_t> wide;
  for (uint8_t v : {0, 2, 40, 42, 99, 4, 6, 44, 46, 99, 99, 99, 99, 99, 99})
    wide.insert(wide.end(), {v, v, v, v});
  EXPECT_EQ(down(wide, {5, 3}, false), rgba({40, 40, 40, 40, 77, 77, 77, 77}));
  // sRGB on an odd side: 0, 255, 0 -> linear 1/3 -> 255 * (1.055 * (1/3)^(1/2.4) - 0.055)
  // = 155.5 -> 156 (the alpha 255s stay 255).
  const auto srgbRow = rgba({0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255});
  EXPECT_EQ(down(srgbRow, {3, 1}, true), rgba({156, 156, 156, 255}));
}

TEST(MipChain, ChainBuildsEachLevelFromTheOneAbove) {
  // A 4x4 sRGB checker of 0 and 255: level 1 is four texels of 188, level 2 is 188 again
  // (linear 0.5 averaged with itself).
  std::vector<uint8_t> checker;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const uint8_t v = (x + y) % 2 ? 255 : 0;
      checker.insert(checker.end(), {v, v, v, 255});
    }
  std::vector<uint8_t> chain(mipChainBytes({4, 4}, 1));
  buildMipChain(checker.data(), {4, 4}, true, chain.data());
  ASSERT_EQ(chain.size(), size_t(4 * (4 + 1)));
  for (size_t t = 0; t < 5; ++t)
    EXPECT_EQ(rgba({chain[4 * t], chain[4 * t + 3]}), rgba({188, 255}));
}

// KHR_texture_basisu: levels the image brings are copied, the rest built from the last of
// them; a stored level of the wrong size (a downscaled image) ends the copying.
TEST(MipChain, StoredLevelsAreCopiedAndTheRestBuiltFromTheLast) {
  const VkExtent2D e{4, 4};  // levels 4x4, 2x2, 1x1
  const std::vector<uint8_t> level0(4 * 4 * 4, 200);
  const std::vector<std::vector<uint8_t>> stored = {
      rgba({10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160})};
  std::vector<uint8_t> chain(mipChainBytes(e, 1), 0xcd);
  buildMipChain(level0.data(), e, false, stored, chain.data());
  EXPECT_EQ(std::vector<uint8_t>(chain.begin(), chain.begin() + 16), stored[0]);
  // 1x1 from the stored 2x2: each channel's mean, rounded.
  EXPECT_EQ(std::vector<uint8_t>(chain.begin() + 16, chain.end()), rgba({70, 80, 90, 100}));
  // A stored level of another size: everything built from level 0, as without.
  const std::vector<std::vector<uint8_t>> wrong = {rgba({1, 2, 3, 4})};
  std::vector<uint8_t> built(mipChainBytes(e, 1)), plain(mipChainBytes(e, 1));
  buildMipChain(level0.data(), e, false, wrong, built.data());
  buildMipChain(level0.data(), e, false, plain.data());
  EXPECT_EQ(built, plain);
  EXPECT_EQ(built[0], 200);
}

}  // namespace
}  // namespace vitrine::renderer
