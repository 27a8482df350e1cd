// The glTF 2.0 Asset Object Model: every property an animation or a user may change,
// addressed by its JSON pointer (KHR_animation_pointer) and resolved ONCE, at load, into a
// typed Slot. Nothing parses a pointer string per frame. The slot types live here, with the
// scene they point into; resolvePointer(), which reads the document, is the loader's
// (load/pointer_resolve.h).
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

// Reads the slot's current value as compact JSON: [0.8,0.02,0.02,1.0], 0.5, true, 3.
std::string formatSlotValue(const Slot& slot);
// A float as compact JSON: the shortest text that reads back as the same float, with ".0" on
// whole numbers (so it never reads back as an integer); "null" when not finite.
std::string formatFloat(float v);
// `n` floats as a compact JSON array of formatFloat() texts.
std::string formatFloats(const float* v, size_t n);

}  // namespace vitrine::scene
