// KHR_animation_pointer on the base-layer extensions through the executable: one factor and
// one extension texture's KHR_texture_transform per extension (KHR_materials_ior has no
// texture), as --query reports them at several times, and --render showing the change.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "pointer_animation.h"
#include "png.h"
#include "png_writer.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

using Animated = AnimatedPointer;

const std::string kMaterial = "/materials/0/extensions/";
const std::string kTransform = "/extensions/KHR_texture_transform/offset";
const std::vector<Animated> kAnimated = {
    {kMaterial + "KHR_materials_ior/ior", {1.2f}, {2.2f}},
    {kMaterial + "KHR_materials_specular/specularFactor", {1.0f}, {0.2f}},
    {kMaterial + "KHR_materials_specular/specularColorTexture" + kTransform, {0, 0}, {0.5f, 0}},
    {kMaterial + "KHR_materials_iridescence/iridescenceFactor", {0.1f}, {0.9f}},
    {kMaterial + "KHR_materials_iridescence/iridescenceThicknessTexture" + kTransform,
     {0, 0},
     {0, 0.5f}},
    {kMaterial + "KHR_materials_anisotropy/anisotropyStrength", {0.2f}, {0.8f}},
    {kMaterial + "KHR_materials_anisotropy/anisotropyTexture" + kTransform, {0.25f, 0}, {0.75f, 1}},
};

json transformed(int texture) {
  return {{"index", texture}, {"extensions", {{"KHR_texture_transform", {{"offset", {0, 0}}}}}}};
}

// A lit quad (TANGENT given) with all four extensions on its material, a directional light,
// a camera, and one animation "Surface" driving every pointer of kAnimated.
std::string surfaceAsset(const std::string& stem) {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({0.4f, 0.5f, 0.6f, 1.0f});
  b.json()["meshes"][mesh]["primitives"][0]["attributes"]["TANGENT"] =
      b.addVec4(std::vector<glm::vec4>(4, glm::vec4(1, 0, 0, 1)));
  std::vector<uint16_t> texels = {255, 40, 20,  255, 30,  255, 90,  255,
                                  60,  90, 255, 255, 255, 255, 255, 255};
  const int image = b.addImage(encodePng(2, 2, 4, 8, texels));
  const int sampler = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  const int texture = b.addTexture(image, sampler);
  json& m = b.json()["materials"][0];
  m["pbrMetallicRoughness"]["metallicFactor"] = 0.3;
  m["pbrMetallicRoughness"]["roughnessFactor"] = 0.4;
  m["extensions"] = {
      {"KHR_materials_ior", {{"ior", 1.2}}},
      {"KHR_materials_specular", {{"specularColorTexture", transformed(texture)}}},
      {"KHR_materials_iridescence",
       {{"iridescenceFactor", 0.1}, {"iridescenceThicknessTexture", transformed(texture)}}},
      {"KHR_materials_anisotropy",
       {{"anisotropyStrength", 0.2}, {"anisotropyTexture", transformed(texture)}}}};
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] =
      json::array({{{"type", "directional"}, {"intensity", 3.0}}});
  const int light = b.addNode({{"rotation", {-0.2, 0.25, 0, 0.947}},
                               {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene(
      {b.addMeshNode(mesh), light, b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})});
  addPointerAnimation(b, kAnimated, "Surface");
  b.json()["extensionsUsed"] = {"KHR_lights_punctual",     "KHR_animation_pointer",
                                "KHR_texture_transform",   "KHR_materials_ior",
                                "KHR_materials_specular",  "KHR_materials_iridescence",
                                "KHR_materials_anisotropy"};
  return b.writeGltf(stem);
}

TEST(CliSurfaceAnimation, QueryFollowsEveryExtensionPointer) {
  const std::string file = surfaceAsset("surface-query");
  expectQueriesFollow(file, kAnimated, {0.0f, 0.25f, 1.0f, 3.0f});
}

TEST(CliSurfaceAnimation, RenderShowsTheAnimatedExtensions) {
  const std::string file = surfaceAsset("surface-render");
  std::vector<Png> images;
  for (const char* t : {"0", "1"}) {
    const std::string out = scratchPath(std::string("surface-render-") + t + ".png");
    const ProcessResult r = runVitrine({file, "--time", t, "--camera", "0", "--render", out,
                                        "--size", "32x32", "--tonemap", "none"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    images.push_back(readPng(out));
  }
  int differing = 0;
  for (int y = 8; y < 24; ++y)
    for (int x = 8; x < 24; ++x)
      for (int c = 0; c < 3; ++c)
        if (std::abs(int(images[0].at(x, y)[c]) - int(images[1].at(x, y)[c])) > 6) ++differing;
  EXPECT_GT(differing, 16 * 16 / 2);
}

}  // namespace
}  // namespace vitrine::test
