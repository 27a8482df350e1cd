#include "image_stream.h"

#include <cstdio>

#include "loader.h"

namespace vitrine::app {

ImageStream::ImageStream(const Document& document, bool held, uint64_t maxReadyBytes)
    : scene::ImageDecoder(*document.gltf, *document.scene,
                          {.maxReadyBytes = maxReadyBytes, .held = held}) {}

size_t ImageStream::adopt(Document& document, uint64_t maxBytes,
                          std::vector<std::string>* warnings) {
  std::vector<Decoded> decoded = take(maxBytes);
  for (Decoded& d : decoded) {
    if (!d.warning.empty()) {
      const std::string warning = document.scene->path + ": " + d.warning;
      std::fprintf(stderr, "vitrine: warning: %s\n", warning.c_str());
      if (warnings) warnings->push_back(warning);
    }
    scene::adoptDeferredImage(*document.gltf, *document.scene, d.image, std::move(d.rgba8));
  }
  return decoded.size();
}

}  // namespace vitrine::app
