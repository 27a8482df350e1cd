#include "image_stream.h"

#include <chrono>
#include <cstdio>

#include "loader.h"
#include "parallel.h"

namespace vitrine::app {

ImageStream::ImageStream(const Document& document, bool held, uint64_t maxReadyBytes)
    : maxReadyBytes_(maxReadyBytes), held_(held) {
  const scene::Scene& scene = *document.scene;
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (!scene.images[i].encoded.empty()) images_.push_back(i);
  if (images_.empty()) return;
  worker_ = std::thread([this, &document] {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return !held_ || stop_; });
    }
    scene::parallelFor(images_.size(), [&](size_t k) {
      Decoded d;
      d.image = images_[k];
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return readyBytes_ < maxReadyBytes_ || stop_; });
      }
      if (!stop_)
        d.warning = scene::decodeDeferredImage(*document.gltf, *document.scene, d.image, d.rgba8);
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!stop_) {
        readyBytes_ += d.rgba8.size();
        ready_.push_back(std::move(d));
      }
      ++finished_;
      changed_.notify_all();
    });
  });
}

ImageStream::~ImageStream() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    changed_.notify_all();
  }
  if (worker_.joinable()) worker_.join();
}

void ImageStream::release() {
  const std::lock_guard<std::mutex> lock(mutex_);
  held_ = false;
  changed_.notify_all();
}

std::vector<ImageStream::Decoded> ImageStream::take(uint64_t maxBytes) {
  std::vector<Decoded> out;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    uint64_t bytes = 0;
    while (!ready_.empty() && bytes < maxBytes) {
      bytes += ready_.front().rgba8.size();
      out.push_back(std::move(ready_.front()));
      ready_.pop_front();
    }
    readyBytes_ -= bytes;
    if (!out.empty()) changed_.notify_all();  // decoders held back by the bound may go on
  }
  taken_ += out.size();
  return out;
}

size_t ImageStream::adopt(Document& document, uint64_t maxBytes,
                          std::vector<std::string>* warnings) {
  std::vector<Decoded> decoded = take(maxBytes);
  for (Decoded& d : decoded) {
    if (!d.warning.empty()) {
      std::fprintf(stderr, "vitrine: warning: %s\n", d.warning.c_str());
      if (warnings) warnings->push_back(d.warning);
    }
    scene::adoptDeferredImage(*document.gltf, *document.scene, d.image, std::move(d.rgba8));
  }
  return decoded.size();
}

double ImageStream::waitReady() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return !ready_.empty() || taken_ == images_.size(); });
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool ImageStream::waitAll(double seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, std::chrono::duration<double>(seconds),
                           [this] { return finished_ == images_.size(); });
}

}  // namespace vitrine::app
