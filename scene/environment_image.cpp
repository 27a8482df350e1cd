// Radiance .hdr reading (stb_image decodes, after our own checks) and the procedural studio.
#include "environment_image.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include <stb_image.h>

#include "gltf_resources.h"

namespace vitrine::scene {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// A flat file of the largest image allowed (4 bytes per pixel) plus a generous header.
constexpr uint64_t kMaxHdrFileBytes = 4 * kMaxEnvironmentPixels + 65536;

// The byte offset where the pixel data starts: after the identifier line, the header lines up
// to the empty line, and the resolution line (the lines stb_image reads before the pixels).
// npos when the file ends first.
size_t pixelDataOffset(const std::vector<uint8_t>& bytes) {
  size_t pos = 0;
  auto nextLine = [&](bool* empty) {
    const auto end = std::find(bytes.begin() + long(pos), bytes.end(), uint8_t('\n'));
    if (end == bytes.end()) return false;
    const size_t next = size_t(end - bytes.begin()) + 1;
    *empty = next - pos == 1;
    pos = next;
    return true;
  };
  bool empty = false;
  if (!nextLine(&empty)) return std::string::npos;  // "#?RADIANCE"
  do {
    if (!nextLine(&empty)) return std::string::npos;  // header variables, then an empty line
  } while (!empty);
  if (!nextLine(&empty)) return std::string::npos;  // "-Y <height> +X <width>"
  return pos;
}

// Walks the scanlines the way stb_image decodes them (flat when the width is outside
// 8..32767 or the first scanline has no run-length header, else the "new" RLE of Radiance:
// 2, 2, width as 16 bits, then four channels of runs and dumps). stb reads zeros past the
// end of its buffer, and loops for ever on a truncated run-length scanline, so every byte it
// would read is checked here first. Returns "" or what is wrong.
std::string checkScanlines(const uint8_t* p, size_t n, uint32_t w, uint32_t h) {
  const uint64_t flatBytes = uint64_t(w) * h * 4;
  auto flat = [&]() -> std::string {
    if (n >= flatBytes) return {};
    return "truncated: the pixel data ends at scanline " + std::to_string(n / (uint64_t(w) * 4)) +
           " of " + std::to_string(h);
  };
  if (w < 8 || w >= 32768) return flat();
  size_t pos = 0;
  for (uint32_t j = 0; j < h; ++j) {
    const std::string where = "scanline " + std::to_string(j) + " of " + std::to_string(h);
    if (n - pos < 4) return "truncated: the pixel data ends at " + where;
    const bool rle = p[pos] == 2 && p[pos + 1] == 2 && !(p[pos + 2] & 0x80);
    if (!rle) {
      if (j == 0) return flat();
      return "corrupt: " + where + " has no run-length header, unlike the first";
    }
    const uint32_t length = uint32_t(p[pos + 2]) << 8 | p[pos + 3];
    if (length != w) {
      return "corrupt: " + where + " says it has " + std::to_string(length) +
             " pixels, the image is " + std::to_string(w) + " wide";
    }
    pos += 4;
    for (int channel = 0; channel < 4; ++channel) {
      for (uint32_t i = 0; i < w;) {
        if (pos >= n) return "truncated: the pixel data ends in " + where;
        const uint32_t count = p[pos++];
        const uint32_t pixels = count > 128 ? count - 128 : count;
        if (pixels > w - i) return "corrupt: a run overflows " + where;
        const size_t payload = count > 128 ? 1 : count;
        if (n - pos < payload) return "truncated: the pixel data ends in " + where;
        pos += payload;
        i += pixels;
      }
    }
  }
  return {};
}

std::string decodeHdr(const std::vector<uint8_t>& bytes, EnvironmentImage& out) {
  const int size = int(bytes.size());  // bounded by kMaxHdrFileBytes < 2^31
  if (!stbi_is_hdr_from_memory(bytes.data(), size))
    return "not a Radiance HDR image (expected a \"#?RADIANCE\" or \"#?RGBE\" first line)";
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), size, &w, &h, &channels)) {
    return "unsupported HDR header (expected FORMAT=32-bit_rle_rgbe and a \"-Y <height> +X "
           "<width>\" resolution line)";
  }
  if (w <= 0 || h <= 0 || uint32_t(w) > kMaxEnvironmentSize || uint32_t(h) > kMaxEnvironmentSize ||
      uint64_t(w) * uint64_t(h) > kMaxEnvironmentPixels) {
    return "image is " + std::to_string(w) + "x" + std::to_string(h) + " pixels (expected 1 to " +
           std::to_string(kMaxEnvironmentSize) + " each way and at most " +
           std::to_string(kMaxEnvironmentPixels) + " pixels)";
  }
  const size_t data = pixelDataOffset(bytes);
  if (data == std::string::npos) return "truncated: the header has no end";
  if (std::string why =
          checkScanlines(bytes.data() + data, bytes.size() - data, uint32_t(w), uint32_t(h));
      !why.empty())
    return why;
  float* pixels = stbi_loadf_from_memory(bytes.data(), size, &w, &h, &channels, 3);
  if (!pixels) return std::string("cannot decode: ") + stbi_failure_reason();
  out.width = uint32_t(w);
  out.height = uint32_t(h);
  out.rgb.assign(pixels, pixels + size_t(w) * size_t(h) * 3);
  stbi_image_free(pixels);
  return {};
}

// --- The studio -------------------------------------------------------------------------
//
// Design: a neutral (grey, r = g = b) photographic studio around the origin, so it tints no
// material, with enough structure for metals to read as metal:
// * walls and ceiling: 0.40 at the horizon, 0.35 straight up;
// * the floor: darker, 0.26 at the horizon falling to 0.20 straight down, joined to the walls
//   by a soft edge about 3 degrees wide: a horizon line every reflection shows;
// * four rectangular softboxes with rounded, soft edges (flat panels seen from the origin):
//   a key light front-left and above the default camera's line of sight (the camera looks
//   down -Z from +Z), a larger and dimmer fill on the right, a strip overhead, and a narrow
//   standing rim strip behind on the left. Radiance 1 to 4, 3 to 10 times the walls: sharp,
//   readable highlights on smooth metals.
// Calibration (checked by tests/scene/environment_image_test.cpp): a white Lambertian surface
// reflects (irradiance / pi) about 0.9 facing up or towards the key light, where Khronos PBR
// Neutral compresses (above 0.76) towards 1 without reaching it, so white reads bright
// without clipping; 0.4 to 0.7 facing sideways, and 0.2 facing the floor, so shadowed sides
// keep their colour. The rim strip stands 60 degrees off the default view's axis, out of the
// background of a typical framing.

constexpr float kCorner = 0.06f;  // corner radius of a softbox, on its plane
constexpr float kSoft = 0.03f;    // its edge fades over +-kSoft

struct Softbox {
  glm::vec3 center;  // unit direction from the origin to the panel's centre
  glm::vec3 right;   // unit, perpendicular to center: the panel's width axis
  glm::vec3 up;      // unit, completes the panel's frame
  float halfWidth;   // half extents on the plane one unit away (tangent of the half angle)
  float halfHeight;
  float radiance;
  float minAlong;  // cosine of the angle beyond which no direction reaches the panel
};

Softbox softbox(glm::vec3 center, glm::vec3 upHint, float halfWidth, float halfHeight,
                float radiance) {
  center = glm::normalize(center);
  const glm::vec3 right = glm::normalize(glm::cross(upHint, center));
  const float reach = glm::length(glm::vec2(halfWidth, halfHeight) + kSoft);
  return {center,
          right,
          glm::cross(center, right),
          halfWidth,
          halfHeight,
          radiance,
          1.0f / std::sqrt(1.0f + reach * reach)};
}

float softboxRadiance(const Softbox& box, const glm::vec3& d) {
  const float along = glm::dot(d, box.center);
  if (along <= box.minAlong) return 0.0f;
  // Gnomonic projection onto the panel's plane: a flat panel keeps straight edges.
  const glm::vec3 onPlane = d / along - box.center;
  const glm::vec2 p(glm::dot(onPlane, box.right), glm::dot(onPlane, box.up));
  // Signed distance to a rounded rectangle.
  const glm::vec2 q = glm::abs(p) - glm::vec2(box.halfWidth, box.halfHeight) + kCorner;
  const float distance =
      glm::length(glm::max(q, 0.0f)) + std::min(std::max(q.x, q.y), 0.0f) - kCorner;
  const float inside = 1.0f - glm::smoothstep(-kSoft, kSoft, distance);
  // A gentle hot spot, as diffusion fabric has: 100 % at the centre, 85 % at the edges.
  const glm::vec2 r = p / glm::vec2(box.halfWidth, box.halfHeight);
  const float falloff = 1.0f - 0.15f * std::min(glm::dot(r, r), 1.0f);
  return box.radiance * inside * falloff;
}

float studioRadiance(const glm::vec3& d, const Softbox* boxes, size_t count) {
  const float y = d.y;
  const float wall = 0.40f - 0.05f * glm::smoothstep(0.0f, 1.0f, y);
  const float floor = 0.26f - 0.06f * glm::smoothstep(0.0f, 0.5f, -y);
  float radiance = glm::mix(floor, wall, glm::smoothstep(-0.03f, 0.03f, y));
  for (size_t i = 0; i < count; ++i) radiance += softboxRadiance(boxes[i], d);
  return radiance;
}

}  // namespace

glm::vec3 equirectDirection(float s, float t) {
  const float phi = 2.0f * kPi * s - kPi;
  const float theta = kPi * t;
  return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

glm::vec2 equirectCoordinates(const glm::vec3& d) {
  float s = 0.5f + std::atan2(d.z, d.x) / (2.0f * kPi);
  if (s >= 1.0f) s -= 1.0f;
  return {s, std::acos(std::clamp(d.y, -1.0f, 1.0f)) / kPi};
}

bool loadHdrEnvironment(const std::string& path, EnvironmentImage& out, std::string* error) {
  out = EnvironmentImage{};
  std::vector<uint8_t> bytes;
  std::string why = readRegularFile(path, bytes, kMaxHdrFileBytes);
  if (why.empty()) why = decodeHdr(bytes, out);
  if (!why.empty()) {
    out = EnvironmentImage{};
    if (error) *error = path + ": " + why;
    return false;
  }
  out.name = path;
  return true;
}

EnvironmentImage studioEnvironment() {
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  const Softbox boxes[] = {
      softbox({-0.55f, 0.55f, 0.62f}, up, 0.45f, 0.32f, 3.0f),        // key, front-left, above
      softbox({0.85f, 0.22f, 0.35f}, up, 0.55f, 0.40f, 1.0f),         // fill, right
      softbox({0.0f, 1.0f, -0.15f}, {0, 0, -1}, 0.50f, 0.18f, 1.8f),  // strip overhead
      softbox({-0.80f, 0.40f, -0.45f}, up, 0.10f, 0.45f, 4.0f),       // rim strip, back-left
  };
  EnvironmentImage image;
  image.width = 1024;
  image.height = 512;
  image.name = "studio";
  image.rgb.resize(size_t(image.width) * image.height * 3);
  // equirectDirection(), its sines and cosines per column and per row.
  std::vector<glm::vec2> columns(image.width);  // (cos phi, sin phi)
  for (uint32_t i = 0; i < image.width; ++i) {
    const glm::vec3 d = equirectDirection((float(i) + 0.5f) / float(image.width), 0.5f);
    columns[i] = glm::vec2(d.x, d.z);
  }
  for (uint32_t j = 0; j < image.height; ++j) {
    const float theta = kPi * (float(j) + 0.5f) / float(image.height);
    const float sinTheta = std::sin(theta), cosTheta = std::cos(theta);
    for (uint32_t i = 0; i < image.width; ++i) {
      const glm::vec3 d(sinTheta * columns[i].x, cosTheta, sinTheta * columns[i].y);
      const float radiance = studioRadiance(d, boxes, std::size(boxes));
      float* px = &image.rgb[(size_t(j) * image.width + i) * 3];
      px[0] = px[1] = px[2] = radiance;
    }
  }
  return image;
}

}  // namespace vitrine::scene
