// Issue 14 Tolerance: a texture reading a TEXCOORD set its primitive lacks still draws (the
// missing set reads as zeros, renderer/gpu_scene/scene_staging.cpp), so it is a warning, not an
// error.
#include "load_steps.h"

namespace vitrine::scene {
namespace {

// Every textureInfo inside material `m` (objects with an "index"), with its pointer suffix.
void textureInfos(const Json& v, const std::string& at,
                  std::vector<std::pair<std::string, const Json*>>& out) {
  if (v.is_object()) {
    if (member(v, "index")) out.emplace_back(at, &v);
    for (const auto& [key, child] : v.items()) textureInfos(child, at + jsonPointer(key), out);
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) textureInfos(v[i], at + jsonPointer(i), out);
  }
}

// The set a textureInfo samples: KHR_texture_transform's texCoord overrides the textureInfo's.
int64_t texcoordSet(const Json& info) {
  int64_t set = integer(info, "texCoord", 0);
  if (const Json* ext = member(info, "extensions")) {
    if (const Json* t = member(*ext, "KHR_texture_transform")) set = integer(*t, "texCoord", set);
  }
  return set;
}

}  // namespace

void warnMissingTexcoords(const LoadContext& ctx) {
  const Json& materials = array(ctx.doc.json, "materials");
  std::vector<std::vector<std::pair<std::string, const Json*>>> infos(materials.size());
  for (size_t m = 0; m < materials.size(); ++m) textureInfos(materials[m], "", infos[m]);
  for (size_t m = 0; m < ctx.scene.meshes.size(); ++m) {
    for (const Primitive& p : ctx.scene.meshes[m].primitives) {
      if (p.material < 0 || size_t(p.material) >= materials.size()) continue;
      for (const auto& [suffix, info] : infos[size_t(p.material)]) {
        const int64_t set = texcoordSet(*info);
        // Sets beyond gpu::kTexcoordSetCount were reported by loadMaterials.
        if (set < 0 || set >= gpu::kTexcoordSetCount || p.hasTexcoordSet(set)) continue;
        ctx.warnings.push_back(located(
            jsonPointer("meshes", m, "primitives", p.sourceIndex, "attributes"),
            "no TEXCOORD_" + std::to_string(set) + " for material " + std::to_string(p.material) +
                suffix + "; the texture is sampled at uv (0, 0)"));
      }
    }
  }
}

}  // namespace vitrine::scene
