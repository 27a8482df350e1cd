// --channel (issue 22): the material channel views through the real executable, in every batch
// mode that renders (--render, --frames, --turntable, --thumbnail), on a generated quad whose
// material is known, its roughness animated by KHR_animation_pointer; and the refusals.
#include <string>

#include <gtest/gtest.h>

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
