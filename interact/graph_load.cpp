#include "graph_load.h"

#include <algorithm>
#include <set>

#include "graph_build.h"
#include "json_pointer.h"

namespace vitrine::interact {

std::string GraphError::text() const {
  return pointer + ": " + rule + " (KHR_interactivity, \"" + section + "\")";
}

std::optional<Type> Builder::typeAt(const Json& v, const std::string& pointer,
                                    const std::string& section) {
  const auto index = jsonIndex(v);
  if (!index) {
    fail(pointer, "the type must be a JSON index (a non-negative integer)", section);
    return std::nullopt;
  }
  if (*index >= graph.types.size()) {
    fail(pointer,
         "the type index " + std::to_string(*index) + " is not less than the " +
             std::to_string(graph.types.size()) + " types of the graph",
         section);
    return std::nullopt;
  }
  return graph.types[*index];
}

namespace {

// A JSON array property that, when present, must be non-empty and within `limit`.
const Json* optionalArray(Builder& b, const char* name, uint32_t limit, const char* section) {
  const auto it = b.json.find(name);
  if (it == b.json.end()) return nullptr;
  const std::string where = b.base + "/" + name;
  if (!it->is_array() || it->empty()) {
    b.fail(where,
           std::string("`") + name + "` must be a non-empty array (empty arrays are omitted)",
           section);
    return nullptr;
  }
  if (it->size() > limit) {
    b.fail(where,
           std::to_string(it->size()) + " " + name + " exceed Vitrine's limit of " +
               std::to_string(limit),
           "Static Limits");
    return nullptr;
  }
  return &*it;
}

}  // namespace

bool loadTypes(Builder& b) {
  // "Types"; "Graph Object Validation" step 2.
  const Json* types = optionalArray(b, "types", b.limits.maxTypes, "Types");
  if (b.error) return false;
  if (!types) return true;
  b.graph.types.reserve(types->size());
  std::set<std::string> seen;
  for (size_t k = 0; k < types->size(); ++k) {
    const Json& t = (*types)[k];
    const std::string where = b.base + "/types/" + std::to_string(k);
    if (!t.is_object()) return b.fail(where, "a type must be a JSON object", "Types");
    const auto sig = t.find("signature");
    if (sig == t.end() || !sig->is_string()) {
      return b.fail(where + "/signature", "a type must have a string `signature`", "Types");
    }
    const std::string& s = sig->get_ref<const std::string&>();
    Type type = Type::Count;
    for (uint8_t c = 0; c < uint8_t(Type::Count); ++c) {
      if (s == typeName(Type(c))) type = Type(c);
    }
    if (type == Type::Count) {
      return b.fail(where + "/signature", "unknown type signature \"" + s + "\"", "Types");
    }
    b.graph.types.push_back(type);
  }
  // Step 2.d, once every element is valid: a non-custom signature appears once ("Types").
  for (size_t k = 0; k < b.graph.types.size(); ++k) {
    const Type type = b.graph.types[k];
    if (type != Type::Custom && !seen.insert(typeName(type)).second) {
      return b.fail(b.base + "/types/" + std::to_string(k) + "/signature",
                    std::string("the signature \"") + typeName(type) + "\" appears more than once",
                    "Types");
    }
  }
  return true;
}

bool loadVariables(Builder& b) {
  // "Variables"; "Graph Object Validation" step 3 (3.a, the types, before 3.b, the array);
  // "Variable Object Validation".
  if (b.json.contains("variables") && !b.json.contains("types")) {
    return b.fail(b.base + "/variables", "variables need the graph's `types` array", "Variables");
  }
  const Json* vars = optionalArray(b, "variables", b.limits.maxVariables, "Variables");
  if (b.error) return false;
  if (!vars) return true;
  b.graph.variables.reserve(vars->size());
  for (size_t k = 0; k < vars->size(); ++k) {
    const Json& v = (*vars)[k];
    const std::string where = b.base + "/variables/" + std::to_string(k);
    if (!v.is_object()) return b.fail(where, "a variable must be a JSON object", "Variables");
    if (!v.contains("type")) return b.fail(where, "a variable must have a `type`", "Variables");
    const auto type = b.typeAt(v["type"], where + "/type", "Variables");
    if (!type) return false;
    VariableDef def;
    def.type = *type;
    def.initial = defaultValue(*type);
    if (const auto value = v.find("value"); value != v.end()) {
      const std::string why = readInlineValue(*value, *type, &b.host, &def.initial);
      if (!why.empty()) return b.fail(where + "/value", why, "Variables");
    }
    b.graph.variables.push_back(def);
  }
  return true;
}

bool loadEvents(Builder& b) {
  // "Events"; "Event Object Validation".
  const Json* events = optionalArray(b, "events", b.limits.maxEvents, "Events");
  if (b.error) return false;
  if (!events) return true;
  b.graph.events.reserve(events->size());
  std::set<std::string> ids;
  for (size_t k = 0; k < events->size(); ++k) {
    const Json& e = (*events)[k];
    const std::string where = b.base + "/events/" + std::to_string(k);
    if (!e.is_object()) return b.fail(where, "an event must be a JSON object", "Events");
    EventDef def;
    if (const auto id = e.find("id"); id != e.end()) {
      if (!id->is_string()) return b.fail(where + "/id", "an event id must be a string", "Events");
      def.hasId = true;
      def.id = id->get<std::string>();
    }
    if (const auto values = e.find("values"); values != e.end()) {
      if (!values->is_object() || values->empty()) {
        return b.fail(where + "/values", "`values` must be a non-empty object", "Events");
      }
      if (values->size() > b.limits.maxEventValues) {
        return b.fail(where + "/values",
                      std::to_string(values->size()) + " event values exceed Vitrine's limit of " +
                          std::to_string(b.limits.maxEventValues),
                      "Static Limits");
      }
      for (const auto& [id, sv] : values->items()) {
        const std::string at = where + "/values" + scene::joinJsonPointer({id});
        if (id == "event") return b.fail(at, "an event value must not be named `event`", "Events");
        if (!sv.is_object()) return b.fail(at, "an event value must be a JSON object", "Events");
        if (!sv.contains("type")) return b.fail(at, "an event value must have a `type`", "Events");
        const auto type = b.typeAt(sv["type"], at + "/type", "Events");
        if (!type) return false;
        Value initial = defaultValue(*type);
        if (const auto value = sv.find("value"); value != sv.end()) {
          const std::string why = readInlineValue(*value, *type, &b.host, &initial);
          if (!why.empty()) return b.fail(at + "/value", why, "Events");
        }
        def.valueIds.push_back(id);  // items() iterates in sorted key order
        def.initial.push_back(initial);
      }
    }
    b.graph.events.push_back(std::move(def));
  }
  // Step 4.d, once every event is valid: an id is defined once ("Events").
  for (size_t k = 0; k < b.graph.events.size(); ++k) {
    const EventDef& def = b.graph.events[k];
    if (def.hasId && !ids.insert(def.id).second) {
      return b.fail(b.base + "/events/" + std::to_string(k) + "/id",
                    "the event id \"" + def.id + "\" is defined more than once", "Events");
    }
  }
  return true;
}

namespace {

bool readDeclSockets(Builder& b, const Json& d, const char* name, const std::string& where,
                     std::vector<DeclSocket>* out) {
  const auto it = d.find(name);
  if (it == d.end()) return true;
  const std::string at = where + "/" + name;
  if (!it->is_object() || it->empty()) {
    return b.fail(at, std::string("`") + name + "` must be a non-empty object", "Declarations");
  }
  if (it->size() > b.limits.maxDeclarationSockets) {
    return b.fail(at,
                  std::to_string(it->size()) + " sockets exceed Vitrine's limit of " +
                      std::to_string(b.limits.maxDeclarationSockets),
                  "Static Limits");
  }
  if (!b.json.contains("types"))
    return b.fail(at, "sockets need the graph's `types` array", "Declarations");
  for (const auto& [id, s] : it->items()) {
    const std::string sat = at + scene::joinJsonPointer({id});
    if (!s.is_object() || !s.contains("type")) {
      return b.fail(sat, "a socket declaration must be an object with a `type`", "Declarations");
    }
    const auto type = b.typeAt(s["type"], sat + "/type", "Declarations");
    if (!type) return false;
    out->push_back({id, *type, *jsonIndex(s["type"])});
  }
  return true;
}

bool isNodeExtensionOp(std::string_view op) {
  return op == "event/onSelect" || op == "event/onHoverIn" || op == "event/onHoverOut";
}

// An extension declaration is supported when Vitrine implements that extension's operation
// with exactly these sockets ("Unsupported Declarations").
void resolveExtensionDeclaration(Declaration& d) {
  d.supported = false;
  const bool select = d.extension == "KHR_node_selectability" && d.op == "event/onSelect";
  const bool hover = d.extension == "KHR_node_hoverability" &&
                     (d.op == "event/onHoverIn" || d.op == "event/onHoverOut");
  if (!select && !hover) return;
  const auto rows = overloadsOf(d.op);
  const OpInfo& info = opInfo(rows[0]);
  if (!d.inputs.empty() || d.outputs.size() != info.outputs.size()) return;
  for (const DeclSocket& s : d.outputs) {
    const int k = findSocket(info.outputs, s.id);
    if (k < 0 || info.outputs[size_t(k)].type != s.type) return;
  }
  d.rows = rows;
  d.supported = true;
}

}  // namespace

bool loadDeclarations(Builder& b) {
  // "Declarations"; "Declaration Object Validation".
  const Json* decls = optionalArray(b, "declarations", b.limits.maxDeclarations, "Declarations");
  if (b.error) return false;
  if (!decls) return true;
  b.declarations.reserve(decls->size());
  for (size_t k = 0; k < decls->size(); ++k) {
    const Json& d = (*decls)[k];
    const std::string where = b.base + "/declarations/" + std::to_string(k);
    if (!d.is_object()) return b.fail(where, "a declaration must be a JSON object", "Declarations");
    const auto op = d.find("op");
    if (op == d.end() || !op->is_string()) {
      return b.fail(where + "/op", "a declaration must have a string `op`", "Declarations");
    }
    Declaration decl;
    decl.op = op->get<std::string>();
    if (const auto ext = d.find("extension"); ext != d.end()) {
      if (!ext->is_string()) {
        return b.fail(where + "/extension", "`extension` must be a string", "Declarations");
      }
      decl.hasExtension = true;
      decl.extension = ext->get<std::string>();
      if (!readDeclSockets(b, d, "inputValueSockets", where, &decl.inputs) ||
          !readDeclSockets(b, d, "outputValueSockets", where, &decl.outputs)) {
        return false;
      }
      resolveExtensionDeclaration(decl);
    } else {
      decl.rows = overloadsOf(decl.op);
      if (decl.rows.empty() || isNodeExtensionOp(decl.op)) {
        return b.fail(where + "/op",
                      "\"" + decl.op +
                          "\" is not an operation of KHR_interactivity (an extension's operation "
                          "names its `extension`)",
                      "Declarations");
      }
      if (d.contains("inputValueSockets") || d.contains("outputValueSockets")) {
        return b.fail(where,
                      "a core operation's declaration must not define inputValueSockets or "
                      "outputValueSockets",
                      "Declarations");
      }
    }
    // Equal declarations: same op, extension and input socket ids "with the same type indices"
    // ("Declarations"): two "custom" types are different types.
    for (size_t j = 0; j < b.declarations.size(); ++j) {
      const Declaration& o = b.declarations[j];
      bool same = o.op == decl.op && o.hasExtension == decl.hasExtension &&
                  o.extension == decl.extension && o.inputs.size() == decl.inputs.size();
      for (size_t s = 0; same && s < o.inputs.size(); ++s) {
        same = o.inputs[s].id == decl.inputs[s].id &&
               o.inputs[s].typeIndex == decl.inputs[s].typeIndex;
      }
      if (same) {
        return b.fail(
            where, "declarations " + std::to_string(j) + " and " + std::to_string(k) + " are equal",
            "Declarations");
      }
    }
    b.declarations.push_back(std::move(decl));
  }
  return true;
}

uint64_t graphBytes(const Graph& g) {
  uint64_t bytes = sizeof(Graph) + g.nodes.size() * kBytesPerNode;
  bytes += g.values.size() * sizeof(Value) + g.variables.size() * sizeof(VariableDef);
  bytes += g.inputs.size() * 4 + g.flows.size() * sizeof(FlowLink) + g.evalLists.size() * 4;
  for (const PointerUse& p : g.pointers) bytes += p.table.size() * 96 + p.text.size();
  for (const EventDef& e : g.events) bytes += sizeof(EventDef) + e.initial.size() * sizeof(Value);
  return bytes;
}

const GraphError* defaultRefusal(const Interactivity& i) {
  if (i.extensionError) return &*i.extensionError;
  if (i.defaultGraph < i.graphs.size() && !i.graphs[i.defaultGraph])
    return &i.errors[i.defaultGraph];
  return nullptr;
}

std::unique_ptr<Graph> compileGraph(const Json& json, ObjectModelHost& host,
                                    const GraphLimits& limits, const std::string& where,
                                    GraphError* error) {
  auto graph = std::make_unique<Graph>();
  Builder b{json, where, host, limits, *graph, {}, {}, {}};
  // "Graph Object Validation" in its order, then the links that need every node.
  const bool ok = (json.is_object() || b.fail(where, "a graph must be a JSON object", "General")) &&
                  loadTypes(b) && loadVariables(b) && loadEvents(b) && loadDeclarations(b) &&
                  compileNodes(b) && linkFlows(b) && buildEvalLists(b);
  if (!ok) {
    *error = b.error.value_or(GraphError{where, "invalid graph", "Validation"});
    return nullptr;
  }
  return graph;
}

Interactivity loadInteractivity(const Json& ext, ObjectModelHost& host, const GraphLimits& limits,
                                const std::string& where) {
  // "Extension Object Validation".
  Interactivity out;
  const auto refuse = [&](const std::string& at, const std::string& rule, const char* section) {
    out.graphs.clear();
    out.extensionError = GraphError{at, rule, section};
    return std::move(out);
  };
  if (!ext.is_object()) return refuse(where, "the extension must be a JSON object", "General");
  const auto graphs = ext.find("graphs");
  if (graphs == ext.end() || !graphs->is_array() || graphs->empty()) {
    return refuse(where + "/graphs", "`graphs` must be a non-empty array", "General");
  }
  if (graphs->size() > limits.maxGraphs) {
    return refuse(where + "/graphs",
                  std::to_string(graphs->size()) + " graphs exceed Vitrine's limit of " +
                      std::to_string(limits.maxGraphs),
                  "Static Limits");
  }
  if (const auto g = ext.find("graph"); g != ext.end()) {
    const auto index = jsonIndex(*g);
    if (!index) return refuse(where + "/graph", "`graph` must be a JSON index", "General");
    if (*index >= graphs->size()) {
      return refuse(where + "/graph",
                    "the default graph " + std::to_string(*index) + " is not less than the " +
                        std::to_string(graphs->size()) + " graphs",
                    "General");
    }
    out.defaultGraph = *index;
  }
  out.graphs.resize(graphs->size());
  out.errors.resize(graphs->size());
  for (size_t k = 0; k < graphs->size(); ++k) {
    out.graphs[k] = compileGraph((*graphs)[k], host, limits, where + "/graphs/" + std::to_string(k),
                                 &out.errors[k]);
  }
  // Step 3.c: an invalid graph named by `graph` rejects the extension. Without `graph`, graph 0
  // is only the default selection ("General"): refused, the asset has no behaviour, but the
  // other graphs stay usable.
  if (!out.graphs[out.defaultGraph] && ext.contains("graph")) {
    out.extensionError = out.errors[out.defaultGraph];
  }
  return out;
}

}  // namespace vitrine::interact
