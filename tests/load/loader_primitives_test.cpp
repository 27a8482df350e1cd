// The loader on generated assets: primitive attributes, modes, flat normals, index and
// attribute errors.
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

const std::vector<glm::vec3> kSquare = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};

// --- primitives ---------------------------------------------------------------------------

TEST(Primitives, StripWithNormalsKeepsItsVertices) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes = {{"POSITION", b.addPositions(kSquare)},
                  {"NORMAL", b.addVec3(std::vector<glm::vec3>(4, {0, 0, 1}))}};
  p.mode = gl::kTriangleStrip;
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& q = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(q.topology, scene::Topology::Triangles);
  EXPECT_EQ(q.indices, (std::vector<uint32_t>{0, 1, 2, 1, 3, 2}));
  EXPECT_EQ(q.positions.size(), 4u);
  EXPECT_EQ(q.bounds.min, glm::vec3(0));
  EXPECT_EQ(q.bounds.max, glm::vec3(1, 1, 0));
}

TEST(Primitives, FanWithoutNormalsGetsFlatNormalsFacingItsFront) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes = {{"POSITION", b.addPositions({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}})},
                  {"TANGENT", b.addVec4(std::vector<glm::vec4>(4, {1, 0, 0, 1}))}};
  p.mode = gl::kTriangleFan;
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& q = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(q.sourceVertexCount, 4u);
  EXPECT_EQ(q.positions.size(), 6u);
  EXPECT_EQ(q.indices, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
  for (const glm::vec3& n : q.normals) EXPECT_EQ(n, glm::vec3(0, 0, 1));
  EXPECT_TRUE(q.tangents.empty());
}

TEST(Primitives, LinesAndPointsHaveNoGeneratedNormals) {
  AssetBuilder b;
  PrimitiveDesc lines, points;
  lines.attributes = points.attributes = {{"POSITION", b.addPositions(kSquare)}};
  lines.mode = gl::kLineLoop;
  points.mode = gl::kPoints;
  b.addMesh({lines, points});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const auto& prims = r.scene->meshes[0].primitives;
  EXPECT_EQ(prims[0].topology, scene::Topology::Lines);
  EXPECT_EQ(prims[0].indices, (std::vector<uint32_t>{0, 1, 1, 2, 2, 3, 3, 0}));
  EXPECT_TRUE(prims[0].normals.empty());
  EXPECT_EQ(prims[1].topology, scene::Topology::Points);
  EXPECT_EQ(prims[1].indices, (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(Primitives, ColorsAndTexcoordsOfEveryAllowedFormat) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(3, {0, 0, 1}));
  p.attributes["COLOR_0"] = b.addVec3({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});  // RGB: alpha 1
  AccessorDesc uv;
  uv.bufferView = b.addBufferView(std::vector<uint16_t>{0, 65535, 65535, 0, 0, 0, 0, 0});
  uv.componentType = gl::kUnsignedShort;
  uv.normalized = true;
  uv.type = "VEC2";
  uv.count = 3;
  p.attributes["TEXCOORD_1"] = b.addAccessor(uv);
  b.addMesh({p});
  PrimitiveDesc q = p;
  AccessorDesc rgba;
  rgba.bufferView =
      b.addBufferView(std::vector<uint8_t>{255, 0, 0, 51, 0, 255, 0, 102, 0, 0, 255, 255});
  rgba.componentType = gl::kUnsignedByte;
  rgba.normalized = true;
  rgba.type = "VEC4";
  rgba.count = 3;
  q.attributes["COLOR_0"] = b.addAccessor(rgba);
  b.addMesh({q});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& a = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(a.colors, (std::vector<glm::vec4>{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}}));
  EXPECT_TRUE(a.texcoords[0].empty());
  EXPECT_EQ(a.texcoords[1], (std::vector<glm::vec2>{{0, 1}, {1, 0}, {0, 0}}));
  const scene::Primitive& c = r.scene->meshes[1].primitives[0];
  EXPECT_EQ(c.colors, (std::vector<glm::vec4>{{1, 0, 0, 0.2f}, {0, 1, 0, 0.4f}, {0, 0, 1, 1}}));
}

// TEXCOORD_2..7 (here 3 and 5, of two formats) land in extraTexcoords, vertex after vertex, in
// increasing set order; sets 0 and 1 stay where they were.
TEST(Primitives, ExtraTexcoordSetsAreReadVertexAfterVertex) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(3, {0, 0, 1}));
  p.attributes["TEXCOORD_0"] = b.addVec2({{0, 0}, {1, 0}, {0, 1}});
  p.attributes["TEXCOORD_5"] = b.addVec2({{5, 0}, {5, 1}, {5, 2}});
  AccessorDesc uv;
  uv.bufferView = b.addBufferView(std::vector<uint8_t>{0, 255, 255, 0, 51, 102});
  uv.componentType = gl::kUnsignedByte;
  uv.normalized = true;
  uv.type = "VEC2";
  uv.count = 3;
  p.attributes["TEXCOORD_3"] = b.addAccessor(uv);
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  const scene::Primitive& a = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(a.texcoords[0], (std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}}));
  EXPECT_TRUE(a.texcoords[1].empty());
  EXPECT_EQ(a.extraTexcoordSets, (1u << 1) | (1u << 3));  // TEXCOORD_3, TEXCOORD_5
  EXPECT_EQ(a.extraTexcoordCount(), 2u);
  EXPECT_EQ(a.extraTexcoords,
            (std::vector<glm::vec2>{{0, 1}, {5, 0}, {1, 0}, {5, 1}, {0.2f, 0.4f}, {5, 2}}));
  EXPECT_TRUE(a.hasTexcoordSet(3));
  EXPECT_TRUE(a.hasTexcoordSet(5));
  EXPECT_FALSE(a.hasTexcoordSet(1));
  EXPECT_FALSE(a.hasTexcoordSet(2));
  EXPECT_FALSE(a.hasTexcoordSet(8));
}

// The extra sets follow their vertices when flat normals un-weld the primitive.
TEST(Primitives, ExtraTexcoordSetsAreUnweldedWithFlatNormals) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
  p.attributes["TEXCOORD_2"] = b.addVec2({{0, 0}, {1, 0}, {2, 0}, {3, 0}});
  p.attributes["TEXCOORD_7"] = b.addVec2({{0, 7}, {1, 7}, {2, 7}, {3, 7}});
  p.indices = b.addIndices({0, 1, 2, 2, 1, 3});
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Primitive& a = r.scene->meshes[0].primitives[0];
  ASSERT_TRUE(a.flatNormals);
  EXPECT_EQ(a.extraTexcoordSets, (1u << 0) | (1u << 5));
  EXPECT_EQ(a.extraTexcoords, (std::vector<glm::vec2>{{0, 0},
                                                      {0, 7},
                                                      {1, 0},
                                                      {1, 7},
                                                      {2, 0},
                                                      {2, 7},
                                                      {2, 0},
                                                      {2, 7},
                                                      {1, 0},
                                                      {1, 7},
                                                      {3, 0},
                                                      {3, 7}}));
}

TEST(Primitives, SparseIndicesWithoutBufferView) {
  // All zeros, then sparse values: legal, if unusual (and refused by tinygltf's own parser,
  // which never sees the meshes).
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes = {{"POSITION", b.addPositions(kSquare)}};
  AccessorDesc d;
  d.componentType = gl::kUnsignedShort;
  d.count = 6;
  p.indices = b.addAccessor(d);
  b.setSparse(p.indices, {.count = 3,
                          .indicesBufferView = b.addBufferView(std::vector<uint8_t>{1, 2, 5}),
                          .indicesComponentType = gl::kUnsignedByte,
                          .valuesBufferView = b.addBufferView(std::vector<uint16_t>{1, 2, 3})});
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(4, {0, 0, 1}));
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].primitives[0].indices, (std::vector<uint32_t>{0, 1, 2, 0, 0, 3}));
}

TEST(Animations, ChannelsWithoutTargetNodeAreValid) {
  // KHR_animation_pointer channels have no target.node (glTF 2.0 makes it optional).
  AssetBuilder b;
  const int times = b.addFloats({0, 1}, "SCALAR");
  const int values = b.addFloats({0, 1}, "SCALAR");
  b.addMaterial({});
  b.json()["animations"] = {
      {{"samplers", {{{"input", times}, {"output", values}}}},
       {"channels",
        {{{"sampler", 0},
          {"target",
           {{"path", "pointer"},
            {"extensions",
             {{"KHR_animation_pointer", {{"pointer", "/materials/0/alphaCutoff"}}}}}}}}}}}};
  EXPECT_EQ(load(b).error, "");
}

TEST(Primitives, WithoutPositionIsSkippedWithAWarning) {
  AssetBuilder b;
  PrimitiveDesc noPosition, quad;
  noPosition.attributes = {{"NORMAL", b.addVec3(std::vector<glm::vec3>(3, {0, 0, 1}))}};
  quad.attributes = {{"POSITION", b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})}};
  b.addMesh({noPosition, quad});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            std::vector<std::string>{"/meshes/0/primitives/0/attributes: no POSITION; primitive "
                                     "skipped"});
  EXPECT_EQ(r.scene->meshes[0].primitives.size(), 1u);
}

TEST(Primitives, IncompleteTrianglesAreDroppedWithAWarning) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes = {{"POSITION", b.addPositions(kSquare)}};
  p.indices = b.addIndices({0, 1, 2, 3, 1}, gl::kUnsignedByte);
  b.addMesh({p});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{"/meshes/0/primitives/0: 2 of 5 vertex "
                                                    "indices make no complete triangle; ignored"});
  EXPECT_EQ(r.scene->meshes[0].primitives[0].indices.size(), 3u);
}

struct PrimitiveErrorCase {
  const char* name;
  std::function<void(AssetBuilder&, PrimitiveDesc&)> build;
  std::string error;
};
void PrintTo(const PrimitiveErrorCase& c, std::ostream* os) {
  *os << c.name;
}

class PrimitiveErrors : public testing::TestWithParam<PrimitiveErrorCase> {};

TEST_P(PrimitiveErrors, AreReported) {
  AssetBuilder b;
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(kSquare);  // accessor 0
  GetParam().build(b, p);
  b.addMeshNode(b.addMesh({p}));  // drawn: errors in an unused mesh are warnings
  EXPECT_EQ(errorOf(b), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Primitives, PrimitiveErrors,
    testing::Values(
        PrimitiveErrorCase{"IndexOutOfRange",
                           [](AssetBuilder& b, PrimitiveDesc& p) {
                             p.indices = b.addIndices({0, 1, 2, 2, 1, 4}, gl::kUnsignedShort);
                           },
                           "/meshes/0/primitives/0/indices: index 4 (element 5 of accessor 1) is "
                           "out of range: POSITION has 4 vertices"},
        PrimitiveErrorCase{"SignedIndices",
                           [](AssetBuilder& b, PrimitiveDesc& p) {
                             p.indices = b.addIndices({0, 1, 2}, gl::kUnsignedShort);
                             b.json()["accessors"][1]["componentType"] = gl::kShort;
                           },
                           "/meshes/0/primitives/0/indices: accessor 1 must be SCALAR of "
                           "UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT (is SCALAR of SHORT)"},
        PrimitiveErrorCase{
            "AttributeCountMismatch",
            [](AssetBuilder& b, PrimitiveDesc& p) {
              p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(3, {0, 0, 1}));
            },
            "/meshes/0/primitives/0/attributes/NORMAL: accessor 1 has 3 elements, "
            "POSITION has 4"},
        PrimitiveErrorCase{"PositionNotFloat",
                           [](AssetBuilder& b, PrimitiveDesc&) {
                             b.json()["accessors"][0]["componentType"] = gl::kUnsignedShort;
                           },
                           "/meshes/0/primitives/0/attributes/POSITION: accessor 0 must be VEC3 "
                           "of FLOAT (is VEC3 of UNSIGNED_SHORT)"},
        PrimitiveErrorCase{"TexcoordNotNormalized",
                           [](AssetBuilder& b, PrimitiveDesc& p) {
                             AccessorDesc d;
                             d.bufferView = b.addBufferView(std::vector<uint8_t>(8));
                             d.componentType = gl::kUnsignedByte;
                             d.type = "VEC2";
                             d.count = 4;
                             p.attributes["TEXCOORD_0"] = b.addAccessor(d);
                           },
                           "/meshes/0/primitives/0/attributes/TEXCOORD_0: accessor 1 must be VEC2 "
                           "of FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT (is VEC2 of "
                           "UNSIGNED_BYTE)"},
        PrimitiveErrorCase{
            "PositionDataOutOfBounds",
            [](AssetBuilder& b, PrimitiveDesc&) { b.json()["accessors"][0]["byteOffset"] = 4; },
            "/accessors/0: byteOffset 4 + byteStride 12 x (count 4 - 1) + element "
            "12 bytes = 52 exceeds bufferView 0 byteLength 48"},
        PrimitiveErrorCase{"PositionInfinite",
                           [](AssetBuilder& b, PrimitiveDesc& p) {
                             std::vector<glm::vec3> v = kSquare;
                             v[2].y = std::numeric_limits<float>::infinity();
                             p.attributes["POSITION"] = b.addVec3(v);
                           },
                           "/meshes/0/primitives/0/attributes/POSITION: value 2 is not finite"},
        PrimitiveErrorCase{"PositionNaN",
                           [](AssetBuilder& b, PrimitiveDesc& p) {
                             std::vector<glm::vec3> v = kSquare;
                             v[3].z = std::numeric_limits<float>::quiet_NaN();
                             p.attributes["POSITION"] = b.addVec3(v);
                           },
                           "/meshes/0/primitives/0/attributes/POSITION: value 3 is not finite"}),
    [](const auto& info) { return std::string(info.param.name); });

// --- expansion budget ----------------------------------------------------------------------

// loadMeshes() of the builder's asset with the load's budget of vertex and index values
// lowered to `maxValues` (kMaxMeshValues would need gigabytes to reach).
std::string loadMeshesWithin(const AssetBuilder& b, uint64_t maxValues) {
  scene::GltfDocument doc;
  if (std::string err = parseInMemory(b, doc); !err.empty()) return err;
  scene::Scene s;
  std::vector<std::string> warnings;
  const scene::LoadContext ctx{doc, s, warnings, maxValues};
  // The meshes are drawn (each test puts them on nodes): an unused mesh's failure is a warning.
  if (std::string err = scene::loadNodes(ctx); !err.empty()) return err;
  return scene::loadMeshes(ctx);
}

// A primitive of kSquare (4 vertices, non-indexed) of `mode`, with or without NORMAL.
PrimitiveDesc squarePrimitive(AssetBuilder& b, int mode, bool normals) {
  PrimitiveDesc p;
  p.attributes = {{"POSITION", b.addPositions(kSquare)}};
  if (normals) p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(4, {0, 0, 1}));
  p.mode = mode;
  return p;
}

TEST(Budget, StripExpansionIsCheckedBeforeConversion) {
  // 4 vertices x (POSITION + NORMAL) = 24 values, plus 2 triangles = 6 indices.
  AssetBuilder b;
  b.addMeshNode(b.addMesh({squarePrimitive(b, gl::kTriangleStrip, true)}));
  EXPECT_EQ(loadMeshesWithin(b, 30), "");
  EXPECT_EQ(loadMeshesWithin(b, 29),
            "/meshes: the meshes declare 30 vertex and index values, more than the 29 supported");
}

TEST(Budget, FlatNormalsAreCheckedBeforeUnwelding) {
  // The fan becomes 6 indices (18 values before), then 6 vertices x 6 floats + 6 indices.
  AssetBuilder b;
  b.addMeshNode(b.addMesh({squarePrimitive(b, gl::kTriangleFan, false)}));
  EXPECT_EQ(loadMeshesWithin(b, 42), "");
  EXPECT_EQ(loadMeshesWithin(b, 41),
            "/meshes/0/primitives/0: the mesh data would exceed 41 values");
}

TEST(Budget, IsARunningTotalOverTheLoad) {
  AssetBuilder b;
  b.addMeshNode(b.addMesh({squarePrimitive(b, gl::kTriangleStrip, true)}));
  b.addMeshNode(b.addMesh({squarePrimitive(b, gl::kTriangleStrip, true)}));
  EXPECT_EQ(loadMeshesWithin(b, 60), "");
  EXPECT_EQ(loadMeshesWithin(b, 59),
            "/meshes: the meshes declare 60 vertex and index values, more than the 59 supported");
}

TEST(Budget, DefaultsToTheLoadLimit) {
  EXPECT_EQ(scene::kMaxMeshValues, uint64_t(1) << 29);
  EXPECT_EQ(load(quadAsset()).error, "");
}

}  // namespace
}  // namespace vitrine::test
