// Internal to the engine (engine_*.cpp): the mutable state of one running graph, in flat
// arrays indexed like the compiled graph's, and the steps of a tick.
#pragma once

#include <cstdint>
#include <vector>

#include "engine.h"

namespace vitrine::interact {

// The solve of the easing's x(u) = t, carried from tick to tick: t changes little between
// ticks, so u + (t - lastT) * du/dt is within a tiny error of the solution and one Newton step
// finishes it (engine_time.cpp).
struct EaseSolve {
  double u = 0, t = 0, dudt = 0;
};

struct Engine::State {
  State(const Graph& graph, ObjectModelHost& h, const EngineLimits& l);

  const Graph& g;
  ObjectModelHost& host;
  EngineLimits limits;

  std::vector<Value> values;  // the graph's constants and every node's outputs
  std::vector<Value> variables;
  std::vector<int32_t> nodeInt;  // flow/doN's count (the rest keep theirs in outputs)
  std::vector<double> nodeTime;  // flow/throttle's timestamp
  std::vector<uint8_t> bits;     // flow/multiGate used outputs, flow/waitAll activated inputs
  std::vector<uint64_t> randomEpoch;
  uint64_t flowEpoch = 1;  // increments at every input flow activation ("Random")
  uint64_t rng = 0x9E3779B97F4A7C15ull;

  double now = 0;
  double lastTickTime = kNaN;
  double firstTickTime = kNaN;  // "On Tick": timeSinceStart counts from the first tick
  bool started = false;

  // Handlers, in JSON order.
  std::vector<uint32_t> onStart, onTick, onSelect, onHoverIn, onHoverOut;
  std::vector<std::vector<uint32_t>> receivers;  // per custom event

  // flow/setDelay ("Set Delay"): slots reused through `free`, told apart by serial.
  // Vitrine's "implementation-defined high-precision time type" is whole nanoseconds, so
  // that 0.1 + 0.2 s is due at the tick at 0.3 s as a user expects.
  struct Delay {
    int64_t at = 0;      // ns
    uint64_t order = 0;  // scheduling order
    uint32_t node = kNone;
    uint32_t serial = 0;  // 0: the slot is free
  };
  std::vector<Delay> delays;
  std::vector<uint32_t> freeDelays;
  uint32_t liveDelays = 0;
  uint32_t delaySerial = 0;
  uint64_t delayOrder = 0;
  std::vector<uint32_t> dueScratch;

  // pointer/interpolate, variable/interpolate ("Pointer Interpolate", "Variable Interpolate").
  struct Interpolation {
    int32_t target = -1;  // property id, or variable index
    double start = 0, duration = 0;
    double p1x = 0, p1y = 0, p2x = 0, p2y = 0;
    EaseSolve solve;  // the Bézier solve of the last tick: the next one starts from it
    Value from, to;
    uint32_t node = kNone;  // whose `done` fires
    uint64_t order = 0;     // start order: `list` is sorted by it
    bool slerp = false;
    bool dead = false;
  };
  // One kind's "interpolation state dynamic array": in start order, with the live entry of
  // each target found in O(1); replaced and finished entries are compacted away once they
  // outnumber the live ones, so restarting one interpolation a million times stays linear.
  struct Interpolations {
    std::vector<Interpolation> list;
    std::vector<uint32_t> byTarget;  // target -> index in list, or kNone
    uint32_t live = 0, dead = 0;
    uint64_t nextOrder = 0;
    uint64_t generation = 0;  // bumps when list is compacted (indices change)
  };
  Interpolations interpolations[2];  // [0] pointers, [1] variables
  void endInterpolation(Interpolations& set, uint32_t index);
  void compactInterpolations(Interpolations& set);

  // animation/start ("Animation Start"): one entry per animation, active or not.
  struct Animation {
    bool active = false;
    double start = 0, end = 0, stop = 0, speed = 1, created = 0;
    uint32_t endNode = kNone, stopNode = kNone;  // whose `done` fires
    double playhead = 0, virtualPlayhead = 0;
    double minTime = kNaN, maxTime = kNaN;
  };
  std::vector<Animation> animations;
  std::vector<double> animationTimes;
  std::vector<uint8_t> animationApplied;
  std::vector<uint32_t> animationDone;

  // Custom events waiting for the next tick: event index and its values.
  struct Queued {
    uint32_t event = 0;
    uint32_t values0 = 0;
  };
  std::vector<Queued> queue, processing;
  std::vector<Value> queueValues, processingValues;
  uint32_t eventSerial = 0;
  uint32_t stoppedImmediate = 0, stoppedTransitive = 0;  // event serials stopped

  // Inputs for step 2 of the next tick.
  struct Input {
    enum Kind : uint8_t { Select, Hover, HoverClear, Event } kind = Select;
    double origin[3] = {0, 0, 0}, direction[3] = {0, 0, 0};
    int32_t controller = 0;
    uint32_t event = 0, values0 = 0;
  };
  std::vector<Input> inputs;
  std::vector<Value> inputValues;
  bool hovering = false;
  double hoverOrigin[3] = {0, 0, 0}, hoverDirection[3] = {0, 0, 0};
  int32_t hoverController = 0;
  int32_t hoverNode = -1;

  std::vector<LogEntry> log;
  std::vector<NodeActivity> activity;  // per node (Engine::nodeActivity)
  uint64_t ticks = 0;
  TickStats stats;
  uint64_t executions = 0;
  bool aborted = false;
  uint32_t depth = 0;

  // engine_flow.cpp
  void activate(uint32_t node, uint32_t socket);
  void fire(uint32_t node, uint32_t flow);
  FlowLink execute(uint32_t node, uint32_t socket);
  bool countExecution(uint32_t node);
  void error(uint32_t node, const char* why);
  // engine_eval.cpp
  void prepare(uint32_t node);
  void evalPure(uint32_t node);
  const Value& in(uint32_t node, uint32_t k) const {
    return values[g.inputs[g.nodes[node].input0 + k]];
  }
  int32_t pointerProperty(uint32_t node, bool* writable, bool* rotation);
  void readProperty(int32_t id, Value& out);
  double random();
  // engine_time.cpp
  bool scheduleDelay(uint32_t node, double duration);
  void cancelDelays(uint32_t node);
  void cancelDelay(const Ref& ref);
  bool liveDelay(const Ref& ref) const;
  void runDelays();
  bool startInterpolation(uint32_t node, bool pointer, int32_t target, const Value& from,
                          const Value& to, bool slerp);
  void removeInterpolation(bool pointer, int32_t target);
  void runInterpolations(bool pointer);
  void runAnimations();
  // engine_events.cpp
  void dispatch(const std::vector<uint32_t>& handlers, uint32_t serial);
  void runQueuedEvents();
  void runInputs();
  void runSelect(const Input& input);
  void runHover();
};

}  // namespace vitrine::interact
