// The batch modes when the GPU fails mid-run (issue 14): the device lost at the frame's queue
// submission (the test hook VITRINE_TEST_INJECT_FAULT=submit) ends --thumbnail, --render and
// --frames with exit status 5 (kExitDeviceFailure) and the failing call named, no picture
// written, no crash.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kModel = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";
const RunOptions kDeviceLost{.environment = {"VITRINE_TEST_INJECT_FAULT=submit"}};
const std::string kHookLine = "vitrine: VITRINE_TEST_INJECT_FAULT=submit: frame submissions fail\n";

// stderr ends with the hook's line, then "vitrine: the GPU failed: <file>:<line>:
// vkQueueSubmit2 failed: VK_ERROR_DEVICE_LOST (-4)".
void expectDeviceLost(const ProcessResult& r) {
  EXPECT_EQ(r.status, 5) << r.err;
  EXPECT_EQ(r.err.rfind(kHookLine, 0), 0u) << r.err;
  const std::string failed = "\nvitrine: the GPU failed: ";
  const size_t at = r.err.find(failed);
  ASSERT_NE(at, std::string::npos) << r.err;
  const std::string rest = r.err.substr(at + failed.size());
  EXPECT_NE(rest.find("renderer.cpp:"), std::string::npos) << rest;
  const std::string tail = "vkQueueSubmit2 failed: VK_ERROR_DEVICE_LOST (-4)\n";
  ASSERT_GE(rest.size(), tail.size()) << rest;
  EXPECT_EQ(rest.substr(rest.size() - tail.size()), tail) << rest;
}

TEST(BatchDeviceFailure, ThumbnailExitsFiveAndWritesNothing) {
  const std::string out = scratchPath("lost-thumb.png");
  const ProcessResult r = runVitrine({"--thumbnail", "32", kModel, out}, kDeviceLost);
  expectDeviceLost(r);
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(BatchDeviceFailure, RenderExitsFiveAndWritesNothing) {
  const std::string out = scratchPath("lost-render.png");
  const ProcessResult r = runVitrine({kModel, "--render", out, "--size", "16x16"}, kDeviceLost);
  expectDeviceLost(r);
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(BatchDeviceFailure, FramesExitFiveAndWriteNoFrame) {
  const std::string dir = scratchPath("lost-frames");
  const ProcessResult r =
      runVitrine({kModel, "--frames", "0:0:1", "--out", dir, "--size", "8x8"}, kDeviceLost);
  expectDeviceLost(r);
  EXPECT_FALSE(std::filesystem::exists(dir + "/frame_0001.png"));
}

// Without the hook the same runs succeed (the failure above is the hook's), and an unknown
// value is ignored with a line.
TEST(BatchDeviceFailure, WithoutTheHookTheRunSucceeds) {
  const std::string out = scratchPath("hook-unknown.png");
  const ProcessResult r = runVitrine({"--thumbnail", "32", kModel, out},
                                     {.environment = {"VITRINE_TEST_INJECT_FAULT=bogus"}});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "vitrine: VITRINE_TEST_INJECT_FAULT=bogus: unknown fault (submit): ignored\n");
  EXPECT_TRUE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace vitrine::test
