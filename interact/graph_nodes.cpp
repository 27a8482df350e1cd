// The nodes of a graph ("Nodes", "Node Object Validation" steps 1-4, 7 and 11): the parts
// every node shares. What each operation makes of its configuration and sockets is in
// graph_node_ops.cpp.
#include "graph_build.h"

namespace vitrine::interact {

bool compileNodes(Builder& b) {
  const auto it = b.json.find("nodes");
  if (it == b.json.end()) return true;
  const std::string where = b.base + "/nodes";
  if (!b.json.contains("declarations")) {
    return b.fail(where, "nodes need the graph's `declarations` array", "Nodes");
  }
  if (!it->is_array() || it->empty()) {
    return b.fail(where, "`nodes` must be a non-empty array (empty arrays are omitted)", "Nodes");
  }
  if (it->size() > b.limits.maxNodes) {
    return b.fail(where,
                  std::to_string(it->size()) + " nodes exceed Vitrine's limit of " +
                      std::to_string(b.limits.maxNodes),
                  "Static Limits");
  }
  if (uint64_t(it->size()) * kBytesPerNode > b.limits.maxBytes) {
    return b.fail(where,
                  std::to_string(it->size()) + " nodes need about " +
                      std::to_string(uint64_t(it->size()) * kBytesPerNode) +
                      " bytes, more than the " + std::to_string(b.limits.maxBytes) +
                      " left of the memory budget (--max-memory)",
                  "Static Limits");
  }
  b.graph.nodes.reserve(it->size());
  b.sockets.reserve(it->size());
  for (size_t k = 0; k < it->size(); ++k) {
    if (!compileNode(b, uint32_t(k), (*it)[k])) return false;
  }
  return true;
}

}  // namespace vitrine::interact
