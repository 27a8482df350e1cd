// The channel rules, table-driven, without a scene: the target as a JSON pointer, the sampler's
// input and output accessors against glTF 2.0 "Animations" and KHR_animation_pointer's type
// table, each reason with its exact text.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "channel_rules.h"
#include "gltf_enums.h"

namespace vitrine::anim {
namespace {

using scene::Json;
using scene::ValueType;
namespace gltf = scene::gltf;

TEST(ChannelTarget, PointersAndReasons) {
  struct Case {
    const char* name;
    Json channel;
    std::string pointer;
    std::string error;
  };
  const Json ext = {{"KHR_animation_pointer", {{"pointer", "/materials/0/emissiveFactor"}}}};
  const std::vector<Case> cases = {
      {"core rotation",
       {{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}},
       "/nodes/2/rotation",
       ""},
      {"core weights", {{"target", {{"node", 0}, {"path", "weights"}}}}, "/nodes/0/weights", ""},
      {"pointer",
       {{"target", {{"path", "pointer"}, {"extensions", ext}}}},
       "/materials/0/emissiveFactor",
       ""},
      {"no target", {{"sampler", 0}}, "", "the channel has no target"},
      {"no path", {{"target", {{"node", 0}}}}, "", "target.path is missing"},
      {"node with pointer",
       {{"target", {{"node", 0}, {"path", "pointer"}, {"extensions", ext}}}},
       "/materials/0/emissiveFactor",
       "target.node must not be set when path is \"pointer\" (KHR_animation_pointer)"},
      {"pointer path without extension",
       {{"target", {{"path", "pointer"}}}},
       "",
       "path is \"pointer\" but extensions.KHR_animation_pointer.pointer is missing"},
      {"pointer path, extension without pointer",
       {{"target",
         {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", Json::object()}}}}}},
       "",
       "path is \"pointer\" but extensions.KHR_animation_pointer.pointer is missing"},
      {"unknown path",
       {{"target", {{"node", 0}, {"path", "color"}}}},
       "",
       "unknown target path \"color\""},
      {"core path without node",
       {{"target", {{"path", "translation"}}}},
       "",
       "target.node is absent: the channel is ignored (glTF 2.0 Animations)"},
      {"core path with a pointer",
       {{"target", {{"node", 0}, {"path", "scale"}, {"extensions", ext}}}},
       "",
       "path is \"scale\" but the target has a KHR_animation_pointer pointer: path must be "
       "\"pointer\" (KHR_animation_pointer)"},
  };
  for (const Case& c : cases) {
    const ChannelTarget t = channelTarget(c.channel);
    EXPECT_EQ(t.pointer, c.pointer) << c.name;
    EXPECT_EQ(t.error, c.error) << c.name;
  }
}

TEST(ChannelRules, Interpolation) {
  Interpolation mode = Interpolation::Step;
  EXPECT_EQ(parseInterpolation(Json::object(), mode), "");
  EXPECT_EQ(mode, Interpolation::Linear);  // the default
  EXPECT_EQ(parseInterpolation({{"interpolation", "STEP"}}, mode), "");
  EXPECT_EQ(mode, Interpolation::Step);
  EXPECT_EQ(parseInterpolation({{"interpolation", "CUBICSPLINE"}}, mode), "");
  EXPECT_EQ(mode, Interpolation::CubicSpline);
  EXPECT_EQ(parseInterpolation({{"interpolation", "SMOOTH"}}, mode),
            "unknown interpolation \"SMOOTH\"");
}

scene::AccessorFormat format(const char* type, int componentType, uint32_t count,
                             bool normalized = false) {
  scene::AccessorFormat f;
  f.type = type;
  f.componentType = componentType;
  f.components = gltf::componentCount(type);
  f.count = count;
  f.normalized = normalized;
  return f;
}

TEST(ChannelRules, Input) {
  const Json withBounds = {{"bufferView", 0}, {"min", {0}}, {"max", {1}}};
  EXPECT_EQ(checkInput(4, withBounds, format("SCALAR", gltf::kFloat, 2)), "");
  // Zeros (no bufferView): one keyframe is fine, two are not increasing; sparse may fill them.
  const Json zeros = {{"min", {0}}, {"max", {0}}};
  EXPECT_EQ(checkInput(4, zeros, format("SCALAR", gltf::kFloat, 1)), "");
  EXPECT_EQ(checkInput(4, zeros, format("SCALAR", gltf::kFloat, 2)),
            "input accessor 4: keyframe times are not strictly increasing (2 zeros: no "
            "bufferView, no sparse)");
  Json sparse = zeros;
  sparse["sparse"] = Json::object();
  EXPECT_EQ(checkInput(4, sparse, format("SCALAR", gltf::kFloat, 2)), "");
  const std::string noBounds =
      "input accessor 4 has no min/max (glTF 2.0 Animations: required for animation inputs)";
  EXPECT_EQ(checkInput(4, Json{{"max", {1}}}, format("SCALAR", gltf::kFloat, 2)), noBounds);
  EXPECT_EQ(checkInput(4, Json{{"min", {0}}}, format("SCALAR", gltf::kFloat, 2)), noBounds);
  EXPECT_EQ(checkInput(4, withBounds, format("VEC2", gltf::kFloat, 2)),
            "input accessor 4 is VEC2 FLOAT; keyframe times must be SCALAR FLOAT");
  EXPECT_EQ(checkInput(4, withBounds, format("SCALAR", gltf::kUnsignedByte, 2, true)),
            "input accessor 4 is SCALAR normalized UNSIGNED_BYTE; keyframe times must be SCALAR "
            "FLOAT");
}

TEST(ChannelRules, Times) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(checkTimes(3, std::vector<float>{0.0f}), "");
  EXPECT_EQ(checkTimes(3, std::vector<float>{0.0f, 0.5f, 2.0f}), "");
  EXPECT_EQ(checkTimes(3, std::vector<float>{0.0f, 1.0f, 1.0f}),
            "input accessor 3: keyframe times are not strictly increasing");
  EXPECT_EQ(checkTimes(3, std::vector<float>{1.0f, 0.0f}),
            "input accessor 3: keyframe times are not strictly increasing");
  EXPECT_EQ(checkTimes(3, std::vector<float>{0.0f, nan}),
            "input accessor 3: a keyframe time is not finite");
  EXPECT_EQ(checkTimes(3, std::vector<float>{}), "input accessor 3: sampler has no keyframes");
}

scene::Slot slot(ValueType type, uint32_t count, bool rotation = false) {
  static float storage[16];
  scene::Slot s;
  s.type = type;
  s.count = count;
  s.rotation = rotation;
  s.data = storage;
  return s;
}

TEST(ChannelRules, Output) {
  struct Case {
    const char* name;
    scene::Slot slot;
    scene::AccessorFormat output;
    Interpolation mode;
    uint32_t keys;
    std::string error;
  };
  const auto linear = Interpolation::Linear;
  const auto step = Interpolation::Step;
  const auto cubic = Interpolation::CubicSpline;
  const std::vector<Case> cases = {
      // Accepted: every float conversion of the ratified text, int, bool, arrays, CUBICSPLINE.
      {"float4 FLOAT", slot(ValueType::Float4, 4), format("VEC4", gltf::kFloat, 3), linear, 3, ""},
      {"rotation normalized SHORT", slot(ValueType::Float4, 4, true),
       format("VEC4", gltf::kShort, 3, true), linear, 3, ""},
      {"float3 normalized UNSIGNED_BYTE", slot(ValueType::Float3, 3),
       format("VEC3", gltf::kUnsignedByte, 2, true), linear, 2, ""},
      {"float plain UNSIGNED_SHORT", slot(ValueType::Float, 1),
       format("SCALAR", gltf::kUnsignedShort, 2), linear, 2, ""},
      {"float2 VEC2", slot(ValueType::Float2, 2), format("VEC2", gltf::kFloat, 2), step, 2, ""},
      {"int BYTE", slot(ValueType::Int, 1), format("SCALAR", gltf::kByte, 2), step, 2, ""},
      {"int UNSIGNED_INT", slot(ValueType::Int, 1), format("SCALAR", gltf::kUnsignedInt, 2), step,
       2, ""},
      {"bool UNSIGNED_BYTE", slot(ValueType::Bool, 1), format("SCALAR", gltf::kUnsignedByte, 2),
       step, 2, ""},
      {"float[] 2 x 3 keys", slot(ValueType::FloatArray, 2), format("SCALAR", gltf::kFloat, 6),
       linear, 3, ""},
      {"float[] CUBICSPLINE", slot(ValueType::FloatArray, 2), format("SCALAR", gltf::kFloat, 18),
       cubic, 3, ""},
      {"float4 CUBICSPLINE", slot(ValueType::Float4, 4), format("VEC4", gltf::kFloat, 6), cubic, 2,
       ""},
      {"float4x4 MAT4", slot(ValueType::Float4x4, 16), format("MAT4", gltf::kFloat, 2), linear, 2,
       ""},
      // Accessor type.
      {"float4 from VEC3", slot(ValueType::Float4, 4), format("VEC3", gltf::kFloat, 2), linear, 2,
       "output accessor 7 is VEC3; float4 needs VEC4 (KHR_animation_pointer)"},
      {"float from VEC2", slot(ValueType::Float, 1), format("VEC2", gltf::kFloat, 2), linear, 2,
       "output accessor 7 is VEC2; float needs SCALAR (KHR_animation_pointer)"},
      {"float[] from VEC2", slot(ValueType::FloatArray, 2), format("VEC2", gltf::kFloat, 2), linear,
       2, "output accessor 7 is VEC2; float[] needs SCALAR (KHR_animation_pointer)"},
      {"bool from VEC4", slot(ValueType::Bool, 1), format("VEC4", gltf::kUnsignedByte, 2), step, 2,
       "output accessor 7 is VEC4; bool needs SCALAR (KHR_animation_pointer)"},
      // Component type.
      {"int from FLOAT", slot(ValueType::Int, 1), format("SCALAR", gltf::kFloat, 2), step, 2,
       "output accessor 7 is FLOAT; int needs a non-normalized integer component type "
       "(KHR_animation_pointer)"},
      {"int from normalized BYTE", slot(ValueType::Int, 1), format("SCALAR", gltf::kByte, 2, true),
       step, 2,
       "output accessor 7 is normalized BYTE; int needs a non-normalized integer component type "
       "(KHR_animation_pointer)"},
      {"bool from FLOAT", slot(ValueType::Bool, 1), format("SCALAR", gltf::kFloat, 2), step, 2,
       "output accessor 7 is FLOAT; bool needs UNSIGNED_BYTE (KHR_animation_pointer)"},
      {"bool from UNSIGNED_SHORT", slot(ValueType::Bool, 1),
       format("SCALAR", gltf::kUnsignedShort, 2), step, 2,
       "output accessor 7 is UNSIGNED_SHORT; bool needs UNSIGNED_BYTE (KHR_animation_pointer)"},
      // Interpolation.
      {"bool LINEAR", slot(ValueType::Bool, 1), format("SCALAR", gltf::kUnsignedByte, 2), linear, 2,
       "bool needs STEP interpolation, the sampler is LINEAR (KHR_animation_pointer)"},
      {"int CUBICSPLINE", slot(ValueType::Int, 1), format("SCALAR", gltf::kShort, 6), cubic, 2,
       "int needs STEP interpolation, the sampler is CUBICSPLINE (KHR_animation_pointer)"},
      {"CUBICSPLINE one key", slot(ValueType::Float3, 3), format("VEC3", gltf::kFloat, 3), cubic, 1,
       "CUBICSPLINE needs at least 2 keyframes, the input has 1 (glTF 2.0 Appendix C)"},
      // Counts.
      {"count", slot(ValueType::Float3, 3), format("VEC3", gltf::kFloat, 3), linear, 4,
       "output accessor 7 has 3 elements, expected 4 (4 keyframes)"},
      {"count CUBICSPLINE", slot(ValueType::Float3, 3), format("VEC3", gltf::kFloat, 4), cubic, 4,
       "output accessor 7 has 4 elements, expected 12 (4 keyframes x 3 for CUBICSPLINE)"},
      {"count array", slot(ValueType::FloatArray, 2), format("SCALAR", gltf::kFloat, 3), linear, 3,
       "output accessor 7 has 3 elements, expected 6 (3 keyframes x 2 array elements)"},
      {"count array CUBICSPLINE", slot(ValueType::FloatArray, 2), format("SCALAR", gltf::kFloat, 6),
       cubic, 3,
       "output accessor 7 has 6 elements, expected 18 (3 keyframes x 3 for CUBICSPLINE x 2 array "
       "elements)"},
      {"empty array", slot(ValueType::FloatArray, 0), format("SCALAR", gltf::kFloat, 0), linear, 3,
       "the targeted array is empty: nothing to animate"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(checkOutput(c.slot, 7, c.output, c.mode, c.keys), c.error) << c.name;
  }
}

}  // namespace
}  // namespace vitrine::anim
