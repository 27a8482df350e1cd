// Morph target counts and weights (glTF 2.0 §3.7.2.2 Morph Targets): every mesh and every node
// instancing a mesh with targets gets one weight per target, which animations then write.
#include "load_steps.h"

namespace vitrine::scene {
namespace {

// The `targets` count of mesh `m`'s primitives, or an error when they differ: §3.7.2.2 "All
// primitives MUST have the same number of morph targets in the same order."
std::string targetCount(const Json& mesh, size_t m, uint32_t& out) {
  const Json& primitives = array(mesh, "primitives");
  for (size_t p = 0; p < primitives.size(); ++p) {
    const uint32_t n = uint32_t(array(primitives[p], "targets").size());
    if (p == 0) {
      out = n;
    } else if (n != out) {
      return located(jsonPointer("meshes", m, "primitives", p),
                     std::to_string(n) + " morph targets, primitive 0 has " + std::to_string(out) +
                         " (all primitives of a mesh must have the same number)");
    }
  }
  return {};
}

// `weights` of `object` (at `at`), when present, must have one value per target (glTF 2.0
// mesh.weights and node.weights: "The number of array elements MUST match the number of morph
// targets").
std::string readWeights(const Json& object, const std::string& at, uint32_t targets,
                        const std::string& whose, std::vector<float>& out) {
  const Json* w = member(object, "weights");
  if (!w) return {};
  if (w->size() != targets) {
    return located(at + "/weights", std::to_string(w->size()) + " weights, but " + whose + " has " +
                                        std::to_string(targets) + " morph targets");
  }
  out.resize(targets);
  for (uint32_t k = 0; k < targets; ++k) out[k] = (*w)[k].get<float>();
  return {};
}

}  // namespace

std::string loadMorphWeights(const LoadContext& ctx) {
  Scene& scene = ctx.scene;
  const Json& meshes = array(ctx.doc.json, "meshes");
  // Issue 14 Tolerance: a mesh no node instantiates is not drawn (as in loadMeshes), so its
  // problems are warnings and it is left empty.
  std::vector<bool> used(scene.meshes.size(), false);
  for (const Node& node : scene.nodes) {
    if (node.mesh >= 0 && size_t(node.mesh) < used.size()) used[size_t(node.mesh)] = true;
  }
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    Mesh& mesh = scene.meshes[m];
    std::string err = targetCount(meshes[m], m, mesh.targetCount);
    if (err.empty()) {
      // §3.7.2.2: "When mesh.weights is undefined, the default targets' weights are zeros."
      mesh.weights.assign(mesh.targetCount, 0.0f);
      err = readWeights(meshes[m], jsonPointer("meshes", m), mesh.targetCount, "the mesh",
                        mesh.weights);
    }
    if (err.empty()) continue;
    if (used[m]) return err;
    ctx.warnings.push_back(err + " (mesh " + std::to_string(m) + " is not used: ignored)");
    mesh.primitives.clear();
    mesh.targetCount = 0;
    mesh.weights.clear();
  }
  const Json& nodes = array(ctx.doc.json, "nodes");
  uint32_t offset = 0;
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    Node& node = scene.nodes[n];
    node.weights.clear();
    const std::string at = jsonPointer("nodes", n);
    if (node.mesh < 0) {
      // node.weights: "When defined, mesh MUST also be defined." Nothing to apply them to.
      if (member(nodes[n], "weights")) {
        ctx.warnings.push_back(located(at + "/weights", "the node has no mesh; ignored"));
      }
    } else {
      const Mesh& mesh = scene.meshes[size_t(node.mesh)];
      if (uint64_t(offset) + mesh.targetCount > kMaxMorphWeights) {
        return located(at, "the morph weights of the nodes would exceed " +
                               std::to_string(kMaxMorphWeights) + " values");
      }
      // Instantiation: node.weights, else mesh.weights, else zeros.
      node.weights = mesh.weights;
      if (std::string err = readWeights(nodes[n], at, mesh.targetCount,
                                        "mesh " + std::to_string(node.mesh), node.weights);
          !err.empty()) {
        return err;
      }
    }
    node.morphWeightOffset = offset;
    offset += uint32_t(node.weights.size());
  }
  for (Mesh& mesh : scene.meshes) {
    mesh.morphWeightOffset = offset;
    offset += mesh.targetCount;
  }
  return {};
}

}  // namespace vitrine::scene
