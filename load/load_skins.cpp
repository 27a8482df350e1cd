// Skins (glTF 2.0 §3.7.3): the joints and inverse bind matrices that JOINTS_n / WEIGHTS_n refer
// to. The joint matrices themselves are computed from the animated hierarchy every frame
// (joint_matrices.h).
#include <cmath>

#include "accessor.h"
#include "gltf_enums.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

// Skin `s` (at `at`): joints, inverse bind matrices (identity when absent), skeleton.
std::string readSkin(const LoadContext& ctx, const Json& j, const std::string& at, Skin& skin) {
  skin.name = string(j, "name");
  skin.skeleton = int(integer(j, "skeleton", -1));
  const Json& joints = array(j, "joints");
  // The schema's uniqueItems: a node is one joint of a skin at most.
  std::vector<bool> listed(ctx.scene.nodes.size(), false);
  for (size_t k = 0; k < joints.size(); ++k) {
    const int node = joints[k].get<int>();  // validateGltfJson() checked the range
    if (listed[size_t(node)]) {
      return located(at + jsonPointer("joints", k),
                     "node " + std::to_string(node) + " is listed twice");
    }
    listed[size_t(node)] = true;
    skin.joints.push_back(node);
  }
  const Json* ibm = member(j, "inverseBindMatrices");
  if (!ibm) {
    skin.inverseBindMatrices.assign(skin.joints.size(), glm::mat4(1.0f));
    return {};
  }
  const uint32_t accessor = ibm->get<uint32_t>();
  const AccessorFormat f = accessorFormat(ctx.doc, accessor);
  const std::string ibmAt = at + "/inverseBindMatrices";
  // §3.7.3: "An accessor referenced by inverseBindMatrices MUST have floating-point components
  // of "MAT4" type. The number of elements ... MUST greater than or equal to the number of
  // joints elements."
  if (f.type != "MAT4" || f.componentType != gltf::kFloat) {
    return located(ibmAt, "accessor " + std::to_string(accessor) + " must be MAT4 of FLOAT (is " +
                              f.type + " of " + gltf::componentTypeName(f.componentType) + ")");
  }
  if (f.count < skin.joints.size()) {
    return located(ibmAt, "accessor " + std::to_string(accessor) + " has " +
                              std::to_string(f.count) + " elements, the skin has " +
                              std::to_string(skin.joints.size()) + " joints");
  }
  std::vector<float> values;
  if (std::string err = readAccessor(ctx.doc, accessor, values); !err.empty()) return err;
  skin.inverseBindMatrices.resize(skin.joints.size());
  for (size_t k = 0; k < skin.joints.size(); ++k) {
    glm::mat4& m = skin.inverseBindMatrices[k];
    for (int c = 0; c < 16; ++c) {
      const float v = values[k * 16 + size_t(c)];
      // A NaN here would silently blank every vertex the joint moves.
      if (!std::isfinite(v)) {
        return located(ibmAt, "matrix " + std::to_string(k) + " (accessor " +
                                  std::to_string(accessor) + ") is not finite");
      }
      m[c / 4][c % 4] = v;  // column-major, as glm
    }
  }
  return {};
}

}  // namespace

std::string loadSkins(const LoadContext& ctx) {
  Scene& scene = ctx.scene;
  const Json& skins = array(ctx.doc.json, "skins");
  scene.skins.resize(skins.size());
  for (size_t s = 0; s < skins.size(); ++s) {
    if (std::string err = readSkin(ctx, skins[s], jsonPointer("skins", s), scene.skins[s]);
        !err.empty()) {
      return err;
    }
  }
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    Node& node = scene.nodes[n];
    if (node.skin >= 0 && node.mesh < 0) {
      // node.skin: "When defined, mesh MUST also be defined." Nothing to deform.
      ctx.warnings.push_back(
          located(jsonPointer("nodes", n, "skin"), "the node has no mesh; ignored"));
      node.skin = -1;
    }
  }
  return {};
}

}  // namespace vitrine::scene
