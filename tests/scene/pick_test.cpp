// Picking (issue 22 §3, scene/pick.h): what a ray crosses, nearest first, as drawn: single-sided
// back faces culled, hidden nodes skipped, mirrored nodes' winding reversed, and simple_skin
// picked where its pose puts it.
#include <gtest/gtest.h>

#include <numbers>

#include <glm/gtc/quaternion.hpp>

#include "loader.h"
#include "pick.h"

namespace vitrine::test {
namespace {

// Quads -1..1 in the XY planes z = 0 (node 0) and z = -1 (node 1), facing +z, material 0
// (single-sided unless said).
scene::Scene twoQuads(bool doubleSided = false) {
  scene::Scene s;
  scene::Mesh mesh;
  scene::Primitive p;
  p.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  p.normals.assign(4, {0, 0, 1});
  p.indices = {0, 1, 2, 0, 2, 3};
  p.material = 0;
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  mesh.primitives.push_back(p);
  s.meshes.push_back(mesh);
  scene::Material m;
  m.doubleSided = doubleSided;
  s.materials.push_back(m);
  s.nodes.resize(2);
  s.nodes[0].mesh = s.nodes[1].mesh = 0;
  s.nodes[1].translation = {0, 0, -1};
  s.scenes.push_back({"", {0, 1}});
  scene::updateWorldTransforms(s);
  return s;
}

TEST(Pick, HitsAreEveryNodeTheRayCrossesNearestFirst) {
  const scene::Scene s = twoQuads();
  const std::vector<scene::PickHit> hits = scene::pickAll(s, 0, {0.5f, 0.5f, 5}, {0, 0, -1});
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].node, 0);
  EXPECT_FLOAT_EQ(hits[0].distance, 5.0f);
  EXPECT_EQ(hits[1].node, 1);
  EXPECT_FLOAT_EQ(hits[1].distance, 6.0f);
  // Beside the quads, and pointing away from them: nothing.
  EXPECT_TRUE(scene::pickAll(s, 0, {1.5f, 0, 5}, {0, 0, -1}).empty());
  EXPECT_TRUE(scene::pickAll(s, 0, {0, 0, 5}, {0, 0, 1}).empty());
}

TEST(Pick, BackFacesCountOnlyForDoubleSidedMaterials) {
  EXPECT_TRUE(scene::pickAll(twoQuads(false), 0, {0, 0, -5}, {0, 0, 1}).empty());
  const std::vector<scene::PickHit> hits = scene::pickAll(twoQuads(true), 0, {0, 0, -5}, {0, 0, 1});
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].node, 1);  // from behind, the one at z = -1 is nearer
}

TEST(Pick, HiddenAndMirroredNodes) {
  scene::Scene s = twoQuads();
  s.nodes[0].visible = 0.0f;  // KHR_node_visibility
  std::vector<scene::PickHit> hits = scene::pickAll(s, 0, {0, 0, 5}, {0, 0, -1});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].node, 1);
  // Node 1 mirrored in z faces -z (glTF 2.0 §3.7.4: its winding reverses): culled from +z,
  // hit from -z.
  s.nodes[1].scale = {1, 1, -1};
  scene::updateWorldTransforms(s);
  EXPECT_TRUE(scene::pickAll(s, 0, {0, 0, 5}, {0, 0, -1}).empty());
  hits = scene::pickAll(s, 0, {0, 0, -5}, {0, 0, 1});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].node, 1);
}

// simple_skin bent by 90 degrees at its second joint: its top row swings to x = -1 (deform_test),
// so a ray at (-0.8, 1) hits it only when bent, and one at (0.3, 1.9) only at rest.
TEST(Pick, ASkinnedMeshIsPickedWhereItsPoseIsDrawn) {
  const scene::LoadResult r =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf");
  ASSERT_EQ(r.error, "");
  scene::Scene& s = *r.scene;
  const glm::vec3 down(0, 0, -1);
  EXPECT_EQ(scene::pickAll(s, 0, {0.3f, 1.9f, 5}, down).size(), 1u);
  EXPECT_TRUE(scene::pickAll(s, 0, {-0.8f, 1.0f, 5}, down).empty());
  s.nodes[2].rotation = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  scene::updateWorldTransforms(s);
  const std::vector<scene::PickHit> hits = scene::pickAll(s, 0, {-0.8f, 1.0f, 5}, down);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].node, 0);  // the skinned mesh's node
  EXPECT_TRUE(scene::pickAll(s, 0, {0.3f, 1.9f, 5}, down).empty());
}

// KHR_gaussian_splatting: a splat primitive is hit by its splats' 2-sigma ellipsoids (opacity
// 0.1 or more), under its node's transform.
TEST(Pick, SplatPrimitivesAreHitByTheirSplatsEllipsoids) {
  auto cloud = std::make_shared<scene::SplatCloud>();
  cloud->count = 2;
  cloud->positions = {{0, 0, 0}, {1, 0, 0}};
  // Splat 0: standard deviations 0.1, 0.3, 0.2 turned 90 degrees about z (its x axis along y).
  const glm::quat turn = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  cloud->rotations = {{turn.x, turn.y, turn.z, turn.w}, {0, 0, 0, 1}};
  cloud->scales = {{0.1f, 0.3f, 0.2f}, {0.5f, 0.5f, 0.5f}};
  cloud->opacities = {1.0f, 0.05f};  // splat 1 is a faint floater
  cloud->sh.assign(2, glm::vec3(0.0f));
  scene::Scene s;
  scene::Mesh mesh;
  scene::Primitive p;
  p.topology = scene::Topology::Points;
  p.splats = cloud;
  p.bounds.extend({-2, -2, -2});
  p.bounds.extend({2, 2, 2});
  mesh.primitives.push_back(p);
  s.meshes.push_back(mesh);
  s.nodes.resize(1);
  s.nodes[0].mesh = 0;
  s.nodes[0].translation = {0, 0, -1};
  s.nodes[0].scale = {1, 1, 2};
  s.scenes.push_back({"", {0}});
  scene::updateWorldTransforms(s);
  // Down the z axis: enters the ellipsoid at z = -1 + 2 * (2 * 0.2).
  std::vector<scene::PickHit> hits = scene::pickAll(s, 0, {0, 0, 5}, {0, 0, -1});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_NEAR(hits[0].distance, 6.0f - 0.8f, 1e-4f);
  // The turned axes: along x the half-extent is 2 * 0.3, along y 2 * 0.1.
  EXPECT_EQ(scene::pickAll(s, 0, {0.55f, 0, 5}, {0, 0, -1}).size(), 1u);
  EXPECT_TRUE(scene::pickAll(s, 0, {0, 0.25f, 5}, {0, 0, -1}).empty());
  // The faint splat at x = 1 is not hit.
  EXPECT_TRUE(scene::pickAll(s, 0, {1, 0, 5}, {0, 0, -1}).empty());
}

}  // namespace
}  // namespace vitrine::test
