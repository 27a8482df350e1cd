// KHR_meshopt_compression's streams that Debian's libmeshoptimizer 0.18 predates, written from
// the extension's text (/work/shared/spec/extensions/KHR_meshopt_compression.md, "Appendix C:
// Differences from EXT_meshopt_compression"):
//   - the version 1 attribute stream (header 0xa1; Appendix A "Mode 0: attributes": per-block
//     control modes, per-channel delta modes in the tail block);
//   - the COLOR filter (Appendix B "Filter 4: color", YCoCg).
// Everything else the extension shares with EXT_meshopt_compression (version 0 attributes,
// TRIANGLES, INDICES, the OCTAHEDRAL / QUATERNION / EXPONENTIAL filters) stays with the library
// (gltf/meshopt_decode.cpp), which calls these two for the rest.
//
// Contract:
//   - Inputs are untrusted bytes: every read is bounds-checked against the stream, nothing is
//     read past it or before it, and a malformed stream returns a message naming what is wrong
//     and where (block, byte position, stream offset), never crashes or loops.
//   - Nothing is allocated from the file's say-so: the caller owns `out` (count * byteStride
//     bytes, reserved from the memory budget before it was allocated); scratch is fixed-size.
//   - `out` holds garbage after a failure; the caller discards it.
//   - Reentrant: no global state; the loader decodes views in parallel.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace vitrine::codecs {

// The header byte of a version 1 attribute stream.
inline constexpr uint8_t kMeshoptVertexHeaderV1 = 0xa1;

// Decodes a version 1 ATTRIBUTES stream of `count` elements of `byteStride` bytes (a multiple
// of 4, 4 to 256, count >= 1) into `out` (exactly count * byteStride bytes). Returns "" or what
// is wrong, e.g. "attribute stream v1: block 0, byte 5 runs past the data (needs 4 bytes at
// offset 37, the tail block starts at 39)".
[[nodiscard]] std::string decodeMeshoptVertexV1(std::span<const uint8_t> encoded, uint64_t count,
                                                uint64_t byteStride, std::span<uint8_t> out);

// Applies the COLOR filter in place to `data`: count elements of byteStride 4 (four 8-bit
// components) or 8 (four 16-bit little-endian components). Cannot fail: values the spec calls
// out of range give unspecified (but defined, clamped) results.
void decodeMeshoptColorFilter(std::span<uint8_t> data, uint64_t count, uint64_t byteStride);

}  // namespace vitrine::codecs
