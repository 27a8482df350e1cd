// "/meshes/N/weights" animated by KHR_animation_pointer reaches the nodes that instantiate the
// mesh without weights of their own (glTF 2.0 node.weights: when undefined, the mesh's weights
// apply); nodes with their own `weights`, or whose own weights a channel animates, keep theirs.
// Their weights' byte ranges are marked, so the renderer uploads them.
#include <gtest/gtest.h>

#include <vector>

#include "bind_test_util.h"

namespace vitrine::anim {
namespace {

using namespace test;
using scene::ByteRange;
using scene::Region;

// Mesh 0: a quad with two morph targets and weights [0.1, 0.2], instantiated by four nodes:
//   0  no weights (follows the mesh)        1  weights [0.9, 0.8] of its own
//   2  no weights (follows the mesh)        3  no weights, but clip 1 animates its own
// Clip 0 animates /meshes/0/weights linearly from [0, 0] at 0 s to [1, 0.5] at 1 s; clip 1
// holds node 3's weights at [0.3, 0.3].
Bound meshWeightsAsset() {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({0.5f, 0.5f, 0.5f, 1.0f});
  const int target = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  b.json()["meshes"][mesh]["primitives"][0]["targets"] = {{{"POSITION", target}},
                                                          {{"POSITION", target}}};
  b.json()["meshes"][mesh]["weights"] = {0.1, 0.2};
  std::vector<int> nodes;
  nodes.push_back(b.addMeshNode(mesh));
  nodes.push_back(b.addNode({{"mesh", mesh}, {"weights", {0.9, 0.8}}}));
  nodes.push_back(b.addMeshNode(mesh));
  nodes.push_back(b.addMeshNode(mesh));
  b.addScene(nodes);
  const int times = addTimes(b, {0.0f, 1.0f});
  const int ramp = addOutput(b, std::vector<float>{0.0f, 0.0f, 1.0f, 0.5f}, "SCALAR", gl::kFloat);
  addAnimation(b, json::array({sampler(times, ramp)}),
               json::array({pointerChannel(0, "/meshes/0/weights")}));
  const int hold = addOutput(b, std::vector<float>{0.3f, 0.3f, 0.3f, 0.3f}, "SCALAR", gl::kFloat);
  addAnimation(b, json::array({sampler(times, hold)}), json::array({coreChannel(0, 3, "weights")}));
  return bindAsset(b);
}

TEST(BindMeshWeights, ReachNodesWithoutWeightsOfTheirOwnAtEveryTime) {
  Bound bound = meshWeightsAsset();
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_TRUE(bound.result.warnings.empty()) << bound.result.warnings.front();
  const scene::Scene& s = *bound.scene;
  ASSERT_EQ(s.meshes[0].morphWeightOffset, 8u);  // four nodes of two weights, then the mesh
  for (const float t : {0.0f, 0.25f, 0.5f, 1.0f, 3.0f}) {
    scene::DirtySet dirty;
    bound.animations().evaluate(t, {true, false}, dirty);
    const float w = std::min(t, 1.0f);  // clamped past the last keyframe (Appendix C)
    const std::vector<float> expected{w, 0.5f * w};
    EXPECT_EQ(s.meshes[0].weights, expected) << t;
    EXPECT_EQ(s.nodes[0].weights, expected) << t;
    EXPECT_EQ(s.nodes[2].weights, expected) << t;
    EXPECT_EQ(s.nodes[1].weights, (std::vector<float>{0.9f, 0.8f})) << t;  // its own
    // Node 3's weights belong to clip 1's channel: disabled, they stay as loaded.
    EXPECT_EQ(s.nodes[3].weights, (std::vector<float>{0.1f, 0.2f})) << t;
  }
}

TEST(BindMeshWeights, MarkTheFollowersWeightsOnlyWhenTheyChange) {
  Bound bound = meshWeightsAsset();
  ASSERT_TRUE(bound.scene) << bound.error;
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true, false}, dirty);
  // Bytes: node 0 [0, 8), node 2 [16, 24), the mesh [32, 40).
  EXPECT_EQ(dirty[Region::MorphWeights].ranges(),
            (std::vector<ByteRange>{{0, 8}, {16, 8}, {32, 8}}));
  dirty.clear();
  bound.animations().evaluate(0.5f, {true, false}, dirty);
  EXPECT_TRUE(dirty[Region::MorphWeights].empty()) << "unchanged: nothing to upload";
}

TEST(BindMeshWeights, ANodeWhoseOwnWeightsAreAnimatedFollowsItsChannel) {
  Bound bound = meshWeightsAsset();
  ASSERT_TRUE(bound.scene) << bound.error;
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true, true}, dirty);
  EXPECT_EQ(bound.scene->nodes[3].weights, (std::vector<float>{0.3f, 0.3f}));
  EXPECT_EQ(bound.scene->nodes[0].weights, (std::vector<float>{0.5f, 0.25f}));
}

}  // namespace
}  // namespace vitrine::anim
