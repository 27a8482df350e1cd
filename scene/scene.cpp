#include "scene.h"

#include "deform.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/matrix_inverse.hpp>

namespace vitrine::scene {

const char* imageFormatName(ImageFormat format) {
  switch (format) {
    case ImageFormat::Png:
      return "PNG";
    case ImageFormat::Jpeg:
      return "JPEG";
    case ImageFormat::Webp:
      return "WebP";
    case ImageFormat::Ktx2:
      return "KTX2";
    case ImageFormat::Unknown:
      break;
  }
  return "unknown";
}

glm::mat4 Node::localMatrix() const {
  if (hasMatrix) return matrix;
  // glTF 2.0 §3.5.3: T * R * S.
  return glm::translate(glm::mat4(1.0f), translation) * glm::mat4_cast(rotation) *
         glm::scale(glm::mat4(1.0f), scale);
}

glm::mat4 Camera::projection(float viewportAspect) const {
  // glTF 2.0 §3.10.3 "Projection Matrices". glm is column-major: m[column][row].
  glm::mat4 m(0.0f);
  const float n = znear;
  if (type == Type::Orthographic) {
    const float f = zfar.value_or(n + 1.0f);  // zfar is required for orthographic cameras
    m[0][0] = 1.0f / xmag;
    m[1][1] = 1.0f / ymag;
    m[2][2] = 2.0f / (n - f);
    m[3][2] = (f + n) / (n - f);
    m[3][3] = 1.0f;
    return m;
  }
  const float a = aspectRatio.value_or(viewportAspect);
  const float t = std::tan(0.5f * yfov);
  m[0][0] = 1.0f / (a * t);
  m[1][1] = 1.0f / t;
  m[2][3] = -1.0f;
  if (zfar) {
    const float f = *zfar;
    m[2][2] = (f + n) / (n - f);
    m[3][2] = 2.0f * f * n / (n - f);
  } else {
    m[2][2] = -1.0f;
    m[3][2] = -2.0f * n;
  }
  return m;
}

void updateWorldTransforms(Scene& scene) {
  scene.world.assign(scene.nodes.size(), glm::mat4(1.0f));
  // The loader guarantees the hierarchy is a forest (no cycles, one parent per node), so a
  // walk from the roots visits every node once. Iterative to survive deep hierarchies.
  std::vector<int> stack;
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (scene.nodes[i].parent >= 0) continue;
    scene.world[i] = scene.nodes[i].localMatrix();
    stack.push_back(int(i));
    while (!stack.empty()) {
      const int n = stack.back();
      stack.pop_back();
      for (int c : scene.nodes[n].children) {
        scene.world[c] = scene.world[n] * scene.nodes[c].localMatrix();
        stack.push_back(c);
      }
    }
  }
}

std::vector<int> sceneNodesInOrder(const Scene& scene, int sceneIndex) {
  std::vector<int> out;
  if (sceneIndex < 0 || sceneIndex >= int(scene.scenes.size())) return out;
  std::vector<int> stack(scene.scenes[sceneIndex].nodes.rbegin(),
                         scene.scenes[sceneIndex].nodes.rend());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    if (n < 0 || n >= int(scene.nodes.size())) continue;
    out.push_back(n);
    stack.insert(stack.end(), scene.nodes[n].children.rbegin(), scene.nodes[n].children.rend());
  }
  return out;
}

Bounds transformedBox(const Bounds& box, const glm::mat4& m) {
  Bounds out;
  if (box.empty()) return out;
  for (int corner = 0; corner < 8; ++corner)
    out.extend(glm::vec3(m * glm::vec4((corner & 1) ? box.max.x : box.min.x,
                                       (corner & 2) ? box.max.y : box.min.y,
                                       (corner & 4) ? box.max.z : box.min.z, 1.0f)));
  return out;
}

std::span<const glm::mat4> nodeInstances(const Scene& scene, int n) {
  static const glm::mat4 kOnce(1.0f);
  if (n >= 0 && size_t(n) < scene.nodes.size()) {
    const int i = scene.nodes[size_t(n)].instancing;
    if (i >= 0 && size_t(i) < scene.instancing.size())
      return scene.instancing[size_t(i)].transforms;
  }
  return {&kOnce, 1};
}

Bounds splatBounds(const SplatCloud& cloud) {
  Bounds b;
  const size_t count = std::min(
      {size_t(cloud.count), cloud.positions.size(), cloud.rotations.size(), cloud.scales.size()});
  for (size_t i = 0; i < count; ++i) {
    const glm::vec4& q = cloud.rotations[i];                            // (x, y, z, w)
    const glm::mat3 r = glm::mat3_cast(glm::quat(q.w, q.x, q.y, q.z));  // r[j]: column j of R
    glm::vec3 sum(0.0f);
    for (int j = 0; j < 3; ++j) {
      const glm::vec3 axis = r[j] * cloud.scales[i][j];  // the splat's axis j, to its 1 sigma
      sum += axis * axis;
    }
    const glm::vec3 half = 3.0f * glm::sqrt(sum);
    b.extend(cloud.positions[i] - half);
    b.extend(cloud.positions[i] + half);
  }
  return b;
}

void extendByMeshNode(const Scene& scene, int n, Bounds& b) {
  if (n < 0 || size_t(n) >= scene.nodes.size()) return;
  const Node& node = scene.nodes[size_t(n)];
  if (node.mesh < 0 || size_t(node.mesh) >= scene.meshes.size()) return;
  const glm::mat4& w = scene.world[size_t(n)];
  const std::span<const glm::mat4> instances = nodeInstances(scene, n);
  // A skinned or morphed primitive is where its current pose puts it (and a skinned one
  // ignores the node's transform): the bounds of its deformed vertices.
  std::vector<glm::mat4> joints;
  if (node.skin >= 0 && size_t(node.skin) < scene.skins.size()) {
    const Skin& skin = scene.skins[size_t(node.skin)];
    for (size_t j = 0; j < skin.joints.size(); ++j)
      joints.push_back(scene.world[size_t(skin.joints[j])] * skin.inverseBindMatrices[j]);
  }
  for (const Primitive& p : scene.meshes[size_t(node.mesh)].primitives) {
    if (p.bounds.empty()) continue;
    const bool skinned = !joints.empty() && p.influenceSets > 0 && p.minSkinJoints <= joints.size();
    const bool morphedOnly = !p.targets.empty() && (node.skin < 0 || p.influenceSets == 0);
    for (const glm::mat4& instance : instances) {
      if (skinned || morphedOnly) {
        for (uint32_t v = 0; v < p.positions.size(); ++v)
          b.extend(deformVertex(scene, uint32_t(n), p, v, joints, instance).position);
        continue;
      }
      const Bounds copy = transformedBox(p.bounds, w * instance);
      b.extend(copy.min);
      b.extend(copy.max);
    }
  }
}

Bounds sceneBounds(const Scene& scene, int sceneIndex) {
  Bounds b;
  for (const int n : sceneNodesInOrder(scene, sceneIndex)) extendByMeshNode(scene, n, b);
  return b;
}

gpu::MaterialData defaultMaterialData() {
  // glTF 2.0 §5.19 (material) and §5.22 (pbrMetallicRoughness) defaults.
  gpu::MaterialData m{};
  m.baseColorFactor = glm::vec4(1.0f);
  m.emissive = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  m.params = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
  m.alpha = glm::vec4(float(gpu::kAlphaOpaque), 0.5f, 0.0f, 0.0f);
  for (gpu::TextureRef& t : m.textures) {
    t.uvTransform = glm::vec4(0.0f, 0.0f, 1.0f, 1.0f);
    t.info = glm::vec4(0.0f, -1.0f, 0.0f, 0.0f);
  }
  return m;
}

}  // namespace vitrine::scene
