// `vitrine FILE --render OUT.png`, end to end: the real executable, a real file, a PNG read back.
#include <gtest/gtest.h>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;

// A solid background (--background takes sRGB components), so that pixels the asset does not
// cover are known exactly; the studio environment still lights the asset.
const std::string kBackgroundArg = "0.2,0.3,0.4";
const int kBackground[3] = {51, 77, 102};

bool isBackground(const uint8_t* p) {
  return std::abs(p[0] - kBackground[0]) <= 1 && std::abs(p[1] - kBackground[1]) <= 1 &&
         std::abs(p[2] - kBackground[2]) <= 1;
}

TEST(CliRender, BoxTexturedFramedFromFront) {
  const std::string out = scratchPath("box.png");
  const ProcessResult r = runVitrine({kModels + "/BoxTextured-glTF/BoxTextured.gltf", "--render",
                                      out, "--size", "96x64", "--background", kBackgroundArg});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 96);
  ASSERT_EQ(png.height, 64);
  // Corners: nothing there but the background. Centre: the box's front face, which the
  // Cesium logo texture makes mostly white-ish and never the background grey.
  for (auto [x, y] : {std::pair{0, 0}, {95, 0}, {0, 63}, {95, 63}}) {
    EXPECT_TRUE(isBackground(png.at(x, y))) << x << "," << y;
  }
  EXPECT_FALSE(isBackground(png.at(48, 32)));
  EXPECT_EQ(png.at(48, 32)[3], 255);
}

TEST(CliRender, SameRenderTwiceGivesTheSameImage) {
  const std::string a = scratchPath("twice-a.png"), b = scratchPath("twice-b.png");
  const std::string file = kModels + "/2CylinderEngine-glTF-Binary/2CylinderEngine.glb";
  ASSERT_EQ(
      runVitrine({file, "--render", a, "--size", "80x60", "--background", kBackgroundArg}).status,
      0);
  ASSERT_EQ(
      runVitrine({file, "--render", b, "--size", "80x60", "--background", kBackgroundArg}).status,
      0);
  const Png pa = readPng(a), pb = readPng(b);
  ASSERT_EQ(pa.rgba.size(), size_t(80 * 60 * 4));
  EXPECT_EQ(pa.rgba, pb.rgba);
  // And it is not an empty picture: the engine covers part of the frame.
  size_t covered = 0;
  for (int y = 0; y < 60; ++y)
    for (int x = 0; x < 80; ++x) covered += !isBackground(pa.at(x, y));
  EXPECT_GT(covered, size_t(80 * 60 / 10));
}

TEST(CliRender, LooksThroughAnAssetCamera) {
  // Cameras.gltf: a unit square rotated -45 degrees about X, seen by camera 0 (perspective)
  // and camera 1 (orthographic) from (0.5, 0.5, 3). No material: the default one (white,
  // metallic 1, roughness 1), lit by the neutral studio environment: a grey clearly brighter
  // than black.
  for (const char* camera : {"0", "1"}) {
    const std::string out = scratchPath(std::string("camera") + camera + ".png");
    const ProcessResult r =
        runVitrine({kModels + "/cameras/Cameras.gltf", "--render", out, "--size", "64x64",
                    "--camera", camera, "--background", kBackgroundArg});
    ASSERT_EQ(r.status, 0) << r.err;
    const Png png = readPng(out);
    const uint8_t* c = png.at(32, 32);
    EXPECT_EQ(c[0], c[1]);
    EXPECT_EQ(c[1], c[2]);
    EXPECT_GT(c[0], 60) << "camera " << camera;
    EXPECT_FALSE(isBackground(c)) << "camera " << camera;
  }
}

TEST(CliRender, CameraIndexOutOfRange) {
  const std::string file = kModels + "/cameras/Cameras.gltf";
  const ProcessResult r = runVitrine({file, "--render", scratchPath("nocam.png"), "--camera", "7"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file + ": --camera 7: the asset has 2 cameras\n");
}

TEST(CliRender, UnwritableOutput) {
  const ProcessResult r = runVitrine({kModels + "/BoxTextured-glTF/BoxTextured.gltf", "--render",
                                      "/nonexistent-dir/out.png", "--size", "16x16"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: /nonexistent-dir/out.png: cannot write: No such file or directory\n");
}

TEST(CliRender, HelpAndVersion) {
  ProcessResult r = runVitrine({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Usage: vitrine [FILE] [OPTIONS]"), std::string::npos);
  r = runVitrine({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("vitrine ", 0), 0u);
  r = runVitrine({"--bogus"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: unknown option --bogus (see --help)\n");
}

}  // namespace
}  // namespace vitrine::test
