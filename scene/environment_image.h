// Environment maps for image-based lighting, on the CPU: an equirectangular image of linear
// RGB radiance, read from a Radiance .hdr file or generated (the built-in studio). Knows
// nothing of Vulkan: the renderer turns an EnvironmentImage into its prefiltered cube.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace vitrine::scene {

// Equirectangular (latitude-longitude) map, rows top (+Y, up) to bottom (-Y). Column u of
// width w looks along the direction of azimuth phi = 2 pi (u + 0.5) / w measured from +X
// towards +Z ... (see environment_image.cpp for the exact mapping shared with the shaders).
struct EnvironmentImage {
  uint32_t width = 0, height = 0;
  std::vector<float> rgb;  // width * height * 3 linear floats
  std::string name;        // "studio" or the file path, for messages and the cache key
};

// The largest width or height an .hdr file may have (checked before decoding).
inline constexpr uint32_t kMaxEnvironmentSize = 16384;

// Reads a Radiance RGBE (.hdr) file. On failure returns false with *error set to
// "<path>: <what is wrong>".
[[nodiscard]] bool loadHdrEnvironment(const std::string& path, EnvironmentImage& out,
                                      std::string* error);

// The built-in neutral studio environment, generated procedurally.
EnvironmentImage studioEnvironment();

}  // namespace vitrine::scene
