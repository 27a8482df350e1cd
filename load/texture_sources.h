// Where a texture's image comes from (§3.8.2 Textures, EXT_texture_webp, KHR_texture_basisu):
// the core `source` and the `source` of each image-format extension Vitrine knows, read by the
// material loader (which image a texture draws). Internal to load/.
#pragma once

#include <array>

#include "gltf_document.h"

namespace vitrine::scene {

struct TextureSources {
  int source = -1;         // the core source: PNG or JPEG, or the fallback of an extension
  int webp = -1;           // extensions.EXT_texture_webp.source
  int basisu = -1;         // extensions.KHR_texture_basisu.source (a KTX2 image, codecs/ktx2.h)
  bool hasBasisu = false;  // the KHR_texture_basisu object is present
};

// Reads texture `texture` as the JSON has it. An index that is not a non-negative integer
// reads as -1 (loadMaterials() refuses it with its pointer; callers before it only skip it).
TextureSources textureSources(const Json& texture);

// The images a texture may draw, best first: the KTX2 image, the WebP image, then the core
// source (each extension's spec: a client that supports it uses it over the fallback). Unset
// ones are -1.
inline std::array<int, 3> drawableSources(const TextureSources& s) {
  return {s.basisu, s.webp, s.source};
}

}  // namespace vitrine::scene
