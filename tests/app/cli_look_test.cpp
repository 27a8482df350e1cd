// The look options end to end: --env, --background, --tonemap, --exposure through the real
// executable.
#include <gtest/gtest.h>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

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

}  // namespace
}  // namespace vitrine::test
