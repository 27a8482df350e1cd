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

}  // namespace
}  // namespace vitrine::app
