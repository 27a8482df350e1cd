// The batch modes' pure parts: their command-line options, the frame rule, the turntable
// angle, file names, straight alpha, and how --check splits loader messages.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "batch_check.h"
#include "batch_common.h"
#include "batch_frames.h"
#include "cli.h"

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

// A fresh, empty directory under the test tmp tree, unique per process (ctest runs in parallel).
std::string scratchDir(const std::string& name) {
  const fs::path dir = fs::path(VITRINE_TEST_TMP) / "app-unit" / (std::to_string(getpid()) + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

void touch(const std::string& path) {
  std::ofstream(path) << "x";
}

TEST(BatchCli, ThumbnailTakesSizeInputAndOutput) {
  const CliResult r = parseCommandLine({"--thumbnail", "256", "in.glb", "out.png"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.thumbnailSize.value_or(0), 256u);
  EXPECT_EQ(r.options.file, "in.glb");
  EXPECT_EQ(r.options.thumbnailOut, "out.png");
}

TEST(BatchCli, FramesTurntableAndCheck) {
  const CliResult r =
      parseCommandLine({"a.glb", "--frames", "0.5:2:24", "--turntable", "4", "--out", "dir"});
  ASSERT_EQ(r.error, "");
  ASSERT_TRUE(r.options.frames);
  EXPECT_EQ(r.options.frames->start, 0.5f);
  EXPECT_EQ(r.options.frames->end, 2.0f);
  EXPECT_EQ(r.options.frames->fps, 24.0f);
  EXPECT_EQ(r.options.turntableSeconds.value_or(0.0f), 4.0f);
  EXPECT_EQ(r.options.outDir.value_or(""), "dir");
  const CliResult c = parseCommandLine({"a.glb", "--check", "--json"});
  ASSERT_EQ(c.error, "");
  EXPECT_TRUE(c.options.check);
  EXPECT_TRUE(c.options.json);
}

TEST(BatchCli, ErrorsSayWhatIsWrong) {
  const std::string frames =
      ": expected START:END:FPS in seconds and frames per second, START <= END, FPS > 0, at "
      "most 100000 frames, e.g. 0:2:24";
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--thumbnail", "256", "in.glb"}, "--thumbnail needs SIZE IN OUT.png"},
      {{"--thumbnail", "8", "in.glb", "o.png"},
       "--thumbnail 8: expected a size in pixels from 16 to 4096"},
      {{"a.glb", "--thumbnail", "64", "b.glb", "o.png"},
       "more than one file given: a.glb and b.glb"},
      {{"--frames", "0:1", "--out", "d"}, "--frames 0:1" + frames},
      {{"--frames", "2:1:24", "--out", "d"}, "--frames 2:1:24" + frames},
      {{"--frames", "0:1:0", "--out", "d"}, "--frames 0:1:0" + frames},
      {{"--frames", "0:100000:2", "--out", "d"}, "--frames 0:100000:2" + frames},
      {{"--frames", "0:1:24"}, "--frames needs --out DIR"},
      {{"--turntable", "5"}, "--turntable needs --out DIR"},
      {{"--turntable", "0", "--out", "d"},
       "--turntable 0: expected a number of seconds from 0 (exclusive) to 3000"},
      {{"--out", "d"}, "--out needs --frames or --turntable"},
      {{"--json"}, "--json needs --check"},
      {{"--check", "--render", "o.png"},
       "--render, --thumbnail, --frames/--turntable, --check and --query are separate modes: "
       "give one"},
      {{"--turntable", "2", "--out", "d", "--camera", "0"},
       "--turntable orbits its own camera: no --camera"},
  };
  for (const auto& [args, error] : cases) EXPECT_EQ(parseCommandLine(args).error, error);
  // --render with --query stays allowed (main.cpp queries, then renders).
  EXPECT_EQ(parseCommandLine({"--render", "o.png", "--query", "/nodes/0/rotation"}).error, "");
}

// Each mode names the option it would otherwise ignore: the first one given, in order.
TEST(BatchCli, OptionsABatchModeWouldIgnoreAreErrors) {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--thumbnail", "64", "a.glb", "o.png", "--time", "2", "--size", "10x10"},
       "--thumbnail SIZE sets the size: no --size"},
      {{"--thumbnail", "64", "a.glb", "o.png", "--quit-after", "2"},
       "--thumbnail opens no window: no --quit-after"},
      {{"a.glb", "--check", "--time", "3", "--animation", "foo", "--env", "x.hdr"},
       "--check poses nothing: no --time"},
      {{"a.glb", "--check", "--animation", "foo", "--env", "x.hdr"},
       "--check checks every animation: no --animation"},
      {{"a.glb", "--check", "--env", "x.hdr"}, "--check renders nothing: no --env"},
      {{"a.glb", "--exposure", "1", "--check"}, "--check renders nothing: no --exposure"},
      {{"a.glb", "--check", "--json", "--size", "8x8"}, "--check renders nothing: no --size"},
      {{"a.glb", "--check", "--camera", "0"}, "--check renders nothing: no --camera"},
      {{"a.glb", "--check", "--quit-after", "1"}, "--check opens no window: no --quit-after"},
      {{"a.glb", "--frames", "0:1:2", "--out", "d", "--time", "3", "--quit-after", "2"},
       "--frames gives each frame its own instant: no --time"},
      {{"a.glb", "--frames", "0:1:2", "--out", "d", "--quit-after", "2", "--time", "3"},
       "--frames opens no window: no --quit-after"},
      {{"a.glb", "--turntable", "2", "--out", "d", "--time", "1"},
       "--turntable gives each frame its own instant: no --time"},
      {{"a.glb", "--render", "o.png", "--quit-after", "1"},
       "--render opens no window: no --quit-after"},
  };
  for (const auto& [args, error] : cases) EXPECT_EQ(parseCommandLine(args).error, error);
  // What each mode uses stays allowed.
  const std::vector<std::string> allowed[] = {
      {"--thumbnail", "64", "a.glb", "o.png", "--time", "2", "--env", "none", "--animation", "0"},
      {"a.glb", "--frames", "0:1:2", "--out", "d", "--camera", "0", "--size", "8x8"},
      {"a.glb", "--turntable", "2", "--out", "d", "--tonemap", "aces", "--animation", "all"},
      {"a.glb", "--check", "--json"},
      {"a.glb", "--render", "o.png", "--time", "1", "--size", "8x8"},
      {"a.glb", "--quit-after", "1", "--time", "1", "--size", "8x8"},
  };
  for (const auto& args : allowed) EXPECT_EQ(parseCommandLine(args).error, "") << args[1];
  // --thumbnail honours --time.
  EXPECT_EQ(parseCommandLine({"--thumbnail", "64", "a.glb", "o.png", "--time", "2"}).options.time,
            2.0f);
}

TEST(BatchCli, HelpDocumentsTheModesAndExitStatuses) {
  const std::string help = usageText();
  for (const char* text :
       {"--thumbnail SIZE IN OUT.png", "--frames START:END:FPS", "--turntable SECONDS", "--out DIR",
        "--check", "--json", "opens a new window", "4 when no Vulkan\ndevice",
        "--check: 0 usable with no problem, 1 loaded with warnings, 2 errors",
        "an error stops the load: only the first is reported",
        "never\n                       overwrites IN", "at most 2^34 pixels"})
    EXPECT_NE(help.find(text), std::string::npos) << text;
}

TEST(BatchFrames, EveryInstantUpToEndIncluded) {
  // 0:1:10 is 11 instants, the last exactly END despite (1 - 0) * 10 rounding in float.
  EXPECT_EQ(frameCount({0.0f, 1.0f, 10.0f}), 11u);
  EXPECT_EQ(frameCount({0.0f, 0.9f, 10.0f}), 10u);
  EXPECT_EQ(frameCount({0.0f, 0.95f, 10.0f}), 10u);  // 1.0 > END: not a frame
  EXPECT_EQ(frameCount({1.0f, 1.0f, 24.0f}), 1u);

  CliOptions o;
  o.frames = CliOptions::FrameRange{0.5f, 0.8f, 10.0f};
  const std::vector<float> t = sequenceTimes(o);
  ASSERT_EQ(t.size(), 4u);
  for (size_t i = 0; i < t.size(); ++i) EXPECT_FLOAT_EQ(t[i], 0.5f + 0.1f * float(i));
}

TEST(BatchFrames, TurntableAloneLoopsWithoutRepeatingTheFirstFrame) {
  CliOptions o;
  o.turntableSeconds = 0.2f;  // 0, 1/30, ..., 5/30; 6/30 = 0.2 would repeat frame 0's angle
  const std::vector<float> t = sequenceTimes(o);
  ASSERT_EQ(t.size(), 6u);
  EXPECT_FLOAT_EQ(t[5], 5.0f / 30.0f);
  EXPECT_FLOAT_EQ(turntableYaw(o, 0.0f), 0.0f);
  EXPECT_FLOAT_EQ(turntableYaw(o, 0.1f), float(M_PI));
  // With --frames the turn starts at START.
  o.frames = CliOptions::FrameRange{1.0f, 3.0f, 4.0f};
  o.turntableSeconds = 2.0f;
  EXPECT_FLOAT_EQ(turntableYaw(o, 1.0f), 0.0f);
  EXPECT_FLOAT_EQ(turntableYaw(o, 1.5f), float(M_PI / 2));
  o.turntableSeconds.reset();
  EXPECT_EQ(turntableYaw(o, 1.5f), 0.0f);
}

// The turntable's eye starts in front (+Z), 20 degrees up, reaches +X a quarter of the way
// through (counter-clockwise seen from +Y) and is back at the start after SECONDS.
TEST(BatchFrames, TurntableCameraTurnsFromFrontTowardsPlusX) {
  OrbitCamera framed;
  framed.target = glm::vec3(1.0f, 2.0f, 3.0f);
  framed.distance = 2.0f;
  CliOptions o;
  o.turntableSeconds = 4.0f;
  const float up = 2.0f * std::sin(glm::radians(20.0f)),
              across = 2.0f * std::cos(glm::radians(20.0f));
  const auto eye = [&](float t) { return sequenceCamera(framed, o, t).eye() - framed.target; };
  const auto near = [](glm::vec3 a, glm::vec3 b) { return glm::length(a - b) < 1e-5f; };
  EXPECT_TRUE(near(eye(0.0f), {0.0f, up, across}));
  EXPECT_TRUE(near(eye(1.0f), {across, up, 0.0f}));
  EXPECT_TRUE(near(eye(2.0f), {0.0f, up, -across}));
  EXPECT_TRUE(near(eye(3.0f), {-across, up, 0.0f}));
  EXPECT_TRUE(near(eye(4.0f), eye(0.0f)));
  // With --frames the turn starts at START.
  o.frames = CliOptions::FrameRange{1.0f, 5.0f, 2.0f};
  EXPECT_TRUE(near(eye(1.0f), {0.0f, up, across}));
  EXPECT_TRUE(near(eye(2.0f), {across, up, 0.0f}));
  // Without --turntable: the framed camera as it is, whatever the instant.
  o.turntableSeconds.reset();
  EXPECT_TRUE(near(eye(2.0f), {0.0f, 0.0f, 2.0f}));
}

TEST(BatchFrames, PixelLimitIsCheckedExactly) {
  CliOptions o;
  o.width = o.height = 4096;  // 2^24 pixels a frame: 1024 frames are 2^34
  EXPECT_EQ(checkSequenceSize(o, 1024), "");
  EXPECT_EQ(checkSequenceSize(o, 1025),
            "--size 4096x4096: 1025 frames of that size are 17196646400 pixels; one sequence "
            "writes at most 17179869184 (2^34, 64 GiB as RGBA): render fewer frames or smaller "
            "ones");
  o.width = o.height = 16384;  // the largest --size, with the most frames: no overflow
  EXPECT_NE(checkSequenceSize(o, size_t(kMaxFrames)), "");
}

TEST(BatchFrames, StaleFramesAreThoseThisRunDoesNotOverwrite) {
  const std::string dir = scratchDir("stale");
  for (const char* name : {"frame_0001.png", "frame_0010.png", "frame_0011.png", "frame_05.png",
                           "frame_x.png", "other.png", "frame_0003.jpg"})
    touch(dir + "/" + name);
  EXPECT_EQ(staleFrames(dir, 10), (std::vector<std::string>{"frame_0011.png", "frame_05.png"}));
  EXPECT_EQ(staleFrames(dir, 11), (std::vector<std::string>{"frame_05.png"}));
  EXPECT_EQ(staleFrames(dir, 1),
            (std::vector<std::string>{"frame_0010.png", "frame_0011.png", "frame_05.png"}));
  EXPECT_EQ(staleFrames(dir + "/missing", 1), std::vector<std::string>{});
}

TEST(BatchFrames, FileNamesCountFromOneWithFourDigits) {
  EXPECT_EQ(frameFileName(0), "frame_0001.png");
  EXPECT_EQ(frameFileName(41), "frame_0042.png");
  EXPECT_EQ(frameFileName(12344), "frame_12345.png");
}

TEST(BatchCommon, UnpremultiplyGivesStraightAlpha) {
  renderer::Pixels p;
  p.width = 3;
  p.height = 1;
  // Opaque: unchanged. Clear: black. Half covered red: sRGB(0.5 * 1) = 188 -> 255.
  p.rgba = {10, 20, 30, 255, 5, 6, 7, 0, 188, 0, 0, 128};
  unpremultiplyAlpha(p);
  EXPECT_EQ(p.rgba, (std::vector<uint8_t>{10, 20, 30, 255, 0, 0, 0, 0, 255, 0, 0, 128}));
}

TEST(BatchCommon, SameFileFollowsLinksAndNeedsAnExistingOutput) {
  const std::string dir = scratchDir("same");
  touch(dir + "/a.glb");
  touch(dir + "/b.glb");
  fs::create_hard_link(dir + "/a.glb", dir + "/hard.glb");
  fs::create_symlink("a.glb", dir + "/soft.glb");
  EXPECT_TRUE(sameFile(dir + "/a.glb", dir + "/a.glb"));
  EXPECT_TRUE(sameFile(dir + "/a.glb", dir + "/./hard.glb"));
  EXPECT_TRUE(sameFile(dir + "/a.glb", dir + "/soft.glb"));
  EXPECT_FALSE(sameFile(dir + "/a.glb", dir + "/b.glb"));
  EXPECT_FALSE(sameFile(dir + "/a.glb", dir + "/new.png"));
  EXPECT_FALSE(sameFile(dir + "/missing.glb", dir + "/b.glb"));
}

// The rename fails when OUT is an existing directory: false, the reason, and neither the
// temporary file nor anything in the directory left behind.
TEST(BatchCommon, FailedRenameLeavesNoTemporaryFile) {
  const std::string dir = scratchDir("atomic");
  const std::string out = dir + "/out.png";
  fs::create_directory(out);
  renderer::Pixels p;
  p.width = p.height = 1;
  p.rgba = {1, 2, 3, 255};
  std::string error;
  EXPECT_FALSE(writePngAtomically(out, p, &error));
  EXPECT_EQ(error, out + ": cannot write: Is a directory");
  std::vector<std::string> left;
  for (const auto& e : fs::recursive_directory_iterator(dir)) left.push_back(e.path().string());
  EXPECT_EQ(left, std::vector<std::string>{out});
  EXPECT_TRUE(fs::is_directory(out));
  // The same call where it can write: one file, no temporary one.
  EXPECT_TRUE(writePngAtomically(dir + "/ok.png", p, &error)) << error;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
}

TEST(BatchCheck, SplitsLoaderMessages) {
  EXPECT_EQ(parseLoaderMessage("a.gltf", "a.gltf: /meshes/0/primitives/1: no POSITION", true),
            (CheckProblem{true, "/meshes/0/primitives/1", "no POSITION"}));
  // A message about the file as a whole has no pointer, even when it holds ": ".
  EXPECT_EQ(parseLoaderMessage("a.glb", "a.glb: truncated GLB: file has 3 bytes", true),
            (CheckProblem{true, "", "truncated GLB: file has 3 bytes"}));
  // File names with ": " in them are stripped as a whole.
  EXPECT_EQ(parseLoaderMessage("x: y.gltf", "x: y.gltf: /nodes/2: bad", false),
            (CheckProblem{false, "/nodes/2", "bad"}));
  EXPECT_EQ(parseChannelMessage("/animations/0/channels/3: target node 9 does not exist"),
            (CheckProblem{false, "/animations/0/channels/3", "target node 9 does not exist"}));
}

TEST(BatchCheck, ExitStatusFollowsTheWorstProblem) {
  CheckReport r;
  EXPECT_EQ(r.exitStatus(), kCheckUsable);
  r.problems.push_back({false, "/a", "w"});
  EXPECT_EQ(r.exitStatus(), kCheckWarnings);
  r.problems.push_back({true, "", "e"});
  EXPECT_EQ(r.exitStatus(), kCheckErrors);
  r.file = "f.glb";
  EXPECT_EQ(formatCheckText(r),
            "warning /a: w\nerror (file): e\nf.glb: 1 error(s), 1 warning(s)\n");
}

}  // namespace
}  // namespace vitrine::app
