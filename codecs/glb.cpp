#include "glb.h"

#include <cstdio>
#include <cstring>

namespace vitrine::codecs {
namespace {

constexpr uint32_t kMagic = 0x46546C67;      // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A;  // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942;   // "BIN\0"
constexpr size_t kHeaderSize = 12;
constexpr size_t kChunkHeaderSize = 8;

// GLB is little endian (§4.4.2); so is every platform we build for.
uint32_t readU32(std::span<const uint8_t> bytes, size_t offset) {
  uint32_t v;
  std::memcpy(&v, bytes.data() + offset, sizeof v);
  return v;
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

}  // namespace

bool isGlb(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && readU32(bytes, 0) == kMagic;
}

std::string parseGlb(std::span<const uint8_t> bytes, GlbChunks& out) {
  out = {};
  const size_t size = bytes.size();
  if (size < kHeaderSize) {
    return "truncated GLB: file has " + std::to_string(size) + " bytes, the header needs 12";
  }
  if (readU32(bytes, 0) != kMagic) return "not a GLB file (magic " + hex(readU32(bytes, 0)) + ")";
  const uint32_t version = readU32(bytes, 4);
  if (version != 2) {
    return "GLB version " + std::to_string(version) + " is not supported (glTF 2.0 needs 2)";
  }
  const size_t length = readU32(bytes, 8);
  if (length > size) {
    return "truncated GLB: header declares " + std::to_string(length) + " bytes, file has " +
           std::to_string(size);
  }
  if (length < size) {
    out.warnings.push_back("file has " + std::to_string(size - length) +
                           " bytes after the GLB length the header declares; ignored");
  }
  const std::span<const uint8_t> glb = bytes.first(length);

  // §4.4.3: the JSON chunk comes first and is required.
  if (length < kHeaderSize + kChunkHeaderSize) {
    return "truncated GLB: declared length " + std::to_string(length) +
           " leaves no room for the JSON chunk";
  }
  const size_t jsonLength = readU32(glb, 12);
  const uint32_t jsonType = readU32(glb, 16);
  if (jsonType != kChunkJson) return "first GLB chunk is not JSON (type " + hex(jsonType) + ")";
  size_t offset = kHeaderSize + kChunkHeaderSize;
  if (jsonLength > length - offset) {
    return "truncated GLB: JSON chunk declares " + std::to_string(jsonLength) + " bytes, only " +
           std::to_string(length - offset) + " remain";
  }
  if (jsonLength == 0) return "GLB JSON chunk is empty";
  out.json = glb.subspan(offset, jsonLength);
  offset += jsonLength;

  // The optional BIN chunk must come second (§4.4.3.1).
  if (length > offset && length - offset < kChunkHeaderSize) {
    return "truncated GLB: " + std::to_string(length - offset) +
           " bytes after the JSON chunk are too few for a chunk header";
  }
  if (length - offset >= kChunkHeaderSize) {
    const size_t binLength = readU32(glb, offset);
    const uint32_t binType = readU32(glb, offset + 4);
    offset += kChunkHeaderSize;
    if (binLength > length - offset) {
      return "truncated GLB: BIN chunk declares " + std::to_string(binLength) + " bytes, only " +
             std::to_string(length - offset) + " remain";
    }
    if (binType != kChunkBin) {
      return "second GLB chunk is not BIN (type " + hex(binType) + ")";
    }
    // §4.4.3.1: chunks are padded to 4 bytes (tinygltf rejects an unpadded or empty BIN chunk).
    if (binLength == 0) return "GLB BIN chunk is empty";
    if (binLength % 4 != 0) {
      return "GLB BIN chunk length " + std::to_string(binLength) + " is not a multiple of 4";
    }
    out.bin = glb.subspan(offset, binLength);
  }
  return {};
}

}  // namespace vitrine::codecs
