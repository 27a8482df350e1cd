// What a behaviour graph reads and writes outside itself: the asset's Object Model, its
// animations and its pickable geometry. The engine knows the world only through this
// interface, so that the library is tested on small fake worlds and the viewer backs it with
// its scene (scene_host.h). Pointers are resolved once, at load (resolve, arrayLength,
// staticRef); get/set/sampleAnimations run per tick with no string.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "value.h"

namespace vitrine::interact {

struct Property {
  int32_t id = -1;  // -1: the pointer names no property of the Object Model
  Type type = Type::Float;
  bool writable = false;    // mutable in the Object Model (pointer/set, pointer/interpolate)
  bool quaternion = false;  // interpolated by slerp ("Pointer Interpolate")
};

class ObjectModelHost {
 public:
  virtual ~ObjectModelHost() = default;

  // --- at load ---
  // The property `pointer` (an effective JSON pointer, RFC 6901) names, with its type.
  virtual Property resolve(std::string_view pointer) = 0;
  // The length of the JSON array `pointer` names in the asset ("/nodes" -> the node count,
  // "/nodes/2/children" -> its child count); 0 when it names no array.
  virtual uint32_t arrayLength(std::string_view pointer) = 0;

  // --- per tick ---
  // The current value of a resolved property; out.type is already its type.
  virtual void get(int32_t id, Value& out) = 0;
  // Writes a resolved, writable property (value.type is its type), marking what the renderer
  // must upload; a value equal to the current one may be skipped.
  virtual void set(int32_t id, const Value& value) = 0;

  // Animations ("Animation Control Operations"): their count, the first and last keyframe
  // times of each (NaN for an invalid animation), and one sampling of all of them: animation
  // a at times[a] when playing[a] != 0, in the order of the animations array.
  virtual uint32_t animationCount() = 0;
  virtual void animationRange(uint32_t animation, double* minTime, double* maxTime) = 0;
  virtual void sampleAnimations(std::span<const double> times,
                                std::span<const uint8_t> playing) = 0;

  // Selection and hover (KHR_node_selectability, KHR_node_hoverability): the nearest surface
  // the ray origin + t * direction (t > 0) hits among nodes that are selectable (hover: false)
  // or hoverable (hover: true) through themselves and every ancestor, whatever their
  // visibility. False when nothing is hit.
  struct Hit {
    uint32_t node = 0;
    double point[3] = {0, 0, 0};
  };
  virtual bool pick(const double origin[3], const double direction[3], bool hover, Hit* hit) = 0;
  // The parent of `node`, or -1 for a root (events bubble up through it).
  virtual int32_t parentOf(uint32_t node) = 0;
};

}  // namespace vitrine::interact
