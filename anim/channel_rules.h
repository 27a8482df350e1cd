// The glTF rules one animation channel must follow before it is bound, as pure functions of
// the JSON and the accessor formats, so each rule is tested without a scene. Each returns ""
// or the reason the channel is skipped, the text after "/animations/A/channels/C: ".
// Sources: glTF 2.0 "Animations" (5.x animation.channel, animation.sampler) and Appendix C;
// KHR_animation_pointer (ratified): "Output Accessor Type" table and type conversions.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "accessor.h"
#include "json_util.h"
#include "object_model.h"
#include "sampler.h"

namespace vitrine::anim {

// "STEP", "LINEAR", "CUBICSPLINE".
const char* interpolationName(Interpolation interpolation);

struct ChannelTarget {
  std::string pointer;  // the JSON pointer targeted: "/nodes/0/rotation" for core paths too
  std::string error;    // why the target is unusable ("" when pointer is usable)
};

// A channel's `target` as a JSON pointer. Core paths (translation, rotation, scale, weights)
// with `node` N become "/nodes/N/<path>", so they resolve to the same slot as the pointer.
// Skipped: no target; path "pointer" with `node` set or without the extension's pointer;
// a core path without `node` (glTF 2.0: such a channel SHOULD be ignored) or together with a
// KHR_animation_pointer pointer; an unknown path.
ChannelTarget channelTarget(const scene::Json& channel);

// The sampler's interpolation (absent: LINEAR), or an error for an unknown name.
[[nodiscard]] std::string parseInterpolation(const scene::Json& sampler, Interpolation& out);

// Input accessor `index` (its JSON and format): min and max present (glTF 2.0 Animations:
// "Animation sampler's input accessor MUST have its min and max properties defined"), SCALAR
// FLOAT, and not all zeros by having neither bufferView nor sparse (when count > 1).
[[nodiscard]] std::string checkInput(uint32_t index, const scene::Json& accessor,
                                     const scene::AccessorFormat& format);
// The times read from input `index`: finite and strictly increasing, at least one.
[[nodiscard]] std::string checkTimes(uint32_t index, std::span<const float> times);

// Output accessor `index` against the slot it would drive, for a sampler of `interpolation`
// over `keyCount` keyframes:
//   accessor type: bool, int, float, float[] -> SCALAR; float2/3/4 -> VEC2/3/4; float4x4 -> MAT4;
//   component type: int -> a non-normalized integer type; bool -> UNSIGNED_BYTE; float types ->
//     FLOAT, or integers (normalized ones converted by formulas.md, others to their value);
//   int and bool need STEP; CUBICSPLINE needs 2 keyframes (Appendix C);
//   count: keyCount (x3 for CUBICSPLINE) (x slot.count for float[]).
[[nodiscard]] std::string checkOutput(const scene::Slot& slot, uint32_t index,
                                      const scene::AccessorFormat& format,
                                      Interpolation interpolation, uint32_t keyCount);

}  // namespace vitrine::anim
