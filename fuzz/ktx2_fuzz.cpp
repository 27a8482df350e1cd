// libFuzzer target: KHR_texture_basisu's KTX2 files (codecs/ktx2.h): the container, UASTC raw or
// with Zstandard, and ETC1S with BasisLZ (Huffman tables, codebooks, slices), straight through
// decodeKtx2 on the file's bytes. Seeds: tests/data/ktx2/*.ktx2 (make_corpus.sh).
#include <cstdint>
#include <cstdlib>
#include <span>

#include "ktx2.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine::codecs;
  Ktx2Info info;
  if (!readKtx2({data, size}, info).empty()) return 0;
  // The loader reserves decodedBytes() before decoding: keep what one input may ask for
  // within the fuzzer's memory limit, as the memory budget does for the loader.
  if (info.decodedBytes() > (uint64_t(256) << 20)) return 0;
  Ktx2Image image;
  if (!decodeKtx2({data, size}, image).empty()) {
    if (!image.levels.empty()) std::abort();  // a failed decode leaves nothing
    return 0;
  }
  // Every level stored decoded, at its size.
  if (image.levels.size() != info.levels.size()) std::abort();
  for (size_t p = 0; p < image.levels.size(); ++p)
    if (image.levels[p].size() != size_t(info.levelWidth(p)) * info.levelHeight(p) * 4)
      std::abort();
  return 0;
}
