#include "value.h"

#include <cstring>

namespace vitrine::interact {

const char* typeName(Type type) {
  switch (type) {
    case Type::Bool:
      return "bool";
    case Type::Int:
      return "int";
    case Type::Float:
      return "float";
    case Type::Float2:
      return "float2";
    case Type::Float3:
      return "float3";
    case Type::Float4:
      return "float4";
    case Type::Float2x2:
      return "float2x2";
    case Type::Float3x3:
      return "float3x3";
    case Type::Float4x4:
      return "float4x4";
    case Type::Ref:
      return "ref";
    case Type::Custom:
      return "custom";
    case Type::Count:
      break;
  }
  return "?";
}

std::string aTypeName(Type type) {
  return std::string(type == Type::Int ? "an " : "a ") + typeName(type);
}

uint32_t componentCount(Type type) {
  switch (type) {
    case Type::Bool:
    case Type::Int:
    case Type::Float:
    case Type::Ref:
      return 1;
    case Type::Float2:
      return 2;
    case Type::Float3:
      return 3;
    case Type::Float4:
    case Type::Float2x2:
      return 4;
    case Type::Float3x3:
      return 9;
    case Type::Float4x4:
      return 16;
    case Type::Custom:
    case Type::Count:
      break;
  }
  return 0;
}

Value defaultValue(Type type) {
  Value v;
  v.type = type;
  if (isFloatType(type)) {
    for (double& c : v.f) c = kNaN;
  } else if (type == Type::Ref) {
    v.ref = Ref{};
  }
  return v;
}

Value makeFloats(Type type, const double* values) {
  Value v;
  v.type = type;
  const uint32_t n = componentCount(type);
  for (uint32_t k = 0; k < n; ++k) v.f[k] = values[k];
  return v;
}

bool sameBits(const Value& a, const Value& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case Type::Bool:
      return a.b == b.b;
    case Type::Int:
      return a.i == b.i;
    case Type::Ref:
      return a.ref == b.ref;
    default:
      break;
  }
  return std::memcmp(a.f, b.f, sizeof(double) * componentCount(a.type)) == 0;
}

}  // namespace vitrine::interact
