#include "splat_sort.h"

#include <array>
#include <bit>
#include <cmath>
#include <utility>

namespace vitrine::splat {
namespace {

// Three passes of 11, 11 and 10 bits over the 32 bits of a float: each pass's histogram (2048
// counters) stays in L1, and one pass fewer than with bytes.
constexpr uint32_t kDigitBits = 11;
constexpr uint32_t kBuckets = 1u << kDigitBits;
constexpr uint32_t kPasses = 3;

// The key the ascending sort orders by: the distance's bits (unsigned order = numeric order for
// non-negative floats), inverted so that ascending is farthest first. Anything but a finite
// positive distance (NaN, negative, -0, infinity) sorts as +0, as the header promises.
inline uint32_t sortKey(float distance) {
  const bool valid = distance > 0.0f && std::isfinite(distance);
  return ~(valid ? std::bit_cast<uint32_t>(distance) : 0u);
}

inline uint32_t digit(uint64_t entry, uint32_t pass) {
  return uint32_t(entry >> (32 + pass * kDigitBits)) & (kBuckets - 1);
}

}  // namespace

void sortBackToFront(std::span<const float> keys, std::vector<uint32_t>& order,
                     SortScratch& scratch) {
  const size_t n = keys.size();
  order.resize(n);
  if (n == 0) return;

  // The entries, and every pass's histogram, from one read of the keys.
  std::array<std::array<uint32_t, kBuckets>, kPasses> counts{};
  scratch.keys.resize(n);
  scratch.keysOut.resize(n);
  uint64_t* in = scratch.keys.data();
  uint64_t* out = scratch.keysOut.data();
  for (size_t i = 0; i < n; ++i) {
    const uint32_t k = sortKey(keys[i]);
    in[i] = uint64_t(k) << 32 | i;
    for (uint32_t p = 0; p < kPasses; ++p) ++counts[p][(k >> (p * kDigitBits)) & (kBuckets - 1)];
  }

  // LSD: each pass is a stable counting sort on one digit, so equal keys keep the order they
  // came in, increasing index. A pass whose digit is the same for every key would copy the
  // entries unchanged: it is skipped. The last pass writes the indices straight into `order`.
  std::array<uint32_t, kPasses> passes{};
  uint32_t passCount = 0;
  for (uint32_t p = 0; p < kPasses; ++p) {
    if (counts[p][digit(in[0], p)] != n) passes[passCount++] = p;
  }
  if (passCount == 0) {  // every key the same: already in order
    for (size_t i = 0; i < n; ++i) order[i] = uint32_t(i);
    return;
  }
  for (uint32_t q = 0; q < passCount; ++q) {
    const uint32_t p = passes[q];
    std::array<uint32_t, kBuckets>& c = counts[p];
    uint32_t sum = 0;
    for (uint32_t& v : c) sum += std::exchange(v, sum);  // exclusive prefix sums: bucket starts
    if (q + 1 < passCount) {
      for (size_t i = 0; i < n; ++i) {
        const uint64_t e = in[i];
        out[c[digit(e, p)]++] = e;
      }
      std::swap(in, out);
    } else {
      uint32_t* result = order.data();
      for (size_t i = 0; i < n; ++i) {
        const uint64_t e = in[i];
        const uint32_t slot = c[digit(e, p)]++;
        result[slot] = uint32_t(e);
      }
    }
  }
}

}  // namespace vitrine::splat
