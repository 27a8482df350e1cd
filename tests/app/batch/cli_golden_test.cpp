// Real sample models rendered end to end (loader, studio environment, PBR, Khronos PBR Neutral)
// and compared with golden images kept in tests/app/golden.
//
// Tolerance: lavapipe is deterministic for a given Mesa, but its LLVM code generation may
// round differently on another CPU, so a pixel may differ by up to kPixelTolerance in each
// channel, and at most kOutlierFraction of the pixels (edges, where MSAA coverage can flip)
// by up to kOutlierTolerance.
//
// To refresh after an intended change: VITRINE_UPDATE_GOLDENS=1 ctest -R CliGolden, then look
// at the new images before committing them.
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

constexpr int kPixelTolerance = 3;
constexpr int kOutlierTolerance = 48;
constexpr double kOutlierFraction = 0.005;

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kGoldenDir = std::string(VITRINE_SOURCE_DIR) + "/tests/app/golden/";

void compareWithGolden(const std::string& name, const std::string& model) {
  const std::string out = scratchPath(name + ".png");
  const ProcessResult r = runVitrine({kModels + "/" + model, "--render", out, "--size", "128x96"});
  ASSERT_EQ(r.status, 0) << r.err;  // 3 would mean validation messages
  const std::string golden = kGoldenDir + name + ".png";
  if (const char* update = std::getenv("VITRINE_UPDATE_GOLDENS"); update && *update == '1') {
    std::filesystem::copy_file(out, golden, std::filesystem::copy_options::overwrite_existing);
    GTEST_SKIP() << "updated " << golden;
  }
  const Png expected = readPng(golden);
  const Png actual = readPng(out);
  ASSERT_EQ(expected.width, 128) << "missing golden " << golden;
  ASSERT_EQ(actual.width, expected.width);
  ASSERT_EQ(actual.height, expected.height);
  size_t outliers = 0;
  int worst = 0;
  for (size_t i = 0; i < actual.rgba.size(); i += 4) {
    int diff = 0;
    for (int c = 0; c < 4; ++c)
      diff = std::max(diff, std::abs(actual.rgba[i + c] - expected.rgba[i + c]));
    worst = std::max(worst, diff);
    if (diff > kPixelTolerance) ++outliers;
    EXPECT_LE(diff, kOutlierTolerance) << name << " pixel " << (i / 4) % 128 << "," << (i / 4) / 128
                                       << " (actual image: " << out << ")";
    if (diff > kOutlierTolerance) return;
  }
  EXPECT_LE(double(outliers), kOutlierFraction * actual.width * actual.height)
      << name << ": " << outliers << " pixels differ by more than " << kPixelTolerance << " (worst "
      << worst << "); actual image: " << out;
}

TEST(CliGolden, BoxTextured) {
  compareWithGolden("BoxTextured", "BoxTextured-glTF/BoxTextured.gltf");
}

TEST(CliGolden, ClearCoatTest) {
  compareWithGolden("ClearCoatTest", "ClearCoat-glTF/ClearCoatTest.gltf");
}

TEST(CliGolden, TextureTransformTest) {
  compareWithGolden("TextureTransformTest", "textureTransform/TextureTransformTest.gltf");
}

TEST(CliGolden, TwoCylinderEngine) {
  compareWithGolden("2CylinderEngine", "2CylinderEngine-glTF-Binary/2CylinderEngine.glb");
}

}  // namespace
}  // namespace vitrine::test
