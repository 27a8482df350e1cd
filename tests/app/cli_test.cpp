#include "cli.h"

#include <gtest/gtest.h>

namespace vitrine::app {
namespace {

TEST(Cli, FileAndRenderOptions) {
  const CliResult r =
      parseCommandLine({"model.glb", "--render", "out.png", "--size", "640x480", "--camera", "2"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.file, "model.glb");
  EXPECT_EQ(r.options.renderOut.value_or(""), "out.png");
  EXPECT_EQ(r.options.width, 640u);
  EXPECT_EQ(r.options.height, 480u);
  EXPECT_EQ(r.options.camera.value_or(-1), 2);
}

TEST(Cli, DefaultsWithNoArguments) {
  const CliResult r = parseCommandLine({});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.file, "");
  EXPECT_FALSE(r.options.renderOut);
  EXPECT_EQ(r.options.width, 1280u);
  EXPECT_EQ(r.options.height, 720u);
  EXPECT_FALSE(r.options.camera);
}

TEST(Cli, ErrorsSayWhatIsWrong) {
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  const Case cases[] = {
      {{"--size", "640"}, "--size 640: expected WxH with each side from 1 to 16384, e.g. 640x480"},
      {{"--size", "0x10"},
       "--size 0x10: expected WxH with each side from 1 to 16384, e.g. 640x480"},
      {{"--size", "64x64x"},
       "--size 64x64x: expected WxH with each side from 1 to 16384, e.g. 640x480"},
      {{"--camera", "-1"}, "--camera -1: expected a camera index (0, 1, ...)"},
      {{"--camera", "one"}, "--camera one: expected a camera index (0, 1, ...)"},
      {{"--render"}, "--render needs a value"},
      {{"--quit-after", "0"}, "--quit-after 0: expected a positive number of seconds"},
      {{"--frobnicate"}, "unknown option --frobnicate (see --help)"},
      {{"a.glb", "b.glb"}, "more than one file given: a.glb and b.glb"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(parseCommandLine(c.args).error, c.error) << c.args[0];
  }
}

TEST(Cli, HelpAndVersion) {
  EXPECT_TRUE(parseCommandLine({"--help"}).options.help);
  EXPECT_TRUE(parseCommandLine({"--version"}).options.version);
  EXPECT_NE(usageText().find("--render OUT.png"), std::string::npos);
}

}  // namespace
}  // namespace vitrine::app

namespace vitrine::app {
namespace {

TEST(Cli, AnimationOptions) {
  const CliResult r =
      parseCommandLine({"a.glb", "--time", "1.25", "--animation", "none", "--animation", "Walk",
                        "--query", "/nodes/0/rotation", "--query", "/materials/0/alphaCutoff"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.time.value_or(-1.0f), 1.25f);
  EXPECT_EQ(r.options.animations, std::vector<std::string>({"none", "Walk"}));
  EXPECT_EQ(r.options.queries,
            std::vector<std::string>({"/nodes/0/rotation", "/materials/0/alphaCutoff"}));
  EXPECT_EQ(parseCommandLine({"--time", "soon"}).error,
            "--time soon: expected a number of seconds");
  EXPECT_EQ(parseCommandLine({"--time", "inf"}).error, "--time inf: expected a number of seconds");
  EXPECT_EQ(parseCommandLine({"--query"}).error, "--query needs a value");
}

}  // namespace
}  // namespace vitrine::app
