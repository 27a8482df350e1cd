// Internal to the graph compiler (graph_*.cpp): the state shared by its passes.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "graph.h"
#include "graph_load.h"
#include "host.h"

namespace vitrine::interact {

struct DeclSocket {
  std::string id;
  Type type = Type::Float;
  uint32_t typeIndex = 0;  // the index into `types` (equal declarations compare it)
};

struct Declaration {
  std::string op;
  bool hasExtension = false;
  std::string extension;
  std::vector<DeclSocket> inputs, outputs;  // extension operations only, sorted by id
  std::span<const Op> rows;                 // core: every overload; extension: the one row
  bool supported = true;                    // false: its nodes are no-ops
};

// A value source as read from a node's `values` object.
struct SourceIn {
  std::string id;
  Type type = Type::Float;
  uint32_t value = 0;  // index into Graph::values
  uint32_t fromNode = kNone;
};

// What later nodes need to know of a compiled node.
struct NodeSockets {
  std::vector<std::string> outputIds;  // Node::output0 + k
  std::vector<std::string> inputFlowIds;
  std::vector<std::string> outputFlowIds;                             // in activation order
  std::map<std::string, std::pair<uint32_t, std::string>> flowsJson;  // id -> (node, socket)
};

struct Builder {
  const Json& json;
  std::string base;  // the graph's JSON pointer
  ObjectModelHost& host;
  const GraphLimits& limits;
  Graph& graph;
  std::vector<Declaration> declarations;
  std::vector<NodeSockets> sockets;
  std::optional<GraphError> error;

  bool fail(const std::string& pointer, const std::string& rule, const std::string& section) {
    if (!error) error = GraphError{pointer, rule, section};
    return false;
  }
  // The type at JSON index `v` of the types array, or a failure naming `pointer`.
  std::optional<Type> typeAt(const Json& v, const std::string& pointer, const std::string& section);
  uint32_t addValue(const Value& v) {
    graph.values.push_back(v);
    return uint32_t(graph.values.size() - 1);
  }
};

bool loadTypes(Builder& b);
bool loadVariables(Builder& b);
bool loadEvents(Builder& b);
bool loadDeclarations(Builder& b);
bool compileNodes(Builder& b);                                   // graph_nodes.cpp
bool compileNode(Builder& b, uint32_t index, const Json& node);  // graph_node_ops.cpp
bool linkFlows(Builder& b);                                      // graph_link.cpp
bool buildEvalLists(Builder& b);                                 // graph_link.cpp
bool resolvePointerUse(Builder& b, PointerUse& use, const std::vector<struct TemplateParam>& params,
                       const std::string& where);  // graph_link.cpp

}  // namespace vitrine::interact
