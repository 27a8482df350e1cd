#include "property_list.h"

#include "material_extensions.h"

namespace vitrine::scene {

std::vector<NamedPointer> materialPropertyPointers(const Scene& scene, uint32_t material) {
  std::vector<NamedPointer> out;
  if (material >= scene.materials.size()) return out;
  const std::string m = "/materials/" + std::to_string(material);
  const std::string pbr = m + "/pbrMetallicRoughness";
  out.push_back({"Base colour", pbr + "/baseColorFactor"});
  out.push_back({"Metallic", pbr + "/metallicFactor"});
  out.push_back({"Roughness", pbr + "/roughnessFactor"});
  out.push_back({"Emissive", m + "/emissiveFactor"});
  out.push_back({"Normal scale", m + "/normalTexture/scale"});
  out.push_back({"Occlusion strength", m + "/occlusionTexture/strength"});
  out.push_back({"Alpha cutoff", m + "/alphaCutoff"});
  struct TextureInfo {
    const char* label;
    std::string path;
  };
  const TextureInfo textures[] = {{"Base colour texture", pbr + "/baseColorTexture"},
                                  {"Metallic-roughness texture", pbr + "/metallicRoughnessTexture"},
                                  {"Normal texture", m + "/normalTexture"},
                                  {"Occlusion texture", m + "/occlusionTexture"},
                                  {"Emissive texture", m + "/emissiveTexture"}};
  for (const TextureInfo& t : textures) {
    for (const char* p : {"offset", "rotation", "scale"}) {
      out.push_back(
          {std::string(t.label) + " " + p, t.path + "/extensions/KHR_texture_transform/" + p});
    }
  }
  const Material& mat = scene.materials[material];
  for (const MaterialExtensionInfo& e : materialExtensionTable()) {
    if (!mat.has(e.id)) continue;
    for (const ExtensionFactor& f : e.factors) {
      const std::string path =
          f.parent ? std::string(f.parent) + "/" + f.name : std::string(f.name);
      out.push_back({std::string(e.name) + " " + path, m + "/extensions/" + e.name + "/" + path});
    }
  }
  return out;
}

}  // namespace vitrine::scene
