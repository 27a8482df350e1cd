// DirtyRanges: marks merged into sorted, disjoint ranges whatever order they came in; the
// merge of a few sorted sequences and the sort fallback agree; DirtySet clears everything.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "dirty.h"

namespace vitrine::scene {
namespace {

std::vector<ByteRange> coalesced(const std::vector<ByteRange>& marks) {
  DirtyRanges d;
  for (const ByteRange& r : marks) d.mark(r.offset, r.size);
  d.coalesce();
  return d.ranges();
}

// The bytes a list of ranges covers, one bool per byte: what coalescing must preserve.
std::vector<bool> cover(const std::vector<ByteRange>& ranges, uint32_t size) {
  std::vector<bool> bytes(size, false);
  for (const ByteRange& r : ranges) {
    for (uint32_t b = r.offset; b < r.offset + r.size; ++b) bytes[b] = true;
  }
  return bytes;
}

TEST(DirtyRanges, EmptyStaysEmpty) {
  DirtyRanges d;
  d.coalesce();
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(d.bytes(), 0u);
}

TEST(DirtyRanges, MergesOverlappingAndAdjacentKeepsGaps) {
  struct Case {
    const char* name;
    std::vector<ByteRange> marks;
    std::vector<ByteRange> expected;
  };
  const std::vector<Case> cases = {
      {"one", {{16, 4}}, {{16, 4}}},
      {"adjacent", {{0, 16}, {16, 16}}, {{0, 32}}},
      {"gap", {{0, 16}, {20, 4}}, {{0, 16}, {20, 4}}},
      {"overlap", {{0, 16}, {8, 16}}, {{0, 24}}},
      {"contained", {{0, 64}, {16, 4}}, {{0, 64}}},
      {"duplicate", {{224, 16}, {224, 16}}, {{224, 16}}},
      {"reversed", {{48, 4}, {32, 4}, {16, 4}, {0, 4}}, {{0, 4}, {16, 4}, {32, 4}, {48, 4}}},
      {"two sorted runs", {{0, 16}, {224, 16}, {16, 12}, {240, 12}}, {{0, 28}, {224, 28}}},
      {"unsorted touching", {{16, 16}, {0, 16}}, {{0, 32}}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(coalesced(c.marks), c.expected) << c.name;
  }
}

TEST(DirtyRanges, BytesCountsEachByteOnceAfterCoalesce) {
  DirtyRanges d;
  d.mark(8, 16);
  d.mark(0, 16);
  d.mark(100, 4);
  EXPECT_EQ(d.bytes(), 36u);  // before: the out-of-order overlap counts twice
  d.coalesce();
  EXPECT_EQ(d.bytes(), 28u);
}

// In-order marks that touch or overlap the last one extend it as they come.
TEST(DirtyRanges, InOrderNeighboursExtendTheLastRange) {
  DirtyRanges d;
  d.mark(0, 16);
  d.mark(16, 12);  // touches
  d.mark(20, 4);   // inside
  d.mark(32, 4);   // gap: a new range
  EXPECT_EQ(d.ranges(), (std::vector<ByteRange>{{0, 28}, {32, 4}}));
}

// Random marks in k sorted sequences (the engine's pattern) and fully random ones (the sort
// fallback): the result covers exactly the marked bytes, sorted, with gaps between ranges.
TEST(DirtyRanges, RandomMarksAgreeWithByteCover) {
  std::mt19937 random(3);
  for (const int sequences : {1, 2, 3, 7, 8, 9, 63, 64, 65, 500}) {
    std::vector<ByteRange> marks;
    for (int s = 0; s < sequences; ++s) {
      uint32_t offset = random() % 64;
      const int count = 1 + int(random() % 20);
      for (int i = 0; i < count; ++i) {
        const uint32_t size = 1 + random() % 16;
        marks.push_back({offset, size});
        offset += random() % 40;
      }
    }
    const std::vector<ByteRange> result = coalesced(marks);
    EXPECT_EQ(cover(result, 4096), cover(marks, 4096)) << sequences;
    for (size_t i = 1; i < result.size(); ++i) {
      EXPECT_GT(result[i].offset, result[i - 1].offset + result[i - 1].size) << sequences;
    }
  }
}

TEST(DirtyRanges, ClearForgetsRangesAndOrder) {
  DirtyRanges d;
  d.mark(100, 4);
  d.mark(0, 4);
  d.clear();
  d.mark(8, 4);
  d.mark(12, 4);
  d.coalesce();
  EXPECT_EQ(d.ranges(), (std::vector<ByteRange>{{8, 8}}));
}

TEST(DirtySet, CoalesceAndClearCoverEveryPart) {
  DirtySet set;
  EXPECT_TRUE(set.empty());
  set[Region::Materials].mark(16, 16);
  set[Region::Materials].mark(0, 16);
  set.worldMatrices.mark(128, 64);
  set.worldMatrices.mark(64, 64);
  set.movedNodes.push_back(2);
  set.coalesce();
  EXPECT_EQ(set[Region::Materials].ranges(), (std::vector<ByteRange>{{0, 32}}));
  EXPECT_EQ(set.worldMatrices.ranges(), (std::vector<ByteRange>{{64, 128}}));
  EXPECT_FALSE(set.empty());
  set.clear();
  EXPECT_TRUE(set.empty());
}

}  // namespace
}  // namespace vitrine::scene
