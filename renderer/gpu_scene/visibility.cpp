#include "visibility.h"

namespace vitrine::renderer {

void computeHidden(const scene::Scene& scene, std::vector<uint8_t>& hidden) {
  constexpr uint8_t kUnknown = 2;
  const size_t count = scene.nodes.size();
  hidden.assign(count, kUnknown);
  std::vector<uint32_t> chain;  // undecided nodes from n up to the first decided ancestor
  for (size_t n = 0; n < count; ++n) {
    chain.clear();
    int at = int(n);
    while (at >= 0 && size_t(at) < count && hidden[at] == kUnknown && chain.size() <= count) {
      chain.push_back(uint32_t(at));
      at = scene.nodes[at].parent;
    }
    uint8_t state = (at >= 0 && size_t(at) < count && hidden[at] != kUnknown) ? hidden[at] : 0;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if (scene.nodes[*it].visible < 0.5f) state = 1;
      hidden[*it] = state;
    }
  }
}

}  // namespace vitrine::renderer
