#include "material_variant.h"

#include "json_pointer.h"

namespace vitrine::app {

bool resolveMaterialVariant(const scene::Scene& scene, const std::optional<std::string>& text,
                            int* variant, std::string* error) {
  *variant = -1;
  if (!text) return true;
  *variant = scene::findMaterialVariant(scene, *text);
  if (*variant >= 0) return true;
  std::string names;
  for (const std::string& n : scene.variants) names += (names.empty() ? "" : ", ") + n;
  *error = "no material variant \"" + *text + "\" (" +
           (names.empty() ? std::string("the asset has none") : "variants: " + names) + ")";
  return false;
}

std::optional<std::string> variantMaterialQuery(const scene::Scene& scene, std::string_view pointer,
                                                int variant) {
  if (variant < 0) return std::nullopt;
  std::string error;
  const auto tokens = scene::splitJsonPointer(pointer, &error);
  if (!tokens || tokens->size() != 5 || (*tokens)[0] != "meshes" || (*tokens)[2] != "primitives" ||
      (*tokens)[4] != "material")
    return std::nullopt;
  const auto mesh = scene::parseArrayIndex((*tokens)[1]);
  const auto primitive = scene::parseArrayIndex((*tokens)[3]);
  if (!mesh || !primitive || *mesh >= scene.meshes.size()) return std::nullopt;
  for (const scene::Primitive& p : scene.meshes[*mesh].primitives) {
    if (p.sourceIndex != *primitive || p.variantMaterials.empty()) continue;
    const int material = p.materialFor(variant);
    if (material < 0) return std::nullopt;
    return std::to_string(material);
  }
  return std::nullopt;
}

}  // namespace vitrine::app
