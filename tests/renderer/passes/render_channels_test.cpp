// Material channel views (issue 22 §1): every channel of renderer/passes/channels.h rendered
// headless on the every-slot quad of channel_scene.h and checked pixel by pixel against values
// worked out here from the material's definition, sharing nothing with the shaders. Pixels checked
// are those whose texel, in every slot the channel reads, lies well inside a texel (not at an edge
// of nearest filtering).
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

// What channel `channel` must show at uv0 of the every-slot quad (TANGENT, not mirrored), as
// the linear value the channel encodes (colour channels) or the stored 0..1 value (others);
// false when a slot it reads is at a texel edge there.
bool expectedChannel(int channel, glm::dvec2 uv0, glm::dvec3* out) {
  const glm::dvec2 uv1(uv0.y, uv0.x);
  glm::dvec4 t;
  const auto read = [&](int slot) { return sampleSlot(slot, uv0, uv1, &t); };
  const auto srgb = [](const glm::dvec4& c) {
    return glm::dvec3(srgbDecode(c.r), srgbDecode(c.g), srgbDecode(c.b));
  };
  const auto grey = [&](double v) { *out = glm::dvec3(std::clamp(v, 0.0, 1.0)); };
  const auto vector = [&](const glm::dvec3& v) { *out = v * 0.5 + 0.5; };
  const auto tangentNormal = [&](double scale) {
    glm::dvec3 n = glm::dvec3(t) * 2.0 - 1.0;
    n.x *= scale;
    n.y *= scale;
    return glm::normalize(n);
  };
  switch (channel) {
    case gpu::kChannelBaseColor:
      if (!read(gpu::kSlotBaseColor)) return false;
      *out = glm::dvec3(kBaseFactor) * srgb(t) * glm::dvec3(kVertexColor);
      return true;
    case gpu::kChannelEmissive:
      if (!read(gpu::kSlotEmissive)) return false;
      *out = glm::clamp(kEmissive * kEmissiveStrength * srgb(t), 0.0, 1.0);
      return true;
    case gpu::kChannelSheenColor:
      if (!read(gpu::kSlotSheenColor)) return false;
      *out = kSheenColor * srgb(t);
      return true;
    case gpu::kChannelSpecularColor:
      if (!read(gpu::kSlotSpecularColor)) return false;
      *out = kSpecularColor * srgb(t);
      return true;
    case gpu::kChannelDiffuseTransmissionColor:
      if (!read(gpu::kSlotDiffuseTransmissionColor)) return false;
      *out = kDiffuseTransmissionColor * srgb(t);
      return true;
    case gpu::kChannelAlpha:
      if (!read(gpu::kSlotBaseColor)) return false;
      grey(kBaseFactor.a * t.a * kVertexColor.a);
      return true;
    case gpu::kChannelMetallic:  // metallicRoughnessTexture B
      if (!read(gpu::kSlotMetallicRoughness)) return false;
      grey(kMetallic * t.b);
      return true;
    case gpu::kChannelRoughness:  // G
      if (!read(gpu::kSlotMetallicRoughness)) return false;
      grey(kRoughness * t.g);
      return true;
    case gpu::kChannelOcclusion:  // R, 1 + strength (texel - 1)
      if (!read(gpu::kSlotOcclusion)) return false;
      grey(1.0 + kOcclusionStrength * (t.r - 1.0));
      return true;
    case gpu::kChannelClearcoat:  // R
      if (!read(gpu::kSlotClearcoat)) return false;
      grey(kClearcoat * t.r);
      return true;
    case gpu::kChannelClearcoatRoughness:  // G
      if (!read(gpu::kSlotClearcoatRoughness)) return false;
      grey(kClearcoatRoughness * t.g);
      return true;
    case gpu::kChannelSheenRoughness:  // A
      if (!read(gpu::kSlotSheenRoughness)) return false;
      grey(kSheenRoughness * t.a);
      return true;
    case gpu::kChannelSpecular:  // A
      if (!read(gpu::kSlotSpecular)) return false;
      grey(kSpecular * t.a);
      return true;
    case gpu::kChannelTransmission:  // R
      if (!read(gpu::kSlotTransmission)) return false;
      grey(kTransmission * t.r);
      return true;
    case gpu::kChannelThickness:  // G: thickness / thicknessFactor
      if (!read(gpu::kSlotThickness)) return false;
      grey(t.g);
      return true;
    case gpu::kChannelIridescence:  // R
      if (!read(gpu::kSlotIridescence)) return false;
      grey(kIridescence * t.r);
      return true;
    case gpu::kChannelIridescenceThickness:  // G between the minimum and maximum, nm / 1200
      if (!read(gpu::kSlotIridescenceThickness)) return false;
      grey((kThicknessMin + (kThicknessMax - kThicknessMin) * t.g) / 1200.0);
      return true;
    case gpu::kChannelAnisotropy:  // B
      if (!read(gpu::kSlotAnisotropy)) return false;
      grey(kAnisotropy * t.b);
      return true;
    case gpu::kChannelDiffuseTransmission:  // A
      if (!read(gpu::kSlotDiffuseTransmission)) return false;
      grey(kDiffuseTransmission * t.a);
      return true;
    case gpu::kChannelNormal:  // the frame (+x, +y, +z) of TANGENT and NORMAL
      if (!read(gpu::kSlotNormal)) return false;
      vector(tangentNormal(kNormalScale));
      return true;
    case gpu::kChannelGeometryNormal:
      vector({0.0, 0.0, 1.0});
      return true;
    case gpu::kChannelTangent:
      vector({1.0, 0.0, 0.0});
      return true;
    case gpu::kChannelBitangent:  // cross(normal, tangent) * w
      vector({0.0, 1.0, 0.0});
      return true;
    case gpu::kChannelNormalTexture:
      if (!read(gpu::kSlotNormal)) return false;
      vector(tangentNormal(kNormalScale));
      return true;
    case gpu::kChannelClearcoatNormal:
      if (!read(gpu::kSlotClearcoatNormal)) return false;
      vector(tangentNormal(kClearcoatNormalScale));
      return true;
    default:
      break;
  }
  if (channel >= gpu::kChannelUv0 && channel < gpu::kChannelUv0 + 2) {
    const glm::dvec2 uv = texcoordOf(channel - gpu::kChannelUv0, uv0);
    *out = glm::dvec3(uv, 0.0);
    return true;
  }
  return false;
}
// Renders every channel in [first, last) of the every-slot quad, each checked at the grid's
// pixels where its slots are away from texel edges (at least 12 of them).
void checkChannels(ChannelTest& t, int first, int last) {
  for (int channel = first; channel < last; ++channel) {
    const Pixels pixels = t.render(channel);
    ASSERT_EQ(pixels.width, kSize);
    int checked = 0;
    for (glm::ivec2 p : imageGrid()) {
      glm::dvec3 expected;
      if (!expectedChannel(channel, t.uvAt(p), &expected)) continue;
      ++checked;
      EXPECT_TRUE(channelNear(channel, pixelAt(pixels, p.x, p.y), expected, 1.5f))
          << renderer::channelInfo(channel).name << " at pixel " << p.x << "," << p.y;
    }
    EXPECT_GE(checked, 12) << renderer::channelInfo(channel).name;
  }
}

TEST_F(ChannelTest, ColourChannelsAreTheirFactorTimesTheTexelSrgbEncoded) {
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(everySlotMaterial)));
  checkChannels(*this, gpu::kChannelBaseColor, gpu::kChannelAlpha);
}

TEST_F(ChannelTest, ScalarChannelsAreTheirFactorTimesTheTexelChannelAsLinearGrey) {
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(everySlotMaterial)));
  checkChannels(*this, gpu::kChannelAlpha, gpu::kChannelNormal);
}

TEST_F(ChannelTest, VectorChannelsAreTheWorldFrameAndTheNormalTextures) {
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(everySlotMaterial)));
  checkChannels(*this, gpu::kChannelNormal, gpu::kChannelUv0);
}

// Without TANGENT the frame comes from the uv derivatives (glTF 2.0 §3.7.2.1): with u running
// along -x, the tangent (towards +u) is -x while the bitangent (image up, -v) stays +y, and
// the normal map is applied in that frame.
TEST_F(ChannelTest, GeneratedTangentsFollowAMirroredUvLayout) {
  QuadDesc q;
  q.tangent = false;
  q.mirroredU = true;
  ASSERT_NO_FATAL_FAILURE(load(quadAsset(
      [](AssetBuilder& b) {
        json m = {{"normalTexture", textureInfo(b, gpu::kSlotNormal)}};
        m["normalTexture"]["scale"] = kNormalScale;
        return m;
      },
      q)));
  const Pixels tangent = render(gpu::kChannelTangent);
  const Pixels bitangent = render(gpu::kChannelBitangent);
  const Pixels normal = render(gpu::kChannelNormal);
  int checked = 0;
  for (glm::ivec2 p : imageGrid()) {
    EXPECT_TRUE(
        channelNear(gpu::kChannelTangent, pixelAt(tangent, p.x, p.y), {0.0, 0.5, 0.5}, 1.5f))
        << p.x << "," << p.y;
    EXPECT_TRUE(
        channelNear(gpu::kChannelBitangent, pixelAt(bitangent, p.x, p.y), {0.5, 1.0, 0.5}, 1.5f))
        << p.x << "," << p.y;
    glm::dvec2 uv0 = uvAt(p);
    uv0.x = 1.0 - uv0.x;  // the mirrored layout's TEXCOORD_0
    glm::dvec4 t;
    if (!sampleSlot(gpu::kSlotNormal, uv0, {uv0.y, uv0.x}, &t)) continue;
    ++checked;
    glm::dvec3 n = glm::dvec3(t) * 2.0 - 1.0;
    n = glm::normalize(glm::dvec3(n.x * kNormalScale, n.y * kNormalScale, n.z));
    const glm::dvec3 world = glm::normalize(glm::dvec3(-n.x, n.y, n.z));
    EXPECT_TRUE(
        channelNear(gpu::kChannelNormal, pixelAt(normal, p.x, p.y), world * 0.5 + 0.5, 1.5f))
        << p.x << "," << p.y;
  }
  EXPECT_GE(checked, 12);
}

// An unknown name is refused; every name is found and lists in kChannel* order.
TEST(ChannelNames, EveryChannelHasItsName) {
  for (int c = 0; c < gpu::kChannelCount; ++c) {
    const std::string name(renderer::channelInfo(c).name);
    EXPECT_EQ(renderer::channelByName(name), c) << name;
  }
  EXPECT_EQ(renderer::channelByName("uv8"), std::nullopt);
  EXPECT_EQ(renderer::channelByName("Base-Color"), std::nullopt);
  EXPECT_EQ(renderer::channelNameList().substr(0, 24), "shaded, base-color, emis");
  EXPECT_NE(renderer::channelNameList().find("iridescence-thickness, anisotropy"),
            std::string::npos);
}

}  // namespace
}  // namespace vitrine::test
