// Internals of resolvePointer() shared by its files: pointer_resolve.cpp (dispatch, nodes,
// meshes, cameras, lights, scenes, skins), pointer_resolve_materials.cpp and
// pointer_resolve_extras.cpp. Internal to load/.
#pragma once

#include <string>
#include <vector>

#include "gltf_document.h"
#include "pointer_resolve.h"

namespace vitrine::scene::om {

using Tokens = std::vector<std::string>;

// One resolution: the pointer's reference tokens (unescaped) and what they resolve against.
struct Query {
  Scene& scene;
  const GltfDocument& doc;
  const Tokens& t;
};

ResolveResult fail(std::string why);
// "not a property of the glTF Object Model".
ResolveResult notAProperty();
// A read-only property: `why` after "read-only: ", its value as compact JSON.
ResolveResult readOnly(const std::string& why, std::string value);
// A glTF id (index) property `key` of `object`: read-only with its value, or absent.
ResolveResult readOnlyId(const Json& object, const char* key);
// A read-only property `key` of `object` with a spec default (compact JSON) used when absent.
ResolveResult readOnlyValue(const Json& object, const char* key, const std::string& fallback);
// t[i] is a vector's component (the Object Model resolves vectors whole, basics item 4).
ResolveResult componentOf(ValueType type);

// Resolves t[i] as an index into `count` elements called `noun` (plural `nouns`); false with
// `out` set to the rejection when it is missing, malformed or out of range.
bool elementIndex(const Tokens& t, size_t i, size_t count, const char* noun, const char* nouns,
                  uint32_t& index, ResolveResult& out);

// A slot of `count` floats at `data`.
ResolveResult slot(ValueType type, Region region, uint32_t element, float* data, uint32_t count,
                   size_t byteOffset);

// Byte offset of `member` inside `object`, which starts an array at `base`: the byteOffset
// convention of every region but MorphWeights and Extras.
template <class T>
size_t offsetIn(const T* base, const void* member) {
  return size_t(static_cast<const char*>(member) - reinterpret_cast<const char*>(base));
}

ResolveResult resolveMaterial(const Query& q);
// t[e] == "extras": a value under the extras of the object at t[0, e).
ResolveResult resolveExtras(const Query& q, size_t e);

}  // namespace vitrine::scene::om
