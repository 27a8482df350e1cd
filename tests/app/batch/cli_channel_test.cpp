// --channel (issue 22): the material channel views through the real executable, in every batch
// mode that renders (--render, --frames, --turntable, --thumbnail), on a generated quad whose
// material is known, its roughness animated by KHR_animation_pointer; and the refusals.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "pointer_animation.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const glm::vec3 kBase(0.2f, 0.6f, 0.4f);

// A quad (-1..1, z = 0) of base colour kBase, metallic 0.25, roughness animated from 0.2 at
// t = 0 to 1.0 at t = 1, and camera 0 at z = 3 (yfov 0.6: the quad fills its view).
std::string channelAsset(const std::string& stem) {
  AssetBuilder b;
  const int quad = b.addColoredQuad(glm::vec4(kBase, 1.0f));
  b.json()["materials"][0]["pbrMetallicRoughness"]["metallicFactor"] = 0.25;
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  b.addScene(
      {b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0.0f, 0.0f, 3.0f}}})});
  addPointerAnimation(b, {{"/materials/0/pbrMetallicRoughness/roughnessFactor", {0.2f}, {1.0f}}},
                      "roughness");
  return b.writeGlb(stem);
}

// The centre pixel's red, green and blue all `value` (within 1).
void expectGrey(const Png& png, int value, const std::string& what) {
  ASSERT_GT(png.width, 0) << what << ": no picture";
  const uint8_t* p = png.at(png.width / 2, png.height / 2);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(p[c], value, 1) << what << " channel " << c;
}

TEST(CliChannel, RenderShowsTheChannelNotTheShadedPicture) {
  const std::string file = channelAsset("channel-render");
  const std::string color = scratchPath("channel-base-color.png");
  ProcessResult r = runVitrine(
      {file, "--render", color, "--camera", "0", "--size", "32x32", "--channel", "base-color"});
  ASSERT_EQ(r.status, 0) << r.err;
  const uint8_t* p = readPng(color).at(16, 16);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(p[c], srgb8(kBase[c]), 1) << "channel " << c;
  // Roughness at t = 0.5: 0.6, written linearly as grey.
  const std::string rough = scratchPath("channel-roughness.png");
  r = runVitrine({file, "--render", rough, "--camera", "0", "--size", "32x32", "--time", "0.5",
                  "--channel", "roughness"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectGrey(readPng(rough), 153, "roughness at 0.5");
}

TEST(CliChannel, FramesFollowTheAnimatedFactor) {
  const std::string dir = scratchPath("channel-frames");
  const ProcessResult r =
      runVitrine({channelAsset("channel-frames"), "--frames", "0:1:2", "--out", dir, "--camera",
                  "0", "--size", "16x16", "--channel", "roughness"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectGrey(readPng(dir + "/frame_0001.png"), 51, "t = 0");
  expectGrey(readPng(dir + "/frame_0002.png"), 153, "t = 0.5");
  expectGrey(readPng(dir + "/frame_0003.png"), 255, "t = 1");
}

TEST(CliChannel, ThumbnailAndTurntableShowTheChannel) {
  const std::string file = channelAsset("channel-thumb");
  const std::string thumb = scratchPath("channel-thumb.png");
  ProcessResult r = runVitrine({"--thumbnail", "32", file, thumb, "--channel", "metallic"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectGrey(readPng(thumb), 64, "thumbnail metallic 0.25");
  const std::string dir = scratchPath("channel-turntable");
  r = runVitrine(
      {file, "--turntable", "1", "--out", dir, "--size", "16x16", "--channel", "metallic"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectGrey(readPng(dir + "/frame_0001.png"), 64, "turntable metallic 0.25");
}

// KHR_materials_pbrSpecularGlossiness on the Khronos sample: its diffuseTexture is the
// metallic-roughness BoxTextured's baseColorTexture, so the base-colour channels of the two
// agree pixel for pixel; its specularFactor 0.2 and glossinessFactor 1 show as the specular
// colour (sRGB-encoded) and a roughness of 0, and the shaded pictures differ (F0 0.2, not 0.04).
TEST(CliChannel, SpecularGlossinessSampleShowsItsOwnInputs) {
  namespace fs = std::filesystem;
  using nlohmann::json;
  const fs::path dir = "/usr/share/assimp/models/glTF2/";
  const fs::path sgSource = dir / "BoxTextured-glTF-pbrSpecularGlossiness";
  const std::string mr = dir / "BoxTextured-glTF/BoxTextured.gltf";
  if (!fs::exists(sgSource / "BoxTextured.gltf") || !fs::exists(mr))
    GTEST_SKIP() << "assimp-testmodels is not installed";
  // The two files' samplers differ (wrap REPEAT here, MIRRORED_REPEAT / CLAMP_TO_EDGE there),
  // which changes the filtering at the texture's edges: a copy gets the other's sampler.
  const fs::path copy = scratchPath("sg-box");
  fs::create_directories(copy);
  for (const char* f : {"BoxTextured0.bin", "CesiumLogoFlat.png"})
    fs::copy_file(sgSource / f, copy / f, fs::copy_options::overwrite_existing);
  json doc = json::parse(std::ifstream(sgSource / "BoxTextured.gltf"));
  doc["samplers"] = json::parse(std::ifstream(mr))["samplers"];
  const std::string sg = copy / "BoxTextured.gltf";
  std::ofstream(sg) << doc.dump();
  const auto render = [](const std::string& file, const std::string& channel) {
    const std::string out = scratchPath("sg-" + std::to_string(std::hash<std::string>{}(file)) +
                                        "-" + channel + ".png");
    const ProcessResult r =
        runVitrine({file, "--render", out, "--size", "32x32", "--channel", channel});
    EXPECT_EQ(r.status, 0) << r.err;
    return readPng(out);
  };
  const Png sgBase = render(sg, "base-color"), mrBase = render(mr, "base-color");
  ASSERT_EQ(sgBase.width, 32);
  ASSERT_EQ(mrBase.width, 32);
  int covered = 0;
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) {
      for (int c = 0; c < 3; ++c)
        ASSERT_NEAR(sgBase.at(x, y)[c], mrBase.at(x, y)[c], 1) << x << ", " << y;
      covered += sgBase.at(x, y)[0] != sgBase.at(0, 0)[0];
    }
  EXPECT_GT(covered, 100);  // the box, not two empty pictures
  const Png specular = render(sg, "specular-color");
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(specular.at(16, 16)[c], srgb8(0.2f), 1);
  expectGrey(render(sg, "roughness"), 0, "roughness 1 - glossiness 1");
  expectGrey(render(sg, "metallic"), 0, "no metal");
  const Png sgShaded = render(sg, "shaded"), mrShaded = render(mr, "shaded");
  int largest = 0;
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x)
      for (int c = 0; c < 3; ++c)
        largest =
            std::max(largest, std::abs(int(sgShaded.at(x, y)[c]) - int(mrShaded.at(x, y)[c])));
  EXPECT_GT(largest, 8);
}

TEST(CliChannel, AnUnknownChannelIsBadInputListingTheValidOnes) {
  const ProcessResult r = runVitrine({channelAsset("channel-unknown"), "--render",
                                      scratchPath("channel-unknown.png"), "--channel", "rough"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: --channel rough: unknown channel (channels: shaded, base-color, "
                        "emissive, ",
                        0),
            0u)
      << r.err;
  EXPECT_NE(r.err.find(", uv7, uv-checker)\n"), std::string::npos) << r.err;
}

TEST(CliChannel, CheckRendersNothing) {
  const ProcessResult r =
      runVitrine({channelAsset("channel-check"), "--check", "--channel", "normal"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--check renders nothing: no --channel"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace vitrine::test
