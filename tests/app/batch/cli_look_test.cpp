// The look options end to end: --env, --background, --tonemap, --exposure through the real
// executable.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

const std::string kBox = std::string(VITRINE_MODELS_DIR) + "/BoxTextured-glTF/BoxTextured.gltf";

TEST(CliLook, SolidBackgroundIsTheColourGiven) {
  // The colour is given in sRGB, so the PNG holds it unchanged (0.25 -> 64, 0.5 -> 128).
  const std::string out = scratchPath("look-background.png");
  const ProcessResult r = runVitrine(
      {kBox, "--render", out, "--size", "48x32", "--background", "0.25,0.5,1", "--env", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png = readPng(out);
  for (auto [x, y] : {std::pair{0, 0}, {47, 0}, {0, 31}, {47, 31}}) {
    const uint8_t* p = png.at(x, y);
    EXPECT_NEAR(p[0], 64, 1) << x << "," << y;
    EXPECT_NEAR(p[1], 128, 1) << x << "," << y;
    EXPECT_EQ(p[2], 255) << x << "," << y;
  }
}

// A uniform Radiance .hdr of radiance (0.5, 0.25, 0.125): flat RGBE pixels, mantissas 128, 64
// and 32 with exponent 128 decode to m * 2^(128 - 136).
std::string uniformHdr(const std::string& name) {
  constexpr int kW = 16, kH = 8;
  std::string file = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + std::to_string(kH) + " +X " +
                     std::to_string(kW) + "\n";
  for (int i = 0; i < kW * kH; ++i) file += {char(128), char(64), char(32), char(128)};
  const std::string path = scratchPath(name);
  writeFile(path, file);
  return path;
}

TEST(CliLook, HdrEnvironmentIsTheBackground) {
  // Every direction of the environment has the same radiance, so every background pixel
  // shows it (no tone mapping); with --env-intensity 2, twice as much.
  const std::string sky = uniformHdr("uniform-sky.hdr");
  for (const char* intensity : {"1", "2"}) {
    const std::string out = scratchPath(std::string("look-hdr-") + intensity + ".png");
    const ProcessResult r = runVitrine({kBox, "--render", out, "--size", "48x32", "--env", sky,
                                        "--tonemap", "none", "--env-intensity", intensity});
    ASSERT_EQ(r.status, 0) << r.err;
    const float k = std::stof(intensity);
    const uint8_t* p = readPng(out).at(0, 0);
    EXPECT_NEAR(p[0], srgb8(0.5f * k), 2) << intensity;
    EXPECT_NEAR(p[1], srgb8(0.25f * k), 2) << intensity;
    EXPECT_NEAR(p[2], srgb8(0.125f * k), 2) << intensity;
  }
}

TEST(CliLook, BrokenHdrIsBadInputWithTheReason) {
  const std::string path = scratchPath("not-a-sky.hdr");
  writeFile(path, std::string("P6\n1 1\n255\n\0\0\0", 14));
  const ProcessResult r =
      runVitrine({kBox, "--render", scratchPath("look-broken.png"), "--env", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path + ": not a Radiance HDR image"), std::string::npos) << r.err;
}

TEST(CliLook, MissingEnvironmentFileIsBadInput) {
  const std::string missing = scratchPath("no-such-sky.hdr");
  const ProcessResult r =
      runVitrine({kBox, "--render", scratchPath("look-missing.png"), "--env", missing});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + missing + ": ", 0), 0u) << r.err;
}

TEST(CliLook, ExposureDarkensTheAsset) {
  // Two stops less exposure: the lit box face is a quarter as bright, before sRGB encoding.
  const std::string a = scratchPath("look-ev0.png"), b = scratchPath("look-ev-2.png");
  ASSERT_EQ(runVitrine({kBox, "--render", a, "--size", "48x32", "--tonemap", "none"}).status, 0);
  ASSERT_EQ(
      runVitrine({kBox, "--render", b, "--size", "48x32", "--tonemap", "none", "--exposure", "-2"})
          .status,
      0);
  const Png pa = readPng(a), pb = readPng(b);
  int sumA = 0, sumB = 0;
  for (int c = 0; c < 3; ++c) {
    sumA += pa.at(24, 16)[c];
    sumB += pb.at(24, 16)[c];
  }
  EXPECT_LT(sumB, sumA - 100);
}

// --ground on in --render (off by default there): an upright quad under a directional light
// shining down towards the camera casts its shadow on the ground in front of it. Pixels only
// darken, and only below the quad, where the ground is seen; the quad itself is untouched.
TEST(CliLook, GroundShowsTheShadowInRenderWhenAsked) {
  AssetBuilder b;
  const int quad = b.addMeshNode(b.addColoredQuad({0.8f, 0.8f, 0.8f, 1.0f}));
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] =
      json::array({{{"type", "directional"}, {"intensity", 3}}});
  // -Z turned -135 degrees about +X: along (0, -0.707, 0.707), down and towards +Z (the camera).
  const int light = b.addNode({{"rotation", {-0.9238795, 0, 0, 0.3826834}},
                               {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  b.addScene({quad, light});
  b.json()["extensionsUsed"] = {"KHR_lights_punctual"};
  const std::string file = b.writeGltf("look-ground");
  const std::string off = scratchPath("look-ground-off.png");
  const std::string on = scratchPath("look-ground-on.png");
  ProcessResult r =
      runVitrine({file, "--render", off, "--size", "64x64", "--background", "0.5,0.5,0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runVitrine(
      {file, "--render", on, "--size", "64x64", "--background", "0.5,0.5,0.5", "--ground", "on"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png a = readPng(off), g = readPng(on);
  ASSERT_EQ(a.width, 64);
  ASSERT_EQ(g.width, 64);
  int darker = 0;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      for (int c = 0; c < 3; ++c) {
        EXPECT_LE(g.at(x, y)[c], a.at(x, y)[c] + 1) << x << "," << y;
        if (g.at(x, y)[c] + 8 < a.at(x, y)[c]) {
          ++darker;
          EXPECT_GE(y, 32) << "a shadow above the ground's horizon at " << x << "," << y;
        }
      }
  EXPECT_GT(darker, 30);
}

}  // namespace
}  // namespace vitrine::test
