// The CPU reference of the vertex pipeline: morphing (glTF 2.0 §3.7.2.2), skinning (§3.7.3) and
// the transform of normals and tangents, against values worked out by hand; and simple_skin
// bent at its second joint.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

#include "deform.h"
#include "joint_matrices.h"
#include "loader.h"

namespace vitrine::test {
namespace {

using scene::DeformedVertex;

constexpr float kEps = 1e-5f;

::testing::AssertionResult near(const glm::vec4& a, const glm::vec4& b, float eps = kEps) {
  for (int c = 0; c < 4; ++c) {
    if (std::abs(a[c] - b[c]) > eps) {
      return ::testing::AssertionFailure()
             << "(" << a.x << ", " << a.y << ", " << a.z << ", " << a.w << ") vs (" << b.x << ", "
             << b.y << ", " << b.z << ", " << b.w << ")";
    }
  }
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult near(const glm::vec3& a, const glm::vec3& b, float eps = kEps) {
  return near(glm::vec4(a, 0.0f), glm::vec4(b, 0.0f), eps);
}

// One vertex with every stream, and two targets displacing all of them.
scene::Primitive morphedPrimitive() {
  scene::Primitive p;
  p.positions = {{1, 2, 3}};
  p.normals = {{0, 0, 1}};
  p.tangents = {{1, 0, 0, -1}};
  p.texcoords[0] = {{0.5f, 0.5f}};
  p.texcoords[1] = {{0, 0}};
  p.colors = {{0.5f, 0.5f, 0.5f, 1.0f}};
  scene::MorphTarget a;
  a.positions = {{1, 0, 0}};
  a.normals = {{0, 1, 0}};
  a.tangents = {{0, 0, 2}};
  a.texcoords[0] = {{0.25f, -0.25f}};
  a.colors = {{1, -1, 0, 0}};
  scene::MorphTarget b;  // only positions and the second uv set
  b.positions = {{0, 0, -4}};
  b.texcoords[1] = {{1, 1}};
  p.targets = {a, b};
  return p;
}

TEST(Morph, AddsTheWeightedDisplacementsOfEveryTarget) {
  const scene::Primitive p = morphedPrimitive();
  const std::vector<float> weights = {0.5f, 0.25f};
  const DeformedVertex v = scene::morphVertex(p, 0, weights);
  EXPECT_EQ(v.position, glm::vec3(1.5f, 2.0f, 2.0f));  // (1,2,3) + .5 (1,0,0) + .25 (0,0,-4)
  EXPECT_EQ(v.normal, glm::vec3(0, 0.5f, 1));
  EXPECT_EQ(v.tangent, glm::vec4(1, 0, 1, -1));  // w is not displaced
  EXPECT_EQ(v.texcoords[0], glm::vec2(0.625f, 0.375f));
  EXPECT_EQ(v.texcoords[1], glm::vec2(0.25f, 0.25f));
  // Colour clamped to [0, 1] after the deltas: 0.5 + 0.5 = 1, 0.5 - 0.5 = 0.
  EXPECT_EQ(v.color, glm::vec4(1, 0, 0.5f, 1));
  const DeformedVertex full = scene::morphVertex(p, 0, std::vector<float>{2.0f, 0.0f});
  EXPECT_EQ(full.color, glm::vec4(1, 0, 0.5f, 1));  // 0.5 + 2 clamps to 1, 0.5 - 2 to 0
}

TEST(Morph, ZeroWeightsAndMissingWeightsLeaveTheBase) {
  const scene::Primitive p = morphedPrimitive();
  const DeformedVertex v = scene::morphVertex(p, 0, {});
  EXPECT_EQ(v.position, p.positions[0]);
  EXPECT_EQ(v.tangent, p.tangents[0]);
  EXPECT_EQ(v.color, p.colors[0]);
}

TEST(Morph, AbsentStreamsReadAsDefaults) {
  scene::Primitive p;
  p.positions = {{1, 1, 1}};
  const DeformedVertex v = scene::morphVertex(p, 0, {});
  EXPECT_EQ(v.normal, glm::vec3(0));
  EXPECT_EQ(v.color, glm::vec4(1));
}

TEST(Skin, WeightedSumOfJointMatricesOverEverySet) {
  scene::Primitive p;
  p.positions = {{0, 0, 0}};
  p.influenceSets = 2;
  p.joints = {{0, 1, 0, 0}, {2, 0, 0, 0}};
  p.weights = {{0.5f, 0.25f, 0, 0}, {0.25f, 0, 0, 0}};
  const std::vector<glm::mat4> joints = {
      glm::translate(glm::mat4(1.0f), glm::vec3(4, 0, 0)),
      glm::translate(glm::mat4(1.0f), glm::vec3(0, 8, 0)),
      glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 16)),
  };
  const glm::mat4 m = scene::skinMatrix(p, 0, joints);
  EXPECT_EQ(m * glm::vec4(0, 0, 0, 1), glm::vec4(2, 2, 4, 1));
  EXPECT_EQ(glm::mat3(m), glm::mat3(1.0f));
}

TEST(Transform, NormalsByTheInverseTransposeTangentsByTheMatrix) {
  DeformedVertex v;
  v.position = {1, 1, 0};
  v.normal = glm::normalize(glm::vec3(1, 1, 0));
  v.tangent = {1, -1, 0, 1};
  const glm::mat4 stretch = glm::scale(glm::mat4(1.0f), glm::vec3(2, 1, 1));
  const DeformedVertex out = scene::transformVertex(v, stretch);
  EXPECT_EQ(out.position, glm::vec3(2, 1, 0));
  // The surface x + y = 2 becomes x / 2 + y = 2: normal (1/2, 1, 0), perpendicular to the
  // stretched tangent (2, -1, 0).
  EXPECT_TRUE(near(glm::normalize(out.normal), glm::normalize(glm::vec3(0.5f, 1, 0))));
  EXPECT_EQ(out.tangent, glm::vec4(2, -1, 0, 1));
  EXPECT_NEAR(glm::dot(out.normal, glm::vec3(out.tangent)), 0.0f, kEps);
}

TEST(Transform, AMirrorKeepsNormalsOutsideAndFlipsHandedness) {
  DeformedVertex v;
  v.normal = {1, 0, 0};
  v.tangent = {0, 1, 0, 1};
  const DeformedVertex out =
      scene::transformVertex(v, glm::scale(glm::mat4(1.0f), glm::vec3(-1, 1, 1)));
  EXPECT_TRUE(near(glm::normalize(out.normal), glm::vec3(-1, 0, 0)));
  EXPECT_EQ(out.tangent, glm::vec4(0, 1, 0, -1));
}

TEST(Deform, ASkinnedNodeIgnoresItsOwnTransform) {
  scene::Scene s;
  s.nodes.resize(2);
  s.nodes[0].mesh = 0;
  s.nodes[0].skin = 0;
  s.nodes[0].translation = {100, 0, 0};  // ignored (§3.7.3)
  s.nodes[0].children = {1};
  s.nodes[1].parent = 0;
  s.nodes[1].translation = {0, 1, 0};
  scene::updateWorldTransforms(s);
  scene::Skin skin;
  skin.joints = {1};
  skin.inverseBindMatrices = {glm::mat4(1.0f)};
  s.skins = {skin};
  scene::Primitive p;
  p.positions = {{0, 0, 0}};
  p.normals = {{0, 0, 1}};
  p.influenceSets = 1;
  p.joints = {{0, 0, 0, 0}};
  p.weights = {{1, 0, 0, 0}};
  const scene::JointMatrices joints(s);
  // The joint is a child of the mesh node: its world matrix does include the parent's move.
  EXPECT_EQ(scene::deformVertex(s, 0, p, 0, joints.matrices()).position, glm::vec3(100, 1, 0));
  // Unskinned (no skin on the node): the node's world matrix places it.
  s.nodes[0].skin = -1;
  EXPECT_EQ(scene::deformVertex(s, 0, p, 0, {}).position, glm::vec3(100, 0, 0));
}

TEST(Deform, MorphsBeforeSkinning) {
  scene::Scene s;
  s.nodes.resize(2);
  s.nodes[0].mesh = 0;
  s.nodes[0].skin = 0;
  s.nodes[0].weights = {1.0f};
  s.nodes[1].rotation = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  scene::updateWorldTransforms(s);
  scene::Skin skin;
  skin.joints = {1};
  skin.inverseBindMatrices = {glm::mat4(1.0f)};
  s.skins = {skin};
  scene::Primitive p;
  p.positions = {{1, 0, 0}};
  p.influenceSets = 1;
  p.joints = {{0, 0, 0, 0}};
  p.weights = {{1, 0, 0, 0}};
  scene::MorphTarget t;
  t.positions = {{1, 0, 0}};
  p.targets = {t};
  const scene::JointMatrices joints(s);
  // Morphed to (2, 0, 0), then rotated by 90 degrees about z: (0, 2, 0). Skinning first would
  // give (0, 1, 0) + (1, 0, 0).
  EXPECT_TRUE(near(scene::deformVertex(s, 0, p, 0, joints.matrices()).position, {0, 2, 0}));
}

TEST(Deform, SimpleSkinBentAtItsSecondJoint) {
  const scene::LoadResult r =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf");
  ASSERT_EQ(r.error, "");
  scene::Scene& s = *r.scene;
  // Joints: node 1 at (0, 1, 0), node 2 its child; both inverse bind matrices translate by
  // (-0.5, -1, 0). Turn node 2 by 90 degrees about z (the animation's extreme is 45).
  s.nodes[2].rotation = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  scene::updateWorldTransforms(s);
  const scene::JointMatrices joints(s);
  const scene::Primitive& p = s.meshes[0].primitives[0];
  // Flat normals un-welded the vertices: find the source vertices by position.
  auto where = [&](const glm::vec3& source) {
    for (uint32_t v = 0; v < p.positions.size(); ++v) {
      if (p.positions[v] == source) return scene::deformVertex(s, 0, p, v, joints.matrices());
    }
    ADD_FAILURE() << "no vertex at " << source.x << ", " << source.y;
    return DeformedVertex{};
  };
  // Bottom row, joint 0 only: shifted by the inverse bind matrix and back up by node 1.
  EXPECT_TRUE(near(where({1, 0, 0}).position, {0.5f, 0, 0}));
  // Top row, joint 1 only: (-0.5, 1, 0) from the joint, turned to (-1, -0.5, 0), then up 1.
  EXPECT_TRUE(near(where({0, 2, 0}).position, {-1.0f, 0.5f, 0}));
  EXPECT_TRUE(near(where({1, 2, 0}).position, {-1.0f, 1.5f, 0}));
  // Middle row, half of each joint: joint 0 gives (0.5, 1, 0); joint 1 turns (0.5, 0, 0) to
  // (0, 0.5, 0), then up 1: (0, 1.5, 0). Half and half: (0.25, 1.25, 0).
  EXPECT_TRUE(near(where({1, 1, 0}).position, {0.25f, 1.25f, 0}));
}

TEST(Deform, SceneBoundsFollowThePose) {
  const scene::LoadResult r =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf");
  ASSERT_EQ(r.error, "");
  scene::Scene& s = *r.scene;
  // At rest the joints' inverse bind matrices shift the mesh by -0.5 in x: x in [-0.5, 0.5].
  scene::Bounds b = scene::sceneBounds(s, 0);
  EXPECT_TRUE(near(b.min, {-0.5f, 0, 0}));
  EXPECT_TRUE(near(b.max, {0.5f, 2, 0}));
  // Bent by 90 degrees the top row reaches x = -1 and no vertex rises above 1.5.
  s.nodes[2].rotation = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  scene::updateWorldTransforms(s);
  b = scene::sceneBounds(s, 0);
  EXPECT_TRUE(near(b.min, {-1.0f, 0, 0}));
  EXPECT_TRUE(near(b.max, {0.5f, 1.5f, 0}));
}

}  // namespace
}  // namespace vitrine::test
