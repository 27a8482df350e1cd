// Radiance .hdr files read (codecs/hdr.h decodes them) and the procedural studio.
#include "environment_image.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include "hdr.h"
#include "regular_file.h"

namespace vitrine::scene {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

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
  std::string why = readRegularFile(path, bytes, codecs::kMaxHdrFileBytes);
  if (why.empty()) {
    codecs::HdrImage decoded;
    why = codecs::decodeHdr(bytes, decoded);
    out.width = decoded.width;
    out.height = decoded.height;
    out.rgb = std::move(decoded.rgb);
  }
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
