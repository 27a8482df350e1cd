// Images: decoding to RGBA8 (1-3 channels, 16 bits), and missing or undecodable images as
// warnings with the texture falling back (Texture::image = -1).
#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>

#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using scene::loadScene;

// The quad with a baseColorTexture whose image is `image` (a glTF image JSON object).
AssetBuilder texturedQuad(const nlohmann::json& image) {
  AssetBuilder b = quadAsset();
  // json::array: a brace list of one json copies it under clang (an array under gcc).
  b.json()["images"] = nlohmann::json::array({image});
  b.addTexture(0);
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  return b;
}

TEST(Images, MissingFileIsAWarning) {
  const std::string path =
      texturedQuad({{"uri", "images_missing.png"}}).writeGltf("images_missing");
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{path + ": /images/0/uri: cannot open file \"" +
                                                 tempPath("images_missing.png") +
                                                 "\": No such file or directory"});
  ASSERT_EQ(r.scene->textures.size(), 1u);
  EXPECT_EQ(r.scene->textures[0].image, -1);
  EXPECT_EQ(r.scene->materials[0].textures[0], 0);  // the slot keeps its texture
}

// The warning for a texturedQuad whose image is `encoded`, in a bufferView; checks the fallback.
std::vector<std::string> bufferViewImageWarnings(const std::vector<uint8_t>& encoded,
                                                 const std::string& stem) {
  AssetBuilder b = texturedQuad({{"bufferView", 0}});
  b.json()["images"][0]["bufferView"] = b.addBufferView(encoded);
  const scene::LoadResult r = loadScene(b.writeGlb(stem));
  EXPECT_EQ(r.error, "");
  if (!r.scene) return {};
  EXPECT_EQ(r.scene->textures[0].image, -1);
  EXPECT_EQ(r.scene->images[0].width, 0u);
  EXPECT_TRUE(r.scene->images[0].rgba8.empty());
  return warningsOf(r);
}

TEST(Images, FifoIsAWarning) {
  const std::string fifo = tempPath("images_fifo.png");
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string path = texturedQuad({{"uri", "images_fifo.png"}}).writeGltf("images_fifo");
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{path + ": /images/0/uri: cannot open file \"" +
                                                 fifo + "\": not a regular file"});
  EXPECT_EQ(r.scene->textures[0].image, -1);
}

TEST(Images, UndecodableBytesAreAWarning) {
  std::vector<uint8_t> png = encodePng(1, 1, 4, 8, {9, 8, 7, 6});
  png.resize(12);  // the signature and part of IHDR's length
  EXPECT_EQ(bufferViewImageWarnings(png, "images_garbage"),
            std::vector<std::string>{"/images/0: cannot decode image: unknown image type"});
}

TEST(Images, FormatsOtherThanPngAndJpegAreAWarning) {
  // stb_image would decode these (GIF, BMP); glTF allows PNG and JPEG only.
  const std::vector<uint8_t> gif = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, 0, 0, 0};
  EXPECT_EQ(bufferViewImageWarnings(gif, "images_gif"),
            std::vector<std::string>{"/images/0: unsupported image format"});
  EXPECT_EQ(bufferViewImageWarnings({1, 2, 3, 4, 5}, "images_junk"),
            std::vector<std::string>{"/images/0: unsupported image format"});
}

// A PNG whose IHDR claims width x height (stb does not check the CRC): the header is read
// before anything is decoded or allocated.
std::vector<uint8_t> pngClaiming(uint32_t width, uint32_t height) {
  std::vector<uint8_t> png = encodePng(1, 1, 4, 8, {9, 8, 7, 6});
  for (int i = 0; i < 4; ++i) {
    png[16 + i] = uint8_t(width >> (24 - 8 * i));
    png[20 + i] = uint8_t(height >> (24 - 8 * i));
  }
  return png;
}

TEST(Images, TooLargeImageIsAWarning) {
  EXPECT_EQ(bufferViewImageWarnings(pngClaiming(16385, 1), "images_wide"),
            std::vector<std::string>{"/images/0: cannot decode image: image is 16385x1 pixels "
                                     "(expected 1 to 16384 each way)"});
  EXPECT_EQ(bufferViewImageWarnings(pngClaiming(2, 100000), "images_tall"),
            std::vector<std::string>{"/images/0: cannot decode image: image is 2x100000 pixels "
                                     "(expected 1 to 16384 each way)"});
}

TEST(Images, ZeroSizedImageIsAWarning) {
  const std::vector<std::string> w = bufferViewImageWarnings(pngClaiming(0, 1), "images_empty");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].rfind("/images/0: cannot decode image: ", 0), 0u) << w[0];
}

TEST(Images, UnsupportedDataUriIsAWarning) {
  const std::string path =
      texturedQuad({{"uri", "data:image/avif;base64,AAAA"}}).writeGltf("images_avif");
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings,
            std::vector<std::string>{
                path + ": /images/0/uri: unsupported data URI media type \"image/avif\""});
  EXPECT_EQ(r.scene->textures[0].image, -1);
}

TEST(Images, DataUriWithoutBase64DataIsAnError) {
  // tinygltf cannot go on without it: the file is broken rather than its image undecodable.
  const std::string path =
      texturedQuad({{"uri", "data:image/png;base64,!!!!"}}).writeGltf("images_no_base64");
  EXPECT_EQ(loadError(path), path + ": /images/0/uri: data URI holds no base64 data");
}

TEST(Images, EmbeddedPngLoads) {
  const std::vector<uint8_t> png = encodePng(1, 1, 4, 8, {9, 8, 7, 6});
  const std::string path =
      texturedQuad({{"uri", "data:image/png;base64," + base64(png.data(), png.size())}})
          .writeGltf("images_embedded");
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.scene->images.at(0).rgba8, (std::vector<uint8_t>{9, 8, 7, 6}));
}

TEST(Images, ExternalPngLoads) {
  const std::vector<uint8_t> png = encodePng(1, 1, 3, 8, {1, 2, 3});
  writeFile(tempPath("images external.png"), png.data(), png.size());
  const std::string path =
      texturedQuad({{"uri", "images%20external.png"}}).writeGltf("images_external");
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.scene->images.at(0).rgba8, (std::vector<uint8_t>{1, 2, 3, 255}));
  EXPECT_EQ(r.scene->textures.at(0).image, 0);
}

// Decoding to RGBA8: 1-3 channel and 16-bit images are converted.
struct ImageCase {
  const char* name;
  uint32_t channels, bitDepth;
  std::vector<uint16_t> samples;  // 2 x 1 pixels
  std::vector<uint8_t> rgba8;
};
void PrintTo(const ImageCase& c, std::ostream* os) {
  *os << c.name;
}

class ImageDecoding : public testing::TestWithParam<ImageCase> {};

TEST_P(ImageDecoding, GivesRgba8) {
  const ImageCase& c = GetParam();
  AssetBuilder b = texturedQuad({{"bufferView", 0}});
  b.json()["images"][0]["bufferView"] =
      b.addBufferView(encodePng(2, 1, c.channels, c.bitDepth, c.samples));
  const std::string path = b.writeGlb(std::string("images_") + c.name);
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  ASSERT_EQ(r.scene->images.size(), 1u);
  EXPECT_EQ(r.scene->images[0].width, 2u);
  EXPECT_EQ(r.scene->images[0].height, 1u);
  EXPECT_EQ(r.scene->images[0].rgba8, c.rgba8);
  EXPECT_EQ(r.scene->textures[0].image, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Images, ImageDecoding,
    testing::Values(ImageCase{"Grey8", 1, 8, {0, 200}, {0, 0, 0, 255, 200, 200, 200, 255}},
                    ImageCase{
                        "GreyAlpha8", 2, 8, {10, 20, 30, 40}, {10, 10, 10, 20, 30, 30, 30, 40}},
                    ImageCase{"Rgb8", 3, 8, {1, 2, 3, 4, 5, 6}, {1, 2, 3, 255, 4, 5, 6, 255}},
                    ImageCase{"Rgba8", 4, 8, {1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 3, 4, 5, 6, 7, 8}},
                    ImageCase{"Rgb16",
                              3,
                              16,
                              // rounded: 25855 / 257 = 100.6 -> 101 (a shift gives 100)
                              {0, 65535, 257 * 100, 128, 25855, 65535},
                              {0, 255, 100, 255, 0, 101, 255, 255}}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vitrine::test
