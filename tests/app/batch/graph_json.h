// Writing KHR_interactivity graphs for the tests (cli_interact_*_test.cpp, the window's):
// GraphJson builds one node by node, withGraphs() puts graphs into an asset, interact() runs
// `vitrine FILE --interact ...`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test::interact_cli {

using nlohmann::json;

// A KHR_interactivity graph written node by node in the order "Nodes" requires: a value
// socket reads an earlier node, a flow activates a later one. Types and declarations are
// added once, on first use (repeating either would make the graph invalid).
class GraphJson {
 public:
  int type(const std::string& signature) {
    for (size_t k = 0; k < types_.size(); ++k) {
      if (types_[k]["signature"] == signature) return int(k);
    }
    types_.push_back({{"signature", signature}});
    return int(types_.size()) - 1;
  }
  // An inline value ("Inline Values").
  json lit(const std::string& signature, const json& value) {
    return {{"type", type(signature)}, {"value", value.is_array() ? value : json::array({value})}};
  }
  // Appends a node of `op` and returns its index. `configuration` holds the bare values
  // ({"pointer": "/nodes/0/translation"}), wrapped here as "Configuration" writes them.
  int node(const std::string& op, const json& values = json::object(),
           const json& flows = json::object(), const json& configuration = json::object()) {
    return declared({{"op", op}}, values, flows, configuration);
  }
  // The same with a declaration written out (an extension's operation).
  int declared(const json& declaration, const json& values, const json& flows,
               const json& configuration) {
    size_t d = 0;
    while (d < declarations_.size() && declarations_[d] != declaration) ++d;
    if (d == declarations_.size()) declarations_.push_back(declaration);
    json n = {{"declaration", d}};
    if (!values.empty()) n["values"] = values;
    if (!flows.empty()) n["flows"] = flows;
    for (const auto& [key, v] : configuration.items()) {
      n["configuration"][key] = {{"value", v.is_array() ? v : json::array({v})}};
    }
    nodes_.push_back(n);
    return int(nodes_.size()) - 1;
  }
  json toJson() const {
    // "if a JSON array is empty, it MUST be omitted".
    json g = json::object();
    for (const auto& [key, array] : {std::pair<const char*, const json*>{"types", &types_},
                                     {"variables", &variables},
                                     {"events", &events},
                                     {"declarations", &declarations_},
                                     {"nodes", &nodes_}}) {
      if (!array->empty()) g[key] = *array;
    }
    return g;
  }
  json variables = json::array(), events = json::array();

 private:
  json types_ = json::array(), declarations_ = json::array(), nodes_ = json::array();
};

inline json from(int node, const std::string& socket = "value") {
  return {{"node", node}, {"socket", socket}};
}
inline json to(int node, const std::string& socket = "in") {
  return {{"node", node}, {"socket", socket}};
}

// The asset with `graphs` as its KHR_interactivity graphs (the first the default).
inline std::string withGraphs(AssetBuilder& b, const json& graphs, const std::string& stem,
                              bool required = false) {
  b.json()["extensions"]["KHR_interactivity"] = {{"graphs", graphs}};
  b.json()["extensionsUsed"].push_back("KHR_interactivity");
  if (required) b.json()["extensionsRequired"].push_back("KHR_interactivity");
  return b.writeGltf(stem);
}

inline int logLine(GraphJson& g, const std::string& message, const json& values = json::object(),
                   const json& flows = json::object()) {
  return g.node("debug/log", values, flows, {{"severity", 0}, {"message", message}});
}

// pointer/set of a `signature` property at `pointer`, its value from `value`.
inline int set(GraphJson& g, const std::string& signature, const std::string& pointer,
               const json& value, const json& flows = json::object()) {
  return g.node("pointer/set", {{"value", value}}, flows,
                {{"pointer", pointer}, {"type", g.type(signature)}});
}

// A node event handler (KHR_node_selectability's onSelect, KHR_node_hoverability's onHoverIn
// and onHoverOut), declared with every output socket the extension defines.
inline int handler(GraphJson& g, const std::string& op, int nodeIndex, const json& flows) {
  const bool select = op == "event/onSelect";
  json outputs = {{select ? "selectedNode" : "hoveredNode", {{"type", g.type("ref")}}},
                  {"controllerIndex", {{"type", g.type("int")}}},
                  {"event", {{"type", g.type("ref")}}}};
  if (select) {
    outputs["selectionPoint"] = {{"type", g.type("float3")}};
    outputs["selectionRayOrigin"] = {{"type", g.type("float3")}};
  }
  const json declaration = {
      {"op", op},
      {"extension", select ? "KHR_node_selectability" : "KHR_node_hoverability"},
      {"outputValueSockets", outputs}};
  return g.declared(declaration, json::object(), flows, {{"nodeIndex", nodeIndex}});
}

inline ProcessResult interact(const std::string& file, std::vector<std::string> args) {
  args.insert(args.begin(), {file, "--interact"});
  return runVitrine(args);
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(text.substr(start, nl - start));
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

}  // namespace vitrine::test::interact_cli
