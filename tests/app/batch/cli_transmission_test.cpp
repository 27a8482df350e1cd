// KHR_materials_transmission through the executable (issue 13): a pointer-animated
// transmissionFactor answers --query at each --time, and --render shows the opaque backdrop
// through the quad in that proportion.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "pointer_animation.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

// A smooth transmissive quad (roughness 0, white) filling the camera's view, an unlit backdrop
// behind it, transmissionFactor 0 -> 1 over a second (LINEAR, KHR_animation_pointer).
std::string transmissionAsset(const std::string& stem) {
  AssetBuilder b;
  const int front = b.addColoredQuad({1.0f, 1.0f, 1.0f, 1.0f});
  b.json()["materials"][0]["pbrMetallicRoughness"]["roughnessFactor"] = 0.0;
  b.json()["materials"][0]["extensions"]["KHR_materials_transmission"] = {
      {"transmissionFactor", 0.0}};
  const int back = b.addColoredQuad({0.8f, 0.5f, 0.2f, 1.0f});
  b.json()["materials"][1]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_transmission", "KHR_materials_unlit",
                                "KHR_animation_pointer"};
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  b.addScene({b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}}), b.addMeshNode(front),
              b.addNode({{"mesh", back}, {"translation", {0, 0, -1}}, {"scale", {3, 3, 1}}})});
  const int input = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0.0};
  b.json()["accessors"][input]["max"] = {1.0};
  const int output = b.addFloats({0.0f, 1.0f}, "SCALAR");
  const std::string pointer =
      "/materials/0/extensions/KHR_materials_transmission/transmissionFactor";
  b.json()["animations"] = {
      {{"samplers", {{{"input", input}, {"output", output}, {"interpolation", "LINEAR"}}}},
       {"channels",
        {{{"sampler", 0},
          {"target",
           {{"path", "pointer"},
            {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}}}}}};
  return b.writeGltf(stem);
}

TEST(CliTransmission, AnimatedTransmissionFactorQueriesAndRendersAtEachTime) {
  const std::string file = transmissionAsset("transmission-factor");
  const std::string pointer =
      "/materials/0/extensions/KHR_materials_transmission/transmissionFactor";
  for (const float t : {0.0f, 0.5f, 1.0f}) {
    const std::string time = std::to_string(t);
    const ProcessResult q = runVitrine({file, "--time", time, "--query", pointer});
    ASSERT_EQ(q.status, 0) << q.err;
    EXPECT_NEAR(json::parse(q.out).get<float>(), t, 1e-6f) << "t=" << t;

    const std::string out = scratchPath("transmission-factor.png");
    const ProcessResult r = runVitrine({file, "--time", time, "--camera", "0", "--render", out,
                                        "--size", "32x32", "--tonemap", "none", "--env", "none"});
    ASSERT_EQ(r.status, 0) << r.err;
    // No light: what shows is the backdrop through the surface, t x (1 - F) with F the
    // Schlick reflectance at normal incidence, 0.04 (ior 1.5), nearly so at the centre.
    const uint8_t* p = readPng(out).at(16, 16);
    const float backdrop[3] = {0.8f, 0.5f, 0.2f};
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(p[c], srgb8(t * 0.96f * backdrop[c]), 2) << "t=" << t << " channel " << c;
  }
}

// The other light-through-surface extensions' pointers through the executable: thicknessFactor
// and attenuationDistance (KHR_materials_volume), dispersion, diffuseTransmissionFactor and
// diffuseTransmissionColorFactor, and the diffuseTransmissionTexture's offset, each LINEAR from
// its first to its second key over a second; --query answers the interpolated value, and the
// last key once time is past it.
TEST(CliTransmission, VolumeDispersionAndDiffuseTransmissionPointersQueryAtEachTime) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({1.0f, 1.0f, 1.0f, 1.0f});
  b.json()["images"] = {{{"uri", "unused.png"}}};
  const int texture = b.addTexture(0);
  b.json()["materials"][0]["extensions"] = {
      {"KHR_materials_transmission", {{"transmissionFactor", 1.0}}},
      {"KHR_materials_volume", {{"thicknessFactor", 0.0}, {"attenuationDistance", 1.0}}},
      {"KHR_materials_dispersion", {{"dispersion", 0.0}}},
      {"KHR_materials_diffuse_transmission",
       {{"diffuseTransmissionTexture",
         {{"index", texture}, {"extensions", {{"KHR_texture_transform", json::object()}}}}}}}};
  b.addScene({b.addMeshNode(quad)});
  const std::string ext = "/materials/0/extensions/";
  const std::vector<AnimatedPointer> cases = {
      {ext + "KHR_materials_volume/thicknessFactor", {0.0f}, {2.0f}},
      {ext + "KHR_materials_volume/attenuationDistance", {1.0f}, {5.0f}},
      {ext + "KHR_materials_dispersion/dispersion", {0.0f}, {20.0f}},
      {ext + "KHR_materials_diffuse_transmission/diffuseTransmissionFactor", {0.0f}, {0.8f}},
      {ext + "KHR_materials_diffuse_transmission/diffuseTransmissionColorFactor",
       {1.0f, 1.0f, 1.0f},
       {0.2f, 0.4f, 0.6f}},
      {ext + "KHR_materials_diffuse_transmission/diffuseTransmissionTexture/extensions/"
             "KHR_texture_transform/offset",
       {0.0f, 0.0f},
       {0.5f, 0.25f}},
  };
  addPointerAnimation(b, cases, "Through");
  const std::string file = b.writeGltf("transmission-pointers");
  expectQueriesFollow(file, cases, {0.0f, 0.25f, 1.0f, 3.0f});
}

}  // namespace
}  // namespace vitrine::test
