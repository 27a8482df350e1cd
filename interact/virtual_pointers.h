// The read-only pointers KHR_interactivity adds to the Object Model that the engine itself
// answers ("Extending glTF Object Model"): the runtime limits, the animation state and the
// delay and event references. The asset's capabilities and the active camera are the host's
// (they depend on what the viewer supports and shows).
#pragma once

#include <cstdint>
#include <string_view>

#include "host.h"

namespace vitrine::interact {

// Property ids at and above this are the engine's; below, the host's.
inline constexpr int32_t kVirtualBase = 1 << 30;
enum VirtualField : int32_t {
  kLimitAnimations,
  kLimitDelays,
  kLimitPointerInterpolations,
  kLimitVariableInterpolations,
  kAnimationFieldBase = 16,  // + animation * 8 + AnimationField
};
enum AnimationField : int32_t { kIsPlaying, kMinTime, kMaxTime, kPlayhead, kVirtualPlayhead };

// The engine's property `pointer` names (id >= kVirtualBase), or id -1.
Property virtualProperty(std::string_view pointer, uint32_t animationCount);

// "/extensions/KHR_interactivity/delays/{x}" and ".../events/{x}": a template with one ref
// parameter the engine checks against its live delays (or any event reference).
enum class RefCheck : uint8_t { None, Delay, Event };
RefCheck refCheckTemplate(std::string_view templateText);

}  // namespace vitrine::interact
