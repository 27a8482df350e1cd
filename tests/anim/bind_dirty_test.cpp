// What a bound asset marks: one 16-byte range in a 10,000-material array for one animated base
// colour, nothing for an unchanged value, the moved subtree's world matrices only.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "bind_test_util.h"

namespace vitrine::anim {
namespace {

using namespace test;
using scene::ByteRange;
using scene::Region;

void expectOnlyMaterials(const scene::DirtySet& dirty) {
  for (size_t r = 0; r < size_t(Region::Count); ++r) {
    if (Region(r) == Region::Materials) continue;
    EXPECT_TRUE(dirty.regions[r].empty()) << r;
  }
  EXPECT_TRUE(dirty.movedNodes.empty());
  EXPECT_TRUE(dirty.worldMatrices.empty());
}

TEST(BindDirty, OneMaterialOfTenThousandMarksOneSixteenByteRange) {
  constexpr int kMaterials = 10000;
  constexpr int kAnimated = 7321;
  AssetBuilder b;
  for (int m = 0; m < kMaterials; ++m) b.addColorMaterial({1, 1, 1, 1});
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 1, 1, 1}))});
  const int times = addTimes(b, {0.0f, 1.0f});
  const int colors = b.addFloats({1, 0, 0, 1, 0, 0, 1, 1}, "VEC4");
  addAnimation(b, json::array({sampler(times, colors)}),
               json::array({pointerChannel(0, "/materials/" + std::to_string(kAnimated) +
                                                  "/pbrMetallicRoughness/baseColorFactor")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_GE(bound.scene->materialData.size(), size_t(kMaterials));
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  const uint32_t offset = uint32_t(kAnimated * sizeof(gpu::MaterialData) +
                                   offsetof(gpu::MaterialData, baseColorFactor));
  EXPECT_EQ(dirty[Region::Materials].ranges(), (std::vector<ByteRange>{{offset, 16}}));
  EXPECT_EQ(bound.scene->materialData[kAnimated].baseColorFactor, glm::vec4(0.5f, 0, 0.5f, 1));
  expectOnlyMaterials(dirty);
}

TEST(BindDirty, UnchangedValueMarksNothingTheSecondTime) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 1, 1, 1})), b.addNode(json::object())});
  const int times = addTimes(b, {0.0f, 1.0f});
  const int metal = b.addFloats({0.0f, 0.5f}, "SCALAR");
  const int move = b.addFloats({0, 0, 0, 1, 1, 1}, "VEC3");
  addAnimation(b, json::array({sampler(times, metal), sampler(times, move)}),
               json::array({pointerChannel(0, "/materials/0/pbrMetallicRoughness/metallicFactor"),
                            coreChannel(1, 1, "translation")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  scene::DirtySet dirty;
  bound.animations().evaluate(5.0f, {true}, dirty);  // past the last key
  EXPECT_EQ(dirty[Region::Materials].bytes(), 4u);
  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{1});
  dirty.clear();
  bound.animations().evaluate(5.0f, {true}, dirty);
  EXPECT_TRUE(dirty.empty());
  bound.animations().evaluate(6.0f, {true}, dirty);  // still clamped to the same value
  EXPECT_TRUE(dirty.empty());
}

// Node 0 -> node 1 -> node 2; node 3 a separate root. Animating node 0 recomputes 0, 1 and 2.
TEST(BindDirty, MovingAParentRecomputesItsChildrenOnly) {
  AssetBuilder b;
  const int n2 = b.addNode({{"translation", {0, 0, 3}}});
  const int n1 = b.addNode({{"translation", {0, 2, 0}}, {"children", {n2}}});
  const int n0 = b.addNode({{"children", {n1}}});
  const int n3 = b.addNode({{"translation", {9, 9, 9}}});
  b.addScene({n0, n3});
  const int times = addTimes(b, {0.0f, 1.0f});
  const int move = b.addFloats({0, 0, 0, 10, 0, 0}, "VEC3");
  addAnimation(b, json::array({sampler(times, move)}),
               json::array({coreChannel(0, n0, "translation")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  const scene::WorldMatrices before = bound.scene->world;
  scene::DirtySet dirty;
  bound.animations().evaluate(1.0f, {true}, dirty);
  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{uint32_t(n0)});
  EXPECT_EQ(bound.scene->world[size_t(n2)][3], glm::vec4(10, 2, 3, 1));
  EXPECT_EQ(bound.scene->world[size_t(n1)][3], glm::vec4(10, 2, 0, 1));
  EXPECT_EQ(std::memcmp(&bound.scene->world[size_t(n3)], &before[size_t(n3)], sizeof(glm::mat4)),
            0);
  scene::DirtyRanges expected;
  for (int n : {n0, n1, n2}) expected.mark(uint32_t(n) * scene::kWorldMatrixBytes, 64);
  expected.coalesce();
  EXPECT_EQ(dirty.worldMatrices.ranges(), expected.ranges());
}

}  // namespace
}  // namespace vitrine::anim
