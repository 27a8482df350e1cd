// The timeline in a real window under Xvfb on lavapipe, driven through the app's input layer
// (Viewer::inject): play/pause, frame steps and jumps move the timeline, the scene shows the
// animation's value at that time, and a capture of the presented frame shows the timeline
// panel at the bottom. The validation layer stays silent.
#include <cmath>
#include <cstdlib>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "common/asset_builder.h"
#include "document.h"
#include "layout.h"
#include "png.h"
#include "timeline_panel.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

using test::AssetBuilder;
using test::countColor;

// A red quad whose node slides from x = 0 at t = 0 to x = 1 at t = 1 (LINEAR): at any time
// t of [0, 1] its translation is (t, 0, 0).
std::string writeSlidingQuad() {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({1.0f, 0.0f, 0.0f, 1.0f});
  const int node = b.addMeshNode(mesh);
  b.addScene({node});
  const int input = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0.0};
  b.json()["accessors"][input]["max"] = {1.0};
  const int output = b.addVec3({{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
  b.json()["animations"] = nlohmann::json::array(
      {{{"name", "Slide"},
        {"channels", {{{"sampler", 0}, {"target", {{"node", node}, {"path", "translation"}}}}}},
        {"samplers", {{{"input", input}, {"output", output}, {"interpolation", "LINEAR"}}}}}});
  return b.writeGltf("timeline_window_slide");
}

class TimelineWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
    DocumentResult loaded = loadDocument(writeSlidingQuad());
    ASSERT_TRUE(loaded.document) << loaded.error;
    ASSERT_EQ(loaded.document->animations->clips().size(), 1u);
    ASSERT_TRUE(loaded.document->channelWarnings.empty());
    ViewerOptions options;
    options.width = 400;
    options.height = 300;
    options.validation = true;
    std::string error;
    viewer_ = Viewer::create(std::move(loaded.document), {true}, options, &error);
    ASSERT_TRUE(viewer_) << error;
  }

  void TearDown() override {
    if (viewer_) {
      EXPECT_EQ(viewer_->renderer().validationMessageCount(), 0u);
    }
  }

  void key(int k) { viewer_->inject(KeyEvent{k, 0}); }
  const Timeline& timeline() const { return viewer_->session().timeline; }
  float slideX() const { return viewer_->session().document->scene->nodes[0].translation.x; }
  float worldX() const { return viewer_->session().document->scene->world[0][3].x; }

  std::unique_ptr<Viewer> viewer_;
};

TEST_F(TimelineWindow, KeysDriveTheTimelineAndTheSceneFollows) {
  EXPECT_TRUE(timeline().playing());  // plays on open
  // Space pauses before any time passed; Home makes sure we are at the start.
  key(GLFW_KEY_SPACE);
  key(GLFW_KEY_HOME);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_FALSE(timeline().playing());
  EXPECT_EQ(timeline().time(), 0.0);
  EXPECT_EQ(timeline().fps(), 30);

  // Two frames forward at 30 fps: exactly 2/30, and the node is where the clip puts it.
  key(GLFW_KEY_RIGHT);
  key(GLFW_KEY_RIGHT);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 2.0 / 30.0);
  EXPECT_FALSE(timeline().playing());
  EXPECT_NEAR(slideX(), 2.0f / 30.0f, 1e-6f);
  EXPECT_NEAR(worldX(), 2.0f / 30.0f, 1e-6f);
  // Paused: frames pass, time does not.
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 2.0 / 30.0);

  key(GLFW_KEY_LEFT);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 1.0 / 30.0);
  EXPECT_NEAR(slideX(), 1.0f / 30.0f, 1e-6f);

  // Up / Down: the next / previous keyframe of the enabled clip (its keys: 0 and 1).
  key(GLFW_KEY_UP);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 1.0);
  EXPECT_FLOAT_EQ(slideX(), 1.0f);
  key(GLFW_KEY_DOWN);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 0.0);
  EXPECT_FLOAT_EQ(slideX(), 0.0f);

  key(GLFW_KEY_END);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_EQ(timeline().time(), 1.0);
  EXPECT_FLOAT_EQ(slideX(), 1.0f);

  // Space plays again: time moves on (looping over [0, 1]) and the node follows the clip.
  key(GLFW_KEY_HOME);
  key(GLFW_KEY_SPACE);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer_->runFrame());
  EXPECT_TRUE(timeline().playing());
  EXPECT_GT(timeline().time(), 0.0);
  EXPECT_NEAR(slideX(), timeline().clipTimes()[0], 1e-6f);

  // A clip's own offset and speed reach the scene: at t = 0.5, offset 0.25 and speed 2 put
  // the clip at (0.5 - 0.25) * 2 = 0.5 in its own time.
  key(GLFW_KEY_SPACE);
  ASSERT_TRUE(viewer_->runFrame());
  ASSERT_FALSE(timeline().playing());
  Timeline& tl = viewer_->session().timeline;
  ClipSettings clip = tl.clip(0);
  clip.offset = 0.25f;
  clip.speed = 2.0f;
  tl.setClip(0, clip);
  tl.setTime(0.5);
  ASSERT_TRUE(viewer_->runFrame());
  EXPECT_FLOAT_EQ(tl.clipTimes()[0], 0.5f);
  EXPECT_NEAR(slideX(), 0.5f, 1e-6f);
}

TEST_F(TimelineWindow, ScreenshotShowsTheTimelineAlongTheBottom) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(viewer_->window(), &w, &h);
  ASSERT_GT(w, 0);
  ASSERT_GT(h, 0);
  // The framebuffer is the window (content scale 1 under Xvfb): layout coordinates are pixels.
  const Layout layout = computeLayout({float(w), float(h)}, viewer_->session().uiScale, 0.0f,
                                      viewer_->session().panels);
  const uint32_t top = uint32_t(layout.timeline.pos.y);
  ASSERT_GT(top, uint32_t(h) / 2);

  // A few frames first: auto-sized windows (the info window over the view) show from their
  // second frame; the view's pixels must not match the bar's colour either.
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer_->runFrame());
  viewer_->renderer().captureNextFrame();
  ASSERT_TRUE(viewer_->runFrame());
  renderer::Pixels shot = viewer_->renderer().takeCapture();
  ASSERT_EQ(shot.width, uint32_t(w));
  ASSERT_EQ(shot.height, uint32_t(h));
  EXPECT_TRUE(viewer_->renderer().takeCapture().rgba.empty());  // taken once
  // The scrub bar (at least a 100-pixel wide, 10-pixel high band) is in the timeline's rows,
  // and nowhere above them.
  EXPECT_GE(countColor(shot, kScrubBarRgb, top, uint32_t(h)), 1000);
  EXPECT_EQ(countColor(shot, kScrubBarRgb, 0, top), 0);

  // With the timeline panel hidden, its colour is gone from the window.
  viewer_->session().panels.timeline = false;
  viewer_->renderer().captureNextFrame();
  ASSERT_TRUE(viewer_->runFrame());
  shot = viewer_->renderer().takeCapture();
  ASSERT_EQ(shot.height, uint32_t(h));
  EXPECT_EQ(countColor(shot, kScrubBarRgb, 0, uint32_t(h)), 0);
}

}  // namespace
}  // namespace vitrine::app
