// Small helpers for the loader's JSON handling: building JSON pointers (RFC 6901) for error
// messages, and reading properties of a document that validateGltfJson() has accepted.
// Internal to the loader (gltf/, load/).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace vitrine::scene {

using Json = nlohmann::json;

namespace detail {
inline void appendToken(std::string& out, std::string_view token) {
  out += '/';
  for (char c : token) {
    // RFC 6901 §3: '~' and '/' are escaped as ~0 and ~1.
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
}
inline void appendToken(std::string& out, const char* token) {
  appendToken(out, std::string_view(token));
}
inline void appendToken(std::string& out, const std::string& token) {
  appendToken(out, std::string_view(token));
}
template <std::integral T>
void appendToken(std::string& out, T index) {
  out += '/';
  out += std::to_string(index);
}
}  // namespace detail

// jsonPointer("meshes", 0, "primitives", 1) == "/meshes/0/primitives/1".
template <class... Tokens>
std::string jsonPointer(const Tokens&... tokens) {
  std::string out;
  (detail::appendToken(out, tokens), ...);
  return out;
}

// "<pointer>: <what>", the located form of every loader error and warning (before the file
// name is prepended); just `what` for the document as a whole (empty pointer).
inline std::string located(const std::string& pointer, const std::string& what) {
  return pointer.empty() ? what : pointer + ": " + what;
}

// Accessors for validated JSON: the property may be absent (default returned), but when
// present it has the type validateGltfJson() checked.
inline const Json* member(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}
inline double number(const Json& object, const char* key, double fallback) {
  const Json* v = member(object, key);
  return v ? v->get<double>() : fallback;
}
inline int64_t integer(const Json& object, const char* key, int64_t fallback) {
  const Json* v = member(object, key);
  return v ? int64_t(v->get<double>()) : fallback;
}
inline bool boolean(const Json& object, const char* key, bool fallback) {
  const Json* v = member(object, key);
  return v ? v->get<bool>() : fallback;
}
inline std::string string(const Json& object, const char* key, const std::string& fallback = {}) {
  const Json* v = member(object, key);
  return v ? v->get<std::string>() : fallback;
}
// The array `key` of the root (or an empty array when absent).
inline const Json& array(const Json& object, const char* key) {
  static const Json kEmpty = Json::array();
  const Json* v = member(object, key);
  return v ? *v : kEmpty;
}
template <int N>
glm::vec<N, float> vec(const Json& object, const char* key, glm::vec<N, float> fallback) {
  const Json* v = member(object, key);
  if (!v) return fallback;
  glm::vec<N, float> out;
  for (int i = 0; i < N; ++i) out[i] = float((*v)[size_t(i)].get<double>());
  return out;
}

}  // namespace vitrine::scene
