#include "image_stream.h"

#include <cstdio>

namespace vitrine::app {

ImageStream::ImageStream(const Document& document, bool held, uint64_t maxReadyBytes)
    : scene::ImageDecoder(*document.gltf, *document.scene,
                          {.maxReadyBytes = maxReadyBytes, .held = held}) {}

size_t ImageStream::adopt(Document& document, uint64_t maxBytes,
                          std::vector<std::string>* warnings) {
  return ImageDecoder::adopt(*document.gltf, *document.scene, maxBytes,
                             [&](size_t, const std::string& why) {
                               const std::string warning = document.scene->path + ": " + why;
                               std::fprintf(stderr, "vitrine: warning: %s\n", warning.c_str());
                               if (warnings) warnings->push_back(warning);
                             });
}

}  // namespace vitrine::app
