#include "json_values.h"

#include <cmath>

#include "host.h"
#include "json_pointer.h"

namespace vitrine::interact {

std::optional<int32_t> jsonInt32(const Json& v) {
  if (v.is_number_integer() && !v.is_number_unsigned()) {
    const int64_t i = v.get<int64_t>();
    if (i >= INT32_MIN && i <= INT32_MAX) return int32_t(i);
    return std::nullopt;
  }
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u <= uint64_t(INT32_MAX)) return int32_t(u);
    return std::nullopt;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d >= double(INT32_MIN) && d <= double(INT32_MAX) &&
        std::trunc(d) == d) {
      return int32_t(d);
    }
  }
  return std::nullopt;
}

std::optional<uint32_t> jsonIndex(const Json& v) {
  const auto i = jsonInt32(v);
  if (!i || *i < 0) return std::nullopt;
  return uint32_t(*i);
}

bool isJsonPointer(std::string_view text) {
  std::string error;
  return scene::splitJsonPointer(text, &error).has_value();
}

RefKind kindOfArray(std::string_view name) {
  struct Entry {
    std::string_view name;
    RefKind kind;
  };
  static constexpr Entry kArrays[] = {
      {"nodes", RefKind::Node},           {"children", RefKind::Node},
      {"joints", RefKind::Node},          {"meshes", RefKind::Mesh},
      {"materials", RefKind::Material},   {"cameras", RefKind::Camera},
      {"animations", RefKind::Animation}, {"scenes", RefKind::Scene},
      {"skins", RefKind::Skin},           {"textures", RefKind::Texture},
      {"images", RefKind::Image},         {"samplers", RefKind::Sampler},
      {"accessors", RefKind::Accessor},   {"bufferViews", RefKind::BufferView},
      {"buffers", RefKind::Buffer},       {"lights", RefKind::Light},
  };
  for (const Entry& e : kArrays) {
    if (e.name == name) return e.kind;
  }
  return RefKind::Asset;
}

Ref staticRef(std::string_view pointer, ObjectModelHost* host) {
  // "/<array>/<index>" or "/extensions/KHR_lights_punctual/lights/<index>".
  const size_t slash = pointer.rfind('/');
  if (host == nullptr || slash == 0 || slash == std::string_view::npos) return {};
  const std::string_view array = pointer.substr(0, slash);
  const std::optional<uint32_t> index = scene::parseArrayIndex(pointer.substr(slash + 1));
  if (!index) return {};
  const bool topLevel = array.find('/', 1) == std::string_view::npos;
  if (!topLevel && array != "/extensions/KHR_lights_punctual/lights") return {};
  const RefKind kind = kindOfArray(array.substr(array.rfind('/') + 1));
  if (kind == RefKind::Asset || kind == RefKind::Null) return {};
  if (*index >= host->arrayLength(array)) return {};
  return Ref{kind, *index, 0};
}

std::string readInlineValue(const Json& array, Type type, ObjectModelHost* host, Value* out) {
  // "Inline Value Object Validation", steps 2-11.
  if (!array.is_array() || array.empty()) return "an inline value must be a non-empty array";
  if (type == Type::Custom) {
    // "Variables": a custom type's value "is defined by the extension defining the custom
    // type"; no step of "Inline Value Object Validation" refuses it. Vitrine implements no
    // such extension: the value is accepted and ignored.
    *out = defaultValue(type);
    return "";
  }
  const uint32_t n = componentCount(type);
  if (array.size() != n) {
    return aTypeName(type) + " value has " + std::to_string(n) +
           (n == 1 ? " element" : " elements") + ", not " + std::to_string(array.size());
  }
  out->type = type;
  switch (type) {
    case Type::Bool:
      if (!array[0].is_boolean()) return "a bool value must be a JSON boolean (true or false)";
      out->b = array[0].get<bool>();
      return "";
    case Type::Int: {
      const auto i = jsonInt32(array[0]);
      if (!i)
        return "an int value must be a number exactly representable as a 32-bit signed integer";
      out->i = *i;
      return "";
    }
    case Type::Ref: {
      if (!array[0].is_string() || !isJsonPointer(array[0].get_ref<const std::string&>())) {
        return "a ref value must be a string holding a valid JSON pointer (RFC 6901)";
      }
      out->ref = staticRef(array[0].get_ref<const std::string&>(), host);
      return "";
    }
    default:
      break;
  }
  for (uint32_t k = 0; k < n; ++k) {
    if (!array[k].is_number())
      return std::string("every element of a ") + typeName(type) + " value must be a JSON number";
    out->f[k] = array[k].get<double>();
  }
  return "";
}

std::string readTypedText(std::string_view text, Type type, ObjectModelHost* host, Value* out) {
  if (text.size() > kMaxTypedText) {
    return "the value is longer than " + std::to_string(kMaxTypedText) + " characters";
  }
  const size_t first = text.find_first_not_of(" \t");
  const std::string t =
      first == std::string_view::npos
          ? std::string()
          : std::string(text.substr(first, text.find_last_not_of(" \t") + 1 - first));
  Json parsed = Json::parse(t, nullptr, false);
  if (parsed.is_discarded() && type == Type::Ref) parsed = t;  // a bare pointer
  if (parsed.is_discarded()) parsed = Json::parse("[" + t + "]", nullptr, false);
  if (parsed.is_discarded()) return "\"" + t + "\" is not " + aTypeName(type) + " value";
  if (!parsed.is_array()) parsed = Json::array({parsed});
  return readInlineValue(parsed, type, host, out);
}

}  // namespace vitrine::interact
