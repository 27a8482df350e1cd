// The overlays pass (issue 22 §2): the wireframe of a known quad at the pixels its edges
// project to, over the shaded and the channel views; lines and points as they are.
//
// The asset: a camera at z = 3 looking down -z (yfov 0.6) and an unlit white quad of half size
// 0.5 at z = 0 (two triangles, (-s,-s) (s,-s) (s,s) and (-s,-s) (s,s) (-s,s)), on black.
#include <cmath>
#include <vector>

#include "anim/bind_test_util.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

using anim::test::bindAsset;
using anim::test::Bound;
using nlohmann::json;

constexpr float kHalf = 0.5f;
constexpr int kCameraNode = 0;

AssetBuilder wireQuad(int mode = gl::kTriangles) {
  AssetBuilder b;
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  const int cameraNode = b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}});
  const int material =
      b.addMaterial({{"pbrMetallicRoughness", {{"baseColorFactor", {1.0, 1.0, 1.0, 1.0}}}},
                     {"extensions", {{"KHR_materials_unlit", json::object()}}}});
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(
      {{-kHalf, -kHalf, 0}, {kHalf, -kHalf, 0}, {kHalf, kHalf, 0}, {-kHalf, kHalf, 0}});
  p.indices = b.addIndices(mode == gl::kTriangles ? std::vector<uint32_t>{0, 1, 2, 0, 2, 3}
                                                  : std::vector<uint32_t>{0, 1, 1, 2});
  p.material = material;
  p.mode = mode;
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addScene({cameraNode, b.addMeshNode(b.addMesh({p}))});
  return b;
}

class OverlayTest : public RendererTest {
 protected:
  // One sample per pixel: a one-pixel line covers its pixels whole (with MSAA it covers some
  // of their samples, and the resolve mixes it with the surface).
  void SetUp() override {
    renderer::Options options;
    options.msaaSamples = 1;
    startRenderer(options);
  }
  void load(const AssetBuilder& b) {
    bound_ = bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_TRUE(renderer_->setScene(*bound_.scene, bound_.scene->activeScene).shown);
    view_ = cameraView(*bound_.scene, kCameraNode, kSize, kSize);
    view_.clearColor = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    view_.background = renderer::Background::Color;
    view_.tonemap = renderer::Tonemap::None;
  }
  Bound bound_;
  View view_;
};

bool isWire(glm::u8vec4 c) {
  return colorNear(c, gpu::kWireframeColor, 1.0f);
}

// The pixels of the segment a-b (world), one per column or row along its longer axis: each
// must have a wireframe pixel within one pixel across the line.
::testing::AssertionResult wireAlong(const Pixels& pixels, const View& view, glm::vec3 a,
                                     glm::vec3 b) {
  const glm::vec2 pa(project(view, a, kSize, kSize)), pb(project(view, b, kSize, kSize));
  const int steps = int(std::max(std::abs(pb.x - pa.x), std::abs(pb.y - pa.y)));
  int found = 0, tried = 0;
  for (int i = 2; i <= steps - 2; ++i) {  // away from the corners
    const glm::vec2 p = pa + (pb - pa) * (float(i) / float(steps));
    ++tried;
    bool hit = false;
    for (int dy = -1; dy <= 1 && !hit; ++dy)
      for (int dx = -1; dx <= 1 && !hit; ++dx)
        hit = isWire(pixelAt(pixels, int(std::lround(p.x)) + dx, int(std::lround(p.y)) + dy));
    found += hit;
  }
  if (tried >= 10 && found == tried) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << found << " of " << tried << " points on the wire";
}

TEST_F(OverlayTest, WireframeDrawsEveryTriangleEdgeAtItsProjectedPixels) {
  ASSERT_NO_FATAL_FAILURE(load(wireQuad()));
  view_.wireframe = true;
  const Pixels pixels = renderer_->renderOffscreen(view_, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().wireframeDraws, 1u);
  const glm::vec3 c[] = {
      {-kHalf, -kHalf, 0}, {kHalf, -kHalf, 0}, {kHalf, kHalf, 0}, {-kHalf, kHalf, 0}};
  EXPECT_TRUE(wireAlong(pixels, view_, c[0], c[1])) << "bottom";
  EXPECT_TRUE(wireAlong(pixels, view_, c[1], c[2])) << "right";
  EXPECT_TRUE(wireAlong(pixels, view_, c[2], c[3])) << "top";
  EXPECT_TRUE(wireAlong(pixels, view_, c[3], c[0])) << "left";
  EXPECT_TRUE(wireAlong(pixels, view_, c[0], c[2])) << "diagonal";
  // Inside each triangle, away from the edges: the surface; outside the quad: the background.
  const glm::ivec2 lower = project(view_, {0.25f, -0.3f, 0.0f}, kSize, kSize);
  const glm::ivec2 upper = project(view_, {-0.25f, 0.3f, 0.0f}, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(pixels, lower.x, lower.y), glm::vec3(1.0f), 1.0f));
  EXPECT_TRUE(colorNear(pixelAt(pixels, upper.x, upper.y), glm::vec3(1.0f), 1.0f));
  EXPECT_TRUE(colorNear(pixelAt(pixels, 2, 2), glm::vec3(0.0f), 1.0f));
  int wire = 0;
  for (uint32_t y = 0; y < kSize; ++y)
    for (uint32_t x = 0; x < kSize; ++x) wire += isWire(pixelAt(pixels, int(x), int(y)));
  // Five edges, one pixel wide, of about 34 pixels each along their major axis (the quad's
  // half size 0.5 over the half height 3 tan(0.3) = 0.93 the camera sees, of 32 pixels): not
  // a filled area.
  EXPECT_GE(wire, 150);
  EXPECT_LE(wire, 200);

  // Off: not one wire pixel, nothing recorded.
  view_.wireframe = false;
  const Pixels plain = renderer_->renderOffscreen(view_, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().wireframeDraws, 0u);
  for (uint32_t y = 0; y < kSize; ++y)
    for (uint32_t x = 0; x < kSize; ++x) ASSERT_FALSE(isWire(pixelAt(plain, int(x), int(y))));
}

TEST_F(OverlayTest, WireframeLiesOverAChannelView) {
  ASSERT_NO_FATAL_FAILURE(load(wireQuad()));
  view_.wireframe = true;
  view_.channel = gpu::kChannelGeometryNormal;
  const Pixels pixels = renderer_->renderOffscreen(view_, kSize, kSize);
  EXPECT_TRUE(wireAlong(pixels, view_, {-kHalf, -kHalf, 0}, {kHalf, kHalf, 0})) << "diagonal";
  const glm::ivec2 lower = project(view_, {0.25f, -0.3f, 0.0f}, kSize, kSize);
  const glm::u8vec4 n = pixelAt(pixels, lower.x, lower.y);  // +z: (128, 128, 255)
  EXPECT_NEAR(n.r, 128, 1);
  EXPECT_NEAR(n.b, 255, 1);
}

// A lines primitive is drawn as it is: its two segments in the wire colour, and nothing else.
TEST_F(OverlayTest, LinesAreDrawnAsTheyAre) {
  ASSERT_NO_FATAL_FAILURE(load(wireQuad(gl::kLines)));
  view_.wireframe = true;
  const Pixels pixels = renderer_->renderOffscreen(view_, kSize, kSize);
  EXPECT_TRUE(wireAlong(pixels, view_, {-kHalf, -kHalf, 0}, {kHalf, -kHalf, 0})) << "bottom";
  EXPECT_TRUE(wireAlong(pixels, view_, {kHalf, -kHalf, 0}, {kHalf, kHalf, 0})) << "right";
  const glm::ivec2 diagonal = project(view_, glm::vec3(0.0f), kSize, kSize);
  EXPECT_FALSE(isWire(pixelAt(pixels, diagonal.x, diagonal.y)));
}

}  // namespace
}  // namespace vitrine::test
