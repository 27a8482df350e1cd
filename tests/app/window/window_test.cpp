// A real window under Xvfb on lavapipe: open, draw frames, resize, close, with the
// validation layer on and silent.
#include <cstdlib>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "document.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

// The bundled demo scene in a 240x160 window, its three clips playing, the validation layer on;
// null (with a test failure) when it cannot open.
std::unique_ptr<Viewer> demoViewer() {
  DocumentResult loaded = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  EXPECT_TRUE(loaded.document) << loaded.error;
  if (!loaded.document) return nullptr;
  ViewerOptions options;
  options.width = 240;
  options.height = 160;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), {true, true, true}, options, &error);
  EXPECT_TRUE(viewer) << error;
  return viewer;
}

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

// The retirement of a replaced swapchain, measured on the window's renderer: its present
// semaphores are not destroyed when it is re-created (a present of the old swapchain may still
// wait on them) but after later presents (SwapchainRetirement), and the validation layer
// stays silent.
TEST(Window, ResizeKeepsTheOldPresentSemaphoresUntilLaterPresents) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  std::unique_ptr<Viewer> viewer = demoViewer();
  ASSERT_TRUE(viewer);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  const renderer::SwapchainStats first = viewer->renderer().swapchainStats();
  EXPECT_EQ(first.creations, 1u);
  EXPECT_EQ(first.retiredSemaphoresWaiting, 0u);
  EXPECT_EQ(first.retiredSemaphoresDestroyed, 0u);

  glfwSetWindowSize(viewer->window(), 200, 120);
  renderer::SwapchainStats s = first;
  for (int i = 0; i < 50 && s.creations == first.creations; ++i) {
    ASSERT_TRUE(viewer->runFrame());
    s = viewer->renderer().swapchainStats();
  }
  ASSERT_GT(s.creations, first.creations);
  // The frame that re-created the swapchain presented once to the new one: the old one's
  // semaphores (one per image, at least 2) still wait.
  EXPECT_GE(s.retiredSemaphoresWaiting, 2u);
  EXPECT_EQ(s.retiredSemaphoresDestroyed, 0u);
  const uint32_t retired = s.retiredSemaphoresWaiting;
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().swapchainStats().retiredSemaphoresWaiting, retired);

  // Enough presents later (images + frames in flight + 1; a few swapchain images on lavapipe)
  // they are gone, and no more re-creation was needed.
  for (int i = 0; i < 12; ++i) ASSERT_TRUE(viewer->runFrame());
  s = viewer->renderer().swapchainStats();
  EXPECT_EQ(s.retiredSemaphoresWaiting, 0u);
  EXPECT_EQ(s.retiredSemaphoresDestroyed, retired);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A minimised window as a window manager reports it (a 0x0 framebuffer, through the viewer's
// test hook: Xvfb without a window manager never iconifies), and a 0x0 drawFrame straight to
// the renderer: frames are skipped, no swapchain is created for a zero extent, and drawing
// resumes at the window's size afterwards.
TEST(Window, ZeroFramebufferSkipsFramesWithoutASwapchainAndResumes) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  std::unique_ptr<Viewer> viewer = demoViewer();
  ASSERT_TRUE(viewer);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  const renderer::SwapchainStats before = viewer->renderer().swapchainStats();
  const uint64_t presented = viewer->framesPresented();

  viewer->overrideFramebufferSize(std::pair{0, 0});
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->framesPresented(), presented);
  // The renderer's own guard, asked directly.
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(viewer->renderer().drawFrame(viewer->windowView(), 0, 0, {}),
              renderer::FrameStatus::Skipped);
  EXPECT_EQ(viewer->renderer().drawFrame(viewer->windowView(), 240, 0, {}),
            renderer::FrameStatus::Skipped);
  renderer::SwapchainStats s = viewer->renderer().swapchainStats();
  EXPECT_EQ(s.zeroExtentSkips, before.zeroExtentSkips + 3);
  EXPECT_EQ(s.creations, before.creations);
  EXPECT_EQ(s.presents, before.presents);

  // Restored at the same size: the swapchain is still right, frames present at once.
  viewer->overrideFramebufferSize(std::nullopt);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->framesPresented(), presented + 3);
  EXPECT_EQ(viewer->renderer().swapchainStats().creations, before.creations);

  // Minimised, then restored at another size: one re-creation, at the new size.
  viewer->overrideFramebufferSize(std::pair{0, 0});
  ASSERT_TRUE(viewer->runFrame());
  viewer->overrideFramebufferSize(std::pair{200, 120});
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->framesPresented(), presented + 6);
  s = viewer->renderer().swapchainStats();
  EXPECT_GE(s.creations, before.creations + 1);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// Minimised, resized to zero and back, resized again and again (each a swapchain re-creation
// that retires the old swapchain's semaphores), then closed while a load is running: frames
// resume after each, the loop ends cleanly, and the validation layer stays silent.
TEST(Window, SurvivesMinimiseZeroSizeRepeatedResizesAndCloseMidLoad) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  std::unique_ptr<Viewer> viewer = demoViewer();
  ASSERT_TRUE(viewer);
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
