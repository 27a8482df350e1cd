// Values: the pure nodes a node reads, evaluated in its precomputed order (graph.h), and
// pointer/get on the host's properties and the engine's own ("Pointer Get").
#include <cmath>

#include "engine_state.h"
#include "ops_pure.h"
#include "virtual_pointers.h"

namespace vitrine::interact {

void Engine::State::prepare(uint32_t node) {
  const Node& n = g.nodes[node];
  for (uint32_t e = 0; e < n.evalCount; ++e) evalPure(g.evalLists[n.eval0 + e]);
}

double Engine::State::random() {
  // splitmix64: a fixed seed, so that a run is the same every time ("Random" asks for no
  // particular generator). 53 bits into [0, 1).
  uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return double(z >> 11) * 0x1.0p-53;
}

int32_t Engine::State::pointerProperty(uint32_t node, bool* writable, bool* rotation) {
  // "Pointer Get"/"Set" steps 2-4: negative ints and null refs (or refs to another kind of
  // object) name nothing; then the table built at load.
  const Node& n = g.nodes[node];
  const PointerUse& use = g.pointers[size_t(n.param)];
  uint64_t key = 0;
  for (size_t p = 0; p < use.params.size(); ++p) {
    const Value& v = in(node, uint32_t(p));
    uint32_t index = 0;
    if (use.params[p].isRef) {
      if (v.ref.kind == RefKind::Null || v.ref.kind != use.params[p].kind) return -1;
      index = v.ref.index;
    } else {
      if (v.i < 0) return -1;
      index = uint32_t(v.i);
    }
    if (index >= (1u << 21)) return -1;
    key |= uint64_t(index) << (21 * p);
  }
  const auto it = use.table.find(key);
  if (it == use.table.end()) return -1;
  *writable = use.writable.count(key) != 0;
  *rotation = use.rotation.count(key) != 0;
  return it->second;
}

void Engine::State::readProperty(int32_t id, Value& out) {
  if (id < kVirtualBase) {
    host.get(id, out);
    return;
  }
  const int32_t field = id - kVirtualBase;
  if (field < kAnimationFieldBase) {
    // "Implementation-Specific Runtime Limits".
    const uint32_t limit[] = {limits.maxActiveAnimations, limits.maxActiveDelays,
                              limits.maxPointerInterpolations, limits.maxVariableInterpolations};
    out.i = int32_t(limit[field]);
    return;
  }
  const Animation& a = animations[size_t((field - kAnimationFieldBase) / 8)];
  switch ((field - kAnimationFieldBase) % 8) {
    case kIsPlaying:
      out.b = a.active;
      break;
    case kMinTime:
      out.f[0] = a.minTime;
      break;
    case kMaxTime:
      out.f[0] = a.maxTime;
      break;
    case kPlayhead:
      out.f[0] = a.playhead;
      break;
    default:
      out.f[0] = a.virtualPlayhead;
      break;
  }
}

void Engine::State::evalPure(uint32_t k) {
  if (!countExecution(k)) return;
  const Node& n = g.nodes[k];
  Value* out = &values[n.output0];
  if (const PureFn fn = pureFunction(n.op)) {
    const Value* args[32];
    for (uint32_t i = 0; i < n.inputCount && i < 32; ++i) args[i] = &in(k, i);
    fn(n.op, args, out, n.param);
    return;
  }
  switch (n.op) {
    case Op::MathSelect:
      out[0] = in(k, 0).b ? in(k, 1) : in(k, 2);
      return;
    case Op::MathSwitch: {
      // "Switch" (math): the case socket whose id is the selection, else `default`.
      const int32_t selection = in(k, 0).i;
      for (uint32_t c = 0; c < n.extraCount; ++c) {
        if (g.ints[n.extra0 + c] == selection) {
          out[0] = in(k, 2 + c);
          return;
        }
      }
      out[0] = in(k, 1);
      return;
    }
    case Op::MathRandom:
      // "Random": a new value only when read after a new flow activation.
      if (randomEpoch[k] != flowEpoch) {
        randomEpoch[k] = flowEpoch;
        out[0].f[0] = random();
      }
      return;
    case Op::VariableGet:
      out[0] = variables[size_t(n.param)];
      return;
    case Op::PointerGet: {
      const PointerUse& use = g.pointers[size_t(n.param)];
      if (use.refCheck != 0) {
        // "Delay References", "Event References".
        const Ref& r = in(k, 0).ref;
        const bool ok =
            use.type == Type::Ref &&
            (use.refCheck == 1 ? liveDelay(r) : r.kind == RefKind::Event && r.serial != 0);
        out[0] = ok ? makeRef(r) : defaultValue(use.type);
        out[1].b = ok;
        return;
      }
      bool writable = false, rotation = false;
      const int32_t id = pointerProperty(k, &writable, &rotation);
      out[1].b = id >= 0;
      if (id < 0) {
        out[0] = defaultValue(use.type);
        return;
      }
      out[0].type = use.type;
      readProperty(id, out[0]);
      return;
    }
    default:
      return;
  }
}

}  // namespace vitrine::interact
