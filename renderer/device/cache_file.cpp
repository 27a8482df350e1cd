#include "cache_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

namespace vitrine::renderer {
namespace {

// splitmix64's finalizer: every input bit affects every output bit.
uint64_t avalanche(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t rotl(uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}

}  // namespace

std::string writeFileAtomically(const std::string& path,
                                std::span<const std::span<const char>> parts) {
  const std::filesystem::path target(path);
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) return "cannot create the directory: " + ec.message();
  std::random_device random;
  const std::filesystem::path temporary =
      target.parent_path() / (target.filename().string() + ".tmp-" + std::to_string(getpid()) +
                              "-" + std::to_string(random()));
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) return std::string("cannot create a temporary file: ") + std::strerror(errno);
  bool written = true;
  for (std::span<const char> part : parts)
    written = written && std::fwrite(part.data(), 1, part.size(), f) == part.size();
  written = std::fclose(f) == 0 && written;
  if (!written) {
    std::filesystem::remove(temporary, ec);
    return "cannot write a temporary file (disk full?)";
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    return "cannot rename the temporary file: " + ec.message();
  }
  return {};
}

uint64_t contentHash(const void* bytes, size_t size, uint64_t seed) {
  // Eight bytes at a time, each word mixed before it is folded in, so that swapped or
  // repeated words change the result; the tail is zero-padded and the length folded in last.
  const auto* p = static_cast<const uint8_t*>(bytes);
  uint64_t h = avalanche(seed ^ 0x9e3779b97f4a7c15ull);
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, p + i, 8);
    h = rotl(h ^ avalanche(word), 29) * 0x9e3779b97f4a7c15ull;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, p + i, size - i);
  h = rotl(h ^ avalanche(tail), 29) * 0x9e3779b97f4a7c15ull;
  return avalanche(h ^ uint64_t(size));
}

}  // namespace vitrine::renderer
