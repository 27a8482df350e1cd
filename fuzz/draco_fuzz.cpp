// libFuzzer target: KHR_draco_mesh_compression decoding (gltf/draco_decode.h), libdraco's
// decoder plus our checks against the fallback accessors. Input: a 14-byte header, then the
// Draco stream.
//   byte 0       attributes: 1 + (b % 4) of POSITION (VEC3 float), NORMAL (VEC3 float),
//                TEXCOORD_0 (VEC2 float), JOINTS_0 (VEC4 unsigned short), in that order
//   byte 1       indices: 0 none, 1 UNSIGNED_BYTE, 2 UNSIGNED_SHORT, 3 UNSIGNED_INT (b % 4)
//   bytes 2-5    vertex count (little-endian, modulo 2^20)
//   bytes 6-9    index count (modulo 2^22)
//   bytes 10-13  the Draco attribute id of each attribute
// fuzz/make_corpus.sh writes seeds of this form from the assimp-testmodels Draco sample.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "draco_decode.h"
#include "gltf_enums.h"
#include "memory_budget.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine::scene;
  if (size < 14) return 0;
  auto u32 = [&](size_t at) {
    return uint32_t(data[at]) | uint32_t(data[at + 1]) << 8 | uint32_t(data[at + 2]) << 16 |
           uint32_t(data[at + 3]) << 24;
  };
  const uint32_t vertices = u32(2) % (1u << 20);
  const uint32_t indexCount = u32(6) % (1u << 22);
  struct Kind {
    const char* name;
    int componentType;
    const char* type;
    uint32_t components;
    uint32_t componentBytes;
  };
  static const Kind kKinds[] = {{"POSITION", gltf::kFloat, "VEC3", 3, 4},
                                {"NORMAL", gltf::kFloat, "VEC3", 3, 4},
                                {"TEXCOORD_0", gltf::kFloat, "VEC2", 2, 4},
                                {"JOINTS_0", gltf::kUnsignedShort, "VEC4", 4, 2}};
  DracoRequest request;
  const uint32_t attributes = 1 + data[0] % 4;
  for (uint32_t a = 0; a < attributes; ++a) {
    DracoRequest::Attribute r;
    r.name = kKinds[a].name;
    r.dracoId = data[10 + a];
    r.format.componentType = kKinds[a].componentType;
    r.format.type = kKinds[a].type;
    r.format.components = kKinds[a].components;
    r.format.count = vertices;
    request.attributes.push_back(r);
  }
  static const int kIndexTypes[] = {gltf::kUnsignedByte, gltf::kUnsignedShort, gltf::kUnsignedInt};
  static const uint32_t kIndexBytes[] = {1, 2, 4};
  const uint32_t indexKind = data[1] % 4;
  if (indexKind != 0) {
    AccessorFormat f;
    f.componentType = kIndexTypes[indexKind - 1];
    f.type = "SCALAR";
    f.components = 1;
    f.count = indexCount;
    request.indices = f;
  }
  MemoryBudget budget(uint64_t(256) << 20);
  DracoDecoded out;
  const std::string err = decodeDracoPrimitive(std::span(data + 14, size - 14), request, budget,
                                               "/meshes/0/primitives/0", out);
  if (!err.empty()) {
    // Nothing kept on failure (draco_decode.h): the budget is back where it started.
    if (budget.used() != 0) std::abort();
    return 0;
  }
  // On success, every output is exactly what its accessor declares.
  for (uint32_t a = 0; a < attributes; ++a) {
    if (out.attributes[a].size() !=
        uint64_t(vertices) * kKinds[a].components * kKinds[a].componentBytes)
      std::abort();
  }
  if (indexKind != 0 && out.indices.size() != uint64_t(indexCount) * kIndexBytes[indexKind - 1])
    std::abort();
  if (budget.used() != out.bytes()) std::abort();
  return 0;
}
