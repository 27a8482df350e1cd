// The start-up document in a real window under Xvfb, validation on (issue 16): loaded with its
// images left encoded, it shows its geometry first and each texture as it is decoded, ending
// on exactly the picture of a document loaded whole; a small asset's textures make its first
// frame.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "document.h"
#include "environment_image.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

const std::string kBox = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";

std::unique_ptr<Document> load(const std::string& path, bool deferImages) {
  scene::LoadOptions options;
  options.deferImageDecode = deferImages;
  DocumentResult r = loadDocument(path, {}, options);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

std::unique_ptr<Viewer> openViewer(std::unique_ptr<Document> document, bool holdImages,
                                   double graceSeconds = 0.1,
                                   uint64_t uploadChunkBytes = ViewerOptions{}.uploadChunkBytes) {
  ViewerOptions options;
  options.uploadChunkBytes = uploadChunkBytes;
  options.texturesGraceSeconds = graceSeconds;
  options.width = 320;
  options.height = 200;
  options.validation = true;
  options.holdImages = holdImages;
  // Lit as the app lights it (no environment would leave an asset without lights black).
  options.environment = std::make_shared<scene::EnvironmentImage>(scene::studioEnvironment());
  const std::vector<bool> enabled(document->animations->clips().size(), true);
  std::string error;
  auto viewer = Viewer::create(std::move(document), enabled, options, &error);
  EXPECT_TRUE(viewer) << error;
  return viewer;
}

// Runs the frames after which an environment the cache did not hold has been processed (it
// comes after the first frame: AnEnvironmentToProcessComesAfterTheTextures), so that pictures
// compared do not depend on what earlier tests left in the shared cache.
void settleEnvironment(Viewer& viewer) {
  for (int frame = 0; viewer.environmentArriving() && frame < 100; ++frame)
    ASSERT_TRUE(viewer.runFrame());
  ASSERT_FALSE(viewer.environmentArriving());
}

// The 3D view as the renderer draws it now, without the UI.
renderer::Pixels view(Viewer& viewer) {
  return viewer.renderer().renderOffscreen(viewer.currentView(1.0f), 64, 64);
}

TEST(StreamWindow, GeometryFirstThenTheTexturesEndingOnTheWholePicture) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  std::unique_ptr<Document> deferred = load(kBox, true);
  ASSERT_TRUE(deferred);
  ASSERT_FALSE(deferred->scene->images.at(0).encoded.empty());
  auto viewer = openViewer(std::move(deferred), /*holdImages=*/true);
  ASSERT_TRUE(viewer);
  EXPECT_EQ(viewer->imagesArriving(), 1u);
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->framesPresented(), 1u);  // the geometry, before any image is decoded
  const renderer::Pixels untextured = view(*viewer);

  viewer->releaseImages();
  for (int frame = 0; viewer->imagesArriving() > 0; ++frame) {
    ASSERT_LT(frame, 1000);
    ASSERT_TRUE(viewer->runFrame());
  }
  const renderer::Pixels streamed = view(*viewer);
  EXPECT_TRUE(viewer->session().fileWarnings.empty());

  // The same asset loaded whole, in the same view (keepView): the same picture.
  viewer->replaceDocument(load(kBox, false), /*keepView=*/true);
  ASSERT_TRUE(viewer->runFrame());
  const renderer::Pixels whole = view(*viewer);
  ASSERT_FALSE(streamed.rgba.empty());

  EXPECT_EQ(streamed.rgba, whole.rgba);
  EXPECT_NE(untextured.rgba, whole.rgba);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(StreamWindow, ASmallAssetsTexturesMakeItsFirstFrame) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  // BoxTextured's 256 KiB image decodes in about a millisecond, well inside the window's 0.1 s;
  // the test allows 5 s, so that a loaded machine cannot make it fail.
  auto viewer = openViewer(load(kBox, true), /*holdImages=*/false, /*graceSeconds=*/5.0);
  ASSERT_TRUE(viewer);
  // Adopted and on the GPU before the first frame.
  EXPECT_EQ(viewer->imagesArriving(), 0u);
  EXPECT_TRUE(viewer->session().document->scene->images.at(0).encoded.empty());
  ASSERT_TRUE(viewer->runFrame());
  settleEnvironment(*viewer);
  const renderer::Pixels first = view(*viewer);
  viewer->replaceDocument(load(kBox, false), /*keepView=*/true);
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(first.rgba, view(*viewer).rgba);  // the picture of the asset loaded whole
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A file opened in the running window arrives as the start-up one does: its images decode
// while its geometry uploads, and it ends on the picture of the file loaded whole.
TEST(StreamWindow, AnOpenedFileStreamsItsTexturesToo) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openViewer(load(kBox, false), /*holdImages=*/false);
  ASSERT_TRUE(viewer);
  ASSERT_TRUE(viewer->runFrame());
  settleEnvironment(*viewer);
  const renderer::Pixels whole = view(*viewer);
  std::unique_ptr<Document> deferred = load(kBox, true);
  ASSERT_TRUE(deferred);
  ASSERT_FALSE(deferred->scene->images.at(0).encoded.empty());
  viewer->beginDocument(std::move(deferred), /*keepView=*/true, /*reload=*/false);
  ASSERT_NE(viewer->arrivingDocument(), nullptr);
  for (int frame = 0; viewer->arrivingDocument() || viewer->imagesArriving() > 0; ++frame) {
    ASSERT_LT(frame, 1000);
    ASSERT_TRUE(viewer->runFrame());
  }
  // On the GPU, and nowhere else (the window frees what it has uploaded).
  const scene::Image& image = viewer->session().document->scene->images.at(0);
  EXPECT_TRUE(image.encoded.empty());
  EXPECT_TRUE(image.rgba8.empty());
  EXPECT_TRUE(viewer->session().fileWarnings.empty());
  EXPECT_EQ(view(*viewer).rgba, whole.rgba);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A slow frame gives the textures more of its time: with frames 0.3 s apart, images that
// each fill a chunk all arrive in the next frame, not one a frame.
TEST(StreamWindow, ASlowFrameTakesMoreThanOneChunkOfImages) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  std::unique_ptr<Document> doc =
      load(VITRINE_MODELS_DIR "/ClearCoat-glTF/ClearCoatTest.gltf", true);
  ASSERT_TRUE(doc);
  auto viewer = openViewer(std::move(doc), /*holdImages=*/true, 0.1, /*uploadChunkBytes=*/64 << 10);
  ASSERT_TRUE(viewer);
  ASSERT_EQ(viewer->imagesArriving(), 6u);  // each 256 KiB or more: a chunk each
  ASSERT_TRUE(viewer->runFrame());
  viewer->releaseImages();
  // Time for the six (under 2 MiB of pixels) to decode, and a frame interval of 0.3 s: the
  // next frame may upload for 0.15 s.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->imagesArriving(), 0u);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// The colour at the middle of `p`, summed over R, G and B.
int middleBrightness(const renderer::Pixels& p) {
  const size_t at = (size_t(p.height / 2) * p.width + p.width / 2) * 4;
  return p.rgba.at(at) + p.rgba.at(at + 1) + p.rgba.at(at + 2);
}

TEST(StreamWindow, AnEnvironmentToProcessComesAfterTheTextures) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  // A cache that holds no processed environment: the studio must be processed.
  const std::string cache = VITRINE_TEST_TMP "/stream_window_cold_cache";
  std::filesystem::remove_all(cache);
  ASSERT_EQ(setenv("XDG_CACHE_HOME", cache.c_str(), 1), 0);
  renderer::Pixels lit;
  {
    auto viewer = openViewer(load(kBox, true), /*holdImages=*/true);
    ASSERT_TRUE(viewer);
    EXPECT_TRUE(viewer->environmentArriving());
    ASSERT_TRUE(viewer->runFrame());
    // The geometry, unlit: BoxTextured has no lights, and no image-based light yet.
    EXPECT_LT(middleBrightness(view(*viewer)), 30);
    EXPECT_TRUE(viewer->environmentArriving());  // the textures first
    viewer->releaseImages();
    for (int frame = 0; viewer->imagesArriving() > 0; ++frame) {
      ASSERT_LT(frame, 1000);
      ASSERT_TRUE(viewer->runFrame());
    }
    EXPECT_FALSE(viewer->environmentArriving());  // processed in the frame the last image came
    lit = view(*viewer);
    EXPECT_GT(middleBrightness(lit), 150);
    EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
  }
  // Now the cache holds it: read for the first frame, the same picture.
  auto viewer = openViewer(load(kBox, true), /*holdImages=*/false, /*graceSeconds=*/5.0);
  ASSERT_TRUE(viewer);
  EXPECT_FALSE(viewer->environmentArriving());
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(view(*viewer).rgba, lit.rgba);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
