#include "deform.h"

#include <algorithm>

namespace vitrine::scene {
namespace {

template <class T>
T at(const std::vector<T>& stream, uint32_t v, const T& fallback) {
  return v < stream.size() ? stream[v] : fallback;
}

template <class T>
void add(T& value, const std::vector<T>& deltas, uint32_t v, float w) {
  if (v < deltas.size()) value += w * deltas[v];
}

}  // namespace

DeformedVertex morphVertex(const Primitive& p, uint32_t v, std::span<const float> weights) {
  DeformedVertex out;
  out.position = p.positions[v];
  out.normal = at(p.normals, v, glm::vec3(0.0f));
  out.tangent = at(p.tangents, v, glm::vec4(0.0f));
  for (int set = 0; set < 2; ++set) out.texcoords[set] = at(p.texcoords[set], v, glm::vec2(0.0f));
  out.color = at(p.colors, v, glm::vec4(1.0f));
  const size_t targets = std::min(weights.size(), p.targets.size());
  glm::vec3 tangent(out.tangent);
  for (size_t t = 0; t < targets; ++t) {
    const MorphTarget& target = p.targets[t];
    const float w = weights[t];
    add(out.position, target.positions, v, w);
    add(out.normal, target.normals, v, w);
    add(tangent, target.tangents, v, w);
    for (int set = 0; set < 2; ++set) add(out.texcoords[set], target.texcoords[set], v, w);
    add(out.color, target.colors, v, w);
  }
  out.tangent = glm::vec4(tangent, out.tangent.w);
  out.color = glm::clamp(out.color, 0.0f, 1.0f);
  return out;
}

glm::mat4 skinMatrix(const Primitive& p, uint32_t v, std::span<const glm::mat4> jointMatrices) {
  glm::mat4 m(0.0f);
  for (uint32_t s = 0; s < p.influenceSets; ++s) {
    const size_t i = size_t(v) * p.influenceSets + s;
    for (int c = 0; c < 4; ++c) m += p.weights[i][c] * jointMatrices[p.joints[i][c]];
  }
  return m;
}

DeformedVertex transformVertex(const DeformedVertex& v, const glm::mat4& model) {
  DeformedVertex out = v;
  const glm::mat3 m(model);
  const float det = glm::determinant(m);
  // Columns of the cofactor matrix: cof(M) = det(M) * inverse(M)^T.
  const glm::mat3 cofactor(glm::cross(m[1], m[2]), glm::cross(m[2], m[0]), glm::cross(m[0], m[1]));
  out.position = glm::vec3(model * glm::vec4(v.position, 1.0f));
  out.normal = (det < 0.0f ? -1.0f : 1.0f) * (cofactor * v.normal);
  out.tangent = glm::vec4(m * glm::vec3(v.tangent), det < 0.0f ? -v.tangent.w : v.tangent.w);
  return out;
}

DeformedVertex deformVertex(const Scene& scene, uint32_t node, const Primitive& p, uint32_t vertex,
                            std::span<const glm::mat4> jointMatrices, const glm::mat4& instance) {
  const Node& n = scene.nodes[node];
  const DeformedVertex morphed = morphVertex(p, vertex, n.weights);
  const bool skinned = n.skin >= 0 && p.influenceSets > 0;
  return transformVertex(
      morphed, (skinned ? skinMatrix(p, vertex, jointMatrices) : scene.world[node]) * instance);
}

}  // namespace vitrine::scene
