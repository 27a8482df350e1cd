// EXT_texture_webp and KHR_texture_basisu end to end (issue 15): BoxTextured's PNG converted to
// WebP in the test run by cwebp (Debian `webp`), the glTF rewritten to use the extension with
// and without its PNG fallback, rendered by `vitrine --render` and compared with the original's
// render; KTX2 textures (a fixture of tests/data/ktx2) chosen over their fallback, without one
// and required, and a KTX2 file that does not decode falling back to the PNG with a warning.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kBox = std::string(VITRINE_MODELS_DIR) + "/BoxTextured-glTF";

// A scratch folder with BoxTextured's .bin and PNG, the PNG as lossless and lossy WebP, a KTX2
// fixture (UASTC, Zstandard, 32x32 with its mips) and a file that merely starts like KTX2.
std::string boxFolder() {
  static const std::string dir = [] {
    const std::string d = scratchPath("webp-box");
    std::filesystem::create_directories(d);
    for (const char* f : {"BoxTextured0.bin", "CesiumLogoFlat.png"})
      std::filesystem::copy_file(kBox + "/" + f, d + "/" + f,
                                 std::filesystem::copy_options::overwrite_existing);
    for (const auto& [options, name] :
         {std::pair{"-lossless -exact", "lossless.webp"}, {"-q 90", "lossy.webp"}}) {
      const std::string cmd = std::string("cwebp -quiet ") + options + " '" + d +
                              "/CesiumLogoFlat.png' -o '" + d + "/" + name + "'";
      EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
    writeFile(d + "/logo.ktx2", std::string("\xABKTX 20\xBB\r\n\x1A\n", 12) + std::string(64, 'x'));
    std::filesystem::copy_file(
        std::string(VITRINE_SOURCE_DIR) + "/tests/data/ktx2/uastc_32x32_alpha_zstd_mips.ktx2",
        d + "/real.ktx2", std::filesystem::copy_options::overwrite_existing);
    return d;
  }();
  return dir;
}

// BoxTextured.gltf with its images and texture 0 replaced; written into boxFolder().
std::string rewrittenBox(const std::string& name, const nlohmann::json& images,
                         const nlohmann::json& texture, const nlohmann::json& used,
                         const nlohmann::json& required = nullptr) {
  nlohmann::json j = nlohmann::json::parse(readFile(kBox + "/BoxTextured.gltf"));
  j["images"] = images;
  j["textures"][0] = texture;
  j["textures"][0]["sampler"] = 0;
  j["extensionsUsed"] = used;
  if (!required.is_null()) j["extensionsRequired"] = required;
  const std::string path = boxFolder() + "/" + name + ".gltf";
  writeFile(path, j.dump());
  return path;
}

// --render at a small size; the process result, and the picture in `png`. The picture goes to
// this process's scratch folder: BoxTextured.gltf itself is shared by parallel test processes.
ProcessResult render(const std::string& gltf, Png& png) {
  const std::string out =
      scratchPath("render-" + std::filesystem::path(gltf).filename().string() + ".png");
  std::filesystem::remove(out);
  const ProcessResult r = runVitrine({gltf, "--render", out, "--size", "96x64"});
  png = readPng(out);
  return r;
}

struct Difference {
  int max = 0;
  double mean = 0;  // over every colour channel of every pixel
};
Difference difference(const Png& a, const Png& b) {
  Difference d;
  EXPECT_EQ(a.rgba.size(), b.rgba.size());
  if (a.rgba.size() != b.rgba.size() || a.rgba.empty()) return {255, 255};
  for (size_t i = 0; i < a.rgba.size(); ++i) {
    const int delta = std::abs(int(a.rgba[i]) - int(b.rgba[i]));
    d.max = std::max(d.max, delta);
    d.mean += delta;
  }
  d.mean /= double(a.rgba.size());
  return d;
}

const Png& original() {
  static const Png png = [] {
    Png p;
    EXPECT_EQ(render(kBox + "/BoxTextured.gltf", p).status, 0);
    return p;
  }();
  return png;
}

const nlohmann::json kWebp = {{"EXT_texture_webp", {{"source", 1}}}};

TEST(CliTextureFormats, LosslessWebpWithFallbackRendersLikeThePng) {
  Png png;
  const ProcessResult r =
      render(rewrittenBox("fallback", {{{"uri", "CesiumLogoFlat.png"}}, {{"uri", "lossless.webp"}}},
                          {{"source", 0}, {"extensions", kWebp}}, {"EXT_texture_webp"}),
             png);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // The same texels reach the GPU: the same picture, exactly.
  EXPECT_EQ(difference(png, original()).max, 0);
}

TEST(CliTextureFormats, WebpWithoutFallbackRendersLikeThePng) {
  // Only the extension names an image (extensionsRequired, as the extension's spec asks).
  const nlohmann::json webpOnly = {{"EXT_texture_webp", {{"source", 0}}}};
  Png lossless, lossy;
  ProcessResult r =
      render(rewrittenBox("only-lossless", {{{"uri", "lossless.webp"}}}, {{"extensions", webpOnly}},
                          {"EXT_texture_webp"}, {"EXT_texture_webp"}),
             lossless);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(difference(lossless, original()).max, 0);

  r = render(rewrittenBox("only-lossy", {{{"uri", "lossy.webp"}}}, {{"extensions", webpOnly}},
                          {"EXT_texture_webp"}, {"EXT_texture_webp"}),
             lossy);
  ASSERT_EQ(r.status, 0) << r.err;
  // Lossy at quality 90, measured at 96x64: 2204 of 24576 channels differ, by 16 codes at
  // most, 0.15 on average (filtering averages the codec's error away). Stated tolerance: mean
  // under 1 code, no channel more than 32 codes off.
  const Difference d = difference(lossy, original());
  EXPECT_LT(d.mean, 1.0);
  EXPECT_LE(d.max, 32);
  EXPECT_GT(d.max, 0);  // it is the lossy image that was drawn
}

TEST(CliTextureFormats, Ktx2IsDrawnOverTheFallbackAndWithoutOne) {
  const nlohmann::json withFallback = {{"source", 0},
                                       {"extensions", {{"KHR_texture_basisu", {{"source", 1}}}}}};
  Png chosen, only;
  ProcessResult r = render(
      rewrittenBox("ktx2-fallback", {{{"uri", "CesiumLogoFlat.png"}}, {{"uri", "real.ktx2"}}},
                   withFallback, {"KHR_texture_basisu"}),
      chosen);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Not the logo: the KTX2 image (a colour ramp) was drawn.
  ASSERT_EQ(chosen.rgba.size(), original().rgba.size());
  EXPECT_GT(difference(chosen, original()).max, 32);
  // Alone and required (nothing else to draw): the same picture.
  r = render(rewrittenBox("ktx2-only", {{{"uri", "real.ktx2"}}},
                          {{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}},
                          {"KHR_texture_basisu"}, {"KHR_texture_basisu"}),
             only);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(difference(only, chosen).max, 0);
}

TEST(CliTextureFormats, Ktx2ThatDoesNotDecodeFallsBackWithAWarning) {
  Png png;
  const std::string path =
      rewrittenBox("ktx2-broken", {{{"uri", "CesiumLogoFlat.png"}}, {{"uri", "logo.ktx2"}}},
                   {{"source", 0}, {"extensions", {{"KHR_texture_basisu", {{"source", 1}}}}}},
                   {"KHR_texture_basisu"});
  const ProcessResult r = render(path, png);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "vitrine: warning: " + path +
                       ": /images/1: cannot decode image: KTX2: file of 76 bytes is shorter than "
                       "the 80-byte header\n");
  EXPECT_EQ(difference(png, original()).max, 0);
}

}  // namespace
}  // namespace vitrine::test
