// ImageStream (issue 16): the images a load left encoded decode on the loader's threads, and no
// more than a bounded amount of decoded pixels waits for the UI thread (the window, a batch) to
// take it, so that an upload slower than the decoders does not hold every image at once.
#include "image_stream.h"

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "loader.h"
#include "parallel.h"

namespace vitrine::app {
namespace {

// Six images (PNG), left encoded.
const std::string kClearCoat = VITRINE_MODELS_DIR "/ClearCoat-glTF/ClearCoatTest.gltf";

std::unique_ptr<Document> loadDeferred() {
  scene::LoadOptions options;
  options.deferImageDecode = true;
  DocumentResult r = loadDocument(kClearCoat, {}, options);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// Every image's pixels, as the stream hands them out, once each.
void expectEveryImageOnce(ImageStream& stream, const Document& doc,
                          std::vector<ImageStream::Decoded> taken) {
  while (stream.taken() < stream.total()) {
    stream.waitReady();
    for (ImageStream::Decoded& d : stream.take()) taken.push_back(std::move(d));
  }
  std::vector<int> seen(doc.scene->images.size(), 0);
  for (const ImageStream::Decoded& d : taken) {
    EXPECT_TRUE(d.warning.empty()) << d.warning;
    const scene::Image& image = doc.scene->images.at(d.image);
    EXPECT_EQ(d.rgba8.size(), size_t(image.width) * image.height * 4) << d.image;
    ++seen[d.image];
  }
  for (size_t i = 0; i < seen.size(); ++i)
    EXPECT_EQ(seen[i], doc.scene->images[i].encoded.empty() ? 0 : 1) << i;
}

TEST(ImageStream, NoImageStartsWhileTheBoundIsReached) {
  std::unique_ptr<Document> doc = loadDeferred();
  ASSERT_TRUE(doc);
  ImageStream stream(*doc, /*held=*/false, /*maxReadyBytes=*/1);
  ASSERT_GT(stream.total(), scene::loaderThreads());
  stream.waitReady();
  // Time for every image to decode, were the bound not kept: only those started before the
  // first one was ready (at most one per thread) may be.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::vector<ImageStream::Decoded> first = stream.take();
  EXPECT_GE(first.size(), 1u);
  EXPECT_LE(first.size(), scene::loaderThreads());
  expectEveryImageOnce(stream, *doc, std::move(first));
}

TEST(ImageStream, TakeStopsAtTheBytesAsked) {
  std::unique_ptr<Document> doc = loadDeferred();
  ASSERT_TRUE(doc);
  ImageStream stream(*doc);  // the default bound holds these six
  ASSERT_TRUE(stream.waitAll(30.0));
  std::vector<ImageStream::Decoded> one = stream.take(1);
  ASSERT_EQ(one.size(), 1u);  // the first image alone passes one byte
  EXPECT_EQ(stream.taken(), 1u);
  expectEveryImageOnce(stream, *doc, std::move(one));
}

}  // namespace
}  // namespace vitrine::app
