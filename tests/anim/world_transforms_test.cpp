// World matrices of moved subtrees: equal to a full scene::updateWorldTransforms() (element for
// element),
// each subtree walked once when an ancestor and a descendant both moved, nothing outside the
// moved subtrees recomputed or marked, unchanged matrices not marked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "engine_test_util.h"
#include "world_transforms.h"

namespace vitrine::anim {
namespace {

using scene::ByteRange;

constexpr uint32_t kM = scene::kWorldMatrixBytes;

// Element for element (a zero's sign aside, as WorldTransforms promises).
bool same(const glm::mat4& a, const glm::mat4& b) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (a[c][r] != b[c][r]) return false;
    }
  }
  return true;
}

// Pre-order positions as WorldTransforms numbers them: roots in index order, then each
// node's children in their listed order.
std::vector<uint32_t> preOrderPositions(const scene::Scene& s) {
  std::vector<uint32_t> position(s.nodes.size());
  uint32_t next = 0;
  auto visit = [&](auto&& self, int node) -> void {
    position[size_t(node)] = next++;
    for (const int child : s.nodes[size_t(node)].children) self(self, child);
  };
  for (size_t n = 0; n < s.nodes.size(); ++n) {
    if (s.nodes[n].parent < 0) visit(visit, int(n));
  }
  return position;
}

// 0 -> {1 -> {2}, 3}, 4 -> {5}, 6
std::unique_ptr<scene::Scene> smallForest() {
  auto s = test::makeScene(0, 7);
  test::attach(*s, 0, 1);
  test::attach(*s, 1, 2);
  test::attach(*s, 0, 3);
  test::attach(*s, 4, 5);
  for (size_t i = 0; i < s->nodes.size(); ++i) s->nodes[i].translation = {float(i), 0, 0};
  scene::updateWorldTransforms(*s);
  return s;
}

TEST(WorldTransforms, MovedSubtreeOnly) {
  auto s = smallForest();
  WorldTransforms world(*s);
  const scene::WorldMatrices before = s->world;
  s->nodes[1].translation.y = 5;
  scene::DirtyRanges changed;
  const std::vector<uint32_t> moved = {1};
  EXPECT_EQ(world.update(*s, moved, changed), 2u);
  changed.coalesce();
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{1 * kM, 2 * kM}}));
  for (int n : {0, 3, 4, 5, 6}) {
    EXPECT_EQ(std::memcmp(&s->world[n], &before[n], kM), 0) << n;
  }
  EXPECT_EQ(s->world[2][3], glm::vec4(0 + 1 + 2, 5, 0, 1));
}

TEST(WorldTransforms, AncestorAndDescendantBothMovedWalkOnce) {
  auto s = smallForest();
  WorldTransforms world(*s);
  s->nodes[2].translation.z = 1;
  s->nodes[0].translation.z = 1;
  scene::DirtyRanges changed;
  const std::vector<uint32_t> moved = {2, 0, 2};    // descendant first, and twice
  EXPECT_EQ(world.update(*s, moved, changed), 4u);  // 0, 1, 2, 3: once each
  changed.coalesce();
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{0, 4 * kM}}));
  EXPECT_EQ(s->world[2][3], glm::vec4(3, 0, 2, 1));
  // The pending bits were all consumed: a later frame moving node 4 walks its subtree only.
  s->nodes[4].translation.x = 40;
  const std::vector<uint32_t> next = {4};
  scene::DirtyRanges again;
  EXPECT_EQ(world.update(*s, next, again), 2u);
}

// A chain of 200 nodes spans four 64-bit words of pending bits: a walk from the root must
// consume the bits of moved descendants in every word, or a later frame walks from them again.
TEST(WorldTransforms, WalkConsumesPendingBitsAcrossWords) {
  auto s = test::makeScene(0, 200);
  for (int n = 1; n < 200; ++n) test::attach(*s, n - 1, n);
  scene::updateWorldTransforms(*s);
  WorldTransforms world(*s);
  scene::DirtyRanges changed;
  s->nodes[0].translation.x = 1;
  s->nodes[100].translation.x = 1;
  const std::vector<uint32_t> first = {100, 0};
  EXPECT_EQ(world.update(*s, first, changed), 200u);
  s->nodes[150].translation.y = 1;
  const std::vector<uint32_t> second = {150};
  EXPECT_EQ(world.update(*s, second, changed), 50u);
  EXPECT_EQ(s->world[199][3], glm::vec4(2, 1, 0, 1));
}

// Moved nodes listed in pre-order (the engine's common frame) are walked straight from the list;
// a node inside the subtree walked just before is already done. Out of order, the bit set.
TEST(WorldTransforms, PreOrderListWalksEachSubtreeOnce) {
  auto s = smallForest();
  WorldTransforms world(*s);
  s->nodes[0].translation.z = 1;
  s->nodes[2].translation.z = 1;
  s->nodes[5].translation.z = 1;
  scene::DirtyRanges changed;
  const std::vector<uint32_t> moved = {0, 1, 2, 5, 5};  // 1 and 2 inside 0's subtree
  EXPECT_EQ(world.update(*s, moved, changed), 5u);      // 0, 1, 2, 3, then 5: once each
  changed.coalesce();
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{0, 4 * kM}, {5 * kM, kM}}));
  EXPECT_EQ(s->world[2][3], glm::vec4(3, 0, 2, 1));
  EXPECT_EQ(s->world[5][3], glm::vec4(9, 0, 1, 1));

  s->nodes[4].translation.y = 1;
  s->nodes[1].translation.y = 1;
  const std::vector<uint32_t> backwards = {4, 1};  // out of order: the bit set
  scene::DirtyRanges again;
  EXPECT_EQ(world.update(*s, backwards, again), 4u);  // 1, 2, then 4, 5
  again.coalesce();
  EXPECT_EQ(again.ranges(), (std::vector<ByteRange>{{1 * kM, 2 * kM}, {4 * kM, 2 * kM}}));
  EXPECT_EQ(s->world[5][3], glm::vec4(9, 1, 1, 1));
}

TEST(WorldTransforms, UnchangedMatricesAreNotMarked) {
  auto s = smallForest();
  WorldTransforms world(*s);
  scene::DirtyRanges changed;
  const std::vector<uint32_t> moved = {4, 6, 99};  // nothing really changed; 99 is no node
  EXPECT_EQ(world.update(*s, moved, changed), 3u);
  EXPECT_TRUE(changed.empty());
}

// Random forests of up to 300 nodes (deep chains and wide fans, across 64-bit words), random
// moved sets in random and in index order: the result equals the full recomputation, and exactly
// the matrices that differ from before are marked.
TEST(WorldTransforms, RandomForestsMatchFullRecomputation) {
  std::mt19937 random(5);
  for (int round = 0; round < 50; ++round) {
    const uint32_t count = 1 + random() % 300;
    auto s = test::makeScene(0, count);
    for (uint32_t n = 1; n < count; ++n) {
      if (random() % 5 != 0) test::attach(*s, int(random() % n), int(n));  // parent < child
    }
    std::uniform_real_distribution<float> v(-1.0f, 1.0f);
    for (scene::Node& node : s->nodes) node.translation = {v(random), v(random), v(random)};
    scene::updateWorldTransforms(*s);
    WorldTransforms world(*s);
    for (int frame = 0; frame < 3; ++frame) {
      const scene::WorldMatrices before = s->world;
      std::vector<uint32_t> moved;
      const uint32_t movers = random() % (count + 1);
      for (uint32_t i = 0; i < movers; ++i) {
        const uint32_t n = random() % count;
        s->nodes[n].rotation = glm::normalize(glm::quat(v(random), v(random), v(random), 1.0f));
        moved.push_back(n);
      }
      // Random order (the bit set), index order as the engine lists a run's nodes (pre-order
      // when the numbering allows, else the bit set), and pre-order (the list walked directly,
      // nested and repeated nodes included).
      if (frame == 1) std::sort(moved.begin(), moved.end());
      if (frame == 2) {
        const std::vector<uint32_t> position = preOrderPositions(*s);
        std::sort(moved.begin(), moved.end(),
                  [&](uint32_t a, uint32_t b) { return position[a] < position[b]; });
      }
      scene::DirtyRanges changed;
      world.update(*s, moved, changed);
      changed.coalesce();
      const scene::WorldMatrices incremental = s->world;
      scene::updateWorldTransforms(*s);
      for (uint32_t n = 0; n < count; ++n) {
        ASSERT_TRUE(same(incremental[n], s->world[n])) << round << " node " << n;
      }
      scene::DirtyRanges expected;
      for (uint32_t n = 0; n < count; ++n) {
        if (!same(before[n], s->world[n])) expected.mark(n * kM, kM);
      }
      expected.coalesce();
      ASSERT_EQ(changed.ranges(), expected.ranges()) << round;
    }
  }
}

}  // namespace
}  // namespace vitrine::anim
