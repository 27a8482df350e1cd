// Engine's inspection (engine.h, "Inspection"): what the window's graph panel reads between
// ticks (issue 34). Copies are made here, never inside a tick.
#include <algorithm>

#include "engine_state.h"

namespace vitrine::interact {

const Graph& Engine::graph() const {
  return state_->g;
}
uint64_t Engine::ticks() const {
  return state_->ticks;
}
const std::vector<NodeActivity>& Engine::nodeActivity() const {
  return state_->activity;
}
const std::vector<Value>& Engine::values() const {
  return state_->values;
}

Activity Engine::activity() const {
  const State& s = *state_;
  Activity a;
  for (const State::Delay& d : s.delays) {
    if (d.serial != 0) a.delays.push_back({d.node, d.serial, double(d.at) * 1e-9});
  }
  std::stable_sort(a.delays.begin(), a.delays.end(),
                   [](const DelayInfo& x, const DelayInfo& y) { return x.due < y.due; });
  for (int kind = 0; kind < 2; ++kind) {
    for (const State::Interpolation& i : s.interpolations[kind].list) {
      if (i.dead) continue;
      a.interpolations.push_back({kind == 0, i.target, i.node, i.start, i.duration, i.from, i.to});
    }
  }
  for (uint32_t k = 0; k < s.animations.size(); ++k) {
    const State::Animation& m = s.animations[k];
    if (m.active) a.animations.push_back({k, m.start, m.end, m.stop, m.speed, m.playhead});
  }
  return a;
}

bool Engine::animationActive(uint32_t animation) const {
  const State& s = *state_;
  return animation < s.animations.size() && s.animations[animation].active;
}

bool Engine::setVariable(uint32_t index, const Value& value) {
  State& s = *state_;
  if (index >= s.variables.size() || s.variables[index].type != value.type) return false;
  // "Variable Set": the value is written and the variable's interpolation, if any, ends.
  s.removeInterpolation(false, int32_t(index));
  s.variables[index] = value;
  return true;
}

}  // namespace vitrine::interact
