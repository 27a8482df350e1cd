// Runs one compiled graph (graph.h) on a host (host.h), tick by tick, exactly as
// KHR_interactivity defines its operations. Time is the graph clock τ the caller gives: delays,
// interpolations, animations and throttles measure it, never the wall clock, so a run is the
// same every time.
//
// Within a tick (tick()), the order where the specification leaves it open (docs/interactivity.md):
//   1. custom events sent during the previous tick (or onStart), in send order;
//   2. the inputs queued since (select, hover, external events), in the order queued;
//   3. due delays, by activation time, then by scheduling order;
//   4. animations, at τ minus their start;
//   5. pointer interpolations, then variable interpolations, each with its `done`;
//   6. the onTick nodes, in JSON order.
// Flow activation is synchronous and depth-first; value sockets are evaluated each time they
// are read. Nothing allocates inside a tick once the queues have reached their working size.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "graph.h"
#include "host.h"

namespace vitrine::interact {

// The longest delay, interpolation or throttle duration, in seconds (about 31 years): longer
// ones take `err` ("Set Delay": exceeding the implementation's limit "MUST lead to the err
// output flow activation").
inline constexpr double kMaxDuration = 1e9;

struct EngineLimits {
  uint64_t maxExecutionsPerTick = 10'000'000;  // node executions; then the tick's chain ends
  uint32_t maxActiveDelays = 65536;
  uint32_t maxPointerInterpolations = 65536;
  uint32_t maxVariableInterpolations = 65536;
  uint32_t maxActiveAnimations = 65536;
  uint32_t maxQueuedEvents = 65536;  // custom events waiting for the next tick
  uint32_t maxFlowDepth = 2048;      // nested (non-tail) flow activations
};

struct LogEntry {
  enum Kind : uint8_t { Log, Sent, Error, Budget };
  Kind kind = Log;
  double time = 0;  // τ
  int32_t severity = 0;
  uint32_t node = kNone;
  std::string text;  // the message, "event ID {values}", or "node N (op): why"
};

// What a graph is doing, for the window's graph panel (issue 34): read between ticks
// (engine_inspect.cpp); nothing here is kept up to date inside a tick beyond two counters.
struct NodeActivity {
  uint64_t runs = 0;      // executions since start() (pure evaluations included)
  uint64_t lastTick = 0;  // Engine::ticks() when it last ran (0: during start(), or never)
  bool erred = false;     // it took an `err` flow (or logged an error) at least once
};
struct DelayInfo {
  uint32_t node = kNone;  // the flow/setDelay node
  uint32_t serial = 0;    // its /extensions/KHR_interactivity/delays/ index
  double due = 0;         // τ at which it fires
};
struct InterpolationInfo {
  bool pointer = true;    // pointer/interpolate; else variable/interpolate
  int32_t target = -1;    // property id (Engine::readProperty), or variable index
  uint32_t node = kNone;  // the node whose `done` fires
  double start = 0, duration = 0;
  Value from, to;
};
struct AnimationInfo {
  uint32_t animation = 0;
  double start = 0, end = 0, stop = 0, speed = 1;
  double playhead = 0;  // what it was sampled at in the last tick (NaN: no keyframes)
};
struct Activity {
  std::vector<DelayInfo> delays;                  // by due time
  std::vector<InterpolationInfo> interpolations;  // pointer ones first, each in start order
  std::vector<AnimationInfo> animations;          // the active ones, by index
};

struct TickStats {
  uint64_t executions = 0;  // node executions in the last tick (pure evaluations included)
  bool budgetHit = false;
};

class Engine {
 public:
  Engine(const Graph& graph, ObjectModelHost& host, const EngineLimits& limits = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // τ = 0: every onStart node in JSON order ("On Start"). Call once, before the first tick.
  void start();
  // One tick at graph time `time` (seconds since start(), non-decreasing). onTick's
  // timeSinceStart is `time` minus the first tick's (0 on the first tick, "On Tick").
  void tick(double time);

  // Inputs, delivered in step 2 of the next tick. A select casts `direction` from `origin`
  // against the selectable nodes; a hover pointer is re-cast every tick until cleared.
  void select(const double origin[3], const double direction[3], int32_t controller = 0);
  void setHover(const double origin[3], const double direction[3], int32_t controller = 0);
  void clearHover(int32_t controller = 0);
  // An external custom event by id with values (missing ones take their initial or type
  // default); false when the graph declares no event with that id or a value is mistyped.
  bool sendEvent(const std::string& id, const std::vector<std::pair<std::string, Value>>& values,
                 std::string* error);

  // The current value of a property resolved through virtualProperty() or the host (out.type
  // set to its type): what pointer/get reads.
  void readProperty(int32_t id, Value& out);

  const std::vector<Value>& variables() const;
  const std::vector<LogEntry>& log() const;
  void clearLog();
  const TickStats& lastTick() const;
  double time() const;

  // Inspection (engine_inspect.cpp): the graph it runs, the ticks run since start(), each
  // node's activity (indexed like Graph::nodes), every value slot (Graph::values' layout: a
  // node's outputs as of its last run), and the delays, interpolations and animations active.
  const Graph& graph() const;
  uint64_t ticks() const;
  const std::vector<NodeActivity>& nodeActivity() const;
  const std::vector<Value>& values() const;
  Activity activity() const;
  // Whether animation `animation` is playing (started and not yet stopped or ended): what
  // activity().animations lists, without its copies.
  bool animationActive(uint32_t animation) const;
  // Sets variable `index` between ticks as a variable/set node would ("Variable Set": its
  // interpolation ends); false when out of range or of another type.
  bool setVariable(uint32_t index, const Value& value);

  struct State;  // engine_state.h

 private:
  std::unique_ptr<State> state_;
};

// A value as JSON ("Value Socket Types"): numbers in their shortest exact form, NaN and ±∞ as
// "NaN", "Infinity", "-Infinity", vectors and matrices as arrays, refs as their pointer
// ("/nodes/3") or null.
// asFloat32: floats printed as the shortest text of the nearest 32-bit float (the scene stores
// its values so, and today's --query prints them so).
std::string formatValue(const Value& value, bool asFloat32 = false);

}  // namespace vitrine::interact
