// Typed checks of glTF JSON properties, with the loader's error form
// "<JSON pointer>: <what>". Internal to the loader (gltf/, load/) (used by gltf_validate.cpp).
//
// Every check throws JsonCheckFailure on the first problem; validateGltfJson() catches it and
// returns the message, so the exception never leaves the validation step.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include "json_util.h"

namespace vitrine::scene {

struct JsonCheckFailure {
  std::string message;
};

// glTF integers are JSON numbers; above 2^53 they are not exact in every parser (§3.6.2.1
// recommends staying below), which also keeps our byte arithmetic free of overflow.
inline constexpr uint64_t kMaxSafeInteger = uint64_t(1) << 53;

class JsonChecker {
 public:
  explicit JsonChecker(const Json& root) : root_(root) {}

  [[noreturn]] static void fail(const std::string& pointer, const std::string& what);

  // Element count of the root array `name` (0 when absent).
  size_t count(const char* name) const;

  // The checks below read property `key` of object `o`, which sits at pointer `at`. Optional
  // properties return nullptr / nullopt when absent; required ones fail when absent.
  void requireObject(const Json& v, const std::string& at) const;
  const Json* object(const Json& o, const std::string& at, const char* key, bool required) const;
  // An array whose elements are all objects.
  const Json* objectArray(const Json& o, const std::string& at, const char* key, bool required,
                          size_t minItems = 0) const;
  std::optional<uint64_t> integer(const Json& o, const std::string& at, const char* key,
                                  bool required, uint64_t min = 0,
                                  uint64_t max = kMaxSafeInteger) const;
  // A finite number of magnitude <= FLT_MAX (the loader stores floats): "<pointer>: 1e+39
  // does not fit a 32-bit float". numbers() checks each element the same way.
  std::optional<double> number(const Json& o, const std::string& at, const char* key,
                               bool required) const;
  std::optional<std::string> string(const Json& o, const std::string& at, const char* key,
                                    bool required) const;
  void boolean(const Json& o, const std::string& at, const char* key) const;
  // An optional array of numbers: exactly `size` of them, or any count when size is 0.
  void numbers(const Json& o, const std::string& at, const char* key, size_t size) const;
  // An index into the root array `target` (e.g. "accessors"), called `noun` in messages:
  // "accessor 12 does not exist (5 accessors)".
  std::optional<uint64_t> index(const Json& o, const std::string& at, const char* key,
                                const char* target, const char* noun, bool required) const;
  uint64_t indexValue(const Json& v, const std::string& at, const char* target,
                      const char* noun) const;
  // An array of indices into `target`.
  void indexArray(const Json& o, const std::string& at, const char* key, const char* target,
                  const char* noun, bool required, size_t minItems = 0) const;
  std::optional<int64_t> enumInt(const Json& o, const std::string& at, const char* key,
                                 std::initializer_list<int64_t> allowed, bool required) const;
  std::optional<std::string> enumString(const Json& o, const std::string& at, const char* key,
                                        std::initializer_list<const char*> allowed,
                                        bool required) const;

 private:
  const Json* get(const Json& o, const std::string& at, const char* key, bool required) const;
  const Json& root_;
};

// A short rendering of a JSON value for messages ("got ...").
std::string describeJson(const Json& v);

}  // namespace vitrine::scene
