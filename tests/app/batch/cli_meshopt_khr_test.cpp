// KHR_meshopt_compression end to end (issue 23): the gltfpack 1.3.0 fixtures committed in
// tests/data/meshopt_khr/ (README.md there: -cc -ce khr, with and without -noq) render like
// their sources, --check names no unsupported extension, and their compressed keyframes
// animate to the values of gltfpack's uncompressed output.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kData = VITRINE_SOURCE_DIR "/tests/data/meshopt_khr/";

// The JSON of a .gltf, or of a .glb's JSON chunk (glTF 2.0 §4.4.3).
json documentOf(const std::string& path) {
  const std::string bytes = readFile(path);
  if (bytes.rfind("glTF", 0) != 0) return json::parse(bytes, nullptr, false);
  uint32_t length = 0;
  std::memcpy(&length, bytes.data() + 12, 4);
  return json::parse(bytes.substr(20, length), nullptr, false);
}

double meanDifference(const Png& a, const Png& b) {
  double sum = 0;
  for (size_t i = 0; i < a.rgba.size(); ++i)
    if (i % 4 != 3) sum += std::abs(int(a.rgba[i]) - int(b.rgba[i]));
  return sum / double(a.rgba.size() / 4 * 3);
}

struct Fixture {
  std::string source, stem;
};
const Fixture kFixtures[] = {
    {kModels + "/BoxTextured-glTF/BoxTextured.gltf", "BoxTextured"},
    {kModels + "/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
     "AnimatedMorphCube"},
    {kModels + "/simple_skin/simple_skin.gltf", "simple_skin"},
    {kData + "colored_grid.gltf", "colored_grid"},
};

TEST(CliMeshoptKhr, FixturesRenderLikeTheirSources) {
  for (const Fixture& f : kFixtures) {
    const std::string reference = scratchPath(f.stem + "-source.png");
    ASSERT_EQ(runVitrine({f.source, "--render", reference, "--size", "64x64"}).status, 0);
    const Png want = readPng(reference);
    for (const char* suffix : {"-khr", "-khr-noq"}) {
      const std::string packed = kData + f.stem + suffix + ".glb";
      EXPECT_NE(documentOf(packed)["extensionsRequired"].dump().find("KHR_meshopt_compression"),
                std::string::npos);
      ProcessResult r = runVitrine({packed, "--check"});
      EXPECT_EQ(r.status, 0) << packed << ": " << r.out << r.err;
      EXPECT_EQ(r.out.find("not supported"), std::string::npos) << r.out;
      const std::string out = scratchPath(f.stem + suffix + ".png");
      r = runVitrine({packed, "--render", out, "--size", "64x64"});
      ASSERT_EQ(r.status, 0) << packed << ": " << r.err;
      EXPECT_EQ(r.err, "") << packed;
      const Png got = readPng(out);
      ASSERT_EQ(got.rgba.size(), want.rgba.size());
      // The tolerance of cli_meshopt_test.cpp: a mean of 3 8-bit steps per channel.
      EXPECT_LT(meanDifference(got, want), 3.0) << packed;
    }
  }
}

std::vector<float> query(const std::string& file, const std::string& pointer,
                         const std::string& time) {
  const ProcessResult r = runVitrine({file, "--time", time, "--query", pointer});
  EXPECT_EQ(r.status, 0) << file << ": " << r.err;
  const json v = json::parse(r.out, nullptr, false);
  std::vector<float> out;
  if (v.is_array())
    for (const json& x : v) out.push_back(x.get<float>());
  return out;
}

// The first channel's target as a pointer: gltfpack renumbers nodes (each of these assets has
// one channel).
std::string animatedPointer(const std::string& file) {
  const json target = documentOf(file)["animations"][0]["channels"][0]["target"];
  return "/nodes/" + std::to_string(target["node"].get<int>()) + "/" +
         target["path"].get<std::string>();
}

TEST(CliMeshoptKhr, CompressedKeyframesAnimateToTheUncompressedValues) {
  // gltfpack resamples animations (30 Hz), so the reference is its own uncompressed float
  // output (NAME-plain.glb, gltfpack -noq): the compressed -noq fixture must match it to the
  // filters' precision, the quantized one stay within the quantization step.
  for (const Fixture& f : {kFixtures[1], kFixtures[2]}) {
    const std::string reference = kData + f.stem + "-plain.glb";
    ASSERT_EQ(documentOf(reference).value("extensionsUsed", json::array()).size(), 0u);
    for (const char* suffix : {"-khr", "-khr-noq"}) {
      const std::string packed = kData + f.stem + suffix + ".glb";
      for (const char* t : {"0", "0.4", "1.3", "2.75", "3.9"}) {
        const std::vector<float> want = query(reference, animatedPointer(reference), t);
        const std::vector<float> got = query(packed, animatedPointer(packed), t);
        ASSERT_EQ(got.size(), want.size()) << packed << " at " << t;
        ASSERT_FALSE(got.empty());
        float same = 0, flipped = 0;  // q and -q are one rotation
        for (size_t i = 0; i < got.size(); ++i) {
          same = std::max(same, std::abs(got[i] - want[i]));
          flipped = std::max(flipped, std::abs(got[i] + want[i]));
        }
        // -cc: 12-bit quaternions (QUATERNION filter), 16-bit weights; -noq keeps the
        // QUATERNION filter at 16 bits.
        const float step = std::strcmp(suffix, "-khr") == 0 ? 2e-3f : 1e-4f;
        EXPECT_LE(std::min(same, got.size() == 4 ? flipped : same), step) << packed << " at " << t;
      }
    }
  }
}

}  // namespace
}  // namespace vitrine::test
