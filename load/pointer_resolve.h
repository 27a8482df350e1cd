// resolvePointer(): a JSON pointer of the glTF Asset Object Model turned, once, at load, into
// the typed Slot (scene/object_model.h) that an animation, a query or an inspector writes and
// reads. It reads the document (ids, defaults, presence), so it belongs to the loader.
#pragma once

#include <string>
#include <string_view>

#include "object_model.h"

namespace vitrine::scene {

struct GltfDocument;

struct ResolveResult {
  bool ok = false;
  Slot slot;
  // When !ok: why, e.g. "node 7 does not exist (3 nodes)", "zfar is absent and has no
  // default", "read-only: a glTF id cannot be animated", "not a property of the glTF Object
  // Model". Never contains the pointer itself (callers prepend it).
  std::string error;
  // Read-only properties (ids, texCoord, alphaMode, matrix...) are not animatable; their value
  // never changes, so a query prints it from the document: compact JSON text.
  std::string readOnlyValue;
};

// Resolves `pointer` (RFC 6901, with ~0 / ~1 escapes) against the loaded scene and its
// document. A pointer is valid when the property exists explicitly, or has a spec default and
// its enclosing object exists (KHR_animation_pointer). Slots point into `scene`, whose arrays
// must not be resized afterwards. A value under `extras` gets storage in Scene::extrasValues
// the first time it is resolved (the same pointer resolves to the same storage again; an
// element of an array of numbers shares the array's storage).
// Resolves every mutable property of the Object Model tables (Core Pointers, and the Extension
// Pointers of KHR_texture_transform on the core texture slots, KHR_lights_punctual, the
// KHR_materials_* of material_extensions.h, KHR_node_visibility) and answers the read-only
// ones (ids, *.length, matrix, globalMatrix, texCoord, names, alphaMode, doubleSided, camera
// and light type) with !ok, an error starting "read-only: " and readOnlyValue set.
// Cost: O(tokens) plus one hash lookup for extras; call it at load, not per frame.
[[nodiscard]] ResolveResult resolvePointer(Scene& scene, const GltfDocument& doc,
                                           std::string_view pointer);

}  // namespace vitrine::scene
