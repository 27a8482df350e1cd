#include "json_checker.h"

#include <cfloat>
#include <cmath>

namespace vitrine::scene {
namespace {

// JSON integers may also be written as integral floats ("3.0"); both are accepted.
bool asInteger(const Json& v, int64_t& out) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > kMaxSafeInteger) return false;
    out = int64_t(u);
    return true;
  }
  if (v.is_number_integer()) {
    out = v.get<int64_t>();
    return out >= -int64_t(kMaxSafeInteger);
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) > double(kMaxSafeInteger)) {
      return false;
    }
    out = int64_t(d);
    return true;
  }
  return false;
}

// The loader stores numbers as floats: a finite double beyond FLT_MAX would become infinite.
void checkFloat(const Json& v, const std::string& at) {
  if (!v.is_number() || !std::isfinite(v.get<double>())) {
    JsonChecker::fail(at, "expected a number, got " + describeJson(v));
  }
  if (std::fabs(v.get<double>()) > double(FLT_MAX)) {
    JsonChecker::fail(at, describeJson(v) + " does not fit a 32-bit float");
  }
}

std::string singularOrPlural(size_t n, const char* noun) {
  return std::to_string(n) + " " + noun +
         (n == 1 ? "" : (std::string(noun).back() == 'h' ? "es" : "s"));
}

}  // namespace

std::string describeJson(const Json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

void JsonChecker::fail(const std::string& pointer, const std::string& what) {
  throw JsonCheckFailure{located(pointer, what)};
}

size_t JsonChecker::count(const char* name) const {
  const Json* a = member(root_, name);
  return a && a->is_array() ? a->size() : 0;
}

const Json* JsonChecker::get(const Json& o, const std::string& at, const char* key,
                             bool required) const {
  const Json* v = member(o, key);
  if (!v && required) fail(at + jsonPointer(key), "required property is missing");
  return v;
}

void JsonChecker::requireObject(const Json& v, const std::string& at) const {
  if (!v.is_object()) fail(at, "expected a JSON object, got " + describeJson(v));
}

const Json* JsonChecker::object(const Json& o, const std::string& at, const char* key,
                                bool required) const {
  const Json* v = get(o, at, key, required);
  if (v) requireObject(*v, at + jsonPointer(key));
  return v;
}

const Json* JsonChecker::objectArray(const Json& o, const std::string& at, const char* key,
                                     bool required, size_t minItems) const {
  const Json* v = get(o, at, key, required);
  if (!v) return nullptr;
  const std::string p = at + jsonPointer(key);
  if (!v->is_array()) fail(p, "expected an array, got " + describeJson(*v));
  if (v->size() < minItems) {
    fail(p, "expected at least " + std::to_string(minItems) +
                (minItems == 1 ? " element, got " : " elements, got ") + std::to_string(v->size()));
  }
  for (size_t i = 0; i < v->size(); ++i) requireObject((*v)[i], p + jsonPointer(i));
  return v;
}

std::optional<uint64_t> JsonChecker::integer(const Json& o, const std::string& at, const char* key,
                                             bool required, uint64_t min, uint64_t max) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  int64_t i = 0;
  if (!asInteger(*v, i) || i < 0 || uint64_t(i) < min || uint64_t(i) > max) {
    fail(at + jsonPointer(key), "expected an integer in [" + std::to_string(min) + ", " +
                                    std::to_string(max) + "], got " + describeJson(*v));
  }
  return uint64_t(i);
}

std::optional<double> JsonChecker::number(const Json& o, const std::string& at, const char* key,
                                          bool required) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  checkFloat(*v, at + jsonPointer(key));
  return v->get<double>();
}

std::optional<std::string> JsonChecker::string(const Json& o, const std::string& at,
                                               const char* key, bool required) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  if (!v->is_string()) fail(at + jsonPointer(key), "expected a string, got " + describeJson(*v));
  return v->get<std::string>();
}

void JsonChecker::boolean(const Json& o, const std::string& at, const char* key) const {
  const Json* v = get(o, at, key, false);
  if (v && !v->is_boolean()) {
    fail(at + jsonPointer(key), "expected true or false, got " + describeJson(*v));
  }
}

void JsonChecker::numbers(const Json& o, const std::string& at, const char* key,
                          size_t size) const {
  const Json* v = get(o, at, key, false);
  if (!v) return;
  const std::string p = at + jsonPointer(key);
  if (!v->is_array() || (size != 0 && v->size() != size)) {
    fail(p, (size ? "expected an array of " + std::to_string(size) + " numbers, got "
                  : std::string("expected an array of numbers, got ")) +
                describeJson(*v));
  }
  for (size_t i = 0; i < v->size(); ++i) {
    checkFloat((*v)[i], p + jsonPointer(i));
  }
}

uint64_t JsonChecker::indexValue(const Json& v, const std::string& at, const char* target,
                                 const char* noun) const {
  int64_t i = 0;
  if (!asInteger(v, i))
    fail(at, std::string("expected a ") + noun + " index, got " + describeJson(v));
  const size_t n = count(target);
  if (i < 0 || uint64_t(i) >= n) {
    fail(at, std::string(noun) + " " + std::to_string(i) + " does not exist (" +
                 singularOrPlural(n, noun) + ")");
  }
  return uint64_t(i);
}

std::optional<uint64_t> JsonChecker::index(const Json& o, const std::string& at, const char* key,
                                           const char* target, const char* noun,
                                           bool required) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  return indexValue(*v, at + jsonPointer(key), target, noun);
}

void JsonChecker::indexArray(const Json& o, const std::string& at, const char* key,
                             const char* target, const char* noun, bool required,
                             size_t minItems) const {
  const Json* v = get(o, at, key, required);
  if (!v) return;
  const std::string p = at + jsonPointer(key);
  if (!v->is_array()) fail(p, "expected an array of indices, got " + describeJson(*v));
  if (v->size() < minItems) {
    fail(p, "expected at least " + std::to_string(minItems) +
                (minItems == 1 ? " element, got " : " elements, got ") + std::to_string(v->size()));
  }
  for (size_t i = 0; i < v->size(); ++i) indexValue((*v)[i], p + jsonPointer(i), target, noun);
}

std::optional<int64_t> JsonChecker::enumInt(const Json& o, const std::string& at, const char* key,
                                            std::initializer_list<int64_t> allowed,
                                            bool required) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  int64_t i = 0;
  if (asInteger(*v, i)) {
    for (int64_t a : allowed) {
      if (a == i) return i;
    }
  }
  std::string list;
  for (int64_t a : allowed) list += (list.empty() ? "" : ", ") + std::to_string(a);
  fail(at + jsonPointer(key), "expected one of " + list + ", got " + describeJson(*v));
}

std::optional<std::string> JsonChecker::enumString(const Json& o, const std::string& at,
                                                   const char* key,
                                                   std::initializer_list<const char*> allowed,
                                                   bool required) const {
  const Json* v = get(o, at, key, required);
  if (!v) return std::nullopt;
  if (v->is_string()) {
    for (const char* a : allowed) {
      if (v->get<std::string>() == a) return v->get<std::string>();
    }
  }
  std::string list;
  for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  fail(at + jsonPointer(key), "expected one of " + list + ", got " + describeJson(*v));
}

}  // namespace vitrine::scene
