// KHR_texture_basisu through the loader (issue 23): a texture's KTX2 image (tests/data/ktx2) is
// decoded (codecs/ktx2.h) and chosen over its fallback, with every level its file stores, from a
// bufferView or a data URI; the extension may be required; a KTX2 image that does not decode is
// a warning naming it and the texture falls back; a DFD colour space that contradicts the slot
// is a warning; the decode is reserved from the memory budget first.
#include <gtest/gtest.h>

#include <fstream>

#include "image_decode.h"
#include "supported_extensions.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

const std::string kKtx2 = std::string(VITRINE_SOURCE_DIR) + "/tests/data/ktx2/";

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << path;
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::vector<uint8_t> refPixels(const std::string& name) {
  scene::Image image;
  EXPECT_EQ(scene::decodeImage(readBytes(kKtx2 + "ref/" + name), image), "") << name;
  return image.rgba8;
}

std::string base64(const std::vector<uint8_t>& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t n = uint32_t(bytes[i]) << 16 |
                       (i + 1 < bytes.size() ? uint32_t(bytes[i + 1]) << 8 : 0) |
                       (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += kAlphabet[n >> 18];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
  }
  return out;
}

// The quad whose baseColorTexture is texture 0, `texture`.
AssetBuilder quadWithTexture(const nlohmann::json& texture) {
  AssetBuilder b = quadAsset();
  b.json()["textures"] = nlohmann::json::array({texture});
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  b.json()["extensionsUsed"] = {"KHR_texture_basisu"};
  return b;
}

const nlohmann::json kBasisuFromImage0 = {
    {"source", 1}, {"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}};

TEST(Ktx2Textures, ChosenOverTheFallbackWithEveryStoredLevel) {
  AssetBuilder b = quadWithTexture(kBasisuFromImage0);
  b.addImage(readBytes(kKtx2 + "uastc_13x9_zstd_mips.ktx2"), "image/ktx2");
  b.addImage(readBytes(kKtx2 + "src_13x9.png"));
  b.json()["extensionsRequired"] = {"KHR_texture_basisu"};
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_TRUE(scene::unsupportedExtensions(*r.document).empty());
  EXPECT_EQ(r.scene->textures[0].image, 0);
  const scene::Image& image = r.scene->images[0];
  EXPECT_EQ(image.format, scene::ImageFormat::Ktx2);
  EXPECT_EQ(image.colorSpace, scene::ImageColorSpace::Srgb);
  EXPECT_EQ(image.width, 13u);
  EXPECT_EQ(image.height, 9u);
  EXPECT_EQ(image.rgba8, refPixels("uastc_13x9_zstd_mips.0.png"));
  ASSERT_EQ(image.mips.size(), 3u);  // 6x4, 3x2, 1x1
  for (size_t p = 1; p <= 3; ++p)
    EXPECT_EQ(image.mips[p - 1], refPixels("uastc_13x9_zstd_mips." + std::to_string(p) + ".png"))
        << p;
  // The fallback PNG is decoded too (an image of the asset), but not drawn.
  EXPECT_EQ(r.scene->images[1].format, scene::ImageFormat::Png);
  EXPECT_TRUE(r.scene->images[1].mips.empty());
}

TEST(Ktx2Textures, Etc1sWithAlphaAndNoFallbackFromADataUri) {
  AssetBuilder b = quadWithTexture({{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}});
  b.json()["images"] = nlohmann::json::array(
      {{{"uri",
         "data:image/ktx2;base64," + base64(readBytes(kKtx2 + "etc1s_32x32_alpha_mips.ktx2"))}}});
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  const scene::Image& image = r.scene->images[0];
  EXPECT_EQ(r.scene->textures[0].image, 0);
  EXPECT_EQ(image.format, scene::ImageFormat::Ktx2);
  ASSERT_EQ(image.rgba8.size(), 32u * 32 * 4);
  EXPECT_EQ(image.mips.size(), 5u);
  const std::vector<uint8_t> rgb = refPixels("etc1s_32x32_alpha_mips.0.rgb.png");
  const std::vector<uint8_t> alpha = refPixels("etc1s_32x32_alpha_mips.0.a.png");
  for (size_t i = 0; i < 32 * 32; ++i) {
    EXPECT_EQ(image.rgba8[4 * i], rgb[4 * i]) << i;
    EXPECT_EQ(image.rgba8[4 * i + 3], alpha[4 * i + 1]) << i;
  }
}

TEST(Ktx2Textures, UndecodableKtx2WarnsAndTheTextureFallsBack) {
  std::vector<uint8_t> broken = readBytes(kKtx2 + "uastc_13x9_raw.ktx2");
  broken.resize(200);  // its level (192 bytes at 192) cut short
  AssetBuilder b = quadWithTexture(kBasisuFromImage0);
  b.addImage(broken, "image/ktx2");
  b.addImage(readBytes(kKtx2 + "src_13x9.png"));
  // A second texture without a fallback draws without an image.
  b.json()["textures"].push_back({{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}});
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), (std::vector<std::string>{
                               "/images/0: cannot decode image: KTX2: level 0 (offset 192, 192 "
                               "bytes) runs past the end of the file (200 bytes)"}));
  EXPECT_EQ(r.scene->textures[0].image, 1);
  EXPECT_EQ(r.scene->textures[1].image, -1);
  EXPECT_TRUE(r.scene->images[0].rgba8.empty());
}

TEST(Ktx2Textures, ColourSpaceThatContradictsTheSlotIsAWarning) {
  // The linear normal map as baseColor (a colour slot) and as normalTexture (data).
  AssetBuilder b = quadWithTexture({{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}});
  b.addImage(readBytes(kKtx2 + "uastc_normal_linear_zstd_mips.ktx2"), "image/ktx2");
  b.addImage(readBytes(kKtx2 + "uastc_13x9_raw.ktx2"), "image/ktx2");  // sRGB
  b.json()["textures"].push_back({{"extensions", {{"KHR_texture_basisu", {{"source", 1}}}}}});
  b.json()["materials"][0]["normalTexture"] = {{"index", 0}};
  b.json()["materials"][0]["emissiveTexture"] = {{"index", 1}};
  b.json()["materials"][0]["occlusionTexture"] = {{"index", 1}};
  const scene::LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->images[0].colorSpace, scene::ImageColorSpace::Linear);
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                "/materials/0/pbrMetallicRoughness/baseColorTexture: KTX2 image 0 (texture 0) is "
                "linear (its DFD's transfer function) but this slot holds sRGB colour: drawn as "
                "sRGB",
                "/materials/0/occlusionTexture: KTX2 image 1 (texture 1) is sRGB (its DFD's "
                "transfer function) but this slot holds linear data: drawn as linear"}));
}

TEST(Ktx2Textures, DecodeIsReservedFromTheBudget) {
  AssetBuilder b = quadWithTexture({{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}});
  b.addImage(readBytes(kKtx2 + "uastc_32x32_alpha_zstd_mips.ktx2"), "image/ktx2");
  scene::LoadOptions options;
  options.maxMemoryBytes = 4096;
  const scene::LoadResult r = scene::loadScene(b.writeGlb("ktx2_budget"), {}, options);
  EXPECT_EQ(r.scene, nullptr);
  // 32x32 .. 1x1 RGBA8 (5460 bytes) and level 0 inflated (1024).
  EXPECT_NE(r.error.find(": /images/0: decoded KTX2 image 32x32 RGBA8 (6 levels) needs 6484 "
                         "bytes, more than the "),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace vitrine::test
