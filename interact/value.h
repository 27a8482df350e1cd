// The values a behaviour graph computes with (KHR_interactivity, "Value Socket Types"): bool,
// float (an IEEE-754 double), float2..float4, float2x2..float4x4 (column-major, "Variables"),
// int (a two's complement int32) and ref (an opaque reference). One plain struct holds any of
// them, so that every socket, variable and constant of a compiled graph lives in one flat array
// of Values and no operation allocates.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace vitrine::interact {

// The type signatures of "Value Socket Types", in the order the types array may name them.
// Custom: a "custom" signature (an extension's type); no operation Vitrine runs accepts it.
enum class Type : uint8_t {
  Bool,
  Int,
  Float,
  Float2,
  Float3,
  Float4,
  Float2x2,
  Float3x3,
  Float4x4,
  Ref,
  Custom,
  Count
};

// The signature as the JSON writes it ("float3", "int", ...).
const char* typeName(Type type);
// With its article, for messages: "an int", "a float3".
std::string aTypeName(Type type);
// The number of components (the JSON array length of an inline value, "Variables" table):
// 1 for bool, int, float and ref; 2, 3, 4 for the vectors; 4, 9, 16 for the matrices; 0 custom.
uint32_t componentCount(Type type);
inline bool isFloatType(Type t) {
  return t >= Type::Float && t <= Type::Float4x4;
}
inline bool isVectorType(Type t) {
  return t >= Type::Float && t <= Type::Float4;
}  // floatN
inline bool isMatrixType(Type t) {
  return t >= Type::Float2x2 && t <= Type::Float4x4;
}

// What a ref points at. Asset objects are indices into the glTF arrays; delays and events are
// runtime objects, told apart from an older one of the same index by their serial number.
enum class RefKind : uint8_t {
  Null,
  Node,
  Mesh,
  Material,
  Camera,
  Animation,
  Scene,
  Skin,
  Texture,
  Image,
  Sampler,
  Accessor,
  BufferView,
  Buffer,
  Light,  // KHR_lights_punctual
  Asset,  // any other object a static pointer names (compared by the pointer's index)
  Delay,  // flow/setDelay's activation reference
  Event,  // an event operation's event reference
};

struct Ref {
  RefKind kind = RefKind::Null;
  uint32_t index = 0;   // the glTF array index, or the runtime object's slot
  uint32_t serial = 0;  // Delay, Event: which activation; Asset: the pointer's table index
  bool operator==(const Ref&) const = default;
};

// One value of any type. `type` says which member is live: b (Bool), i (Int), f[0..n)
// (Float..Float4x4, n = componentCount), ref (Ref). Trivially copyable, 136 bytes.
struct Value {
  Type type = Type::Float;
  union {
    bool b;
    int32_t i;
    double f[16];
    Ref ref;
  };
  Value() : f{} {}
};

// The type-default value ("Custom Variable Types"): false, 0, null, or NaN in every float
// component.
Value defaultValue(Type type);

inline Value makeBool(bool v) {
  Value r;
  r.type = Type::Bool;
  r.b = v;
  return r;
}
inline Value makeInt(int32_t v) {
  Value r;
  r.type = Type::Int;
  r.i = v;
  return r;
}
inline Value makeFloat(double v) {
  Value r;
  r.type = Type::Float;
  r.f[0] = v;
  return r;
}
// A floatN / floatNxN value from `n` doubles (n must be componentCount(type)).
Value makeFloats(Type type, const double* v);
inline Value makeRef(Ref v) {
  Value r;
  r.type = Type::Ref;
  r.ref = v;
  return r;
}

// Bitwise equality of two values of the same type (NaN equals the same NaN, -0 differs from
// +0): what "the value did not change" means for a write. Not math/eq.
bool sameBits(const Value& a, const Value& b);

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace vitrine::interact
