// The one reader of accessor data (glTF 2.0 §3.6.2): every vertex attribute, index list and,
// later, animation keyframe goes through here. Internal to the loader (gltf/, load/) (tests use it
// too).
//
// Before anything is allocated for the result, the reader checks that every byte it will read
// lies inside its bufferView (accessor.byteOffset + stride * (count - 1) + element size <=
// bufferView.byteLength, the same for the sparse indices and values) and that the result stays
// under kMaxAccessorValues. bufferViews lying inside their buffer and indices being in range
// are validateGltfJson()'s part. All arithmetic is 64-bit on values below 2^53: no overflow.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gltf_document.h"

namespace vitrine::scene {

// Upper bound on count * components of one accessor (1 GiB of floats): an accessor without a
// bufferView may claim any count, and it must not make the loader allocate without limit.
inline constexpr uint64_t kMaxAccessorValues = uint64_t(1) << 28;

struct AccessorFormat {
  int componentType = 0;    // gltf::kFloat, gltf::kUnsignedShort, ...
  std::string type;         // "SCALAR", "VEC3", "MAT4", ...
  uint32_t components = 0;  // per element: 1 for SCALAR ... 16 for MAT4
  bool normalized = false;
  uint32_t count = 0;  // elements
};

// The format of accessor `index`, which must exist (validateGltfJson() checked every
// reference to it).
AccessorFormat accessorFormat(const GltfDocument& doc, uint32_t index);

// Where an accessor is read from and why, for the memory budget's refusal: e.g. at
// "/animations/0/samplers/1/output", purpose "animation keyframes". Empty: the accessor's own
// pointer and no purpose.
struct AccessorUse {
  std::string at;
  std::string purpose;
};

// Reserves `bytes` from doc.budget for `what` at JSON pointer `at` (MemoryBudget::reserve):
// "" or the refusal. For every reader of the document that allocates what the file's numbers
// decide (decoders of compressed streams and images included), before allocating it.
[[nodiscard]] std::string reserveMemory(const GltfDocument& doc, uint64_t bytes,
                                        std::string_view at, std::string_view what);

// "accessor of 1000 VEC3 floats" / "... unsigned integers": what a decoded accessor is, for
// budget messages.
std::string describeDecoded(const AccessorFormat& f, bool floats);

// Reads accessor `index` into count * components floats, element after element (matrices
// column-major, without the column padding of §3.6.2.4). Integer components become floats:
// normalized ones by formulas.md "Normalized integers" (signed: max(c / 127, -1), ...), the
// others as their value. Without a bufferView the elements start as zeros; sparse values then
// replace theirs (§3.6.2.3).
// The decoded size (out.size() * 4 bytes) is reserved from doc.budget before it is allocated
// and stays reserved: the caller releases it when it frees `out` early (memory_budget.h).
// Returns "" on success, else "<JSON pointer>: <what>" and `out` is empty (nothing reserved).
[[nodiscard]] std::string readAccessor(const GltfDocument& doc, uint32_t index,
                                       std::vector<float>& out, const AccessorUse& use = {});

// The same for accessors of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT components, read as
// their value (normalized is ignored: index data is never normalized). Other component types
// are an error.
[[nodiscard]] std::string readAccessor(const GltfDocument& doc, uint32_t index,
                                       std::vector<uint32_t>& out, const AccessorUse& use = {});

}  // namespace vitrine::scene
