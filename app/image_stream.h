// The images of a document loaded with scene::LoadOptions::deferImageDecode, decoded on a
// worker thread (in parallel across images, scene::parallelFor) while the window already
// draws the document's geometry (issue 16). The UI thread takes each decoded image and gives
// it to the scene (scene::adoptDeferredImage), then to the renderer (Renderer::addImages).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "document.h"

namespace vitrine::app {

class ImageStream {
 public:
  struct Decoded {
    size_t image = 0;
    std::vector<uint8_t> rgba8;  // empty when it could not be decoded
    std::string warning;         // then why, "<file>: /images/N: cannot decode image: ..."
  };

  // Starts decoding every image of `document` that has encoded bytes. The document must
  // outlive the stream and nothing may write its images meanwhile, but through take()'s
  // results on the owner's thread after they are taken (an image is decoded once).
  // held (tests): nothing is decoded until release().
  explicit ImageStream(const Document& document, bool held = false);
  // Images not yet started are skipped; the stream waits for those under way.
  ~ImageStream();
  ImageStream(const ImageStream&) = delete;
  ImageStream& operator=(const ImageStream&) = delete;

  // The images decoded since the last call, in the order they finished.
  [[nodiscard]] std::vector<Decoded> take();
  // Waits until every image is decoded or `seconds` have passed; true when all are.
  bool waitAll(double seconds);
  // Lets a held stream start.
  void release();
  // How many images the stream decodes, and how many it has handed out by take().
  size_t total() const { return images_.size(); }
  size_t taken() const { return taken_; }

 private:
  std::vector<size_t> images_;  // the ones with encoded bytes
  size_t taken_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Decoded> ready_;  // guarded by mutex_
  size_t finished_ = 0;         // guarded by mutex_
  bool held_ = false;           // guarded by mutex_
  std::thread worker_;
};

}  // namespace vitrine::app
