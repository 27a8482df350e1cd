// Internal to the graph compiler: one node being compiled (graph_node_ops.cpp reads its
// common parts, graph_node_config.cpp what its operation makes of its configuration).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "graph_build.h"

namespace vitrine::interact {

struct Ctx {
  Ctx(Builder& builder, uint32_t i, const Json& j, std::string w)
      : b(builder), index(i), json(j), where(std::move(w)) {}
  Builder& b;
  uint32_t index;
  const Json& json;
  std::string where;
  const Declaration* decl = nullptr;
  const Json* config = nullptr;
  std::map<std::string, SourceIn> values;
  // Results.
  Node node;
  struct Want {
    std::string id;
    Type type;
    bool generic;
  };
  std::vector<Want> inputs;  // in the order the engine reads them
  std::vector<std::pair<std::string, Type>> outputs;
  std::vector<Value> outputInit;  // optional initial values (same order), else defaults
  std::vector<std::string> inFlows, outFlows;

  bool fail(const std::string& at, const std::string& rule, const std::string& section) {
    return b.fail(at, rule, section);
  }
  std::string opName() const { return decl ? decl->op : "?"; }

  // The `value` array of configuration property `name`, or null when absent.
  const Json* configValue(const char* name) const {
    if (!config) return nullptr;
    const auto it = config->find(name);
    if (it == config->end()) return nullptr;
    return &(*it)["value"];
  }
  std::optional<int32_t> configInt(const char* name) const {
    const Json* v = configValue(name);
    if (!v || v->size() != 1) return std::nullopt;
    return jsonInt32((*v)[0]);
  }
  std::optional<bool> configBool(const char* name) const {
    const Json* v = configValue(name);
    if (!v || v->size() != 1 || !(*v)[0].is_boolean()) return std::nullopt;
    return (*v)[0].get<bool>();
  }
  std::optional<std::string> configString(const char* name) const {
    const Json* v = configValue(name);
    if (!v || v->size() != 1 || !(*v)[0].is_string()) return std::nullopt;
    return (*v)[0].get<std::string>();
  }
  // int[]: every element exactly an int32, else nullopt.
  std::optional<std::vector<int32_t>> configInts(const char* name) const {
    const Json* v = configValue(name);
    if (!v) return std::nullopt;
    std::vector<int32_t> out;
    for (const Json& e : *v) {
      const auto i = jsonInt32(e);
      if (!i) return std::nullopt;
      out.push_back(*i);
    }
    return out;
  }
  void warn(const std::string& what) {
    b.graph.warnings.push_back(where + "/configuration: " + what);
  }
};

// Sets c.node (op, type, param, extras), c.inputs, c.outputs, c.inFlows and c.outFlows from
// the declaration's rows and the node's configuration; false after c.fail().
bool configureNode(Ctx& c);
// Picks the row of c.decl->rows whose inputs the node's values match (T bound once); false
// with the rule broken when none does.
bool matchOverload(Ctx& c);

}  // namespace vitrine::interact
