// The PBR material extensions Vitrine reads: for each, its animatable factors (where they live
// in gpu::MaterialExtensionData, or in gpu::MaterialData for emissiveStrength) and its texture
// properties. One table, read by the loader (load_materials.cpp) and by the Object Model
// (object_model_materials.cpp), so a factor is loaded and addressed at the same bytes.
// Internal to scene/.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "scene.h"

namespace vitrine::scene {

struct ExtensionFactor {
  const char* name;  // "specularColorFactor"
  // The textureInfo object holding the factor ("clearcoatNormalTexture" for its scale), or
  // nullptr when it sits in the extension object itself.
  const char* parent;
  uint32_t count;       // 1 (float), 3 (float3) or 4 (float4)
  uint32_t offset;      // bytes into gpu::MaterialExtensionData (or gpu::MaterialData)
  bool inMaterialData;  // emissiveStrength lives in gpu::MaterialData::emissive.w
};

// A textureInfo property of an extension object and the texture slot (gpu::kSlot*) it fills.
struct ExtensionTexture {
  const char* name;  // "specularColorTexture"
  int slot;          // gpu::kSlotSpecularColor
};

struct MaterialExtensionInfo {
  MaterialExtension id;
  const char* name;  // "KHR_materials_specular"
  std::span<const ExtensionFactor> factors;
  std::span<const ExtensionTexture> textures;  // its textureInfo properties
  uint32_t layer;  // its gpu::kLayer* bit (0: unlit and emissive strength, no layer)
};

// Every extension of MaterialExtension, in that order.
std::span<const MaterialExtensionInfo> materialExtensionTable();
// The entry named `name`, or nullptr.
const MaterialExtensionInfo* findMaterialExtension(std::string_view name);

}  // namespace vitrine::scene
