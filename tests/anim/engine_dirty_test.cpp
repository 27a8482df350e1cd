// What a frame marks: exactly the byte ranges of the values that changed (one 16-byte range in
// a 10,000-material array), nothing for values that did not change, each moved node once, and
// world matrices of the moved subtrees only.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "engine_test_util.h"

namespace vitrine::anim {
namespace {

using scene::ByteRange;
using scene::Region;
using test::all;
using test::Trs;

// Everything except `region` (and, when false, the node lists) is empty.
void expectOnly(const scene::DirtySet& dirty, Region region, bool nodes = false) {
  for (size_t r = 0; r < size_t(Region::Count); ++r) {
    if (Region(r) == region) continue;
    EXPECT_TRUE(dirty.regions[r].empty()) << "region " << r;
  }
  if (!nodes) {
    EXPECT_TRUE(dirty.movedNodes.empty());
    EXPECT_TRUE(dirty.worldMatrices.empty());
  }
}

TEST(EngineDirty, OneMaterialOfTenThousandMarksOneSixteenByteRange) {
  constexpr uint32_t kMaterials = 10000;
  constexpr uint32_t kAnimated = 6543;
  auto s = test::makeScene(kMaterials, 0);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const std::vector<float> values = {1, 0, 0, 1, 0, 1, 0, 1};
  builder.addChannel({0, builder.addTimes(times), Interpolation::Linear,
                      test::baseColorSlot(*s, kAnimated), values});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(0.25f, all(1), dirty);
  const uint32_t offset = uint32_t(kAnimated * sizeof(gpu::MaterialData) +
                                   offsetof(gpu::MaterialData, baseColorFactor));
  EXPECT_EQ(dirty[Region::Materials].ranges(), (std::vector<ByteRange>{{offset, 16}}));
  EXPECT_EQ(s->materialData[kAnimated].baseColorFactor, glm::vec4(0.75f, 0.25f, 0, 1));
  expectOnly(dirty, Region::Materials);
}

// Past the last keyframe the value stops changing: the second frame marks nothing. The same
// holds for a repeated time between keys, for every kind of rule.
TEST(EngineDirty, UnchangedValueMarksNothingTheSecondTime) {
  auto s = test::makeScene(2, 2);
  s->nodes[0].weights = {0.0f, 0.0f};
  AnimationsBuilder builder(*s);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> color = {1, 0, 0, 1, 0, 1, 0, 1};
  const std::vector<float> move = {0, 0, 0, 1, 2, 3};
  const std::vector<float> weights = {0, 0, 1, 0.5f};
  builder.addChannel({0, track, Interpolation::Linear, test::baseColorSlot(*s, 0), color});
  builder.addChannel(
      {0, track, Interpolation::Linear, test::nodeSlot(*s, 1, Trs::Translation), move});
  builder.addChannel({0, track, Interpolation::Linear,
                      test::floatSlot(s->nodes[0].weights.data(), 2, Region::MorphWeights, 0, 0),
                      weights});
  // A contested property (two clips) takes the snapshot path: it must stay quiet too.
  builder.addChannel({0, track, Interpolation::Linear, test::baseColorSlot(*s, 1), color});
  builder.addChannel({1, track, Interpolation::Step, test::baseColorSlot(*s, 1), color});
  const auto packed = builder.build();
  ASSERT_EQ(packed->contestedCount(), 1u);

  for (const float time : {2.0f, 0.5f}) {
    scene::DirtySet dirty;
    packed->evaluate(time, all(2), dirty);
    const uint32_t second = uint32_t(sizeof(gpu::MaterialData));
    EXPECT_EQ(dirty[Region::Materials].ranges(), (std::vector<ByteRange>{{0, 16}, {second, 16}}))
        << time;
    EXPECT_EQ(dirty[Region::MorphWeights].ranges(), (std::vector<ByteRange>{{0, 8}})) << time;
    EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{1}) << time;
    EXPECT_FALSE(dirty.worldMatrices.empty()) << time;
    dirty.clear();
    packed->evaluate(time, all(2), dirty);
    EXPECT_TRUE(dirty.empty()) << time;
  }
}

// A contested property marks only when the winning value differs from the frame before.
TEST(EngineDirty, ContestedPropertyMarksWhenTheWinnerChanges) {
  auto s = test::makeScene(1, 0);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> red = {1, 0, 0, 1, 1, 0, 0, 1};
  const std::vector<float> fade = {0, 0, 0, 1, 0, 0, 1, 1};
  builder.addChannel({0, track, Interpolation::Linear, test::baseColorSlot(*s, 0), red});
  builder.addChannel({1, track, Interpolation::Linear, test::baseColorSlot(*s, 0), fade});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(0.5f, all(2), dirty);
  EXPECT_EQ(dirty[Region::Materials].ranges(), (std::vector<ByteRange>{{0, 16}}));
  dirty.clear();
  packed->evaluate(0.5f, all(2), dirty);  // red written then the fade again: no change
  EXPECT_TRUE(dirty.empty());
  packed->evaluate(0.75f, all(2), dirty);
  EXPECT_EQ(dirty[Region::Materials].ranges(), (std::vector<ByteRange>{{0, 16}}));
  EXPECT_EQ(s->materialData[0].baseColorFactor, glm::vec4(0, 0, 0.75f, 1));
}

TEST(EngineDirty, NodeWithSeveralChannelsMovesOnce) {
  auto s = test::makeScene(0, 4);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> vec3 = {0, 0, 0, 1, 1, 1};
  const std::vector<float> quat = {0, 0, 0, 1, 0, 0, 1, 0};
  builder.addChannel(
      {0, track, Interpolation::Linear, test::nodeSlot(*s, 3, Trs::Translation), vec3});
  builder.addChannel({0, track, Interpolation::Linear, test::nodeSlot(*s, 3, Trs::Rotation), quat});
  builder.addChannel({0, track, Interpolation::Linear, test::nodeSlot(*s, 3, Trs::Scale), vec3});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(0.5f, all(1), dirty);
  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{3});
  EXPECT_EQ(dirty.worldMatrices.ranges(),
            (std::vector<ByteRange>{{3 * scene::kWorldMatrixBytes, scene::kWorldMatrixBytes}}));
  expectOnly(dirty, Region::Count, true);
}

// Node 0 is the parent of 1, which is the parent of 2; node 3 is another root with child 4.
// Animating node 1 recomputes 1 and 2 (2 follows its parent) and leaves 0, 3 and 4 alone.
TEST(EngineDirty, MovingAParentRecomputesItsSubtreeOnly) {
  auto s = test::makeScene(0, 5);
  test::attach(*s, 0, 1);
  test::attach(*s, 1, 2);
  test::attach(*s, 3, 4);
  s->nodes[0].translation = {100, 0, 0};
  s->nodes[2].translation = {0, 0, 5};
  s->nodes[4].translation = {0, 7, 0};
  scene::updateWorldTransforms(*s);
  const scene::WorldMatrices before = s->world;

  AnimationsBuilder builder(*s);
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const std::vector<float> move = {0, 0, 0, 0, 10, 0};
  builder.addChannel({0, builder.addTimes(times), Interpolation::Linear,
                      test::nodeSlot(*s, 1, Trs::Translation), move});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(1.0f, all(1), dirty);

  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{1});
  const uint32_t m = scene::kWorldMatrixBytes;
  EXPECT_EQ(dirty.worldMatrices.ranges(), (std::vector<ByteRange>{{1 * m, 2 * m}}));
  EXPECT_EQ(s->world[1][3], glm::vec4(100, 10, 0, 1));
  EXPECT_EQ(s->world[2][3], glm::vec4(100, 10, 5, 1));
  for (int untouched : {0, 3, 4}) {
    EXPECT_EQ(std::memcmp(&s->world[untouched], &before[untouched], sizeof(glm::mat4)), 0)
        << untouched;
  }
  // The same matrices a full recomputation gives.
  scene::WorldMatrices incremental = s->world;
  scene::updateWorldTransforms(*s);
  EXPECT_EQ(incremental, s->world);  // glm's == compares elements
}

}  // namespace
}  // namespace vitrine::anim
