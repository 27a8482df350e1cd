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

TEST(Cli, TimingsGoWithEveryMode) {
  EXPECT_FALSE(parseCommandLine({"model.glb"}).options.timings);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"model.glb", "--timings"},
           {"model.glb", "--render", "o.png", "--timings"},
           {"--thumbnail", "64", "model.glb", "o.png", "--timings"},
           {"model.glb", "--frames", "0:1:2", "--out", "d", "--timings"},
           {"model.glb", "--check", "--timings"},
           {"model.glb", "--query", "/nodes/0", "--timings"}}) {
    const CliResult r = parseCommandLine(args);
    EXPECT_EQ(r.error, "") << args[1];
    EXPECT_TRUE(r.options.timings) << args[1];
  }
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
      {{"--tonemap", "filmic"}, "--tonemap filmic: expected neutral, aces, agx or none"},
      {{"--exposure", "bright"}, "--exposure bright: expected a number of stops from -64 to 64"},
      {{"--exposure", "100"}, "--exposure 100: expected a number of stops from -64 to 64"},
      {{"--env-intensity", "-1"}, "--env-intensity -1: expected a number from 0 up"},
      {{"--env-rotation", "nan"}, "--env-rotation nan: expected an angle in degrees"},
      {{"--env", ""}, "--env: expected studio, none or an .hdr file"},
      {{"--background", "1,0"},
       "--background 1,0: expected env, blur, or R,G,B with components from 0 to 1, e.g. "
       "0.2,0.2,0.2"},
      {{"--background", "1,0,2"},
       "--background 1,0,2: expected env, blur, or R,G,B with components from 0 to 1, e.g. "
       "0.2,0.2,0.2"},
      {{"--background", "1,0,0,0"},
       "--background 1,0,0,0: expected env, blur, or R,G,B with components from 0 to 1, e.g. "
       "0.2,0.2,0.2"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(parseCommandLine(c.args).error, c.error) << c.args[0];
  }
}

TEST(Cli, ShadowsAreOnUnlessTurnedOff) {
  EXPECT_TRUE(parseCommandLine({"model.glb"}).options.shadows);
  EXPECT_TRUE(parseCommandLine({"model.glb", "--render", "o.png"}).options.shadows);
  EXPECT_TRUE(parseCommandLine({"model.glb", "--shadows", "on"}).options.shadows);
  const CliResult off = parseCommandLine({"model.glb", "--render", "o.png", "--shadows", "off"});
  ASSERT_EQ(off.error, "");
  EXPECT_FALSE(off.options.shadows);
  EXPECT_EQ(parseCommandLine({"model.glb", "--shadows", "yes"}).error,
            "--shadows yes: expected on or off");
  EXPECT_EQ(parseCommandLine({"model.glb", "--check", "--shadows", "off"}).error,
            "--check renders nothing: no --shadows");
}

TEST(Cli, EnvironmentShadowIsOnUnlessTurnedOff) {
  EXPECT_TRUE(parseCommandLine({"model.glb"}).options.environmentShadow);
  EXPECT_TRUE(parseCommandLine({"model.glb", "--render", "o.png"}).options.environmentShadow);
  const CliResult off = parseCommandLine({"model.glb", "--render", "o.png", "--env-shadow", "off"});
  ASSERT_EQ(off.error, "");
  EXPECT_FALSE(off.options.environmentShadow);
  EXPECT_TRUE(off.options.shadows);
  EXPECT_EQ(parseCommandLine({"model.glb", "--env-shadow", "1"}).error,
            "--env-shadow 1: expected on or off");
  EXPECT_EQ(parseCommandLine({"model.glb", "--check", "--env-shadow", "on"}).error,
            "--check renders nothing: no --env-shadow");
}

TEST(Cli, LookOptions) {
  const CliResult d = parseCommandLine({});
  EXPECT_EQ(d.options.environment, "studio");
  EXPECT_EQ(d.options.tonemap, CliTonemap::Neutral);
  EXPECT_EQ(d.options.exposure, 0.0f);
  EXPECT_EQ(d.options.background, CliBackground::Environment);

  const CliResult r =
      parseCommandLine({"--env", "sky.hdr", "--env-intensity", "0.5", "--env-rotation", "90",
                        "--tonemap", "agx", "--exposure", "-1.5", "--background", "0.25,0.5,1"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.environment, "sky.hdr");
  EXPECT_EQ(r.options.environmentIntensity, 0.5f);
  EXPECT_EQ(r.options.environmentRotationDegrees, 90.0f);
  EXPECT_EQ(r.options.tonemap, CliTonemap::Agx);
  EXPECT_EQ(r.options.exposure, -1.5f);
  EXPECT_EQ(r.options.background, CliBackground::Color);
  EXPECT_EQ(r.options.backgroundColor, glm::vec3(0.25f, 0.5f, 1.0f));

  EXPECT_EQ(parseCommandLine({"--background", "blur"}).options.background, CliBackground::Blurred);
  EXPECT_EQ(parseCommandLine({"--tonemap", "none"}).options.tonemap, CliTonemap::None);
  EXPECT_EQ(parseCommandLine({"--tonemap", "aces"}).options.tonemap, CliTonemap::Aces);
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

namespace vitrine::app {
namespace {

TEST(Cli, LoadOptionsReachEveryMode) {
  const CliResult r =
      parseCommandLine({"a.gltf", "--check", "--max-memory", "512M", "--allow-outside-folder"});
  ASSERT_EQ(r.error, "");
  const scene::LoadOptions load = loadOptions(r.options);
  EXPECT_EQ(load.maxMemoryBytes, uint64_t(512) << 20);
  EXPECT_TRUE(load.allowOutsideFolder);
  const scene::LoadOptions defaults = loadOptions(parseCommandLine({"a.gltf"}).options);
  EXPECT_EQ(defaults.maxMemoryBytes, 0u);
  EXPECT_FALSE(defaults.allowOutsideFolder);
  EXPECT_EQ(parseCommandLine({"a.gltf", "--max-memory", "lots"}).error,
            "--max-memory lots: expected a size in bytes, or with K, M or G (512M)");
  EXPECT_EQ(parseCommandLine({"a.gltf", "--max-memory"}).error, "--max-memory needs a value");
}

}  // namespace
}  // namespace vitrine::app
