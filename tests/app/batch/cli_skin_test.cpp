// Skinning and morph targets end to end through the executable: --time poses the skeleton and
// the morph weights before --render, with validation on (runVitrine).
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

const std::string kModels = VITRINE_MODELS_DIR;

// A white unlit strip from x = 0 to 2 (0.4 high) skinned to two joints, the second (node 2, at
// x = 1) turning from 0 to 90 degrees about z over one second; an asset camera (node 3) at
// (1, 0.5, 4) looking down -z.
std::string armFile(const std::string& stem) {
  AssetBuilder b;
  std::vector<glm::vec3> positions;
  std::vector<uint8_t> joints;
  std::vector<glm::vec4> weights;
  std::vector<uint32_t> indices;
  for (uint32_t c = 0; c <= 4; ++c) {
    for (const float y : {-0.2f, 0.2f}) {
      positions.push_back({0.5f * float(c), y, 0});
      joints.insert(joints.end(), {0, 1, 0, 0});
      weights.push_back(c <= 1   ? glm::vec4(1, 0, 0, 0)
                        : c == 2 ? glm::vec4(0.5f, 0.5f, 0, 0)
                                 : glm::vec4(0, 1, 0, 0));
    }
    if (c < 4)
      indices.insert(indices.end(), {2 * c, 2 * c + 2, 2 * c + 3, 2 * c, 2 * c + 3, 2 * c + 1});
  }
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(positions);
  AccessorDesc j;
  j.bufferView = b.addBufferView(joints);
  j.componentType = gl::kUnsignedByte;
  j.type = "VEC4";
  j.count = uint32_t(positions.size());
  p.attributes["JOINTS_0"] = b.addAccessor(j);
  p.attributes["WEIGHTS_0"] = b.addVec4(weights);
  p.indices = b.addIndices(indices);
  p.material = b.addColorMaterial({1, 1, 1, 1});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit"};
  b.addMesh({p});
  b.addNode({{"mesh", 0}, {"skin", 0}});
  b.addNode({{"children", {2}}});
  b.addNode({{"translation", {1, 0, 0}}});
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addNode({{"camera", camera}, {"translation", {1, 0.5, 4}}});
  std::vector<float> ibm(32, 0.0f);
  for (int m = 0; m < 2; ++m)
    for (int d = 0; d < 4; ++d) ibm[size_t(16 * m + 5 * d)] = 1.0f;
  ibm[16 + 12] = -1.0f;  // joint 1 sits at x = 1
  b.json()["skins"] = {{{"joints", {1, 2}}, {"inverseBindMatrices", b.addFloats(ibm, "MAT4")}}};
  b.addScene({0, 1, 3});
  const glm::quat bent = glm::angleAxis(std::numbers::pi_v<float> / 2, glm::vec3(0, 0, 1));
  const int times = b.addFloats({0, 1}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0};
  b.json()["accessors"][times]["max"] = {1};
  const int rotations = b.addVec4({{0, 0, 0, 1}, {bent.x, bent.y, bent.z, bent.w}});
  b.json()["animations"] = {
      {{"samplers", {{{"input", times}, {"output", rotations}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}}}}}};
  return b.writeGltf(stem);
}

bool white(const Png& png, int x, int y) {
  const uint8_t* p = png.at(x, y);
  return p[0] == 255 && p[1] == 255 && p[2] == 255;
}

TEST(CliSkin, TimePosesTheSkeletonBeforeRendering) {
  const std::string file = armFile("cli-skin-arm");
  // Through the camera: the bent forearm's middle (1, 0.75) lands on pixel (32, 27) of 64x64,
  // the unbent forearm's (1.75, 0) on (46, 41).
  for (const char* t : {"0", "1"}) {
    const std::string out = scratchPath("cli-skin-arm.png");
    const ProcessResult r = runVitrine({file, "--time", t, "--camera", "0", "--render", out,
                                        "--size", "64x64", "--tonemap", "none", "--env", "none"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Png png = readPng(out);
    ASSERT_EQ(png.width, 64);
    const bool bent = std::string(t) == "1";
    EXPECT_EQ(white(png, 32, 27), bent) << "t=" << t;
    EXPECT_EQ(white(png, 46, 41), !bent) << "t=" << t;
  }
}

TEST(CliSkin, SampleModelsRenderAtSeveralTimesWithoutValidationMessages) {
  const std::string models[] = {
      kModels + "/simple_skin/simple_skin.gltf",
      kModels + "/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf"};
  for (const std::string& model : models) {
    std::vector<std::vector<uint8_t>> images;
    for (const char* t : {"0", "1"}) {
      const std::string out = scratchPath("cli-skin-model.png");
      const ProcessResult r = runVitrine({model, "--time", t, "--render", out, "--size", "48x48"});
      ASSERT_EQ(r.status, 0) << model << " t=" << t << ": " << r.err;
      images.push_back(readPng(out).rgba);
    }
    // The pose at 1 s differs from the one at 0 s: the image too.
    EXPECT_NE(images[0], images[1]) << model;
  }
}

}  // namespace
}  // namespace vitrine::test
