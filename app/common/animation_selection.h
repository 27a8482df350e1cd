// Which animations play: the --animation values resolved against the asset's clips.
#pragma once

#include <string>
#include <vector>

namespace vitrine::app {

// Applies `values` in order to `clipNames` (one per animation, "" when unnamed):
// "all" enables every clip, "none" disables every clip, an index or a name enables that one.
// With no value every clip is enabled; with values, the set starts empty, so
// `--animation 1` plays animation 1 alone. Digits are an index first, a name second.
// Returns false with *error set ("--animation 5: the asset has 2 animations") when a value
// names no clip.
[[nodiscard]] bool selectAnimations(const std::vector<std::string>& clipNames,
                                    const std::vector<std::string>& values,
                                    std::vector<bool>& enabled, std::string* error);

}  // namespace vitrine::app
