// The key light of an environment (environment_key.h).
#include "environment_key.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace vitrine::scene {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr uint32_t kCellsWide = 64;
constexpr uint32_t kCellsHigh = 32;

struct Cell {
  glm::vec3 direction;
  float radiance;  // mean luminance of the pixels it covers
  float solidAngle;
};

// The image averaged onto the grid: pixel (i, j) falls in cell (i * 64 / width, j * 32 / height);
// a cell's solid angle is its band's exactly (2 pi / 64 x (cos theta0 - cos theta1)).
std::vector<Cell> cells(const EnvironmentImage& image) {
  const uint32_t w = std::min(kCellsWide, image.width), h = std::min(kCellsHigh, image.height);
  std::vector<double> sum(size_t(w) * h, 0.0);
  std::vector<uint32_t> count(size_t(w) * h, 0);
  for (uint32_t j = 0; j < image.height; ++j) {
    const uint32_t cj = uint32_t(uint64_t(j) * h / image.height);
    for (uint32_t i = 0; i < image.width; ++i) {
      const float* p = &image.rgb[(size_t(j) * image.width + i) * 3];
      const size_t c = size_t(cj) * w + uint32_t(uint64_t(i) * w / image.width);
      sum[c] += 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
      ++count[c];
    }
  }
  std::vector<Cell> out(size_t(w) * h);
  for (uint32_t cj = 0; cj < h; ++cj) {
    const float band =
        2.0f * kPi / float(w) *
        (std::cos(kPi * float(cj) / float(h)) - std::cos(kPi * float(cj + 1) / float(h)));
    for (uint32_t ci = 0; ci < w; ++ci) {
      const size_t c = size_t(cj) * w + ci;
      out[c].direction =
          equirectDirection((float(ci) + 0.5f) / float(w), (float(cj) + 0.5f) / float(h));
      out[c].radiance = count[c] ? float(sum[c] / count[c]) : 0.0f;
      out[c].solidAngle = band;
    }
  }
  return out;
}

}  // namespace

EnvironmentKey findEnvironmentKey(const EnvironmentImage& image) {
  EnvironmentKey key;
  if (image.width == 0 || image.height == 0 ||
      image.rgb.size() != size_t(image.width) * image.height * 3)
    return key;
  const std::vector<Cell> grid = cells(image);
  const float coneCos = std::cos(kKeyConeRadius);
  double totalPower = 0.0, totalAngle = 0.0;
  for (const Cell& c : grid) {
    totalPower += double(c.radiance) * c.solidAngle;
    totalAngle += c.solidAngle;
  }
  if (!(totalPower > 0.0)) return key;
  // The cone that gathers the most power.
  float best = -1.0f;
  glm::vec3 centre{0.0f, 1.0f, 0.0f};
  for (const Cell& a : grid) {
    float power = 0.0f;
    for (const Cell& b : grid)
      if (glm::dot(a.direction, b.direction) >= coneCos) power += b.radiance * b.solidAngle;
    if (power > best) {
      best = power;
      centre = a.direction;
    }
  }
  // Its region, re-centred on the region's power-weighted mean direction.
  std::vector<const Cell*> region;
  for (int pass = 0; pass < 3; ++pass) {
    float brightest = 0.0f;
    for (const Cell& c : grid)
      if (glm::dot(centre, c.direction) >= coneCos) brightest = std::max(brightest, c.radiance);
    region.clear();
    glm::vec3 sum(0.0f);
    for (const Cell& c : grid) {
      if (glm::dot(centre, c.direction) < coneCos || c.radiance < 0.25f * brightest) continue;
      region.push_back(&c);
      sum += c.direction * (c.radiance * c.solidAngle);
    }
    if (pass < 2 && glm::length(sum) > 0.0f) centre = glm::normalize(sum);
  }
  double regionPower = 0.0, regionAngle = 0.0, keyIrradiance = 0.0, squaredAngle = 0.0;
  for (const Cell* c : region) {
    const double power = double(c->radiance) * c->solidAngle;
    regionPower += power;
    regionAngle += c->solidAngle;
    const float cosine = std::clamp(glm::dot(centre, c->direction), -1.0f, 1.0f);
    keyIrradiance += power * std::max(cosine, 0.0f);
    squaredAngle += power * double(std::acos(cosine)) * std::acos(cosine);
  }
  double irradiance = 0.0;
  for (const Cell& c : grid)
    irradiance += double(c.radiance) * c.solidAngle * std::max(glm::dot(centre, c.direction), 0.0f);
  if (!(regionAngle > 0.0) || !(irradiance > 0.0) || !(regionPower > 0.0)) return key;
  // Twice as bright as the sphere on average, or it is no key.
  if (regionPower / regionAngle < 2.0 * totalPower / totalAngle) return key;
  key.found = true;
  key.direction = centre;
  key.irradiance = float(keyIrradiance);
  key.share = float(std::clamp(keyIrradiance / irradiance, 0.0, 1.0));
  key.angularRadius = float(std::sqrt(2.0 * squaredAngle / regionPower));
  return key;
}

}  // namespace vitrine::scene
