// What the graph panel (graph_panel.h, issue 34 §3) shows, computed from a GraphSession without
// ImGui so that tests can read it: the log (filtered), the variables, the delays,
// interpolations and animations in flight, the custom events the asset declares (and the
// values typed into their form), and the nodes with what each did. Numbers print as
// `vitrine --interact --log --query` prints them (interact::formatValue), so the panel and the
// command line agree on the same asset at the same τ.
//
// Per-frame cost: the panel asks for the rows it shows (a clipper's visible range), never for
// all of them; LogView and NodeList keep their index lists up to date incrementally.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph_session.h"

namespace vitrine::app {

// A log line's kind as --log prints it: "log", "event", "err", "budget".
const char* logKindName(interact::LogEntry::Kind kind);
// τ as the shortest decimal that reads back as the same double ("0.25", "1", "0.3").
std::string formatTau(double tau);
// A log line exactly as `vitrine --interact --log` prints it: "@τ KIND: text".
std::string logLineText(const interact::LogEntry& entry);

struct LogFilter {
  std::string text;  // a substring of the line's text, case-insensitive; empty: any
  bool kinds[4] = {true, true, true, true};  // indexed by interact::LogEntry::Kind
  bool matches(const interact::LogEntry& entry) const;
  bool operator==(const LogFilter&) const = default;
};

// The lines of a session's log that pass a filter, oldest first. update() scans only the lines
// added since the last call (a graph that logs every tick costs one line a frame) and starts
// again when the filter changes or the log was cleared (Reset, another graph, a reload).
class LogView {
 public:
  void setFilter(const LogFilter& filter);
  const LogFilter& filter() const { return filter_; }
  // Forget everything: the next update() scans the whole log again.
  void invalidate() { valid_ = false; }
  void update(const GraphSession& session);
  size_t size() const { return rows_.size(); }
  // Row `i` (< size()) of the session last passed to update().
  const interact::LogEntry& row(const GraphSession& session, size_t i) const;

 private:
  LogFilter filter_;
  bool valid_ = false;
  uint64_t document_ = 0;  // Document::serial
  uint32_t graph_ = 0;
  uint64_t generation_ = 0;  // GraphSession::generation()
  uint64_t ticks_ = 0;
  uint64_t dropped_ = 0;       // the session's droppedLogLines() at the last update
  uint64_t scanned_ = 0;       // lines (counting dropped ones) looked at so far
  std::deque<uint64_t> rows_;  // line numbers since the start: log()[n - dropped]
};

// The chosen graph's JSON object (/extensions/KHR_interactivity/graphs/G), null when absent.
const interact::Json* graphJson(const GraphSession& session);

struct VariableRow {
  uint32_t index = 0;
  std::string name;  // the JSON's optional "name"; empty when it has none
  interact::Type type = interact::Type::Float;
  std::string typeName;  // "float3"
  std::string value;     // formatValue of the live value
};
// Variable `index` (< engine()->variables().size()) of a running graph.
VariableRow variableRow(const GraphSession& session, uint32_t index);
std::vector<VariableRow> variableRows(const GraphSession& session);

struct DelayRow {
  uint32_t node = interact::kNone;  // the flow/setDelay node
  uint32_t serial = 0;              // its /extensions/KHR_interactivity/delays/ index
  double due = 0;                   // τ at which it fires
};
struct InterpolationRow {
  bool pointer = true;  // pointer/interpolate; else variable/interpolate
  // The property: the node's pointer template as written ("/nodes/{n}/translation"); for a
  // variable "variable 2" (with its name in parentheses when it has one).
  std::string target;
  uint32_t node = interact::kNone;  // the node whose `done` fires
  double start = 0, duration = 0;
  std::string from, to;  // formatValue
  double progress = 0;   // clamp((τ - start) / duration, 0, 1); 1 for a zero duration
};
struct AnimationRow {
  uint32_t animation = 0;
  std::string name;  // the JSON's "name", empty when none
  double playhead = 0, speed = 1, stop = 0;
};
struct ActivityRows {
  std::vector<DelayRow> delays;                  // by due time
  std::vector<InterpolationRow> interpolations;  // pointer ones first
  std::vector<AnimationRow> animations;          // the active ones, by index
};
ActivityRows activityRows(const GraphSession& session);

struct EventValueField {
  std::string id;
  interact::Type type = interact::Type::Float;
  std::string typeName;
  std::string initial;  // formatValue of the initial (or type-default) value
};
struct EventRow {
  uint32_t index = 0;
  bool external = false;  // it has an id: the viewer can send it (else internal to the graph)
  std::string id;
  std::vector<EventValueField> values;  // sorted by id, as the engine keeps them
};
std::vector<EventRow> eventRows(const GraphSession& session);

// A value of `type` as typed into a form field: JSON ("[1, 2, 3]", "true", "\"/nodes/0\"") or
// the same without its brackets or quotes ("1, 2, 3", "/nodes/0"), read by the inline-value
// rules ("Inline Values"; a ref resolves through `host`). Null with *error set otherwise.
std::optional<interact::Value> parseTypedValue(std::string_view text, interact::Type type,
                                               interact::ObjectModelHost* host, std::string* error);

// The operation a node runs, as its declaration names it ("math/add"); an unsupported one by
// its declared name too.
std::string nodeOperation(const GraphSession& session, uint32_t node);
// The node's `configuration` as compact JSON, each property's value array unwrapped when it
// holds one element: {"pointer":"/nodes/1/translation","type":0}. Empty when the node has none
// or the document's nodes do not line up with the compiled ones.
std::string nodeConfiguration(const GraphSession& session, uint32_t node);
// The names of a node's input and output value sockets, in the compiled order (Node::input0,
// Node::output0): the operation's, a pointer template's parameters, a log message's, an
// event's values... "input K" / "output K" where unknown.
std::vector<std::string> inputSocketNames(const GraphSession& session, uint32_t node);
std::vector<std::string> outputSocketNames(const GraphSession& session, uint32_t node);

struct NodeRow {
  uint32_t index = 0;
  std::string operation;
  std::string configuration;
  uint64_t runs = 0;
  bool ranLastTick = false;  // it ran in the tick just run (or in onStart before any tick)
  bool erred = false;        // it took an `err` flow at least once
  std::string outputs;       // "value = 3, isValid = true": its outputs at its last run
};
NodeRow nodeRow(const GraphSession& session, uint32_t node);

struct SocketRow {
  std::string name;
  std::string type;
  std::string value;
  // Inputs: "constant", or "node M output K (name)"; empty for outputs.
  std::string source;
};
struct NodeDetail {
  NodeRow row;
  std::vector<SocketRow> inputs, outputs;
};
NodeDetail nodeDetail(const GraphSession& session, uint32_t node);

// The nodes whose operation contains a search text (case-insensitive), in index order; the
// list is rebuilt only when the text or the graph changes.
class NodeList {
 public:
  void setSearch(const std::string& text);
  const std::string& search() const { return search_; }
  void update(const GraphSession& session);
  const std::vector<uint32_t>& nodes() const { return nodes_; }

 private:
  std::string search_;
  bool valid_ = false;
  uint64_t document_ = 0;  // Document::serial
  uint32_t graph_ = 0;
  std::vector<uint32_t> nodes_;
};

}  // namespace vitrine::app
