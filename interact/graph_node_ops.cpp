// One node of a graph: its declaration, configuration, input value sockets (inline, type-default
// or another node's output), the overload its input types select, and the sockets and flows
// its configuration makes ("Nodes", "Node Object Validation", each operation's section).
#include <algorithm>
#include <set>

#include "graph_node_ctx.h"
#include "json_pointer.h"
#include "templates.h"

namespace vitrine::interact {
namespace {

bool readValues(Ctx& c) {
  // "Node Object Validation" step 7.
  const auto it = c.json.find("values");
  if (it == c.json.end()) return true;
  const std::string at = c.where + "/values";
  if (!it->is_object() || it->empty())
    return c.fail(at, "`values` must be a non-empty object", "Input Value Sockets");
  for (const auto& [id, s] : it->items()) {
    const std::string sat = at + scene::joinJsonPointer({id});
    if (!s.is_object())
      return c.fail(sat, "an input value socket must be a JSON object", "Input Value Sockets");
    SourceIn src;
    src.id = id;
    if (const auto node = s.find("node"); node != s.end()) {
      if (s.contains("value")) {
        return c.fail(sat, "an input value socket must not have both `node` and `value`",
                      "Output Socket References");
      }
      const auto from = jsonIndex(*node);
      if (!from || *from >= c.index) {
        return c.fail(sat + "/node",
                      "a value may only come from an earlier node (an index less than " +
                          std::to_string(c.index) + ")",
                      "Output Socket References");
      }
      std::string socket = "value";
      if (const auto sock = s.find("socket"); sock != s.end()) {
        if (!sock->is_string())
          return c.fail(sat + "/socket", "`socket` must be a string", "Output Socket References");
        socket = sock->get<std::string>();
      }
      const NodeSockets& other = c.b.sockets[*from];
      const auto k = std::find(other.outputIds.begin(), other.outputIds.end(), socket);
      if (k == other.outputIds.end()) {
        return c.fail(
            sat, "node " + std::to_string(*from) + " has no output value socket \"" + socket + "\"",
            "Output Socket References");
      }
      const Node& on = c.b.graph.nodes[*from];
      src.value = on.output0 + uint32_t(k - other.outputIds.begin());
      src.type = c.b.graph.values[src.value].type;
      src.fromNode = *from;
      if (const auto type = s.find("type"); type != s.end()) {
        const auto t = c.b.typeAt(*type, sat + "/type", "Output Socket References");
        if (!t) return false;
        if (*t != src.type) {
          return c.fail(sat + "/type",
                        std::string("the type ") + typeName(*t) + " does not match the " +
                            typeName(src.type) + " output it refers to",
                        "Output Socket References");
        }
      }
    } else {
      // "Inline Values" with a `value`, "Type-Default Values" without: `type` MUST be defined.
      const char* section = s.contains("value") ? "Inline Values" : "Type-Default Values";
      if (!s.contains("type")) {
        return c.fail(sat, "an input value socket without `node` must have a `type`", section);
      }
      const auto t = c.b.typeAt(s["type"], sat + "/type", section);
      if (!t) return false;
      src.type = *t;
      Value v = defaultValue(*t);
      if (const auto value = s.find("value"); value != s.end()) {
        const std::string why = readInlineValue(*value, *t, &c.b.host, &v);
        if (!why.empty()) return c.fail(sat + "/value", why, "Inline Values");
      }
      src.value = c.b.addValue(v);
    }
    c.values.emplace(id, src);
  }
  return true;
}

bool readFlows(Ctx& c, NodeSockets& sockets, uint32_t nodeCount) {
  // "Node Object Validation" step 11.
  const auto it = c.json.find("flows");
  if (it == c.json.end()) return true;
  const std::string at = c.where + "/flows";
  if (!it->is_object() || it->empty())
    return c.fail(at, "`flows` must be a non-empty object", "Output Flow Socket Pointers");
  // Step 11.b (the limit) is checked in compileNode, before the configuration reads the flows.
  for (const auto& [id, f] : it->items()) {
    const std::string fat = at + scene::joinJsonPointer({id});
    if (!f.is_object() || !f.contains("node")) {
      return c.fail(fat, "an output flow must be an object with a `node`",
                    "Output Flow Socket Pointers");
    }
    const auto to = jsonIndex(f["node"]);
    if (!to || *to <= c.index || *to >= nodeCount) {
      return c.fail(fat + "/node",
                    "a flow may only go to a later node (an index greater than " +
                        std::to_string(c.index) + " and less than " + std::to_string(nodeCount) +
                        ")",
                    "Output Flow Socket Pointers");
    }
    std::string socket = "in";
    if (const auto sock = f.find("socket"); sock != f.end()) {
      if (!sock->is_string())
        return c.fail(fat + "/socket", "`socket` must be a string", "Output Flow Socket Pointers");
      socket = sock->get<std::string>();
    }
    sockets.flowsJson[id] = {*to, socket};
  }
  return true;
}

// "Configuration": variable/*, pointer/*, event/receive and event/send have no default
// configuration; their nodes are refused without a valid one.
bool hasNoDefaultConfiguration(const Declaration& d) {
  if (!d.supported) return false;
  switch (d.rows[0]) {
    case Op::VariableGet:
    case Op::VariableSet:
    case Op::VariableInterpolate:
    case Op::PointerGet:
    case Op::PointerSet:
    case Op::PointerInterpolate:
    case Op::EventReceive:
    case Op::EventSend:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool matchOverload(Ctx& c) {
  // "Input Value Sockets": the effective input types select the overload; T is one type. The
  // overloads share their socket ids, so a missing socket is missing from all of them, and it
  // is reported first ("Node Object Validation" step 9 before step 10).
  for (const SocketSpec& s : opInfo(c.decl->rows[0]).inputs) {
    if (!c.values.contains(std::string(s.id))) {
      return c.fail(
          c.where,
          "the input value socket \"" + std::string(s.id) + "\" of " + c.opName() + " is missing",
          "Input Value Sockets");
    }
  }
  for (const Op row : c.decl->rows) {
    const OpInfo& info = opInfo(row);
    bool ok = true;
    bool bound = false;
    Type t = Type::Float;
    for (const SocketSpec& s : info.inputs) {
      const auto it = c.values.find(std::string(s.id));
      if (it == c.values.end()) {
        ok = false;
        break;
      }
      const Type have = it->second.type;
      if (!s.generic) {
        ok = have == s.type;
      } else if (!bound) {
        ok = typeInClass(have, info.cls);
        t = have;
        bound = true;
      } else {
        ok = have == t;
      }
      if (!ok) break;
    }
    if (!ok) continue;
    c.node.op = row;
    c.node.type = t;
    for (const SocketSpec& s : info.inputs)
      c.inputs.push_back({std::string(s.id), s.type, s.generic});
    for (const SocketSpec& s : info.outputs)
      c.outputs.emplace_back(std::string(s.id), s.generic ? t : s.type);
    for (const auto f : info.flowsIn) c.inFlows.emplace_back(f);
    for (const auto f : info.flowsOut) c.outFlows.emplace_back(f);
    return true;
  }
  std::string have;
  for (const SocketSpec& s : opInfo(c.decl->rows[0]).inputs) {
    const auto it = c.values.find(std::string(s.id));
    have += (have.empty() ? "" : ", ") + std::string(s.id) + ": " + typeName(it->second.type);
  }
  return c.fail(c.where + "/values", "no overload of " + c.opName() + " takes (" + have + ")",
                "Input Value Sockets");
}

bool compileNode(Builder& b, uint32_t index, const Json& json) {
  Ctx c{b, index, json, b.base + "/nodes/" + std::to_string(index)};
  // "Node Object Validation" steps 1-4.
  if (!json.is_object()) return c.fail(c.where, "a node must be a JSON object", "Nodes");
  const auto decl = json.find("declaration");
  if (decl == json.end()) return c.fail(c.where, "a node must have a `declaration`", "Operation");
  const auto d = jsonIndex(*decl);
  if (!d || *d >= b.declarations.size()) {
    return c.fail(c.where + "/declaration",
                  "the declaration must be an index less than the " +
                      std::to_string(b.declarations.size()) + " declarations",
                  "Operation");
  }
  c.decl = &b.declarations[*d];
  if (const auto cfg = json.find("configuration"); cfg != json.end()) {
    if (!cfg->is_object() || cfg->empty()) {
      return c.fail(c.where + "/configuration", "`configuration` must be a non-empty object",
                    "Configuration");
    }
    for (const auto& [id, p] : cfg->items()) {
      const auto v = p.is_object() ? p.find("value") : p.end();
      if (!p.is_object() || v == p.end() || !v->is_array() || v->empty()) {
        return c.fail(c.where + "/configuration" + scene::joinJsonPointer({id}),
                      "a configuration property must be an object with a non-empty `value` array",
                      "Configuration");
      }
    }
    c.config = &*cfg;
  }
  // Step 11.b, ahead of its turn: the output flows a node lists are bounded before anything
  // is made of them (flow/sequence and flow/multiGate make an output flow of each).
  if (const auto flows = json.find("flows");
      flows != json.end() && flows->is_object() && flows->size() > b.limits.maxFlowSockets) {
    return c.fail(c.where + "/flows",
                  std::to_string(flows->size()) + " output flows exceed Vitrine's limit of " +
                      std::to_string(b.limits.maxFlowSockets),
                  "Static Limits");
  }
  // Step 5 before step 7 where the operation has no default configuration (its configuration
  // reads no input value); otherwise the configuration may need the inputs' types (math/switch).
  const bool noDefault = hasNoDefaultConfiguration(*c.decl);
  if (noDefault && !configureNode(c)) return false;
  if (!readValues(c)) return false;
  if (!noDefault && !configureNode(c)) return false;
  // Step 6 ("Static Limits"): the sockets the configuration makes, each against its own limit.
  if (c.inputs.size() > b.limits.maxValueSockets) {
    return c.fail(c.where,
                  "the node's configuration makes " + std::to_string(c.inputs.size()) +
                      " input value sockets, more than Vitrine's limit of " +
                      std::to_string(b.limits.maxValueSockets),
                  "Static Limits");
  }
  if (c.outFlows.size() > b.limits.maxFlowSockets) {
    return c.fail(c.where,
                  "the node's configuration makes " + std::to_string(c.outFlows.size()) +
                      " output flow sockets, more than Vitrine's limit of " +
                      std::to_string(b.limits.maxFlowSockets),
                  "Static Limits");
  }
  // Steps 8-10: every input the operation has (step 9, all of them first), then each of the
  // type it takes (step 10).
  Node& n = c.node;
  for (const Ctx::Want& w : c.inputs) {
    if (!c.values.contains(w.id)) {
      return c.fail(c.where,
                    "the input value socket \"" + w.id + "\" of " + c.opName() + " is missing",
                    "Input Value Sockets");
    }
  }
  n.input0 = uint32_t(b.graph.inputs.size());
  n.inputCount = uint32_t(c.inputs.size());
  for (const Ctx::Want& w : c.inputs) {
    const auto it = c.values.find(w.id);
    const Type want = w.generic ? n.type : w.type;
    if (want != Type::Count && it->second.type != want) {
      return c.fail(c.where + "/values" + scene::joinJsonPointer({w.id}),
                    "the input value socket \"" + w.id + "\" of " + c.opName() + " must be " +
                        aTypeName(want) + ", not " + aTypeName(it->second.type),
                    "Input Value Sockets");
    }
    b.graph.inputs.push_back(it->second.value);
  }
  // Step 11, the output flows, after the inputs.
  NodeSockets sockets;
  if (!readFlows(c, sockets, uint32_t(b.json["nodes"].size()))) return false;
  n.output0 = uint32_t(b.graph.values.size());
  n.outputCount = uint32_t(c.outputs.size());
  for (size_t k = 0; k < c.outputs.size(); ++k) {
    sockets.outputIds.push_back(c.outputs[k].first);
    b.addValue(k < c.outputInit.size() ? c.outputInit[k] : defaultValue(c.outputs[k].second));
  }
  sockets.inputFlowIds = std::move(c.inFlows);
  sockets.outputFlowIds = std::move(c.outFlows);
  n.inputFlowCount = uint32_t(sockets.inputFlowIds.size());
  b.graph.nodes.push_back(n);
  b.sockets.push_back(std::move(sockets));
  return true;
}

}  // namespace vitrine::interact
