// KHR_materials_variants for the command line and the window: --variant resolved against the
// asset's variants, and what --query answers for a primitive's material under a variant.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "scene.h"

namespace vitrine::app {

// The variant `text` (--variant NAME|INDEX) names (scene::findMaterialVariant: an index
// first, else a name); -1 when `text` is absent (the asset's default materials). False with
// *error, without the file name, when the asset has no such variant:
//   no material variant "X" (variants: a, b)
//   no material variant "X" (the asset has none)
bool resolveMaterialVariant(const scene::Scene& scene, const std::optional<std::string>& text,
                            int* variant, std::string* error);

// --query POINTER with --variant: for /meshes/M/primitives/P/material, the material index that
// primitive is drawn with in `variant` when one of its mappings names it (as --query prints an
// id); nullopt for every other pointer, or when no mapping applies (the JSON value holds).
std::optional<std::string> variantMaterialQuery(const scene::Scene& scene, std::string_view pointer,
                                                int variant);

}  // namespace vitrine::app
