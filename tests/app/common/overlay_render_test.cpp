// The line overlays through the renderer (issue 22 §2), headless on lavapipe with validation:
// the skeleton of simple_skin and of a generated chain whose joint moves, at two times, its
// joints at their projected pixels; lines depth tested against the scene or drawn over it.
#include <cstdlib>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "asset_builder.h"
#include "document.h"
#include "overlay_geometry.h"
#include "overlay_lines.h"
#include "pick.h"

namespace vitrine::app {
namespace {

constexpr uint32_t kSize = 96;

class OverlayRender : public ::testing::Test {
 protected:
  void SetUp() override {
    ::testing::internal::CaptureStderr();
    renderer::Options options;
    options.validation = true;
    options.msaaSamples = 1;  // a one-pixel line covers its pixels whole
    std::string error;
    renderer_ = renderer::Renderer::create(options, &error);
    ASSERT_TRUE(renderer_) << error;
  }
  void TearDown() override {
    const uint32_t messages = renderer_ ? renderer_->validationMessageCount() : 0;
    renderer_.reset();
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(messages, 0u) << err;
  }
  void load(const std::string& path) {
    DocumentResult r = loadDocument(path);
    ASSERT_TRUE(r.document) << r.error;
    doc_ = std::move(r.document);
    ASSERT_TRUE(renderer_->setScene(*doc_->scene, doc_->scene->activeScene).shown);
    view_.view = glm::lookAt(glm::vec3(0, 1, 6), glm::vec3(0, 1, 0), glm::vec3(0, 1, 0));
    view_.projection = glm::perspective(0.9f, 1.0f, 0.1f, 100.0f);
    view_.eye = {0, 1, 6};
    view_.background = renderer::Background::Color;
    view_.clearColor = glm::vec4(0, 0, 0, 1);
    view_.tonemap = renderer::Tonemap::None;
  }
  // Poses the document at `seconds` and renders it with the overlays `look` asks for.
  renderer::Pixels render(float seconds, const CliOptions& look,
                          std::optional<uint32_t> selected = {}) {
    scene::DirtySet dirty;
    doc_->animations->evaluate(seconds, std::vector<bool>(64, true), dirty);
    renderer_->applyChanges(*doc_->scene, dirty);
    buildOverlayLines(look, *doc_->scene, doc_->scene->activeScene, selected, 1.0f, lines_);
    renderer::View view = view_;
    attachOverlayLines(lines_, view);
    return renderer_->renderOffscreen(view, kSize, kSize);
  }
  glm::ivec2 project(const glm::vec3& p) const {
    const glm::vec4 c = view_.projection * view_.view * glm::vec4(p, 1.0f);
    return {int((c.x / c.w * 0.5f + 0.5f) * kSize), int((0.5f - c.y / c.w * 0.5f) * kSize)};
  }
  glm::u8vec4 at(const renderer::Pixels& p, int x, int y) const {
    const size_t i = (size_t(y) * p.width + size_t(x)) * 4;
    return {p.rgba[i], p.rgba[i + 1], p.rgba[i + 2], p.rgba[i + 3]};
  }
  // Some pixel within 1 of `p` is the sRGB encoding of linear `color` (to 2 levels).
  bool colourNear(const renderer::Pixels& pixels, glm::ivec2 p, const glm::vec4& color) const {
    const auto srgb = [](float c) {
      return 255.0f * (c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1 / 2.4f) - 0.055f);
    };
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const glm::u8vec4 c = at(pixels, p.x + dx, p.y + dy);
        bool same = true;
        for (int k = 0; k < 3; ++k) same = same && std::abs(float(c[k]) - srgb(color[k])) <= 2.0f;
        if (same) return true;
      }
    return false;
  }

  std::unique_ptr<renderer::Renderer> renderer_;
  std::unique_ptr<Document> doc_;
  renderer::View view_;
  OverlayLines lines_;
};

// simple_skin's two joints (nodes 1 and 2) both stand at (0, 1, 0); its animation turns joint 2,
// which bends the mesh above it but moves no joint.
TEST_F(OverlayRender, SimpleSkinsJointsAreDrawnWhereTheyStandAtTwoTimes) {
  ASSERT_NO_FATAL_FAILURE(load(VITRINE_MODELS_DIR "/simple_skin/simple_skin.gltf"));
  CliOptions look;
  look.showSkeleton = true;
  for (float t : {0.0f, 2.5f}) {
    const renderer::Pixels pixels = render(t, look);
    ASSERT_EQ(pixels.width, kSize);
    const scene::Skeleton s = scene::skeleton(*doc_->scene, 0);
    ASSERT_EQ(s.joints.size(), 2u);
    for (const glm::vec3& j : s.joints) {
      EXPECT_LT(glm::length(j - glm::vec3(0, 1, 0)), 1e-5f);
      EXPECT_TRUE(colourNear(pixels, project(j), kJointColor)) << "t = " << t;
    }
    EXPECT_EQ(renderer_->lastDrawStats().overlayLines, 1u + 2u * 3u);  // a bone, two markers
  }
  // Without the flag: nothing of the skeleton.
  const renderer::Pixels plain = render(0.0f, CliOptions{});
  EXPECT_FALSE(colourNear(plain, project({0, 1, 0}), kJointColor));
  EXPECT_EQ(renderer_->lastDrawStats().overlayLines, 0u);
}

// A chain of three joints one unit apart up +y, skinning a thin strip; joint 1 turns 90
// degrees about +z over a second, so joint 2 goes from (0, 2, 0) to (-1, 1, 0).
std::string chainAsset() {
  test::AssetBuilder b;
  test::PrimitiveDesc p;
  p.attributes["POSITION"] =
      b.addPositions({{-0.1f, 0, 0}, {0.1f, 0, 0}, {0.1f, 2, 0}, {-0.1f, 2, 0}});
  std::vector<uint8_t> joints = {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0};
  test::AccessorDesc j;
  j.bufferView = b.addBufferView(joints.data(), joints.size());
  j.componentType = test::gl::kUnsignedByte;
  j.type = "VEC4";
  j.count = 4;
  p.attributes["JOINTS_0"] = b.addAccessor(j);
  p.attributes["WEIGHTS_0"] = b.addVec4(std::vector<glm::vec4>(4, glm::vec4(1, 0, 0, 0)));
  p.indices = b.addIndices({0, 1, 2, 0, 2, 3});
  const int mesh = b.addMesh({p});
  const int j0 = b.addNode({{"children", {1}}});
  b.addNode({{"translation", {0, 1, 0}}, {"children", {2}}});
  b.addNode({{"translation", {0, 1, 0}}});
  b.json()["skins"] = {{{"joints", {j0, 1, 2}}}};
  const int skinned = b.addNode({{"mesh", mesh}, {"skin", 0}});
  const float s = std::sqrt(0.5f);
  test::AccessorDesc times;
  times.bufferView = b.addBufferView(std::vector<float>{0.0f, 1.0f});
  times.count = 2;
  times.min = {0.0};
  times.max = {1.0};
  const int in = b.addAccessor(times);
  const int out = b.addVec4({glm::vec4(0, 0, 0, 1), glm::vec4(0, 0, s, s)});
  b.json()["animations"] = {
      {{"samplers", {{{"input", in}, {"output", out}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "rotation"}}}}}}}};
  b.addScene({j0, skinned});
  return b.writeGlb("overlay_chain");
}

// The joint selected in the outliner is drawn in amber (and larger), the others stay white.
TEST_F(OverlayRender, TheSelectedJointIsHighlighted) {
  ASSERT_NO_FATAL_FAILURE(load(chainAsset()));
  CliOptions look;
  look.showSkeleton = true;
  const renderer::Pixels pixels = render(0.0f, look, 1u);  // joint 1, at (0, 1, 0)
  EXPECT_TRUE(colourNear(pixels, project({0, 1, 0}), kSelectedJointColor));
  EXPECT_FALSE(colourNear(pixels, project({0, 1, 0}), kJointColor));
  EXPECT_TRUE(colourNear(pixels, project({0, 2, 0}), kJointColor));
  EXPECT_FALSE(colourNear(pixels, project({0, 2, 0}), kSelectedJointColor));
}

TEST_F(OverlayRender, AMovingJointIsDrawnWhereTheAnimationTakesIt) {
  ASSERT_NO_FATAL_FAILURE(load(chainAsset()));
  CliOptions look;
  look.showSkeleton = true;
  renderer::Pixels pixels = render(0.0f, look);
  EXPECT_TRUE(colourNear(pixels, project({0, 2, 0}), kJointColor));
  EXPECT_TRUE(colourNear(pixels, project({0, 1.5f, 0}), kBoneColor));  // mid-bone, over the strip
  EXPECT_FALSE(colourNear(pixels, project({-1, 1, 0}), kJointColor));
  pixels = render(1.0f, look);
  EXPECT_TRUE(colourNear(pixels, project({-1, 1, 0}), kJointColor));
  EXPECT_TRUE(colourNear(pixels, project({-0.5f, 1, 0}), kBoneColor));
  EXPECT_FALSE(colourNear(pixels, project({0, 2, 0}), kJointColor));
}

// Bounds are depth tested: the box's edge behind the strip is hidden where the strip covers it
// (and drawn where it does not); the skeleton is drawn over everything.
TEST_F(OverlayRender, BoundsAreDepthTestedAndTheSkeletonIsDrawnOverAll) {
  ASSERT_NO_FATAL_FAILURE(load(chainAsset()));
  CliOptions look;
  look.showBounds = true;
  const renderer::Pixels pixels = render(0.0f, look);
  // The strip's box: x -0.1..0.1, y 0..2, z 0 (flat): its edges lie on the strip's border.
  EXPECT_TRUE(colourNear(pixels, project({0.1f, 1.0f, 0}), kBoundsColor));
  EXPECT_EQ(renderer_->lastDrawStats().overlayLines, 12u);
}

// Isolate (View::shownNodes) keeps the overlays of the isolated subtree: the joints' subtree
// (nodes 0..2) shows their skeleton but not the skinned node's box; the skinned node (3) shows
// its box and the skeleton of its skin; a subtree with neither shows nothing.
TEST_F(OverlayRender, IsolateKeepsTheOverlaysOfItsSubtree) {
  ASSERT_NO_FATAL_FAILURE(load(chainAsset()));
  CliOptions look;
  look.showBounds = look.showSkeleton = true;
  const scene::Scene& s = *doc_->scene;
  const size_t skeletonVertices = 2 * (2 + 3 * 3);  // two bones, three markers of 3 segments
  std::vector<uint8_t> mask;
  scene::subtreeMask(s, 0, mask);
  buildOverlayLines(look, s, s.activeScene, {}, 1.0f, lines_, &mask);
  EXPECT_TRUE(lines_.depthTested.empty());
  EXPECT_EQ(lines_.onTop.size(), skeletonVertices);
  scene::subtreeMask(s, 3, mask);
  buildOverlayLines(look, s, s.activeScene, {}, 1.0f, lines_, &mask);
  EXPECT_EQ(lines_.depthTested.size(), 24u);  // the box's 12 edges
  EXPECT_EQ(lines_.onTop.size(), skeletonVertices);
  mask.assign(s.nodes.size(), 0);
  buildOverlayLines(look, s, s.activeScene, {}, 1.0f, lines_, &mask);
  EXPECT_TRUE(lines_.depthTested.empty() && lines_.onTop.empty());
  buildOverlayLines(look, s, s.activeScene, {}, 1.0f, lines_);  // no mask: everything
  EXPECT_EQ(lines_.depthTested.size() + lines_.onTop.size(), 24u + skeletonVertices);
}

}  // namespace
}  // namespace vitrine::app
