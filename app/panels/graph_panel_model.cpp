#include "graph_panel_model.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "gltf_document.h"

namespace vitrine::app {
namespace {

using interact::Json;
using interact::Op;

bool containsNoCase(std::string_view text, std::string_view needle) {
  if (needle.empty()) return true;
  const auto it =
      std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
      });
  return it != text.end();
}

const Json* child(const Json* parent, const char* key) {
  if (!parent || !parent->is_object()) return nullptr;
  const auto it = parent->find(key);
  return it == parent->end() ? nullptr : &*it;
}

const Json* element(const Json* array, uint32_t index) {
  if (!array || !array->is_array() || index >= array->size()) return nullptr;
  return &(*array)[index];
}

std::string nameOf(const Json* object) {
  const Json* name = child(object, "name");
  return name && name->is_string() ? name->get<std::string>() : std::string();
}

const interact::Graph& graphOf(const GraphSession& session) {
  return session.engine()->graph();
}

// The JSON node `node` when the document's nodes line up with the compiled ones.
const Json* nodeJson(const GraphSession& session, uint32_t node) {
  const Json* nodes = child(graphJson(session), "nodes");
  if (!nodes || !nodes->is_array() || nodes->size() != graphOf(session).nodes.size())
    return nullptr;
  return element(nodes, node);
}

// The configuration value `key` of a JSON node, its array's one element unwrapped.
const Json* configValue(const Json* node, const char* key) {
  const Json* v = child(child(child(node, "configuration"), key), "value");
  if (v && v->is_array() && v->size() == 1) return &(*v)[0];
  return v;
}

// The {ids} of a pointer template or a log message in order of first appearance ("{{" and
// "}}" are literal braces in a message).
std::vector<std::string> braceIds(const std::string& text) {
  std::vector<std::string> ids;
  for (size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '{') continue;
    if (k + 1 < text.size() && text[k + 1] == '{') {
      ++k;
      continue;
    }
    const size_t end = text.find('}', k + 1);
    if (end == std::string::npos) break;
    std::string id = text.substr(k + 1, end - k - 1);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(std::move(id));
    k = end;
  }
  return ids;
}

std::string configString(const Json* node, const char* key) {
  const Json* v = configValue(node, key);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

// An unsupported operation's declared sockets, in the order the compiler reads them.
std::vector<std::string> declaredSockets(const GraphSession& session, const Json* node,
                                         const char* which) {
  std::vector<std::string> out;
  const Json* decl = child(node, "declaration");
  if (!decl || !decl->is_number_unsigned()) return out;
  const Json* d = element(child(graphJson(session), "declarations"), decl->get<uint32_t>());
  if (const Json* sockets = child(d, which); sockets && sockets->is_object()) {
    for (const auto& [id, v] : sockets->items()) out.push_back(id);
  }
  return out;
}

std::vector<std::string> withFallback(std::vector<std::string> names, uint32_t count,
                                      const char* what) {
  if (names.size() == count) return names;
  names.clear();
  for (uint32_t k = 0; k < count; ++k) names.push_back(std::string(what) + " " + std::to_string(k));
  return names;
}

std::string intsAsText(const interact::Graph& g, const interact::Node& n, size_t k) {
  return std::to_string(g.ints[n.extra0 + k]);
}

// The node owning value slot `v` and the output's index, or kNone for a constant.
std::pair<uint32_t, uint32_t> ownerOf(const interact::Graph& g, uint32_t v) {
  for (uint32_t k = 0; k < g.nodes.size(); ++k) {
    const interact::Node& n = g.nodes[k];
    if (v >= n.output0 && v < n.output0 + n.outputCount) return {k, v - n.output0};
  }
  return {interact::kNone, 0};
}

std::string outputsText(const GraphSession& session, uint32_t node) {
  const interact::Graph& g = graphOf(session);
  const interact::Node& n = g.nodes[node];
  const std::vector<std::string> names = outputSocketNames(session, node);
  const std::vector<interact::Value>& values = session.engine()->values();
  std::string out;
  for (uint32_t k = 0; k < n.outputCount; ++k) {
    if (k) out += ", ";
    out += names[k] + " = " + interact::formatValue(values[n.output0 + k]);
  }
  return out;
}

}  // namespace

const char* logKindName(interact::LogEntry::Kind kind) {
  static const char* const kNames[] = {"log", "event", "err", "budget"};
  return size_t(kind) < 4 ? kNames[kind] : "?";
}

std::string formatTau(double tau) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, tau);
  return std::string(buf, r.ptr);
}

std::string logLineText(const interact::LogEntry& e) {
  return "@" + formatTau(e.time) + " " + logKindName(e.kind) + ": " + e.text;
}

bool LogFilter::matches(const interact::LogEntry& e) const {
  return size_t(e.kind) < 4 && kinds[e.kind] && containsNoCase(e.text, text);
}

void LogView::setFilter(const LogFilter& filter) {
  if (filter == filter_) return;
  filter_ = filter;
  valid_ = false;
}

void LogView::update(const GraphSession& session) {
  const uint64_t dropped = session.droppedLogLines();
  const uint64_t total = dropped + session.log().size();
  // Cleared since (Reset, another graph, another document): the line numbers start again.
  if (document_ != session.document().serial || graph_ != session.graphIndex() ||
      generation_ != session.generation() || session.ticks() < ticks_ || dropped < dropped_ ||
      total < scanned_)
    valid_ = false;
  if (!valid_) {
    rows_.clear();
    scanned_ = dropped;
    valid_ = true;
  }
  document_ = session.document().serial;
  graph_ = session.graphIndex();
  generation_ = session.generation();
  ticks_ = session.ticks();
  dropped_ = dropped;
  while (!rows_.empty() && rows_.front() < dropped) rows_.pop_front();
  for (uint64_t n = std::max(scanned_, dropped); n < total; ++n) {
    if (filter_.matches(session.log()[size_t(n - dropped)])) rows_.push_back(n);
  }
  scanned_ = total;
}

const interact::LogEntry& LogView::row(const GraphSession& session, size_t i) const {
  return session.log()[size_t(rows_[i] - dropped_)];
}

const Json* graphJson(const GraphSession& session) {
  const Document& doc = session.document();
  if (!doc.gltf) return nullptr;
  const Json* graphs =
      child(child(child(&doc.gltf->json, "extensions"), "KHR_interactivity"), "graphs");
  return element(graphs, session.graphIndex());
}

VariableRow variableRow(const GraphSession& session, uint32_t index) {
  VariableRow r;
  r.index = index;
  r.name = nameOf(element(child(graphJson(session), "variables"), index));
  const interact::Value& v = session.engine()->variables()[index];
  r.type = v.type;
  r.typeName = interact::typeName(v.type);
  r.value = interact::formatValue(v);
  return r;
}

std::vector<VariableRow> variableRows(const GraphSession& session) {
  std::vector<VariableRow> rows;
  if (!session.engine()) return rows;
  const size_t count = session.engine()->variables().size();
  for (uint32_t k = 0; k < count; ++k) rows.push_back(variableRow(session, k));
  return rows;
}

ActivityRows activityRows(const GraphSession& session) {
  ActivityRows rows;
  const interact::Engine* engine = session.engine();
  if (!engine) return rows;
  const interact::Graph& g = engine->graph();
  const interact::Activity a = engine->activity();
  for (const interact::DelayInfo& d : a.delays) rows.delays.push_back({d.node, d.serial, d.due});
  for (const interact::InterpolationInfo& i : a.interpolations) {
    InterpolationRow r;
    r.pointer = i.pointer;
    r.node = i.node;
    if (i.pointer) {
      const interact::Node* n = i.node < g.nodes.size() ? &g.nodes[i.node] : nullptr;
      if (n && n->op == Op::PointerInterpolate && size_t(n->param) < g.pointers.size())
        r.target = g.pointers[size_t(n->param)].text;
    } else {
      r.target = "variable " + std::to_string(i.target);
      const std::string name =
          nameOf(element(child(graphJson(session), "variables"), uint32_t(i.target)));
      if (!name.empty()) r.target += " (" + name + ")";
    }
    r.start = i.start;
    r.duration = i.duration;
    r.from = interact::formatValue(i.from);
    r.to = interact::formatValue(i.to);
    r.progress =
        i.duration > 0 ? std::clamp((session.time() - i.start) / i.duration, 0.0, 1.0) : 1.0;
    rows.interpolations.push_back(std::move(r));
  }
  const Json* animations =
      session.document().gltf ? child(&session.document().gltf->json, "animations") : nullptr;
  for (const interact::AnimationInfo& m : a.animations) {
    rows.animations.push_back(
        {m.animation, nameOf(element(animations, m.animation)), m.playhead, m.speed, m.stop});
  }
  return rows;
}

std::vector<EventRow> eventRows(const GraphSession& session) {
  std::vector<EventRow> rows;
  if (!session.engine()) return rows;
  const std::vector<interact::EventDef>& events = graphOf(session).events;
  for (uint32_t k = 0; k < events.size(); ++k) {
    const interact::EventDef& e = events[k];
    EventRow r;
    r.index = k;
    r.external = e.hasId;
    r.id = e.id;
    for (size_t v = 0; v < e.valueIds.size(); ++v) {
      r.values.push_back({e.valueIds[v], e.initial[v].type, interact::typeName(e.initial[v].type),
                          interact::formatValue(e.initial[v])});
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::optional<interact::Value> parseTypedValue(std::string_view text, interact::Type type,
                                               interact::ObjectModelHost* host,
                                               std::string* error) {
  interact::Value v;
  const std::string why = interact::readTypedText(text, type, host, &v);
  if (!why.empty()) {
    *error = why;
    return std::nullopt;
  }
  return v;
}

std::string nodeOperation(const GraphSession& session, uint32_t node) {
  const Json* decl = child(nodeJson(session, node), "declaration");
  if (decl && decl->is_number_unsigned()) {
    const Json* op =
        child(element(child(graphJson(session), "declarations"), decl->get<uint32_t>()), "op");
    if (op && op->is_string()) return op->get<std::string>();
  }
  return std::string(interact::opInfo(graphOf(session).nodes[node].op).name);
}

std::string nodeConfiguration(const GraphSession& session, uint32_t node) {
  const Json* config = child(nodeJson(session, node), "configuration");
  if (!config || !config->is_object() || config->empty()) return "";
  Json compact = Json::object();
  for (const auto& [key, v] : config->items()) {
    const Json* value = child(&v, "value");
    if (!value) {
      compact[key] = v;
    } else {
      compact[key] = value->is_array() && value->size() == 1 ? (*value)[0] : *value;
    }
  }
  return compact.dump();
}

std::vector<std::string> inputSocketNames(const GraphSession& session, uint32_t node) {
  const interact::Graph& g = graphOf(session);
  const interact::Node& n = g.nodes[node];
  const interact::OpInfo& info = interact::opInfo(n.op);
  const Json* j = nodeJson(session, node);
  std::vector<std::string> names;
  switch (n.op) {
    case Op::PointerGet:
    case Op::PointerSet:
    case Op::PointerInterpolate:
      names = braceIds(size_t(n.param) < g.pointers.size() ? g.pointers[size_t(n.param)].text
                                                           : std::string());
      if (n.op != Op::PointerGet) names.emplace_back("value");
      break;
    case Op::VariableInterpolate:
      names.emplace_back("value");
      break;
    case Op::VariableSet:
      for (uint32_t k = 0; k < n.extraCount; ++k) names.push_back(intsAsText(g, n, k));
      break;
    case Op::EventSend:
      if (size_t(n.param) < g.events.size()) names = g.events[size_t(n.param)].valueIds;
      break;
    case Op::DebugLog:
      names = braceIds(configString(j, "message"));
      break;
    case Op::Noop:
      names = declaredSockets(session, j, "inputValueSockets");
      break;
    default:
      break;
  }
  if (n.op != Op::EventSend && n.op != Op::DebugLog && n.op != Op::VariableSet &&
      n.op != Op::Noop) {
    for (const interact::SocketSpec& s : info.inputs) names.emplace_back(s.id);
  }
  if (n.op == Op::MathSwitch) {
    for (uint32_t k = 0; k < n.extraCount; ++k) names.push_back(intsAsText(g, n, k));
  }
  return withFallback(std::move(names), n.inputCount, "input");
}

std::vector<std::string> outputSocketNames(const GraphSession& session, uint32_t node) {
  const interact::Graph& g = graphOf(session);
  const interact::Node& n = g.nodes[node];
  std::vector<std::string> names;
  switch (n.op) {
    case Op::PointerGet:
      names = {"value", "isValid"};
      break;
    case Op::VariableGet:
      names = {"value"};
      break;
    case Op::EventReceive:
      if (size_t(n.param) < g.events.size()) names = g.events[size_t(n.param)].valueIds;
      names.emplace_back("event");
      break;
    case Op::Noop:
      names = declaredSockets(session, nodeJson(session, node), "outputValueSockets");
      break;
    default:
      for (const interact::SocketSpec& s : interact::opInfo(n.op).outputs) names.emplace_back(s.id);
      break;
  }
  return withFallback(std::move(names), n.outputCount, "output");
}

NodeRow nodeRow(const GraphSession& session, uint32_t node) {
  const interact::Engine& engine = *session.engine();
  const interact::NodeActivity& a = engine.nodeActivity()[node];
  NodeRow r;
  r.index = node;
  r.operation = nodeOperation(session, node);
  r.configuration = nodeConfiguration(session, node);
  r.runs = a.runs;
  r.ranLastTick = a.runs > 0 && a.lastTick == engine.ticks();
  r.erred = a.erred;
  r.outputs = outputsText(session, node);
  return r;
}

NodeDetail nodeDetail(const GraphSession& session, uint32_t node) {
  const interact::Graph& g = graphOf(session);
  const interact::Node& n = g.nodes[node];
  const std::vector<interact::Value>& values = session.engine()->values();
  NodeDetail d;
  d.row = nodeRow(session, node);
  const std::vector<std::string> in = inputSocketNames(session, node);
  for (uint32_t k = 0; k < n.inputCount; ++k) {
    const uint32_t v = g.inputs[n.input0 + k];
    SocketRow s{in[k], interact::typeName(values[v].type), interact::formatValue(values[v]),
                "constant"};
    const auto [from, output] = ownerOf(g, v);
    if (from != interact::kNone) {
      s.source = "node " + std::to_string(from) + " output " + std::to_string(output) + " (" +
                 outputSocketNames(session, from)[output] + ")";
    }
    d.inputs.push_back(std::move(s));
  }
  const std::vector<std::string> out = outputSocketNames(session, node);
  for (uint32_t k = 0; k < n.outputCount; ++k) {
    const interact::Value& v = values[n.output0 + k];
    d.outputs.push_back({out[k], interact::typeName(v.type), interact::formatValue(v), ""});
  }
  return d;
}

void NodeList::setSearch(const std::string& text) {
  if (text == search_) return;
  search_ = text;
  valid_ = false;
}

void NodeList::update(const GraphSession& session) {
  if (!session.engine()) {
    nodes_.clear();
    valid_ = false;
    return;
  }
  if (valid_ && document_ == session.document().serial && graph_ == session.graphIndex()) return;
  document_ = session.document().serial;
  graph_ = session.graphIndex();
  valid_ = true;
  nodes_.clear();
  const uint32_t count = uint32_t(graphOf(session).nodes.size());
  for (uint32_t k = 0; k < count; ++k) {
    if (search_.empty() || containsNoCase(nodeOperation(session, k), search_)) nodes_.push_back(k);
  }
}

}  // namespace vitrine::app
