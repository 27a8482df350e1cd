// Environment maps for image-based lighting, on the CPU: an equirectangular image of linear
// RGB radiance, read from a Radiance .hdr file or generated (the built-in studio). Knows
// nothing of Vulkan: the renderer turns an EnvironmentImage into its prefiltered cube.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "hdr.h"

namespace vitrine::scene {

// Equirectangular (latitude-longitude) map of radiance around the origin, in the glTF world
// frame (+Y up, right-handed), rows top to bottom. The mapping, shared with the GPU
// conversion (shaders/env_to_cube.comp) and so with every shader that samples the cube:
//
//   texture coordinates (s, t) in [0, 1]^2, s to the right, t down; pixel (i, j) has its
//   centre at s = (i + 0.5) / width, t = (j + 0.5) / height
//   azimuth   phi   = 2 pi s - pi   (radians, -pi..pi, from +X towards +Z)
//   polar     theta = pi t          (radians from +Y)
//   direction d     = (sin theta cos phi, cos theta, sin theta sin phi)
//   inverse:  s = 0.5 + atan2(d.z, d.x) / (2 pi),  t = acos(d.y) / pi
//
// So the top row looks up (+Y), the bottom row down, the centre column (s = 0.5) along +X,
// s = 0.75 along +Z, s = 0.25 along -Z (what the default glTF camera, looking down -Z, sees in
// the middle of the screen), the left and right edges along -X. This is three.js's
// equirectUv(), so a panorama faces the same way here as in viewers built on it.
struct EnvironmentImage {
  uint32_t width = 0, height = 0;
  std::vector<float> rgb;  // width * height * 3 linear floats, finite and >= 0
  std::string name;        // "studio" or the file path, for messages (not part of any key)
};

// The direction the centre of texture coordinates (s, t) looks along (unit length).
glm::vec3 equirectDirection(float s, float t);
// The texture coordinates (s in [0, 1), t in [0, 1]) of a unit direction.
glm::vec2 equirectCoordinates(const glm::vec3& direction);

// The largest width or height an .hdr file may have, and the most pixels (16384 x 8192, a
// 2:1 panorama of that width): both checked from the header, before decoding.
// (codecs/hdr.h's limits)
inline constexpr uint32_t kMaxEnvironmentSize = codecs::kMaxHdrSize;
inline constexpr uint64_t kMaxEnvironmentPixels = codecs::kMaxHdrPixels;

// Reads a Radiance RGBE (.hdr) file: "#?RADIANCE" or "#?RGBE", FORMAT=32-bit_rle_rgbe, the
// standard "-Y <height> +X <width>" orientation, flat or run-length encoded scanlines. Only
// regular files are read. The scanlines are walked before decoding, so a truncated or corrupt
// file is an error, never zeros or a hang. On failure returns false with *error set to
// "<path>: <what is wrong>" and leaves `out` empty.
[[nodiscard]] bool loadHdrEnvironment(const std::string& path, EnvironmentImage& out,
                                      std::string* error);

// The built-in neutral studio environment, generated procedurally (environment_image.cpp
// documents its design): grey walls, a darker floor and four soft white light boxes. 1024 x 512.
EnvironmentImage studioEnvironment();

}  // namespace vitrine::scene
