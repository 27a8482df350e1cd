// The Object Model's names and the compact JSON text of a slot's value (object_model.h);
// resolvePointer(), which reads the document, is the loader's (load/pointer_resolve.h).
#include "object_model.h"

#include <charconv>
#include <cmath>

namespace vitrine::scene {

std::string formatFloat(float v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, ec == std::errc() ? end : buf);
  // Shortest round-trip text; "1" would read back as an integer.
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string formatFloats(const float* v, size_t n) {
  std::string s = "[";
  for (size_t i = 0; i < n; ++i) {
    if (i) s += ',';
    s += formatFloat(v[i]);
  }
  return s + "]";
}

const char* regionName(Region region) {
  switch (region) {
    case Region::NodeTransforms:
      return "node transforms";
    case Region::MorphWeights:
      return "morph weights";
    case Region::Materials:
      return "materials";
    case Region::MaterialExtensions:
      return "material extensions";
    case Region::Cameras:
      return "cameras";
    case Region::Lights:
      return "lights";
    case Region::Visibility:
      return "visibility";
    case Region::Extras:
      return "extras";
    case Region::Count:
      break;
  }
  return "?";
}

const char* valueTypeName(ValueType type) {
  switch (type) {
    case ValueType::Bool:
      return "bool";
    case ValueType::Int:
      return "int";
    case ValueType::Float:
      return "float";
    case ValueType::Float2:
      return "float2";
    case ValueType::Float3:
      return "float3";
    case ValueType::Float4:
      return "float4";
    case ValueType::FloatArray:
      return "float[]";
    case ValueType::Float4x4:
      return "float4x4";
  }
  return "?";
}

std::string formatSlotValue(const Slot& slot) {
  if (!slot.data) return "null";
  switch (slot.type) {
    case ValueType::Bool:
      return slot.data[0] != 0.0f ? "true" : "false";
    case ValueType::Int:
      if (!std::isfinite(slot.data[0])) return "null";
      return std::to_string(std::llround(slot.data[0]));
    case ValueType::Float:
      return formatFloat(slot.data[0]);
    default:
      return formatFloats(slot.data, slot.count);
  }
}

}  // namespace vitrine::scene
