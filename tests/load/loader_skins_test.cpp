// The loader on skins, skinning influences (JOINTS_n / WEIGHTS_n) and morph targets: generated
// assets for each format and error, and the two sample models that use them.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>

#include "load_steps.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;

const std::vector<glm::vec3> kSquare = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};

// An accessor of integer components (any glTF component type), tightly packed.
template <class T>
int addInts(AssetBuilder& b, const std::vector<T>& values, const std::string& type,
            int componentType, bool normalized = false) {
  AccessorDesc d;
  d.bufferView = b.addBufferView(values);
  d.type = type;
  d.componentType = componentType;
  d.normalized = normalized;
  d.count = uint32_t(values.size() / (type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4));
  return b.addAccessor(d);
}

json& primitive(AssetBuilder& b, size_t mesh = 0) {
  return b.json()["meshes"][mesh]["primitives"][0];
}

// Node 0 holds mesh 0 (kSquare with NORMAL and indices; accessors 0-2), skinned by skin 0 of
// joints node 1 and node 2 (children of node 0); JOINTS_0 (UNSIGNED_BYTE, accessor 3) and
// WEIGHTS_0 (FLOAT, accessor 4); no inverseBindMatrices.
AssetBuilder skinAsset() {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(kSquare);
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(4, {0, 0, 1}));
  p.indices = b.addIndices({0, 1, 2, 0, 2, 3});
  p.attributes["JOINTS_0"] = addInts<uint8_t>(b, {0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0},
                                              "VEC4", gl::kUnsignedByte);
  p.attributes["WEIGHTS_0"] =
      b.addVec4({{0.5f, 0.5f, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {0.25f, 0.75f, 0, 0}});
  b.addMesh({p});
  b.addNode({{"mesh", 0}, {"skin", 0}, {"children", {1}}});
  b.addNode({{"children", {2}}, {"translation", {0, 1, 0}}});
  b.addNode(json::object());
  b.json()["skins"] = {{{"joints", {1, 2}}}};
  b.addScene({0});
  return b;
}

// --- skins -------------------------------------------------------------------------------

TEST(Skins, WithoutInverseBindMatricesTheyAreIdentity) {
  const LoadResult r = load(skinAsset());
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->skins.size(), 1u);
  const scene::Skin& s = r.scene->skins[0];
  EXPECT_EQ(s.joints, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.inverseBindMatrices, std::vector<glm::mat4>(2, glm::mat4(1.0f)));
  EXPECT_EQ(s.skeleton, -1);
  EXPECT_EQ(r.scene->nodes[0].skin, 0);
}

TEST(Skins, InverseBindMatricesSkeletonAndName) {
  AssetBuilder b = skinAsset();
  std::vector<float> ibm;
  for (int k = 0; k < 3; ++k) {  // more matrices than joints is allowed
    glm::mat4 m(1.0f);
    m[3] = glm::vec4(float(k), -1.0f - float(k), 0.5f, 1.0f);
    m[0][1] = 0.25f * float(k);
    ibm.insert(ibm.end(), &m[0][0], &m[0][0] + 16);
  }
  b.json()["skins"][0]["inverseBindMatrices"] = b.addFloats(ibm, "MAT4");
  b.json()["skins"][0]["skeleton"] = 1;
  b.json()["skins"][0]["name"] = "arm";
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Skin& s = r.scene->skins[0];
  EXPECT_EQ(s.name, "arm");
  EXPECT_EQ(s.skeleton, 1);
  ASSERT_EQ(s.inverseBindMatrices.size(), 2u);
  EXPECT_EQ(s.inverseBindMatrices[1][3], glm::vec4(1.0f, -2.0f, 0.5f, 1.0f));
  EXPECT_EQ(s.inverseBindMatrices[1][0], glm::vec4(1.0f, 0.25f, 0.0f, 0.0f));
}

TEST(Skins, OnANodeWithoutMeshAreAWarning) {
  AssetBuilder b = skinAsset();
  b.json()["nodes"][2]["skin"] = 0;
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->nodes[2].skin, -1);
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{"/nodes/2/skin: the node has no mesh; ignored"}));
}

TEST(Skins, PrimitiveWithoutJointsIsDrawnUnskinnedWithAWarning) {
  AssetBuilder b = skinAsset();
  primitive(b)["attributes"].erase("JOINTS_0");
  primitive(b)["attributes"].erase("WEIGHTS_0");
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].primitives[0].influenceSets, 0u);
  EXPECT_EQ(warningsOf(r), (std::vector<std::string>{
                               "/meshes/0/primitives/0/attributes: no JOINTS_0/WEIGHTS_0, but "
                               "node 0 instantiates the mesh with skin 0; drawn unskinned"}));
}

// --- influences --------------------------------------------------------------------------

TEST(Influences, OneSetOfByteJointsAndFloatWeights) {
  const LoadResult r = load(skinAsset());
  ASSERT_EQ(r.error, "");
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(p.influenceSets, 1u);
  EXPECT_EQ(p.joints,
            (std::vector<glm::u16vec4>{{0, 1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}}));
  EXPECT_EQ(p.weights[3], glm::vec4(0.25f, 0.75f, 0, 0));
  EXPECT_EQ(p.minSkinJoints, 2u);
}

TEST(Influences, SecondSetOfShortJointsAndNormalizedWeights) {
  AssetBuilder b = skinAsset();
  b.json()["skins"][0]["joints"] = {1, 2, 3};
  b.addNode(json::object());  // node 3
  b.json()["nodes"][2]["children"] = {3};
  primitive(b)["attributes"]["JOINTS_1"] = addInts<uint16_t>(
      b, {2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0}, "VEC4", gl::kUnsignedShort);
  // formulas.md: unsigned byte c / 255, unsigned short c / 65535.
  primitive(b)["attributes"]["WEIGHTS_1"] = addInts<uint8_t>(
      b, {51, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 102, 153, 0, 0}, "VEC4", gl::kUnsignedByte, true);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(p.influenceSets, 2u);
  ASSERT_EQ(p.joints.size(), 8u);
  // Vertex after vertex, set after set.
  EXPECT_EQ(p.joints[6], glm::u16vec4(0, 1, 0, 0));
  EXPECT_EQ(p.joints[7], glm::u16vec4(2, 1, 0, 0));
  EXPECT_EQ(p.weights[1], glm::vec4(0.2f, 0, 0, 0));
  EXPECT_EQ(p.weights[7], glm::vec4(0.4f, 0.6f, 0, 0));
  EXPECT_EQ(p.minSkinJoints, 3u);
}

TEST(Influences, ShortNormalizedWeights) {
  AssetBuilder b = skinAsset();
  primitive(b)["attributes"]["WEIGHTS_0"] =
      addInts<uint16_t>(b, {65535, 0, 0, 0, 0, 65535, 0, 0, 13107, 52428, 0, 0, 0, 0, 0, 65535},
                        "VEC4", gl::kUnsignedShort, true);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(p.weights[2], glm::vec4(13107.0f / 65535.0f, 52428.0f / 65535.0f, 0, 0));
  EXPECT_EQ(p.weights[3], glm::vec4(0, 0, 0, 1));
}

TEST(Influences, AreUnweldedWithFlatNormals) {
  AssetBuilder b = skinAsset();
  primitive(b)["attributes"].erase("NORMAL");
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  ASSERT_EQ(p.positions.size(), 6u);  // indices 0 1 2 0 2 3
  ASSERT_EQ(p.joints.size(), 6u);
  EXPECT_EQ(p.joints[3], glm::u16vec4(0, 1, 0, 0));        // vertex 0 again
  EXPECT_EQ(p.weights[5], glm::vec4(0.25f, 0.75f, 0, 0));  // vertex 3
}

TEST(Influences, WithoutSkinNeedNoJointRange) {
  // A mesh that no node skins may hold any joint index: nothing indexes a skin with it.
  AssetBuilder b = skinAsset();
  b.json()["nodes"][0].erase("skin");
  primitive(b)["attributes"]["JOINTS_0"] =
      addInts<uint8_t>(b, std::vector<uint8_t>(16, 200), "VEC4", gl::kUnsignedByte);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].primitives[0].minSkinJoints, 201u);
}

// --- morph targets ---------------------------------------------------------------------------

// Mesh 0 of skinAsset() without skin, with `targets` on its primitive.
AssetBuilder targetAsset(const json& targets) {
  AssetBuilder b = skinAsset();
  b.json()["nodes"][0].erase("skin");
  if (!targets.empty()) primitive(b)["targets"] = targets;
  return b;
}

TEST(Targets, PositionNormalAndTangentDisplacements) {
  AssetBuilder b = skinAsset();
  primitive(b)["attributes"]["TANGENT"] = b.addVec4(std::vector<glm::vec4>(4, {1, 0, 0, -1}));
  const int dp = b.addVec3({{0, 0, 1}, {0, 0, 2}, {0, 0, 3}, {0, 0, 4}});
  const int dn = b.addVec3(std::vector<glm::vec3>(4, {0.5f, 0, 0}));
  const int dt = b.addVec3(std::vector<glm::vec3>(4, {0, 0.25f, 0}));
  primitive(b)["targets"] = {{{"POSITION", dp}}, {{"NORMAL", dn}, {"TANGENT", dt}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  ASSERT_EQ(p.targets.size(), 2u);
  EXPECT_EQ(p.targets[0].positions[3], glm::vec3(0, 0, 4));
  EXPECT_TRUE(p.targets[0].normals.empty());
  EXPECT_TRUE(p.targets[1].positions.empty());
  EXPECT_EQ(p.targets[1].normals[0], glm::vec3(0.5f, 0, 0));
  EXPECT_EQ(p.targets[1].tangents[2], glm::vec3(0, 0.25f, 0));
  EXPECT_EQ(r.scene->meshes[0].targetCount, 2u);
}

TEST(Targets, TexcoordAndColorDeltasOfEveryAllowedFormat) {
  AssetBuilder b = skinAsset();
  b.json()["nodes"][0].erase("skin");
  primitive(b)["attributes"]["TEXCOORD_0"] = b.addVec2(std::vector<glm::vec2>(4, {0.5f, 0.5f}));
  primitive(b)["attributes"]["TEXCOORD_1"] = b.addVec2(std::vector<glm::vec2>(4, {0, 0}));
  primitive(b)["attributes"]["COLOR_0"] = b.addVec4(std::vector<glm::vec4>(4, {1, 1, 1, 1}));
  // formulas.md: signed short max(c / 32767, -1), signed byte max(c / 127, -1).
  const int uv0 = addInts<int16_t>(b, {-32768, 32767, 0, 0, 0, 0, 0, 0}, "VEC2", gl::kShort, true);
  const int uv1 = b.addVec2(std::vector<glm::vec2>(4, {0.125f, 0.25f}));
  const int rgb =
      addInts<int8_t>(b, {-127, 0, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "VEC3", gl::kByte, true);
  primitive(b)["targets"] = {{{"TEXCOORD_0", uv0}, {"TEXCOORD_1", uv1}, {"COLOR_0", rgb}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::MorphTarget& t = r.scene->meshes[0].primitives[0].targets[0];
  EXPECT_EQ(t.texcoords[0][0], glm::vec2(-1.0f, 1.0f));
  EXPECT_EQ(t.texcoords[1][3], glm::vec2(0.125f, 0.25f));
  EXPECT_EQ(t.colors[0], glm::vec4(-1, 0, 1, 0));  // VEC3 deltas: alpha delta 0
}

// TEXCOORD_2..7 displacements are not drawn: one warning per primitive names the first, and
// the target's other attributes still load.
TEST(Targets, ExtraTexcoordDisplacementsAreAWarning) {
  AssetBuilder b = skinAsset();
  b.json()["nodes"][0].erase("skin");
  primitive(b)["attributes"]["TEXCOORD_3"] = b.addVec2(std::vector<glm::vec2>(4, {0, 0}));
  primitive(b)["attributes"]["TEXCOORD_4"] = b.addVec2(std::vector<glm::vec2>(4, {0, 0}));
  const int uv = b.addVec2(std::vector<glm::vec2>(4, {0.5f, 0.5f}));
  const int position = b.addVec3(std::vector<glm::vec3>(4, {0, 0, 1}));
  primitive(b)["targets"] = {{{"POSITION", position}}, {{"TEXCOORD_4", uv}, {"TEXCOORD_3", uv}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const std::vector<std::string> w = warningsOf(r);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0],
            "/meshes/0/primitives/0/targets/1/TEXCOORD_3: morph targets displace only "
            "TEXCOORD_0 and TEXCOORD_1; TEXCOORD_3 is drawn undisplaced");
  EXPECT_EQ(r.scene->meshes[0].primitives[0].targets[0].positions[2], glm::vec3(0, 0, 1));
}

TEST(Targets, SparseAccessorWithoutBufferView) {
  AssetBuilder b = skinAsset();
  AccessorDesc d;
  d.type = "VEC3";
  d.count = 4;
  const int dp = b.addAccessor(d);
  b.setSparse(dp, {.count = 2,
                   .indicesBufferView = b.addBufferView(std::vector<uint8_t>{1, 3}),
                   .indicesComponentType = gl::kUnsignedByte,
                   .valuesBufferView = b.addBufferView(std::vector<float>{0, 0, 1, 0, 0, -1})});
  primitive(b)["targets"] = {{{"POSITION", dp}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].primitives[0].targets[0].positions,
            (std::vector<glm::vec3>{{0, 0, 0}, {0, 0, 1}, {0, 0, 0}, {0, 0, -1}}));
}

TEST(Targets, AreUnweldedWithFlatNormalsAndLoseTangents) {
  AssetBuilder b = skinAsset();
  primitive(b)["attributes"].erase("NORMAL");
  primitive(b)["attributes"]["TANGENT"] = b.addVec4(std::vector<glm::vec4>(4, {1, 0, 0, 1}));
  const int dp = b.addVec3({{0, 0, 1}, {0, 0, 2}, {0, 0, 3}, {0, 0, 4}});
  const int dt = b.addVec3(std::vector<glm::vec3>(4, {0, 1, 0}));
  primitive(b)["targets"] = {{{"POSITION", dp}, {"TANGENT", dt}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::MorphTarget& t = r.scene->meshes[0].primitives[0].targets[0];
  EXPECT_EQ(t.positions, (std::vector<glm::vec3>{
                             {0, 0, 1}, {0, 0, 2}, {0, 0, 3}, {0, 0, 1}, {0, 0, 3}, {0, 0, 4}}));
  EXPECT_TRUE(t.tangents.empty());
}

// --- errors --------------------------------------------------------------------------------

struct ErrorCase {
  const char* name;
  std::function<void(AssetBuilder&)> edit;
  std::string error;
};
void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << c.name;
}

class SkinErrors : public testing::TestWithParam<ErrorCase> {};

TEST_P(SkinErrors, AreReported) {
  AssetBuilder b = skinAsset();
  GetParam().edit(b);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Loader, SkinErrors,
    testing::Values(
        ErrorCase{"JointBeyondTheSkin",
                  [](AssetBuilder& b) { b.json()["skins"][0]["joints"] = {1}; },
                  "/meshes/0/primitives/0/attributes/JOINTS_0: joint 1 (vertex 0) is out of "
                  "range: node 0 instantiates the mesh with skin 0, which has 1 joints"},
        ErrorCase{"JointBeyondTheSmallestOfTwoSkins",
                  [](AssetBuilder& b) {
                    b.json()["skins"].push_back({{"joints", {2}}});
                    b.addNode({{"mesh", 0}, {"skin", 1}});
                    b.json()["scenes"][0]["nodes"].push_back(3);
                  },
                  "/meshes/0/primitives/0/attributes/JOINTS_0: joint 1 (vertex 0) is out of "
                  "range: node 3 instantiates the mesh with skin 1, which has 1 joints"},
        ErrorCase{"JointListedTwice",
                  [](AssetBuilder& b) {
                    b.json()["skins"][0]["joints"] = {1, 2, 1};
                  },
                  "/skins/0/joints/2: node 1 is listed twice"},
        ErrorCase{"InverseBindMatricesNotMat4",
                  [](AssetBuilder& b) {
                    b.json()["skins"][0]["inverseBindMatrices"] =
                        b.addFloats(std::vector<float>(18, 0.0f), "MAT3");
                  },
                  "/skins/0/inverseBindMatrices: accessor 5 must be MAT4 of FLOAT (is MAT3 of "
                  "FLOAT)"},
        ErrorCase{"TooFewInverseBindMatrices",
                  [](AssetBuilder& b) {
                    b.json()["skins"][0]["inverseBindMatrices"] =
                        b.addFloats(std::vector<float>(16, 1.0f), "MAT4");
                  },
                  "/skins/0/inverseBindMatrices: accessor 5 has 1 elements, the skin has 2 "
                  "joints"},
        ErrorCase{"InverseBindMatrixNotFinite",
                  [](AssetBuilder& b) {
                    std::vector<float> m(32, 0.0f);
                    m[20] = std::numeric_limits<float>::infinity();
                    b.json()["skins"][0]["inverseBindMatrices"] = b.addFloats(m, "MAT4");
                  },
                  "/skins/0/inverseBindMatrices: matrix 1 (accessor 5) is not finite"},
        ErrorCase{"JointsWithoutWeights",
                  [](AssetBuilder& b) { primitive(b)["attributes"].erase("WEIGHTS_0"); },
                  "/meshes/0/primitives/0/attributes/JOINTS_0: no WEIGHTS_0 (JOINTS_n and "
                  "WEIGHTS_n come in pairs)"},
        ErrorCase{"SetsWithAGap",
                  [](AssetBuilder& b) {
                    primitive(b)["attributes"]["JOINTS_2"] = 3;
                    primitive(b)["attributes"]["WEIGHTS_2"] = 4;
                  },
                  "/meshes/0/primitives/0/attributes/JOINTS_2: set 2 without set 1 (sets are "
                  "numbered from 0 without gaps)"},
        ErrorCase{"FloatJoints",
                  [](AssetBuilder& b) { primitive(b)["attributes"]["JOINTS_0"] = 4; },
                  "/meshes/0/primitives/0/attributes/JOINTS_0: accessor 4 must be VEC4 of "
                  "UNSIGNED_BYTE/UNSIGNED_SHORT (is VEC4 of FLOAT)"},
        ErrorCase{"NormalizedJoints",
                  [](AssetBuilder& b) { b.json()["accessors"][3]["normalized"] = true; },
                  "/meshes/0/primitives/0/attributes/JOINTS_0: accessor 3 must be VEC4 of "
                  "UNSIGNED_BYTE/UNSIGNED_SHORT (is VEC4 of normalized UNSIGNED_BYTE)"},
        ErrorCase{"WeightsNotNormalized",
                  [](AssetBuilder& b) { primitive(b)["attributes"]["WEIGHTS_0"] = 3; },
                  "/meshes/0/primitives/0/attributes/WEIGHTS_0: accessor 3 must be VEC4 of "
                  "FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT (is VEC4 of UNSIGNED_BYTE)"},
        ErrorCase{"WeightsCountMismatch",
                  [](AssetBuilder& b) {
                    primitive(b)["attributes"]["WEIGHTS_0"] =
                        b.addVec4(std::vector<glm::vec4>(3, glm::vec4(1, 0, 0, 0)));
                  },
                  "/meshes/0/primitives/0/attributes/WEIGHTS_0: accessor 5 has 3 elements, "
                  "POSITION has 4"},
        ErrorCase{"WeightNotFinite",
                  [](AssetBuilder& b) {
                    std::vector<glm::vec4> w(4, glm::vec4(1, 0, 0, 0));
                    w[2].y = std::numeric_limits<float>::quiet_NaN();
                    primitive(b)["attributes"]["WEIGHTS_0"] = b.addVec4(w);
                  },
                  "/meshes/0/primitives/0/attributes/WEIGHTS_0: value 2 is not finite"}),
    [](const auto& info) { return std::string(info.param.name); });

class TargetErrors : public testing::TestWithParam<ErrorCase> {};

TEST_P(TargetErrors, AreReported) {
  AssetBuilder b = targetAsset(json::array());
  GetParam().edit(b);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Loader, TargetErrors,
    testing::Values(
        ErrorCase{"CountMismatch",
                  [](AssetBuilder& b) {
                    primitive(b)["targets"] = {
                        {{"POSITION", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0)))}},
                        {{"POSITION", b.addVec3(std::vector<glm::vec3>(5, glm::vec3(0)))}}};
                  },
                  "/meshes/0/primitives/0/targets/1/POSITION: accessor 6 has 5 elements, "
                  "POSITION has 4"},
        ErrorCase{"PositionAsVec4",
                  [](AssetBuilder& b) {
                    primitive(b)["targets"] = {
                        {{"POSITION", b.addVec4(std::vector<glm::vec4>(4, glm::vec4(0)))}}};
                  },
                  "/meshes/0/primitives/0/targets/0/POSITION: accessor 5 must be VEC3 of "
                  "FLOAT (is VEC4 of FLOAT)"},
        ErrorCase{"TangentAsVec4",
                  [](AssetBuilder& b) {
                    primitive(b)["attributes"]["TANGENT"] =
                        b.addVec4(std::vector<glm::vec4>(4, {1, 0, 0, 1}));
                    primitive(b)["targets"] = {
                        {{"TANGENT", b.addVec4(std::vector<glm::vec4>(4, glm::vec4(0)))}}};
                  },
                  "/meshes/0/primitives/0/targets/0/TANGENT: accessor 6 must be VEC3 of FLOAT "
                  "(is VEC4 of FLOAT)"},
        ErrorCase{"TexcoordUnsignedNotNormalized",
                  [](AssetBuilder& b) {
                    primitive(b)["attributes"]["TEXCOORD_0"] =
                        b.addVec2(std::vector<glm::vec2>(4, glm::vec2(0)));
                    primitive(b)["targets"] = {
                        {{"TEXCOORD_0", addInts<uint8_t>(b, std::vector<uint8_t>(8, 0), "VEC2",
                                                         gl::kUnsignedByte)}}};
                  },
                  "/meshes/0/primitives/0/targets/0/TEXCOORD_0: accessor 6 must be VEC2 of FLOAT "
                  "or normalized BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT (is VEC2 of "
                  "UNSIGNED_BYTE)"},
        ErrorCase{"NormalWithoutBaseNormal",
                  [](AssetBuilder& b) {
                    primitive(b)["attributes"].erase("NORMAL");
                    primitive(b)["targets"] = {
                        {{"NORMAL", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0)))}}};
                  },
                  "/meshes/0/primitives/0/targets/0/NORMAL: the primitive has no NORMAL (a "
                  "target displaces only the attributes the primitive has)"},
        ErrorCase{"ColorWithoutBaseColor",
                  [](AssetBuilder& b) {
                    primitive(b)["targets"] = {
                        {{"COLOR_0", b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0)))}}};
                  },
                  "/meshes/0/primitives/0/targets/0/COLOR_0: the primitive has no COLOR_0 (a "
                  "target displaces only the attributes the primitive has)"},
        ErrorCase{"PositionNotFinite",
                  [](AssetBuilder& b) {
                    std::vector<glm::vec3> d(4, glm::vec3(0));
                    d[1].x = std::numeric_limits<float>::infinity();
                    primitive(b)["targets"] = {{{"POSITION", b.addVec3(d)}}};
                  },
                  "/meshes/0/primitives/0/targets/0/POSITION: value 1 is not finite"}),
    [](const auto& info) { return std::string(info.param.name); });

// --- budget --------------------------------------------------------------------------------

std::string loadWithin(const AssetBuilder& b, uint64_t maxValues) {
  scene::GltfDocument doc;
  if (std::string err = parseInMemory(b, doc); !err.empty()) return err;
  scene::Scene s;
  std::vector<std::string> warnings;
  const scene::LoadContext ctx{doc, s, warnings, maxValues};
  if (std::string err = scene::loadNodes(ctx); !err.empty()) return err;
  if (std::string err = scene::loadSkins(ctx); !err.empty()) return err;
  return scene::loadMeshes(ctx);
}

TEST(Budget, TargetsAreCheckedBeforeTheyAreRead) {
  // 4 vertices x (POSITION 3 + NORMAL 3 + one set 8) = 56, then the two POSITION targets
  // 2 x 4 x 3 = 24 more, checked at once; then 6 indices.
  AssetBuilder b = targetAsset(json::array());
  const int d = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0)));
  primitive(b)["targets"] = {{{"POSITION", d}}, {{"POSITION", d}}};
  EXPECT_EQ(loadWithin(b, 86), "");
  EXPECT_EQ(loadWithin(b, 79),
            "/meshes/0/primitives/0/targets: the mesh data would exceed 79 values");
}

TEST(Budget, TargetsCountWhatTheGpuPadsThemTo) {
  // One POSITION target and two empty ones: the GPU stores POSITION for all three (zeros for
  // the empty ones), 3 x 4 x 3 = 36 values, although the file holds 12.
  AssetBuilder b = targetAsset(json::array());
  const int d = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0)));
  primitive(b)["targets"] = {{{"POSITION", d}}, json::object(), json::object()};
  EXPECT_EQ(loadWithin(b, 98), "");
  EXPECT_EQ(loadWithin(b, 91),
            "/meshes/0/primitives/0/targets: the mesh data would exceed 91 values");
}

TEST(Budget, TooManyTargetsAreRefusedBeforeAnythingIsSized) {
  AssetBuilder b = targetAsset(json::array());
  primitive(b)["targets"] = json::array();
  for (uint32_t t = 0; t <= scene::kMaxMorphTargets; ++t)
    primitive(b)["targets"].push_back(json::object());
  EXPECT_EQ(loadWithin(b, scene::kMaxMeshValues),
            "/meshes/0/primitives/0/targets: 4097 morph targets, more than the 4096 Vitrine "
            "supports");
}

TEST(Budget, InfluencesAreCheckedBeforeTheyAreRead) {
  AssetBuilder b = skinAsset();
  EXPECT_EQ(loadWithin(b, 62), "");
  EXPECT_EQ(loadWithin(b, 55),
            "/meshes: the meshes declare 62 vertex and index values, more than the 55 supported");
}

// --- sample models ---------------------------------------------------------------------------

TEST(SampleModels, SimpleSkin) {
  const LoadResult r =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) + "/simple_skin/simple_skin.gltf");
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  ASSERT_EQ(s.skins.size(), 1u);
  EXPECT_EQ(s.skins[0].joints, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.skins[0].inverseBindMatrices[0][3], glm::vec4(-0.5f, -1.0f, 0.0f, 1.0f));
  EXPECT_EQ(s.nodes[0].skin, 0);
  const scene::Primitive& p = s.meshes[0].primitives[0];
  // No NORMAL: flat normals un-weld the 24 indices.
  EXPECT_EQ(p.positions.size(), 24u);
  EXPECT_EQ(p.influenceSets, 1u);
  EXPECT_EQ(p.minSkinJoints, 2u);
  // The first triangle is vertices 0, 1, 3: (0, 0) and (1, 0) on joint 0 only, (1, 0.5) mixed.
  EXPECT_EQ(p.weights[0], glm::vec4(1, 0, 0, 0));
  EXPECT_EQ(p.weights[2], glm::vec4(0.75f, 0.25f, 0, 0));
  EXPECT_EQ(p.joints[2], glm::u16vec4(0, 1, 0, 0));
}

TEST(SampleModels, AnimatedMorphCube) {
  const LoadResult r =
      scene::loadScene(std::string(VITRINE_MODELS_DIR) +
                       "/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf");
  ASSERT_EQ(r.error, "");
  const scene::Mesh& mesh = r.scene->meshes[0];
  EXPECT_EQ(mesh.targetCount, 2u);
  const scene::Primitive& p = mesh.primitives[0];
  ASSERT_EQ(p.targets.size(), 2u);
  for (const scene::MorphTarget& t : p.targets) {
    EXPECT_EQ(t.positions.size(), 24u);
    EXPECT_EQ(t.normals.size(), 24u);
    EXPECT_EQ(t.tangents.size(), 24u);
    // The accessors' max: the targets raise some vertices along +y by up to ~0.019.
    float top = 0.0f;
    for (const glm::vec3& d : t.positions) top = std::max(top, d.y);
    EXPECT_GT(top, 0.0189f);
    EXPECT_LT(top, 0.0199f);
  }
}

}  // namespace
}  // namespace vitrine::test
