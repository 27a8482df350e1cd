// --interact (issue 33 §6): the asset's behaviour graph run headless on the graph clock, the
// inputs of the command line delivered at their ticks, and the queries printed at their times.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "batch_common.h"
#include "cli.h"
#include "engine.h"

namespace vitrine::app {

// A graph running on the graph clock with the command line's inputs (--select, --select-ray,
// --hover, --event) delivered at their ticks: what --interact and the sequences with
// --interact (--frames, --turntable) share.
class GraphRun {
 public:
  // The chosen graph (--graph, else the default) of `asset`, every input checked, the inputs
  // cast from `view`; onStart has run. Null after printing why, with *status kExitBadInput (no
  // KHR_interactivity, no such graph, node or event) or kExitValidation (the graph is refused:
  // the load or this call warned).
  static std::unique_ptr<GraphRun> create(BatchAsset& asset, const std::string& file,
                                          const CliOptions& options, const renderer::View& view,
                                          int* status);
  ~GraphRun();

  // Runs every tick k / N <= `time` not run yet, each with the inputs due; after each,
  // afterTick(τ_k, τ_k+1). The host's world matrices follow; what changed is left in its
  // dirty() for the caller to upload and clear. False after printing why an input failed.
  bool advance(double time, const std::function<void(double, double)>& afterTick = {});
  // The latest time an input needs (a --hover's release included).
  double latestInput() const;
  interact::Engine& engine();
  // With --log: the log lines so far, "@τ KIND: text".
  void printLog() const;

 private:
  struct Impl;
  explicit GraphRun(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The view --interact casts inputs from: --camera's, else the one --render frames; empty after
// printing why --camera names no usable camera.
std::optional<renderer::View> interactView(const scene::Scene& scene, const CliOptions& options,
                                           const std::string& file);

// Runs the graph of `asset` (loaded by loadBatchAsset) to max(--time, the latest input or
// query time), printing --log lines and then one line per --query, "POINTER@t = JSON". Leaves
// the scene as the graph left it at --time, for --render. kExitOk when the graph ran;
// kExitValidation (3) when the extension or the chosen graph is refused (one line naming the
// rule, then the queries answered as for a plain asset); kExitBadInput for an asset without
// KHR_interactivity, an unknown node, event or pointer.
int runInteract(BatchAsset& asset, const std::string& file, const CliOptions& options);

}  // namespace vitrine::app
