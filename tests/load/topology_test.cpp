// Mode conversion to list topologies, following the equations of glTF 2.0 §3.7.2.1.
#include <gtest/gtest.h>

#include <numeric>

#include "asset_builder.h"
#include "topology.h"

namespace vitrine::test {
namespace {

using scene::Topology;

struct ModeCase {
  const char* name;
  int mode;
  std::vector<uint32_t> in;
  Topology topology;
  std::vector<uint32_t> out;
  size_t unused;
};
void PrintTo(const ModeCase& c, std::ostream* os) {
  *os << c.name;
}

class ModeConversion : public testing::TestWithParam<ModeCase> {};

TEST_P(ModeConversion, FollowsTheSpecEquations) {
  const ModeCase& c = GetParam();
  std::vector<uint32_t> out;
  EXPECT_EQ(scene::toListIndices(c.mode, c.in, out), c.unused);
  EXPECT_EQ(out, c.out);
  EXPECT_EQ(scene::listTopology(c.mode), c.topology);
}

INSTANTIATE_TEST_SUITE_P(
    Topology, ModeConversion,
    testing::Values(
        ModeCase{"Points", gl::kPoints, {4, 2, 9}, Topology::Points, {4, 2, 9}, 0},
        ModeCase{"Lines", gl::kLines, {0, 1, 2, 3}, Topology::Lines, {0, 1, 2, 3}, 0},
        ModeCase{"LinesOddCount", gl::kLines, {0, 1, 2}, Topology::Lines, {0, 1}, 1},
        ModeCase{"LineStrip",
                 gl::kLineStrip,
                 {0, 3, 2, 1, 0},
                 Topology::Lines,
                 {0, 3, 3, 2, 2, 1, 1, 0},
                 0},
        ModeCase{"LineStripTooShort", gl::kLineStrip, {5}, Topology::Lines, {}, 1},
        ModeCase{
            "LineLoop", gl::kLineLoop, {0, 3, 2, 1}, Topology::Lines, {0, 3, 3, 2, 2, 1, 1, 0}, 0},
        ModeCase{"Triangles",
                 gl::kTriangles,
                 {1, 0, 3, 1, 3, 2},
                 Topology::Triangles,
                 {1, 0, 3, 1, 3, 2},
                 0},
        ModeCase{"TrianglesIncomplete",
                 gl::kTriangles,
                 {0, 1, 2, 3, 4},
                 Topology::Triangles,
                 {0, 1, 2},
                 2},
        // p_i = {v_i, v_i+(1+i%2), v_i+(2-i%2)}: odd triangles swap their last two vertices.
        ModeCase{"TriangleStrip",
                 gl::kTriangleStrip,
                 {10, 11, 12, 13, 14},
                 Topology::Triangles,
                 {10, 11, 12, 11, 13, 12, 12, 13, 14},
                 0},
        ModeCase{"TriangleStripTooShort", gl::kTriangleStrip, {0, 1}, Topology::Triangles, {}, 2},
        // p_i = {v_i+1, v_i+2, v_0}
        ModeCase{"TriangleFan",
                 gl::kTriangleFan,
                 {7, 8, 9, 10},
                 Topology::Triangles,
                 {8, 9, 7, 9, 10, 7},
                 0}),
    [](const auto& info) { return std::string(info.param.name); });

// Signed area of triangle (a, b, c) of 2D points: > 0 when counter-clockwise.
float signedArea(glm::vec2 a, glm::vec2 b, glm::vec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
}

// Every triangle of a strip or fan keeps the orientation of the first: front faces stay front
// faces.
TEST(Topology, StripAndFanTrianglesAllWindTheSameWay) {
  // A zig-zag strip along +x, its first triangle counter-clockwise.
  std::vector<glm::vec2> strip;
  for (int i = 0; i < 8; ++i) strip.push_back({float(i / 2), float(i % 2 == 0 ? 1 : 0)});
  // A fan around the origin, counter-clockwise.
  std::vector<glm::vec2> fan{{0, 0}};
  for (int i = 0; i < 6; ++i) fan.push_back({std::cos(0.5f * float(i)), std::sin(0.5f * float(i))});
  for (auto [mode, points] :
       {std::pair{gl::kTriangleStrip, strip}, std::pair{gl::kTriangleFan, fan}}) {
    std::vector<uint32_t> in(points.size()), out;
    std::iota(in.begin(), in.end(), 0u);
    scene::toListIndices(mode, in, out);
    ASSERT_EQ(out.size(), 3 * (points.size() - 2));
    for (size_t t = 0; t < out.size(); t += 3) {
      EXPECT_GT(signedArea(points[out[t]], points[out[t + 1]], points[out[t + 2]]), 0.0f)
          << "mode " << mode << " triangle " << t / 3;
    }
  }
}

}  // namespace
}  // namespace vitrine::test
