// KHR_mesh_quantization ("Extending Mesh Attributes", "Extending Morph Target Attributes"):
// every component type the extension adds loads when the asset uses the extension, dequantized
// at load (normalized integers by formulas.md "Normalized integers", the others as their
// value), and is refused without it with checkAttributeFormat()'s message. A type the
// extension does not add is refused with it too. Each row is one triangle whose quantized
// attribute holds the extremes of its component type.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "gltf_enums.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

constexpr uint32_t kVertices = 3;  // one triangle, not indexed
constexpr const char* kFile = "quantized.glb";

struct Case {
  const char* name;
  bool target;            // a displacement of morph target 0, else an attribute of the primitive
  const char* attribute;  // POSITION, NORMAL, TANGENT, TEXCOORD_0 or TEXCOORD_1
  const char* type;       // its accessor type
  int componentType;
  bool normalized;
  // What checkAttributeFormat() says the attribute must be when the row is refused without /
  // with KHR_mesh_quantization in extensionsUsed; nullptr: the row loads.
  const char* refusedWithout;
  const char* refusedWith = nullptr;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

// The stored integers, vertex after vertex: the type's extremes first, so that every row holds
// them (the lowest signed value exercises the clamp of max(c / 127, -1) and max(c / 32767, -1)).
std::vector<int> storedValues(const Case& c) {
  std::vector<int> pool;
  switch (c.componentType) {
    case gl::kByte:
      pool = {-128, 127, 0, -127, 1, -1, 64, -64, 100, -100, 2, -2};
      break;
    case gl::kUnsignedByte:
      pool = {0, 255, 1, 128, 254, 127, 2, 200, 51, 102, 3, 253};
      break;
    case gl::kShort:
      pool = {-32768, 32767, 0, -32767, 1, -1, 16384, -16384, 1000, -1000, 2, -2};
      break;
    default:
      pool = {0, 65535, 1, 32768, 65534, 32767, 2, 50000, 13107, 26214, 3, 65533};
  }
  const uint32_t n = scene::gltf::componentCount(c.type);
  std::vector<int> out(pool.begin(), pool.begin() + kVertices * n);
  // TANGENT's w is the handedness, +1 or -1 (§3.7.2.1): the largest value, then the lowest
  // (clamped to -1).
  if (n == 4) {
    const int high = c.componentType == gl::kByte ? 127 : 32767;
    for (uint32_t v = 0; v < kVertices; ++v) out[v * 4 + 3] = v % 2 ? -high - 1 : high;
  }
  return out;
}

// formulas.md "Normalized integers", computed in double; not normalized: the value itself.
float dequantized(int c, int componentType, bool normalized) {
  if (!normalized) return float(c);
  switch (componentType) {
    case gl::kByte:
      return float(std::max(c / 127.0, -1.0));
    case gl::kUnsignedByte:
      return float(c / 255.0);
    case gl::kShort:
      return float(std::max(c / 32767.0, -1.0));
    default:
      return float(c / 65535.0);
  }
}

// The row's accessor over `values`, each element padded to 4 bytes (§3.6.2.4; the extension:
// "a BYTE normal is expected to have a stride of 4, not 3"). POSITION gets min and max, in
// quantized values as the extension says.
int addQuantized(AssetBuilder& b, const Case& c, const std::vector<int>& values) {
  const uint32_t n = scene::gltf::componentCount(c.type);
  const uint32_t size = scene::gltf::componentSize(c.componentType);
  const uint32_t stride = (n * size + 3) / 4 * 4;
  std::vector<uint8_t> bytes(kVertices * stride, 0);
  for (uint32_t v = 0; v < kVertices; ++v) {
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t bits = uint32_t(values[v * n + k]);  // two's complement: little endian
      for (uint32_t i = 0; i < size; ++i) bytes[v * stride + k * size + i] = uint8_t(bits >> 8 * i);
    }
  }
  AccessorDesc d;
  d.bufferView = b.addBufferView(bytes, stride);
  d.componentType = c.componentType;
  d.normalized = c.normalized;
  d.type = c.type;
  d.count = kVertices;
  if (std::string(c.attribute) == "POSITION") {
    d.min.assign(n, 1e9);
    d.max.assign(n, -1e9);
    for (uint32_t i = 0; i < values.size(); ++i) {
      d.min[i % n] = std::min(d.min[i % n], double(values[i]));
      d.max[i % n] = std::max(d.max[i % n], double(values[i]));
    }
  }
  return b.addAccessor(d);
}

// The asset of row `c`: FLOAT streams for what the row does not quantize (NORMAL always, so that
// no flat normals un-weld the triangle or drop TANGENT), and for a target row the attribute it
// displaces. `accessor` receives the quantized accessor's index.
std::vector<uint8_t> rowAsset(const Case& c, bool withExtension, int& accessor) {
  AssetBuilder b;
  const std::string name = c.attribute;
  PrimitiveDesc p;
  if (c.target || name != "POSITION") {
    p.attributes["POSITION"] = b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  }
  if (c.target || name != "NORMAL") {
    p.attributes["NORMAL"] = b.addVec3(std::vector<glm::vec3>(kVertices, {0, 0, 1}));
  }
  if (c.target && name == "TANGENT") {
    p.attributes["TANGENT"] = b.addVec4(std::vector<glm::vec4>(kVertices, {1, 0, 0, 1}));
  }
  if (c.target && name.rfind("TEXCOORD_", 0) == 0) {
    p.attributes[name] = b.addVec2({{0, 0}, {1, 0}, {0, 1}});
  }
  accessor = addQuantized(b, c, storedValues(c));
  if (!c.target) p.attributes[name] = accessor;
  b.addMesh({p});
  if (c.target)
    b.json()["meshes"][0]["primitives"][0]["targets"] = json::array({{{name, accessor}}});
  b.addScene({b.addMeshNode(0)});
  if (withExtension) {
    // The extension "must" be required as well (its README, Overview).
    b.json()["extensionsUsed"] = json::array({"KHR_mesh_quantization"});
    b.json()["extensionsRequired"] = json::array({"KHR_mesh_quantization"});
  }
  return b.glbBytes();
}

template <class Vec>
std::vector<float> flatten(const std::vector<Vec>& stream) {
  std::vector<float> out;
  for (const Vec& e : stream)
    for (int k = 0; k < Vec::length(); ++k) out.push_back(e[k]);
  return out;
}

// Where the loader put the row's attribute (scene.h Primitive, MorphTarget), as floats.
std::vector<float> loadedValues(const scene::Primitive& p, const Case& c) {
  const std::string name = c.attribute;
  const int set = name == "TEXCOORD_1" ? 1 : 0;
  if (c.target) {
    if (p.targets.size() != 1) return {};
    const scene::MorphTarget& t = p.targets[0];
    if (name == "POSITION") return flatten(t.positions);
    if (name == "NORMAL") return flatten(t.normals);
    if (name == "TANGENT") return flatten(t.tangents);
    return flatten(t.texcoords[set]);
  }
  if (name == "POSITION") return flatten(p.positions);
  if (name == "NORMAL") return flatten(p.normals);
  if (name == "TANGENT") return flatten(p.tangents);
  return flatten(p.texcoords[set]);
}

// Loads row `c` and checks the outcome: its refusal (`refusedAs`: what the attribute must be)
// with the loader's whole message, or the decoded floats against the formulas.
void checkRow(const Case& c, bool withExtension, const char* refusedAs) {
  int accessor = -1;
  const std::vector<uint8_t> glb = rowAsset(c, withExtension, accessor);
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", kFile);
  if (refusedAs) {
    const std::string at = std::string(c.target ? "/meshes/0/primitives/0/targets/0/"
                                                : "/meshes/0/primitives/0/attributes/") +
                           c.attribute;
    EXPECT_EQ(r.error, std::string(kFile) + ": " + at + ": accessor " + std::to_string(accessor) +
                           " must be " + refusedAs + " (is " + c.type + " of " +
                           (c.normalized ? "normalized " : "") +
                           scene::gltf::componentTypeName(c.componentType) + ")");
    EXPECT_EQ(r.scene, nullptr);
    return;
  }
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.scene, nullptr);
  EXPECT_EQ(r.warnings, std::vector<std::string>{});
  ASSERT_EQ(r.scene->meshes.size(), 1u);
  ASSERT_EQ(r.scene->meshes[0].primitives.size(), 1u);
  const std::vector<int> stored = storedValues(c);
  const std::vector<float> loaded = loadedValues(r.scene->meshes[0].primitives[0], c);
  ASSERT_EQ(loaded.size(), stored.size());
  for (size_t i = 0; i < stored.size(); ++i) {
    SCOPED_TRACE("value " + std::to_string(i) + ", stored " + std::to_string(stored[i]));
    EXPECT_FLOAT_EQ(loaded[i], dequantized(stored[i], c.componentType, c.normalized));
  }
}

class Quantized : public testing::TestWithParam<Case> {};

TEST_P(Quantized, WithTheExtension) {
  checkRow(GetParam(), true, GetParam().refusedWith);
}

TEST_P(Quantized, WithoutTheExtension) {
  checkRow(GetParam(), false, GetParam().refusedWithout);
}

std::string rowName(const testing::TestParamInfo<Case>& info) {
  return info.param.name;
}

// What checkAttributeFormat() names as allowed without the extension (glTF 2.0 §3.7.2.1 and
// §3.7.2.2 tables).
constexpr const char* kVec2Core = "VEC2 of FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT";
constexpr const char* kVec3Float = "VEC3 of FLOAT";
constexpr const char* kVec4Float = "VEC4 of FLOAT";
constexpr const char* kTargetVec2Core =
    "VEC2 of FLOAT or normalized BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT";

// "Extending Mesh Attributes", every added type (and the two TEXCOORD_n types of the core, as
// controls: they load either way). TEXCOORD_0 and TEXCOORD_1 share the rule.
const Case kAttributes[] = {
    {"PositionByte", false, "POSITION", "VEC3", gl::kByte, false, kVec3Float},
    {"PositionByteNormalized", false, "POSITION", "VEC3", gl::kByte, true, kVec3Float},
    {"PositionUnsignedByte", false, "POSITION", "VEC3", gl::kUnsignedByte, false, kVec3Float},
    {"PositionUnsignedByteNormalized", false, "POSITION", "VEC3", gl::kUnsignedByte, true,
     kVec3Float},
    {"PositionShort", false, "POSITION", "VEC3", gl::kShort, false, kVec3Float},
    {"PositionShortNormalized", false, "POSITION", "VEC3", gl::kShort, true, kVec3Float},
    {"PositionUnsignedShort", false, "POSITION", "VEC3", gl::kUnsignedShort, false, kVec3Float},
    {"PositionUnsignedShortNormalized", false, "POSITION", "VEC3", gl::kUnsignedShort, true,
     kVec3Float},
    {"NormalByteNormalized", false, "NORMAL", "VEC3", gl::kByte, true, kVec3Float},
    {"NormalShortNormalized", false, "NORMAL", "VEC3", gl::kShort, true, kVec3Float},
    {"TangentByteNormalized", false, "TANGENT", "VEC4", gl::kByte, true, kVec4Float},
    {"TangentShortNormalized", false, "TANGENT", "VEC4", gl::kShort, true, kVec4Float},
    {"TexcoordByte", false, "TEXCOORD_0", "VEC2", gl::kByte, false, kVec2Core},
    {"TexcoordByteNormalized", false, "TEXCOORD_0", "VEC2", gl::kByte, true, kVec2Core},
    {"TexcoordUnsignedByte", false, "TEXCOORD_0", "VEC2", gl::kUnsignedByte, false, kVec2Core},
    {"TexcoordShort", false, "TEXCOORD_1", "VEC2", gl::kShort, false, kVec2Core},
    {"TexcoordShortNormalized", false, "TEXCOORD_1", "VEC2", gl::kShort, true, kVec2Core},
    {"TexcoordUnsignedShort", false, "TEXCOORD_1", "VEC2", gl::kUnsignedShort, false, kVec2Core},
    {"TexcoordUnsignedByteNormalizedCore", false, "TEXCOORD_0", "VEC2", gl::kUnsignedByte, true,
     nullptr},
    {"TexcoordUnsignedShortNormalizedCore", false, "TEXCOORD_1", "VEC2", gl::kUnsignedShort, true,
     nullptr},
};
INSTANTIATE_TEST_SUITE_P(QuantizationAttributes, Quantized, testing::ValuesIn(kAttributes),
                         rowName);

// "Extending Morph Target Attributes": the extension's extra types plus, for TEXCOORD_n, the
// normalized types §3.7.2.2 allows (core: they load either way).
const Case kTargets[] = {
    {"PositionByte", true, "POSITION", "VEC3", gl::kByte, false, kVec3Float},
    {"PositionByteNormalized", true, "POSITION", "VEC3", gl::kByte, true, kVec3Float},
    {"PositionShort", true, "POSITION", "VEC3", gl::kShort, false, kVec3Float},
    {"PositionShortNormalized", true, "POSITION", "VEC3", gl::kShort, true, kVec3Float},
    {"NormalByteNormalized", true, "NORMAL", "VEC3", gl::kByte, true, kVec3Float},
    {"NormalShortNormalized", true, "NORMAL", "VEC3", gl::kShort, true, kVec3Float},
    {"TangentByteNormalized", true, "TANGENT", "VEC3", gl::kByte, true, kVec3Float},
    {"TangentShortNormalized", true, "TANGENT", "VEC3", gl::kShort, true, kVec3Float},
    // The extension's morph target table (README at KhronosGroup/glTF 262261a) has no
    // TEXCOORD_n row: texcoord displacements keep the core types (§3.7.2.2: float and the
    // normalized integers), so plain BYTE and SHORT stay refused with the extension too.
    {"TexcoordByteNotInTheTable", true, "TEXCOORD_0", "VEC2", gl::kByte, false, kTargetVec2Core,
     kTargetVec2Core},
    {"TexcoordShortNotInTheTable", true, "TEXCOORD_1", "VEC2", gl::kShort, false, kTargetVec2Core,
     kTargetVec2Core},
    {"TexcoordByteNormalizedCore", true, "TEXCOORD_0", "VEC2", gl::kByte, true, nullptr},
    {"TexcoordShortNormalizedCore", true, "TEXCOORD_1", "VEC2", gl::kShort, true, nullptr},
    {"TexcoordUnsignedByteNormalizedCore", true, "TEXCOORD_0", "VEC2", gl::kUnsignedByte, true,
     nullptr},
    {"TexcoordUnsignedShortNormalizedCore", true, "TEXCOORD_1", "VEC2", gl::kUnsignedShort, true,
     nullptr},
};
INSTANTIATE_TEST_SUITE_P(QuantizationTargets, Quantized, testing::ValuesIn(kTargets), rowName);

// Types the extension does not add stay refused with it, the message naming what it allows.
constexpr const char* kDirection3 = "VEC3 of FLOAT or normalized BYTE/SHORT";
constexpr const char* kDirection4 = "VEC4 of FLOAT or normalized BYTE/SHORT";
constexpr const char* kTargetPosition = "VEC3 of FLOAT or normalized BYTE/SHORT or BYTE/SHORT";
const Case kOutside[] = {
    {"NormalByte", false, "NORMAL", "VEC3", gl::kByte, false, kVec3Float, kDirection3},
    {"NormalUnsignedByteNormalized", false, "NORMAL", "VEC3", gl::kUnsignedByte, true, kVec3Float,
     kDirection3},
    {"TangentShort", false, "TANGENT", "VEC4", gl::kShort, false, kVec4Float, kDirection4},
    {"TangentUnsignedShortNormalized", false, "TANGENT", "VEC4", gl::kUnsignedShort, true,
     kVec4Float, kDirection4},
    {"TargetPositionUnsignedByte", true, "POSITION", "VEC3", gl::kUnsignedByte, false, kVec3Float,
     kTargetPosition},
    {"TargetPositionUnsignedShortNormalized", true, "POSITION", "VEC3", gl::kUnsignedShort, true,
     kVec3Float, kTargetPosition},
    {"TargetNormalShort", true, "NORMAL", "VEC3", gl::kShort, false, kVec3Float, kDirection3},
    {"TargetTangentUnsignedByteNormalized", true, "TANGENT", "VEC3", gl::kUnsignedByte, true,
     kVec3Float, kDirection3},
};
INSTANTIATE_TEST_SUITE_P(QuantizationOutsideTheExtension, Quantized, testing::ValuesIn(kOutside),
                         rowName);

}  // namespace
}  // namespace vitrine::test
