// The back-to-front sort (splat/splat_sort.h) against std::stable_sort by decreasing distance:
// ties in increasing index, whatever the keys' size and spread.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <numeric>
#include <random>

#include "splat_sort.h"

namespace vitrine::splat {
namespace {

std::vector<uint32_t> expectedOrder(const std::vector<float>& keys) {
  std::vector<uint32_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return keys[a] > keys[b]; });
  return order;
}

std::vector<uint32_t> sorted(const std::vector<float>& keys, SortScratch& scratch) {
  std::vector<uint32_t> order{7, 7, 7};  // stale content is replaced
  sortBackToFront(keys, order, scratch);
  return order;
}

TEST(SplatSort, RandomKeysMatchStableSortDescending) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> dist(0.0f, 100.0f);
  SortScratch scratch;
  for (size_t n : {2u, 3u, 17u, 1000u, 65537u}) {
    std::vector<float> keys(n);
    for (float& k : keys) k = dist(rng);
    EXPECT_EQ(sorted(keys, scratch), expectedOrder(keys)) << n;
  }
}

TEST(SplatSort, TiesComeOutInIncreasingIndex) {
  // Few distinct values, many ties each, interleaved.
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> pick(0, 4);
  const float values[] = {0.5f, 1.0f, 2.0f, 2.0000002f, 1000.0f};
  std::vector<float> keys(5000);
  for (float& k : keys) k = values[pick(rng)];
  SortScratch scratch;
  const std::vector<uint32_t> order = sorted(keys, scratch);
  EXPECT_EQ(order, expectedOrder(keys));
  EXPECT_EQ(keys[order.front()], 1000.0f);
  EXPECT_EQ(keys[order.back()], 0.5f);
  for (size_t i = 1; i < order.size(); ++i) {
    if (keys[order[i]] == keys[order[i - 1]]) {
      EXPECT_LT(order[i - 1], order[i]);
    }
  }
}

TEST(SplatSort, EmptyAndOneElement) {
  SortScratch scratch;
  EXPECT_TRUE(sorted({}, scratch).empty());
  EXPECT_EQ(sorted({3.0f}, scratch), (std::vector<uint32_t>{0}));
  EXPECT_EQ(sorted({0.0f}, scratch), (std::vector<uint32_t>{0}));
}

TEST(SplatSort, EqualKeysKeepTheirOrder) {
  SortScratch scratch;
  std::vector<uint32_t> identity(1000);
  std::iota(identity.begin(), identity.end(), 0u);
  EXPECT_EQ(sorted(std::vector<float>(1000, 4.25f), scratch), identity);
  EXPECT_EQ(sorted(std::vector<float>(1000, 0.0f), scratch), identity);
}

TEST(SplatSort, LargeAndTinyValuesAndInvalidKeysAsZero) {
  const float maxF = std::numeric_limits<float>::max();
  const float denorm = std::numeric_limits<float>::denorm_min();
  std::vector<float> keys = {1.0f, maxF, denorm, 1e30f, 0.0f, 1e-30f, 3e38f, 65536.0f};
  SortScratch scratch;
  EXPECT_EQ(sorted(keys, scratch), (std::vector<uint32_t>{1, 6, 3, 7, 0, 5, 2, 4}));
  // NaN, negatives, -0 and infinity sort as +0: after every positive key, among the zeros by
  // index.
  keys = {-1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN(),
          -0.0f, 0.0f, std::numeric_limits<float>::infinity(),
          1.0f};
  EXPECT_EQ(sorted(keys, scratch), (std::vector<uint32_t>{1, 6, 0, 2, 3, 4, 5}));
}

TEST(SplatSort, AMillionKeys) {
  std::mt19937 rng(7);
  // Distances as a scene has them: a spread over several octaves, with exact repeats.
  std::uniform_real_distribution<float> dist(0.01f, 500.0f);
  std::vector<float> keys(1u << 20);
  for (float& k : keys) k = dist(rng);
  for (size_t i = 0; i < keys.size(); i += 97) keys[i] = keys[i / 2];
  SortScratch scratch;
  std::vector<uint32_t> order;
  sortBackToFront(keys, order, scratch);  // warm
  const auto start = std::chrono::steady_clock::now();
  sortBackToFront(keys, order, scratch);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(order, expectedOrder(keys));
  // Informational: the budget is 15 ms for 1M keys in an optimized build; sanitizer and debug
  // builds are slower, so this only reports.
  std::printf("sortBackToFront: %zu keys in %.2f ms\n", keys.size(), ms);
}

}  // namespace
}  // namespace vitrine::splat
