#include "overlay_geometry.h"

#include <algorithm>
#include <cmath>

#include "deform.h"

namespace vitrine::scene {
namespace {

glm::vec3 position(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

// A circle of 24 segments of `radius` about `centre` in the plane of the unit axes u and v.
void circle(const glm::vec3& centre, const glm::vec3& u, const glm::vec3& v, float radius,
            std::vector<Segment>& out) {
  constexpr int kSides = 24;
  for (int i = 0; i < kSides; ++i) {
    const float a0 = float(i) / kSides * 6.2831853f, a1 = float(i + 1) / kSides * 6.2831853f;
    out.push_back({centre + radius * (std::cos(a0) * u + std::sin(a0) * v),
                   centre + radius * (std::cos(a1) * u + std::sin(a1) * v)});
  }
}

glm::vec3 unitOr(const glm::vec3& v, const glm::vec3& fallback) {
  const float l = glm::length(v);
  return l > 1e-20f && std::isfinite(l) ? v / l : fallback;
}

}  // namespace

bool nodeShown(const Scene& scene, int node) {
  // Bounded by the node count: the loader refuses cycles, this never loops on one anyway.
  for (size_t steps = 0;
       node >= 0 && size_t(node) < scene.nodes.size() && steps <= scene.nodes.size(); ++steps) {
    if (scene.nodes[size_t(node)].visible < 0.5f) return false;
    node = scene.nodes[size_t(node)].parent;
  }
  return true;
}

bool inMask(NodeMask shown, int node) {
  return !shown || (node >= 0 && size_t(node) < shown->size() && (*shown)[size_t(node)] != 0);
}

std::vector<int> skinsInScene(const Scene& scene, int sceneIndex, NodeMask shown) {
  std::vector<int> skins;
  for (const int n : sceneNodesInOrder(scene, sceneIndex)) {
    const int skin = scene.nodes[size_t(n)].skin;
    if (skin < 0 || size_t(skin) >= scene.skins.size() ||
        std::find(skins.begin(), skins.end(), skin) != skins.end())
      continue;
    const std::vector<int>& joints = scene.skins[size_t(skin)].joints;
    if (inMask(shown, n) ||
        std::any_of(joints.begin(), joints.end(), [&](int j) { return inMask(shown, j); }))
      skins.push_back(skin);
  }
  return skins;
}

Skeleton skeleton(const Scene& scene, int skin) {
  Skeleton s;
  if (skin < 0 || size_t(skin) >= scene.skins.size()) return s;
  const std::vector<int>& joints = scene.skins[size_t(skin)].joints;
  s.jointNodes = joints;
  for (const int j : joints) s.joints.push_back(position(scene.world[size_t(j)]));
  for (size_t i = 0; i < joints.size(); ++i) {
    int up = scene.nodes[size_t(joints[i])].parent;
    for (size_t steps = 0; up >= 0 && steps <= scene.nodes.size(); ++steps) {
      const auto it = std::find(joints.begin(), joints.end(), up);
      if (it != joints.end()) {
        s.bones.push_back({s.joints[size_t(it - joints.begin())], s.joints[i]});
        break;
      }
      up = scene.nodes[size_t(up)].parent;
    }
  }
  return s;
}

void jointMarker(const glm::vec3& at, float size, std::vector<Segment>& out) {
  const float h = 0.5f * size;
  for (int axis = 0; axis < 3; ++axis) {
    glm::vec3 d(0.0f);
    d[axis] = h;
    out.push_back({at - d, at + d});
  }
}

VertexFrameCount vertexFrames(const Scene& scene, int sceneIndex, float length,
                              uint64_t maxVertices, std::vector<Segment>& normals,
                              std::vector<Segment>& tangents, NodeMask mask) {
  VertexFrameCount count;
  const std::vector<int> nodes = sceneNodesInOrder(scene, sceneIndex);
  const auto drawn = [&](int n) {
    const Node& node = scene.nodes[size_t(n)];
    return node.mesh >= 0 && size_t(node.mesh) < scene.meshes.size() && inMask(mask, n) &&
           nodeShown(scene, n);
  };
  for (const int n : nodes)
    if (drawn(n))
      for (const Primitive& p : scene.meshes[size_t(scene.nodes[size_t(n)].mesh)].primitives)
        count.total += p.positions.size() * nodeInstances(scene, n).size();
  const uint64_t stride =
      maxVertices == 0 ? 0 : std::max<uint64_t>(1, (count.total + maxVertices - 1) / maxVertices);
  if (stride == 0) return count;
  std::vector<glm::mat4> joints;
  uint64_t seen = 0;
  for (const int n : nodes) {
    if (!drawn(n)) continue;
    const Node& node = scene.nodes[size_t(n)];
    joints.clear();
    if (node.skin >= 0 && size_t(node.skin) < scene.skins.size()) {
      const Skin& skin = scene.skins[size_t(node.skin)];
      for (size_t j = 0; j < skin.joints.size(); ++j)
        joints.push_back(scene.world[size_t(skin.joints[j])] * skin.inverseBindMatrices[j]);
    }
    for (const glm::mat4& instance : nodeInstances(scene, n)) {
      for (const Primitive& p : scene.meshes[size_t(node.mesh)].primitives) {
        // As the renderer draws it: skinned only with every joint it names (scene.cpp's
        // bounds).
        const bool skinned =
            !joints.empty() && p.influenceSets > 0 && p.minSkinJoints <= joints.size();
        const bool hasTangents = !p.tangents.empty();
        // The stride runs on across primitives and instances (`seen` counts every vertex so
        // far), so that many small ones cannot each add one vertex past the cap.
        const uint64_t first = (stride - seen % stride) % stride;
        seen += p.positions.size();
        const glm::mat4 model = scene.world[n] * instance;
        for (uint64_t v = first; v < p.positions.size(); v += stride) {
          const DeformedVertex d =
              skinned ? deformVertex(scene, uint32_t(n), p, uint32_t(v), joints, instance)
                      : transformVertex(morphVertex(p, uint32_t(v), node.weights), model);
          const glm::vec3 nrm = unitOr(d.normal, glm::vec3(0.0f));
          if (nrm != glm::vec3(0.0f)) normals.push_back({d.position, d.position + length * nrm});
          if (hasTangents) {
            const glm::vec3 t = unitOr(glm::vec3(d.tangent), glm::vec3(0.0f));
            if (t != glm::vec3(0.0f)) tangents.push_back({d.position, d.position + length * t});
          }
          ++count.shown;
        }
      }
    }
  }
  return count;
}

void boxEdges(const Bounds& box, std::vector<Segment>& out) {
  if (box.empty()) return;
  const auto corner = [&](int i) {
    return glm::vec3((i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                     (i & 4) ? box.max.z : box.min.z);
  };
  for (int i = 0; i < 8; ++i)
    for (int bit : {1, 2, 4})
      if (!(i & bit)) out.push_back({corner(i), corner(i | bit)});
}

void lightGizmo(const Scene& scene, int node, float size, std::vector<Segment>& out) {
  if (node < 0 || size_t(node) >= scene.nodes.size()) return;
  const int index = scene.nodes[size_t(node)].light;
  if (index < 0 || size_t(index) >= scene.lights.size()) return;
  const Light& light = scene.lights[size_t(index)];
  const glm::mat4& w = scene.world[size_t(node)];
  const glm::vec3 at = position(w);
  const glm::vec3 dir = unitOr(glm::vec3(w * glm::vec4(0, 0, -1, 0)), glm::vec3(0, 0, -1));
  // A frame around the direction, for cones, circles and arrow heads.
  const glm::vec3 u =
      unitOr(glm::cross(dir, std::abs(dir.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0)),
             glm::vec3(1, 0, 0));
  const glm::vec3 v = glm::cross(dir, u);
  const float reach = light.range && *light.range > 0.0f ? *light.range : size;
  switch (light.type) {
    case Light::Type::Directional: {
      const glm::vec3 tip = at + size * dir;
      out.push_back({at, tip});
      for (const glm::vec3& side : {u, -u, v, -v})
        out.push_back({tip, tip - 0.2f * size * dir + 0.1f * size * side});
      break;
    }
    case Light::Type::Spot: {
      const float radius = reach * std::tan(std::clamp(light.outerConeAngle, 0.0f, 1.5f));
      const glm::vec3 end = at + reach * dir;
      for (int i = 0; i < 8; ++i) {
        const float a = float(i) / 8.0f * 6.2831853f;
        out.push_back({at, end + radius * (std::cos(a) * u + std::sin(a) * v)});
      }
      circle(end, u, v, radius, out);
      break;
    }
    case Light::Type::Point:
      circle(at, glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), reach, out);
      circle(at, glm::vec3(0, 1, 0), glm::vec3(0, 0, 1), reach, out);
      circle(at, glm::vec3(0, 0, 1), glm::vec3(1, 0, 0), reach, out);
      break;
  }
}

void cameraGizmo(const Scene& scene, int node, float aspect, float size,
                 std::vector<Segment>& out) {
  if (node < 0 || size_t(node) >= scene.nodes.size()) return;
  const int index = scene.nodes[size_t(node)].camera;
  if (index < 0 || size_t(index) >= scene.cameras.size()) return;
  const Camera& c = scene.cameras[size_t(index)];
  const glm::mat4& w = scene.world[size_t(node)];
  const float a = c.aspectRatio && *c.aspectRatio > 0.0f ? *c.aspectRatio : aspect;
  const float near = std::max(c.znear, 1e-6f);
  const float far = std::min(c.zfar && *c.zfar > near ? *c.zfar : size, std::max(size, near));
  // Half extents of the frustum's section at depth d (camera space, looking down -Z).
  const auto half = [&](float d) {
    if (c.type == Camera::Type::Orthographic) return glm::vec2(c.xmag, c.ymag);
    const float h = d * std::tan(0.5f * c.yfov);
    return glm::vec2(h * a, h);
  };
  const auto world = [&](float x, float y, float d) {
    return glm::vec3(w * glm::vec4(x, y, -d, 1.0f));
  };
  glm::vec3 corners[2][4];
  for (int s = 0; s < 2; ++s) {
    const float d = s == 0 ? near : far;
    const glm::vec2 h = half(d);
    corners[s][0] = world(-h.x, -h.y, d);
    corners[s][1] = world(h.x, -h.y, d);
    corners[s][2] = world(h.x, h.y, d);
    corners[s][3] = world(-h.x, h.y, d);
  }
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < 4; ++i) out.push_back({corners[s][i], corners[s][(i + 1) % 4]});
  for (int i = 0; i < 4; ++i) out.push_back({corners[0][i], corners[1][i]});
  // The up tick: a triangle over the far rectangle's top edge.
  const glm::vec2 h = half(far);
  const glm::vec3 top = world(0.0f, 1.5f * h.y, far);
  out.push_back({corners[1][2], top});
  out.push_back({top, corners[1][3]});
}

}  // namespace vitrine::scene
