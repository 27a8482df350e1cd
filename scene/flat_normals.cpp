#include "flat_normals.h"

#include <cmath>
#include <numeric>

namespace vitrine::scene {
namespace {

template <class T>
void unweld(std::vector<T>& stream, const std::vector<uint32_t>& indices) {
  if (stream.empty()) return;
  std::vector<T> out;
  out.reserve(indices.size());
  for (uint32_t i : indices) out.push_back(stream[i]);
  stream = std::move(out);
}

glm::vec3 faceNormal(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  // Double precision: tiny but valid triangles must not underflow to a zero length.
  const glm::dvec3 n = glm::cross(glm::dvec3(b) - glm::dvec3(a), glm::dvec3(c) - glm::dvec3(a));
  const double length = glm::length(n);
  if (!(length > 0.0) || !std::isfinite(length)) return glm::vec3(0.0f, 0.0f, 1.0f);
  return glm::vec3(n / length);
}

}  // namespace

void generateFlatNormals(Primitive& p) {
  unweld(p.positions, p.indices);
  unweld(p.texcoords[0], p.indices);
  unweld(p.texcoords[1], p.indices);
  unweld(p.colors, p.indices);
  p.tangents.clear();
  p.normals.resize(p.positions.size());
  for (size_t t = 0; t + 2 < p.positions.size(); t += 3) {
    const glm::vec3 n = faceNormal(p.positions[t], p.positions[t + 1], p.positions[t + 2]);
    p.normals[t] = p.normals[t + 1] = p.normals[t + 2] = n;
  }
  p.indices.resize(p.positions.size());
  std::iota(p.indices.begin(), p.indices.end(), 0u);
}

}  // namespace vitrine::scene
