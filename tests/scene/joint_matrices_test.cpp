// JointMatrices: world(joint) * inverseBindMatrix per joint, packed skin after skin, and
// recomputed only for the joints whose world matrix is marked changed.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "joint_matrices.h"

namespace vitrine::test {
namespace {

using scene::ByteRange;
using scene::DirtyRanges;
using scene::JointMatrices;
using scene::kWorldMatrixBytes;

constexpr uint32_t kMatrixBytes = sizeof(glm::mat4);

// Five root nodes at x = 0..4 (world matrices set directly); skin 0 = nodes {3, 1} with inverse
// bind matrices scaling by 2 and 3, skin 1 = nodes {1, 4} without (identity).
scene::Scene twoSkins() {
  scene::Scene s;
  s.nodes.resize(5);
  for (int n = 0; n < 5; ++n) s.nodes[n].translation = glm::vec3(float(n), 0, 0);
  scene::updateWorldTransforms(s);
  scene::Skin a;
  a.joints = {3, 1};
  a.inverseBindMatrices = {glm::scale(glm::mat4(1.0f), glm::vec3(2.0f)),
                           glm::scale(glm::mat4(1.0f), glm::vec3(3.0f))};
  scene::Skin b;
  b.joints = {1, 4};
  b.inverseBindMatrices = {glm::mat4(1.0f), glm::mat4(1.0f)};
  s.skins = {a, b};
  return s;
}

// The byte range of node n's world matrix, as DirtySet::worldMatrices marks it.
ByteRange worldOf(uint32_t n) {
  return {n * kWorldMatrixBytes, kWorldMatrixBytes};
}

DirtyRanges marked(std::initializer_list<ByteRange> ranges) {
  DirtyRanges d;
  for (const ByteRange& r : ranges) d.mark(r.offset, r.size);
  d.coalesce();
  return d;
}

TEST(JointMatrices, AreWorldTimesInverseBindSkinAfterSkin) {
  const scene::Scene s = twoSkins();
  const JointMatrices j(s);
  ASSERT_EQ(j.count(), 4u);
  EXPECT_EQ(j.offset(0), 0u);
  EXPECT_EQ(j.offset(1), 2u);
  EXPECT_EQ(j.matrices()[0], s.world[3] * s.skins[0].inverseBindMatrices[0]);
  EXPECT_EQ(j.matrices()[1], s.world[1] * s.skins[0].inverseBindMatrices[1]);
  EXPECT_EQ(j.matrices()[2], s.world[1]);
  EXPECT_EQ(j.matrices()[3], s.world[4]);
  // Joint 0 of skin 0 maps the origin to node 3's position after scaling by 2.
  EXPECT_EQ(j.matrices()[0] * glm::vec4(1, 0, 0, 1), glm::vec4(5, 0, 0, 1));
}

TEST(JointMatrices, OnlyMarkedJointsAreRecomputed) {
  scene::Scene s = twoSkins();
  JointMatrices j(s);
  // Nodes 3 and 4 move, but only node 3's matrix is marked changed: node 4's joint keeps its
  // old matrix (what it must not recompute).
  s.world[3] = glm::translate(glm::mat4(1.0f), glm::vec3(0, 7, 0));
  s.world[4] = glm::translate(glm::mat4(1.0f), glm::vec3(0, 9, 0));
  DirtyRanges changed;
  EXPECT_EQ(j.update(s, marked({worldOf(3)}), changed), 1u);
  EXPECT_EQ(j.matrices()[0], s.world[3] * s.skins[0].inverseBindMatrices[0]);
  EXPECT_EQ(j.matrices()[3], glm::translate(glm::mat4(1.0f), glm::vec3(4, 0, 0)));
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{0, kMatrixBytes}}));
}

TEST(JointMatrices, ANodeInTwoSkinsUpdatesBoth) {
  scene::Scene s = twoSkins();
  JointMatrices j(s);
  s.world[1] = glm::rotate(glm::mat4(1.0f), 0.5f, glm::vec3(0, 0, 1));
  DirtyRanges changed;
  EXPECT_EQ(j.update(s, marked({worldOf(1)}), changed), 2u);
  changed.coalesce();
  EXPECT_EQ(j.matrices()[1], s.world[1] * s.skins[0].inverseBindMatrices[1]);
  EXPECT_EQ(j.matrices()[2], s.world[1]);
  // Matrices 1 and 2 are neighbours: one range.
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{kMatrixBytes, 2 * kMatrixBytes}}));
}

TEST(JointMatrices, RangesCoverRunsOfNodesAndPartialMatrices) {
  scene::Scene s = twoSkins();
  JointMatrices j(s);
  for (glm::mat4& w : s.world) w[3].y = 1.0f;
  DirtyRanges changed;
  // Nodes 0-2 as one run (node 1 is a joint of both skins) and the last byte of node 4.
  EXPECT_EQ(
      j.update(s, marked({{0, 3 * kWorldMatrixBytes}, {5 * kWorldMatrixBytes - 1, 1}}), changed),
      3u);
  changed.coalesce();
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{kMatrixBytes, 3 * kMatrixBytes}}));
  EXPECT_EQ(j.matrices()[3], s.world[4]);
  EXPECT_NE(j.matrices()[0], s.world[3] * s.skins[0].inverseBindMatrices[0]);  // node 3: stale
}

TEST(JointMatrices, RangesBeyondTheNodesAreIgnored) {
  scene::Scene s = twoSkins();
  JointMatrices j(s);
  DirtyRanges changed;
  EXPECT_EQ(j.update(s, marked({worldOf(40)}), changed), 0u);
  EXPECT_TRUE(changed.empty());
}

TEST(JointMatrices, UpdateAllMarksEverything) {
  scene::Scene s = twoSkins();
  JointMatrices j(s);
  s.world[4] = glm::mat4(2.0f);
  DirtyRanges changed;
  j.updateAll(s, changed);
  EXPECT_EQ(j.matrices()[3], glm::mat4(2.0f));
  EXPECT_EQ(changed.ranges(), (std::vector<ByteRange>{{0, 4 * kMatrixBytes}}));
}

TEST(JointMatrices, ASceneWithoutSkinsHasNone) {
  scene::Scene s;
  s.nodes.resize(2);
  scene::updateWorldTransforms(s);
  JointMatrices j(s);
  DirtyRanges changed;
  EXPECT_EQ(j.count(), 0u);
  EXPECT_EQ(j.update(s, marked({worldOf(0)}), changed), 0u);
  j.updateAll(s, changed);
  EXPECT_TRUE(changed.empty());
}

}  // namespace
}  // namespace vitrine::test
