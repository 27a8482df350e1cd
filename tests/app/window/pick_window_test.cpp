// Picking in a real window under Xvfb, validation on (issue 22 §3): a click in the 3D view
// selects the node under it, a second click on the same place the one behind, then round
// again; a click on the background selects nothing.
#include <cstdlib>

#include <gtest/gtest.h>

#include <GLFW/glfw3.h>

#include "asset_builder.h"
#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

// Two quads, the second half a unit behind the first and larger, framed from +z.
std::unique_ptr<Document> stackedQuads() {
  test::AssetBuilder b;
  const int front = b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}));
  const int back = b.addNode({{"mesh", b.addColoredQuad({0, 0, 1, 1})},
                              {"translation", {0.0, 0.0, -0.5}},
                              {"scale", {1.5, 1.5, 1.0}}});
  // Unlit: their colours whatever the environment (cold in the first test that needs it, and
  // then processed a few frames into the window).
  for (int m : {0, 1})
    b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addScene({front, back});
  DocumentResult r = loadDocument(b.writeGlb("pick_window_quads"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

TEST(PickWindow, ClicksSelectWhatIsUnderTheCursorAndCycleBehindIt) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  ViewerOptions options;
  options.width = 320;
  options.height = 240;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(stackedQuads(), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.showUi = false;  // the view is the whole window
  // A solid black background: what no quad covers is the same everywhere.
  s.look.background = CliBackground::Color;
  s.look.backgroundColor = glm::vec3(0.0f);
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());
  const auto click = [&](float x, float y) {
    viewer->inject(ClickEvent{x, y});
    EXPECT_TRUE(viewer->runFrame());
    return s.selectedNode;
  };
  EXPECT_EQ(click(160, 120), std::optional<uint32_t>(0));  // the front quad
  EXPECT_EQ(click(161, 121), std::optional<uint32_t>(1));  // the same place: behind it
  EXPECT_EQ(click(160, 120), std::optional<uint32_t>(0));  // and round again
  EXPECT_EQ(click(2, 2), std::nullopt);                    // the background

  // Isolate (I) the front quad: the back one, which shows around it, is no longer drawn, nor
  // picked; I again brings it back.
  // The pixels of the centre row that are not the black background.
  const auto coveredOnTheCentreRow = [&]() {
    viewer->renderer().captureNextFrame();
    EXPECT_TRUE(viewer->runFrame());
    const renderer::Pixels shot = viewer->renderer().takeCapture();
    const size_t y = shot.height / 2;
    int covered = 0;
    for (size_t x = 0; x < shot.width; ++x)
      for (int c = 0; c < 3; ++c)
        if (shot.rgba[(y * shot.width + x) * 4 + size_t(c)] > 8) {
          ++covered;
          break;
        }
    return covered;
  };
  const int both = coveredOnTheCentreRow();
  EXPECT_EQ(click(160, 120), std::optional<uint32_t>(0));
  viewer->inject(KeyEvent{GLFW_KEY_I, 0});
  const int front = coveredOnTheCentreRow();
  EXPECT_EQ(s.isolatedNode, std::optional<uint32_t>(0));
  EXPECT_GT(front, 0);
  EXPECT_LT(front, both) << "the back quad, wider, is no longer drawn beside the front one";
  EXPECT_EQ(click(161, 121), std::optional<uint32_t>(0));  // nothing behind it now
  viewer->inject(KeyEvent{GLFW_KEY_I, 0});
  EXPECT_EQ(coveredOnTheCentreRow(), both);
  EXPECT_FALSE(s.isolatedNode.has_value());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(PickCycle, ASubtreeMaskHoldsTheRootAndEveryNodeBelowIt) {
  scene::Scene s;
  s.nodes.resize(4);
  s.nodes[0].children = {1};
  s.nodes[1].parent = 0;
  s.nodes[1].children = {2};
  s.nodes[2].parent = 1;
  std::vector<uint8_t> mask;
  scene::subtreeMask(s, 1, mask);
  EXPECT_EQ(mask, (std::vector<uint8_t>{0, 1, 1, 0}));
  scene::subtreeMask(s, 9, mask);
  EXPECT_TRUE(mask.empty());
}

TEST(PickCycle, TheSamePlaceAndTheSameHitsCycleAnythingElseStartsAgain) {
  PickCycle cycle;
  const std::vector<scene::PickHit> two = {{3, 1.0f, 0}, {7, 2.0f, 0}};
  EXPECT_EQ(cycle.click({10, 10}, two), std::optional<uint32_t>(3));
  EXPECT_EQ(cycle.click({12, 10}, two), std::optional<uint32_t>(7));
  EXPECT_EQ(cycle.click({12, 10}, two), std::optional<uint32_t>(3));
  EXPECT_EQ(cycle.click({30, 10}, two), std::optional<uint32_t>(3));  // elsewhere: the nearest
  EXPECT_EQ(cycle.click({30, 10}, {{7, 1.0f, 0}}), std::optional<uint32_t>(7));  // other hits
  EXPECT_EQ(cycle.click({30, 10}, {}), std::nullopt);
}

}  // namespace
}  // namespace vitrine::app
