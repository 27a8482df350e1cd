// The images of a document loaded with scene::LoadOptions::deferImageDecode, decoded on a
// worker thread (in parallel across images, scene::parallelFor) while the window already
// draws the document's geometry (issue 16). The UI thread takes each decoded image and gives
// it to the scene (scene::adoptDeferredImage), then to the renderer (Renderer::addImages).
// The batch modes take them the same way, waiting for each (batch_common.h): one path from
// encoded bytes to the GPU, with at most a bounded amount of decoded pixels waiting in between.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
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
  // maxReadyBytes bounds the decoded pixels waiting to be taken: no image starts decoding
  // while that many wait (the bound is passed by at most one image per decoding thread), so
  // that a consumer slower than the decoders (an upload) does not hold every image at once.
  explicit ImageStream(const Document& document, bool held = false,
                       uint64_t maxReadyBytes = kDefaultReadyBytes);
  static constexpr uint64_t kDefaultReadyBytes = 64ull << 20;
  // Images not yet started are skipped; the stream waits for those under way.
  ~ImageStream();
  ImageStream(const ImageStream&) = delete;
  ImageStream& operator=(const ImageStream&) = delete;

  // The images decoded and not yet taken, in the order they finished, up to the first that
  // brings their pixels to maxBytes or more (at least one when any is ready).
  [[nodiscard]] std::vector<Decoded> take(uint64_t maxBytes = UINT64_MAX);
  // take(maxBytes), then gives each image taken to `document` (the stream's, on the owner's
  // thread: scene::adoptDeferredImage) and prints its warning to stderr as the load's are
  // ("vitrine: warning: ..."), also appending it to *warnings when given. Returns how many.
  size_t adopt(Document& document, uint64_t maxBytes, std::vector<std::string>* warnings = nullptr);
  // Waits until every image is decoded or `seconds` have passed; true when all are. An image
  // held back by maxReadyBytes waits for take(), so this can only time out then.
  bool waitAll(double seconds);
  // Waits until an image is ready to be taken or every image has been taken; the seconds
  // waited.
  double waitReady();
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
  const uint64_t maxReadyBytes_;
  std::deque<Decoded> ready_;  // guarded by mutex_
  uint64_t readyBytes_ = 0;    // guarded by mutex_: the pixels in ready_
  size_t finished_ = 0;        // guarded by mutex_
  bool held_ = false;          // guarded by mutex_
  std::thread worker_;
};

}  // namespace vitrine::app
