#include "image_decoder.h"

#include <chrono>
#include <exception>
#include <new>
#include <system_error>

#include "json_util.h"
#include "load_steps.h"
#include "loader.h"
#include "parallel.h"

namespace vitrine::scene {

ImageDecoder::ImageDecoder(const GltfDocument& doc, const Scene& scene)
    : ImageDecoder(doc, scene, Options{}) {}

ImageDecoder::ImageDecoder(const GltfDocument& doc, const Scene& scene, const Options& options)
    : doc_(doc), scene_(scene), maxReadyBytes_(options.maxReadyBytes), held_(options.held) {
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (!scene.images[i].encoded.empty()) images_.push_back(i);
  reported_.assign(images_.size(), false);
  ready_.reserve(images_.size());  // finish() must not throw: an image lost would hang take()
  if (images_.empty() || options.onOwnerThread) return;
  try {
    worker_ = std::thread([this] { decodeAll(); });
  } catch (const std::system_error&) {
    // No thread to be had: decodeHere() does the work on the owner's.
  }
}

ImageDecoder::~ImageDecoder() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    changed_.notify_all();
  }
  if (worker_.joinable()) worker_.join();
}

ImageDecoder::Decoded ImageDecoder::decode(size_t k) const {
  Decoded d;
  d.image = images_[k];
  auto failed = [&](const std::string& why) {
    d.rgba8 = {};
    d.warning = located(jsonPointer("images", d.image), "cannot decode image: " + why);
  };
  try {
    d.warning = decodeEncodedImage(doc_, scene_, d.image, d.rgba8);
  } catch (const std::bad_alloc&) {
    failed("out of memory");
  } catch (const std::exception& e) {
    failed(std::string("internal error: ") + e.what());
  }
  return d;
}

bool ImageDecoder::mayStart() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return stop_ || (!held_ && readyBytes_ < maxReadyBytes_); });
  return !stop_;
}

void ImageDecoder::finish(size_t k, Decoded d) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (reported_[k]) return;
  if (!stop_) {
    readyBytes_ += d.rgba8.size();
    ready_.push_back(std::move(d));  // never allocates: reserved for every image
  }
  reported_[k] = true;
  ++finished_;
  changed_.notify_all();
}

void ImageDecoder::decodeAll() {
  try {
    parallelFor(images_.size(), [this](size_t k) {
      if (mayStart()) finish(k, decode(k));
    });
  } catch (...) {
    // parallelFor itself could not run, or a warning could not be made (out of memory): the
    // images not handed out come back without pixels, with the reason when it can be said.
    for (size_t k = 0; k < images_.size(); ++k) {
      Decoded d;
      d.image = images_[k];
      try {
        d.warning = located(jsonPointer("images", d.image), "cannot decode image: out of memory");
      } catch (...) {
        d.warning.clear();
      }
      finish(k, std::move(d));
    }
  }
}

void ImageDecoder::decodeHere(bool all, double seconds) {
  if (worker_.joinable()) return;
  const auto start = std::chrono::steady_clock::now();
  const auto timeLeft = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
           seconds;
  };
  for (;;) {
    size_t k = 0;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (started_ == images_.size() || held_ || readyBytes_ >= maxReadyBytes_) return;
      if (!ready_.empty() && !(all && timeLeft())) return;
      k = started_++;
    }
    finish(k, decode(k));
  }
}

void ImageDecoder::release() {
  const std::lock_guard<std::mutex> lock(mutex_);
  held_ = false;
  changed_.notify_all();
}

std::vector<ImageDecoder::Decoded> ImageDecoder::take(uint64_t maxBytes) {
  decodeHere(/*all=*/false);
  std::vector<Decoded> out;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    uint64_t bytes = 0;
    size_t count = 0;
    while (count < ready_.size() && bytes < maxBytes) bytes += ready_[count++].rgba8.size();
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) out.push_back(std::move(ready_[i]));
    ready_.erase(ready_.begin(), ready_.begin() + std::ptrdiff_t(count));  // keeps its capacity
    readyBytes_ -= bytes;
    if (!out.empty()) changed_.notify_all();  // decoders held back by the bound may go on
  }
  taken_ += out.size();
  return out;
}

size_t ImageDecoder::adopt(const GltfDocument& doc, Scene& scene, uint64_t maxBytes,
                           const std::function<void(size_t image, std::string warning)>& warn) {
  std::vector<Decoded> decoded = take(maxBytes);
  for (Decoded& d : decoded) {
    adoptDeferredImage(doc, scene, d.image, std::move(d.rgba8));
    if (!d.warning.empty()) warn(d.image, std::move(d.warning));
  }
  return decoded.size();
}

double ImageDecoder::waitReady() {
  const auto start = std::chrono::steady_clock::now();
  decodeHere(/*all=*/false);
  std::unique_lock<std::mutex> lock(mutex_);
  if (worker_.joinable())
    changed_.wait(lock, [this] { return !ready_.empty() || taken_ == images_.size(); });
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool ImageDecoder::waitAll(double seconds) {
  decodeHere(/*all=*/true, seconds);
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, std::chrono::duration<double>(seconds),
                           [this] { return finished_ == images_.size(); });
}

}  // namespace vitrine::scene
