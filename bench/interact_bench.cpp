// The behaviour-graph engine (interact/engine.h) on an in-memory host of N nodes, each with a
// translation (float3), graphs written as KHR_interactivity JSON text and compiled by
// loadInteractivity(), as an asset's would be:
//   loop:     onTick -> sequence(variable/set var0 = 0, flow/for 0..1,000,000 whose loopBody is
//             variable/set var0 = math/add(variable/get var0, 1)); var0 must be exactly
//             1,000,000 after each tick. ns per loop iteration.
//   set:      onTick -> flow/for 0..1,000 whose loopBody is pointer/set "/nodes/[i]/translation"
//             to math/combine3(f, f, f), f = type/intToFloat(index), on 1,000 nodes. ms a tick.
//   interpolate_start: onStart -> flow/for 0..1,000 whose loopBody is pointer/interpolate of
//             "/nodes/[i]/translation" to the same value over 100 s (ease-in-out control points
//             (0.42, 0), (0.58, 1)): Engine::start() alone (construction untimed), per
//             interpolation started.
//   interpolate_tick: the same 1,000 interpolations running: ms a tick at 60 ticks a second
//             (a fresh engine, untimed, before they would end).
// Counters: the figure, x_target (the figure to beat over ours: Babylon.js FlowGraph on a
// 2-core machine, 3.0 µs an iteration, 9.0 ms a tick of 1,000 sets, 0.25 ms an interpolation
// started, 0.54 ms a tick of 1,000 running; the goal is 30), and allocs_per_tick: operator new
// calls inside Engine::tick() (or start()), counted by this binary's global operator new.
#include <benchmark/benchmark.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "engine.h"
#include "graph_load.h"

namespace {

std::atomic<uint64_t> gAllocations{0};

}  // namespace

// Every allocation of the process counts; the benchmarks read the count around a tick. Not
// inlined: GCC 12 would otherwise see free() on a pointer from operator new at the call sites
// (-Wmismatched-new-delete).
[[gnu::noinline]] void* operator new(std::size_t size) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t size) {
  return ::operator new(size);
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

using namespace vitrine::interact;
using Clock = std::chrono::steady_clock;

constexpr uint32_t kNodes = 1000;

// N nodes, each a writable translation: "/nodes/<k>/translation" is property k.
class BenchHost final : public ObjectModelHost {
 public:
  explicit BenchHost(uint32_t nodes) : translations(nodes) {}
  struct Float3 {
    double v[3] = {0, 0, 0};
  };
  std::vector<Float3> translations;
  uint64_t sets = 0;

  Property resolve(std::string_view pointer) override {
    static constexpr std::string_view kPrefix = "/nodes/", kSuffix = "/translation";
    if (!pointer.starts_with(kPrefix) || !pointer.ends_with(kSuffix)) return {};
    const std::string_view digits =
        pointer.substr(kPrefix.size(), pointer.size() - kPrefix.size() - kSuffix.size());
    uint32_t k = 0;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), k);
    if (r.ec != std::errc() || r.ptr != digits.data() + digits.size() || k >= translations.size())
      return {};
    return {int32_t(k), Type::Float3, true, false};
  }
  uint32_t arrayLength(std::string_view pointer) override {
    return pointer == "/nodes" ? uint32_t(translations.size()) : 0;
  }
  void get(int32_t id, Value& out) override {
    for (int c = 0; c < 3; ++c) out.f[c] = translations[size_t(id)].v[c];
  }
  void set(int32_t id, const Value& value) override {
    for (int c = 0; c < 3; ++c) translations[size_t(id)].v[c] = value.f[c];
    ++sets;
  }
  uint32_t animationCount() override { return 0; }
  void animationRange(uint32_t, double*, double*) override {}
  void sampleAnimations(std::span<const double>, std::span<const uint8_t>) override {}
  bool pick(const double*, const double*, bool, Hit*) override { return false; }
  int32_t parentOf(uint32_t) override { return -1; }
};

constexpr const char* kLoopGraph = R"({"graphs": [{
  "types": [{"signature": "int"}],
  "variables": [{"type": 0, "value": [0]}],
  "declarations": [{"op": "event/onTick"}, {"op": "flow/sequence"}, {"op": "variable/set"},
                   {"op": "flow/for"}, {"op": "variable/get"}, {"op": "math/add"}],
  "nodes": [
    {"declaration": 0, "flows": {"out": {"node": 1}}},
    {"declaration": 1, "flows": {"a": {"node": 2}, "b": {"node": 3}}},
    {"declaration": 2, "configuration": {"variables": {"value": [0]}},
     "values": {"0": {"type": 0, "value": [0]}}},
    {"declaration": 3, "values": {"startIndex": {"type": 0, "value": [0]},
                                  "endIndex": {"type": 0, "value": [1000000]}},
     "flows": {"loopBody": {"node": 6}}},
    {"declaration": 4, "configuration": {"variable": {"value": [0]}}},
    {"declaration": 5, "values": {"a": {"node": 4}, "b": {"type": 0, "value": [1]}}},
    {"declaration": 2, "configuration": {"variables": {"value": [0]}},
     "values": {"0": {"node": 5}}}]}]})";

// The loop over the nodes, its body `body` (pointer/set or pointer/interpolate), run by `event`.
std::string nodeLoopGraph(const char* event, const char* body) {
  const bool interpolate = std::string_view(body) == "pointer/interpolate";
  return std::string(R"({"graphs": [{
  "types": [{"signature": "int"}, {"signature": "float"}, {"signature": "float2"},
            {"signature": "float3"}],
  "declarations": [{"op": ")") +
         event + R"("}, {"op": "flow/for"}, {"op": "type/intToFloat"},
                   {"op": "math/combine3"}, {"op": ")" +
         body + R"("}],
  "nodes": [
    {"declaration": 0, "flows": {"out": {"node": 1}}},
    {"declaration": 1, "values": {"startIndex": {"type": 0, "value": [0]},
                                  "endIndex": {"type": 0, "value": [)" +
         std::to_string(kNodes) + R"(]}},
     "flows": {"loopBody": {"node": 4}}},
    {"declaration": 2, "values": {"a": {"node": 1, "socket": "index"}}},
    {"declaration": 3, "values": {"a": {"node": 2}, "b": {"node": 2}, "c": {"node": 2}}},
    {"declaration": 4,
     "configuration": {"pointer": {"value": ["/nodes/[i]/translation"]}, "type": {"value": [3]}},
     "values": {"i": {"node": 1, "socket": "index"}, "value": {"node": 3})" +
         (interpolate ? R"(,
                "duration": {"type": 1, "value": [100]},
                "p1": {"type": 2, "value": [0.42, 0]}, "p2": {"type": 2, "value": [0.58, 1]})"
                      : "") +
         "}}]}]}";
}

std::unique_ptr<Graph> compile(const std::string& text, ObjectModelHost& host) {
  Interactivity loaded = loadInteractivity(Json::parse(text), host);
  if (const GraphError* refusal = defaultRefusal(loaded)) {
    std::fprintf(stderr, "interact_bench: graph refused: %s\n", refusal->text().c_str());
    std::abort();
  }
  return std::move(loaded.graphs[0]);
}

double seconds(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

void loop(benchmark::State& state) {
  constexpr double kIterations = 1e6;
  BenchHost host(0);
  const std::unique_ptr<Graph> graph = compile(kLoopGraph, host);
  Engine engine(*graph, host);
  engine.start();
  double time = 0;
  engine.tick(time);  // the first tick sizes the engine's queues
  uint64_t allocations = 0;
  bool exact = true;
  const Clock::time_point start = Clock::now();
  for (auto _ : state) {
    time += 1.0 / 60;
    const uint64_t before = gAllocations.load(std::memory_order_relaxed);
    engine.tick(time);
    allocations += gAllocations.load(std::memory_order_relaxed) - before;
    exact &= engine.variables()[0].i == 1000000 && !engine.lastTick().budgetHit;
  }
  const double tick = seconds(start, Clock::now()) / double(state.iterations());
  if (!exact) state.SkipWithError("var0 is not exactly 1000000 after a tick");
  state.counters["ns_per_iteration"] = tick / kIterations * 1e9;
  state.counters["x_target"] = 3.0e-6 / (tick / kIterations);
  state.counters["final_value"] = engine.variables()[0].i;
  state.counters["executions_per_tick"] = double(engine.lastTick().executions);
  state.counters["allocs_per_tick"] = double(allocations) / double(state.iterations());
}

void pointerSet(benchmark::State& state) {
  BenchHost host(kNodes);
  const std::unique_ptr<Graph> graph = compile(nodeLoopGraph("event/onTick", "pointer/set"), host);
  Engine engine(*graph, host);
  engine.start();
  double time = 0;
  engine.tick(time);
  uint64_t allocations = 0;
  const uint64_t setsBefore = host.sets;
  const Clock::time_point start = Clock::now();
  for (auto _ : state) {
    time += 1.0 / 60;
    const uint64_t before = gAllocations.load(std::memory_order_relaxed);
    engine.tick(time);
    allocations += gAllocations.load(std::memory_order_relaxed) - before;
  }
  const double tick = seconds(start, Clock::now()) / double(state.iterations());
  const BenchHost::Float3& lastNode = host.translations[kNodes - 1];
  if (lastNode.v[0] != kNodes - 1 || lastNode.v[2] != kNodes - 1)
    state.SkipWithError("the last node's translation is not (999, 999, 999)");
  state.counters["ms_per_tick"] = tick * 1e3;
  state.counters["x_target"] = 9.0e-3 / tick;
  state.counters["sets_per_tick"] = double(host.sets - setsBefore) / double(state.iterations());
  state.counters["allocs_per_tick"] = double(allocations) / double(state.iterations());
}

void interpolateStart(benchmark::State& state) {
  BenchHost host(kNodes);
  const std::unique_ptr<Graph> graph =
      compile(nodeLoopGraph("event/onStart", "pointer/interpolate"), host);
  uint64_t allocations = 0;
  double total = 0;
  bool started = true;
  for (auto _ : state) {
    Engine engine(*graph, host);  // untimed: manual time below
    const uint64_t before = gAllocations.load(std::memory_order_relaxed);
    const Clock::time_point t0 = Clock::now();
    engine.start();
    const Clock::time_point t1 = Clock::now();
    allocations += gAllocations.load(std::memory_order_relaxed) - before;
    state.SetIterationTime(seconds(t0, t1));
    total += seconds(t0, t1);
    started &= engine.log().empty();  // a refused interpolation logs its `err`
  }
  if (!started) state.SkipWithError("an interpolation did not start");
  const double perStart = total / double(state.iterations()) / kNodes;
  state.counters["us_per_start"] = perStart * 1e6;
  state.counters["x_target"] = 0.25e-3 / perStart;
  state.counters["allocs_per_start_call"] = double(allocations) / double(state.iterations());
}

void interpolateTick(benchmark::State& state) {
  BenchHost host(kNodes);
  const std::unique_ptr<Graph> graph =
      compile(nodeLoopGraph("event/onStart", "pointer/interpolate"), host);
  std::unique_ptr<Engine> engine;
  double time = 0;
  const auto restart = [&] {
    engine = std::make_unique<Engine>(*graph, host);
    engine->start();
    time = 0;
    engine->tick(time);  // t = 0: they wait; the queues are sized
  };
  restart();
  uint64_t allocations = 0, sets = 0;
  double total = 0;
  for (auto _ : state) {
    if (time > 90) restart();  // untimed; before the 100 s interpolations end
    time += 1.0 / 60;
    const uint64_t setsBefore = host.sets;
    const uint64_t before = gAllocations.load(std::memory_order_relaxed);
    const Clock::time_point t0 = Clock::now();
    engine->tick(time);
    const Clock::time_point t1 = Clock::now();
    allocations += gAllocations.load(std::memory_order_relaxed) - before;
    sets += host.sets - setsBefore;
    state.SetIterationTime(seconds(t0, t1));
    total += seconds(t0, t1);
  }
  const double tick = total / double(state.iterations());
  state.counters["ms_per_tick"] = tick * 1e3;
  state.counters["x_target"] = 0.54e-3 / tick;
  if (sets != uint64_t(kNodes) * state.iterations())
    state.SkipWithError("not every interpolation ran every tick");
  state.counters["sets_per_tick"] = double(sets) / double(state.iterations());
  state.counters["allocs_per_tick"] = double(allocations) / double(state.iterations());
}

void registerAll() {
  benchmark::RegisterBenchmark("interact/loop/iterations:1000000", loop)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("interact/set/nodes:1000", pointerSet)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("interact/interpolate_start/nodes:1000", interpolateStart)
      ->Unit(benchmark::kMicrosecond)
      ->UseManualTime();
  benchmark::RegisterBenchmark("interact/interpolate_tick/nodes:1000", interpolateTick)
      ->Unit(benchmark::kMicrosecond)
      ->UseManualTime();
}

const bool kRegistered = (registerAll(), true);

}  // namespace

BENCHMARK_MAIN();
