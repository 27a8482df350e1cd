// The UV panel's facts without a window (issue 22 §4): hand-made layouts whose overlaps and
// outside triangles are known, and a large grid to keep the search's binning honest.
#include <chrono>

#include <gtest/gtest.h>

#include "uv_layout.h"

namespace vitrine::app {
namespace {

// A triangle primitive whose TEXCOORD_`set` are `uvs`, one triangle per three of them.
scene::Primitive primitive(const std::vector<glm::vec2>& uvs, int set = 0) {
  scene::Primitive p;
  p.positions.assign(uvs.size(), glm::vec3(0.0f));
  for (uint32_t i = 0; i < uvs.size(); ++i) p.indices.push_back(i);
  if (set < 2) {
    p.texcoords[set] = uvs;
  } else {
    // TEXCOORD_2 and `set`, interleaved vertex after vertex (scene::Primitive).
    p.extraTexcoordSets = 1u | (1u << (set - 2));
    for (const glm::vec2& uv : uvs) {
      p.extraTexcoords.push_back(glm::vec2(-5.0f));
      p.extraTexcoords.push_back(uv);
    }
  }
  return p;
}

TEST(UvLayout, TwoOverlappingTrianglesAreBothCounted) {
  const auto layout = uvLayout(
      primitive(
          {{0.1f, 0.1f}, {0.6f, 0.1f}, {0.1f, 0.6f}, {0.3f, 0.3f}, {0.9f, 0.3f}, {0.3f, 0.9f}}),
      0);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->triangles(), 2u);
  EXPECT_EQ(layout->overlapping, 2u);
  EXPECT_EQ(layout->outside, 0u);
  EXPECT_EQ(layout->flags, (std::vector<uint8_t>{UvLayout::kOverlap, UvLayout::kOverlap}));
}

TEST(UvLayout, AQuadOfTwoTrianglesSharingAnEdgeDoesNotOverlap) {
  const auto layout = uvLayout(primitive({{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}), 0);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->overlapping, 0u);
  EXPECT_EQ(layout->outside, 0u);  // on the square's edges is inside
}

TEST(UvLayout, TrianglesSharingOnlyAVertexDoNotOverlap) {
  const glm::vec2 a[3] = {{0, 0}, {0.5f, 0}, {0, 0.5f}};
  const glm::vec2 b[3] = {{0.5f, 0}, {1, 0}, {1, 0.5f}};
  EXPECT_FALSE(trianglesOverlap(a, b));
  // Either winding, and one inside the other.
  const glm::vec2 big[3] = {{0, 0}, {0, 1}, {1, 0}};
  const glm::vec2 small[3] = {{0.1f, 0.1f}, {0.2f, 0.1f}, {0.1f, 0.2f}};
  EXPECT_TRUE(trianglesOverlap(big, small));
  EXPECT_TRUE(trianglesOverlap(small, big));
  // A degenerate triangle overlaps nothing.
  const glm::vec2 line[3] = {{0, 0}, {0.5f, 0.5f}, {1, 1}};
  EXPECT_FALSE(trianglesOverlap(big, line));
}

TEST(UvLayout, ATriangleOutsideTheUnitSquareIsCounted) {
  const auto layout = uvLayout(
      primitive({{0, 0}, {0.5f, 0}, {0, 0.5f}, {1.2f, 0.2f}, {1.8f, 0.2f}, {1.2f, 0.8f}}), 0);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->outside, 1u);
  EXPECT_EQ(layout->flags[1], UvLayout::kOutside);
  EXPECT_EQ(layout->overlapping, 0u);
}

TEST(UvLayout, ReadsAnyTexcoordSetAndRefusesMissingOnes) {
  const scene::Primitive p = primitive({{0, 0}, {2, 0}, {0, 2}}, 5);
  EXPECT_EQ(texcoord(p, 5, 1), glm::vec2(2, 0));
  EXPECT_EQ(texcoord(p, 2, 1), glm::vec2(-5.0f));
  const auto layout = uvLayout(p, 5);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->outside, 1u);
  EXPECT_FALSE(uvLayout(p, 0));
  EXPECT_FALSE(uvLayout(p, 3));
  scene::Primitive lines = p;
  lines.topology = scene::Topology::Lines;
  EXPECT_FALSE(uvLayout(lines, 5));
}

// 2 x 200 x 250 = 100k triangles tiling the square (no overlap), then the same grid shifted by
// half a cell over itself: every triangle overlaps. The grid keeps each within a second.
TEST(UvLayout, AHundredThousandTrianglesAreBinned) {
  auto grid = [](glm::vec2 shift) {
    std::vector<glm::vec2> uvs;
    const int nx = 200, ny = 250;
    for (int y = 0; y < ny; ++y) {
      for (int x = 0; x < nx; ++x) {
        const glm::vec2 a = glm::vec2(float(x) / nx, float(y) / ny) + shift;
        const glm::vec2 b = glm::vec2(float(x + 1) / nx, float(y + 1) / ny) + shift;
        uvs.insert(uvs.end(), {a, {b.x, a.y}, b, a, b, {a.x, b.y}});
      }
    }
    return uvs;
  };
  const auto start = std::chrono::steady_clock::now();
  const auto tiled = uvLayout(primitive(grid(glm::vec2(0.0f))), 0);
  ASSERT_TRUE(tiled);
  EXPECT_EQ(tiled->triangles(), 100000u);
  EXPECT_EQ(tiled->overlapping, 0u);
  EXPECT_EQ(tiled->outside, 0u);
  std::vector<glm::vec2> both = grid(glm::vec2(0.0f));
  const std::vector<glm::vec2> shifted = grid(glm::vec2(0.5f / 200, 0.5f / 250));
  both.insert(both.end(), shifted.begin(), shifted.end());
  const auto stacked = uvLayout(primitive(both), 0);
  ASSERT_TRUE(stacked);
  EXPECT_EQ(stacked->overlapping, 200000u);
  EXPECT_FALSE(stacked->truncated);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 5.0);  // generous: a sanitizer build or a busy machine
}

}  // namespace
}  // namespace vitrine::app
