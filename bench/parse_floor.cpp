#include "parse_floor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include <stb_image.h>
#include <tiny_gltf.h>

namespace vitrine::bench {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// tinygltf's image callback: keep the encoded bytes in image.image, decode nothing.
bool keepEncoded(tinygltf::Image* image, int, std::string*, std::string*, int, int,
                 const unsigned char* bytes, int size, void*) {
  image->image.assign(bytes, bytes + size);
  return true;
}

}  // namespace

FloorResult loadFloor(const std::string& path) {
  FloorResult r;
  const Clock::time_point start = Clock::now();
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&keepEncoded, nullptr);
  tinygltf::Model model;
  std::string err, warn;
  const bool glb = path.size() > 4 && path.compare(path.size() - 4, 4, ".glb") == 0;
  const bool ok = glb ? loader.LoadBinaryFromFile(&model, &err, &warn, path)
                      : loader.LoadASCIIFromFile(&model, &err, &warn, path);
  r.loadSeconds = secondsSince(start);
  if (!ok) {
    r.error = "tinygltf: " + err;
    return r;
  }
  for (const tinygltf::Buffer& b : model.buffers) r.bufferBytes += b.data.size();

  const Clock::time_point decodeStart = Clock::now();
  struct Decoded {
    stbi_uc* pixels = nullptr;
    int width = 0, height = 0;
  };
  std::vector<Decoded> decoded(model.images.size());
  std::atomic<size_t> next{0};
  std::mutex errorMutex;
  auto work = [&] {
    for (size_t i = next++; i < decoded.size(); i = next++) {
      std::vector<unsigned char>& bytes = model.images[i].image;
      int channels = 0;
      Decoded& d = decoded[i];
      d.pixels =
          stbi_load_from_memory(bytes.data(), int(bytes.size()), &d.width, &d.height, &channels, 4);
      std::vector<unsigned char>().swap(bytes);  // the encoded copy is done with
      if (!d.pixels) {
        std::lock_guard lock(errorMutex);
        r.error = "stb_image: image " + std::to_string(i) + ": " + stbi_failure_reason();
      }
    }
  };
  std::vector<std::thread> threads(std::max(1u, std::thread::hardware_concurrency()));
  for (std::thread& t : threads) t = std::thread(work);
  for (std::thread& t : threads) t.join();
  r.decodeSeconds = secondsSince(decodeStart);
  for (const Decoded& d : decoded) {
    r.imageBytes += uint64_t(d.width) * uint64_t(d.height) * 4;
    stbi_image_free(d.pixels);
  }
  r.images = int(decoded.size());
  return r;
}

}  // namespace vitrine::bench
