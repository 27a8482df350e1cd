// Flat normal generation (glTF 2.0 §3.7.2.1) on a primitive built by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "flat_normals.h"

namespace vitrine::test {
namespace {

// Two triangles sharing an edge: one in the z = 0 plane facing +Z, one folded up facing -Y...
// and a degenerate third one.
scene::Primitive folded() {
  scene::Primitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  p.texcoords[0] = {{0, 0}, {1, 0}, {0, 1}, {0.5f, 0.5f}};
  p.colors = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  p.tangents = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  p.indices = {0, 1, 2, 0, 3, 1, 1, 1, 2};
  return p;
}

TEST(FlatNormals, EachTriangleGetsThreeVerticesWithItsFaceNormal) {
  scene::Primitive p = folded();
  scene::generateFlatNormals(p);
  ASSERT_EQ(p.positions.size(), 9u);
  EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  ASSERT_EQ(p.normals.size(), 9u);
  for (int v = 0; v < 3; ++v) EXPECT_EQ(p.normals[v], glm::vec3(0, 0, 1));
  // (0,0,0) (0,0,1) (1,0,0): cross((0,0,1), (1,0,0)) = (0,1,0)
  for (int v = 3; v < 6; ++v) EXPECT_EQ(p.normals[v], glm::vec3(0, 1, 0));
}

TEST(FlatNormals, EveryStreamIsDuplicatedThroughTheIndices) {
  scene::Primitive p = folded();
  const scene::Primitive before = folded();
  scene::generateFlatNormals(p);
  ASSERT_EQ(p.texcoords[0].size(), 9u);
  ASSERT_EQ(p.colors.size(), 9u);
  EXPECT_TRUE(p.texcoords[1].empty());
  for (size_t k = 0; k < before.indices.size(); ++k) {
    const uint32_t src = before.indices[k];
    EXPECT_EQ(p.positions[k], before.positions[src]);
    EXPECT_EQ(p.texcoords[0][k], before.texcoords[0][src]);
    EXPECT_EQ(p.colors[k], before.colors[src]);
  }
}

TEST(FlatNormals, ProvidedTangentsAreDropped) {
  // §3.7.2.1: "...the provided tangents (if present) MUST be ignored."
  scene::Primitive p = folded();
  scene::generateFlatNormals(p);
  EXPECT_TRUE(p.tangents.empty());
}

TEST(FlatNormals, DegenerateTrianglesGetAUnitNormalNotNaN) {
  scene::Primitive p = folded();
  p.positions.push_back({1e-30f, 0, 0});  // a sliver too small for float cross products
  p.positions.push_back({3e38f, 3e38f, 0});
  p.texcoords[0].resize(p.positions.size());  // streams stay as long as positions
  p.colors.resize(p.positions.size());
  p.indices.insert(p.indices.end(), {0, 4, 2, 0, 5, 1});
  scene::generateFlatNormals(p);
  ASSERT_EQ(p.normals.size(), 15u);
  for (size_t v = 6; v < 15; ++v) {
    EXPECT_FALSE(std::isnan(p.normals[v].x) || std::isnan(p.normals[v].y) ||
                 std::isnan(p.normals[v].z))
        << v;
    EXPECT_NEAR(glm::length(p.normals[v]), 1.0f, 1e-6f) << v;
  }
  EXPECT_EQ(p.normals[6], glm::vec3(0, 0, 1));    // repeated vertex: zero area
  EXPECT_EQ(p.normals[9], glm::vec3(0, 0, 1));    // tiny but valid: still +Z, from doubles
  EXPECT_EQ(p.normals[12], glm::vec3(0, 0, -1));  // huge coordinates: no overflow to inf
}

}  // namespace
}  // namespace vitrine::test
