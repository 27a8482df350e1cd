#include "property_list.h"

#include "material_extensions.h"

namespace vitrine::scene {

std::vector<NamedPointer> materialPropertyPointers(const Scene& scene, uint32_t material) {
  std::vector<NamedPointer> out;
  if (material >= scene.materials.size()) return out;
  const std::string m = "/materials/" + std::to_string(material);
  const std::string pbr = m + "/pbrMetallicRoughness";
  auto add = [&](std::string label, std::string pointer, std::string group = {}) {
    out.push_back({std::move(label), std::move(pointer), std::move(group)});
  };
  add("Base colour", pbr + "/baseColorFactor");
  add("Metallic", pbr + "/metallicFactor");
  add("Roughness", pbr + "/roughnessFactor");
  add("Emissive", m + "/emissiveFactor");
  add("Normal scale", m + "/normalTexture/scale");
  add("Occlusion strength", m + "/occlusionTexture/strength");
  add("Alpha cutoff", m + "/alphaCutoff");
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
      add(std::string(t.label) + " " + p, t.path + "/extensions/KHR_texture_transform/" + p);
    }
  }
  const Material& mat = scene.materials[material];
  for (const MaterialExtensionInfo& e : materialExtensionTable()) {
    if (!mat.has(e.id)) continue;
    const std::string at = m + "/extensions/" + e.name + "/";
    for (const ExtensionFactor& f : e.factors) {
      const std::string label = f.parent ? std::string(f.parent) + " " + f.name : f.name;
      const std::string path = f.parent ? std::string(f.parent) + "/" + f.name : f.name;
      add(label, at + path, e.name);
    }
    for (const ExtensionTexture& texture : e.textures) {
      for (const char* p : {"offset", "rotation", "scale"}) {
        add(std::string(texture.name) + " " + p,
            at + texture.name + "/extensions/KHR_texture_transform/" + p, e.name);
      }
    }
  }
  return out;
}

}  // namespace vitrine::scene
