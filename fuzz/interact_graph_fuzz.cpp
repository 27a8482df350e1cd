// libFuzzer target: KHR_interactivity's loader (interact/graph_load.h) on the bytes as the
// extension object's JSON text: every rule of "JSON Syntax" and "Validation", the compiler
// (types, variables, events, declarations, nodes, configurations, pointer templates resolved
// through a small host, flows, evaluation lists), and for an accepted default graph start()
// and 3 ticks of the engine. Invalid JSON returns at once (nlohmann::json, no exceptions).
// GraphLimits are smaller than the defaults (fuzzLimits()): an input of -max_len (128 KiB) can
// then reach them, so the limit checks are fuzzed too, and an input at a limit stays fast
// (maxNodes 4096 against 262144, maxEvalListEntries 1M against 16M, ...). The engine runs
// under maxExecutionsPerTick = 10000 (100,000 in interact_run_fuzz) for the same reason. Seeds:
// valid graphs as JSON text (corpus_gen, interact_graph/). INTERACT_FUZZ_VERBOSE=1 prints what was
// accepted or refused, and why.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "engine.h"
#include "graph_load.h"
#include "interact_fuzz_host.h"

namespace {

using namespace vitrine::interact;

using fuzz::FuzzHost;

GraphLimits fuzzLimits() {
  GraphLimits l;
  l.maxGraphs = 16;
  l.maxTypes = 32;
  l.maxVariables = 1024;
  l.maxEvents = 256;
  l.maxEventValues = 32;
  l.maxDeclarations = 512;
  l.maxDeclarationSockets = 32;
  l.maxNodes = 4096;
  l.maxValueSockets = 128;
  l.maxFlowSockets = 128;
  l.maxEvalListEntries = 1u << 20;
  l.maxPointerEntries = 1u << 16;
  l.maxBytes = 4u << 20;  // about 2,000 nodes at kBytesPerNode: the budget refusal is reachable
  return l;
}

const GraphLimits kFuzzLimits = fuzzLimits();

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Json doc = Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return 0;
  FuzzHost host;
  const Interactivity loaded = loadInteractivity(doc, host, kFuzzLimits);
  // What graph_load.h promises: one entry per graph (none when the extension object itself
  // is refused), null exactly where a rule was broken; defaultRefusal() null exactly when the
  // default graph runs.
  if (!loaded.graphs.empty() && loaded.graphs.size() != loaded.errors.size()) std::abort();
  for (size_t k = 0; k < loaded.graphs.size(); ++k) {
    if ((loaded.graphs[k] == nullptr) != !loaded.errors[k].rule.empty()) std::abort();
  }
  const GraphError* refusal = defaultRefusal(loaded);
  if (std::getenv("INTERACT_FUZZ_VERBOSE")) {
    for (size_t k = 0; k < loaded.graphs.size(); ++k) {
      std::fprintf(stderr, "graph %zu: %s\n", k,
                   loaded.graphs[k] ? "accepted" : loaded.errors[k].text().c_str());
    }
    if (refusal) std::fprintf(stderr, "no behaviour: %s\n", refusal->text().c_str());
  }
  if (refusal) {
    if (refusal->rule.empty() || refusal->text().empty()) std::abort();
    return 0;
  }
  if (loaded.defaultGraph >= loaded.graphs.size() || !loaded.graphs[loaded.defaultGraph]) {
    std::abort();
  }
  EngineLimits limits;
  limits.maxExecutionsPerTick = 10000;
  Engine engine(*loaded.graphs[loaded.defaultGraph], host, limits);
  engine.start();
  const double origin[3] = {0, 0, 0}, direction[3] = {1, 0, 0};
  engine.select(origin, direction);
  engine.tick(0.0);
  engine.setHover(origin, direction);
  engine.tick(0.5);
  engine.clearHover();
  engine.tick(10.0);
  for (const Value& v : engine.variables()) (void)formatValue(v);
  return 0;
}
