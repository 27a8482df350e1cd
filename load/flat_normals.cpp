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

// The same for a stream of `sets` elements per vertex (skinning influences, TEXCOORD_2..7).
template <class T>
void unweldSets(std::vector<T>& stream, uint32_t sets, const std::vector<uint32_t>& indices) {
  if (stream.empty() || sets == 0) return;
  std::vector<T> out;
  out.reserve(indices.size() * sets);
  for (uint32_t i : indices) {
    for (uint32_t s = 0; s < sets; ++s) out.push_back(stream[size_t(i) * sets + s]);
  }
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
  unweldSets(p.extraTexcoords, p.extraTexcoordCount(), p.indices);
  unweld(p.colors, p.indices);
  unweldSets(p.joints, p.influenceSets, p.indices);
  unweldSets(p.weights, p.influenceSets, p.indices);
  for (MorphTarget& t : p.targets) {
    unweld(t.positions, p.indices);
    unweld(t.texcoords[0], p.indices);
    unweld(t.texcoords[1], p.indices);
    unweld(t.colors, p.indices);
    // §3.7.2.2: without base normals "the provided tangents and their displacements (if
    // present) MUST be ignored"; a target cannot displace normals the primitive lacks.
    t.normals.clear();
    t.tangents.clear();
  }
  p.tangents.clear();
  p.normals.resize(p.positions.size());
  p.flatNormals = true;
  for (size_t t = 0; t + 2 < p.positions.size(); t += 3) {
    const glm::vec3 n = faceNormal(p.positions[t], p.positions[t + 1], p.positions[t + 2]);
    p.normals[t] = p.normals[t + 1] = p.normals[t + 2] = n;
  }
  p.indices.resize(p.positions.size());
  std::iota(p.indices.begin(), p.indices.end(), 0u);
}

}  // namespace vitrine::scene
