// EXT_mesh_gpu_instancing (shared/spec/extensions/EXT_mesh_gpu_instancing.md): a mesh node's
// TRANSLATION, ROTATION and SCALE accessors, one element per instance, made into the instance
// transforms of Scene::instancing.
#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "accessor.h"
#include "gltf_enums.h"
#include "json_checker.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

constexpr const char* kExtension = "EXT_mesh_gpu_instancing";

// One of the three attributes: its accessor's values (count * components floats, normalized
// integers already converted by readAccessor) and count.
struct Attribute {
  const char* name;
  const char* type;  // the accessor type the extension requires
  bool quantized;    // ROTATION: normalized BYTE and SHORT are allowed too
  std::vector<float> values;
  uint32_t count = 0;
  bool present = false;
};

// "Valid accessor type and component type for each attribute semantic property": TRANSLATION
// and SCALE VEC3 FLOAT; ROTATION VEC4 FLOAT, normalized BYTE or normalized SHORT.
std::string checkFormat(const Attribute& a, const AccessorFormat& f, uint32_t accessor,
                        const std::string& at) {
  const bool floats = f.componentType == gltf::kFloat;
  const bool quantized = a.quantized && f.normalized &&
                         (f.componentType == gltf::kByte || f.componentType == gltf::kShort);
  if (f.type == a.type && (floats || quantized)) return {};
  const std::string allowed =
      std::string(a.type) + " of FLOAT" + (a.quantized ? ", or normalized BYTE or SHORT" : "");
  return located(at, "accessor " + std::to_string(accessor) + " must be " + allowed + " (is " +
                         f.type + " of " + (f.normalized ? "normalized " : "") +
                         gltf::componentTypeName(f.componentType) + ")");
}

// The instances of node `n` (whose extension object `ext` sits at `at`) into `out`; "" or the
// error. `customSeen`: the pointer of the first custom attribute met, and how many, for the
// one warning they get.
std::string readInstances(const LoadContext& ctx, const JsonChecker& c, size_t n, const Json& ext,
                          const std::string& at, MeshInstances& out, std::string& customAt,
                          size_t& customCount) {
  const std::string attributesAt = at + "/attributes";
  const Json* attributes = c.object(ext, at, "attributes", true);
  Attribute attrs[] = {{"TRANSLATION", "VEC3", false, {}, 0, false},
                       {"ROTATION", "VEC4", true, {}, 0, false},
                       {"SCALE", "VEC3", false, {}, 0, false}};
  for (auto it = attributes->begin(); it != attributes->end(); ++it) {
    const std::string& key = it.key();
    const std::string keyAt = attributesAt + jsonPointer(key);
    const uint32_t accessor = uint32_t(c.indexValue(it.value(), keyAt, "accessors", "accessor"));
    Attribute* a = std::find_if(std::begin(attrs), std::end(attrs),
                                [&](const Attribute& x) { return key == x.name; });
    if (a == std::end(attrs)) {
      // "custom instance attributes may be prefixed with an underscore (e.g. _ID, _COLOR)":
      // application-specific; nothing here reads them.
      if (customCount++ == 0) customAt = keyAt;
      continue;
    }
    const AccessorFormat f = accessorFormat(ctx.doc, accessor);
    if (std::string err = checkFormat(*a, f, accessor, keyAt); !err.empty()) return err;
    if (std::string err = readAccessor(ctx.doc, accessor, a->values,
                                       {keyAt, "instance " + std::string(key) + " values"});
        !err.empty())
      return err;
    a->count = f.count;
    a->present = true;
  }
  const Attribute* first = std::find_if(std::begin(attrs), std::end(attrs),
                                        [](const Attribute& x) { return x.present; });
  if (first == std::end(attrs)) return {};  // no transform attribute: drawn once (warned)
  // "All attribute accessors in a given node must have the same count."
  for (const Attribute& a : attrs)
    if (a.present && a.count != first->count)
      return located(attributesAt + jsonPointer(a.name),
                     "has " + std::to_string(a.count) + " elements, " + first->name + " has " +
                         std::to_string(first->count) +
                         " (every attribute of a node must have "
                         "the same count)");
  const uint32_t count = first->count;
  if (std::string err = reserveMemory(ctx.doc, uint64_t(count) * (sizeof(glm::mat4) + 4),
                                      attributesAt, "instance transforms");
      !err.empty())
    return err;
  out.node = int(n);
  out.transforms.reserve(count);
  std::vector<glm::mat4> mirrored;
  std::vector<uint32_t> mirroredIndex;
  for (uint32_t i = 0; i < count; ++i) {
    const float* t = attrs[0].present ? &attrs[0].values[3 * size_t(i)] : nullptr;
    const float* r = attrs[1].present ? &attrs[1].values[4 * size_t(i)] : nullptr;
    const float* s = attrs[2].present ? &attrs[2].values[3 * size_t(i)] : nullptr;
    for (int k = 0; k < 4; ++k) {
      const bool finite = (k == 3 || !t || std::isfinite(t[k])) && (!r || std::isfinite(r[k])) &&
                          (k == 3 || !s || std::isfinite(s[k]));
      if (!finite) return located(attributesAt, "instance " + std::to_string(i) + " is not finite");
    }
    // "InstanceXform = Translation * Rotation * Scale", as for nodes (§3.5.3). Quantized
    // quaternions are not exactly unit: normalized, as a node's rotation is read.
    glm::quat q(1.0f, 0.0f, 0.0f, 0.0f);
    if (r) {
      q = glm::quat(r[3], r[0], r[1], r[2]);  // stored (x, y, z, w)
      const float length = glm::length(q);
      if (!(length > 1e-6f))
        return located(attributesAt + "/ROTATION",
                       "instance " + std::to_string(i) + " has a zero quaternion");
      q /= length;
    }
    glm::mat4 m = glm::mat4_cast(q);
    if (s) {
      m[0] *= s[0];
      m[1] *= s[1];
      m[2] *= s[2];
    }
    if (t) m[3] = glm::vec4(t[0], t[1], t[2], 1.0f);
    if (glm::determinant(glm::mat3(m)) < 0.0f) {
      mirrored.push_back(m);
      mirroredIndex.push_back(i);
    } else {
      out.transforms.push_back(m);
      out.fileIndex.push_back(i);
    }
  }
  out.mirroredFrom = uint32_t(out.transforms.size());
  out.transforms.insert(out.transforms.end(), mirrored.begin(), mirrored.end());
  out.fileIndex.insert(out.fileIndex.end(), mirroredIndex.begin(), mirroredIndex.end());
  // The accessors' floats are no longer held.
  for (const Attribute& a : attrs) ctx.doc.budget->release(a.values.size() * sizeof(float));
  return {};
}

}  // namespace

std::string loadInstancing(const LoadContext& ctx) {
  Scene& scene = ctx.scene;
  std::string customAt;
  size_t customCount = 0;
  try {
    const JsonChecker c(ctx.doc.json);
    const Json& nodes = array(ctx.doc.json, "nodes");
    for (size_t n = 0; n < nodes.size(); ++n) {
      const std::string nodeAt = jsonPointer("nodes", n);
      const Json* extensions = c.object(nodes[n], nodeAt, "extensions", false);
      const std::string at = nodeAt + "/extensions/" + kExtension;
      const Json* ext =
          extensions ? c.object(*extensions, nodeAt + "/extensions", kExtension, false) : nullptr;
      if (!ext) continue;
      Node& node = scene.nodes[n];
      // "Instancing only applies to mesh nodes, there is no defined behavior for a node with
      // this extension that doesn't also have a mesh."
      if (node.mesh < 0) {
        ctx.warnings.push_back(located(at, "the node has no mesh: instancing ignored"));
        continue;
      }
      MeshInstances instances;
      if (std::string err = readInstances(ctx, c, n, *ext, at, instances, customAt, customCount);
          !err.empty())
        return err;
      if (instances.node < 0) {
        ctx.warnings.push_back(located(
            at + "/attributes", "no TRANSLATION, ROTATION or SCALE: the mesh is drawn once"));
        continue;
      }
      // The extension (since KhronosGroup/glTF#2404) says a skinned node should not use it:
      // skinning ignores the node's transform. Drawn as its formula reads, the instance
      // transform applied to the mesh before the joints'.
      if (node.skin >= 0)
        ctx.warnings.push_back(located(
            at,
            "a skinned node should not be instanced (the skin ignores the node's transform): "
            "each instance is transformed before the joints"));
      node.instancing = int(scene.instancing.size());
      scene.instancing.push_back(std::move(instances));
    }
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  if (customCount > 0)
    ctx.warnings.push_back(located(
        customAt, "custom instance attribute ignored" +
                      (customCount > 1 ? " (and " + std::to_string(customCount - 1) + " more)"
                                       : std::string())));
  return {};
}

}  // namespace vitrine::scene
