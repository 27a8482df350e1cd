// What the fuzz targets share: an empty scratch folder to resolve relative URIs against, and
// the input format of the targets that fuzz part of a document (accessor, animation): a JSON
// object, a NUL byte, then the bytes of buffer 0. The object's members replace those of a fixed
// base document, and the result is packed as a GLB whose BIN chunk holds the bytes, so the
// fuzzer spends its time on the part under test, not on rebuilding a valid asset around it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vitrine::fuzz {

// An empty folder, created once per process: a relative URI in the input resolves inside it and
// finds no file, so no target reads the machine's files through one.
inline const std::string& scratchDir() {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/vitrine-fuzz-XXXXXX";
    const char* made = ::mkdtemp(tmpl);
    if (!made) std::abort();
    return std::string(made);
  }();
  return dir;
}

struct SplitInput {
  nlohmann::json fragment;  // discarded (is_discarded()) when the text is not JSON
  std::span<const uint8_t> bin;
};

// Splits an input at its first NUL byte: JSON text before, buffer bytes after.
inline SplitInput splitInput(const uint8_t* data, size_t size) {
  const auto* nul = static_cast<const uint8_t*>(std::memchr(data, 0, size));
  const size_t textSize = nul ? size_t(nul - data) : size;
  SplitInput out;
  out.fragment = nlohmann::json::parse(data, data + textSize, nullptr, /*allow_exceptions=*/false);
  if (nul) out.bin = std::span<const uint8_t>(nul + 1, data + size);
  return out;
}

// glTF 2.0 §4.4: a 12-byte header, the JSON chunk padded with spaces, the BIN chunk (when there
// are bytes) padded with zeros.
inline std::vector<uint8_t> packGlb(std::string text, std::span<const uint8_t> bin) {
  while (text.size() % 4 != 0) text += ' ';
  std::vector<uint8_t> chunk(bin.begin(), bin.end());
  while (chunk.size() % 4 != 0) chunk.push_back(0);
  std::vector<uint8_t> out;
  auto u32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
  };
  u32(0x46546C67);  // "glTF"
  u32(2);
  u32(uint32_t(12 + 8 + text.size() + (chunk.empty() ? 0 : 8 + chunk.size())));
  u32(uint32_t(text.size()));
  u32(0x4E4F534A);  // "JSON"
  out.insert(out.end(), text.begin(), text.end());
  if (!chunk.empty()) {
    u32(uint32_t(chunk.size()));
    u32(0x004E4942);  // "BIN\0"
    out.insert(out.end(), chunk.begin(), chunk.end());
  }
  return out;
}

// The GLB of `base` with the members of `fragment` (when it is an object) put over it; buffer 0
// is the BIN chunk, of the bytes' length, unless the fragment brings its own "buffers".
inline std::vector<uint8_t> mergedGlb(nlohmann::json base, const SplitInput& in) {
  if (in.fragment.is_object()) {
    for (auto it = in.fragment.begin(); it != in.fragment.end(); ++it) base[it.key()] = it.value();
  }
  if (!base.contains("buffers") && !in.bin.empty()) {
    base["buffers"] = nlohmann::json::array({{{"byteLength", in.bin.size()}}});
  }
  return packGlb(base.dump(), in.bin);
}

}  // namespace vitrine::fuzz
