#include "attribute_reader.h"

#include "gltf_enums.h"

namespace vitrine::scene {
namespace {

std::string describe(const AccessorFormat& f) {
  return f.type + " of " + (f.normalized ? "normalized " : "") +
         gltf::componentTypeName(f.componentType);
}

bool componentAllowed(const AccessorFormat& f, uint32_t rules) {
  const int t = f.componentType;
  const bool unsignedSmall = t == gltf::kUnsignedByte || t == gltf::kUnsignedShort;
  const bool signedSmall = t == gltf::kByte || t == gltf::kShort;
  return ((rules & kFloatComponents) && t == gltf::kFloat) ||
         ((rules & kNormalizedUnsigned) && f.normalized && unsignedSmall) ||
         ((rules & kNormalizedSigned) && f.normalized && signedSmall) ||
         ((rules & kUnsignedIntegers) && !f.normalized && unsignedSmall) ||
         ((rules & kSignedIntegers) && !f.normalized && signedSmall);
}

// "FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT" and the like.
std::string describeRules(uint32_t rules) {
  std::string out;
  auto add = [&](const char* text) {
    if (!out.empty()) out += " or ";
    out += text;
  };
  if (rules & kFloatComponents) add("FLOAT");
  if ((rules & kNormalizedUnsigned) && (rules & kNormalizedSigned)) {
    add("normalized BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT");
  } else if (rules & kNormalizedUnsigned) {
    add("normalized UNSIGNED_BYTE/UNSIGNED_SHORT");
  } else if (rules & kNormalizedSigned) {
    add("normalized BYTE/SHORT");
  }
  if ((rules & kUnsignedIntegers) && (rules & kSignedIntegers)) {
    add("BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT");
  } else if (rules & kUnsignedIntegers) {
    add("UNSIGNED_BYTE/UNSIGNED_SHORT");
  } else if (rules & kSignedIntegers) {
    add("BYTE/SHORT");
  }
  return out;
}

}  // namespace

bool usesMeshQuantization(const GltfDocument& doc) {
  for (const Json& name : array(doc.json, "extensionsUsed"))
    if (name.is_string() && name.get<std::string>() == "KHR_mesh_quantization") return true;
  return false;
}

std::optional<Attribute> findAttribute(const GltfDocument& doc, const Json& map, const char* name,
                                       const std::string& mapAt) {
  const Json* index = member(map, name);
  if (!index) return std::nullopt;
  Attribute a;
  a.accessor = index->get<uint32_t>();
  a.format = accessorFormat(doc, a.accessor);
  a.at = mapAt + jsonPointer(name);
  return a;
}

std::string checkAttributeFormat(const Attribute& a, std::initializer_list<const char*> types,
                                 uint32_t rules) {
  const AccessorFormat& f = a.format;
  bool typeOk = false;
  std::string allowed;
  for (const char* t : types) {
    typeOk = typeOk || f.type == t;
    // Appended piecewise: GCC 12 -O3 reports a false -Wrestrict on "" + std::string.
    if (!allowed.empty()) allowed += '/';
    allowed += t;
  }
  if (typeOk && componentAllowed(f, rules)) return {};
  return located(a.at, "accessor " + std::to_string(a.accessor) + " must be " + allowed + " of " +
                           describeRules(rules) + " (is " + describe(f) + ")");
}

std::string checkAttributeCount(const Attribute& a, uint32_t count) {
  if (a.format.count == count) return {};
  return located(a.at, "accessor " + std::to_string(a.accessor) + " has " +
                           std::to_string(a.format.count) + " elements, POSITION has " +
                           std::to_string(count));
}

}  // namespace vitrine::scene
