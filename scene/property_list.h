// The animatable properties of a material, as JSON pointers of the glTF Asset Object Model:
// what an inspector lists. The pointers are candidates: resolvePointer() (object_model.h)
// accepts those the material defines (a texture transform needs its extension object, a
// normal scale its normalTexture), the caller shows those and skips the rest.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene.h"

namespace vitrine::scene {

struct NamedPointer {
  std::string label;    // "Base colour", "sheenColorFactor", "clearcoatNormalTexture scale"
  std::string pointer;  // "/materials/0/pbrMetallicRoughness/baseColorFactor"
  std::string group;    // "" for the core properties, else the extension ("KHR_materials_sheen")
};

// The core factors (glTF 2.0 §5.19 material, §5.22 pbrMetallicRoughness), the
// KHR_texture_transform offset, rotation and scale of the five core texture slots, then, for
// every material extension the material has (material_extensions.h), grouped under its name:
// its factors (the Object Model's "Extension Pointers") and the KHR_texture_transform offset,
// rotation and scale of its texture slots, in that order. Empty when `material` is not an
// index of scene.materials.
std::vector<NamedPointer> materialPropertyPointers(const Scene& scene, uint32_t material);

}  // namespace vitrine::scene
