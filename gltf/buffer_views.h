// Where a bufferView's bytes come from (glTF 2.0 §3.6.1.2): a range of its buffer, or, for a
// view compressed with EXT_ or KHR_meshopt_compression (meshopt_decode.h), the bytes decoded from
// the extension's own buffer range. Every reader of bufferViews (accessors, sparse data, images)
// goes through bufferViewBytes(). Internal to the loader (gltf/, load/).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "json_util.h"

namespace vitrine::scene {

struct GltfDocument;

// The bytes of bufferView `view` (an index validateGltfJson() checked): its decoded bytes when
// it was compressed, else its byteOffset/byteLength range of its buffer. Empty when its buffer
// was not loaded (a buffer without uri that nothing reads, or freed after loading).
std::span<const uint8_t> bufferViewBytes(const GltfDocument& doc, uint64_t view);

// The byteStride of bufferView `view`, or 0 when its elements are tightly packed: its own
// byteStride, else for an EXT_/KHR_meshopt_compression view the extension's (the layout the data
// was encoded and decoded with; the spec requires the two to match when both are given).
uint64_t bufferViewStride(const Json& root, uint64_t view);

// For every bufferView of `root`, the JSON pointer of the first property that reads it
// ("/accessors/3", "/accessors/3/sparse/indices", "/images/0"), or "" when nothing does. With
// `usedAccessors`, accessors it does not flag are not counted as readers.
std::vector<std::string> bufferViewReaders(const Json& root,
                                           const std::vector<bool>* usedAccessors = nullptr);

// Which buffers must be loaded, given `readers` (every reader) and `usedReaders` (those
// readers that something uses: bufferViewReaders with the used accessors): a buffer some
// read view takes its bytes from (the view's own buffer, or its EXT_/KHR_meshopt_compression
// buffer when compressed). A buffer without uri (GLB's first one aside, §4.4.3.3) that a used
// reader needs is an error naming it: "/buffers/1: has no uri, but /accessors/0 reads it
// through bufferView 2". When only unused accessors read it, it is a warning ("/buffers/1:
// has no uri, and only accessors nothing uses read it (/accessors/0 through bufferView 2); not
// loaded"), and those views' readers are cleared (nothing decodes them). Buffers nothing needs
// that are flagged as EXT_/KHR_meshopt_compression fallback are not loaded (the extension
// allows skipping them); other unneeded buffers load as before.
// Returns "" and sets `skip[i]` for buffers not to load, or the error.
[[nodiscard]] std::string neededBuffers(const Json& root, bool isGlb,
                                        std::vector<std::string>& readers,
                                        const std::vector<std::string>& usedReaders,
                                        std::vector<bool>& skip,
                                        std::vector<std::string>& warnings);

}  // namespace vitrine::scene
