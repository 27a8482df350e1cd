// KHR_animation_pointer on the layers over the base (KHR_materials_clearcoat and
// KHR_materials_sheen) through the executable: their factors and one texture's
// KHR_texture_transform each, as --query reports them at several times (interpolated and
// clamped past the last key), and --render showing each change on its own.
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

const std::string kClearcoat = "/materials/0/extensions/KHR_materials_clearcoat/";
const std::string kSheen = "/materials/0/extensions/KHR_materials_sheen/";
const std::string kTransform = "/extensions/KHR_texture_transform/offset";
const std::vector<Animated> kCoatFactors = {
    {kClearcoat + "clearcoatFactor", {0.0f}, {1.0f}},
    {kClearcoat + "clearcoatRoughnessFactor", {0.8f}, {0.2f}},
};
const std::vector<Animated> kCoatTransform = {
    {kClearcoat + "clearcoatTexture" + kTransform, {0, 0}, {0.5f, 0}},
};
const std::vector<Animated> kSheenFactors = {
    {kSheen + "sheenColorFactor", {0, 0, 0}, {1.0f, 0.8f, 0.6f}},
    {kSheen + "sheenRoughnessFactor", {0.2f}, {0.9f}},
};
const std::vector<Animated> kSheenTransform = {
    {kSheen + "sheenColorTexture" + kTransform, {0, 0}, {0, 0.5f}},
};

std::vector<Animated> allAnimated() {
  std::vector<Animated> all;
  for (const auto* group : {&kCoatFactors, &kCoatTransform, &kSheenFactors, &kSheenTransform})
    all.insert(all.end(), group->begin(), group->end());
  return all;
}

json transformed(int texture) {
  return {{"index", texture}, {"extensions", {{"KHR_texture_transform", {{"offset", {0, 0}}}}}}};
}

// A dark lit quad whose material has both layers (clearcoat 1 of roughness 0.3 over a sheen of
// colour 1 and roughness 0.8 when not animated), a 2x2 texture (nearest) as clearcoatTexture
// (its red channel scales the coat) and sheenColorTexture, each with an offset of 0, a
// directional light, a camera, and one animation "Coat" driving the pointers of `animated` (none
// when it is empty).
std::string coatAsset(const std::string& stem, const std::vector<Animated>& animated) {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({0.1f, 0.15f, 0.2f, 1.0f});
  std::vector<uint16_t> texels = {255, 40, 20,  255, 30,  255, 90,  255,
                                  60,  90, 255, 255, 255, 255, 255, 255};
  const int image = b.addImage(encodePng(2, 2, 4, 8, texels));
  const int sampler = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  const int texture = b.addTexture(image, sampler);
  json& m = b.json()["materials"][0];
  m["pbrMetallicRoughness"]["metallicFactor"] = 0.0;
  m["pbrMetallicRoughness"]["roughnessFactor"] = 0.6;
  m["extensions"] = {{"KHR_materials_clearcoat",
                      {{"clearcoatFactor", 1.0},
                       {"clearcoatRoughnessFactor", 0.3},
                       {"clearcoatTexture", transformed(texture)}}},
                     {"KHR_materials_sheen",
                      {{"sheenColorFactor", {1.0, 1.0, 1.0}},
                       {"sheenRoughnessFactor", 0.8},
                       {"sheenColorTexture", transformed(texture)}}}};
  // One light head-on (the coat's highlight, towards the camera) and one oblique (the sheen,
  // which the Charlie distribution makes vanish where N.H is 1).
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] =
      json::array({{{"type", "directional"}, {"intensity", 1.0}},
                   {{"type", "directional"}, {"intensity", 3.0}}});
  const int headOn = b.addNode({{"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
  const int oblique = b.addNode({{"rotation", {-0.2, 0.25, 0, 0.947}},
                                 {"extensions", {{"KHR_lights_punctual", {{"light", 1}}}}}});
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  b.addScene({b.addMeshNode(mesh), headOn, oblique,
              b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}})});
  addPointerAnimation(b, animated, "Coat");
  b.json()["extensionsUsed"] = {"KHR_lights_punctual", "KHR_animation_pointer",
                                "KHR_texture_transform", "KHR_materials_clearcoat",
                                "KHR_materials_sheen"};
  return b.writeGltf(stem);
}

TEST(CliCoatAnimation, QueryFollowsClearcoatAndSheenPointers) {
  const std::vector<Animated> animated = allAnimated();
  const std::string file = coatAsset("coat-query", animated);
  expectQueriesFollow(file, animated, {0.0f, 0.25f, 0.6f, 1.0f, 3.0f});
}

// Renders `animated` alone at t = 0 and t = 1 and counts the channels of the quad's middle
// (16x16 pixels) that moved by more than 2/255 (the same frame rendered twice is identical).
int changedChannels(const std::string& stem, const std::vector<Animated>& animated) {
  const std::string file = coatAsset(stem, animated);
  std::vector<Png> images;
  for (const char* t : {"0", "1"}) {
    const std::string out = scratchPath(stem + "-" + t + ".png");
    const ProcessResult r = runVitrine({file, "--time", t, "--camera", "0", "--render", out,
                                        "--size", "32x32", "--tonemap", "none"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    images.push_back(readPng(out));
  }
  int changed = 0;
  for (int y = 8; y < 24; ++y)
    for (int x = 8; x < 24; ++x)
      for (int c = 0; c < 3; ++c)
        if (std::abs(int(images[0].at(x, y)[c]) - int(images[1].at(x, y)[c])) > 2) ++changed;
  return changed;
}

TEST(CliCoatAnimation, RenderShowsEachAnimatedPointer) {
  // Each group on its own, so that one reaching the GPU cannot hide another that does not.
  const int pixels = 16 * 16;
  EXPECT_EQ(changedChannels("coat-still", {}), 0);  // nothing animated: the same picture
  EXPECT_GT(changedChannels("coat-factors", kCoatFactors), pixels);
  EXPECT_GT(changedChannels("coat-transform", kCoatTransform), pixels / 2);
  EXPECT_GT(changedChannels("sheen-factors", kSheenFactors), pixels);
  EXPECT_GT(changedChannels("sheen-transform", kSheenTransform), pixels / 2);
}

}  // namespace
}  // namespace vitrine::test
