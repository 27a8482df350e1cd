// Material channel views (issue 22 §1): every channel of renderer/channels.h rendered headless
// and checked pixel by pixel against values worked out here from the material's definition,
// sharing nothing with the shaders.
//
// The asset: a camera at z = 3 looking down -z (yfov 0.6), so that a quad -1..1 at z = 0 fills
// the image. The quad's TEXCOORD_0 is ((x + 1) / 2, (1 - y) / 2), its TEXCOORD_1 the same
// transposed, so that a texture read through the wrong set fails. Its material has every slot
// of the core material and of the KHR_materials_* extensions textured, each with its own 4x4
// image (nearest, repeat) whose every texel differs in every channel from those of the other
// images, some slots on set 1 and some with a KHR_texture_transform: a wrong texture, texel
// channel, uv set, transform or colour space fails. Pixels checked are those whose texel, in
// every slot the channel reads, lies well inside a texel (not at an edge of nearest filtering).
#include <algorithm>
#include <array>
#include <functional>
#include <cmath>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "channels.h"
#include "png_writer.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

using anim::test::addAnimation;
using anim::test::addOutput;
using anim::test::addTimes;
using anim::test::bindAsset;
using anim::test::Bound;
using anim::test::pointerChannel;
using anim::test::sampler;
using nlohmann::json;

constexpr int kTexels = 4;  // every texture is kTexels x kTexels
constexpr int kCameraNode = 0;

double srgbDecode(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// Texel (i, j) (column, row) of the image of slot `slot`: every channel in 20..235, different
// from slot to slot and channel to channel. The normal slots keep a blue of at least 200 (a
// tangent-space normal pointing out of the surface).
glm::u8vec4 texel(int slot, int i, int j) {
  const auto v = [&](int c) {
    return uint8_t(20 + (37 * slot + 53 * i + 71 * j + 97 * c + 13 * i * j * (c + 1)) % 216);
  };
  glm::u8vec4 t(v(0), v(1), v(2), v(3));
  if (slot == gpu::kSlotNormal || slot == gpu::kSlotClearcoatNormal)
    t.b = uint8_t(200 + (11 * i + 17 * j + slot) % 56);
  return t;
}

// How a slot is read: its texCoord set and KHR_texture_transform.
struct SlotRead {
  int set = 0;
  glm::dvec2 offset{0.0}, scale{1.0};
  double rotation = 0.0;
};

// The material's slots: some on TEXCOORD_1, some transformed (every one of the three terms).
SlotRead slotRead(int slot) {
  SlotRead r;
  switch (slot) {
    case gpu::kSlotBaseColor:
      r.offset = {0.25, 0.1};
      r.scale = {2.0, 1.5};
      r.rotation = 0.3;
      break;
    case gpu::kSlotMetallicRoughness:
    case gpu::kSlotOcclusion:
    case gpu::kSlotSheenColor:
    case gpu::kSlotClearcoatRoughness:
    case gpu::kSlotIridescenceThickness:
      r.set = 1;
      break;
    case gpu::kSlotSpecularColor:
      r.scale = {0.5, 0.75};
      break;
    case gpu::kSlotTransmission:
      r.offset = {0.5, 0.0};
      break;
    default:
      break;
  }
  return r;
}

// The uv a slot samples at a point of texture coordinates uv0 and uv1, after its transform:
// u' = c sx u + s sy v + ox, v' = -s sx u + c sy v + oy (KHR_texture_transform, v down).
glm::dvec2 slotUv(int slot, glm::dvec2 uv0, glm::dvec2 uv1) {
  const SlotRead r = slotRead(slot);
  const glm::dvec2 uv = (r.set == 1 ? uv1 : uv0) * r.scale;
  const double c = std::cos(r.rotation), s = std::sin(r.rotation);
  return glm::dvec2(c * uv.x + s * uv.y, -s * uv.x + c * uv.y) + r.offset;
}

// The texel of `slot` at uv0/uv1 (repeat, nearest), or false when the point is within a fifth
// of a texel of a texel's edge.
bool sampleSlot(int slot, glm::dvec2 uv0, glm::dvec2 uv1, glm::dvec4* out) {
  const glm::dvec2 t = slotUv(slot, uv0, uv1) * double(kTexels);
  const glm::dvec2 f = t - glm::floor(t);
  if (f.x < 0.2 || f.x > 0.8 || f.y < 0.2 || f.y > 0.8) return false;
  const auto wrap = [](double v) { return ((int(std::floor(v)) % kTexels) + kTexels) % kTexels; };
  const glm::u8vec4 v = texel(slot, wrap(t.x), wrap(t.y));
  *out = glm::dvec4(v) / 255.0;
  return true;
}

// The material's factors.
const glm::dvec4 kBaseFactor(0.9, 0.8, 0.7, 0.85);
const glm::dvec4 kVertexColor(0.95, 0.9, 0.85, 0.9);
constexpr double kMetallic = 0.7, kRoughness = 0.6, kNormalScale = 0.8, kOcclusionStrength = 0.7;
const glm::dvec3 kEmissive(0.6, 0.5, 0.4);
constexpr double kEmissiveStrength = 1.5;
constexpr double kSpecular = 0.8;
const glm::dvec3 kSpecularColor(0.9, 0.7, 0.5);
const glm::dvec3 kSheenColor(0.7, 0.6, 0.9);
constexpr double kSheenRoughness = 0.65, kClearcoat = 0.75, kClearcoatRoughness = 0.55;
constexpr double kClearcoatNormalScale = 0.6, kTransmission = 0.85, kThickness = 0.5;
constexpr double kIridescence = 0.9, kThicknessMin = 100.0, kThicknessMax = 900.0;
constexpr double kAnisotropy = 0.6, kDiffuseTransmission = 0.45;
const glm::dvec3 kDiffuseTransmissionColor(0.8, 0.9, 0.6);

// A 4x4 PNG of slot `slot`'s texels.
int addSlotTexture(AssetBuilder& b, int slot) {
  std::vector<uint16_t> samples;
  for (int j = 0; j < kTexels; ++j)
    for (int i = 0; i < kTexels; ++i) {
      const glm::u8vec4 t = texel(slot, i, j);
      samples.insert(samples.end(), {t.r, t.g, t.b, t.a});
    }
  const int image = b.addImage(encodePng(kTexels, kTexels, 4, 8, samples));
  // NEAREST, REPEAT.
  const int samplerIndex = b.addSampler({{"magFilter", 9728}, {"minFilter", 9728}});
  return b.addTexture(image, samplerIndex);
}

json textureInfo(AssetBuilder& b, int slot) {
  const SlotRead r = slotRead(slot);
  json info = {{"index", addSlotTexture(b, slot)}, {"texCoord", r.set}};
  if (r.offset != glm::dvec2(0.0) || r.scale != glm::dvec2(1.0) || r.rotation != 0.0)
    info["extensions"]["KHR_texture_transform"] = {{"offset", {r.offset.x, r.offset.y}},
                                                   {"scale", {r.scale.x, r.scale.y}},
                                                   {"rotation", r.rotation}};
  return info;
}

json vec(const glm::dvec3& v) {
  return {v.x, v.y, v.z};
}

// The material with every slot textured and every layer present.
json everySlotMaterial(AssetBuilder& b) {
  json m;
  m["pbrMetallicRoughness"] = {
      {"baseColorFactor", {kBaseFactor.r, kBaseFactor.g, kBaseFactor.b, kBaseFactor.a}},
      {"baseColorTexture", textureInfo(b, gpu::kSlotBaseColor)},
      {"metallicFactor", kMetallic},
      {"roughnessFactor", kRoughness},
      {"metallicRoughnessTexture", textureInfo(b, gpu::kSlotMetallicRoughness)}};
  m["normalTexture"] = textureInfo(b, gpu::kSlotNormal);
  m["normalTexture"]["scale"] = kNormalScale;
  m["occlusionTexture"] = textureInfo(b, gpu::kSlotOcclusion);
  m["occlusionTexture"]["strength"] = kOcclusionStrength;
  m["emissiveFactor"] = vec(kEmissive);
  m["emissiveTexture"] = textureInfo(b, gpu::kSlotEmissive);
  json& x = m["extensions"];
  x["KHR_materials_emissive_strength"] = {{"emissiveStrength", kEmissiveStrength}};
  x["KHR_materials_ior"] = {{"ior", 1.4}};
  x["KHR_materials_specular"] = {{"specularFactor", kSpecular},
                                 {"specularTexture", textureInfo(b, gpu::kSlotSpecular)},
                                 {"specularColorFactor", vec(kSpecularColor)},
                                 {"specularColorTexture", textureInfo(b, gpu::kSlotSpecularColor)}};
  x["KHR_materials_sheen"] = {{"sheenColorFactor", vec(kSheenColor)},
                              {"sheenColorTexture", textureInfo(b, gpu::kSlotSheenColor)},
                              {"sheenRoughnessFactor", kSheenRoughness},
                              {"sheenRoughnessTexture", textureInfo(b, gpu::kSlotSheenRoughness)}};
  json clearcoatNormal = textureInfo(b, gpu::kSlotClearcoatNormal);
  clearcoatNormal["scale"] = kClearcoatNormalScale;
  x["KHR_materials_clearcoat"] = {
      {"clearcoatFactor", kClearcoat},
      {"clearcoatTexture", textureInfo(b, gpu::kSlotClearcoat)},
      {"clearcoatRoughnessFactor", kClearcoatRoughness},
      {"clearcoatRoughnessTexture", textureInfo(b, gpu::kSlotClearcoatRoughness)},
      {"clearcoatNormalTexture", clearcoatNormal}};
  x["KHR_materials_transmission"] = {
      {"transmissionFactor", kTransmission},
      {"transmissionTexture", textureInfo(b, gpu::kSlotTransmission)}};
  x["KHR_materials_volume"] = {{"thicknessFactor", kThickness},
                               {"thicknessTexture", textureInfo(b, gpu::kSlotThickness)}};
  x["KHR_materials_iridescence"] = {
      {"iridescenceFactor", kIridescence},
      {"iridescenceTexture", textureInfo(b, gpu::kSlotIridescence)},
      {"iridescenceThicknessMinimum", kThicknessMin},
      {"iridescenceThicknessMaximum", kThicknessMax},
      {"iridescenceThicknessTexture", textureInfo(b, gpu::kSlotIridescenceThickness)}};
  x["KHR_materials_anisotropy"] = {{"anisotropyStrength", kAnisotropy},
                                   {"anisotropyRotation", 0.4},
                                   {"anisotropyTexture", textureInfo(b, gpu::kSlotAnisotropy)}};
  x["KHR_materials_diffuse_transmission"] = {
      {"diffuseTransmissionFactor", kDiffuseTransmission},
      {"diffuseTransmissionTexture", textureInfo(b, gpu::kSlotDiffuseTransmission)},
      {"diffuseTransmissionColorFactor", vec(kDiffuseTransmissionColor)},
      {"diffuseTransmissionColorTexture", textureInfo(b, gpu::kSlotDiffuseTransmissionColor)}};
  return m;
}

// The quad's geometry: which attributes it has.
struct QuadDesc {
  bool tangent = true;     // TANGENT (1, 0, 0, 1); else generated from TEXCOORD_0
  bool mirroredU = false;  // TEXCOORD_0 u = (1 - x) / 2 instead of (1 + x) / 2
  int texcoordSets = 2;    // TEXCOORD_0 .. TEXCOORD_(n-1)
  bool color = true;       // COLOR_0 kVertexColor
};

// TEXCOORD_n of the quad at uv0: set 0 as given, set 1 transposed, sets 2.. squeezed each its
// own way inside 0..1.
glm::dvec2 texcoordOf(int set, glm::dvec2 uv0) {
  if (set == 0) return uv0;
  if (set == 1) return {uv0.y, uv0.x};
  return {0.05 + uv0.x * (0.9 - 0.1 * set), 0.9 - uv0.y * (0.1 * set)};
}

int addQuadMesh(AssetBuilder& b, int material, const QuadDesc& q) {
  const std::vector<glm::vec3> positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  PrimitiveDesc p;
  p.attributes["POSITION"] = b.addPositions(positions);
  p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  for (int set = 0; set < q.texcoordSets; ++set) {
    std::vector<glm::vec2> uv;
    for (const glm::vec3& v : positions) {
      const glm::dvec2 uv0((q.mirroredU ? 1.0 - v.x : 1.0 + v.x) / 2.0, (1.0 - v.y) / 2.0);
      uv.push_back(glm::vec2(texcoordOf(set, uv0)));
    }
    p.attributes["TEXCOORD_" + std::to_string(set)] = b.addVec2(uv);
  }
  if (q.tangent)
    p.attributes["TANGENT"] = b.addVec4(std::vector<glm::vec4>(4, glm::vec4(1, 0, 0, 1)));
  if (q.color)
    p.attributes["COLOR_0"] = b.addVec4(std::vector<glm::vec4>(4, glm::vec4(kVertexColor)));
  p.indices = b.addIndices({0, 1, 2, 0, 2, 3});
  p.material = material;
  return b.addMesh({p});
}

// Camera node 0, then the quad (node 1) with the material `material` adds to the builder (null:
// none, the default material).
AssetBuilder quadAsset(const std::function<json(AssetBuilder&)>& material, const QuadDesc& q = {}) {
  AssetBuilder b;
  const int camera = b.addPerspectiveCamera(0.6f, 0.1f);
  const int cameraNode = b.addNode({{"camera", camera}, {"translation", {0, 0, 3}}});
  const int index = material ? b.addMaterial(material(b)) : -1;
  const int quad = b.addMeshNode(addQuadMesh(b, index, q));
  b.json()["extensionsUsed"] = {"KHR_texture_transform",
                                "KHR_materials_emissive_strength",
                                "KHR_materials_ior",
                                "KHR_materials_specular",
                                "KHR_materials_sheen",
                                "KHR_materials_clearcoat",
                                "KHR_materials_transmission",
                                "KHR_materials_volume",
                                "KHR_materials_iridescence",
                                "KHR_materials_anisotropy",
                                "KHR_materials_diffuse_transmission",
                                "KHR_animation_pointer"};
  b.addScene({cameraNode, quad});
  return b;
}

class ChannelTest : public RendererTest {
 public:
  void load(const AssetBuilder& b) {
    bound_ = bindAsset(b);
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.warnings, std::vector<std::string>{});
    const renderer::SceneResult r = renderer_->setScene(*bound_.scene, bound_.scene->activeScene);
    ASSERT_TRUE(r.shown) << r.error;
    view_ = cameraView(*bound_.scene, kCameraNode, kSize, kSize);
    view_.clearColor = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  }
  Pixels render(int channel) {
    view_.channel = channel;
    return renderer_->renderOffscreen(view_, kSize, kSize);
  }
  // TEXCOORD_0 of the quad at a pixel (its point on z = 0), unmirrored.
  glm::dvec2 uvAt(glm::ivec2 pixel) const {
    const glm::vec3 p = surfacePoint(view_, pixel, kSize, kSize, glm::vec3(0.0f), {0, 0, 1});
    return {(1.0 + p.x) / 2.0, (1.0 - p.y) / 2.0};
  }

  Bound bound_;
  View view_;
};

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

// |actual - expected| <= tolerance in r, g and b: for colour channels the sRGB encoding of the
// linear `expected`, for the others 255 x the stored value.
::testing::AssertionResult channelNear(int channel, glm::u8vec4 actual, const glm::dvec3& expected,
                                       float tolerance) {
  const bool color = renderer::channelInfo(channel).encoding == renderer::ChannelEncoding::Color;
  if (color) return colorNear(actual, glm::vec3(expected), tolerance);
  for (int c = 0; c < 3; ++c) {
    const double want = 255.0 * expected[c];
    if (std::abs(double(actual[c]) - want) > tolerance)
      return ::testing::AssertionFailure()
             << "(" << int(actual.r) << ", " << int(actual.g) << ", " << int(actual.b)
             << ") but expected (" << 255.0 * expected.r << ", " << 255.0 * expected.g << ", "
             << 255.0 * expected.b << ")";
  }
  return ::testing::AssertionSuccess();
}

// The neutral checker of a material that lacks the input: 8-pixel squares of 77 and 128.
bool isNotInMaterial(const Pixels& pixels, glm::ivec2 p) {
  const glm::u8vec4 c = pixelAt(pixels, p.x, p.y);
  const int want = ((p.x / 8 + p.y / 8) & 1) == 0 ? 77 : 128;
  return std::abs(c.r - want) <= 1 && c.r == c.g && c.g == c.b;
}

std::vector<glm::ivec2> imageGrid() {
  std::vector<glm::ivec2> out;
  for (int y = 3; y < int(kSize) - 3; y += 3)
    for (int x = 3; x < int(kSize) - 3; x += 3) out.push_back({x, y});
  return out;
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
