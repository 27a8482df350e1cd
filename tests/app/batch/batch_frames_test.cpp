// --frames and --turntable through the executable: how many files, that the animation moves
// from frame to frame, and that each frame is what --render --time shows at its instant.
#include <cmath>
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
// Double-sided on request, so an orbiting camera sees it from behind too.
std::string slidingQuad(const std::string& stem, bool doubleSided = false) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({0.9f, 0.6f, 0.1f, 1.0f});
  if (doubleSided) b.json()["materials"][0]["doubleSided"] = true;
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

// The asset camera's node scales from 1 to 0 over 0..1 s: frames 1..4 of 0:1:4 have a view,
// frame 5 (t = 1) has none. The run stops there with the frame named; 1..4 stay written.
TEST(BatchFrames, CameraScaledToZeroStopsAtThatFrame) {
  AssetBuilder b;
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 1, 1, 1})),
              b.addNode({{"camera", camera}, {"translation", {0, 0, 6}}})});
  const int input = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0.0f};
  b.json()["accessors"][input]["max"] = {1.0f};
  const int output = b.addVec3({{1, 1, 1}, {0, 0, 0}});
  b.json()["animations"].push_back(
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "scale"}}}}}}});
  const std::string file = b.writeGltf("frames-camera-scale");
  const std::string dir = scratchPath("frames-camera-scale");
  const ProcessResult r =
      runVitrine({file, "--frames", "0:1:4", "--out", dir, "--camera", "0", "--size", "16x16"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file +
                       ": frame 5 (t=1): --camera 0: /nodes/1 has a zero scale, so camera 0 has "
                       "no view direction\n");
  EXPECT_EQ(filesIn(dir), (std::vector<std::string>{"frame_0001.png", "frame_0002.png",
                                                    "frame_0003.png", "frame_0004.png"}));
}

// --frames with --turntable, run without DISPLAY: the quad slides and the camera turns, so
// every frame differs from the one before.
TEST(BatchFrames, FramesWithTurntableNeedNoDisplay) {
  const std::string file = slidingQuad("frames-sliding-turn", /*doubleSided=*/true);
  const std::string dir = scratchPath("frames-turn");
  const ProcessResult r = runVitrine(
      {file, "--frames", "0:0.9:10", "--turntable", "0.9", "--out", dir, "--size", "32x32"},
      {.withoutDisplay = true});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> names = filesIn(dir);
  ASSERT_EQ(names.size(), 10u);
  for (size_t i = 1; i < names.size(); ++i)
    EXPECT_GT(maxDifference(readPng(dir + "/" + names[i]), readPng(dir + "/" + names[i - 1])), 30)
        << names[i];
}

// A red unlit quad facing +X, single-sided, on black. --frames 0:1:4 --turntable 1 puts the
// eye at yaw 0, 90, 180, 270 and 360 degrees: at 90 it is at +X and sees the face (red), at
// 270 at -X and sees its back, culled (black); at 360 the picture is the one at 0 again.
// A wrong direction swaps red and black, a wrong rate breaks one of the three.
TEST(BatchFrames, TurntableTurnsTowardsPlusXAndComesBack) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1.0f, 0.0f, 0.0f, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  const float h = std::sqrt(0.5f);  // +90 degrees about +Y takes +Z to +X
  b.addScene({b.addNode({{"mesh", quad}, {"rotation", {0.0f, h, 0.0f, h}}})});
  const std::string file = b.writeGltf("frames-turn-direction");
  const std::string dir = scratchPath("frames-turn-direction");
  const ProcessResult r =
      runVitrine({file, "--frames", "0:1:4", "--turntable", "1", "--out", dir, "--size", "32x32",
                  "--env", "none", "--background", "0,0,0", "--tonemap", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(filesIn(dir).size(), 5u);
  const Png quarter = readPng(dir + "/frame_0002.png");
  const Png threeQuarters = readPng(dir + "/frame_0004.png");
  ASSERT_EQ(quarter.width, 32);
  EXPECT_EQ(quarter.at(16, 16)[0], 255);
  EXPECT_EQ(quarter.at(16, 16)[1], 0);
  EXPECT_EQ(threeQuarters.at(16, 16)[0], 0);
  EXPECT_LE(maxDifference(readPng(dir + "/frame_0005.png"), readPng(dir + "/frame_0001.png")), 2);
}

// Frame files of an earlier, longer run that this one does not replace: one warning line.
TEST(BatchFrames, WarnsAboutFramesOfAnEarlierRun) {
  const std::string dir = scratchPath("frames-stale");
  fs::create_directories(dir);
  writeFile(dir + "/frame_0003.png", std::string("old"));
  const ProcessResult r = runVitrine(
      {slidingQuad("frames-sliding-stale"), "--frames", "0:0.1:10", "--out", dir, "--size", "8x8"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "vitrine: warning: --out " + dir +
                       ": 1 frame_*.png file(s) of an earlier run stay there, not overwritten by "
                       "these 2 frames (frame_0003.png ...)\n");
  EXPECT_EQ(filesIn(dir),
            (std::vector<std::string>{"frame_0001.png", "frame_0002.png", "frame_0003.png"}));
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
