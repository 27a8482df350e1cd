// A small world for the behaviour-graph tests: named properties the test sets up, arrays of
// given lengths, animations with given ranges (sampling recorded), and picking answered by a
// function the test provides. Header-only.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine.h"
#include "graph_load.h"
#include "host.h"

namespace vitrine::interact::test {

class FakeHost : public ObjectModelHost {
 public:
  struct Prop {
    std::string pointer;
    Value value;
    bool writable = true;
    bool quaternion = false;
  };
  std::vector<Prop> props;
  std::map<std::string, uint32_t> arrays{{"/nodes", 0}};
  std::vector<std::pair<double, double>> animationRanges;         // (min, max); NaN: invalid
  std::vector<std::vector<std::pair<uint32_t, double>>> samples;  // per sampleAnimations call
  std::vector<int32_t> parents;                                   // per node, -1 for a root
  // Picking: (origin, direction, hover) -> hit node or -1; the point is the origin.
  std::function<int(const double*, const double*, bool)> picker;
  uint32_t sets = 0;

  int32_t add(const std::string& pointer, const Value& value, bool writable = true,
              bool quaternion = false) {
    props.push_back({pointer, value, writable, quaternion});
    return int32_t(props.size() - 1);
  }
  Value& at(const std::string& pointer) {
    for (Prop& p : props) {
      if (p.pointer == pointer) return p.value;
    }
    ADD_FAILURE() << "no property " << pointer;
    return props[0].value;
  }

  Property resolve(std::string_view pointer) override {
    for (size_t k = 0; k < props.size(); ++k) {
      if (props[k].pointer == pointer) {
        return {int32_t(k), props[k].value.type, props[k].writable, props[k].quaternion};
      }
    }
    return {};
  }
  uint32_t arrayLength(std::string_view pointer) override {
    const auto it = arrays.find(std::string(pointer));
    return it == arrays.end() ? 0 : it->second;
  }
  void get(int32_t id, Value& out) override { out = props[size_t(id)].value; }
  void set(int32_t id, const Value& value) override {
    props[size_t(id)].value = value;
    ++sets;
  }
  uint32_t animationCount() override { return uint32_t(animationRanges.size()); }
  void animationRange(uint32_t a, double* minTime, double* maxTime) override {
    *minTime = animationRanges[a].first;
    *maxTime = animationRanges[a].second;
  }
  void sampleAnimations(std::span<const double> times, std::span<const uint8_t> playing) override {
    samples.emplace_back();
    for (size_t a = 0; a < times.size(); ++a) {
      if (playing[a]) samples.back().emplace_back(uint32_t(a), times[a]);
    }
  }
  bool pick(const double origin[3], const double direction[3], bool hover, Hit* hit) override {
    const int node = picker ? picker(origin, direction, hover) : -1;
    if (node < 0) return false;
    hit->node = uint32_t(node);
    for (int k = 0; k < 3; ++k) hit->point[k] = origin[k];
    return true;
  }
  int32_t parentOf(uint32_t node) override { return node < parents.size() ? parents[node] : -1; }
};

// Compiles graph 0 of `extension` (a KHR_interactivity object as JSON text); null with the
// refusal's text in *error.
inline std::unique_ptr<Graph> compile(const std::string& extension, ObjectModelHost& host,
                                      std::string* error = nullptr) {
  Interactivity loaded = loadInteractivity(Json::parse(extension), host);
  if (const GraphError* refused = defaultRefusal(loaded)) {
    if (error) *error = refused->text();
    return nullptr;
  }
  return std::move(loaded.graphs[0]);
}

// The refusal of a one-graph extension whose graph is `graph` (JSON text), or "".
inline std::string refusal(const std::string& graph, ObjectModelHost& host) {
  std::string error;
  compile("{\"graphs\": [" + graph + "]}", host, &error);
  return error;
}

// What GraphError::text() must read for a rule broken at `at` (a pointer relative to graph 0),
// written out independently of the compiler.
inline std::string msg(const std::string& at, const std::string& rule, const std::string& section) {
  return "/extensions/KHR_interactivity/graphs/0" + at + ": " + rule + " (KHR_interactivity, \"" +
         section + "\")";
}

// The refusal of the one-graph extension {"graphs": [graph]} under `limits`, or "".
inline std::string refused(const std::string& graph, const GraphLimits& limits = {}) {
  FakeHost host;
  const Interactivity loaded =
      loadInteractivity(Json::parse("{\"graphs\": [" + graph + "]}"), host, limits);
  const GraphError* refusal = defaultRefusal(loaded);
  return refusal ? refusal->text() : "";
}

// Graph 0 of {"graphs": [graph]} compiled on `host`; a test failure when it is refused.
inline std::unique_ptr<Graph> accepted(const std::string& graph, FakeHost& host) {
  std::string error;
  auto g = compile("{\"graphs\": [" + graph + "]}", host, &error);
  EXPECT_NE(g, nullptr) << error;
  return g;
}

// The debug/log lines of a run, in order.
inline std::vector<std::string> logLines(const Engine& engine) {
  std::vector<std::string> out;
  for (const LogEntry& e : engine.log()) {
    if (e.kind == LogEntry::Log) out.push_back(e.text);
  }
  return out;
}

// A graph compiled on a FakeHost and an engine running it (members in destruction order),
// with what the engine tests read back.
struct EngineRig {
  FakeHost host;
  std::unique_ptr<Graph> graph;
  std::unique_ptr<Engine> engine;

  // Compiles graph 0 of {"graphs": [graphJson]}; false (a test failure) when it is refused.
  bool load(const std::string& graphJson, const EngineLimits& limits = {}) {
    std::string error;
    graph = compile("{\"graphs\": [" + graphJson + "]}", host, &error);
    EXPECT_TRUE(graph) << error;
    if (!graph) return false;
    engine = std::make_unique<Engine>(*graph, host, limits);
    return true;
  }
  void ticks(std::initializer_list<double> times) {
    for (double t : times) engine->tick(t);
  }
  std::vector<std::string> lines() const { return logLines(*engine); }
  // The debug/log lines as "τ text".
  std::vector<std::string> timed() const {
    std::vector<std::string> out;
    for (const LogEntry& e : engine->log()) {
      if (e.kind != LogEntry::Log) continue;
      std::ostringstream s;
      s << e.time << ' ' << e.text;
      out.push_back(s.str());
    }
    return out;
  }
  int errors() const {
    int n = 0;
    for (const LogEntry& e : engine->log()) n += e.kind == LogEntry::Error ? 1 : 0;
    return n;
  }
};

}  // namespace vitrine::interact::test
