// A behaviour graph compiled at load (style lesson 22): every node an operation enum, every
// input socket an index into one flat array of Values (a constant, or the output slot of an
// earlier node), every output flow the index of the node and input flow it activates, every
// pointer template a table from its parameters to resolved properties. The engine walks these
// arrays; no string is looked up while a graph runs.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "op_table.h"
#include "value.h"

namespace vitrine::interact {

inline constexpr uint32_t kNone = 0xffffffffu;

// Static limits ("Implementation-Specific Limits"), checked before anything is allocated.
struct GraphLimits {
  uint32_t maxGraphs = 1024;
  uint32_t maxTypes = 64;
  uint32_t maxVariables = 65536;
  uint32_t maxEvents = 4096;
  uint32_t maxEventValues = 64;
  uint32_t maxDeclarations = 4096;
  uint32_t maxDeclarationSockets = 64;
  uint32_t maxNodes = 262144;
  uint32_t maxValueSockets = 256;  // input value sockets of one node, configuration included
  uint32_t maxFlowSockets = 256;   // output flow sockets of one node
  // Every pure node a node's inputs depend on is listed for it (Graph::evalLists); the sum
  // over all nodes is bounded so that a long chain of pure nodes cannot take quadratic memory.
  uint64_t maxEvalListEntries = 16u << 20;
  // Parameter combinations a pointer template is resolved for at load, over the graph.
  uint64_t maxPointerEntries = 1u << 20;
  // What the graph may take of the load's memory budget (the app sets what is left of it): a
  // graph whose nodes would need more, by kBytesPerNode each, is refused before they are read.
  uint64_t maxBytes = UINT64_MAX;
};

// A generous bound of what one compiled node costs (its Node, sockets, values, flows and
// dependency list entries), for the memory budget.
inline constexpr uint64_t kBytesPerNode = 2048;

// Why a graph (or the extension) was refused: the rule, where, and the section that says so.
struct GraphError {
  std::string pointer;  // JSON pointer of the offending value, from the document root
  std::string rule;     // "the type index 7 is not less than the 2 types"
  std::string section;  // the specification section, e.g. "Input Value Sockets"
  // "POINTER: RULE (KHR_interactivity, SECTION)"
  std::string text() const;
};

struct FlowLink {
  uint32_t node = kNone;  // kNone: unconnected (activating it does nothing)
  uint32_t socket = 0;    // the index of the input flow of `node` (Node::inputFlows order)
};

struct Node {
  Op op = Op::Noop;
  Type type = Type::Float;  // T, where the row has one
  int32_t param = 0;        // the configuration value the operation keeps (see graph_nodes.cpp)
  bool pure = false;        // evaluated when an output is read (math, type, getters)
  uint32_t input0 = 0, inputCount = 0;    // Graph::inputs[input0 + k]: index into values
  uint32_t output0 = 0, outputCount = 0;  // Graph::values[output0 + k]
  uint32_t flow0 = 0, flowCount = 0;      // Graph::flows[flow0 + k], in activation order
  uint32_t eval0 = 0, evalCount = 0;      // Graph::evalLists: pure nodes to run, ascending
  uint32_t extra0 = 0, extraCount = 0;    // Graph::ints: cases, variable indices, ...
  uint32_t state0 = 0;                    // Graph::stateBits offset (multiGate, waitAll)
  uint32_t inputFlowCount = 1;
};

struct VariableDef {
  Type type = Type::Float;
  Value initial;
};

struct EventDef {
  bool hasId = false;
  std::string id;
  std::vector<std::string> valueIds;  // the `values` object's ids, sorted
  std::vector<Value> initial;         // initial or type-default, same order
};

// A pointer template of a pointer/* node, resolved for every parameter combination at load.
struct PointerUse {
  std::string text;  // the template as written (messages, the panel)
  Type type = Type::Float;
  // 1: "/extensions/KHR_interactivity/delays/{x}", 2: ".../events/{x}" (virtual_pointers.h)
  uint8_t refCheck = 0;
  struct Param {
    bool isRef = false;
    RefKind kind = RefKind::Null;  // a ref parameter's kind, from the array it indexes
  };
  std::vector<Param> params;  // in the order of the node's first inputs
  // Parameters (each < 2^21) packed in 21-bit fields -> resolved property, for those
  // combinations that name a property of type `type`; absent: the pointer is invalid.
  std::unordered_map<uint64_t, int32_t> table;
  std::unordered_map<uint64_t, uint8_t> writable;  // same keys: 1 when the property is mutable
  std::unordered_map<uint64_t, uint8_t> rotation;  // same keys: 1 for a quaternion
};

// debug/log's message template: literal text and parameter references.
struct LogTemplate {
  int32_t severity = 0;
  std::vector<std::string> literals;  // literals.size() == params.size() + 1
  std::vector<uint32_t> params;       // input index (within the node) of each parameter
};

struct Graph {
  std::vector<Type> types;
  std::vector<VariableDef> variables;
  std::vector<EventDef> events;
  std::vector<Node> nodes;
  std::vector<Value> values;  // constants, then every node's outputs
  std::vector<uint32_t> inputs;
  std::vector<FlowLink> flows;
  std::vector<uint32_t> evalLists;
  std::vector<int32_t> ints;
  std::vector<PointerUse> pointers;  // Node::param of a pointer/* node indexes this
  std::vector<LogTemplate> logs;     // Node::param of debug/log indexes this
  uint32_t stateBits = 0;
  std::vector<std::string> warnings;  // configuration fallbacks ("Configuration": SHOULD warn)
};

// What a compiled graph holds, in bytes (approximately, counting generously): what the load
// reserves from its memory budget for it.
uint64_t graphBytes(const Graph& graph);

}  // namespace vitrine::interact
