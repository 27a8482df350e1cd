// A real window under Xvfb on lavapipe: open, draw frames, resize, close, with the
// validation layer on and silent.
#include <cstdlib>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

TEST(Window, OpensRendersResizesAndCloses) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  DocumentResult loaded = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(loaded.document) << loaded.error;

  ViewerOptions options;
  options.width = 320;
  options.height = 200;
  options.validation = true;
  std::string error;
  // The demo's animations play while the window runs (node transforms every frame).
  ASSERT_EQ(loaded.document->channelWarnings.size(), 0u);
  ASSERT_EQ(loaded.document->animations->clips().size(), 3u);
  auto viewer = Viewer::create(std::move(loaded.document), {true, true, true}, options, &error);
  ASSERT_TRUE(viewer) << error;

  for (int i = 0; i < 5; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->framesPresented(), 5u);
  // The clock moved between frames: the ring's rotation, the ball and the box colour changed,
  // and the last frame sent them (applyChanges through the window's frames).
  EXPECT_GT(viewer->renderer().lastUploadStats().bytes, 0u);

  // Resize: the swapchain follows the framebuffer, and frames keep being presented.
  glfwSetWindowSize(viewer->window(), 200, 160);
  int w = 0, h = 0;
  for (int i = 0; i < 50 && (w != 200 || h != 160); ++i) {
    ASSERT_TRUE(viewer->runFrame());
    glfwGetFramebufferSize(viewer->window(), &w, &h);
  }
  EXPECT_EQ(w, 200);
  EXPECT_EQ(h, 160);
  const uint64_t before = viewer->framesPresented();
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_GE(viewer->framesPresented(), before + 4);

  // Closing ends the loop.
  glfwSetWindowShouldClose(viewer->window(), GLFW_TRUE);
  EXPECT_FALSE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// Minimised, resized to zero and back, resized again and again (each a swapchain re-creation
// that retires the old swapchain's semaphores), then closed while a load is running: frames
// resume after each, the loop ends cleanly, and the validation layer stays silent.
TEST(Window, SurvivesMinimiseZeroSizeRepeatedResizesAndCloseMidLoad) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  DocumentResult loaded = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(loaded.document) << loaded.error;
  ViewerOptions options;
  options.width = 240;
  options.height = 160;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), {true, true, true}, options, &error);
  ASSERT_TRUE(viewer) << error;
  GLFWwindow* window = viewer->window();
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());

  // Frames until the framebuffer is w x h (at most 50), then 3 more that must present.
  const auto settle = [&](int w, int h) {
    int fw = -1, fh = -1;
    for (int i = 0; i < 50 && (fw != w || fh != h); ++i) {
      if (!viewer->runFrame()) return false;
      glfwGetFramebufferSize(window, &fw, &fh);
    }
    const uint64_t before = viewer->framesPresented();
    for (int i = 0; i < 3; ++i)
      if (!viewer->runFrame()) return false;
    return fw == w && fh == h && viewer->framesPresented() >= before + 2;
  };

  glfwIconifyWindow(window);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(viewer->runFrame());
  glfwRestoreWindow(window);
  EXPECT_TRUE(settle(240, 160));

  // Resized to nothing and back: X refuses a zero size (BadValue), 1x1 is its smallest; a 0x0
  // framebuffer is what iconifying gives, above.
  glfwSetWindowSize(window, 1, 1);
  EXPECT_TRUE(settle(1, 1));
  glfwSetWindowSize(window, 240, 160);
  EXPECT_TRUE(settle(240, 160));

  // Each size a new swapchain while the previous one's presents may still be queued.
  for (int i = 0; i < 12; ++i) {
    const int w = 120 + 16 * i, h = 90 + 8 * (i % 3);
    glfwSetWindowSize(window, w, h);
    EXPECT_TRUE(settle(w, h)) << i;
  }

  // Closed while a file loads: the loop ends, the load is waited for, nothing leaks.
  viewer->openFile(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  glfwSetWindowShouldClose(window, GLFW_TRUE);
  EXPECT_FALSE(viewer->runFrame());
  EXPECT_EQ(viewer->failure(), "");
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
  viewer.reset();  // the destructor joins the loader thread
}

}  // namespace
}  // namespace vitrine::app
