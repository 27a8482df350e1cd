// EXT_meshopt_compression (Vendor extension, ratified) and KHR_meshopt_compression (release
// candidate): bufferViews whose bytes are stored as a meshoptimizer stream in another buffer
// range, decoded once after the resources load. One code path for both: what the two share
// (version 0 attribute streams, TRIANGLES, INDICES, the OCTAHEDRAL, QUATERNION and EXPONENTIAL
// filters) is libmeshoptimizer's (Debian 0.18); what KHR adds and 0.18 predates (version 1
// attribute streams, the COLOR filter; the spec's "Appendix C") is meshopt_v1_decode.h's.
// Internal to the loader (gltf/, load/).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "json_util.h"

namespace vitrine::scene {

struct GltfDocument;

inline constexpr const char* kMeshoptExtension = "EXT_meshopt_compression";
inline constexpr const char* kMeshoptKhrExtension = "KHR_meshopt_compression";

// One compressed bufferView, as its extension object describes it.
struct MeshoptStream {
  enum class Mode { Attributes, Triangles, Indices };
  enum class Filter { None, Octahedral, Quaternion, Exponential, Color };  // Color: KHR only
  uint64_t buffer = 0;  // the buffer holding the compressed bytes
  uint64_t byteOffset = 0, byteLength = 0;
  uint64_t byteStride = 0, count = 0;  // the decoded view is count * byteStride bytes
  Mode mode = Mode::Attributes;
  Filter filter = Filter::None;
  bool khr = false;  // KHR_meshopt_compression (version 1 streams and COLOR allowed), else EXT
};

// The name of the extension `s` comes from.
inline const char* meshoptExtensionName(const MeshoptStream& s) {
  return s.khr ? kMeshoptKhrExtension : kMeshoptExtension;
}

// The extension object of bufferView `view` (KHR_meshopt_compression's, else
// EXT_meshopt_compression's), or nullptr; `name` gets the extension's name when not null.
const Json* meshoptExtension(const Json& view, const char** name = nullptr);

// Whether buffer `buffer` is tagged as a fallback ("extensions": {"EXT_meshopt_compression" or
// "KHR_meshopt_compression": {"fallback": true}}).
bool isMeshoptFallbackBuffer(const Json& buffer);

// Reads and checks bufferView `index`'s extension object against the rules of the extension's
// "JSON schema updates" section (stride per mode and filter, byteLength = byteStride * count,
// the compressed range inside its buffer; COLOR only in KHR_meshopt_compression; not both
// extensions on one view). `root` passed validateGltfJson(). Returns "" or
// "/bufferViews/N/extensions/<EXT|KHR>_meshopt_compression[/property]: <what>".
[[nodiscard]] std::string parseMeshoptStream(const Json& root, uint64_t index, MeshoptStream& out);

// Decodes `encoded` as `s` says into `out`, which must be s.count * s.byteStride bytes, then
// applies s.filter in place. Safe on any bytes (a libFuzzer target may call it with a stream
// it made up): returns "" or what failed, e.g. "meshopt_decodeVertexBuffer failed (-2: data
// truncated or corrupt)" or, for a KHR version 1 stream, meshopt_v1_decode.h's message. `s` must
// have passed parseMeshoptStream's stride/mode/filter rules; checkMeshoptLayout() says whether it
// did.
[[nodiscard]] std::string decodeMeshoptStream(const MeshoptStream& s,
                                              std::span<const uint8_t> encoded,
                                              std::span<uint8_t> out);

// "" when s's mode, filter, byteStride and count satisfy the extension's rules, else why.
[[nodiscard]] std::string checkMeshoptLayout(const MeshoptStream& s);

// Decodes every compressed bufferView that something reads (readers[v] non-empty, see
// buffer_views.h) into doc.decodedViews, in parallel (parallel.h); the sizes are reserved from
// doc.budget first. Returns "" or "/bufferViews/N/extensions/<ext>: <what>"
// for the first view (in index order) that fails.
[[nodiscard]] std::string decodeMeshoptViews(GltfDocument& doc,
                                             const std::vector<std::string>& readers);

}  // namespace vitrine::scene
