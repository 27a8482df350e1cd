// Clear colour, object colour through both kinds of view, determinism, sizes.
#include <glm/gtc/quaternion.hpp>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

const glm::vec3 kBase{0.8f, 0.3f, 0.1f};

// A camera-facing unlit quad (exactly its base colour) and a camera node 3 units in front.
scene::Scene quadAndCamera(int* cameraNode) {
  scene::Scene s;
  const int material = addMaterial(s, makeUnlitMaterial(glm::vec4(kBase, 1.0f)));
  addMeshNode(s, quadPrimitive(material));
  *cameraNode = addCameraNode(s, glm::vec3(0.0f, 0.0f, 3.0f));
  finish(s);
  return s;
}

TEST_F(RendererTest, AssetCameraShowsClearColourAndBaseColour) {
  int camera = -1;
  const scene::Scene s = quadAndCamera(&camera);
  renderer_->setScene(s, 0);
  const View view = cameraView(s, camera, kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  ASSERT_EQ(p.width, kSize);
  ASSERT_EQ(p.height, kSize);
  ASSERT_EQ(p.rgba.size(), size_t(kSize) * kSize * 4);
  EXPECT_TRUE(colorNear(pixelAt(p, 1, 1), background()));
  EXPECT_TRUE(colorNear(pixelAt(p, kSize - 2, kSize - 2), background()));
  const glm::ivec2 c = project(view, glm::vec3(0.0f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, c.x, c.y), kBase));
  EXPECT_EQ(pixelAt(p, c.x, c.y).a, 255);
}

TEST_F(RendererTest, OrbitViewShowsClearColourAndBaseColour) {
  int camera = -1;
  const scene::Scene s = quadAndCamera(&camera);
  renderer_->setScene(s, 0);
  const glm::vec3 target(0.3f, -0.2f, 0.0f);
  const View view = orbitView(target + glm::vec3(0.0f, 0.0f, 4.0f), target, kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, 1, 1), background()));
  const glm::ivec2 c = project(view, target, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, c.x, c.y), kBase));
  // The quad's right edge is at x = 1: beyond it, the background.
  const glm::ivec2 outside = project(view, glm::vec3(1.2f, -0.2f, 0.0f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, outside.x, outside.y), background()));
}

TEST_F(RendererTest, NoSceneRendersTheClearColour) {
  const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  ASSERT_EQ(p.rgba.size(), size_t(kSize) * kSize * 4);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), background()));
}

TEST_F(RendererTest, SameRenderTwiceIsByteIdentical) {
  int camera = -1;
  const scene::Scene s = quadAndCamera(&camera);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(1.0f, 1.5f, 3.0f), glm::vec3(0.0f), kSize, kSize);
  const Pixels a = renderer_->renderOffscreen(view, kSize, kSize);
  const Pixels b = renderer_->renderOffscreen(view, kSize, kSize);
  ASSERT_EQ(a.rgba.size(), b.rgba.size());
  EXPECT_TRUE(a.rgba == b.rgba);
  EXPECT_TRUE(differsNear(a, glm::ivec2(kSize / 2), 0, background()));  // not empty
}

TEST_F(RendererTest, RendersAtTwoSizes) {
  int camera = -1;
  const scene::Scene s = quadAndCamera(&camera);
  renderer_->setScene(s, 0);
  for (const glm::uvec2 size : {glm::uvec2(kSize, kSize), glm::uvec2(48, 24)}) {
    const View view = cameraView(s, camera, size.x, size.y);
    const Pixels p = renderer_->renderOffscreen(view, size.x, size.y);
    ASSERT_EQ(p.width, size.x);
    ASSERT_EQ(p.height, size.y);
    ASSERT_EQ(p.rgba.size(), size_t(size.x) * size.y * 4);
    const glm::ivec2 c = project(view, glm::vec3(0.0f), size.x, size.y);
    EXPECT_TRUE(colorNear(pixelAt(p, c.x, c.y), kBase)) << size.x << "x" << size.y;
    EXPECT_TRUE(colorNear(pixelAt(p, 0, 0), background())) << size.x << "x" << size.y;
  }
}

TEST_F(RendererTest, InfiniteProjectionKeepsTheNearAndTheFar) {
  // Camera znear 0.1, no zfar. A small quad at 1.5 x znear (OpenGL depth < 0 there: lost
  // without the clip-space correction) and a huge one 10^4 away, both visible.
  scene::Scene s;
  const glm::vec3 nearColor(0.9f, 0.2f, 0.7f), farColor(0.2f, 0.9f, 0.3f);
  const int nearNode =
      addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({nearColor, 1}))),
                  glm::vec3(0.0f, 0.0f, -0.15f));
  s.nodes[nearNode].scale = glm::vec3(0.02f);
  const int farNode =
      addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({farColor, 1}))),
                  glm::vec3(0.0f, 0.0f, -1.0e4f));
  s.nodes[farNode].scale = glm::vec3(1.0e4f);
  const int camera = addCameraNode(s, glm::vec3(0.0f));
  finish(s);
  renderer_->setScene(s, 0);
  const View view = cameraView(s, camera, kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), nearColor));
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, 4), farColor));
}

TEST_F(RendererTest, EdgesAreAntialiased) {
  // A slanted unlit quad: with MSAA some edge pixels mix object and background.
  scene::Scene s;
  const glm::vec3 color(1.0f, 1.0f, 0.0f);
  const int node = addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({color, 1.0f}))));
  s.nodes[node].rotation = glm::angleAxis(0.3f, glm::vec3(0, 0, 1));
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  int mixed = 0;
  for (uint32_t y = 0; y < kSize; ++y)
    for (uint32_t x = 0; x < kSize; ++x) {
      const glm::u8vec4 px = pixelAt(p, int(x), int(y));
      if (!colorNear(px, color, 8.0f) && !colorNear(px, background(), 8.0f)) ++mixed;
    }
  EXPECT_GT(mixed, 8);
}

}  // namespace
}  // namespace vitrine::test
