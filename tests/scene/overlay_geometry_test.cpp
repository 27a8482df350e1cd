// The overlays' geometry (issue 22 §2, scene/overlay_geometry.h) against values worked out by
// hand: a skeleton's bones and joints as posed, a box's edges, vertex normals and tangents with
// their cap, light and camera gizmos.
#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "overlay_geometry.h"

namespace vitrine::test {
namespace {

constexpr float kEps = 1e-5f;

bool near(const glm::vec3& a, const glm::vec3& b) {
  return glm::length(a - b) < kEps;
}

// A chain of three joints along +y, one unit apart (node 0 root, 1 and 2 its descendants),
// plus node 3 under joint 1 that is no joint (a joint below it still hangs from joint 1).
scene::Scene chain() {
  scene::Scene s;
  s.nodes.resize(5);
  s.nodes[0].children = {1};
  s.nodes[1].parent = 0;
  s.nodes[1].translation = {0, 1, 0};
  s.nodes[1].children = {3};
  s.nodes[3].parent = 1;
  s.nodes[3].translation = {0, 0.5f, 0};
  s.nodes[3].children = {2};
  s.nodes[2].parent = 3;
  s.nodes[2].translation = {0, 0.5f, 0};
  scene::Skin skin;
  skin.joints = {0, 1, 2};
  skin.inverseBindMatrices.assign(3, glm::mat4(1.0f));
  s.skins.push_back(skin);
  s.scenes.push_back({"", {0}});
  scene::updateWorldTransforms(s);
  return s;
}

TEST(OverlayGeometry, ASkeletonsBonesJoinEachJointToItsNearestJointAncestor) {
  scene::Scene s = chain();
  scene::Skeleton k = scene::skeleton(s, 0);
  ASSERT_EQ(k.joints.size(), 3u);
  EXPECT_TRUE(near(k.joints[0], {0, 0, 0}));
  EXPECT_TRUE(near(k.joints[1], {0, 1, 0}));
  EXPECT_TRUE(near(k.joints[2], {0, 2, 0}));
  ASSERT_EQ(k.bones.size(), 2u);  // the root has none
  EXPECT_TRUE(near(k.bones[0].a, {0, 0, 0}) && near(k.bones[0].b, {0, 1, 0}));
  EXPECT_TRUE(near(k.bones[1].a, {0, 1, 0}) && near(k.bones[1].b, {0, 2, 0}));
  // Posed: joint 1 turned 90 degrees about +z swings everything above it to -x.
  s.nodes[1].rotation = glm::angleAxis(float(M_PI / 2), glm::vec3(0, 0, 1));
  scene::updateWorldTransforms(s);
  k = scene::skeleton(s, 0);
  EXPECT_TRUE(near(k.joints[2], {-1, 1, 0}));
  EXPECT_TRUE(near(k.bones[1].b, {-1, 1, 0}));
  EXPECT_EQ(scene::skeleton(s, 1).joints.size(), 0u);  // no such skin
}

TEST(OverlayGeometry, SkinsInTheSceneAreThoseItsNodesUse) {
  scene::Scene s = chain();
  EXPECT_TRUE(scene::skinsInScene(s, 0).empty());  // no node is skinned yet
  s.nodes[4].skin = 0;
  s.nodes[4].mesh = -1;
  s.nodes[0].children.push_back(4);
  s.nodes[4].parent = 0;
  EXPECT_EQ(scene::skinsInScene(s, 0), std::vector<int>{0});
  s.nodes[0].visible = 0.0f;
  EXPECT_FALSE(scene::nodeShown(s, 2));  // hidden with its ancestor
  EXPECT_TRUE(scene::nodeShown(s, 4) == false);
}

TEST(OverlayGeometry, ABoxHasTwelveEdgesOfItsSides) {
  scene::Bounds b;
  b.extend({0, 0, 0});
  b.extend({1, 2, 3});
  std::vector<scene::Segment> edges;
  scene::boxEdges(b, edges);
  ASSERT_EQ(edges.size(), 12u);
  float total = 0.0f;
  for (const scene::Segment& e : edges) total += glm::length(e.b - e.a);
  EXPECT_NEAR(total, 4.0f * (1 + 2 + 3), kEps);
  edges.clear();
  scene::boxEdges(scene::Bounds{}, edges);
  EXPECT_TRUE(edges.empty());
}

// A quad of four vertices (normal +z, tangent +x) under a node moved by (5, 0, 0).
scene::Scene quad(int copies = 1) {
  scene::Scene s;
  scene::Mesh mesh;
  scene::Primitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  p.normals.assign(4, {0, 0, 2});  // not unit: the lines are
  p.tangents.assign(4, {1, 0, 0, 1});
  p.indices = {0, 1, 2, 0, 2, 3};
  mesh.primitives.push_back(p);
  s.meshes.push_back(mesh);
  scene::SceneRoots roots;
  for (int i = 0; i < copies; ++i) {
    scene::Node n;
    n.mesh = 0;
    n.translation = {5.0f * float(i + 1), 0, 0};
    s.nodes.push_back(n);
    roots.nodes.push_back(i);
  }
  s.scenes.push_back(roots);
  scene::updateWorldTransforms(s);
  return s;
}

TEST(OverlayGeometry, VertexFramesStartAtTheVerticesAlongTheirUnitNormalAndTangent) {
  const scene::Scene s = quad();
  std::vector<scene::Segment> normals, tangents;
  const scene::VertexFrameCount c = scene::vertexFrames(s, 0, 0.5f, 1000, normals, tangents);
  EXPECT_EQ(c.shown, 4u);
  EXPECT_EQ(c.total, 4u);
  ASSERT_EQ(normals.size(), 4u);
  ASSERT_EQ(tangents.size(), 4u);
  EXPECT_TRUE(near(normals[2].a, {6, 1, 0}));
  EXPECT_TRUE(near(normals[2].b, {6, 1, 0.5f}));
  EXPECT_TRUE(near(tangents[3].b, {5.5f, 1, 0}));
}

TEST(OverlayGeometry, VertexFramesPastTheCapTakeEveryKthVertex) {
  const scene::Scene s = quad(3);  // 12 vertices
  std::vector<scene::Segment> normals, tangents;
  const scene::VertexFrameCount c = scene::vertexFrames(s, 0, 0.5f, 5, normals, tangents);
  EXPECT_EQ(c.total, 12u);
  // Every 3rd vertex (12 / 5 rounded up) counted across the quads: vertices 0, 3, 6 and 9.
  EXPECT_EQ(c.shown, 4u);
  ASSERT_EQ(normals.size(), 4u);
  EXPECT_TRUE(near(normals[1].a, {5, 1, 0}));   // quad 0, vertex 3
  EXPECT_TRUE(near(normals[2].a, {11, 1, 0}));  // quad 1, vertex 2
  EXPECT_TRUE(near(normals[3].a, {16, 0, 0}));  // quad 2, vertex 1
  // Many small primitives stay under the cap (one vertex each would not).
  normals.clear();
  tangents.clear();
  EXPECT_LE(scene::vertexFrames(quad(10), 0, 0.5f, 5, normals, tangents).shown, 5u);
}

// Isolate's mask: only the masked-in nodes' vertices; a skin when its skinned node or one of
// its joints is masked in.
TEST(OverlayGeometry, AMaskKeepsOnlyItsNodes) {
  const scene::Scene q = quad(3);
  std::vector<scene::Segment> normals, tangents;
  const std::vector<uint8_t> second = {0, 1, 0};
  const scene::VertexFrameCount c =
      scene::vertexFrames(q, 0, 0.5f, 1000, normals, tangents, &second);
  EXPECT_EQ(c.total, 4u);
  ASSERT_EQ(normals.size(), 4u);
  EXPECT_TRUE(near(normals[0].a, {10, 0, 0}));  // quad 1, under its node at x = 10
  scene::Scene s = chain();
  s.nodes[4].skin = 0;
  s.nodes[4].mesh = -1;
  s.nodes[0].children.push_back(4);
  s.nodes[4].parent = 0;
  const std::vector<uint8_t> skinned = {0, 0, 0, 0, 1}, joint = {0, 0, 1, 0, 0},
                             neither = {0, 0, 0, 1, 0};
  EXPECT_EQ(scene::skinsInScene(s, 0, &skinned), std::vector<int>{0});
  EXPECT_EQ(scene::skinsInScene(s, 0, &joint), std::vector<int>{0});
  EXPECT_TRUE(scene::skinsInScene(s, 0, &neither).empty());
  EXPECT_FALSE(scene::inMask(&neither, 5));  // past the mask: out
  EXPECT_TRUE(scene::inMask(nullptr, 5));
}

TEST(OverlayGeometry, LightGizmosShowDirectionConeAndRange) {
  scene::Scene s;
  s.nodes.resize(3);
  for (int i = 0; i < 3; ++i) s.nodes[size_t(i)].light = i;
  scene::Light directional, spot, point;
  directional.type = scene::Light::Type::Directional;
  spot.type = scene::Light::Type::Spot;
  spot.range = 2.0f;
  spot.outerConeAngle = float(M_PI / 4);
  point.type = scene::Light::Type::Point;
  s.lights = {directional, spot, point};
  s.nodes[1].translation = {0, 3, 0};
  s.scenes.push_back({"", {0, 1, 2}});
  scene::updateWorldTransforms(s);
  std::vector<scene::Segment> out;
  scene::lightGizmo(s, 0, 1.0f, out);
  ASSERT_EQ(out.size(), 5u);                // shaft and four barbs
  EXPECT_TRUE(near(out[0].b, {0, 0, -1}));  // along the node's -Z
  out.clear();
  scene::lightGizmo(s, 1, 1.0f, out);
  ASSERT_EQ(out.size(), 8u + 24u);  // cone lines and the rim at the range
  // Each cone line ends on the rim: 2 deep, 2 tan(45 degrees) out.
  EXPECT_NEAR(out[0].b.z, -2.0f, kEps);
  EXPECT_NEAR(glm::length(glm::vec2(out[0].b.x, out[0].b.y - 3.0f)), 2.0f, 1e-4f);
  out.clear();
  scene::lightGizmo(s, 2, 1.5f, out);
  ASSERT_EQ(out.size(), 3u * 24u);
  EXPECT_NEAR(glm::length(out[0].a), 1.5f, 1e-4f);  // no range: the size
}

TEST(OverlayGeometry, ACameraGizmoIsItsFrustumToTheFarPlane) {
  scene::Scene s;
  s.nodes.resize(1);
  s.nodes[0].camera = 0;
  scene::Camera c;
  c.yfov = float(M_PI / 2);  // tan(45) = 1: the section's half height is its depth
  c.aspectRatio = 2.0f;
  c.znear = 1.0f;
  c.zfar = 3.0f;
  s.cameras.push_back(c);
  s.scenes.push_back({"", {0}});
  scene::updateWorldTransforms(s);
  std::vector<scene::Segment> out;
  scene::cameraGizmo(s, 0, 1.0f, 10.0f, out);
  ASSERT_EQ(out.size(), 4u + 4u + 4u + 2u);
  EXPECT_TRUE(near(out[0].a, {-2, -1, -1}));  // near plane, bottom left
  EXPECT_TRUE(near(out[4].a, {-6, -3, -3}));  // far plane
  out.clear();
  s.cameras[0].zfar.reset();  // infinite: to the size given
  scene::cameraGizmo(s, 0, 1.0f, 10.0f, out);
  EXPECT_TRUE(near(out[4].a, {-20, -10, -10}));
}

}  // namespace
}  // namespace vitrine::test
