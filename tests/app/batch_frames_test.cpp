// --frames and --turntable through the executable: how many files, that the animation moves
// from frame to frame, and that each frame is what --render --time shows at its instant.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;

// An unlit quad sliding from x = -1.5 to 1.5 over 0.9 s (LINEAR), seen by an asset camera at
// z = 6: every frame of 0:0.9:10 puts it somewhere else.
std::string slidingQuad(const std::string& stem) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({0.9f, 0.6f, 0.1f, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0, 0, 6}}})});
  const int input = b.addFloats({0.0f, 0.9f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0.0f};
  b.json()["accessors"][input]["max"] = {0.9f};
  const int output = b.addVec3({{-1.5f, 0, 0}, {1.5f, 0, 0}});
  b.json()["animations"].push_back(
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}});
  return b.writeGltf(stem);
}

int maxDifference(const Png& a, const Png& b) {
  int most = 0;
  for (size_t i = 0; i < a.rgba.size() && i < b.rgba.size(); ++i)
    most = std::max(most, std::abs(int(a.rgba[i]) - int(b.rgba[i])));
  return most;
}

std::vector<std::string> filesIn(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(BatchFrames, TenFramesMoveAndMatchTimeRenders) {
  const std::string file = slidingQuad("frames-sliding-ten");
  const std::string dir = scratchPath("frames-ten") + "/nested/out";  // created as needed
  const ProcessResult r =
      runVitrine({file, "--frames", "0:0.9:10", "--out", dir, "--camera", "0", "--size", "64x64"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");  // stderr is no terminal here: no progress bar
  std::vector<std::string> expected;
  for (int i = 1; i <= 10; ++i)
    expected.push_back("frame_00" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".png");
  ASSERT_EQ(filesIn(dir), expected);

  Png previous;
  for (int i = 0; i < 10; ++i) {
    const Png frame = readPng(dir + "/" + expected[size_t(i)]);
    ASSERT_EQ(frame.width, 64);
    ASSERT_EQ(frame.height, 64);
    if (i > 0) {
      EXPECT_GT(maxDifference(frame, previous), 100) << "frame " << i + 1;
    }
    // The same instant through --render --time: one renderer per process, the whole scene
    // uploaded at once, against one renderer animating with partial uploads. Both run the
    // same shaders on the same device, so the pixels must be identical.
    const std::string still = scratchPath("frames-still.png");
    const std::string t = std::to_string(0.1 * i);
    const ProcessResult s =
        runVitrine({file, "--render", still, "--time", t, "--camera", "0", "--size", "64x64"});
    ASSERT_EQ(s.status, 0) << s.err;
    EXPECT_EQ(maxDifference(frame, readPng(still)), 0) << "frame " << i + 1 << ", t=" << t;
    previous = frame;
  }
}

TEST(BatchFrames, TurntableAloneTurnsAroundTheAsset) {
  const std::string dir = scratchPath("turntable");
  const ProcessResult r = runVitrine({VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf",
                                      "--turntable", "0.2", "--out", dir, "--size", "48x32"});
  ASSERT_EQ(r.status, 0) << r.err;
  // 0.2 s at 30 frames per second, the end excluded: 6 frames, each a sixth of a turn on.
  const std::vector<std::string> names = filesIn(dir);
  ASSERT_EQ(names.size(), 6u);
  EXPECT_EQ(names.back(), "frame_0006.png");
  Png previous;
  for (const std::string& n : names) {
    const Png frame = readPng(dir + "/" + n);
    ASSERT_EQ(frame.width, 48);
    ASSERT_EQ(frame.height, 32);
    if (!previous.rgba.empty()) {
      EXPECT_GT(maxDifference(frame, previous), 30) << n;
    }
    previous = frame;
  }
}

TEST(BatchFrames, OutIsAFile) {
  const std::string out = scratchPath("frames-out-file");
  writeFile(out, std::string("x"));
  const ProcessResult r =
      runVitrine({slidingQuad("frames-sliding-out"), "--frames", "0:0:1", "--out", out});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: --out " + out + ": cannot create the directory: ", 0), 0u)
      << r.err;
}

}  // namespace
}  // namespace vitrine::test
