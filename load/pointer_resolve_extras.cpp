// resolvePointer() for values under `extras` (KHR_animation_pointer: "Properties located in
// extras objects MAY be targeted as well, but validity and interpretation of the animated
// values is entirely application specific"). Vitrine accepts numbers, booleans and arrays of
// numbers, copied once into Scene::extrasValues where slots then point.
#include "json_pointer.h"
#include "pointer_resolve_detail.h"

namespace vitrine::scene::om {
namespace {

const char* describeKind(const Json& v) {
  if (v.is_object()) return "an object";
  if (v.is_string()) return "a string";
  if (v.is_null()) return "null";
  if (v.is_array()) return v.empty() ? "an empty array" : "an array of other values";
  return "another value";
}

bool isNumberArray(const Json& v) {
  if (!v.is_array() || v.empty()) return false;
  for (const Json& e : v) {
    if (!e.is_number()) return false;
  }
  return true;
}

// Nouns of the root arrays, for "node 7 does not exist (3 nodes)" on the way to extras.
bool rootNoun(const std::string& array, std::string& noun, std::string& nouns) {
  static const char* const kNames[][3] = {{"accessors", "accessor", "accessors"},
                                          {"animations", "animation", "animations"},
                                          {"buffers", "buffer", "buffers"},
                                          {"bufferViews", "bufferView", "bufferViews"},
                                          {"cameras", "camera", "cameras"},
                                          {"images", "image", "images"},
                                          {"materials", "material", "materials"},
                                          {"meshes", "mesh", "meshes"},
                                          {"nodes", "node", "nodes"},
                                          {"samplers", "sampler", "samplers"},
                                          {"scenes", "scene", "scenes"},
                                          {"skins", "skin", "skins"},
                                          {"textures", "texture", "textures"}};
  for (const auto& n : kNames) {
    if (array == n[0]) {
      noun = n[1];
      nouns = n[2];
      return true;
    }
  }
  return false;
}

// The storage of the value at tokens t[0, end) (a number, boolean or array of numbers),
// created from `value` the first time that pointer is resolved.
uint32_t storage(const Query& q, size_t end, const Json& value) {
  const std::string key = joinJsonPointer(Tokens(q.t.begin(), q.t.begin() + std::ptrdiff_t(end)));
  if (auto it = q.scene.extrasIndex.find(key); it != q.scene.extrasIndex.end()) return it->second;
  std::vector<float> floats;
  if (value.is_boolean()) {
    floats.push_back(value.get<bool>() ? 1.0f : 0.0f);
  } else if (value.is_array()) {
    for (const Json& e : value) floats.push_back(e.get<float>());
  } else {
    floats.push_back(value.get<float>());
  }
  const uint32_t index = uint32_t(q.scene.extrasValues.size());
  q.scene.extrasValues.push_back(std::move(floats));
  q.scene.extrasIndex.emplace(key, index);
  return index;
}

// Slot of element `k` (or the whole entry when whole) of extras entry `index`. Region Extras:
// element is the entry, byteOffset 4 * k within it.
ResolveResult extrasSlot(const Query& q, uint32_t index, ValueType type, uint32_t k,
                         uint32_t count) {
  float* data = q.scene.extrasValues[index].data() + k;
  return slot(type, Region::Extras, index, data, count, 4 * size_t(k));
}

}  // namespace

ResolveResult resolveExtras(const Query& q, size_t e) {
  const Tokens& t = q.t;
  // The object holding the extras, walked in the JSON.
  const Json* at = &q.doc.json;
  for (size_t i = 0; i < e; ++i) {
    const Json* next = nullptr;
    if (at->is_array()) {
      const std::optional<uint32_t> k = parseArrayIndex(t[i]);
      std::string noun, nouns;
      if (k && *k >= at->size() && i == 1 && rootNoun(t[0], noun, nouns)) {
        return fail(noun + " " + std::to_string(*k) + " does not exist (" +
                    std::to_string(at->size()) + " " + (at->size() == 1 ? noun : nouns) + ")");
      }
      if (k && *k < at->size()) next = &(*at)[*k];
    } else if (at->is_object()) {
      const auto it = at->find(t[i]);
      next = it == at->end() ? nullptr : &*it;
    }
    if (!next) {
      return fail("no value at " +
                  joinJsonPointer(Tokens(t.begin(), t.begin() + std::ptrdiff_t(i + 1))));
    }
    at = next;
  }
  const Json* value = member(*at, "extras");
  if (!value) {
    if (e == 0) return fail("the document has no extras object");
    return fail("no extras object at " +
                joinJsonPointer(Tokens(t.begin(), t.begin() + std::ptrdiff_t(e))));
  }
  // Inside extras: any JSON down to the value.
  const Json* parent = nullptr;
  for (size_t i = e + 1; i < t.size(); ++i) {
    const std::string owner =
        i == e + 1 ? std::string("the extras object") : "\"" + t[i - 1] + "\"";
    const Json* next = nullptr;
    if (value->is_array()) {
      const std::optional<uint32_t> k = parseArrayIndex(t[i]);
      if (!k || *k >= value->size()) {
        return fail(owner + " has no element \"" + t[i] + "\" (" + std::to_string(value->size()) +
                    (value->size() == 1 ? " element)" : " elements)"));
      }
      next = &(*value)[*k];
    } else if (value->is_object()) {
      const auto it = value->find(t[i]);
      if (it == value->end()) return fail(owner + " has no \"" + t[i] + "\"");
      next = &*it;
    } else {
      return fail(owner + " is not an object or array");
    }
    parent = value;
    value = next;
  }
  // An element of an array of numbers shares the array's storage, so that the array and its
  // elements are one property (as /nodes/N/weights and /nodes/N/weights/K are).
  if (parent && value->is_number() && isNumberArray(*parent)) {
    const uint32_t index = storage(q, t.size() - 1, *parent);
    const uint32_t k = *parseArrayIndex(t.back());
    return extrasSlot(q, index, ValueType::Float, k, 1);
  }
  if (value->is_number())
    return extrasSlot(q, storage(q, t.size(), *value), ValueType::Float, 0, 1);
  if (value->is_boolean())
    return extrasSlot(q, storage(q, t.size(), *value), ValueType::Bool, 0, 1);
  if (isNumberArray(*value)) {
    return extrasSlot(q, storage(q, t.size(), *value), ValueType::FloatArray, 0,
                      uint32_t(value->size()));
  }
  return fail(std::string("an extras value must be a number, a boolean or an array of numbers, "
                          "not ") +
              describeKind(*value));
}

}  // namespace vitrine::scene::om
