// What happens over time, all measured on the graph clock: delays ("Set Delay"), interpolations
// ("Variable Interpolate", "Pointer Interpolate") and animations ("Animation Start" on the
// infinite timeline).
#include <algorithm>
#include <cmath>

#include "engine_state.h"

namespace vitrine::interact {

namespace {

// Seconds on the graph clock in Vitrine's time type, whole nanoseconds ("Set Delay": the
// activation time is computed in "an implementation-defined high-precision time type").
int64_t nanoseconds(double seconds) {
  return std::llround(seconds * 1e9);
}

}  // namespace

bool Engine::State::scheduleDelay(uint32_t node, double duration) {
  // "Set Delay" steps 2-9. A duration is "convertible into the time type" up to kMaxDuration,
  // and so is the activation time (the graph clock stays far below it).
  if (!std::isfinite(duration) || duration < 0 || duration > kMaxDuration) return false;
  if (liveDelays >= limits.maxActiveDelays) return false;
  const int64_t at = nanoseconds(now) + nanoseconds(duration);
  uint32_t slot;
  if (!freeDelays.empty()) {
    slot = freeDelays.back();
    freeDelays.pop_back();
  } else {
    slot = uint32_t(delays.size());
    delays.emplace_back();
  }
  Delay& d = delays[slot];
  d.at = at;
  d.order = delayOrder++;
  d.node = node;
  d.serial = ++delaySerial;
  ++liveDelays;
  values[g.nodes[node].output0].ref = Ref{RefKind::Delay, slot, d.serial};
  return true;
}

bool Engine::State::liveDelay(const Ref& r) const {
  return r.kind == RefKind::Delay && r.index < delays.size() && r.serial != 0 &&
         delays[r.index].serial == r.serial;
}

void Engine::State::cancelDelay(const Ref& r) {
  if (!liveDelay(r)) return;  // "Cancel Delay": null or stale references are no error
  delays[r.index].serial = 0;
  freeDelays.push_back(r.index);
  --liveDelays;
}

void Engine::State::cancelDelays(uint32_t node) {
  for (uint32_t s = 0; s < delays.size(); ++s) {
    if (delays[s].serial != 0 && delays[s].node == node) {
      delays[s].serial = 0;
      freeDelays.push_back(s);
      --liveDelays;
    }
  }
}

void Engine::State::runDelays() {
  // Step 3: the delays due now that were scheduled before this step began, by activation time
  // then scheduling order. One a `done` flow schedules waits for the next tick, even with a
  // zero duration, so that a delay loop advances one tick at a time.
  const uint64_t before = delayOrder;
  const int64_t nowNs = nanoseconds(now);
  dueScratch.clear();
  for (uint32_t s = 0; s < delays.size(); ++s) {
    if (delays[s].serial != 0 && delays[s].at <= nowNs && delays[s].order < before) {
      dueScratch.push_back(s);
    }
  }
  std::sort(dueScratch.begin(), dueScratch.end(), [this](uint32_t a, uint32_t b) {
    return delays[a].at != delays[b].at ? delays[a].at < delays[b].at
                                        : delays[a].order < delays[b].order;
  });
  for (const uint32_t s : dueScratch) {
    if (aborted) return;  // past the tick's budget: the rest stay due for the next tick
    Delay& d = delays[s];
    if (d.serial == 0 || d.order >= before) continue;  // cancelled by an earlier `done`
    const uint32_t node = d.node;
    d.serial = 0;
    freeDelays.push_back(s);
    --liveDelays;
    fire(node, 2);  // done
  }
}

namespace {

// The cubic Bézier easing with P0 = (0, 0), P3 = (1, 1), read as CSS cubic-bezier() does:
// u solves x(u) = t (x is monotonic for x1, x2 in [0, 1]), the progress is y(u).
double bezier(double a, double b, double u) {
  const double v = 1 - u;
  return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u;
}

double ease(double t, double x1, double y1, double x2, double y2, EaseSolve* s) {
  if (x1 == y1 && x2 == y2) return t;  // control points on the diagonal: y(u) = x(u) = t
  double lo = 0, hi = 1, at = std::clamp(s->u + (t - s->t) * s->dudt, 0.0, 1.0);
  for (int i = 0; i < 8; ++i) {  // Newton, kept inside the bracket
    const double x = bezier(x1, x2, at) - t;
    const double v = 1 - at;
    const double dx = 3 * v * v * x1 + 6 * v * at * (x2 - x1) + 3 * at * at * (1 - x2);
    if (std::fabs(x) < 1e-14) {
      *s = {at, t, dx > 1e-12 ? 1 / dx : 0};
      return bezier(y1, y2, at);
    }
    if (x > 0) {
      hi = at;
    } else {
      lo = at;
    }
    if (std::fabs(dx) < 1e-12) break;
    const double step = x / dx;
    const double next = at - step;
    if (next <= lo || next >= hi) break;
    at = next;
    // Newton converges quadratically: after a step this small the error is below ~1e-14.
    if (std::fabs(step) < 1e-7) {
      *s = {at, t, 1 / dx};
      return bezier(y1, y2, at);
    }
  }
  for (int i = 0; i < 100 && hi - lo > 1e-15; ++i) {  // bisection
    at = (lo + hi) / 2;
    if (bezier(x1, x2, at) < t) {
      lo = at;
    } else {
      hi = at;
    }
  }
  *s = {(lo + hi) / 2, t, 0};
  return bezier(y1, y2, s->u);
}

void mixValues(const Value& a, const Value& b, double q, bool slerp, Value& out) {
  out.type = a.type;
  const uint32_t n = componentCount(a.type);
  if (!slerp || n != 4) {
    for (uint32_t k = 0; k < n; ++k) out.f[k] = a.f[k] + (b.f[k] - a.f[k]) * q;
    return;
  }
  // Quaternion slerp on the shorter arc.
  double d = a.f[0] * b.f[0] + a.f[1] * b.f[1] + a.f[2] * b.f[2] + a.f[3] * b.f[3];
  const double sign = d < 0 ? -1.0 : 1.0;
  d *= sign;
  double wa = 1 - q, wb = q;
  if (d < 0.9999999) {
    const double theta = std::acos(std::min(d, 1.0));
    const double s = std::sin(theta);
    wa = std::sin((1 - q) * theta) / s;
    wb = std::sin(q * theta) / s;
  }
  for (uint32_t k = 0; k < 4; ++k) out.f[k] = wa * a.f[k] + wb * sign * b.f[k];
}

}  // namespace

void Engine::State::endInterpolation(Interpolations& set, uint32_t index) {
  Interpolation& i = set.list[index];
  if (i.dead) return;
  i.dead = true;
  --set.live;
  ++set.dead;
  set.byTarget[size_t(i.target)] = kNone;
}

void Engine::State::compactInterpolations(Interpolations& set) {
  std::erase_if(set.list, [](const Interpolation& i) { return i.dead; });
  for (uint32_t e = 0; e < set.list.size(); ++e) set.byTarget[size_t(set.list[e].target)] = e;
  set.dead = 0;
  ++set.generation;
}

bool Engine::State::startInterpolation(uint32_t node, bool pointer, int32_t target,
                                       const Value& from, const Value& to, bool slerp) {
  Interpolations& set = interpolations[pointer ? 0 : 1];
  const uint32_t limit =
      pointer ? limits.maxPointerInterpolations : limits.maxVariableInterpolations;
  if (size_t(target) >= set.byTarget.size()) set.byTarget.resize(size_t(target) + 1, kNone);
  const uint32_t previous = set.byTarget[size_t(target)];
  if (previous == kNone && set.live >= limit) return false;  // step 7 (4 for variables)
  if (previous != kNone) endInterpolation(set, previous);    // step 8: its `done` never fires
  const Node& n = g.nodes[node];
  const uint32_t first = pointer ? uint32_t(g.pointers[size_t(n.param)].params.size()) + 1 : 1;
  Interpolation i;
  i.target = target;
  i.start = now;
  i.duration = in(node, first).f[0];
  i.p1x = in(node, first + 1).f[0];
  i.p1y = in(node, first + 1).f[1];
  i.p2x = in(node, first + 2).f[0];
  i.p2y = in(node, first + 2).f[1];
  i.from = from;
  i.to = to;
  i.node = node;
  i.order = set.nextOrder++;
  i.slerp = slerp;
  set.list.push_back(i);
  set.byTarget[size_t(target)] = uint32_t(set.list.size() - 1);
  ++set.live;
  if (set.dead > 64 && set.dead > set.live) compactInterpolations(set);
  return true;
}

void Engine::State::removeInterpolation(bool pointer, int32_t target) {
  Interpolations& set = interpolations[pointer ? 0 : 1];
  if (size_t(target) < set.byTarget.size() && set.byTarget[size_t(target)] != kNone) {
    endInterpolation(set, set.byTarget[size_t(target)]);
  }
}

void Engine::State::runInterpolations(bool pointer) {
  // Step 5, per entry in start order: t <= 0 waits; t >= 1 or NaN ends at the target and
  // fires `done`. Entries a `done` starts wait for the next tick.
  Interpolations& set = interpolations[pointer ? 0 : 1];
  const uint64_t end = set.nextOrder;
  Value v;  // one value for the whole loop: mixValues writes its type and components
  size_t e = 0;
  while (e < set.list.size() && !aborted) {
    Interpolation& i = set.list[e];
    if (i.order >= end) break;
    const double t = (now - i.start) / i.duration;
    if (i.dead || t <= 0) {
      ++e;
      continue;
    }
    const bool finished = std::isnan(t) || t >= 1;
    if (finished) {
      v = i.to;
    } else {
      mixValues(i.from, i.to, ease(t, i.p1x, i.p1y, i.p2x, i.p2y, &i.solve), i.slerp, v);
    }
    if (pointer) {
      host.set(i.target, v);
    } else {
      variables[size_t(i.target)] = v;
    }
    if (!finished) {
      ++e;
      continue;
    }
    const uint32_t node = i.node;
    const uint64_t order = i.order, generation = set.generation;
    endInterpolation(set, uint32_t(e));
    fire(node, 2);  // done: may start, replace or end others (and compact the list)
    if (set.generation == generation) {
      ++e;
    } else {
      e = size_t(std::upper_bound(set.list.begin(), set.list.end(), order,
                                  [](uint64_t o, const Interpolation& x) { return o < x.order; }) -
                 set.list.begin());
    }
  }
  if (set.dead > 0) compactInterpolations(set);
}

namespace {

// "Animation Start": the requested time r on the infinite timeline to the effective time t.
double effectiveTime(double r, double T) {
  if (T == 0) return 0;
  const double s = r > 0 ? std::ceil((r - T) / T) : std::floor(r / T);
  return r - s * T;
}

}  // namespace

void Engine::State::runAnimations() {
  // Step 4: each active animation at τ minus its start, scaled by its speed; those that reach
  // their stop or end time are applied there and fire their `done` after every animation of
  // this tick has been applied. Past the tick's budget they wait for the next tick (their
  // `done` would be lost), which computes them from τ as always.
  if (aborted) return;
  animationDone.clear();
  bool any = false;
  for (uint32_t a = 0; a < animations.size(); ++a) {
    Animation& anim = animations[a];
    animationApplied[a] = 0;
    if (!anim.active) continue;
    double r;
    uint32_t done = kNone;
    if (anim.start == anim.end) {
      r = anim.start;
      done = anim.endNode;
      anim.active = false;
    } else {
      const bool forward = anim.start < anim.end;
      const double scaled = (now - anim.created) * anim.speed * (forward ? 1 : -1);
      const double current = anim.start + scaled;
      const bool stopFirst =
          forward ? current >= anim.stop && anim.stop >= anim.start && anim.stop < anim.end
                  : current <= anim.stop && anim.stop <= anim.start && anim.stop > anim.end;
      const bool ended = forward ? current >= anim.end : current <= anim.end;
      if (stopFirst) {
        r = anim.stop;
        done = anim.stopNode;
        anim.active = false;
      } else if (ended) {
        r = anim.end;
        done = anim.endNode;
        anim.active = false;
      } else {
        r = current;
      }
    }
    anim.virtualPlayhead = r;
    anim.playhead = effectiveTime(r, anim.maxTime);
    animationTimes[a] = anim.playhead;
    animationApplied[a] = 1;
    any = true;
    if (!anim.active) animationDone.push_back(done);
  }
  if (any) host.sampleAnimations(animationTimes, animationApplied);
  for (const uint32_t node : animationDone) {
    if (node != kNone) fire(node, 2);
  }
}

}  // namespace vitrine::interact
