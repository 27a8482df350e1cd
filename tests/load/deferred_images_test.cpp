// Deferred image decoding (scene::LoadOptions::deferImageDecode, issue 16): the load checks
// each image's header and reserves its pixels but leaves it encoded; decodeDeferredImage then
// gives exactly the pixels a normal load decodes, and adoptDeferredImage hands them to the
// scene and settles the memory budget. A corrupt image is a warning at decode time.
#include <gtest/gtest.h>

#include "image_decoder.h"
#include "loader.h"
#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

const std::string kBox = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";

scene::LoadResult loadDeferred(const std::string& path) {
  scene::LoadOptions options;
  options.deferImageDecode = true;
  return scene::loadScene(path, {}, options);
}

TEST(DeferredImages, DecodeToThePixelsOfANormalLoad) {
  const scene::LoadResult normal = scene::loadScene(kBox);
  scene::LoadResult deferred = loadDeferred(kBox);
  ASSERT_EQ(normal.error, "");
  ASSERT_EQ(deferred.error, "");
  EXPECT_EQ(deferred.warnings, normal.warnings);
  const scene::Image& expected = normal.scene->images.at(0);
  scene::Scene& s = *deferred.scene;
  scene::Image& image = s.images.at(0);
  // Checked and sized at load, not decoded; the texture already draws it.
  EXPECT_EQ(image.width, expected.width);
  EXPECT_EQ(image.height, expected.height);
  EXPECT_TRUE(image.rgba8.empty());
  EXPECT_FALSE(image.encoded.empty());
  EXPECT_EQ(s.textures.at(0).image, normal.scene->textures.at(0).image);
  // The pixels are reserved already, and the encoded bytes are held besides.
  const uint64_t atLoad = deferred.document->budget->used();
  EXPECT_EQ(atLoad, normal.document->budget->used() + image.encoded.size());

  std::vector<uint8_t> pixels;
  EXPECT_EQ(scene::decodeDeferredImage(*deferred.document, s, 0, pixels), "");
  EXPECT_EQ(pixels, expected.rgba8);
  EXPECT_TRUE(image.rgba8.empty());                      // decoding only reads the scene
  EXPECT_EQ(deferred.document->budget->used(), atLoad);  // stb_image's buffer given back
  scene::adoptDeferredImage(*deferred.document, s, 0, std::move(pixels));
  EXPECT_EQ(image.rgba8, expected.rgba8);
  EXPECT_TRUE(image.encoded.empty());
  EXPECT_EQ(deferred.document->budget->used(), normal.document->budget->used());
  // Once adopted, nothing is left to decode.
  std::vector<uint8_t> again{1, 2, 3};
  EXPECT_EQ(scene::decodeDeferredImage(*deferred.document, s, 0, again), "");
  EXPECT_TRUE(again.empty());
}

// A quad whose base colour texture is a PNG with a valid header over data cut short: it loads,
// then fails to decode. `encoded`: the PNG.
AssetBuilder corruptImageAsset(std::vector<uint8_t>* encoded = nullptr) {
  std::vector<uint8_t> png = encodePng(64, 64, 4, 8, std::vector<uint16_t>(64 * 64 * 4, 77));
  png.resize(png.size() / 2);
  AssetBuilder b = quadAsset();
  b.json()["images"] =
      nlohmann::json::array({{{"uri", "data:image/png;base64," + base64(png.data(), png.size())}}});
  b.addTexture(0);
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  if (encoded) *encoded = png;
  return b;
}

TEST(DeferredImages, CorruptDataIsAWarningWhenDecodedAndFreesItsReservation) {
  // A valid header (IHDR whole) over image data cut short: the load keeps it; the decode fails.
  std::vector<uint8_t> png;
  AssetBuilder b = corruptImageAsset(&png);
  const std::string path = b.writeGltf("deferred_corrupt");
  scene::LoadResult r = loadDeferred(path);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  ASSERT_EQ(r.scene->images.at(0).width, 64u);
  EXPECT_EQ(r.scene->textures.at(0).image, 0);
  const uint64_t atLoad = r.document->budget->used();

  std::vector<uint8_t> pixels;
  const std::string warning = scene::decodeDeferredImage(*r.document, *r.scene, 0, pixels);
  EXPECT_EQ(warning, path + ": /images/0: cannot decode image: outofdata");  // stb_image's word
  EXPECT_TRUE(pixels.empty());
  scene::adoptDeferredImage(*r.document, *r.scene, 0, std::move(pixels));
  EXPECT_TRUE(r.scene->images[0].rgba8.empty());
  EXPECT_TRUE(r.scene->images[0].encoded.empty());
  // The pixels (64 x 64 x 4) and the encoded bytes are given back.
  EXPECT_EQ(r.document->budget->used(), atLoad - 64 * 64 * 4 - png.size());
}

TEST(DeferredImages, TheDecoderHandsOutACorruptImageWithItsWarning) {
  const std::string path = corruptImageAsset().writeGltf("decoder_corrupt");
  const scene::LoadResult r = loadDeferred(path);
  ASSERT_EQ(r.error, "");
  const uint64_t atLoad = r.document->budget->used();
  scene::ImageDecoder decoder(*r.document, *r.scene);
  decoder.waitReady();
  const std::vector<scene::ImageDecoder::Decoded> taken = decoder.take();
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].image, 0u);
  EXPECT_TRUE(taken[0].rgba8.empty());
  EXPECT_EQ(taken[0].warning, "/images/0: cannot decode image: outofdata");
  EXPECT_EQ(r.document->budget->used(), atLoad);  // stb_image's buffer given back
}

TEST(DeferredImages, AnImageTheBudgetCannotHoldIsStillRefusedAtLoad) {
  scene::LoadOptions options;
  options.deferImageDecode = true;
  options.maxMemoryBytes = 64 << 10;  // BoxTextured's image decodes to 256 KiB
  const scene::LoadResult r = scene::loadScene(kBox, {}, options);
  EXPECT_NE(r.error.find(": /images/0: decoded image "), std::string::npos) << r.error;
  EXPECT_EQ(r.scene, nullptr);
}

// A full load (no deferImageDecode) reads the image headers first and decodes the images while
// the buffers decode (issue 16): what it reports stays in the order of a load that decoded
// them after, the buffers' warnings then the images', a buffer error before an image error.
TEST(FullLoad, ImageWarningsComeAfterTheBuffersWarnings) {
  AssetBuilder b = corruptImageAsset();
  b.addMeshNode(b.addMesh({PrimitiveDesc{}}));  // no POSITION: a warning of the buffer steps
  const std::string path = b.writeGltf("full_corrupt");
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings,
            (std::vector<std::string>{
                path + ": /meshes/1/primitives/0/attributes: no POSITION; primitive skipped",
                path + ": /images/0: cannot decode image: outofdata"}));
  // As a failed decode always left it: empty, not drawn, its reservation and bytes given back.
  const scene::Image& image = r.scene->images.at(0);
  EXPECT_EQ(image.width, 0u);
  EXPECT_TRUE(image.rgba8.empty());
  EXPECT_TRUE(image.encoded.empty());
  EXPECT_EQ(r.scene->textures.at(0).image, -1);
}

TEST(FullLoad, DecodesToThePixelsOfADeferredLoad) {
  const scene::LoadResult full = scene::loadScene(kBox);
  scene::LoadResult deferred = loadDeferred(kBox);
  ASSERT_EQ(full.error, "");
  ASSERT_EQ(deferred.error, "");
  std::vector<uint8_t> pixels;
  ASSERT_EQ(scene::decodeDeferredImage(*deferred.document, *deferred.scene, 0, pixels), "");
  EXPECT_EQ(full.scene->images.at(0).rgba8, pixels);
  EXPECT_TRUE(full.scene->images.at(0).encoded.empty());
  // Nothing of the decode is left reserved but the pixels the scene holds.
  scene::adoptDeferredImage(*deferred.document, *deferred.scene, 0, std::move(pixels));
  EXPECT_EQ(full.document->budget->used(), deferred.document->budget->used());
}

TEST(FullLoad, ABufferErrorComesBeforeAnImageRefusal) {
  AssetBuilder b = corruptImageAsset();
  scene::LoadOptions options;
  options.maxMemoryBytes = 20 << 10;  // its 8 KiB encoded, not 32 KiB to decode
  const scene::LoadResult only = scene::loadScene(b.writeGltf("full_refused"), {}, options);
  b.json()["nodes"][0]["children"] = {0};  // a cycle: loadNodes refuses it
  EXPECT_NE(only.error.find(": /images/0: decoded image 64x64 RGBA8"), std::string::npos)
      << only.error;
  const std::string path = b.writeGltf("full_cycle");
  const scene::LoadResult r = scene::loadScene(path, {}, options);
  EXPECT_EQ(r.scene, nullptr);
  EXPECT_EQ(r.error, path + ": /nodes/0/children/0: node 0 is its own child");
}

}  // namespace
}  // namespace vitrine::test
