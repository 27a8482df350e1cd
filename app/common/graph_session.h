// The window's behaviour graph (issue 34): the open document's chosen KHR_interactivity graph
// run by the engine of interact/ (no second interpreter), one tick per displayed frame with the
// frame's real time ("at most one tick per frame"), with Run / Pause / Step / Reset, the mouse
// as selection and hover input, a bounded log and the cost of each tick. No GLFW, no ImGui:
// the Viewer feeds it, the graph panel (app/panels/graph_panel.h) draws it.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "document.h"
#include "engine.h"
#include "renderer.h"
#include "scene_host.h"

namespace vitrine::app {

// "Active Camera State" for `view` at aspect ratio `aspect`: its pose, and the projection of
// glTF camera `assetCamera` when the view looks through one, else of the orbit camera (its
// field of view and near plane, the far plane at infinity).
interact::ActiveCamera activeCameraOf(const scene::Scene& scene, std::optional<int> assetCamera,
                                      const renderer::View& view, float aspect);

class GraphSession {
 public:
  // What Step advances the graph clock by: one tick of a 60 Hz display.
  static constexpr double kStepSeconds = 1.0 / 60.0;
  // The most log lines kept; older ones are dropped (and counted) so that a graph that logs
  // every tick keeps the panel fast.
  static constexpr size_t kMaxLogLines = 10000;

  // Graph `graph` of the document (when it has one of that index), else its default graph
  // (KHR_interactivity's `graph`, else 0), started: onStart has run at τ = 0 and the first
  // frame() ticks at τ = 0. Inactive when the asset has no usable graph (refusal() says why
  // when it has the extension). `document` must outlive it.
  explicit GraphSession(Document& document, std::optional<uint32_t> graph = std::nullopt);
  ~GraphSession();

  // A graph runs (the document has one that compiled).
  bool active() const { return engine_ != nullptr; }
  // The asset has KHR_interactivity.
  bool present() const { return document_.graphHost != nullptr; }
  // Why the chosen graph (or the whole extension) was refused; null when it runs or when the
  // asset has no KHR_interactivity.
  const interact::GraphError* refusal() const;
  size_t graphCount() const { return document_.interactivity.graphs.size(); }
  uint32_t graphIndex() const { return graph_; }
  // Runs graph `index` from the state after loading (as reset()); false, nothing changed, when
  // out of range. A refused graph leaves the asset plain (refusal() says why).
  bool choose(uint32_t index);
  // Back to the state after loading: every value the graph or its animations wrote restored,
  // τ = 0, the log cleared, onStart run again; keeps running() as it was.
  void reset();

  bool running() const { return running_; }
  void setRunning(bool running) { running_ = running; }
  // Pauses and runs exactly one tick, kStepSeconds after the last.
  void step();
  // The frame's part: while running, one tick at τ + frameSeconds (the first at τ = 0). Then
  // the host's world matrices follow, and its dirty() holds what changed for the renderer.
  void frame(double frameSeconds);
  // τ: the graph time of the last tick (0 before the first).
  double time() const { return time_; }
  // Ticks run since the start (or the last reset).
  uint64_t ticks() const { return engine_ ? engine_->ticks() : 0; }
  // Counts the starts: it changes at every reset() and choose(), when the engine, its log, its
  // hover pointer and its state are new (what the panel and the viewer keep must start over).
  uint64_t generation() const { return generation_; }

  // Inputs, delivered at the next tick (controller 0): a click's ray (event/onSelect), the
  // hover pointer's ray (re-cast every tick by the engine until cleared), the view the graph's
  // active-camera pointers report.
  void select(glm::vec3 origin, glm::vec3 direction);
  void hover(glm::vec3 origin, glm::vec3 direction);
  void clearHover();
  void setCamera(const interact::ActiveCamera& camera);
  // A custom event from the panel's form; false with *error when the id or a value is wrong.
  bool sendEvent(const std::string& id,
                 const std::vector<std::pair<std::string, interact::Value>>& values,
                 std::string* error);

  // The log since the start or the last reset, oldest first, at most kMaxLogLines.
  const std::deque<interact::LogEntry>& log() const { return log_; }
  uint64_t droppedLogLines() const { return dropped_; }
  // The last tick's cost: node executions, wall time (engine and world matrices), and whether
  // it hit the per-tick budget (its log line says so too).
  uint64_t lastExecutions() const { return executions_; }
  double lastTickMilliseconds() const { return tickMs_; }
  bool budgetHit() const { return budgetHit_; }

  // The engine (null when inactive): variables, node activity, values, activity().
  interact::Engine* engine() { return engine_.get(); }
  const interact::Engine* engine() const { return engine_.get(); }
  interact::SceneHost* host() { return document_.graphHost.get(); }
  const Document& document() const { return document_; }

 private:
  void start();
  void runTick(double time);
  void collectLog();

  Document& document_;
  uint32_t graph_ = 0;
  uint64_t generation_ = 0;
  std::unique_ptr<interact::Engine> engine_;
  bool running_ = true;
  bool ticked_ = false;  // the first tick (τ = 0) has run
  double time_ = 0.0;
  std::deque<interact::LogEntry> log_;
  uint64_t dropped_ = 0;
  uint64_t executions_ = 0;
  double tickMs_ = 0.0;
  bool budgetHit_ = false;
  std::optional<interact::ActiveCamera> camera_;
};

}  // namespace vitrine::app
