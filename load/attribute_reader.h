// Reading vertex attribute accessors of a primitive (its `attributes` or one of its morph
// `targets`): finding them, checking their accessor type and component type against the
// spec's tables, and decoding them into vectors. Shared by the loader's mesh steps. Internal to
// load/.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "accessor.h"
#include "gltf_document.h"
#include "json_util.h"

namespace vitrine::scene {

// One attribute accessor: its index, format and the JSON pointer of its reference.
struct Attribute {
  uint32_t accessor = 0;
  AccessorFormat format;
  std::string at;
};

// The accessor `name` of the attribute map `map` (e.g. a primitive's `attributes`, found at
// `mapAt`), or nothing when absent. Accessor indices were range-checked by validateGltfJson().
std::optional<Attribute> findAttribute(const GltfDocument& doc, const Json& map, const char* name,
                                       const std::string& mapAt);

// The component types an attribute may use (glTF 2.0 §3.7.2.1 and §3.7.2.2 tables), as a set.
enum ComponentRule : uint32_t {
  kFloatComponents = 1,
  kNormalizedUnsigned = 2,  // normalized UNSIGNED_BYTE / UNSIGNED_SHORT
  kNormalizedSigned = 4,    // normalized BYTE / SHORT
  kUnsignedIntegers = 8,    // UNSIGNED_BYTE / UNSIGNED_SHORT, not normalized (JOINTS_n)
  kSignedIntegers = 16,     // BYTE / SHORT, not normalized (KHR_mesh_quantization)
};

// Whether the document uses KHR_mesh_quantization (in extensionsUsed; the extension asks for
// extensionsRequired too), which widens the component types of POSITION, NORMAL, TANGENT and
// TEXCOORD_n and of morph target POSITION/NORMAL/TANGENT. Those are dequantized at load by
// readAccessor() (normalized: formulas.md "Normalized integers"; others: their value).
bool usesMeshQuantization(const GltfDocument& doc);

// "" when a's accessor has one of `types` and a component type of `rules`, else
// "<a.at>: accessor N must be VEC3 of FLOAT (is VEC3 of UNSIGNED_SHORT)" and the like.
std::string checkAttributeFormat(const Attribute& a, std::initializer_list<const char*> types,
                                 uint32_t rules);

// "" when a's accessor has `count` elements, else "<a.at>: accessor N has 3 elements,
// POSITION has 4" (glTF 2.0 §3.7.2.1: all attribute accessors of a primitive, and §3.7.2.2: all
// morph target accessors, have the count of the primitive's).
std::string checkAttributeCount(const Attribute& a, uint32_t count);

// Reads a's accessor (count already checked) as floats into `out`, one Vec per element; an
// accessor of fewer components than Vec fills the rest with `fill` (COLOR_0 as VEC3: alpha 1
// for a colour, 0 for a colour delta). Out's bytes are reserved from doc.budget and stay
// reserved (the decoded accessor's are released once converted).
template <class Vec>
std::string readAttribute(const GltfDocument& doc, const Attribute& a, std::vector<Vec>& out,
                          float fill = 1.0f) {
  std::vector<float> values;
  if (std::string err = readAccessor(doc, a.accessor, values); !err.empty()) return err;
  const ScopedRelease temporary(*doc.budget, values.size() * sizeof(float));
  const uint32_t n = a.format.components;
  const size_t count = a.format.count;
  if (std::string err =
          reserveMemory(doc, count * sizeof(Vec), a.at,
                        "stream of " + std::to_string(count) + " " + a.format.type + " floats");
      !err.empty()) {
    return err;
  }
  out.resize(count);
  for (size_t v = 0; v < count; ++v) {
    Vec e(fill);
    for (uint32_t c = 0; c < n && c < uint32_t(Vec::length()); ++c) e[int(c)] = values[v * n + c];
    out[v] = e;
  }
  return {};
}

}  // namespace vitrine::scene
