// scene::ImageDecoder (issue 16): the images a load left encoded decode on the loader's threads,
// each handed out once, and no more than a bounded amount of decoded pixels waits for the
// owner (the loader, the window, a batch) to take it, so that an upload slower than the
// decoders does not hold every image at once. Without a thread it decodes on the owner's.
#include "image_decoder.h"

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "gltf_document.h"
#include "loader.h"
#include "parallel.h"

namespace vitrine::scene {
namespace {

// Six images (PNG), left encoded.
const std::string kClearCoat = VITRINE_MODELS_DIR "/ClearCoat-glTF/ClearCoatTest.gltf";

LoadResult loadDeferred() {
  LoadOptions options;
  options.deferImageDecode = true;
  LoadResult r = loadScene(kClearCoat, {}, options);
  EXPECT_EQ(r.error, "");
  return r;
}

// Every image's pixels, as the decoder hands them out, once each: those of a full load.
void expectEveryImageOnce(ImageDecoder& decoder, const Scene& scene,
                          std::vector<ImageDecoder::Decoded> taken) {
  while (decoder.taken() < decoder.total()) {
    decoder.waitReady();
    for (ImageDecoder::Decoded& d : decoder.take()) taken.push_back(std::move(d));
  }
  const LoadResult full = loadScene(kClearCoat);
  ASSERT_EQ(full.error, "");
  std::vector<int> seen(scene.images.size(), 0);
  for (const ImageDecoder::Decoded& d : taken) {
    EXPECT_TRUE(d.warning.empty()) << d.warning;
    EXPECT_EQ(d.rgba8, full.scene->images.at(d.image).rgba8) << d.image;
    ++seen[d.image];
  }
  for (size_t i = 0; i < seen.size(); ++i)
    EXPECT_EQ(seen[i], scene.images[i].encoded.empty() ? 0 : 1) << i;
}

TEST(ImageDecoder, NoImageStartsWhileTheBoundIsReached) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  ImageDecoder decoder(*r.document, *r.scene, {.maxReadyBytes = 1});
  ASSERT_GT(decoder.total(), loaderThreads());
  decoder.waitReady();
  // Time for every image to decode, were the bound not kept: only those started before the
  // first one was ready (at most one per thread) may be.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::vector<ImageDecoder::Decoded> first = decoder.take();
  EXPECT_GE(first.size(), 1u);
  EXPECT_LE(first.size(), loaderThreads());
  expectEveryImageOnce(decoder, *r.scene, std::move(first));
}

TEST(ImageDecoder, TakeStopsAtTheBytesAsked) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  ImageDecoder decoder(*r.document, *r.scene);
  ASSERT_TRUE(decoder.waitAll(30.0));
  std::vector<ImageDecoder::Decoded> one = decoder.take(1);
  ASSERT_EQ(one.size(), 1u);  // the first image alone passes one byte
  EXPECT_EQ(decoder.taken(), 1u);
  expectEveryImageOnce(decoder, *r.scene, std::move(one));
}

TEST(ImageDecoder, HeldDecodesNothingUntilReleased) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  ImageDecoder decoder(*r.document, *r.scene, {.held = true});
  EXPECT_FALSE(decoder.waitAll(0.2));
  EXPECT_TRUE(decoder.take().empty());
  decoder.release();
  expectEveryImageOnce(decoder, *r.scene, {});
}

TEST(ImageDecoder, DroppedBeforeItStartsLeavesTheBudgetAsTheLoadDid) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  const uint64_t atLoad = r.document->budget->used();
  { ImageDecoder decoder(*r.document, *r.scene, {.held = true}); }  // joins, decodes nothing
  EXPECT_EQ(r.document->budget->used(), atLoad);
}

// What it falls back to when no thread can be started: take() and waitReady() decode one
// image on the caller's thread when none is ready, waitAll() every one the bound and its time
// let it.
TEST(ImageDecoder, OnTheOwnerThreadTakeDecodesOneImage) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  ImageDecoder decoder(*r.document, *r.scene, {.onOwnerThread = true});
  // Time for a thread to decode them all: nothing runs behind the owner's back, take() decodes
  // the one it returns.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::vector<ImageDecoder::Decoded> one = decoder.take();
  ASSERT_EQ(one.size(), 1u);
  expectEveryImageOnce(decoder, *r.scene, std::move(one));
}

TEST(ImageDecoder, OnTheOwnerThreadWaitAllDecodesWithinTheBound) {
  const LoadResult r = loadDeferred();
  ASSERT_TRUE(r.scene);
  ImageDecoder bounded(*r.document, *r.scene, {.maxReadyBytes = 1, .onOwnerThread = true});
  EXPECT_FALSE(bounded.waitAll(0.0));  // one image reaches the bound
  EXPECT_EQ(bounded.take().size(), 1u);
  // The wait's time is kept: none left, one image (at least one, as waitReady).
  ImageDecoder unbounded(*r.document, *r.scene, {.onOwnerThread = true});
  EXPECT_FALSE(unbounded.waitAll(0.0));
  EXPECT_EQ(unbounded.take().size(), 1u);
  EXPECT_TRUE(unbounded.waitAll(30.0));
  EXPECT_EQ(unbounded.take().size(), unbounded.total() - 1);
}

}  // namespace
}  // namespace vitrine::scene
