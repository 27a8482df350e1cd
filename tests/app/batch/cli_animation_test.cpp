// The animation engine end to end through the executable: --time, --animation, --query, and
// what --render shows at those instants.
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

// Adds an animation of one sampler (input times, output accessor) and one channel.
void addAnimation(AssetBuilder& b, const std::string& name, const std::vector<float>& times,
                  int output, const std::string& interpolation, const json& target) {
  const int input = b.addFloats(times, "SCALAR");
  b.json()["accessors"][input]["min"] = {times.front()};
  b.json()["accessors"][input]["max"] = {times.back()};
  b.json()["animations"].push_back(
      {{"name", name},
       {"samplers", {{{"input", input}, {"output", output}, {"interpolation", interpolation}}}},
       {"channels", {{{"sampler", 0}, {"target", target}}}}});
}

json pointerTarget(const std::string& pointer) {
  return {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}};
}

// An unlit quad filling the middle of an asset camera's view; its base colour goes
// red -> green -> blue over two seconds (LINEAR). Written under `stem`: ctest runs the tests
// of this file in parallel processes, so each test needs its own files.
std::string colourAsset(const std::string& stem) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1.0f, 1.0f, 1.0f, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_animation_pointer"};
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(quad), b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})});
  const int colours =
      b.addVec4({{1.0f, 0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f, 1.0f}, {0.0f, 0.0f, 1.0f, 1.0f}});
  addAnimation(b, "Colour", {0.0f, 1.0f, 2.0f}, colours, "LINEAR",
               pointerTarget("/materials/0/pbrMetallicRoughness/baseColorFactor"));
  return b.writeGltf(stem);
}

std::vector<float> queryFloats(const std::string& file, const std::vector<std::string>& extra,
                               const std::string& pointer) {
  std::vector<std::string> args = {file, "--query", pointer};
  args.insert(args.end(), extra.begin(), extra.end());
  const ProcessResult r = runVitrine(args);
  EXPECT_EQ(r.status, 0) << r.err;
  const json value = json::parse(r.out, nullptr, false);
  std::vector<float> out;
  if (value.is_array())
    for (const json& v : value) out.push_back(v.get<float>());
  else if (value.is_number())
    out.push_back(value.get<float>());
  return out;
}

TEST(CliAnimation, PointerAnimatedColourRendersWhatQuerySays) {
  const std::string file = colourAsset("anim-colour-query");
  struct Instant {
    float time;
    glm::vec3 expected;  // Appendix C, LINEAR, computed by hand; clamped outside [0, 2]
  };
  const Instant instants[] = {
      {-1.0f, {1, 0, 0}},      {0.0f, {1, 0, 0}}, {0.25f, {0.75f, 0.25f, 0}}, {1.0f, {0, 1, 0}},
      {1.5f, {0, 0.5f, 0.5f}}, {2.0f, {0, 0, 1}}, {7.0f, {0, 0, 1}}};
  for (const Instant& at : instants) {
    const std::string t = std::to_string(at.time);
    const std::vector<float> q =
        queryFloats(file, {"--time", t}, "/materials/0/pbrMetallicRoughness/baseColorFactor");
    ASSERT_EQ(q.size(), 4u) << "t=" << t;
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(q[c], at.expected[c], 1e-6f) << "t=" << t;
    EXPECT_EQ(q[3], 1.0f);

    const std::string out = scratchPath("anim-colour.png");
    const ProcessResult r = runVitrine({file, "--time", t, "--camera", "0", "--render", out,
                                        "--size", "32x32", "--tonemap", "none"});
    ASSERT_EQ(r.status, 0) << r.err;
    const uint8_t* p = readPng(out).at(16, 16);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(p[c], srgb8(q[c]), 1) << "t=" << t << " channel " << c;
  }
}

TEST(CliAnimation, AnimationNoneKeepsTheFileValue) {
  const std::string file = colourAsset("anim-colour-none");
  EXPECT_EQ(queryFloats(file, {"--time", "1", "--animation", "none"},
                        "/materials/0/pbrMetallicRoughness/baseColorFactor"),
            std::vector<float>({1, 1, 1, 1}));
  EXPECT_EQ(queryFloats(file, {"--time", "1", "--animation", "Colour"},
                        "/materials/0/pbrMetallicRoughness/baseColorFactor"),
            std::vector<float>({0, 1, 0, 1}));
  const ProcessResult r =
      runVitrine({file, "--animation", "Walk", "--query", "/nodes/0/translation"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file + ": --animation Walk: no animation is named \"Walk\"\n");
}

TEST(CliAnimation, RotationByPointerAndByCorePathAgree) {
  // Node 0 rotates through a core channel, node 1 through a pointer channel, from the same
  // sampler data; the keys have a negative dot product between them (shortest path).
  AssetBuilder b;
  const int quad = b.addColoredQuad({0.5f, 0.5f, 0.5f, 1.0f});
  b.addScene({b.addMeshNode(quad), b.addMeshNode(quad)});
  const float h = std::sqrt(0.5f);
  const int rotations = b.addVec4({{0, 0, 0, 1}, {0, 0, h, h}, {0, 0, -1, 0}});
  addAnimation(b, "Core", {0, 1, 3}, rotations, "LINEAR", {{"node", 0}, {"path", "rotation"}});
  addAnimation(b, "Pointer", {0, 1, 3}, rotations, "LINEAR", pointerTarget("/nodes/1/rotation"));
  b.json()["extensionsUsed"] = {"KHR_animation_pointer"};
  const std::string file = b.writeGltf("anim-rotation");
  for (const char* t : {"0", "0.5", "1", "1.7", "3", "4"}) {
    const std::vector<float> core = queryFloats(file, {"--time", t}, "/nodes/0/rotation");
    const std::vector<float> pointer = queryFloats(file, {"--time", t}, "/nodes/1/rotation");
    ASSERT_EQ(core.size(), 4u);
    EXPECT_EQ(core, pointer) << "t=" << t;
  }
  // Halfway between identity and 90 degrees about Z: 45 degrees about Z.
  const std::vector<float> half = queryFloats(file, {"--time", "0.5"}, "/nodes/0/rotation");
  EXPECT_NEAR(half[2], std::sin(glm::radians(22.5f)), 1e-6f);
  EXPECT_NEAR(half[3], std::cos(glm::radians(22.5f)), 1e-6f);
}

TEST(CliAnimation, QueryPrintsJsonValuesAndRejectsBadPointers) {
  const std::string file = colourAsset("anim-colour-json");
  ProcessResult r = runVitrine({file, "--query", "/materials/0/alphaCutoff", "--query",
                                "/nodes/1/translation", "--query", "/materials/0/doubleSided"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0.5\n[0.0,0.0,3.0]\nfalse\n");
  r = runVitrine({file, "--query", "/cameras/0/perspective/zfar"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + file + ": /cameras/0/perspective/zfar: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  r = runVitrine({file, "--query", "/nodes/9/rotation"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file + ": /nodes/9/rotation: node 9 does not exist (2 nodes)\n");
}

}  // namespace
}  // namespace vitrine::test
