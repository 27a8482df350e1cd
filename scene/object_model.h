// The glTF 2.0 Asset Object Model: every property an animation or a user may change,
// addressed by its JSON pointer (KHR_animation_pointer) and resolved ONCE, at load, into a
// typed Slot. Nothing parses a pointer string per frame.
//
// Storage convention: every mutable value lives in 32-bit floats inside the Scene (bool as
// 0/1, int as an integer-valued float), in the packed array of its Region, so the animation
// engine writes plain floats and the renderer uploads byte ranges of those arrays.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "scene.h"

namespace vitrine::scene {

struct GltfDocument;

// Object Model data types (KHR_animation_pointer, "Asset Object Model Data Type").
enum class ValueType : uint8_t { Bool, Int, Float, Float2, Float3, Float4, FloatArray, Float4x4 };

// Where a value lives; each region is one array the renderer can upload (or CPU-only state).
enum class Region : uint8_t {
  NodeTransforms,      // Node::translation/rotation/scale; a write dirties the node's subtree
  MorphWeights,        // Node::weights and Mesh::weights
  Materials,           // Scene::materialData (gpu::MaterialData, byte offsets into that array)
  MaterialExtensions,  // Scene::materialExtensionData (gpu::MaterialExtensionData)
  Cameras,             // Scene::cameras
  Lights,              // Scene::lights (KHR_lights_punctual)
  Visibility,          // Node::visible (KHR_node_visibility)
  Extras,              // values under `extras`: application-specific, shown, never rendered
  Count
};

const char* regionName(Region region);
const char* valueTypeName(ValueType type);

struct Slot {
  ValueType type = ValueType::Float;
  Region region = Region::Materials;
  bool rotation = false;  // a unit quaternion (x, y, z, w): interpolated with slerp
  uint32_t count = 1;     // floats of the value: 1-4, the array length (FloatArray), 16
  // The node, mesh, material, camera or light index; Extras: the Scene::extrasValues entry.
  uint32_t element = 0;
  // Byte offset of the value in its region, unique per value within the region, so that two
  // slots overlap exactly when their byte ranges [byteOffset, byteOffset + 4 * count) do:
  //   Materials           into Scene::materialData: element * sizeof(MaterialData) + member
  //   MaterialExtensions  into Scene::materialExtensionData, the same way
  //   NodeTransforms, Visibility  element * sizeof(Node) + member offset in Node
  //   Cameras, Lights     element * sizeof(Camera or Light) + member offset
  //   MorphWeights        4 * (morphWeightOffset of the node or mesh + weight index): every
  //                       node's weights, then every mesh's, as one float array
  //   Extras              4 * the float's index within its Scene::extrasValues entry
  uint32_t byteOffset = 0;
  float* data = nullptr;  // the live value, `count` floats
};

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

// Reads the slot's current value as compact JSON: [0.8,0.02,0.02,1.0], 0.5, true, 3.
std::string formatSlotValue(const Slot& slot);

}  // namespace vitrine::scene
