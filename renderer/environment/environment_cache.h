// The processed environment, and its disk cache: the prefiltered specular cube, the
// irradiance coefficients and the BRDF lookup table of an environment image, in one file per
// environment, named after a hash of its content, so the GPU work of a given environment is
// done once per machine. The file is written atomically (temporary file + rename); a file
// that is missing, truncated, corrupt, of another format version or for other content is
// ignored (the environment is processed again and the file replaced), never trusted.
//
// File format (host byte order; all offsets in bytes):
//   0    CacheHeader (216 bytes, below)
//   216  the specular cube, RGBA16F (4 half floats per texel): level 0 to levels - 1, each
//        level the 6 faces in Vulkan layer order (+X, -X, +Y, -Y, +Z, -Z), each face
//        (cubeSize >> level)^2 texels, rows top to bottom (Vulkan's face orientation)
//   then the BRDF lookup table, RG16F (2 half floats: scale, bias): lutSize rows of lutSize
//        texels; column i is n.v = (i + 0.5) / lutSize, row j roughness (j + 0.5) / lutSize
//   last 8: checksum, contentHash() of every byte before it
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cache_file.h"
#include "environment_image.h"
#include "environment_key.h"
#include "shared_types.h"

namespace vitrine::renderer {

// Bumped whenever the processing changes what it computes (shaders, sample counts, sizes):
// the key includes it, so stale files are never used.
inline constexpr uint32_t kEnvironmentProcessingVersion = 2;  // 2: the key light

// What processing an environment image produces, and what the cache stores.
struct ProcessedEnvironment {
  uint32_t cubeSize = 0;  // level-0 width of the specular cube
  uint32_t levels = 0;    // specular levels, roughness 0 to 1
  uint32_t lutSize = 0;
  gpu::EnvironmentData irradiance{};
  scene::EnvironmentKey key;       // found on the CPU from the image (environment_key.h)
  std::vector<uint16_t> specular;  // RGBA16F, layout as in the file
  std::vector<uint16_t> lut;       // RG16F, layout as in the file

  // Half floats in each layout for these sizes.
  size_t specularHalfs() const;
  size_t lutHalfs() const;
};

struct CacheHeader {
  char magic[8];           // "VITRENV\0"
  uint32_t formatVersion;  // kEnvironmentProcessingVersion
  uint32_t byteOrder;      // 0x01020304 as written by this machine
  uint64_t key;            // environmentKey() of the content
  uint32_t cubeSize;
  uint32_t levels;
  uint32_t lutSize;
  uint32_t reserved;        // 0
  float irradiance[9 * 4];  // gpu::EnvironmentData::sh, rgb and w (0) per coefficient
  // scene::EnvironmentKey: found (1 or 0), direction xyz, irradiance, share, angularRadius, 0.
  float keyLight[8];
};
static_assert(sizeof(CacheHeader) == 216);

// The cache key of `image` processed to these sizes: its dimensions and pixels, the sizes,
// kEnvironmentProcessingVersion and `signature` (processingSignature(): the shaders and
// constants). Not its name: the same pixels from two files share a file.
uint64_t environmentKey(const scene::EnvironmentImage& image, uint32_t cubeSize, uint32_t levels,
                        uint32_t lutSize, uint64_t signature);

// "<directory>/env-<key as 16 hex digits>.bin".
std::string cacheFilePath(const std::string& directory, uint64_t key);

// Reads the file at `path` into `out` if it is a complete, intact cache file for `key` with
// exactly these sizes. Otherwise returns false with *why set ("no file", "checksum mismatch",
// ...). The size is checked against the header before anything large is allocated.
[[nodiscard]] bool readEnvironmentCache(const std::string& path, uint64_t key, uint32_t cubeSize,
                                        uint32_t levels, uint32_t lutSize,
                                        ProcessedEnvironment& out, std::string* why);

// Writes `env` for `key` to `path` through a temporary file in the same directory (created if
// missing) and a rename, so readers see the old file or the whole new one. Returns false with
// *why set on failure (the caller goes on without a cache).
[[nodiscard]] bool writeEnvironmentCache(const std::string& path, uint64_t key,
                                         const ProcessedEnvironment& env, std::string* why);

}  // namespace vitrine::renderer
