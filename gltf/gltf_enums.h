// glTF 2.0 enum values (§5 "Properties Reference"), without tinygltf's macros. Internal to the
// loader (gltf/, load/).
#pragma once

#include <cstdint>
#include <string>

namespace vitrine::scene::gltf {

// accessor.componentType (§3.6.2.2)
inline constexpr int kByte = 5120;
inline constexpr int kUnsignedByte = 5121;
inline constexpr int kShort = 5122;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kInt = 5124;  // not allowed in glTF 2.0
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kFloat = 5126;

// mesh.primitive.mode (§3.7.2.1)
inline constexpr int kPoints = 0;
inline constexpr int kLines = 1;
inline constexpr int kLineLoop = 2;
inline constexpr int kLineStrip = 3;
inline constexpr int kTriangles = 4;
inline constexpr int kTriangleStrip = 5;
inline constexpr int kTriangleFan = 6;

// sampler filters and wraps (§5.26)
inline constexpr int kNearest = 9728;
inline constexpr int kLinear = 9729;
inline constexpr int kNearestMipmapNearest = 9984;
inline constexpr int kLinearMipmapNearest = 9985;
inline constexpr int kNearestMipmapLinear = 9986;
inline constexpr int kLinearMipmapLinear = 9987;
inline constexpr int kClampToEdge = 33071;
inline constexpr int kMirroredRepeat = 33648;
inline constexpr int kRepeat = 10497;

// Size in bytes of one component, 0 for an unknown type.
constexpr uint32_t componentSize(int componentType) {
  switch (componentType) {
    case kByte:
    case kUnsignedByte:
      return 1;
    case kShort:
    case kUnsignedShort:
      return 2;
    case kUnsignedInt:
    case kFloat:
      return 4;
    default:
      return 0;
  }
}

// "UNSIGNED_SHORT" etc., for messages.
inline std::string componentTypeName(int componentType) {
  switch (componentType) {
    case kByte:
      return "BYTE";
    case kUnsignedByte:
      return "UNSIGNED_BYTE";
    case kShort:
      return "SHORT";
    case kUnsignedShort:
      return "UNSIGNED_SHORT";
    case kInt:
      return "INT";
    case kUnsignedInt:
      return "UNSIGNED_INT";
    case kFloat:
      return "FLOAT";
    default:
      return std::to_string(componentType);
  }
}

// Components of an accessor type ("VEC3" -> 3), 0 for an unknown type.
inline uint32_t componentCount(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4" || type == "MAT2") return 4;
  if (type == "MAT3") return 9;
  if (type == "MAT4") return 16;
  return 0;
}

}  // namespace vitrine::scene::gltf
