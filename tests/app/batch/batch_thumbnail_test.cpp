// --thumbnail through the executable: real models of assimp-testmodels, the first animation
// frame, an interactive asset after onStart and tick 0, transparency, and failures that leave
// no file behind.
#include <unistd.h>

#include <filesystem>

#include <optional>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/batch/graph_json.h"
#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

// Variance of the luminance-ish sum of RGB over the opaque pixels, and how many are opaque.
struct Stats {
  double variance = 0.0;
  size_t opaque = 0, clear = 0;
};
Stats stats(const Png& png) {
  Stats s;
  double sum = 0.0, sum2 = 0.0;
  for (size_t i = 0; i + 3 < png.rgba.size(); i += 4) {
    if (png.rgba[i + 3] == 0) ++s.clear;
    if (png.rgba[i + 3] != 255) continue;
    const double v = png.rgba[i] + png.rgba[i + 1] + png.rgba[i + 2];
    sum += v;
    sum2 += v * v;
    ++s.opaque;
  }
  if (s.opaque)
    s.variance = sum2 / double(s.opaque) - (sum / double(s.opaque)) * (sum / double(s.opaque));
  return s;
}

// Files in the directory of `path` whose name starts with "." + its file name: the partial
// files writePngAtomically() renames or removes.
size_t leftovers(const std::string& path) {
  const std::filesystem::path p(path);
  size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(p.parent_path()))
    if (e.path().filename().string().rfind("." + p.filename().string(), 0) == 0) ++n;
  return n;
}

TEST(BatchThumbnail, RealModelsAtTheRequestedSize) {
  const std::pair<std::string, int> models[] = {
      {"/BoxTextured-glTF/BoxTextured.gltf", 64},
      {"/BoxTextured-glTF-Binary/BoxTextured.glb", 48},
      {"/2CylinderEngine-glTF-Binary/2CylinderEngine.glb", 64},
  };
  for (const auto& [model, size] : models) {
    const std::string out = scratchPath("thumb-" + std::to_string(size) + ".png");
    const ProcessResult r =
        runVitrine({"--thumbnail", std::to_string(size), VITRINE_MODELS_DIR + model, out});
    ASSERT_EQ(r.status, 0) << model << ": " << r.err;
    const Png png = readPng(out);
    ASSERT_EQ(png.width, size) << model;
    ASSERT_EQ(png.height, size) << model;
    const Stats s = stats(png);
    // The model covers a good part of the square and the background around it is clear.
    EXPECT_GT(s.opaque, size_t(size * size) / 8) << model;
    EXPECT_GT(s.clear, size_t(size * size) / 8) << model;
    EXPECT_EQ(png.at(0, 0)[3], 0) << model;
    // Not one flat colour: shading and texture vary.
    EXPECT_GT(s.variance, 100.0) << model;
    EXPECT_EQ(leftovers(out), 0u);
  }
}

// An unlit quad whose colour is white in the material, and animated red from its first
// keyframe at 1 s to blue at 2 s.
AssetBuilder animatedColourAsset() {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1.0f, 1.0f, 1.0f, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_animation_pointer"};
  b.addScene({b.addMeshNode(quad)});
  const int input = b.addFloats({1.0f, 2.0f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {1.0f};
  b.json()["accessors"][input]["max"] = {2.0f};
  const int output = b.addVec4({{1, 0, 0, 1}, {0, 0, 1, 1}});
  b.json()["animations"].push_back(
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels",
        {{{"sampler", 0},
          {"target",
           {{"path", "pointer"},
            {"extensions",
             {{"KHR_animation_pointer",
               {{"pointer", "/materials/0/pbrMetallicRoughness/baseColorFactor"}}}}}}}}}}});
  return b;
}
std::string animatedColourQuad(const std::string& stem) {
  return animatedColourAsset().writeGltf(stem);
}

// The thumbnail shows the first frame: red.
TEST(BatchThumbnail, ShowsTheFirstAnimationFrame) {
  const std::string file = animatedColourQuad("thumb-first-frame");
  const std::string out = scratchPath("thumb-first-frame.png");
  const ProcessResult r = runVitrine({"--thumbnail", "32", file, out, "--tonemap", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 32);
  const uint8_t* centre = png.at(16, 16);
  EXPECT_EQ(centre[0], 255);  // unlit, no tone mapping: the factor exactly
  EXPECT_EQ(centre[1], 0);
  EXPECT_EQ(centre[2], 0);
  EXPECT_EQ(centre[3], 255);
}

// --time picks the instant instead of the first frame: at 2 s the quad is blue.
TEST(BatchThumbnail, TimeChoosesTheInstant) {
  const std::string out = scratchPath("thumb-time.png");
  const ProcessResult r = runVitrine({"--thumbnail", "32", animatedColourQuad("thumb-time"), out,
                                      "--tonemap", "none", "--time", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 32);
  EXPECT_EQ(png.at(16, 16)[0], 0);
  EXPECT_EQ(png.at(16, 16)[2], 255);
}

// An unlit quad, blue in its material, whose graph sets it red at onStart and adds blue
// ([0, 0, 1, 0]) on every tick: red after onStart alone, magenta once tick 0 has run too.
std::string interactiveColourQuad(const std::string& stem) {
  using namespace interact_cli;
  const std::string factor = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  GraphJson g;
  const int f4 = g.type("float4");
  g.node("event/onStart", {}, {{"out", to(1)}});                         // 0
  g.node("pointer/set", {{"value", g.lit("float4", {1, 0, 0, 1})}}, {},  // 1
         {{"pointer", factor}, {"type", f4}});
  g.node("pointer/get", {}, {}, {{"pointer", factor}, {"type", f4}});                    // 2
  g.node("math/add", {{"a", from(2)}, {"b", g.lit("float4", {0, 0, 1, 0})}});            // 3
  g.node("event/onTick", {}, {{"out", to(5)}});                                          // 4
  g.node("pointer/set", {{"value", from(3)}}, {}, {{"pointer", factor}, {"type", f4}});  // 5
  AssetBuilder b;
  const int quad = b.addColoredQuad({0.0f, 0.0f, 1.0f, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addScene({b.addMeshNode(quad)});
  return withGraphs(b, nlohmann::json::array({g.toJson()}), stem);
}

// The file manager passes no flag: the thumbnail of an interactive asset is what the window
// first shows, the state after onStart and tick 0 (magenta), not the file's blue.
TEST(BatchThumbnail, InteractiveAssetShowsTheStateAfterOnStartAndTickZero) {
  const std::string out = scratchPath("thumb-interactive.png");
  const ProcessResult r = runVitrine(
      {"--thumbnail", "32", interactiveColourQuad("thumb-interactive"), out, "--tonemap", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 32);
  const uint8_t* centre = png.at(16, 16);
  EXPECT_EQ(centre[0], 255);
  EXPECT_EQ(centre[1], 0);
  EXPECT_EQ(centre[2], 255);
  EXPECT_EQ(centre[3], 255);
}

// While a graph drives the asset its clips play only when it starts them: the clip that makes
// the first frame red does not autoplay under a graph that never starts it (white, the file's).
TEST(BatchThumbnail, InteractiveAssetClipsDoNotAutoplay) {
  using namespace interact_cli;
  GraphJson g;
  g.node("event/onStart");
  AssetBuilder b = animatedColourAsset();
  const std::string file = withGraphs(b, nlohmann::json::array({g.toJson()}), "thumb-idle-graph");
  const std::string out = scratchPath("thumb-idle-graph.png");
  const ProcessResult r = runVitrine({"--thumbnail", "32", file, out, "--tonemap", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 32);
  const uint8_t* centre = png.at(16, 16);
  EXPECT_EQ(centre[0], 255);
  EXPECT_EQ(centre[1], 255);
  EXPECT_EQ(centre[2], 255);
}

// `--thumbnail 32 a.glb a.glb` (or a link to it) and `--render a.glb`: refused, the model
// untouched.
TEST(BatchThumbnail, NeverOverwritesTheInput) {
  const std::string model = VITRINE_MODELS_DIR "/BoxTextured-glTF-Binary/BoxTextured.glb";
  const std::string in = scratchPath("thumb-self.glb");
  std::filesystem::copy_file(model, in, std::filesystem::copy_options::overwrite_existing);
  const std::string link = scratchPath("thumb-self-link.glb");
  std::filesystem::remove(link);
  std::filesystem::create_hard_link(in, link);
  for (const std::string& out : {in, link}) {
    const ProcessResult r = runVitrine({"--thumbnail", "32", in, out});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "vitrine: --thumbnail: " + out + " is the input file; not overwriting it\n");
  }
  const ProcessResult r = runVitrine({in, "--render", in, "--size", "8x8"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: --render: " + in + " is the input file; not overwriting it\n");
  EXPECT_EQ(readFile(in), readFile(model));
  EXPECT_EQ(leftovers(in), 0u);
}

// The three batch modes with DISPLAY and WAYLAND_DISPLAY removed from the child's environment.
TEST(BatchThumbnail, BatchModesNeedNoDisplay) {
  const std::string model = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";
  const std::string out = scratchPath("thumb-nodisplay.png");
  const ProcessResult t = runVitrine({"--thumbnail", "32", model, out}, {.withoutDisplay = true});
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(readPng(out).width, 32);
  const std::string dir = scratchPath("frames-nodisplay");
  const ProcessResult f = runVitrine({model, "--frames", "0:0:1", "--out", dir, "--size", "8x8"},
                                     {.withoutDisplay = true});
  ASSERT_EQ(f.status, 0) << f.err;
  EXPECT_EQ(readPng(dir + "/frame_0001.png").width, 8);
  const ProcessResult c = runVitrine({model, "--check"}, {.withoutDisplay = true});
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, std::string("info /asset/generator: Generator \"COLLADA2GLTF\"\n") + model +
                       ": 0 error(s), 0 warning(s)\n");
}

TEST(BatchThumbnail, CorruptOrMissingFileLeavesNoOutput) {
  const std::string corrupt = scratchPath("thumb-corrupt.glb");
  writeFile(corrupt, std::string("glTF\x02\0\0\0\xff\xff\0\0garbage", 19));
  const std::string notJson = scratchPath("thumb-corrupt.gltf");
  writeFile(notJson, std::string("{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{]"));
  for (const std::string& in : {corrupt, notJson, scratchPath("thumb-missing.glb")}) {
    const std::string out = scratchPath("thumb-corrupt.png");
    const ProcessResult r = runVitrine({"--thumbnail", "64", in, out});
    EXPECT_EQ(r.status, 2) << in;
    EXPECT_EQ(r.err.rfind("vitrine: " + in + ": ", 0), 0u) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << in;
    EXPECT_EQ(leftovers(out), 0u);
  }
}

TEST(BatchThumbnail, UnwritableOutputLeavesNothing) {
  const std::string out = scratchPath("no-such-dir") + "/thumb.png";
  const ProcessResult r = runVitrine(
      {"--thumbnail", "16", VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf", out});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + out + ": cannot write: ", 0), 0u) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

// One line saying no device is available. runVitrine() turns validation on, whose layer
// also reports the loader's own complaints ("vitrine: validation: ..."): those may precede it.
bool onlyNoDeviceLine(const std::string& err) {
  size_t start = 0, lines = 0;
  bool found = false;
  while (start < err.size()) {
    const size_t end = err.find('\n', start);
    const std::string line = err.substr(start, end - start);
    if (line.rfind("vitrine: no Vulkan device available", 0) == 0) {
      found = true;
      ++lines;
    } else if (line.rfind("vitrine: validation: ", 0) != 0) {
      return false;
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return found && lines == 1;
}

// Without a Vulkan driver the batch modes say so in one line and exit 4, with no output.
TEST(BatchThumbnail, NoVulkanDeviceIsOneClearLine) {
  const char* before = getenv("VK_ICD_FILENAMES");
  const std::optional<std::string> icd = before ? std::optional<std::string>(before) : std::nullopt;
  setenv("VK_ICD_FILENAMES", "/nonexistent/vitrine-test-icd.json", 1);
  const std::string model = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";
  const std::string out = scratchPath("thumb-nodevice.png");
  const ProcessResult t = runVitrine({"--thumbnail", "64", model, out});
  EXPECT_EQ(t.status, 4) << t.err;
  EXPECT_TRUE(onlyNoDeviceLine(t.err)) << t.err;
  EXPECT_FALSE(std::filesystem::exists(out));

  const std::string dir = scratchPath("frames-nodevice");
  const ProcessResult f = runVitrine({model, "--turntable", "1", "--out", dir, "--size", "16x16"});
  EXPECT_EQ(f.status, 4) << f.err;
  EXPECT_TRUE(onlyNoDeviceLine(f.err)) << f.err;
  // Nothing at all: --out is created only once the device is known.
  EXPECT_FALSE(std::filesystem::exists(dir));
  icd ? setenv("VK_ICD_FILENAMES", icd->c_str(), 1) : unsetenv("VK_ICD_FILENAMES");
}

}  // namespace
}  // namespace vitrine::test
