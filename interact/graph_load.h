// Loading KHR_interactivity: the extension object's graphs, each validated by every rule of
// "JSON Syntax" and "Validation" and compiled (graph.h), or refused with the first rule it
// breaks. One invalid graph does not touch the others ("JSON Syntax", "General").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph.h"
#include "json_values.h"

namespace vitrine::interact {

class ObjectModelHost;

struct Interactivity {
  std::vector<std::unique_ptr<Graph>> graphs;  // null where the graph was refused
  std::vector<GraphError> errors;              // per graph; rule empty when it was accepted
  uint32_t defaultGraph = 0;                   // the `graph` property, 0 when absent
  // The whole extension is refused ("Extension Object Validation"): no graph runs, and the
  // asset has no behaviour. Also set when the graph the `graph` property names is refused
  // (step 3.c).
  std::optional<GraphError> extensionError;
};

// Why the asset has no behaviour: the extension's refusal, or the default graph's (a refused
// graph 0 without a `graph` property leaves the other graphs usable); null when it has one.
const GraphError* defaultRefusal(const Interactivity& interactivity);

// Validates and compiles `extension` (the KHR_interactivity object of the document at JSON
// pointer `where`), resolving every pointer template through `host`. Static limits are checked
// before the arrays they bound are allocated. Never throws.
[[nodiscard]] Interactivity loadInteractivity(
    const Json& extension, ObjectModelHost& host, const GraphLimits& limits = {},
    const std::string& where = "/extensions/KHR_interactivity");

// One graph alone (graphs/N at `where`): the compiled graph, or null with *error set.
[[nodiscard]] std::unique_ptr<Graph> compileGraph(const Json& graph, ObjectModelHost& host,
                                                  const GraphLimits& limits,
                                                  const std::string& where, GraphError* error);

}  // namespace vitrine::interact
