#include "pick.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "deform.h"
#include "overlay_geometry.h"

namespace vitrine::scene {
namespace {

// Slab test of the ray against `box`: whether it crosses it at some t > 0.
bool crossesBox(const Bounds& box, const glm::vec3& o, const glm::vec3& d) {
  float near = 0.0f, far = std::numeric_limits<float>::max();
  for (int a = 0; a < 3; ++a) {
    if (std::abs(d[a]) < 1e-30f) {
      if (o[a] < box.min[a] || o[a] > box.max[a]) return false;
      continue;
    }
    float t0 = (box.min[a] - o[a]) / d[a], t1 = (box.max[a] - o[a]) / d[a];
    if (t0 > t1) std::swap(t0, t1);
    near = std::max(near, t0);
    far = std::min(far, t1);
    if (near > far) return false;
  }
  return true;
}

// Möller-Trumbore: t of the ray's crossing of triangle (a, b, c), or a negative value. Sets
// *front when the ray meets the counter-clockwise (front) side.
float crossing(const glm::vec3& o, const glm::vec3& d, const glm::vec3& a, const glm::vec3& b,
               const glm::vec3& c, bool* front) {
  const glm::vec3 e1 = b - a, e2 = c - a;
  const glm::vec3 p = glm::cross(d, e2);
  const float det = glm::dot(e1, p);
  if (std::abs(det) < 1e-20f || !std::isfinite(det)) return -1.0f;
  const float inv = 1.0f / det;
  const glm::vec3 s = o - a;
  const float u = glm::dot(s, p) * inv;
  if (u < 0.0f || u > 1.0f) return -1.0f;
  const glm::vec3 q = glm::cross(s, e1);
  const float v = glm::dot(d, q) * inv;
  if (v < 0.0f || u + v > 1.0f) return -1.0f;
  *front = det > 0.0f;  // the ray runs against the face's normal (e1 x e2)
  return glm::dot(e2, q) * inv;
}

}  // namespace

// KHR_gaussian_splatting: the nearest t > 0 at which the ray (world) enters the 2-sigma
// ellipsoid of a splat of `cloud` drawn with `world` (Sigma = M C C^T M^T: the ellipsoid is the
// image under M R S of the sphere of radius 2), over the splats of opacity 0.1 or more (a trained
// scene's faint floaters are not what a click means); max() when none. The ray is taken into
// mesh space once, then into each splat's unit-sphere frame (R^T, then 1/s per axis).
float splatCrossing(const SplatCloud& cloud, const glm::mat4& world, const glm::vec3& o,
                    const glm::vec3& d) {
  constexpr float kRadius = 2.0f;
  float best = std::numeric_limits<float>::max();
  const glm::mat4 inverse = glm::inverse(world);
  const glm::vec3 om = glm::vec3(inverse * glm::vec4(o, 1.0f));
  const glm::vec3 dm = glm::vec3(inverse * glm::vec4(d, 0.0f));
  const size_t count =
      std::min({size_t(cloud.count), cloud.positions.size(), cloud.rotations.size(),
                cloud.scales.size(), cloud.opacities.size()});
  for (size_t i = 0; i < count; ++i) {
    if (!(cloud.opacities[i] >= 0.1f)) continue;
    const glm::vec3 s = cloud.scales[i];
    if (!(s.x > 0.0f && s.y > 0.0f && s.z > 0.0f)) continue;
    const glm::vec4 q = cloud.rotations[i];  // (x, y, z, w)
    const glm::mat3 rt = glm::transpose(glm::mat3_cast(glm::quat(q.w, q.x, q.y, q.z)));
    const glm::vec3 ol = (rt * (om - cloud.positions[i])) / s;
    const glm::vec3 dl = (rt * dm) / s;
    const float a = glm::dot(dl, dl), b = glm::dot(ol, dl),
                c = glm::dot(ol, ol) - kRadius * kRadius;
    const float disc = b * b - a * c;
    if (!(a > 0.0f) || disc < 0.0f) continue;
    const float root = std::sqrt(disc);
    float t = (-b - root) / a;
    if (t <= 0.0f) t = (-b + root) / a > 0.0f ? 0.0f : -1.0f;  // from inside: hit at once
    if (t >= 0.0f && t < best) best = t;
  }
  return best;
}

std::vector<PickHit> pickAll(const Scene& scene, int sceneIndex, const glm::vec3& origin,
                             const glm::vec3& direction, std::span<const uint8_t> shown) {
  std::vector<PickHit> hits;
  std::vector<glm::vec3> positions;
  std::vector<glm::mat4> joints;
  for (const int n : sceneNodesInOrder(scene, sceneIndex)) {
    const Node& node = scene.nodes[size_t(n)];
    if (node.mesh < 0 || size_t(node.mesh) >= scene.meshes.size() || !nodeShown(scene, n)) continue;
    if (!shown.empty() && (size_t(n) >= shown.size() || !shown[size_t(n)])) continue;
    Bounds box;
    extendByMeshNode(scene, n, box);
    if (box.empty() || !crossesBox(box, origin, direction)) continue;
    joints.clear();
    if (node.skin >= 0 && size_t(node.skin) < scene.skins.size()) {
      const Skin& skin = scene.skins[size_t(node.skin)];
      for (size_t j = 0; j < skin.joints.size(); ++j)
        joints.push_back(scene.world[size_t(skin.joints[j])] * skin.inverseBindMatrices[j]);
    }
    const glm::mat4& world = scene.world[size_t(n)];
    const std::span<const glm::mat4> instances = nodeInstances(scene, n);
    const MeshInstances* instancing =
        node.instancing >= 0 ? &scene.instancing[size_t(node.instancing)] : nullptr;
    PickHit best;
    best.distance = std::numeric_limits<float>::max();
    const std::vector<Primitive>& primitives = scene.meshes[size_t(node.mesh)].primitives;
    for (uint32_t pi = 0; pi < primitives.size(); ++pi) {
      const Primitive& p = primitives[pi];
      if (p.splats) {
        const float t = splatCrossing(*p.splats, world, origin, direction);
        if (t < best.distance) {
          best.node = n;
          best.distance = t;
          best.primitive = pi;
          best.instance = 0;
        }
        continue;
      }
      if (p.topology != Topology::Triangles || p.bounds.empty()) continue;
      // World-space positions as drawn (scene.cpp's bounds decide skinned the same way).
      const bool skinned =
          !joints.empty() && p.influenceSets > 0 && p.minSkinJoints <= joints.size();
      const bool deformed = skinned || !p.targets.empty();
      const int m = p.material;
      const bool doubleSided =
          m >= 0 && size_t(m) < scene.materials.size() && scene.materials[size_t(m)].doubleSided;
      for (uint32_t k = 0; k < instances.size(); ++k) {
        const glm::mat4 model = world * instances[k];
        if (!deformed && instances.size() > 1) {
          // This instance's box first: most instances are missed by the ray.
          const Bounds copy = transformedBox(p.bounds, model);
          if (!crossesBox(copy, origin, direction)) continue;
        }
        // A mirroring transform turns counter-clockwise into clockwise (glTF 2.0 §3.7.4); a
        // skinned primitive ignores its node's transform, mirroring included.
        const bool mirrored = glm::determinant(glm::mat3(skinned ? instances[k] : model)) < 0.0f;
        positions.resize(p.positions.size());
        for (uint32_t v = 0; v < p.positions.size(); ++v) {
          positions[v] = !deformed ? glm::vec3(model * glm::vec4(p.positions[v], 1.0f))
                         : skinned
                             ? deformVertex(scene, uint32_t(n), p, v, joints, instances[k]).position
                             : transformVertex(morphVertex(p, v, node.weights), model).position;
        }
        for (size_t i = 0; i + 2 < p.indices.size(); i += 3) {
          const uint32_t a = p.indices[i], b = p.indices[i + 1], c = p.indices[i + 2];
          if (a >= positions.size() || b >= positions.size() || c >= positions.size()) continue;
          bool front = true;
          const float t =
              crossing(origin, direction, positions[a], positions[b], positions[c], &front);
          if (mirrored) front = !front;
          if (t > 0.0f && t < best.distance && (front || doubleSided)) {
            best.node = n;
            best.distance = t;
            best.primitive = pi;
            best.instance = instancing ? instancing->fileIndex[k] : 0;
          }
        }
      }
    }
    if (best.node >= 0) hits.push_back(best);
  }
  std::stable_sort(hits.begin(), hits.end(),
                   [](const PickHit& a, const PickHit& b) { return a.distance < b.distance; });
  return hits;
}

void subtreeMask(const Scene& scene, uint32_t root, std::vector<uint8_t>& out) {
  out.clear();
  if (root >= scene.nodes.size()) return;
  out.assign(scene.nodes.size(), 0);
  std::vector<uint32_t> stack{root};
  while (!stack.empty()) {
    const uint32_t n = stack.back();
    stack.pop_back();
    if (out[n]) continue;  // a malformed graph visits a node once
    out[n] = 1;
    for (const int c : scene.nodes[n].children)
      if (c >= 0 && size_t(c) < scene.nodes.size()) stack.push_back(uint32_t(c));
  }
}

}  // namespace vitrine::scene
