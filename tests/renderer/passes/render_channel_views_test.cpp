// Material channel views (issue 22 §1) beyond the every-slot material: texture coordinate
// sets, the uv checker, materials that lack an input, alpha modes, back faces and animation,
// on the quad of channel_scene.h.
#include <cmath>
#include <string>
#include <vector>

#include "channel_scene.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addOutput;
using anim::test::addTimes;
using anim::test::pointerChannel;
using anim::test::sampler;
using namespace channels;
using nlohmann::json;

// uv0 ... uv7 as stored, each set its own mapping; a set the primitive lacks is not in it.
TEST_F(ChannelTest, TexcoordChannelsShowEachSetAsStored) {
  QuadDesc q;
  q.texcoordSets = gpu::kTexcoordSetCount;
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(
      [](AssetBuilder&) {
        return json{{"pbrMetallicRoughness", json::object()}};
      },
      q)));
  for (int set = 0; set < gpu::kTexcoordSetCount; ++set) {
    const Pixels pixels = render(gpu::kChannelUv0 + set);
    for (glm::ivec2 p : imageGrid()) {
      const glm::dvec2 uv = texcoordOf(set, uvAt(p));
      EXPECT_TRUE(
          channelNear(gpu::kChannelUv0 + set, pixelAt(pixels, p.x, p.y), glm::dvec3(uv, 0.0), 1.5f))
          << "uv" << set << " at " << p.x << "," << p.y;
    }
  }
  q.texcoordSets = 2;
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(
      [](AssetBuilder&) {
        return json{{"pbrMetallicRoughness", json::object()}};
      },
      q)));
  for (int set : {2, 5}) {
    const Pixels pixels = render(gpu::kChannelUv0 + set);
    for (glm::ivec2 p : imageGrid()) EXPECT_TRUE(isNotInMaterial(pixels, p)) << p.x << "," << p.y;
  }
}

// The uv checker: 8 squares per unit of the chosen set, dark (0.05) and light ones tinted by
// the position in the unit square.
TEST_F(ChannelTest, UvCheckerMapsThroughTheChosenSet) {
  QuadDesc q;
  q.texcoordSets = 4;
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(
      [](AssetBuilder&) {
        return json{{"pbrMetallicRoughness", json::object()}};
      },
      q)));
  for (int set : {0, 1, 3}) {
    view_.checkerTexcoord = set;
    const Pixels pixels = render(gpu::kChannelUvChecker);
    int checked = 0;
    for (glm::ivec2 p : imageGrid()) {
      const glm::dvec2 uv = texcoordOf(set, uvAt(p));
      const glm::dvec2 cell = uv * 8.0;
      const glm::dvec2 f = cell - glm::floor(cell);
      if (f.x < 0.15 || f.x > 0.85 || f.y < 0.15 || f.y > 0.85) continue;
      ++checked;
      const bool dark = (int(std::floor(cell.x)) + int(std::floor(cell.y))) % 2 != 0;
      const glm::dvec3 expected =
          dark ? glm::dvec3(0.05) : glm::dvec3(0.4 + 0.6 * uv.x, 0.4 + 0.6 * uv.y, 0.4);
      EXPECT_TRUE(colorNear(pixelAt(pixels, p.x, p.y), glm::vec3(expected), 2.0f))
          << "set " << set << " at " << p.x << "," << p.y;
    }
    EXPECT_GE(checked, 12) << "set " << set;
  }
}

// A material without the extensions, occlusion or normal textures: their channels show the
// neutral checker on every pixel; the core channels show the factors (no texture: 1).
TEST_F(ChannelTest, AMaterialWithoutTheInputShowsTheNeutralChecker) {
  ASSERT_NO_FATAL_FAILURE(load(quadAsset([](AssetBuilder&) {
    return json{{"pbrMetallicRoughness",
                 {{"baseColorFactor", {0.5, 0.25, 0.125, 1.0}}, {"roughnessFactor", 0.3}}}};
  })));
  const int lacking[] = {gpu::kChannelSheenColor,
                         gpu::kChannelSpecularColor,
                         gpu::kChannelDiffuseTransmissionColor,
                         gpu::kChannelOcclusion,
                         gpu::kChannelClearcoat,
                         gpu::kChannelClearcoatRoughness,
                         gpu::kChannelSheenRoughness,
                         gpu::kChannelSpecular,
                         gpu::kChannelTransmission,
                         gpu::kChannelThickness,
                         gpu::kChannelIridescence,
                         gpu::kChannelIridescenceThickness,
                         gpu::kChannelAnisotropy,
                         gpu::kChannelDiffuseTransmission,
                         gpu::kChannelNormalTexture,
                         gpu::kChannelClearcoatNormal};
  for (int channel : lacking) {
    // The CPU side agrees: what the window names as "not in this material".
    EXPECT_FALSE(renderer::channelInMaterial(*bound_.scene, 0, channel))
        << renderer::channelInfo(channel).name;
    const Pixels pixels = render(channel);
    for (glm::ivec2 p : imageGrid())
      EXPECT_TRUE(isNotInMaterial(pixels, p))
          << renderer::channelInfo(channel).name << " at " << p.x << "," << p.y;
  }
  const glm::ivec2 c(kSize / 2, kSize / 2);
  EXPECT_TRUE(channelNear(gpu::kChannelBaseColor, pixelAt(render(gpu::kChannelBaseColor), c.x, c.y),
                          glm::dvec3(0.5, 0.25, 0.125) * glm::dvec3(kVertexColor), 1.5f));
  EXPECT_TRUE(channelNear(gpu::kChannelRoughness, pixelAt(render(gpu::kChannelRoughness), c.x, c.y),
                          glm::dvec3(0.3), 1.5f));
  EXPECT_TRUE(channelNear(gpu::kChannelMetallic, pixelAt(render(gpu::kChannelMetallic), c.x, c.y),
                          glm::dvec3(1.0), 1.5f));
  EXPECT_TRUE(renderer::channelInMaterial(*bound_.scene, 0, gpu::kChannelRoughness));
}

// In a channel view alpha-masked and blended surfaces are drawn whole and opaque: a MASK
// material whose alpha is under its cut-off shows its base colour and alpha, where the shaded
// view shows the background through it.
TEST_F(ChannelTest, MaskedAndBlendedSurfacesAreDrawnWholeAndOpaque) {
  for (const char* mode : {"MASK", "BLEND"}) {
    ASSERT_NO_FATAL_FAILURE(load(quadAsset([mode](AssetBuilder&) {
      return json{{"pbrMetallicRoughness", {{"baseColorFactor", {0.2, 0.6, 0.4, 0.1}}}},
                  {"alphaMode", mode},
                  {"alphaCutoff", 0.5}};
    })));
    const glm::ivec2 c(kSize / 2, kSize / 2);
    view_.tonemap = renderer::Tonemap::None;
    if (std::string(mode) == "MASK") {
      EXPECT_TRUE(colorNear(pixelAt(render(gpu::kChannelShaded), c.x, c.y), glm::vec3(0.0f), 1.0f));
    }
    EXPECT_TRUE(channelNear(gpu::kChannelBaseColor,
                            pixelAt(render(gpu::kChannelBaseColor), c.x, c.y),
                            glm::dvec3(0.2, 0.6, 0.4) * glm::dvec3(kVertexColor), 1.5f))
        << mode;
    EXPECT_TRUE(channelNear(gpu::kChannelAlpha, pixelAt(render(gpu::kChannelAlpha), c.x, c.y),
                            glm::dvec3(0.1 * kVertexColor.a), 1.5f))
        << mode;
  }
}

// The back face of a double-sided quad turned away from the camera: its normals are turned
// towards the eye, as the shading turns them (§3.9.5).
TEST_F(ChannelTest, BackFacesShowTheirNormalsTurnedTowardsTheEye) {
  AssetBuilder b = quadAsset([](AssetBuilder&) {
    return json{{"pbrMetallicRoughness", json::object()}, {"doubleSided", true}};
  });
  b.json()["nodes"][1]["rotation"] = {0.0, 1.0, 0.0, 0.0};  // 180 degrees about +y
  ASSERT_NO_FATAL_FAILURE(load(b));
  for (int channel : {gpu::kChannelGeometryNormal, gpu::kChannelNormal}) {
    const Pixels pixels = render(channel);
    for (glm::ivec2 p : imageGrid())
      EXPECT_TRUE(channelNear(channel, pixelAt(pixels, p.x, p.y), {0.5, 0.5, 1.0}, 1.5f))
          << renderer::channelInfo(channel).name << " at " << p.x << "," << p.y;
  }
}

// The channel follows the animation: roughnessFactor animated by KHR_animation_pointer from
// 0.2 to 1.0 over a second shows its value of the frame.
TEST_F(ChannelTest, AnAnimatedFactorShowsItsCurrentValue) {
  AssetBuilder b = quadAsset([](AssetBuilder&) {
    return json{{"pbrMetallicRoughness", {{"roughnessFactor", 0.2}}}};
  });
  const int times = addTimes(b, {0.0f, 1.0f});
  const int values = addOutput(b, std::vector<float>{0.2f, 1.0f}, "SCALAR", gl::kFloat);
  addAnimation(
      b, json::array({sampler(times, values)}),
      json::array({pointerChannel(0, "/materials/0/pbrMetallicRoughness/roughnessFactor")}));
  ASSERT_NO_FATAL_FAILURE(load(b));
  scene::DirtySet dirty;
  const glm::ivec2 c(kSize / 2, kSize / 2);
  for (float time : {0.25f, 0.75f}) {
    bound_.animations().evaluate(time, {true}, dirty);
    renderer_->applyChanges(*bound_.scene, dirty);
    dirty.clear();
    EXPECT_TRUE(channelNear(gpu::kChannelRoughness,
                            pixelAt(render(gpu::kChannelRoughness), c.x, c.y),
                            glm::dvec3(0.2 + 0.8 * time), 1.5f))
        << "t = " << time;
  }
}

}  // namespace
}  // namespace vitrine::test
