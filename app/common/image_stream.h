// The images of a document loaded with scene::LoadOptions::deferImageDecode, decoded by the
// loader's decoder (load/image_decoder.h) while the window already draws the document's
// geometry (issue 16). The UI thread takes the decoded images and gives them to the document
// (adopt), then to the renderer (Renderer::addImages). The batch modes take them the same
// way, waiting for each (batch_common.h): one path from encoded bytes to the GPU, with at most
// a bounded amount of decoded pixels waiting in between.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "document.h"
#include "image_decoder.h"

namespace vitrine::app {

class ImageStream : public scene::ImageDecoder {
 public:
  // Starts decoding every image of `document` that has encoded bytes, with at most
  // maxReadyBytes of decoded pixels waiting (scene::ImageDecoder::Options). The document must
  // outlive the stream. held (tests): nothing is decoded until release().
  explicit ImageStream(const Document& document, bool held = false,
                       uint64_t maxReadyBytes = kDefaultReadyBytes);
  static constexpr uint64_t kDefaultReadyBytes = 64ull << 20;

  // take(maxBytes), then gives each image taken to `document` (the stream's, on the owner's
  // thread: scene::adoptDeferredImage) and prints its warning to stderr as the load's are
  // ("vitrine: warning: <file>: /images/N: ..."), also appending it to *warnings when given.
  // Returns how many.
  size_t adopt(Document& document, uint64_t maxBytes, std::vector<std::string>* warnings = nullptr);
};

}  // namespace vitrine::app
