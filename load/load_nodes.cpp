#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <numbers>

#include <glm/gtc/type_ptr.hpp>

#include "load_steps.h"

namespace vitrine::scene {
namespace {

// TRS of a node matrix, for display (the matrix itself stays authoritative). A mirroring
// matrix gets its negative scale on x; shear is not represented.
void decompose(const glm::mat4& m, Node& n) {
  n.translation = glm::vec3(m[3]);
  const glm::mat3 basis(m);
  n.scale = glm::vec3(glm::length(basis[0]), glm::length(basis[1]), glm::length(basis[2]));
  if (glm::determinant(basis) < 0.0f) n.scale.x = -n.scale.x;
  n.rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  if (n.scale.x != 0.0f && n.scale.y != 0.0f && n.scale.z != 0.0f) {
    const glm::mat3 r(basis[0] / n.scale.x, basis[1] / n.scale.y, basis[2] / n.scale.z);
    n.rotation = glm::normalize(glm::quat_cast(r));
  }
}

Node readNode(const Json& j) {
  Node n;
  n.name = string(j, "name");
  n.mesh = int(integer(j, "mesh", -1));
  n.camera = int(integer(j, "camera", -1));
  n.skin = int(integer(j, "skin", -1));
  for (const Json& c : array(j, "children")) n.children.push_back(c.get<int>());
  for (const Json& w : array(j, "weights")) n.weights.push_back(w.get<float>());
  if (const Json* m = member(j, "matrix")) {
    // §3.5.3: the matrix is stored column-major, as glm's.
    float values[16];
    for (size_t i = 0; i < 16; ++i) values[i] = (*m)[i].get<float>();
    n.hasMatrix = true;
    n.matrix = glm::make_mat4(values);
    decompose(n.matrix, n);
  } else {
    n.translation = vec<3>(j, "translation", glm::vec3(0.0f));
    const glm::vec4 q = vec<4>(j, "rotation", glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
    n.rotation = glm::quat(q.w, q.x, q.y, q.z);  // glTF stores (x, y, z, w)
    n.scale = vec<3>(j, "scale", glm::vec3(1.0f));
  }
  return n;
}

// Position of `child` in the children list of node `parent`, for the error pointer.
size_t childPosition(const Node& parent, int child) {
  for (size_t k = 0; k < parent.children.size(); ++k) {
    if (parent.children[k] == child) return k;
  }
  return 0;
}

// §3.5.2: "The node hierarchy MUST be a set of disjoint strict trees."
std::string linkParents(LineVector<Node>& nodes) {
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (size_t k = 0; k < nodes[i].children.size(); ++k) {
      const int c = nodes[i].children[k];
      const std::string at = jsonPointer("nodes", i, "children", k);
      if (c == int(i)) return located(at, "node " + std::to_string(i) + " is its own child");
      if (nodes[c].parent >= 0) {
        return located(at, "node " + std::to_string(c) + " already has parent node " +
                               std::to_string(nodes[c].parent) + " (a node has at most one)");
      }
      nodes[c].parent = int(i);
    }
  }
  // With one parent per node, a node that no walk down from a root reaches lies on, or
  // hangs below, a cycle.
  std::vector<bool> reached(nodes.size(), false);
  std::vector<int> stack;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].parent < 0) stack.push_back(int(i));
  }
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    reached[n] = true;
    stack.insert(stack.end(), nodes[n].children.begin(), nodes[n].children.end());
  }
  for (size_t start = 0; start < nodes.size(); ++start) {
    if (reached[start]) continue;
    // Walk up until a node repeats: that node is on the cycle.
    std::vector<bool> seen(nodes.size(), false);
    int x = int(start);
    while (!seen[x]) {
      seen[x] = true;
      x = nodes[x].parent;
    }
    // Describe it parent to child, starting and ending at x.
    std::vector<int> up{x};
    for (int n = nodes[x].parent; n != x; n = nodes[n].parent) up.push_back(n);
    std::string cycle = std::to_string(x);
    for (auto it = up.rbegin(); it != up.rend(); ++it) cycle += " -> " + std::to_string(*it);
    const int p = nodes[x].parent;
    return located(jsonPointer("nodes", p, "children", childPosition(nodes[p], x)),
                   "node " + std::to_string(x) + " is its own ancestor (cycle " + cycle + ")");
  }
  return {};
}

}  // namespace

std::string loadNodes(const LoadContext& ctx) {
  Scene& scene = ctx.scene;
  const Json& nodes = array(ctx.doc.json, "nodes");
  scene.nodes.reserve(nodes.size());
  for (const Json& j : nodes) scene.nodes.push_back(readNode(j));
  if (std::string err = linkParents(scene.nodes); !err.empty()) return err;

  const Json& scenes = array(ctx.doc.json, "scenes");
  // The scene that last listed each node: the schema's uniqueItems, in linear time.
  std::vector<size_t> listedBy(scene.nodes.size(), SIZE_MAX);
  for (size_t s = 0; s < scenes.size(); ++s) {
    SceneRoots roots;
    roots.name = string(scenes[s], "name");
    const Json& list = array(scenes[s], "nodes");
    for (size_t k = 0; k < list.size(); ++k) {
      const int n = list[k].get<int>();
      // §3.5.1: "All nodes listed in scene.nodes array MUST be root nodes".
      if (scene.nodes[n].parent >= 0) {
        return located(jsonPointer("scenes", s, "nodes", k),
                       "node " + std::to_string(n) + " is not a root node (child of node " +
                           std::to_string(scene.nodes[n].parent) + ")");
      }
      if (listedBy[n] == s) {
        return located(jsonPointer("scenes", s, "nodes", k),
                       "node " + std::to_string(n) + " is listed twice");
      }
      listedBy[n] = s;
      roots.nodes.push_back(n);
    }
    scene.scenes.push_back(std::move(roots));
  }
  if (scene.scenes.empty()) {
    SceneRoots all;
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
      if (scene.nodes[i].parent < 0) all.nodes.push_back(int(i));
    }
    scene.scenes.push_back(std::move(all));
  }
  scene.activeScene = int(integer(ctx.doc.json, "scene", 0));
  return {};
}

std::string loadCameras(const LoadContext& ctx) {
  const Json& cameras = array(ctx.doc.json, "cameras");
  for (size_t i = 0; i < cameras.size(); ++i) {
    const Json& j = cameras[i];
    Camera c;
    c.name = string(j, "name");
    // Checked again after the conversion to float: a tiny positive double may become 0 (or a
    // denormal), two distinct doubles the same float.
    const std::string type = string(j, "type");
    const std::string at = jsonPointer("cameras", i, type);
    auto bad = [&](const char* key, const std::string& what, float v) {
      char text[32];
      std::snprintf(text, sizeof text, "%.9g", double(v));
      return located(at + jsonPointer(key), what + " (is " + text + " as a float)");
    };
    if (type == "perspective") {
      // §3.10.3: without zfar the projection is infinite; without aspectRatio the viewport's.
      const Json& p = j["perspective"];
      c.type = Camera::Type::Perspective;
      c.yfov = float(number(p, "yfov", 0.0));
      if (member(p, "aspectRatio")) c.aspectRatio = float(number(p, "aspectRatio", 0.0));
      c.znear = float(number(p, "znear", 0.0));
      if (member(p, "zfar")) c.zfar = float(number(p, "zfar", 0.0));
      if (!(c.yfov > 0.0f && c.yfov < std::numbers::pi_v<float>)) {
        return bad("yfov", "must be in (0, pi)", c.yfov);
      }
      if (c.aspectRatio && !(*c.aspectRatio > 0.0f)) {
        return bad("aspectRatio", "must be > 0", *c.aspectRatio);
      }
      if (!(c.znear >= FLT_MIN)) return bad("znear", "must be > 0", c.znear);
      if (c.zfar && !(*c.zfar > c.znear)) return bad("zfar", "must be greater than znear", *c.zfar);
    } else {
      const Json& o = j["orthographic"];
      c.type = Camera::Type::Orthographic;
      c.xmag = float(number(o, "xmag", 0.0));
      c.ymag = float(number(o, "ymag", 0.0));
      c.znear = float(number(o, "znear", 0.0));
      c.zfar = float(number(o, "zfar", 0.0));
      if (c.xmag == 0.0f) return bad("xmag", "must not be zero", c.xmag);
      if (c.ymag == 0.0f) return bad("ymag", "must not be zero", c.ymag);
      if (!(c.znear >= 0.0f)) return bad("znear", "must be >= 0", c.znear);
      if (!(*c.zfar > c.znear)) return bad("zfar", "must be greater than znear", *c.zfar);
    }
    ctx.scene.cameras.push_back(std::move(c));
  }
  return {};
}

}  // namespace vitrine::scene
