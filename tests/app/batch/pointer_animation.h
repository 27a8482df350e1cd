// Shared by the CLI tests of pointer-animated material extensions (issue 13): an animation of
// KHR_animation_pointer channels, each LINEAR from one key at t = 0 to one at t = 1, and the
// check that `vitrine --query` follows every pointer at given times (interpolated, and held
// at the last key past it).
#pragma once

#include <string>
#include <vector>

#include "asset_builder.h"

namespace vitrine::test {

struct AnimatedPointer {
  std::string pointer;
  std::vector<float> from, to;  // the keys at t = 0 and t = 1: 1, 2 or 3 floats each
};

// Adds one animation named `name` with a channel per entry of `animated` (nothing when empty).
void addPointerAnimation(AssetBuilder& b, const std::vector<AnimatedPointer>& animated,
                         const std::string& name);

// Runs `vitrine FILE --time T --query P...` for every T of `times` and expects each pointer's
// value to be from + (to - from) * min(T, 1) within 1e-6.
void expectQueriesFollow(const std::string& file, const std::vector<AnimatedPointer>& animated,
                         const std::vector<float>& times);

}  // namespace vitrine::test
