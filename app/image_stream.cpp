#include "image_stream.h"

#include <chrono>

#include "loader.h"
#include "parallel.h"

namespace vitrine::app {

ImageStream::ImageStream(const Document& document, bool held) : held_(held) {
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
      if (!stop_)
        d.warning = scene::decodeDeferredImage(*document.gltf, *document.scene, d.image, d.rgba8);
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!stop_) ready_.push_back(std::move(d));
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

std::vector<ImageStream::Decoded> ImageStream::take() {
  std::vector<Decoded> out;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    out.swap(ready_);
  }
  taken_ += out.size();
  return out;
}

bool ImageStream::waitAll(double seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, std::chrono::duration<double>(seconds),
                           [this] { return finished_ == images_.size(); });
}

}  // namespace vitrine::app
