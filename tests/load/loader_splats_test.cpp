// KHR_gaussian_splatting primitives (load/splats/load_splats.h): the attributes of the
// extension's table read and dequantized (glTF 2.0 §3.11), strides, spherical-harmonic degrees
// and their order, the errors that refuse an asset, the warnings and what is drawn instead, the
// compression fallback to the point cloud, the memory budget and the splats' bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "load_splats.h"
#include "memory_budget.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

const std::string kAt = "/meshes/0/primitives/0";
const std::string kAttr = kAt + "/attributes/KHR_gaussian_splatting:";

// `n` splats of `degree`, every value distinct and exactly representable.
SplatData makeSplats(uint32_t n, uint32_t degree = 0) {
  SplatData d;
  d.degree = degree;
  const glm::vec4 rotations[] = {
      {0, 0, 0, 1}, {1, 0, 0, 0}, {0.5f, 0.5f, 0.5f, 0.5f}, {0, 1, 0, 0}};
  const uint32_t coefficients = (degree + 1) * (degree + 1);
  for (uint32_t i = 0; i < n; ++i) {
    d.positions.push_back({float(i), 2.0f * float(i), -0.5f});
    d.rotations.push_back(rotations[i % 4]);
    d.scales.push_back({0.25f + float(i), 0.5f, 0.125f});
    d.opacities.push_back(float(i % 5) / 4.0f);
    for (uint32_t k = 0; k < coefficients; ++k)
      d.sh.push_back({float(i), float(k), float(i * 100 + k) / 8.0f});
  }
  return d;
}

// One node holding the splat mesh of `d`.
AssetBuilder splatAsset(const SplatData& d, const json& extension = defaultSplatExtension()) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addSplatMesh(d, extension))});
  return b;
}
AssetBuilder splatAsset(const std::map<std::string, int>& attributes, AssetBuilder b,
                        const json& extension = defaultSplatExtension()) {
  b.addScene({b.addMeshNode(b.addSplatMesh(attributes, extension))});
  return b;
}

// The first primitive of the first mesh (the test fails without one).
const scene::Primitive& primitive(const scene::LoadResult& r) {
  static const scene::Primitive kNone;
  EXPECT_EQ(r.error, "");
  if (!r.scene || r.scene->meshes.empty() || r.scene->meshes[0].primitives.empty()) {
    ADD_FAILURE() << "no primitive";
    return kNone;
  }
  return r.scene->meshes[0].primitives[0];
}

const scene::SplatCloud& cloudOf(const scene::LoadResult& r) {
  static const scene::SplatCloud kNone;
  const scene::Primitive& p = primitive(r);
  if (!p.splats) {
    ADD_FAILURE() << "no splats";
    return kNone;
  }
  return *p.splats;
}

TEST(Splats, FloatAttributesRoundTripExactly) {
  const SplatData d = makeSplats(5);
  const scene::LoadResult r = load(splatAsset(d));
  const scene::Primitive& p = primitive(r);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();  // attribute names and extension too
  ASSERT_TRUE(p.splats);
  const scene::SplatCloud& c = *p.splats;
  EXPECT_EQ(c.count, 5u);
  EXPECT_EQ(c.degree, 0u);
  EXPECT_EQ(c.colorSpace, scene::SplatColorSpace::SrgbDisplay);
  EXPECT_EQ(c.positions, d.positions);
  EXPECT_EQ(c.rotations, d.rotations);
  EXPECT_EQ(c.scales, d.scales);
  EXPECT_EQ(c.opacities, d.opacities);
  EXPECT_EQ(c.sh, d.sh);
  // The primitive holds the cloud alone.
  EXPECT_EQ(p.topology, scene::Topology::Points);
  EXPECT_EQ(p.sourceVertexCount, 5u);
  EXPECT_TRUE(p.positions.empty());
  EXPECT_TRUE(p.indices.empty());
  EXPECT_TRUE(p.colors.empty());
  EXPECT_EQ(p.material, -1);
}

TEST(Splats, LinearColorSpace) {
  json ext = defaultSplatExtension();
  ext["colorSpace"] = "lin_rec709_display";
  ext["projection"] = "perspective";
  ext["sortingMethod"] = "cameraDistance";
  const scene::LoadResult r = load(splatAsset(makeSplats(2), ext));
  EXPECT_EQ(cloudOf(r).colorSpace, scene::SplatColorSpace::LinearDisplay);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
}

// One attribute replaced by raw components of another component type.
struct Quantized {
  const char* semantic;
  const char* type;
  int componentType;
  bool normalized;
  std::vector<double> raw;      // two elements' components
  std::vector<float> expected;  // what the loader reads
};

TEST(Splats, EveryQuantizedComponentTypeIsDequantized) {
  const Quantized cases[] = {
      // normalized BYTE: max(c / 127, -1); the quaternions stay unit so normalizing keeps them
      {"ROTATION",
       "VEC4",
       gl::kByte,
       true,
       {0, 0, 0, 127, -128, 0, 0, 0},
       {0, 0, 0, 1, -1, 0, 0, 0}},
      {"ROTATION",
       "VEC4",
       gl::kShort,
       true,
       {0, 32767, 0, 0, 0, 0, -32768, 0},
       {0, 1, 0, 0, 0, 0, -1, 0}},
      {"SCALE", "VEC3", gl::kUnsignedByte, false, {0, 1, 255, 7, 8, 9}, {0, 1, 255, 7, 8, 9}},
      {"SCALE",
       "VEC3",
       gl::kUnsignedByte,
       true,
       {0, 51, 255, 1, 2, 3},
       {0, 51 / 255.0f, 1, 1 / 255.0f, 2 / 255.0f, 3 / 255.0f}},
      {"SCALE",
       "VEC3",
       gl::kUnsignedShort,
       false,
       {0, 2, 65535, 300, 4, 5},
       {0, 2, 65535, 300, 4, 5}},
      {"SCALE",
       "VEC3",
       gl::kUnsignedShort,
       true,
       {0, 13107, 65535, 1, 2, 3},
       {0, 13107 / 65535.0f, 1, 1 / 65535.0f, 2 / 65535.0f, 3 / 65535.0f}},
      {"OPACITY", "SCALAR", gl::kUnsignedByte, true, {128, 255}, {128 / 255.0f, 1}},
      {"OPACITY", "SCALAR", gl::kUnsignedShort, true, {32768, 1}, {32768 / 65535.0f, 1 / 65535.0f}},
  };
  for (const Quantized& q : cases) {
    SCOPED_TRACE(std::string(q.semantic) + " " + std::to_string(q.componentType) +
                 (q.normalized ? " normalized" : ""));
    AssetBuilder b;
    std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2));
    a[std::string("KHR_gaussian_splatting:") + q.semantic] =
        b.addComponents(q.raw, q.type, q.componentType, q.normalized);
    const scene::LoadResult r = load(splatAsset(a, b));
    const scene::SplatCloud& c = cloudOf(r);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
    ASSERT_EQ(c.count, 2u);
    std::vector<float> got;
    for (uint32_t i = 0; i < 2; ++i) {
      if (std::string(q.semantic) == "ROTATION")
        for (int k = 0; k < 4; ++k) got.push_back(c.rotations[i][k]);
      if (std::string(q.semantic) == "SCALE")
        for (int k = 0; k < 3; ++k) got.push_back(c.scales[i][k]);
      if (std::string(q.semantic) == "OPACITY") got.push_back(c.opacities[i]);
    }
    ASSERT_EQ(got.size(), q.expected.size());
    for (size_t k = 0; k < got.size(); ++k) EXPECT_FLOAT_EQ(got[k], q.expected[k]) << k;
  }
}

TEST(Splats, QuantizedPositionsNeedKhrMeshQuantization) {
  AssetBuilder b;
  std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2));
  a["POSITION"] = b.addComponents({-3, 0, 7, 127, -128, 1}, "VEC3", gl::kByte, true);
  AssetBuilder without = splatAsset(a, b);
  EXPECT_EQ(errorOf(without), kAt + "/attributes/POSITION: accessor " +
                                  std::to_string(a["POSITION"]) +
                                  " must be VEC3 of FLOAT (is VEC3 of normalized BYTE)");
  b.addExtensionUsed("KHR_mesh_quantization", true);
  const scene::LoadResult r = load(splatAsset(a, b));
  const scene::SplatCloud& c = cloudOf(r);
  ASSERT_EQ(c.count, 2u);
  EXPECT_FLOAT_EQ(c.positions[0].x, -3 / 127.0f);
  EXPECT_FLOAT_EQ(c.positions[0].z, 7 / 127.0f);
  EXPECT_FLOAT_EQ(c.positions[1].y, -1.0f);  // max(-128 / 127, -1)
}

TEST(Splats, StridedAndInterleavedAccessors) {
  const SplatData d = makeSplats(3);
  AssetBuilder b;
  std::map<std::string, int> a = b.addSplatAttributes(d);
  // SCALE alone in a view of stride 16; OPACITY normalized UNSIGNED_BYTE with stride 4.
  std::vector<double> scales, opacities;
  for (const glm::vec3& s : d.scales) scales.insert(scales.end(), {s.x, s.y, s.z});
  for (float o : d.opacities) opacities.push_back(std::round(o * 255));
  a["KHR_gaussian_splatting:SCALE"] = b.addComponents(scales, "VEC3", gl::kFloat, false, 16);
  a["KHR_gaussian_splatting:OPACITY"] =
      b.addComponents(opacities, "SCALAR", gl::kUnsignedByte, true, 4);
  // ROTATION (normalized SHORT, 8 bytes) and SH_DEGREE_0_COEF_0 (12 bytes) interleaved.
  std::vector<uint8_t> bytes;
  for (uint32_t i = 0; i < 3; ++i) {
    for (int k = 0; k < 4; ++k) {
      const auto c = int16_t(std::lround(d.rotations[i][k] * 32767));
      bytes.insert(bytes.end(), {uint8_t(c), uint8_t(uint16_t(c) >> 8)});
    }
    const std::vector<uint8_t> sh = bytesOf(std::vector<glm::vec3>{d.sh[i]});
    bytes.insert(bytes.end(), sh.begin(), sh.end());
  }
  AccessorDesc rotation;
  rotation.bufferView = b.addBufferView(bytes, 20);
  rotation.componentType = gl::kShort;
  rotation.normalized = true;
  rotation.type = "VEC4";
  rotation.count = 3;
  AccessorDesc sh = rotation;
  sh.byteOffset = 8;
  sh.componentType = gl::kFloat;
  sh.normalized = false;
  sh.type = "VEC3";
  a["KHR_gaussian_splatting:ROTATION"] = b.addAccessor(rotation);
  a["KHR_gaussian_splatting:SH_DEGREE_0_COEF_0"] = b.addAccessor(sh);
  const scene::LoadResult r = load(splatAsset(a, b));
  const scene::SplatCloud& c = cloudOf(r);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  ASSERT_EQ(c.count, 3u);
  EXPECT_EQ(c.scales, d.scales);
  EXPECT_EQ(c.sh, d.sh);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_FLOAT_EQ(c.opacities[i], float(std::round(d.opacities[i] * 255) / 255.0));
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(c.rotations[i][k], d.rotations[i][k], 1e-6) << i;
  }
}

TEST(Splats, DegreesOneAndThreeKeepTheCoefficientOrder) {
  for (uint32_t degree : {1u, 3u}) {
    const SplatData d = makeSplats(4, degree);
    const scene::LoadResult r = load(splatAsset(d));
    const scene::SplatCloud& c = cloudOf(r);
    EXPECT_EQ(c.degree, degree);
    EXPECT_EQ(c.coefficientsPerSplat(), (degree + 1) * (degree + 1));
    EXPECT_EQ(c.sh, d.sh) << degree;
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  }
  // Named explicitly: SH_DEGREE_1_COEF_2 (m = 1) is coefficient 1 * 1 + 2 = 3.
  AssetBuilder b;
  std::map<std::string, int> a = b.addSplatAttributes(makeSplats(1, 0));
  for (int n = 0; n < 3; ++n)
    a["KHR_gaussian_splatting:SH_DEGREE_1_COEF_" + std::to_string(n)] =
        b.addVec3({glm::vec3(float(n + 1), -float(n + 1), 0.5f)});
  const scene::LoadResult r = load(splatAsset(a, b));
  const scene::SplatCloud& c = cloudOf(r);
  ASSERT_EQ(c.sh.size(), 4u);
  EXPECT_EQ(c.sh[1], glm::vec3(1, -1, 0.5f));
  EXPECT_EQ(c.sh[3], glm::vec3(3, -3, 0.5f));
}

TEST(Splats, APartialDegreeIsIgnoredWithTheOnesAbove) {
  AssetBuilder b;
  std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2, 3));
  a.erase("KHR_gaussian_splatting:SH_DEGREE_2_COEF_3");
  const scene::LoadResult r = load(splatAsset(a, b));
  const scene::SplatCloud& c = cloudOf(r);
  EXPECT_EQ(c.degree, 1u);
  EXPECT_EQ(c.sh.size(), 2u * 4);
  EXPECT_EQ(warningsOf(r),
            std::vector<std::string>{kAt + "/attributes: spherical-harmonic degree 2 has 4 of "
                                           "the 5 coefficients (KHR_gaussian_splatting:SH_DEGREE_"
                                           "2_COEF_3 is missing): degrees 2 and above are "
                                           "ignored, drawn with degree 1"});
  // A degree without the one below it.
  AssetBuilder b2;
  std::map<std::string, int> a2 = b2.addSplatAttributes(makeSplats(2, 2));
  a2.erase("KHR_gaussian_splatting:SH_DEGREE_1_COEF_0");
  a2.erase("KHR_gaussian_splatting:SH_DEGREE_1_COEF_1");
  a2.erase("KHR_gaussian_splatting:SH_DEGREE_1_COEF_2");
  const scene::LoadResult r2 = load(splatAsset(a2, b2));
  EXPECT_EQ(cloudOf(r2).degree, 0u);
  EXPECT_EQ(warningsOf(r2), std::vector<std::string>{
                                kAt + "/attributes: spherical-harmonic degree 2 has no complete "
                                      "degree 1: degrees 2 and above are ignored, drawn with "
                                      "degree 0"});
}

TEST(Splats, AMissingRequiredAttributeRefusesTheAsset) {
  for (const char* name : {"ROTATION", "SCALE", "OPACITY", "SH_DEGREE_0_COEF_0"}) {
    AssetBuilder b;
    std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2));
    a.erase(std::string("KHR_gaussian_splatting:") + name);
    EXPECT_EQ(errorOf(splatAsset(a, b)), kAt + "/attributes: KHR_gaussian_splatting:" + name +
                                             " is missing (required by KHR_gaussian_splatting)");
  }
}

TEST(Splats, AWrongFormatOrCountRefusesTheAsset) {
  struct Case {
    const char* semantic;
    const char* type;
    int componentType;
    bool normalized;
    uint32_t count;
    std::string error;  // after "<attribute>: accessor N "
  };
  const Case cases[] = {
      {"ROTATION", "VEC4", gl::kUnsignedByte, true, 2,
       "must be VEC4 of FLOAT, normalized BYTE or normalized SHORT (is VEC4 of normalized "
       "UNSIGNED_BYTE)"},
      {"ROTATION", "VEC4", gl::kByte, false, 2,
       "must be VEC4 of FLOAT, normalized BYTE or normalized SHORT (is VEC4 of BYTE)"},
      {"ROTATION", "VEC3", gl::kFloat, false, 2,
       "must be VEC4 of FLOAT, normalized BYTE or normalized SHORT (is VEC3 of FLOAT)"},
      {"SCALE", "VEC3", gl::kByte, true, 2,
       "must be VEC3 of FLOAT, UNSIGNED_BYTE, normalized UNSIGNED_BYTE, UNSIGNED_SHORT or "
       "normalized UNSIGNED_SHORT (is VEC3 of normalized BYTE)"},
      {"OPACITY", "SCALAR", gl::kUnsignedByte, false, 2,
       "must be SCALAR of FLOAT, normalized UNSIGNED_BYTE or normalized UNSIGNED_SHORT (is SCALAR "
       "of UNSIGNED_BYTE)"},
      {"SH_DEGREE_0_COEF_0", "VEC3", gl::kShort, true, 2,
       "must be VEC3 of FLOAT (is VEC3 of normalized SHORT)"},
      {"SCALE", "VEC3", gl::kFloat, false, 3, "has 3 elements, POSITION has 2"},
  };
  for (const Case& k : cases) {
    AssetBuilder b;
    std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2));
    const int accessor = b.addComponents(std::vector<double>(k.count * 4, 1.0), "VEC4",
                                         k.componentType, k.normalized);
    b.json()["accessors"][size_t(accessor)]["type"] = k.type;
    b.json()["accessors"][size_t(accessor)]["count"] = k.count;
    a[std::string("KHR_gaussian_splatting:") + k.semantic] = accessor;
    EXPECT_EQ(errorOf(splatAsset(a, b)),
              kAttr + k.semantic + ": accessor " + std::to_string(accessor) + " " + k.error);
  }
}

TEST(Splats, UnknownPropertiesAreWarnedAndDrawnWithTheDefaults) {
  const json ext = {{"kernel", "customShape"},
                    {"colorSpace", 7},
                    {"projection", "orthographic"},
                    {"sortingMethod", "zDepth"}};
  const scene::LoadResult r = load(splatAsset(makeSplats(2), ext));
  EXPECT_EQ(cloudOf(r).colorSpace, scene::SplatColorSpace::SrgbDisplay);
  const std::string e = kAt + "/extensions/KHR_gaussian_splatting";
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                e + "/kernel: unknown kernel \"customShape\"; drawn with the ellipse kernel",
                e + "/colorSpace: unknown colorSpace 7; drawn as srgb_rec709_display",
                e + "/projection: unknown projection \"orthographic\"; drawn with the perspective "
                    "projection",
                e + "/sortingMethod: unknown sortingMethod \"zDepth\"; sorted by camera "
                    "distance"}));
  const scene::LoadResult missing = load(splatAsset(makeSplats(2), json::object()));
  EXPECT_TRUE(primitive(missing).splats);
  EXPECT_EQ(warningsOf(missing),
            (std::vector<std::string>{
                e + ": kernel is missing (required); drawn with the ellipse kernel",
                e + ": colorSpace is missing (required); drawn as srgb_rec709_display"}));
}

TEST(Splats, ModeOtherThanPointsIsDrawnAsSplats) {
  AssetBuilder b = splatAsset(makeSplats(2));
  json& prim = b.json()["meshes"][0]["primitives"][0];
  prim["mode"] = gl::kTriangles;
  const scene::LoadResult r = load(b);
  EXPECT_TRUE(primitive(r).splats);
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{kAt + "/mode: mode is 4, "
                                                          "KHR_gaussian_splatting requires POINTS "
                                                          "(0); drawn as splats"});
  prim.erase("mode");
  prim["indices"] = b.addIndices({0, 1});
  EXPECT_EQ(warningsOf(load(b)),
            (std::vector<std::string>{
                kAt + ": mode is 4 (the default), KHR_gaussian_splatting requires POINTS (0); "
                      "drawn as splats",
                kAt + "/indices: ignored by KHR_gaussian_splatting: each splat is drawn once"}));
}

TEST(Splats, ForbiddenValuesAreRepairedWithAWarning) {
  SplatData d = makeSplats(4);
  d.scales[1] = {-1, 2, -3};
  d.scales[3] = {1, -2, 3};
  d.opacities[2] = 1.5f;
  d.rotations[0] = {0, 0, 0, 0};
  d.rotations[2] = {0, 0, 0, 2};
  d.rotations[3] = {0, 0, 0, 1.00001f};  // close to unit: normalized silently
  const scene::LoadResult r = load(splatAsset(d));
  const scene::SplatCloud& c = cloudOf(r);
  ASSERT_EQ(c.count, 4u);
  EXPECT_EQ(c.scales[1], glm::vec3(1, 2, 3));
  EXPECT_EQ(c.scales[3], glm::vec3(1, 2, 3));
  EXPECT_EQ(c.opacities[2], 1.0f);
  EXPECT_EQ(c.rotations[0], glm::vec4(0, 0, 0, 1));
  EXPECT_EQ(c.rotations[2], glm::vec4(0, 0, 0, 1));
  EXPECT_EQ(c.rotations[3], glm::vec4(0, 0, 0, 1));
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                kAttr + "ROTATION: zero quaternions in 1 splat (first: splat 0); drawn "
                        "unrotated (identity)",
                kAttr + "ROTATION: quaternions not of unit length in 1 splat (first: splat 2, "
                        "2); normalized",
                kAttr + "SCALE: negative values in 2 splats (first: splat 1); drawn with their "
                        "absolute values (the covariance is the same)",
                kAttr + "OPACITY: values outside [0, 1] in 1 splat (first: splat 2, 1.5); "
                        "clamped to [0, 1]"}));
}

TEST(Splats, NonFiniteValuesHideTheirSplatAndNonFinitePositionsRefuse) {
  SplatData d = makeSplats(3, 1);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  d.scales[1].y = nan;
  d.sh[2 * 4 + 3].x = std::numeric_limits<float>::infinity();
  const scene::LoadResult r = load(splatAsset(d));
  const scene::SplatCloud& c = cloudOf(r);
  ASSERT_EQ(c.count, 3u);
  EXPECT_EQ(c.opacities[1], 0.0f);
  EXPECT_EQ(c.scales[1], glm::vec3(0));
  EXPECT_EQ(c.opacities[2], 0.0f);
  EXPECT_EQ(c.sh[2 * 4 + 3], glm::vec3(0));
  EXPECT_EQ(c.opacities[0], d.opacities[0]);
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                kAttr + "SCALE: non-finite values in 1 splat (first: splat 1); those splats are "
                        "not drawn (opacity 0)",
                kAttr + "SH_DEGREE_1_COEF_2: non-finite values in 1 splat (first: splat 2); "
                        "those splats are not drawn (opacity 0)"}));
  d.positions[2].z = nan;
  EXPECT_EQ(errorOf(splatAsset(d)), kAt + "/attributes/POSITION: value 2 is not finite");
}

TEST(Splats, ACompressionExtensionFallsBackToThePointCloud) {
  json ext = defaultSplatExtension();
  ext["extensions"]["KHR_gaussian_splatting_compression_spz_2"] = {{"bufferView", 0}};
  AssetBuilder b;
  const SplatData d = makeSplats(3);
  std::map<std::string, int> a = b.addSplatAttributes(d);
  a["COLOR_0"] = b.addVec4(std::vector<glm::vec4>(3, glm::vec4(0.25f, 0.5f, 1, 1)));
  b = splatAsset(a, b, ext);
  b.addExtensionUsed("KHR_gaussian_splatting_compression_spz_2");
  const scene::LoadResult r = load(b);
  const scene::Primitive& p = primitive(r);
  EXPECT_FALSE(p.splats);
  EXPECT_EQ(p.topology, scene::Topology::Points);
  EXPECT_EQ(p.positions, d.positions);
  EXPECT_EQ(p.colors, std::vector<glm::vec4>(3, glm::vec4(0.25f, 0.5f, 1, 1)));
  EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                "/extensionsUsed/1: extension KHR_gaussian_splatting_compression_spz_2 is not "
                "supported: what it adds is not drawn",
                kAt + "/extensions/KHR_gaussian_splatting/extensions/"
                      "KHR_gaussian_splatting_compression_spz_2: "
                      "KHR_gaussian_splatting_compression_spz_2 is not supported: drawn as the "
                      "point cloud the extension prescribes as fallback"}));
  // Required: refused as every extension Vitrine does not draw.
  b.addExtensionUsed("KHR_gaussian_splatting_compression_spz_2", true);
  EXPECT_EQ(errorOf(b),
            "/extensionsRequired/0: required extension KHR_gaussian_splatting_compression_spz_2 "
            "is not supported");
}

TEST(Splats, AnotherNestedExtensionIsIgnored) {
  json ext = {{"kernel", "customShape"}, {"colorSpace", "srgb_rec709_display"}};
  ext["extensions"]["EXT_gaussian_splatting_kernel_customShape"] = {{"customParameter1", 1.0}};
  const scene::LoadResult r = load(splatAsset(makeSplats(2), ext));
  EXPECT_TRUE(primitive(r).splats);
  const std::string e = kAt + "/extensions/KHR_gaussian_splatting";
  EXPECT_EQ(warningsOf(r),
            (std::vector<std::string>{
                e + "/extensions/EXT_gaussian_splatting_kernel_customShape: "
                    "EXT_gaussian_splatting_kernel_customShape is not supported: ignored, drawn "
                    "as KHR_gaussian_splatting alone defines the splats",
                e + "/kernel: unknown kernel \"customShape\"; drawn with the ellipse kernel"}));
}

TEST(Splats, UnknownSemanticsOfTheExtensionAreWarnedOthersIgnored) {
  AssetBuilder b;
  std::map<std::string, int> a = b.addSplatAttributes(makeSplats(2));
  a["KHR_gaussian_splatting:SH_DEGREE_4_COEF_0"] = a["KHR_gaussian_splatting:SCALE"];
  a["EXT_custom:CUSTOM_ATTRIBUTE"] = a["KHR_gaussian_splatting:SCALE"];
  const scene::LoadResult r = load(splatAsset(a, b));
  EXPECT_TRUE(primitive(r).splats);
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{kAttr + "SH_DEGREE_4_COEF_0: not an "
                                                            "attribute of KHR_gaussian_splatting;"
                                                            " ignored"});
}

TEST(Splats, TheExtensionMustBeAnObject) {
  AssetBuilder b = splatAsset(makeSplats(2));
  b.json()["meshes"][0]["primitives"][0]["extensions"]["KHR_gaussian_splatting"] = true;
  EXPECT_EQ(errorOf(b),
            kAt + "/extensions/KHR_gaussian_splatting: expected a JSON object, got true");
}

TEST(Splats, TheCloudIsReservedBeforeItIsAllocatedAndKept) {
  const SplatData d = makeSplats(100, 3);
  const AssetBuilder b = splatAsset(d);
  const uint64_t bytes = scene::SplatCloud::bytesFor(100, 3);
  scene::GltfDocument doc;
  ASSERT_EQ(parseInMemory(b, doc), "");
  const json& prim = doc.json["meshes"][0]["primitives"][0];
  std::vector<std::string> warnings;
  scene::SplatPrimitive out;
  // Refused: nothing allocated, nothing left reserved.
  doc.budget = std::make_shared<scene::MemoryBudget>(bytes - 1);
  EXPECT_EQ(scene::loadSplatPrimitive(doc, prim, kAt, warnings, out),
            kAt + ": splats (100 Gaussians of spherical-harmonic degree 3) needs " +
                scene::formatBytes(bytes) + ", more than the " + scene::formatBytes(bytes - 1) +
                " left of the " + scene::formatBytes(bytes - 1) + " memory budget (--max-memory)");
  EXPECT_FALSE(out.cloud);
  EXPECT_EQ(doc.budget->used(), 0u);
  // Accepted: the cloud stays reserved, the decoded accessors do not.
  doc.budget = std::make_shared<scene::MemoryBudget>(bytes + 1600 * 4);
  ASSERT_EQ(scene::loadSplatPrimitive(doc, prim, kAt, warnings, out), "");
  ASSERT_TRUE(out.cloud);
  EXPECT_EQ(doc.budget->used(), bytes);
  EXPECT_LE(doc.budget->peak(), bytes + 100 * 4 * 4);  // one accessor decoded at a time
  EXPECT_TRUE(warnings.empty());
  // A whole load checks what the meshes declare first.
  scene::LoadOptions options;
  options.maxMemoryBytes = b.bin().size() + bytes;
  const scene::LoadResult r = scene::loadScene(b.writeGlb("gen_Splats_budget"), {}, options);
  EXPECT_NE(r.error.find("/meshes: vertex and index data of the drawn meshes needs"),
            std::string::npos)
      << r.error;
}

TEST(Splats, BoundsHoldEverySplatToThreeSigma) {
  SplatData d = makeSplats(2);
  d.positions = {{1, 2, 3}, {-10, 0, 0}};
  d.scales = {{1, 2, 3}, {0, 0, 0}};
  const float h = std::sqrt(0.5f);
  d.rotations = {{0, 0, h, h}, {0, 0, 0, 1}};  // 90 degrees about z: x and y extents swap
  const scene::LoadResult r = load(splatAsset(d));
  const scene::Primitive& p = primitive(r);
  ASSERT_TRUE(p.splats);
  const glm::vec3 lo(-10, 2 - 3, 3 - 9), hi(1 + 6, 2 + 3, 3 + 9);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(p.bounds.min[k], lo[k], 1e-5) << k;
    EXPECT_NEAR(p.bounds.max[k], hi[k], 1e-5) << k;
  }
}

}  // namespace
}  // namespace vitrine::test
