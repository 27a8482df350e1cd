#include "virtual_pointers.h"

#include <optional>
#include <string>

#include "json_pointer.h"

namespace vitrine::interact {

Property virtualProperty(std::string_view p, uint32_t animationCount) {
  static constexpr std::string_view kLimits = "/extensions/KHR_interactivity/limits/";
  if (p.starts_with(kLimits)) {
    const std::string_view name = p.substr(kLimits.size());
    int32_t field = -1;
    if (name == "maxActiveAnimations") field = kLimitAnimations;
    if (name == "maxActiveDelays") field = kLimitDelays;
    if (name == "maxActivePropertyInterpolations") field = kLimitPointerInterpolations;
    if (name == "maxActiveVariableInterpolations") field = kLimitVariableInterpolations;
    if (field < 0) return {};
    return {kVirtualBase + field, Type::Int, false, false};
  }
  // "/animations/<i>/extensions/KHR_interactivity/<field>" ("Animation State").
  static constexpr std::string_view kAnimations = "/animations/";
  static constexpr std::string_view kExt = "/extensions/KHR_interactivity/";
  if (!p.starts_with(kAnimations)) return {};
  const std::string_view rest = p.substr(kAnimations.size());
  const size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return {};
  const std::optional<uint32_t> parsed = scene::parseArrayIndex(rest.substr(0, slash));
  if (!parsed) return {};
  const uint32_t index = *parsed;
  if (index >= animationCount || !rest.substr(slash).starts_with(kExt)) return {};
  const std::string_view name = rest.substr(slash + kExt.size());
  struct Field {
    std::string_view name;
    AnimationField field;
    Type type;
  };
  static constexpr Field kFields[] = {{"isPlaying", kIsPlaying, Type::Bool},
                                      {"minTime", kMinTime, Type::Float},
                                      {"maxTime", kMaxTime, Type::Float},
                                      {"playhead", kPlayhead, Type::Float},
                                      {"virtualPlayhead", kVirtualPlayhead, Type::Float}};
  for (const Field& f : kFields) {
    if (f.name == name) {
      return {kVirtualBase + kAnimationFieldBase + int32_t(index) * 8 + f.field, f.type, false,
              false};
    }
  }
  return {};
}

RefCheck refCheckTemplate(std::string_view t) {
  static constexpr std::string_view kDelays = "/extensions/KHR_interactivity/delays/{";
  static constexpr std::string_view kEvents = "/extensions/KHR_interactivity/events/{";
  const auto oneParam = [&](std::string_view prefix) {
    return t.starts_with(prefix) && t.back() == '}' &&
           t.substr(prefix.size()).find_first_of("/{}[]") == t.size() - prefix.size() - 1;
  };
  if (oneParam(kDelays)) return RefCheck::Delay;
  if (oneParam(kEvents)) return RefCheck::Event;
  return RefCheck::None;
}

}  // namespace vitrine::interact
