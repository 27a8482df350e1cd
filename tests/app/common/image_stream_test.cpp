// ImageStream (issue 16): the window's and the batch modes' way from the loader's image
// decoder (load/image_decoder.h, tested in tests/scene) to the document: adopt() gives the
// document each decoded image, in chunks of the bytes asked.
#include "image_stream.h"

#include <string>

#include <gtest/gtest.h>

#include "loader.h"

namespace vitrine::app {
namespace {

// Six images (PNG), left encoded.
const std::string kClearCoat = VITRINE_MODELS_DIR "/ClearCoat-glTF/ClearCoatTest.gltf";

TEST(ImageStream, AdoptGivesTheDocumentTheImagesInChunks) {
  scene::LoadOptions options;
  options.deferImageDecode = true;
  DocumentResult r = loadDocument(kClearCoat, {}, options);
  ASSERT_TRUE(r.document) << r.error;
  Document& doc = *r.document;
  const DocumentResult full = loadDocument(kClearCoat);
  ASSERT_TRUE(full.document) << full.error;
  ImageStream stream(doc);
  ASSERT_EQ(stream.total(), 6u);
  ASSERT_TRUE(stream.waitAll(30.0));
  std::vector<std::string> warnings;
  EXPECT_EQ(stream.adopt(doc, 1, &warnings), 1u);  // the first image alone passes one byte
  EXPECT_EQ(stream.adopt(doc, UINT64_MAX, &warnings), 5u);
  EXPECT_TRUE(warnings.empty());
  for (size_t i = 0; i < doc.scene->images.size(); ++i) {
    const scene::Image& image = doc.scene->images[i];
    EXPECT_TRUE(image.encoded.empty()) << i;
    EXPECT_EQ(image.rgba8, full.document->scene->images[i].rgba8) << i;
  }
}

}  // namespace
}  // namespace vitrine::app
