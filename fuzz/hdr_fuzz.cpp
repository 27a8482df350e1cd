// libFuzzer target: Radiance RGBE images (codecs/hdr.h), straight through decodeHdr on the
// file's bytes: the header, the resolution line and every flat or run-length scanline, checked
// before stb_image reads them. Seeds: a flat and a run-length image (make_corpus.sh).
#include <cstdint>
#include <cstdlib>
#include <span>

#include "hdr.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vitrine::codecs;
  HdrImage image;
  if (!decodeHdr({data, size}, image).empty()) {
    if (!image.rgb.empty()) std::abort();  // a failed decode leaves nothing
    return 0;
  }
  // A decoded image holds width * height RGB floats within the limits.
  if (image.width == 0 || image.height == 0 || image.width > kMaxHdrSize ||
      image.height > kMaxHdrSize || uint64_t(image.width) * image.height > kMaxHdrPixels ||
      image.rgb.size() != size_t(image.width) * image.height * 3)
    std::abort();
  return 0;
}
