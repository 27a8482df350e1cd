// EXT_texture_webp (issue 15): WebP images made in the test run by cwebp (Debian `webp`) decode
// exactly like the PNG they came from (lossless), on core and extension texture slots, from
// files, bufferViews and data URIs, chosen over their fallback. Corrupt WebP stays a warning
// naming the image. KHR_texture_basisu: ktx2_textures_test.cpp.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "image_decode.h"
#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kBoxPng = kModels + "/BoxTextured-glTF/CesiumLogoFlat.png";

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// Converts `png` to WebP with cwebp (`options` e.g. "-lossless -exact"); returns the WebP path.
std::string cwebp(const std::string& png, const std::string& options, const std::string& name) {
  const std::string out = tempPath(name);
  const std::string cmd = "cwebp -quiet " + options + " '" + png + "' -o '" + out + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return out;
}

// A WebP of known pixels: `samples` (RGBA8, rows top to bottom) through a PNG, losslessly.
std::vector<uint8_t> webpOf(uint32_t w, uint32_t h, const std::vector<uint16_t>& samples,
                            const std::string& name) {
  const std::string png = tempPath(name + ".png");
  const std::vector<uint8_t> encoded = encodePng(w, h, 4, 8, samples);
  std::ofstream(png, std::ios::binary)
      .write(reinterpret_cast<const char*>(encoded.data()), std::streamsize(encoded.size()));
  return readBytes(cwebp(png, "-lossless -exact", name + ".webp"));
}

const std::vector<uint16_t> k2x2 = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 10, 20, 30, 0};

std::vector<uint8_t> rgba8(const std::vector<uint16_t>& samples) {
  return {samples.begin(), samples.end()};
}

TEST(WebpDecode, LosslessWebpDecodesToThePngsPixelsExactly) {
  const std::vector<uint8_t> png = readBytes(kBoxPng);
  const std::vector<uint8_t> webp = readBytes(cwebp(kBoxPng, "-lossless -exact", "box.webp"));
  ASSERT_EQ(scene::sniffImageFormat(webp), scene::ImageFormat::Webp);
  scene::Image fromPng, fromWebp;
  ASSERT_EQ(scene::decodeImage(png, fromPng), "");
  ASSERT_EQ(scene::decodeImage(webp, fromWebp), "");
  EXPECT_EQ(fromWebp.width, fromPng.width);
  EXPECT_EQ(fromWebp.height, fromPng.height);
  EXPECT_GT(fromPng.width, 1u);
  EXPECT_TRUE(fromWebp.rgba8 == fromPng.rgba8);  // every byte, alpha included
}

TEST(WebpDecode, StraightAlphaAndKnownPixels) {
  // Alpha 0 and 128 with colour: RGBA comes back not premultiplied (glTF is straight alpha).
  scene::Image image;
  ASSERT_EQ(scene::decodeImage(webpOf(2, 2, k2x2, "known"), image), "");
  EXPECT_EQ(image.width, 2u);
  EXPECT_EQ(image.height, 2u);
  EXPECT_EQ(image.rgba8, rgba8(k2x2));
}

TEST(WebpDecode, CorruptAndTruncatedBytesGiveAMessage) {
  const std::vector<uint8_t> webp = webpOf(2, 2, k2x2, "corrupt");
  scene::Image image;
  std::vector<uint8_t> truncated(webp.begin(), webp.begin() + long(webp.size()) - 6);
  EXPECT_EQ(scene::decodeImage(truncated, image), "truncated WebP data");
  EXPECT_TRUE(image.rgba8.empty());
  EXPECT_EQ(image.width, 0u);
  std::vector<uint8_t> header(webp.begin(), webp.begin() + 16);
  EXPECT_EQ(scene::decodeImage(header, image), "invalid WebP header");
  // Every single-byte flip after the RIFF header: a message or a picture, never a crash.
  for (size_t i = 12; i < webp.size(); ++i) {
    std::vector<uint8_t> flipped = webp;
    flipped[i] ^= 0xFF;
    const std::string why = scene::decodeImage(flipped, image);
    EXPECT_EQ(image.rgba8.size(), why.empty() ? size_t(16) : size_t(0)) << i;
  }
}

// The quad whose baseColorTexture is texture 0, with `images` and texture 0 = `texture`.
AssetBuilder quadWithTexture(const nlohmann::json& texture) {
  AssetBuilder b = quadAsset();
  b.json()["textures"] = nlohmann::json::array({texture});  // {texture}: clang reads a copy
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  return b;
}

TEST(WebpTextures, ChosenOverTheFallbackAndWithoutIt) {
  const std::vector<uint8_t> png = readBytes(kBoxPng);
  const std::vector<uint8_t> webp = readBytes(cwebp(kBoxPng, "-lossless -exact", "fb.webp"));
  for (bool fallback : {true, false}) {
    nlohmann::json texture = {{"extensions", {{"EXT_texture_webp", {{"source", 1}}}}}};
    if (fallback) texture["source"] = 0;
    AssetBuilder b = quadWithTexture(texture);
    b.addImage(png);
    b.addImage(webp, "image/webp");
    b.json()["extensionsUsed"] = {"EXT_texture_webp"};
    if (!fallback) b.json()["extensionsRequired"] = {"EXT_texture_webp"};
    const scene::LoadResult r = load(b);
    ASSERT_EQ(r.error, "");
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
    ASSERT_EQ(r.scene->textures.size(), 1u);
    EXPECT_EQ(r.scene->textures[0].image, 1) << fallback;
    EXPECT_EQ(r.scene->images[1].rgba8, r.scene->images[0].rgba8);
  }
}

TEST(WebpTextures, FromAFileAndFromADataUri) {
  const std::vector<uint8_t> webp = webpOf(2, 2, k2x2, "uri");
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string base64;
  for (size_t i = 0; i < webp.size(); i += 3) {
    const uint32_t n = uint32_t(webp[i]) << 16 |
                       (i + 1 < webp.size() ? uint32_t(webp[i + 1]) << 8 : 0) |
                       (i + 2 < webp.size() ? webp[i + 2] : 0);
    for (size_t k = 0; k < 4; ++k)
      base64 += k <= webp.size() - i ? kAlphabet[(n >> (18 - 6 * k)) & 63] : '=';
  }
  AssetBuilder b = quadWithTexture({{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}});
  b.json()["images"] = {{{"uri", "data:image/webp;base64," + base64}}, {{"uri", "uri.webp"}}};
  const std::string path = b.writeGltf("webp_uris");
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_EQ(r.scene->textures[0].image, 0);
  EXPECT_EQ(r.scene->images[0].rgba8, rgba8(k2x2));
  EXPECT_EQ(r.scene->images[1].rgba8, rgba8(k2x2));  // uri.webp, written by webpOf
}

TEST(WebpTextures, OnAnExtensionSlot) {
  // KHR_materials_clearcoat's clearcoatTexture and the emissive texture draw WebP images.
  AssetBuilder b = quadAsset();
  b.json()["textures"] = {{{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}},
                          {{"source", 1}, {"extensions", {{"EXT_texture_webp", {{"source", 2}}}}}}};
  b.addImage(webpOf(2, 2, k2x2, "slot"), "image/webp");
  b.addImage(encodePng(1, 1, 4, 8, {1, 2, 3, 4}));
  std::vector<uint16_t> other = k2x2;
  other[0] = 77;
  b.addImage(webpOf(2, 2, other, "slot2"), "image/webp");
  nlohmann::json& m = b.json()["materials"][0];
  m["extensions"]["KHR_materials_clearcoat"] = {{"clearcoatFactor", 1.0},
                                                {"clearcoatTexture", {{"index", 0}}}};
  m["emissiveTexture"] = {{"index", 1}};
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  const scene::Material& mat = r.scene->materials[0];
  ASSERT_EQ(mat.textures[gpu::kSlotClearcoat], 0);
  ASSERT_EQ(mat.textures[gpu::kSlotEmissive], 1);
  EXPECT_EQ(r.scene->textures[0].image, 0);
  EXPECT_EQ(r.scene->textures[1].image, 2);
  EXPECT_EQ(r.scene->images[0].rgba8, rgba8(k2x2));
  EXPECT_EQ(r.scene->images[2].rgba8, rgba8(other));
}

TEST(WebpTextures, CorruptWebpIsAWarningAndTheFallbackIsDrawn) {
  const std::vector<uint8_t> webp = webpOf(2, 2, k2x2, "bad");
  std::vector<uint8_t> truncated(webp.begin(), webp.end() - 6);
  std::vector<uint8_t> flipped = webp;
  for (size_t i = 24; i < flipped.size(); ++i) flipped[i] ^= 0x5A;
  AssetBuilder b =
      quadWithTexture({{"source", 0}, {"extensions", {{"EXT_texture_webp", {{"source", 1}}}}}});
  b.addImage(encodePng(1, 1, 4, 8, {1, 2, 3, 4}));
  b.addImage(truncated, "image/webp");
  b.addImage(flipped, "image/webp");
  b.json()["textures"].push_back({{"extensions", {{"EXT_texture_webp", {{"source", 2}}}}}});
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const std::vector<std::string> w = warningsOf(r);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0], "/images/1: cannot decode image: truncated WebP data");
  EXPECT_EQ(w[1].rfind("/images/2: cannot decode image: ", 0), 0u) << w[1];
  EXPECT_EQ(r.scene->textures[0].image, 0);   // the PNG fallback
  EXPECT_EQ(r.scene->textures[1].image, -1);  // nothing to draw
}

TEST(WebpTextures, WarningsKeepImageOrderWhenDecodedInParallel) {
  AssetBuilder b = quadAsset();
  for (int i = 0; i < 12; ++i) {
    if (i % 3 == 0)
      b.addImage({1, 2, 3, 4, uint8_t(i)});  // distinct bytes: each is decoded on its own
    else
      b.addImage(webpOf(2, 2, k2x2, "par" + std::to_string(i)), "image/webp");
  }
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                "/images/0: unsupported image format", "/images/3: unsupported image format",
                "/images/6: unsupported image format", "/images/9: unsupported image format"}));
  for (int i = 0; i < 12; ++i) {
    // The good images have the same bytes: decoded once, the others point at the first.
    const scene::Image& image = r.scene->images[size_t(i)];
    const scene::Image& decoded = image.sameAs >= 0 ? r.scene->images[size_t(image.sameAs)] : image;
    EXPECT_EQ(decoded.rgba8.empty(), i % 3 == 0) << i;
  }
}

TEST(WebpTextures, DecodedSizeIsReservedFromTheBudgetBeforeDecoding) {
  // 64x64 RGBA8 = 16384 bytes decoded, above a limit the rest of the tiny asset fits in.
  AssetBuilder b = quadWithTexture({{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}});
  b.addImage(webpOf(64, 64, std::vector<uint16_t>(64 * 64 * 4, 200), "budget"), "image/webp");
  scene::LoadOptions options;
  options.maxMemoryBytes = 8192;
  // A refusal of the budget is an error, as for buffers and accessors: the asset asks for more
  // than the load may use.
  const scene::LoadResult r = scene::loadScene(b.writeGlb("webp_budget"), {}, options);
  EXPECT_EQ(r.scene, nullptr);
  EXPECT_NE(
      r.error.find(": /images/0: decoded image 64x64 RGBA8 needs 16384 bytes, more than the "),
      std::string::npos)
      << r.error;
  options.maxMemoryBytes = 1 << 20;
  const scene::LoadResult fits = scene::loadScene(b.writeGlb("webp_budget"), {}, options);
  EXPECT_TRUE(fits.warnings.empty());
  EXPECT_EQ(fits.scene->images[0].rgba8.size(), 16384u);
}

TEST(WebpTextures, ExtensionSourceOutOfRangeIsAnError) {
  AssetBuilder b = quadWithTexture({{"extensions", {{"EXT_texture_webp", {{"source", 3}}}}}});
  b.addImage(encodePng(1, 1, 4, 8, {1, 2, 3, 4}));
  EXPECT_EQ(errorOf(b),
            "/textures/0/extensions/EXT_texture_webp/source: image 3 does not exist (1 image)");
}

}  // namespace
}  // namespace vitrine::test
