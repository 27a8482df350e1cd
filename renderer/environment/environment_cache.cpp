#include "environment_cache.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cache_file.h"

namespace vitrine::renderer {
namespace {

constexpr char kMagic[8] = {'V', 'I', 'T', 'R', 'E', 'N', 'V', '\0'};
constexpr uint32_t kByteOrder = 0x01020304;
// Far above any size the processing picks: a header claiming more is foreign.
constexpr uint32_t kMaxCubeSize = 4096;
constexpr uint32_t kMaxLutSize = 1024;

size_t fileBytes(size_t specularHalfs, size_t lutHalfs) {
  return sizeof(CacheHeader) + (specularHalfs + lutHalfs) * sizeof(uint16_t) + sizeof(uint64_t);
}

}  // namespace

size_t ProcessedEnvironment::specularHalfs() const {
  size_t texels = 0;
  for (uint32_t level = 0; level < levels; ++level) {
    const size_t side = std::max<size_t>(cubeSize >> level, 1);
    texels += 6 * side * side;
  }
  return texels * 4;
}

size_t ProcessedEnvironment::lutHalfs() const {
  return size_t(lutSize) * lutSize * 2;
}

uint64_t environmentKey(const scene::EnvironmentImage& image, uint32_t cubeSize, uint32_t levels,
                        uint32_t lutSize, uint64_t signature) {
  const uint32_t params[] = {
      kEnvironmentProcessingVersion, image.width, image.height, cubeSize, levels, lutSize};
  const uint64_t seed = contentHash(params, sizeof(params), signature);
  return contentHash(image.rgb.data(), image.rgb.size() * sizeof(float), seed);
}

std::string cacheFilePath(const std::string& directory, uint64_t key) {
  char name[32];
  std::snprintf(name, sizeof(name), "env-%016llx.bin", static_cast<unsigned long long>(key));
  return (std::filesystem::path(directory) / name).string();
}

bool readEnvironmentCache(const std::string& path, uint64_t key, uint32_t cubeSize, uint32_t levels,
                          uint32_t lutSize, ProcessedEnvironment& out, std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why) *why = reason;
    return false;
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return fail("no file");
  if (cubeSize == 0 || cubeSize > kMaxCubeSize || levels == 0 || levels > 16 || lutSize == 0 ||
      lutSize > kMaxLutSize)
    return fail("sizes out of range");
  ProcessedEnvironment env;
  env.cubeSize = cubeSize;
  env.levels = levels;
  env.lutSize = lutSize;
  // The size is known from the arguments, so a truncated or padded file is refused before
  // anything but the header is read.
  const uint64_t expected = fileBytes(env.specularHalfs(), env.lutHalfs());
  const uint64_t actual = std::filesystem::file_size(path, ec);
  if (ec) return fail("cannot read its size");
  if (actual != expected) {
    return fail("it has " + std::to_string(actual) + " bytes, expected " +
                std::to_string(expected));
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return fail(std::string("cannot open: ") + std::strerror(errno));
  CacheHeader header{};
  env.specular.resize(env.specularHalfs());
  env.lut.resize(env.lutHalfs());
  uint64_t checksum = 0;
  const bool complete =
      std::fread(&header, sizeof(header), 1, f) == 1 &&
      std::fread(env.specular.data(), sizeof(uint16_t), env.specular.size(), f) ==
          env.specular.size() &&
      std::fread(env.lut.data(), sizeof(uint16_t), env.lut.size(), f) == env.lut.size() &&
      std::fread(&checksum, sizeof(checksum), 1, f) == 1;
  std::fclose(f);
  if (!complete) return fail("short read");
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0) return fail("not a cache file");
  if (header.byteOrder != kByteOrder) return fail("written with another byte order");
  if (header.formatVersion != kEnvironmentProcessingVersion)
    return fail("format version " + std::to_string(header.formatVersion));
  if (header.key != key) return fail("written for other content");
  if (header.cubeSize != cubeSize || header.levels != levels || header.lutSize != lutSize ||
      header.reserved != 0)
    return fail("other sizes");
  uint64_t hash = contentHash(&header, sizeof(header));
  hash = contentHash(env.specular.data(), env.specular.size() * sizeof(uint16_t), hash);
  hash = contentHash(env.lut.data(), env.lut.size() * sizeof(uint16_t), hash);
  if (hash != checksum) return fail("checksum mismatch");
  for (float value : header.irradiance)
    if (!std::isfinite(value)) return fail("non-finite irradiance");
  std::memcpy(&env.irradiance, header.irradiance, sizeof(env.irradiance));
  const float* k = header.keyLight;
  for (int i = 0; i < 8; ++i)
    if (!std::isfinite(k[i])) return fail("non-finite key light");
  const glm::vec3 direction(k[1], k[2], k[3]);
  if ((k[0] != 0.0f && k[0] != 1.0f) || std::abs(glm::length(direction) - 1.0f) > 1e-3f ||
      k[4] < 0.0f || k[5] < 0.0f || k[5] > 1.0f || k[6] < 0.0f || k[7] != 0.0f)
    return fail("invalid key light");
  env.key = {k[0] == 1.0f, direction, k[4], k[5], k[6]};
  out = std::move(env);
  return true;
}

bool writeEnvironmentCache(const std::string& path, uint64_t key, const ProcessedEnvironment& env,
                           std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why) *why = path + ": " + reason;
    return false;
  };
  if (env.specular.size() != env.specularHalfs() || env.lut.size() != env.lutHalfs())
    return fail("inconsistent sizes");
  CacheHeader header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.formatVersion = kEnvironmentProcessingVersion;
  header.byteOrder = kByteOrder;
  header.key = key;
  header.cubeSize = env.cubeSize;
  header.levels = env.levels;
  header.lutSize = env.lutSize;
  static_assert(sizeof(header.irradiance) == sizeof(env.irradiance));
  std::memcpy(header.irradiance, &env.irradiance, sizeof(header.irradiance));
  const scene::EnvironmentKey& k = env.key;
  const float keyLight[8] = {k.found ? 1.0f : 0.0f, k.direction.x, k.direction.y,   k.direction.z,
                             k.irradiance,          k.share,       k.angularRadius, 0.0f};
  std::memcpy(header.keyLight, keyLight, sizeof(keyLight));
  uint64_t checksum = contentHash(&header, sizeof(header));
  checksum = contentHash(env.specular.data(), env.specular.size() * sizeof(uint16_t), checksum);
  checksum = contentHash(env.lut.data(), env.lut.size() * sizeof(uint16_t), checksum);

  auto bytes = [](const auto* p, size_t n) {
    return std::span<const char>(reinterpret_cast<const char*>(p), n);
  };
  const std::span<const char> parts[] = {
      bytes(&header, sizeof(header)),
      bytes(env.specular.data(), env.specular.size() * sizeof(uint16_t)),
      bytes(env.lut.data(), env.lut.size() * sizeof(uint16_t)), bytes(&checksum, sizeof(checksum))};
  if (std::string err = writeFileAtomically(path, parts); !err.empty()) return fail(err);
  return true;
}

}  // namespace vitrine::renderer
