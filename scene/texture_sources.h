// Where a texture's image comes from (§3.8.2 Textures, EXT_texture_webp, KHR_texture_basisu):
// the core `source` and the `source` of each image-format extension Vitrine knows. One reading
// shared by the image decoder (which images to decode, which KTX2 images to leave quiet), the
// material loader (which image a texture draws) and the extension table (whether every use of
// KHR_texture_basisu has a fallback). Internal to scene/.
#pragma once

#include <array>

#include "gltf_document.h"

namespace vitrine::scene {

struct TextureSources {
  int source = -1;         // the core source: PNG or JPEG, or the fallback of an extension
  int webp = -1;           // extensions.EXT_texture_webp.source
  int basisu = -1;         // extensions.KHR_texture_basisu.source (never decoded: no KTX2 decoder)
  bool hasBasisu = false;  // the KHR_texture_basisu object is present
};

// Reads texture `texture` as the JSON has it. An index that is not a non-negative integer
// reads as -1 (loadMaterials() refuses it with its pointer; callers before it only skip it).
TextureSources textureSources(const Json& texture);

// The images a texture may draw, best first: the WebP image, then the core source (the
// extension's spec: a client that supports it uses it over the fallback). Unset ones are -1.
inline std::array<int, 2> drawableSources(const TextureSources& s) {
  return {s.webp, s.source};
}

// Whether a texture using KHR_texture_basisu also names an image Vitrine can decode instead.
inline bool basisuHasFallback(const TextureSources& s) {
  return s.webp >= 0 || s.source >= 0;
}

}  // namespace vitrine::scene
