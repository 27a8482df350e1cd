// The one pool that decodes the images a load left encoded (issue 16): the loader's full load
// (while it decodes the buffers), the window (while it draws the geometry) and the batch modes
// (while the device starts and the geometry uploads) all decode through it. It runs
// parallelFor (parallel.h) on a thread of its own, so the owner goes on with other work and
// takes the decoded images when it wants them, on its own thread, where it gives each to its
// scene (adoptDeferredImage, loader.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace vitrine::scene {

struct GltfDocument;
struct Scene;

class ImageDecoder {
 public:
  struct Decoded {
    size_t image = 0;
    std::vector<uint8_t> rgba8;  // empty when it could not be decoded
    std::string warning;         // then why, in the loader's form without the file name:
                                 // "/images/N: cannot decode image: ..."
  };
  struct Options {
    // Bounds the decoded pixels waiting to be taken: no image starts decoding while that many
    // wait (passed by at most one image per decoding thread), so that a consumer slower than
    // the decoders (an upload) does not hold every image at once.
    uint64_t maxReadyBytes = UINT64_MAX;
    // Nothing is decoded until release() (tests).
    bool held = false;
    // No thread of its own: the images decode one after another on the owner's thread, in
    // take(), waitReady() and waitAll(). What the decoder falls back to when no thread can be
    // started (a process at its thread limit); tests ask for it.
    bool onOwnerThread = false;
  };

  // Starts decoding every image of `scene` that has encoded bytes (Image::encoded). `doc` is
  // the scene's LoadResult::document (the memory budget). Both must outlive the decoder. It
  // reads each image's encoded bytes and size: nothing may write those meanwhile but
  // adoptDeferredImage() of the images already taken, on the owner's thread (the pixels of
  // images already uploaded may be freed). Never throws for want of a thread or of memory to
  // decode an image: that image comes back without pixels, with a warning (a full load then
  // goes on without it, as with a corrupt image).
  ImageDecoder(const GltfDocument& doc, const Scene& scene);
  ImageDecoder(const GltfDocument& doc, const Scene& scene, const Options& options);
  // Images not yet begun are skipped; the decoder waits for those under way.
  ~ImageDecoder();
  ImageDecoder(const ImageDecoder&) = delete;
  ImageDecoder& operator=(const ImageDecoder&) = delete;

  // The images decoded and not yet taken, in the order they finished, up to the first that
  // brings their pixels to maxBytes or more (at least one when any is ready).
  [[nodiscard]] std::vector<Decoded> take(uint64_t maxBytes = UINT64_MAX);
  // take(maxBytes), then gives each image taken to `scene` (the decoder's, on the owner's
  // thread: adoptDeferredImage, loader.h) and tells `warn` the warning of each that has one.
  // Returns how many.
  size_t adopt(const GltfDocument& doc, Scene& scene, uint64_t maxBytes,
               const std::function<void(size_t image, std::string warning)>& warn);
  // Waits until every image is decoded or `seconds` have passed; true when all are. An image
  // held back by maxReadyBytes waits for take(), so this can only time out then.
  bool waitAll(double seconds);
  // Waits until an image is ready to be taken or every image has been taken; the seconds
  // waited.
  double waitReady();
  // Lets a held decoder start.
  void release();
  // How many images it decodes, and how many it has handed out by take().
  size_t total() const { return images_.size(); }
  size_t taken() const { return taken_; }

 private:
  // Decodes images_[k] into a Decoded; out of memory (or any exception) is its warning.
  Decoded decode(size_t k) const;
  // Waits for the bound (or a stop); false when stopped.
  bool mayStart();
  // Hands images_[k] out (once: a second report is dropped).
  void finish(size_t k, Decoded d);
  void decodeAll();
  // With no thread: decodes the next images here until one is ready (all, for up to
  // `seconds`, when `all`; at least one either way), within the bound.
  void decodeHere(bool all, double seconds = 0.0);

  const GltfDocument& doc_;
  const Scene& scene_;
  const uint64_t maxReadyBytes_;
  std::vector<size_t> images_;  // the ones with encoded bytes
  size_t taken_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Decoded> ready_;  // guarded by mutex_; room for every image
  uint64_t readyBytes_ = 0;     // guarded by mutex_: the pixels in ready_
  size_t started_ = 0;          // guarded by mutex_: images decodeHere() began
  size_t finished_ = 0;         // guarded by mutex_
  std::vector<bool> reported_;  // guarded by mutex_: each image in ready_ once
  bool held_ = false;           // guarded by mutex_
  std::thread worker_;          // not joinable: decodeHere() does the work
};

}  // namespace vitrine::scene
