// KHR_draco_mesh_compression (issue 15): Draco streams decoded with Debian's libdraco into the
// bytes of the primitive's fallback accessors, which readAccessor() then reads instead of their
// bufferView. Internal to the loader (gltf/, load/) (the fuzz target and tests call
// decodeDracoPrimitive()).
//
// Extension spec, "accessors": the accessors of the primitive's `attributes` and `indices`
// "must match the decompressed data". So the fallback accessor decides the layout: the decoded
// values are written tightly in its componentType and type, and a decoded vertex or index count
// other than its count is an error. Morph targets are never compressed (the extension maps only
// the primitive's own attributes) and stay read from their bufferViews.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "accessor.h"
#include "gltf_document.h"
#include "memory_budget.h"

namespace vitrine::scene {

// What one Draco primitive must decode to: one entry per attribute the extension maps, plus the
// indices accessor when the primitive has one.
struct DracoRequest {
  struct Attribute {
    std::string name;      // "POSITION", "JOINTS_0", ... (messages)
    uint32_t dracoId = 0;  // the attribute's unique id in the stream (extension `attributes`)
    AccessorFormat format;
  };
  std::vector<Attribute> attributes;
  std::optional<AccessorFormat> indices;  // absent: the decoded faces must be 0, 1, 2, ...
};

// Decoded bytes, tight in each accessor's componentType and type: attributes[i] for
// request.attributes[i], then indices (empty without an indices accessor).
struct DracoDecoded {
  std::vector<std::vector<uint8_t>> attributes;
  std::vector<uint8_t> indices;
  uint64_t bytes() const;
};

// Decodes one Draco stream (any bytes: the fuzz entry point). Before decoding, reads the
// stream's header (Draco bitstream 2.2, the extension's version) and refuses counts other than
// the accessors' (libdraco would size its tables from them before checking them against the
// stream), then reserves from `budget` the output the accessors' counts imply plus an estimate
// of the decoder's own tables and mesh; the estimate is released afterwards, the output stays
// reserved (the caller releases DracoDecoded::bytes() when it frees it).
// Returns "" or "<at>: <what>" / "<at>/attributes/<NAME>: <what>", `out` then empty.
[[nodiscard]] std::string decodeDracoPrimitive(std::span<const uint8_t> stream,
                                               const DracoRequest& request, MemoryBudget& budget,
                                               const std::string& at, DracoDecoded& out);

// The loader step before loadMeshes(): every primitive with KHR_draco_mesh_compression decoded
// once (primitives in parallel, parallel.h), the results in doc.decodedAccessors. Checks the
// extension object (bufferView, attributes: each a primitive attribute), the primitive's mode
// (TRIANGLES) and that no accessor is filled by two primitives.
// Returns "" or "/meshes/M/primitives/P/extensions/KHR_draco_mesh_compression...: <what>".
[[nodiscard]] std::string decodeDracoPrimitives(GltfDocument& doc);

}  // namespace vitrine::scene
