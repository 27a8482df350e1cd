// The GLB container (glTF 2.0 §4.4 "Binary glTF Layout"): a 12-byte header, a JSON chunk and
// an optional BIN chunk. gltf/gltf_document.cpp calls it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vitrine::codecs {

// True when the bytes start with the GLB magic "glTF".
bool isGlb(std::span<const uint8_t> bytes);

struct GlbChunks {
  std::span<const uint8_t> json;  // the JSON chunk's data
  std::span<const uint8_t> bin;   // the BIN chunk's data, empty when the file has none
  std::vector<std::string> warnings;
};

// Splits a GLB file into its chunks. Checks the header (version 2, declared length within the
// file) and that every chunk lies within the declared length; the spans point into `bytes`.
// Returns "" or the error message (e.g. "truncated GLB: header declares 1234 bytes, file has
// 1000").
[[nodiscard]] std::string parseGlb(std::span<const uint8_t> bytes, GlbChunks& out);

}  // namespace vitrine::codecs
