// Which node a click in the 3D view selects (issue 22 §3): the nearest surface under the
// cursor, or, clicking again on the same place, the one behind it, and so on round.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "pick.h"

namespace vitrine::app {

class PickCycle {
 public:
  // Clicks within this many pixels of the previous one are on the same place.
  static constexpr float kSamePlace = 3.0f;

  // `hits`: what the ray under the click at `at` (window pixels) crosses, nearest first
  // (scene::pickAll). The nearest hit's node; when the click is on the same place as the
  // previous one and crosses the same nodes, the node after the one it selected (round to the
  // nearest after the farthest). nullopt when nothing is under the cursor.
  std::optional<uint32_t> click(glm::vec2 at, const std::vector<scene::PickHit>& hits);

 private:
  std::optional<glm::vec2> last_;
  std::vector<int> nodes_;  // the last click's hits
  size_t index_ = 0;        // which of them it selected
};

}  // namespace vitrine::app
