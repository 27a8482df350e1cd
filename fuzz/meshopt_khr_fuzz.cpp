// libFuzzer target: KHR_meshopt_compression decoding (gltf/meshopt_decode.h with s.khr set,
// so version 1 attribute streams and the COLOR filter go through codecs/meshopt_v1_decode.h,
// the rest through libmeshoptimizer). Input: an 8-byte header, then the encoded stream.
//   byte 0      mode: b % 3 (ATTRIBUTES, TRIANGLES, INDICES)
//   byte 1      filter: b % 5 (NONE, OCTAHEDRAL, QUATERNION, EXPONENTIAL, COLOR)
//   byte 2      byteStride - 1 (1 to 256)
//   bytes 4-7   count (little-endian, modulo 2^16)
// Layouts the extension forbids are refused by checkMeshoptLayout() first, as the loader does;
// fuzz/make_corpus.sh writes seeds of this form from the committed gltfpack fixtures and
// reference vectors of tests/data/meshopt_khr/.
#include <cstdint>
#include <span>
#include <vector>

#include "meshopt_decode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine::scene;
  if (size < 8) return 0;
  MeshoptStream s;
  s.khr = true;
  s.mode = MeshoptStream::Mode(data[0] % 3);
  s.filter = MeshoptStream::Filter(data[1] % 5);
  s.byteStride = uint64_t(data[2]) + 1;
  s.count = (uint32_t(data[4]) | uint32_t(data[5]) << 8 | uint32_t(data[6]) << 16 |
             uint32_t(data[7]) << 24) %
            (1u << 16);
  s.byteLength = size - 8;
  s.byteOffset = 0;
  if (!checkMeshoptLayout(s).empty()) return 0;
  std::vector<uint8_t> out(s.byteStride * s.count);
  (void)decodeMeshoptStream(s, std::span(data + 8, size - 8), out);
  return 0;
}
