// The loader on generated assets: nodes, hierarchy rules, scenes and cameras.
#include <gtest/gtest.h>

#include <cfloat>
#include <numbers>

#include <cstring>
#include <functional>
#include <optional>

#include <glm/gtc/matrix_transform.hpp>

#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;

void expectNear(const glm::mat4& a, const glm::mat4& b) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[c][r], b[c][r], 1e-5f) << c << "," << r;
  }
}

// --- nodes and scenes -------------------------------------------------------------------

TEST(Nodes, TrsAndWorldTransforms) {
  AssetBuilder b;
  const int child = b.addNode({{"translation", {1, 0, 0}}, {"name", "child"}});
  const int root = b.addNode({{"children", {child}},
                              {"translation", {0, 2, 0}},
                              {"rotation", {0, 0, 0.70710678, 0.70710678}},  // 90° about z
                              {"scale", {2, 2, 2}}});
  b.addScene({root});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  EXPECT_EQ(s.nodes[child].name, "child");
  EXPECT_EQ(s.nodes[child].parent, root);
  EXPECT_FALSE(s.nodes[root].hasMatrix);
  EXPECT_EQ(s.nodes[root].scale, glm::vec3(2));
  EXPECT_NEAR(s.nodes[root].rotation.w, 0.70710678f, 1e-6f);
  EXPECT_NEAR(s.nodes[root].rotation.z, 0.70710678f, 1e-6f);
  // child origin: rotate (1,0,0) by 90° about z -> (0,1,0), scale 2 -> (0,2,0), + (0,2,0).
  const glm::vec4 origin = s.world[child] * glm::vec4(0, 0, 0, 1);
  EXPECT_NEAR(origin.x, 0.0f, 1e-5f);
  EXPECT_NEAR(origin.y, 4.0f, 1e-5f);
}

TEST(Nodes, MatrixIsKeptAndDecomposedForDisplay) {
  const glm::mat4 m = glm::translate(glm::mat4(1), {1, 2, 3}) *
                      glm::rotate(glm::mat4(1), 0.5f, glm::vec3(0, 1, 0)) *
                      glm::scale(glm::mat4(1), {2, 3, 4});
  json matrix = json::array();
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) matrix.push_back(m[c][r]);  // column-major, as glTF
  }
  AssetBuilder b;
  b.addScene({b.addNode({{"matrix", matrix}})});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Node& n = r.scene->nodes[0];
  EXPECT_TRUE(n.hasMatrix);
  EXPECT_EQ(n.matrix, m);
  EXPECT_EQ(n.localMatrix(), m);
  EXPECT_NEAR(glm::distance(n.translation, glm::vec3(1, 2, 3)), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::distance(n.scale, glm::vec3(2, 3, 4)), 0.0f, 1e-5f);
  const glm::quat expected = glm::angleAxis(0.5f, glm::vec3(0, 1, 0));
  EXPECT_NEAR(std::abs(glm::dot(n.rotation, expected)), 1.0f, 1e-5f);
  // TRS rebuilt from the decomposition gives the matrix back.
  scene::Node trs = n;
  trs.hasMatrix = false;
  expectNear(trs.localMatrix(), m);
}

TEST(Nodes, MirrorMatrixDecomposesWithNegativeScale) {
  AssetBuilder b;
  b.addScene({b.addNode({{"matrix", {-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}})});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  scene::Node trs = r.scene->nodes[0];
  EXPECT_EQ(trs.scale, glm::vec3(-1, 1, 1));
  trs.hasMatrix = false;
  expectNear(trs.localMatrix(), r.scene->nodes[0].matrix);
}

TEST(Nodes, WithoutScenesOneSceneHoldsEveryRoot) {
  AssetBuilder b;
  b.addNode({});
  b.addNode({{"children", {0}}});
  b.addNode({});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->scenes.size(), 1u);
  EXPECT_EQ(r.scene->scenes[0].nodes, (std::vector<int>{1, 2}));
  EXPECT_EQ(r.scene->activeScene, 0);
}

TEST(Nodes, TwoScenesMayListTheSameNode) {
  AssetBuilder b;
  b.addNode({});
  b.addScene({0});
  b.addScene({0});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->scenes[1].nodes, std::vector<int>{0});
}

TEST(Nodes, DefaultSceneIsActive) {
  AssetBuilder b;
  b.addNode({});
  b.addNode({});
  b.addScene({0});
  b.addScene({1});
  b.json()["scene"] = 1;
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->activeScene, 1);
  EXPECT_EQ(r.scene->scenes[1].nodes, std::vector<int>{1});
}

struct HierarchyCase {
  const char* name;
  std::vector<json> nodes;
  std::vector<int> sceneNodes;
  std::string error;
};
void PrintTo(const HierarchyCase& c, std::ostream* os) {
  *os << c.name;
}

class Hierarchy : public testing::TestWithParam<HierarchyCase> {};

TEST_P(Hierarchy, IsRejected) {
  AssetBuilder b;
  for (const json& n : GetParam().nodes) b.addNode(n);
  b.addScene(GetParam().sceneNodes);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Nodes, Hierarchy,
    testing::Values(
        HierarchyCase{"TwoParents",
                      {{{"children", {2}}}, {{"children", {2}}}, json::object()},
                      {0, 1},
                      "/nodes/1/children/0: node 2 already has parent node 0 (a node has at most "
                      "one)"},
        HierarchyCase{
            "OwnChild", {{{"children", {0}}}}, {}, "/nodes/0/children/0: node 0 is its own child"},
        HierarchyCase{"ThreeNodeCycle",
                      {{{"children", {1}}}, {{"children", {2}}}, {{"children", {0}}}},
                      {},
                      "/nodes/2/children/0: node 0 is its own ancestor (cycle 0 -> 1 -> 2 -> 0)"},
        HierarchyCase{
            "CycleBelowARoot",
            {{{"children", {1}}}, json::object(), {{"children", {3}}}, {{"children", {2}}}},
            {0},
            "/nodes/3/children/0: node 2 is its own ancestor (cycle 2 -> 3 -> 2)"},
        HierarchyCase{"SceneNodeNotARoot",
                      {{{"children", {1}}}, json::object()},
                      {0, 1},
                      "/scenes/0/nodes/1: node 1 is not a root node (child of node 0)"},
        HierarchyCase{"SceneListsANodeTwice",
                      {json::object(), json::object()},
                      {1, 0, 1},
                      "/scenes/0/nodes/2: node 1 is listed twice"}),
    [](const auto& info) { return std::string(info.param.name); });

// --- cameras ----------------------------------------------------------------------------

TEST(Cameras, AbsentZfarAndAspectRatioStayAbsent) {
  AssetBuilder b;
  b.addPerspectiveCamera(0.9f, 0.1f);
  b.addPerspectiveCamera(0.9f, 0.1f, 50.0f, 1.5f);
  b.addCamera({{"type", "orthographic"},
               {"orthographic", {{"xmag", 2}, {"ymag", 3}, {"znear", 0}, {"zfar", 10}}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const auto& c = r.scene->cameras;
  ASSERT_EQ(c.size(), 3u);
  EXPECT_FALSE(c[0].zfar.has_value());
  EXPECT_FALSE(c[0].aspectRatio.has_value());
  EXPECT_EQ(c[0].yfov, 0.9f);
  EXPECT_EQ(c[0].znear, 0.1f);
  // Infinite projection: the depth row is (-1, -2 n).
  const glm::mat4 p = c[0].projection(2.0f);
  EXPECT_EQ(p[2][2], -1.0f);
  EXPECT_FLOAT_EQ(p[3][2], -0.2f);
  EXPECT_EQ(c[1].zfar, 50.0f);
  EXPECT_EQ(c[1].aspectRatio, 1.5f);
  EXPECT_EQ(c[2].type, scene::Camera::Type::Orthographic);
  EXPECT_EQ(c[2].xmag, 2.0f);
  EXPECT_EQ(c[2].ymag, 3.0f);
  EXPECT_EQ(c[2].znear, 0.0f);
  EXPECT_EQ(c[2].zfar, 10.0f);
}

// The schema's constraints hold for the doubles; the loader checks them again on the floats
// it stores. A value that is out of range as a float is repaired with a warning
// (gltf/TOLERANCE.md); one that does not fit a float is an error.
struct CameraCase {
  const char* name;
  json camera;
  std::string warning;
  std::string error = {};
};
void PrintTo(const CameraCase& c, std::ostream* os) {
  *os << c.name;
}

class CameraAfterFloatConversion : public testing::TestWithParam<CameraCase> {};

TEST_P(CameraAfterFloatConversion, IsRepairedOrRejected) {
  AssetBuilder b;
  b.addCamera(GetParam().camera);
  b.addNode({{"camera", 0}});
  const LoadResult r = load(b);
  if (!GetParam().error.empty()) {
    EXPECT_EQ(errorOf(b), GetParam().error);
    return;
  }
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{GetParam().warning});
  const scene::Camera& c = r.scene->cameras.at(0);
  // What loadCameras requires of the floats holds after the repair.
  if (c.type == scene::Camera::Type::Perspective) {
    EXPECT_GT(c.yfov, 0.0f);
    EXPECT_LT(c.yfov, std::numbers::pi_v<float>);
    EXPECT_GE(c.znear, FLT_MIN);
  } else {
    EXPECT_NE(c.xmag, 0.0f);
    EXPECT_NE(c.ymag, 0.0f);
  }
  if (c.zfar) {
    EXPECT_GT(*c.zfar, c.znear);
  }
}

json perspective(double yfov, double znear, std::optional<double> zfar = {}) {
  json p = {{"yfov", yfov}, {"znear", znear}};
  if (zfar) p["zfar"] = *zfar;
  return {{"type", "perspective"}, {"perspective", p}};
}
json orthographic(double xmag, double ymag, double znear, double zfar) {
  return {{"type", "orthographic"},
          {"orthographic", {{"xmag", xmag}, {"ymag", ymag}, {"znear", znear}, {"zfar", zfar}}}};
}

INSTANTIATE_TEST_SUITE_P(
    Cameras, CameraAfterFloatConversion,
    testing::Values(
        CameraCase{"YfovOfPi", perspective(3.2, 0.1),
                   "/cameras/0/perspective/yfov: 3.2 is outside (0, pi); clamped to 3.13"},
        CameraCase{"YfovUnderflows", perspective(1e-50, 0.1),
                   "/cameras/0/perspective/yfov: 1e-50 is outside (0, pi); clamped to 0.01"},
        CameraCase{"ZnearUnderflows", perspective(1, 1e-50),
                   "/cameras/0/perspective/znear: 1e-50 is not > 0; clamped to 0.001"},
        CameraCase{"ZnearDenormal", perspective(1, 1e-40),
                   "/cameras/0/perspective/znear: 1e-40 is not > 0; clamped to 0.001"},
        CameraCase{"ZfarEqualsZnear", perspective(1, 1, 1.00000001),
                   "/cameras/0/perspective/zfar: 1.00000001 is not greater than znear 1; ignored "
                   "(infinite projection)"},
        CameraCase{"XmagUnderflows", orthographic(1e-50, 1, 0, 1),
                   "/cameras/0/orthographic/xmag: must not be zero; set to 1"},
        CameraCase{"YmagUnderflows", orthographic(1, -1e-50, 0, 1),
                   "/cameras/0/orthographic/ymag: must not be zero; set to 1"},
        CameraCase{"OrthographicZfarEqualsZnear", orthographic(1, 1, 2, 2.00000001),
                   "/cameras/0/orthographic/zfar: 2.00000001 is not greater than znear 2; set to "
                   "1002"},
        CameraCase{"BeyondFloatRange", perspective(1, 0.1, 1e39), "",
                   "/cameras/0/perspective/zfar: 1e+39 does not fit a 32-bit float"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vitrine::test
