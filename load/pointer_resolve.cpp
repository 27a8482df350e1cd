// resolvePointer(): the glTF 2.0 Asset Object Model (KhronosGroup/glTF
// specification/2.0/ObjectModel.adoc, "Core Pointers" and "Extension Pointers") and the
// pointer templates of the extensions Vitrine supports, resolved against the loaded Scene.
// This file: dispatch, nodes, meshes, cameras, lights, scenes, skins and the formatting;
// materials and extras have files of their own.
#include "pointer_resolve.h"

#include <charconv>
#include <cmath>

#include "json_pointer.h"
#include "pointer_resolve_detail.h"

namespace vitrine::scene {
namespace om {

ResolveResult fail(std::string why) {
  ResolveResult r;
  r.error = std::move(why);
  return r;
}

ResolveResult notAProperty() {
  return fail("not a property of the glTF Object Model");
}

ResolveResult readOnly(const std::string& why, std::string value) {
  ResolveResult r = fail("read-only: " + why);
  r.readOnlyValue = std::move(value);
  return r;
}

ResolveResult readOnlyId(const Json& object, const char* key) {
  const Json* v = member(object, key);
  if (!v) return fail(std::string(key) + " is absent and has no default");
  return readOnly("a glTF id cannot be animated", v->dump());
}

ResolveResult readOnlyValue(const Json& object, const char* key, const std::string& fallback) {
  const Json* v = member(object, key);
  if (!v && fallback.empty()) return fail(std::string(key) + " is absent and has no default");
  return readOnly(std::string(key) + " is not animatable", v ? v->dump() : fallback);
}

ResolveResult componentOf(ValueType type) {
  return fail(std::string("the Object Model resolves a ") + valueTypeName(type) +
              " whole, not its components");
}

bool elementIndex(const Tokens& t, size_t i, size_t count, const char* noun, const char* nouns,
                  uint32_t& index, ResolveResult& out) {
  if (i >= t.size()) {
    out = notAProperty();
    return false;
  }
  const std::optional<uint32_t> v = parseArrayIndex(t[i]);
  if (!v) {
    out = fail("\"" + t[i] + "\" is not an array index");
    return false;
  }
  if (*v >= count) {
    out = fail(std::string(noun) + " " + std::to_string(*v) + " does not exist (" +
               std::to_string(count) + " " + (count == 1 ? noun : nouns) + ")");
    return false;
  }
  index = *v;
  return true;
}

ResolveResult slot(ValueType type, Region region, uint32_t element, float* data, uint32_t count,
                   size_t byteOffset) {
  ResolveResult r;
  r.ok = true;
  r.slot.type = type;
  r.slot.region = region;
  r.slot.count = count;
  r.slot.element = element;
  r.slot.byteOffset = uint32_t(byteOffset);
  r.slot.data = data;
  return r;
}

namespace {

std::string formatMatrix(const glm::mat4& m) {
  return formatFloats(&m[0][0], 16);  // column-major, as glTF's node.matrix
}

// "/animations.length" etc.: read-only element counts of the root arrays ("All pointers named
// *.length return zero if the corresponding array is not defined").
ResolveResult arrayLength(const Json& object, const char* key) {
  const Json* a = member(object, key);
  return readOnly("an array length cannot be animated",
                  std::to_string(a && a->is_array() ? a->size() : 0));
}

// The floats of a node's TRS property (glm::quat stores x, y, z, w: glTF's order).
static_assert(offsetof(glm::quat, x) == 0 && offsetof(glm::quat, w) == 12);

ResolveResult resolveNodeWeights(const Query& q, uint32_t n) {
  Node& node = q.scene.nodes[n];
  if (node.mesh < 0) return fail("node " + std::to_string(n) + " has no mesh");
  const Mesh& mesh = q.scene.meshes[size_t(node.mesh)];
  if (mesh.targetCount == 0) {
    return fail("mesh " + std::to_string(node.mesh) + " of node " + std::to_string(n) +
                " has no morph targets");
  }
  // glTF 2.0 §3.11: "Nodes that do not contain a mesh with morph targets MUST NOT be
  // targeted with weights"; Node::weights has targetCount elements (loadMorphWeights()).
  if (q.t.size() == 3) {
    return slot(ValueType::FloatArray, Region::MorphWeights, n, node.weights.data(),
                mesh.targetCount, 4 * size_t(node.morphWeightOffset));
  }
  uint32_t k = 0;
  ResolveResult r;
  if (!elementIndex(q.t, 3, mesh.targetCount, "weight", "weights", k, r)) return r;
  if (q.t.size() > 4) return notAProperty();
  return slot(ValueType::Float, Region::MorphWeights, n, node.weights.data() + k, 1,
              4 * (size_t(node.morphWeightOffset) + k));
}

ResolveResult resolveNodeExtension(const Query& q, uint32_t n, const Json& j) {
  const Tokens& t = q.t;
  if (t.size() < 4) return notAProperty();
  const Json* extensions = member(j, "extensions");
  const std::string& name = t[3];
  if (name == "KHR_node_visibility") {
    if (!extensions || !member(*extensions, "KHR_node_visibility")) {
      return fail("the node has no KHR_node_visibility extension object");
    }
    if (t.size() != 5 || t[4] != "visible") return notAProperty();
    Node& node = q.scene.nodes[n];
    return slot(ValueType::Bool, Region::Visibility, n, &node.visible, 1,
                offsetIn(q.scene.nodes.data(), &node.visible));
  }
  if (name == "KHR_lights_punctual") {
    const Json* light = extensions ? member(*extensions, "KHR_lights_punctual") : nullptr;
    if (!light) return fail("the node has no KHR_lights_punctual extension object");
    if (t.size() != 5 || t[4] != "light") return notAProperty();
    return readOnlyId(*light, "light");
  }
  if (name == "EXT_lights_ies") return fail("EXT_lights_ies is not supported");
  return notAProperty();
}

ResolveResult resolveNode(const Query& q) {
  const Tokens& t = q.t;
  Scene& scene = q.scene;
  uint32_t n = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, scene.nodes.size(), "node", "nodes", n, r)) return r;
  if (t.size() < 3) return notAProperty();
  const Json& j = array(q.doc.json, "nodes")[n];
  Node& node = scene.nodes[n];
  const std::string& p = t[2];
  const bool last = t.size() == 3;

  if (p == "translation" || p == "rotation" || p == "scale") {
    const bool rotation = p == "rotation";
    const ValueType type = rotation ? ValueType::Float4 : ValueType::Float3;
    if (!last) return componentOf(type);
    if (node.hasMatrix) {
      // glTF 2.0 §3.5.3: "When a node is targeted for animation ... only TRS properties MAY
      // be present; matrix MUST NOT be present."
      return fail("node " + std::to_string(n) +
                  " has a matrix; an animated node must use translation, rotation and scale "
                  "(glTF 2.0 3.5.3)");
    }
    float* data = p == "translation" ? &node.translation.x
                  : rotation         ? &node.rotation.x
                                     : &node.scale.x;
    r = slot(type, Region::NodeTransforms, n, data, rotation ? 4 : 3,
             offsetIn(scene.nodes.data(), data));
    r.slot.rotation = rotation;
    return r;
  }
  if (p == "weights") return resolveNodeWeights(q, n);
  if (!last) {
    if (p == "children") {
      const Json& children = array(j, "children");
      uint32_t k = 0;
      if (!elementIndex(t, 3, children.size(), "child", "children", k, r)) return r;
      if (t.size() > 4) return notAProperty();
      return readOnly("a glTF id cannot be animated", children[k].dump());
    }
    if (p == "extensions") return resolveNodeExtension(q, n, j);
    return notAProperty();
  }
  if (p == "weights.length") {
    const uint32_t count = node.mesh >= 0 ? scene.meshes[size_t(node.mesh)].targetCount : 0;
    return readOnly("an array length cannot be animated", std::to_string(count));
  }
  if (p == "matrix") {
    // The Object Model's matrix is the node's effective local transform, whether or not the
    // JSON has one; read-only (animate translation, rotation and scale).
    return readOnly("matrix is not animatable (animate translation, rotation and scale)",
                    formatMatrix(node.localMatrix()));
  }
  if (p == "globalMatrix") {
    return readOnly("globalMatrix is not animatable", formatMatrix(scene.world[n]));
  }
  if (p == "mesh" || p == "camera" || p == "skin") return readOnlyId(j, p.c_str());
  if (p == "children.length") return arrayLength(j, "children");
  if (p == "parent") {
    if (node.parent < 0) return fail("node " + std::to_string(n) + " is a root node (no parent)");
    return readOnly("a glTF id cannot be animated", std::to_string(node.parent));
  }
  if (p == "name") return readOnlyValue(j, "name", "");
  return notAProperty();
}

ResolveResult resolveMesh(const Query& q) {
  const Tokens& t = q.t;
  uint32_t m = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, q.scene.meshes.size(), "mesh", "meshes", m, r)) return r;
  if (t.size() < 3) return notAProperty();
  Mesh& mesh = q.scene.meshes[m];
  const Json& j = array(q.doc.json, "meshes")[m];
  const std::string& p = t[2];
  if (p == "weights") {
    if (mesh.targetCount == 0) return fail("mesh " + std::to_string(m) + " has no morph targets");
    if (t.size() == 3) {
      return slot(ValueType::FloatArray, Region::MorphWeights, m, mesh.weights.data(),
                  mesh.targetCount, 4 * size_t(mesh.morphWeightOffset));
    }
    uint32_t k = 0;
    if (!elementIndex(t, 3, mesh.targetCount, "weight", "weights", k, r)) return r;
    if (t.size() > 4) return notAProperty();
    return slot(ValueType::Float, Region::MorphWeights, m, mesh.weights.data() + k, 1,
                4 * (size_t(mesh.morphWeightOffset) + k));
  }
  if (p == "primitives" && t.size() >= 4) {
    const Json& primitives = array(j, "primitives");
    uint32_t k = 0;
    if (!elementIndex(t, 3, primitives.size(), "primitive", "primitives", k, r)) return r;
    if (t.size() == 5 && t[4] == "material") return readOnlyId(primitives[k], "material");
    return notAProperty();
  }
  if (t.size() != 3) return notAProperty();
  if (p == "weights.length") {
    return readOnly("an array length cannot be animated", std::to_string(mesh.targetCount));
  }
  if (p == "primitives.length") return arrayLength(j, "primitives");
  if (p == "name") return readOnlyValue(j, "name", "");
  return notAProperty();
}

ResolveResult resolveCamera(const Query& q) {
  const Tokens& t = q.t;
  uint32_t c = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, q.scene.cameras.size(), "camera", "cameras", c, r)) return r;
  if (t.size() < 3) return notAProperty();
  const Json& j = array(q.doc.json, "cameras")[c];
  Camera& cam = q.scene.cameras[c];
  const std::string& p = t[2];
  if (t.size() == 3) {
    if (p == "type" || p == "name") return readOnlyValue(j, p.c_str(), "");
    return notAProperty();
  }
  const bool perspective = p == "perspective";
  if (!perspective && p != "orthographic") return notAProperty();
  if (perspective != (cam.type == Camera::Type::Perspective)) {
    return fail("camera " + std::to_string(c) + " is " +
                (perspective ? "orthographic" : "perspective"));
  }
  if (t.size() != 4) return notAProperty();
  // glTF 2.0 §3.10 / camera.perspective, camera.orthographic: yfov, znear, xmag, ymag and the
  // orthographic zfar are required; aspectRatio and the perspective zfar are optional without
  // a default, so they resolve only when present (KHR_animation_pointer).
  const std::string& name = t[3];
  float* data = nullptr;
  if (perspective && name == "yfov") data = &cam.yfov;
  if (!perspective && name == "xmag") data = &cam.xmag;
  if (!perspective && name == "ymag") data = &cam.ymag;
  if (name == "znear") data = &cam.znear;
  if ((perspective && name == "aspectRatio") || name == "zfar") {
    std::optional<float>& value = name == "zfar" ? cam.zfar : cam.aspectRatio;
    if (!value) return fail(name + " is absent and has no default");
    data = &*value;
  }
  if (!data) return notAProperty();
  return slot(ValueType::Float, Region::Cameras, c, data, 1,
              offsetIn(q.scene.cameras.data(), data));
}

const char* lightTypeName(Light::Type type) {
  switch (type) {
    case Light::Type::Directional:
      return "directional";
    case Light::Type::Point:
      return "point";
    case Light::Type::Spot:
      return "spot";
  }
  return "?";
}

// /extensions/KHR_lights_punctual/lights/N/... (KHR_lights_punctual, Object Model table).
ResolveResult resolveLight(const Query& q) {
  const Tokens& t = q.t;
  if (t.size() < 3) return notAProperty();
  if (t[1] != "KHR_lights_punctual") {
    if (t[1] == "EXT_lights_ies" || t[1] == "EXT_lights_image_based") {
      return fail(t[1] + " is not supported");
    }
    return notAProperty();
  }
  const Json* ext = member(q.doc.json, "extensions");
  const Json* punctual = ext ? member(*ext, "KHR_lights_punctual") : nullptr;
  if (t[2] == "lights.length" && t.size() == 3) {
    return punctual ? arrayLength(*punctual, "lights")
                    : readOnly("an array length cannot be animated", "0");
  }
  if (t[2] != "lights") return notAProperty();
  uint32_t l = 0;
  ResolveResult r;
  if (!elementIndex(t, 3, q.scene.lights.size(), "light", "lights", l, r)) return r;
  if (t.size() < 5) return notAProperty();
  Light& light = q.scene.lights[l];
  const Json& j = array(*punctual, "lights")[l];
  const std::string& p = t[4];
  const Light* base = q.scene.lights.data();
  if (p == "spot") {
    if (t.size() != 6) return notAProperty();
    if (light.type != Light::Type::Spot) {
      return fail("light " + std::to_string(l) + " is a " + lightTypeName(light.type) +
                  " light, not a spot light");
    }
    if (!light.hasSpot) return fail("the light has no spot object");
    float* data = t[5] == "innerConeAngle"   ? &light.innerConeAngle
                  : t[5] == "outerConeAngle" ? &light.outerConeAngle
                                             : nullptr;
    if (!data) return notAProperty();
    return slot(ValueType::Float, Region::Lights, l, data, 1, offsetIn(base, data));
  }
  if (p == "color") {
    if (t.size() != 5) return componentOf(ValueType::Float3);
    return slot(ValueType::Float3, Region::Lights, l, &light.color.x, 3,
                offsetIn(base, &light.color.x));
  }
  if (t.size() != 5) return notAProperty();
  if (p == "intensity") {
    return slot(ValueType::Float, Region::Lights, l, &light.intensity, 1,
                offsetIn(base, &light.intensity));
  }
  if (p == "range") {
    // "When undefined, range is assumed to be infinite": no value to animate.
    if (!light.range) return fail("range is absent and has no default");
    return slot(ValueType::Float, Region::Lights, l, &*light.range, 1,
                offsetIn(base, &*light.range));
  }
  if (p == "type" || p == "name") return readOnlyValue(j, p.c_str(), "");
  return notAProperty();
}

// /scenes/N/nodes/K, /scenes/N/nodes.length, /scenes/N/name (read-only), from the JSON: a
// file without scenes has none here, even though the Scene synthesizes one.
ResolveResult resolveScene(const Query& q) {
  const Tokens& t = q.t;
  const Json& scenes = array(q.doc.json, "scenes");
  uint32_t s = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, scenes.size(), "scene", "scenes", s, r)) return r;
  if (t.size() < 3) return notAProperty();
  const Json& j = scenes[s];
  if (t[2] == "nodes" && t.size() == 4) {
    const Json& nodes = array(j, "nodes");
    uint32_t k = 0;
    if (!elementIndex(t, 3, nodes.size(), "root node", "root nodes", k, r)) return r;
    return readOnly("a glTF id cannot be animated", nodes[k].dump());
  }
  if (t.size() != 3) return notAProperty();
  if (t[2] == "nodes.length") return arrayLength(j, "nodes");
  if (t[2] == "name") return readOnlyValue(j, "name", "");
  return notAProperty();
}

ResolveResult resolveSkin(const Query& q) {
  const Tokens& t = q.t;
  const Json& skins = array(q.doc.json, "skins");
  uint32_t s = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, skins.size(), "skin", "skins", s, r)) return r;
  if (t.size() < 3) return notAProperty();
  const Json& j = skins[s];
  if (t[2] == "joints" && t.size() == 4) {
    const Json& joints = array(j, "joints");
    uint32_t k = 0;
    if (!elementIndex(t, 3, joints.size(), "joint", "joints", k, r)) return r;
    return readOnly("a glTF id cannot be animated", joints[k].dump());
  }
  if (t.size() != 3) return notAProperty();
  if (t[2] == "joints.length") return arrayLength(j, "joints");
  if (t[2] == "skeleton") return readOnlyId(j, "skeleton");
  if (t[2] == "name") return readOnlyValue(j, "name", "");
  return notAProperty();
}

}  // namespace
}  // namespace om

ResolveResult resolvePointer(Scene& scene, const GltfDocument& doc, std::string_view pointer) {
  using namespace om;
  std::string error;
  const std::optional<Tokens> tokens = splitJsonPointer(pointer, &error);
  if (!tokens) return fail(error);
  const Tokens& t = *tokens;
  const Query q{scene, doc, t};
  // KHR_animation_pointer: "Properties located in extras objects MAY be targeted as well".
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == "extras") return resolveExtras(q, i);
  }
  if (t.empty()) return notAProperty();
  const std::string& top = t[0];
  if (t.size() == 1) {
    for (const char* name :
         {"animations", "cameras", "materials", "meshes", "nodes", "scenes", "skins"}) {
      if (top == std::string(name) + ".length") return arrayLength(doc.json, name);
    }
    if (top == "scene") return readOnlyId(doc.json, "scene");
    return notAProperty();
  }
  if (top == "nodes") return resolveNode(q);
  if (top == "materials") return resolveMaterial(q);
  if (top == "meshes") return resolveMesh(q);
  if (top == "cameras") return resolveCamera(q);
  if (top == "extensions") return resolveLight(q);
  if (top == "scenes") return resolveScene(q);
  if (top == "skins") return resolveSkin(q);
  return notAProperty();
}

}  // namespace vitrine::scene
