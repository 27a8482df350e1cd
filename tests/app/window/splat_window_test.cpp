// KHR_gaussian_splatting in a real window under Xvfb, validation on (issue 35): the splats of
// the view are sorted again for the very frame whose camera changed (never a stale order on
// screen), and kept as they are while nothing moves.
#include <cstdlib>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

// A red splat at z = 0.3 and a green one at z = -0.3, overlapping, both nearly opaque at their
// centres; camera 0 at z = +3 looks down -z, camera 1 at z = -3 looks back (turned about y).
std::unique_ptr<Document> twoSplats() {
  test::AssetBuilder b;
  test::SplatData d;
  d.positions = {{0.0f, 0.0f, 0.3f}, {0.0f, 0.0f, -0.3f}};
  d.rotations = {{0, 0, 0, 1}, {0, 0, 0, 1}};
  d.scales = {{0.3f, 0.3f, 0.05f}, {0.3f, 0.3f, 0.05f}};
  d.opacities = {0.98f, 0.98f};
  d.sh = {test::splatDcFromColor({1, 0, 0}), test::splatDcFromColor({0, 1, 0})};
  const int mesh = b.addSplatMesh(d);
  const int front = b.addPerspectiveCamera(0.8f, 0.05f);
  const int back = b.addPerspectiveCamera(0.8f, 0.05f);
  b.addScene({b.addMeshNode(mesh),
              b.addNode({{"camera", front}, {"translation", {0.0f, 0.0f, 3.0f}}}),
              b.addNode({{"camera", back},
                         {"translation", {0.0f, 0.0f, -3.0f}},
                         {"rotation", {0.0f, 1.0f, 0.0f, 0.0f}}})});
  DocumentResult r = loadDocument(b.writeGlb("splat_window"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// The centre pixel of the frame that runs next.
const uint8_t* centreOfNextFrame(Viewer& viewer, renderer::Pixels& shot) {
  viewer.renderer().captureNextFrame();
  EXPECT_TRUE(viewer.runFrame());
  shot = viewer.renderer().takeCapture();
  EXPECT_FALSE(shot.rgba.empty());
  return &shot.rgba[(size_t(shot.height / 2) * shot.width + shot.width / 2) * 4];
}

TEST(SplatWindow, TheFrameWhoseCameraTurnedIsSortedForIt) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  ViewerOptions options;
  options.width = 200;
  options.height = 160;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(twoSplats(), {}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  s.showUi = false;
  s.assetCamera = 0;
  ASSERT_TRUE(viewer->runFrame());
  renderer::Pixels shot;
  const uint8_t* p = centreOfNextFrame(*viewer, shot);
  EXPECT_GT(p[0], 200) << "red, the nearer from the front";
  EXPECT_LT(p[1], 40);
  renderer::DrawStats stats = viewer->renderer().lastDrawStats();
  EXPECT_EQ(stats.splats, 2u);
  EXPECT_EQ(stats.splatsDrawn, 2u);
  // Nothing moved since the frame before: the order was kept, not sorted again.
  EXPECT_EQ(stats.splatSortMilliseconds, 0.0);
  EXPECT_EQ(stats.splatProjectMilliseconds, 0.0);

  // The first frame through the other camera already shows green in front.
  s.assetCamera = 1;
  p = centreOfNextFrame(*viewer, shot);
  EXPECT_GT(p[1], 200) << "green, the nearer from behind";
  EXPECT_LT(p[0], 40);
  stats = viewer->renderer().lastDrawStats();
  EXPECT_GT(stats.splatSortMilliseconds + stats.splatProjectMilliseconds, 0.0);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
