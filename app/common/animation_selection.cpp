#include "animation_selection.h"

#include <algorithm>
#include <charconv>

namespace vitrine::app {

bool selectAnimations(const std::vector<std::string>& clipNames,
                      const std::vector<std::string>& values, std::vector<bool>& enabled,
                      std::string* error) {
  enabled.assign(clipNames.size(), values.empty());
  for (const std::string& v : values) {
    if (v == "all" || v == "none") {
      std::fill(enabled.begin(), enabled.end(), v == "all");
      continue;
    }
    size_t index = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), index);
    const bool isIndex = ec == std::errc() && end == v.data() + v.size();
    if (isIndex && index < clipNames.size()) {
      enabled[index] = true;
      continue;
    }
    const auto named = std::find(clipNames.begin(), clipNames.end(), v);
    if (!v.empty() && named != clipNames.end()) {
      enabled[size_t(named - clipNames.begin())] = true;
      continue;
    }
    const size_t n = clipNames.size();
    *error = isIndex ? "--animation " + v + ": the asset has " + std::to_string(n) + " animation" +
                           (n == 1 ? "" : "s")
                     : "--animation " + v + ": no animation is named \"" + v + "\"";
    return false;
  }
  return true;
}

}  // namespace vitrine::app
