// Flow: input flow activations, synchronous and depth-first ("Sockets"), and the operations
// that have flows ("Control Flow Operations", "State Manipulation Operations", "Event
// Operations", "Debug Operations"). A node's last activation is returned to the caller's loop
// instead of nesting a call, so that a long chain does not deepen the stack.
#include <cmath>

#include "engine_state.h"

namespace vitrine::interact {

bool Engine::State::countExecution(uint32_t node) {
  if (aborted) return false;
  if (++executions > limits.maxExecutionsPerTick) {
    aborted = true;
    LogEntry e;
    e.kind = LogEntry::Budget;
    e.time = now;
    e.node = node;
    e.text = "the tick ran " + std::to_string(limits.maxExecutionsPerTick) +
             " node executions: the rest of this tick's flows were dropped (node " +
             std::to_string(node) + ", " + std::string(opInfo(g.nodes[node].op).name) + ")";
    log.push_back(std::move(e));
    return false;
  }
  NodeActivity& a = activity[node];  // the graph panel's counts (issue 34)
  ++a.runs;
  a.lastTick = ticks;
  return true;
}

void Engine::State::error(uint32_t node, const char* why) {
  activity[node].erred = true;
  LogEntry e;
  e.kind = LogEntry::Error;
  e.time = now;
  e.node = node;
  e.text = "node " + std::to_string(node) + " (" + std::string(opInfo(g.nodes[node].op).name) +
           "): " + why;
  log.push_back(std::move(e));
}

void Engine::State::activate(uint32_t node, uint32_t socket) {
  if (aborted) return;
  if (depth >= limits.maxFlowDepth) {
    error(node, "flows nested deeper than Vitrine's limit: the activation was dropped");
    return;
  }
  ++depth;
  while (node != kNone && !aborted) {
    const FlowLink next = execute(node, socket);
    node = next.node;
    socket = next.socket;
  }
  --depth;
}

void Engine::State::fire(uint32_t node, uint32_t flow) {
  const FlowLink link = g.flows[g.nodes[node].flow0 + flow];
  if (link.node != kNone) activate(link.node, link.socket);
}

namespace {

// The flow a node hands back to activate(): the `flow`-th output of `node`.
FlowLink tail(const Graph& g, uint32_t node, uint32_t flow) {
  return g.flows[g.nodes[node].flow0 + flow];
}

constexpr FlowLink kNoFlow{};

bool validDuration(double d) {
  return std::isfinite(d) && d >= 0 && d <= kMaxDuration;
}

// "Variable Interpolate" / "Pointer Interpolate" step on p1 and p2.
bool validControlPoints(const Value& p1, const Value& p2) {
  for (const Value* p : {&p1, &p2}) {
    if (!std::isfinite(p->f[0]) || !std::isfinite(p->f[1]) || p->f[0] < 0 || p->f[0] > 1) {
      return false;
    }
  }
  return true;
}

}  // namespace

FlowLink Engine::State::execute(uint32_t k, uint32_t socket) {
  if (!countExecution(k)) return kNoFlow;
  ++flowEpoch;
  const Node& n = g.nodes[k];
  Value* out = &values[n.output0];
  // "Runtime failures fire `err` and never stop the graph": logged with the node and why.
  const auto err = [&](uint32_t flow, const char* why) {
    error(k, why);
    return tail(g, k, flow);
  };
  switch (n.op) {
    case Op::FlowSequence:
      // "Sequence": every output in socket order, each after the previous completes.
      if (n.flowCount == 0) return kNoFlow;
      for (uint32_t f = 0; f + 1 < n.flowCount && !aborted; ++f) fire(k, f);
      return tail(g, k, n.flowCount - 1);
    case Op::FlowBranch:
      prepare(k);
      return tail(g, k, in(k, 0).b ? 0 : 1);
    case Op::FlowSwitch: {
      prepare(k);
      const int32_t selection = in(k, 0).i;
      for (uint32_t c = 0; c < n.extraCount; ++c) {
        if (g.ints[n.extra0 + c] == selection) return tail(g, k, c);
      }
      return tail(g, k, n.extraCount);  // default
    }
    case Op::FlowWhile:
      // "While Loop": loopBody while the condition holds, re-evaluated each time.
      for (;;) {
        prepare(k);
        if (!in(k, 0).b || aborted) break;
        fire(k, 0);
        if (aborted || !countExecution(k)) return kNoFlow;  // the self-activation
        ++flowEpoch;
      }
      return tail(g, k, 1);
    case Op::FlowFor: {
      // "For Loop": index from startIndex while below endIndex (re-evaluated each time).
      prepare(k);
      out[0].i = in(k, 0).i;
      for (;;) {
        if (out[0].i >= in(k, 1).i) break;
        fire(k, 0);
        if (aborted) return kNoFlow;
        out[0].i = int32_t(uint32_t(out[0].i) + 1u);
        if (!countExecution(k)) return kNoFlow;  // the self-activation
        ++flowEpoch;
        prepare(k);
      }
      return tail(g, k, 1);
    }
    case Op::FlowDoN:
      if (socket == 1) {  // reset
        nodeInt[k] = 0;
        out[0].i = 0;
        return kNoFlow;
      }
      prepare(k);
      if (nodeInt[k] < in(k, 0).i) {
        out[0].i = ++nodeInt[k];
        return tail(g, k, 0);
      }
      return kNoFlow;
    case Op::FlowMultiGate: {
      uint8_t* used = bits.data() + n.state0;  // empty when no node has outputs
      if (socket == 1) {                       // reset
        out[0].i = -1;
        for (uint32_t f = 0; f < n.flowCount; ++f) used[f] = 0;
        return kNoFlow;
      }
      const bool isRandom = (n.param & 1) != 0, isLoop = (n.param & 2) != 0;
      uint32_t unused = 0;
      for (uint32_t f = 0; f < n.flowCount; ++f) unused += used[f] ? 0 : 1;
      if (unused == 0) {
        if (!isLoop || n.flowCount == 0) return kNoFlow;
        for (uint32_t f = 0; f < n.flowCount; ++f) used[f] = 0;
        unused = n.flowCount;
      }
      // The smallest unused index, or (isRandom) a uniformly chosen unused one.
      uint32_t pick = isRandom ? uint32_t(random() * unused) : 0;
      if (pick >= unused) pick = unused - 1;
      uint32_t f = 0;
      for (;; ++f) {
        if (used[f]) continue;
        if (pick-- == 0) break;
      }
      used[f] = 1;
      out[0].i = int32_t(f);
      return tail(g, k, f);
    }
    case Op::FlowWaitAll: {
      uint8_t* seen = bits.data() + n.state0;
      const uint32_t inputs = uint32_t(n.param);
      if (socket == inputs) {  // reset
        for (uint32_t f = 0; f < inputs; ++f) seen[f] = 0;
        out[0].i = n.param;
        return kNoFlow;
      }
      if (!seen[socket]) {
        seen[socket] = 1;
        --out[0].i;
      }
      return tail(g, k, out[0].i == 0 ? 1 : 0);
    }
    case Op::FlowThrottle: {
      if (socket == 1) {  // reset
        out[0].f[0] = kNaN;
        return kNoFlow;
      }
      prepare(k);
      const double duration = in(k, 0).f[0];
      if (!validDuration(duration)) return err(1, "duration is NaN, infinite or negative");
      if (!std::isnan(out[0].f[0])) {
        const double elapsed = now - nodeTime[k];
        if (duration > elapsed) {
          out[0].f[0] = duration - elapsed;
          return kNoFlow;
        }
      }
      nodeTime[k] = now;
      out[0].f[0] = 0;
      return tail(g, k, 0);
    }
    case Op::FlowSetDelay:
      if (socket == 1) {  // cancel
        out[0].ref = Ref{};
        cancelDelays(k);
        return kNoFlow;
      }
      prepare(k);
      if (!scheduleDelay(k, in(k, 0).f[0])) {
        return err(1, "duration is NaN, infinite, negative or too large, or too many delays");
      }
      return tail(g, k, 0);
    case Op::FlowCancelDelay:
      prepare(k);
      cancelDelay(in(k, 0).ref);
      return tail(g, k, 0);
    case Op::VariableSet:
      // "Variable Set": every value read first, then written, ending their interpolations.
      prepare(k);
      for (uint32_t v = 0; v < n.extraCount; ++v) {
        const int32_t var = g.ints[n.extra0 + v];
        removeInterpolation(false, var);
        variables[size_t(var)] = in(k, v);
      }
      return tail(g, k, 0);
    case Op::VariableInterpolate: {
      prepare(k);
      const Value& target = in(k, 0);
      if (!validDuration(in(k, 1).f[0]) || !validControlPoints(in(k, 2), in(k, 3))) {
        return err(1, "duration or control points are invalid");
      }
      const bool slerp = g.ints[n.extra0] != 0;
      if (!startInterpolation(k, false, n.param, variables[size_t(n.param)], target, slerp)) {
        return err(1, "too many variable interpolations");
      }
      return tail(g, k, 0);
    }
    case Op::PointerSet:
    case Op::PointerInterpolate: {
      prepare(k);
      bool writable = false, rotation = false;
      const int32_t id = pointerProperty(k, &writable, &rotation);
      if (id < 0) return err(1, "the pointer names no property of this type");
      if (!writable) return err(1, "the property is read-only");
      const uint32_t params = uint32_t(g.pointers[size_t(n.param)].params.size());
      const Value& value = in(k, params);
      if (n.op == Op::PointerSet) {
        removeInterpolation(true, id);  // "Pointer Set" step 5
        host.set(id, value);
        return tail(g, k, 0);
      }
      if (!validDuration(in(k, params + 1).f[0]) ||
          !validControlPoints(in(k, params + 2), in(k, params + 3))) {
        return err(1, "duration or control points are invalid");
      }
      Value from;
      from.type = value.type;
      host.get(id, from);
      if (!startInterpolation(k, true, id, from, value, rotation)) {
        return err(1, "too many pointer interpolations");
      }
      return tail(g, k, 0);
    }
    case Op::AnimationStart:
    case Op::AnimationStop:
    case Op::AnimationStopAt: {
      prepare(k);
      const Ref& a = in(k, 0).ref;
      if (a.kind != RefKind::Animation || a.index >= animations.size()) {
        return err(1, "the animation input is not an animation reference");
      }
      Animation& anim = animations[a.index];
      if (n.op == Op::AnimationStop) {
        anim.active = false;  // "Animation Stop": values stay, no done
        return tail(g, k, 0);
      }
      if (n.op == Op::AnimationStopAt) {
        const double stopTime = in(k, 1).f[0];
        if (std::isnan(stopTime)) return err(1, "stopTime is NaN");
        if (anim.active) {
          anim.stop = stopTime;
          anim.stopNode = k;
        }
        return tail(g, k, 0);
      }
      // "Animation Start" steps 2-8.
      const double start = in(k, 1).f[0], end = in(k, 2).f[0], speed = in(k, 3).f[0];
      if (std::isnan(start) || std::isnan(end) || std::isinf(start)) {
        return err(1, "startTime or endTime is NaN, or startTime is infinite");
      }
      if (!std::isfinite(speed) || speed <= 0) {
        return err(1, "speed is NaN, infinite or not positive");
      }
      if (std::isnan(anim.maxTime)) return err(1, "the animation is invalid");
      uint32_t active = 0;
      for (const Animation& other : animations) active += other.active ? 1 : 0;
      if (!anim.active && active >= limits.maxActiveAnimations) {
        return err(1, "too many active animations");
      }
      anim.active = true;
      anim.start = start;
      anim.end = end;
      anim.stop = end;
      anim.speed = speed;
      anim.created = now;
      anim.endNode = k;
      anim.stopNode = kNone;
      return tail(g, k, 0);
    }
    case Op::StopPropagation: {
      // "Stop Propagation": marks the event's pending handlers as cancelled.
      prepare(k);
      const Ref& e = in(k, 1).ref;
      if (e.kind == RefKind::Event) {
        stoppedTransitive = e.serial;
        if (in(k, 0).b) stoppedImmediate = e.serial;
      }
      return tail(g, k, 0);
    }
    case Op::EventSend: {
      prepare(k);
      if (queue.size() >= limits.maxQueuedEvents) {
        error(k, "more custom events are waiting than Vitrine's limit: this one was dropped");
        return tail(g, k, 0);
      }
      Queued q{uint32_t(n.param), uint32_t(queueValues.size())};
      for (uint32_t v = 0; v < n.inputCount; ++v) queueValues.push_back(in(k, v));
      queue.push_back(q);
      const EventDef& def = g.events[size_t(n.param)];
      LogEntry e;
      e.kind = LogEntry::Sent;
      e.time = now;
      e.node = k;
      e.text = "event " + (def.hasId ? "\"" + def.id + "\"" : "#" + std::to_string(n.param)) + " {";
      for (uint32_t v = 0; v < n.inputCount; ++v) {
        e.text += (v ? ", \"" : "\"") + def.valueIds[v] + "\": " + formatValue(in(k, v));
      }
      e.text += "}";
      log.push_back(std::move(e));
      return tail(g, k, 0);
    }
    case Op::DebugLog: {
      prepare(k);
      const LogTemplate& t = g.logs[size_t(n.param)];
      LogEntry e;
      e.kind = LogEntry::Log;
      e.time = now;
      e.node = k;
      e.severity = t.severity;
      for (size_t p = 0; p < t.params.size(); ++p) {
        e.text += t.literals[p];
        e.text += formatValue(in(k, t.params[p]));
      }
      e.text += t.literals.back();
      log.push_back(std::move(e));
      return tail(g, k, 0);
    }
    default:
      break;  // no input flow (events, pure operations, no-ops)
  }
  return kNoFlow;
}

}  // namespace vitrine::interact
