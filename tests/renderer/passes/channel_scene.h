// The asset of the channel view tests (issue 22), shared by their files: a camera at z = 3
// looking down -z (yfov 0.6), so that a quad -1..1 at z = 0 fills the image. The quad's
// TEXCOORD_0 is ((x + 1) / 2, (1 - y) / 2), its TEXCOORD_1 the same transposed, so that a
// texture read through the wrong set fails. everySlotMaterial() textures every slot of the
// core material and of the KHR_materials_* extensions, each with its own 4x4 image (nearest,
// repeat) whose every texel differs in every channel from those of the other images, some
// slots on set 1 and some with a KHR_texture_transform: a wrong texture, texel channel, uv
// set, transform or colour space fails.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "channels.h"
#include "png_writer.h"
#include "render_fixture.h"

namespace vitrine::test::channels {

using anim::test::bindAsset;
using anim::test::Bound;
using nlohmann::json;

inline constexpr int kTexels = 4;  // every texture is kTexels x kTexels
inline constexpr int kCameraNode = 0;

inline double srgbDecode(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// Texel (i, j) (column, row) of the image of slot `slot`: every channel in 20..235, different
// from slot to slot and channel to channel. The normal slots keep a blue of at least 200 (a
// tangent-space normal pointing out of the surface).
inline glm::u8vec4 texel(int slot, int i, int j) {
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
inline SlotRead slotRead(int slot) {
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
inline glm::dvec2 slotUv(int slot, glm::dvec2 uv0, glm::dvec2 uv1) {
  const SlotRead r = slotRead(slot);
  const glm::dvec2 uv = (r.set == 1 ? uv1 : uv0) * r.scale;
  const double c = std::cos(r.rotation), s = std::sin(r.rotation);
  return glm::dvec2(c * uv.x + s * uv.y, -s * uv.x + c * uv.y) + r.offset;
}

// The texel of `slot` at uv0/uv1 (repeat, nearest), or false when the point is within a fifth
// of a texel of a texel's edge.
inline bool sampleSlot(int slot, glm::dvec2 uv0, glm::dvec2 uv1, glm::dvec4* out) {
  const glm::dvec2 t = slotUv(slot, uv0, uv1) * double(kTexels);
  const glm::dvec2 f = t - glm::floor(t);
  if (f.x < 0.2 || f.x > 0.8 || f.y < 0.2 || f.y > 0.8) return false;
  const auto wrap = [](double v) { return ((int(std::floor(v)) % kTexels) + kTexels) % kTexels; };
  const glm::u8vec4 v = texel(slot, wrap(t.x), wrap(t.y));
  *out = glm::dvec4(v) / 255.0;
  return true;
}

// The material's factors.
inline const glm::dvec4 kBaseFactor(0.9, 0.8, 0.7, 0.85);
inline const glm::dvec4 kVertexColor(0.95, 0.9, 0.85, 0.9);
inline constexpr double kMetallic = 0.7, kRoughness = 0.6, kNormalScale = 0.8,
                        kOcclusionStrength = 0.7;
inline const glm::dvec3 kEmissive(0.6, 0.5, 0.4);
inline constexpr double kEmissiveStrength = 1.5;
inline constexpr double kSpecular = 0.8;
inline const glm::dvec3 kSpecularColor(0.9, 0.7, 0.5);
inline const glm::dvec3 kSheenColor(0.7, 0.6, 0.9);
inline constexpr double kSheenRoughness = 0.65, kClearcoat = 0.75, kClearcoatRoughness = 0.55;
inline constexpr double kClearcoatNormalScale = 0.6, kTransmission = 0.85, kThickness = 0.5;
inline constexpr double kIridescence = 0.9, kThicknessMin = 100.0, kThicknessMax = 900.0;
inline constexpr double kAnisotropy = 0.6, kDiffuseTransmission = 0.45;
inline const glm::dvec3 kDiffuseTransmissionColor(0.8, 0.9, 0.6);

// A 4x4 PNG of slot `slot`'s texels.
inline int addSlotTexture(AssetBuilder& b, int slot) {
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

inline json textureInfo(AssetBuilder& b, int slot) {
  const SlotRead r = slotRead(slot);
  json info = {{"index", addSlotTexture(b, slot)}, {"texCoord", r.set}};
  if (r.offset != glm::dvec2(0.0) || r.scale != glm::dvec2(1.0) || r.rotation != 0.0)
    info["extensions"]["KHR_texture_transform"] = {{"offset", {r.offset.x, r.offset.y}},
                                                   {"scale", {r.scale.x, r.scale.y}},
                                                   {"rotation", r.rotation}};
  return info;
}

inline json vec(const glm::dvec3& v) {
  return {v.x, v.y, v.z};
}

// The material with every slot textured and every layer present.
inline json everySlotMaterial(AssetBuilder& b) {
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
inline glm::dvec2 texcoordOf(int set, glm::dvec2 uv0) {
  if (set == 0) return uv0;
  if (set == 1) return {uv0.y, uv0.x};
  return {0.05 + uv0.x * (0.9 - 0.1 * set), 0.9 - uv0.y * (0.1 * set)};
}

inline int addQuadMesh(AssetBuilder& b, int material, const QuadDesc& q) {
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
inline AssetBuilder quadAsset(const std::function<json(AssetBuilder&)>& material,
                              const QuadDesc& q = {}) {
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

// |actual - expected| <= tolerance in r, g and b: for colour channels the sRGB encoding of the
// linear `expected`, for the others 255 x the stored value.
inline ::testing::AssertionResult channelNear(int channel, glm::u8vec4 actual,
                                              const glm::dvec3& expected, float tolerance) {
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
inline bool isNotInMaterial(const Pixels& pixels, glm::ivec2 p) {
  const glm::u8vec4 c = pixelAt(pixels, p.x, p.y);
  const int want = ((p.x / 8 + p.y / 8) & 1) == 0 ? 77 : 128;
  return std::abs(c.r - want) <= 1 && c.r == c.g && c.g == c.b;
}

inline std::vector<glm::ivec2> imageGrid() {
  std::vector<glm::ivec2> out;
  for (int y = 3; y < int(kSize) - 3; y += 3)
    for (int x = 3; x < int(kSize) - 3; x += 3) out.push_back({x, y});
  return out;
}

}  // namespace vitrine::test::channels
