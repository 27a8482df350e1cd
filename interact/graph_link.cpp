// The passes that need every node: output flows linked to the input flows of later nodes
// ("Output Flow Socket Pointers"), the pure nodes each node evaluates before it reads its
// inputs, and pointer templates resolved for every parameter value at load.
#include <algorithm>

#include "graph_build.h"
#include "json_values.h"
#include "templates.h"
#include "virtual_pointers.h"

namespace vitrine::interact {

bool linkFlows(Builder& b) {
  for (size_t k = 0; k < b.graph.nodes.size(); ++k) {
    Node& n = b.graph.nodes[k];
    const NodeSockets& s = b.sockets[k];
    n.flow0 = uint32_t(b.graph.flows.size());
    n.flowCount = uint32_t(s.outputFlowIds.size());
    for (const std::string& id : s.outputFlowIds) {
      FlowLink link;
      const auto it = s.flowsJson.find(id);
      if (it != s.flowsJson.end()) {
        const auto& [to, socket] = it->second;
        const auto& ins = b.sockets[to].inputFlowIds;
        const auto in = std::find(ins.begin(), ins.end(), socket);
        // A socket the target does not have leaves the flow unconnected.
        if (in != ins.end()) link = {to, uint32_t(in - ins.begin())};
      }
      b.graph.flows.push_back(link);
    }
  }
  return true;
}

namespace {

bool isPure(Op op) {
  switch (op) {
    case Op::MathRandom:
    case Op::MathSelect:
    case Op::MathSwitch:
    case Op::VariableGet:
    case Op::PointerGet:
      return true;
    default:
      break;
  }
  return op < Op::FlowSequence;  // math/*, type/*, ref/eq rows come first in op_list.inc
}

}  // namespace

bool buildEvalLists(Builder& b) {
  // A node's inputs read outputs of earlier nodes only, so its pure dependencies in ascending
  // index order are an order in which each is evaluated after everything it reads.
  Graph& g = b.graph;
  std::vector<uint32_t> valueNode(g.values.size(), kNone);
  for (uint32_t k = 0; k < g.nodes.size(); ++k) {
    g.nodes[k].pure = isPure(g.nodes[k].op);
    for (uint32_t o = 0; o < g.nodes[k].outputCount; ++o) valueNode[g.nodes[k].output0 + o] = k;
  }
  std::vector<uint32_t> mark(g.nodes.size(), kNone);
  std::vector<uint32_t> stack, list;
  for (uint32_t k = 0; k < g.nodes.size(); ++k) {
    Node& n = g.nodes[k];
    list.clear();
    stack.assign(1, k);
    mark[k] = k;
    while (!stack.empty()) {
      const Node& at = g.nodes[stack.back()];
      stack.pop_back();
      for (uint32_t i = 0; i < at.inputCount; ++i) {
        const uint32_t from = valueNode[g.inputs[at.input0 + i]];
        if (from == kNone || mark[from] == k || !g.nodes[from].pure) continue;
        mark[from] = k;
        list.push_back(from);
        stack.push_back(from);
      }
    }
    std::sort(list.begin(), list.end());
    if (g.evalLists.size() + list.size() > b.limits.maxEvalListEntries) {
      return b.fail(b.base + "/nodes/" + std::to_string(k),
                    "the value dependencies of the graph's nodes exceed Vitrine's limit of " +
                        std::to_string(b.limits.maxEvalListEntries) + " entries",
                    "Static Limits");
    }
    n.eval0 = uint32_t(g.evalLists.size());
    n.evalCount = uint32_t(list.size());
    g.evalLists.insert(g.evalLists.end(), list.begin(), list.end());
  }
  return true;
}

namespace {

struct Enumerator {
  Builder& b;
  PointerUse& use;
  const std::vector<TemplateParam>& params;
  std::string_view text;
  std::vector<std::string> values;
  uint64_t key = 0;
  uint64_t budget = 0;

  // The literal path before parameter k, with the earlier parameters substituted.
  std::string prefix(size_t k) const {
    std::vector<TemplateParam> head(params.begin(), params.begin() + long(k));
    const std::string_view upTo = text.substr(0, params[k].begin - 1);
    return effectivePointer(upTo, head, values);
  }

  bool run(size_t k) {
    if (k == params.size()) {
      const std::string pointer = effectivePointer(text, params, values);
      Property p = virtualProperty(pointer, b.host.animationCount());
      if (p.id < 0) p = b.host.resolve(pointer);
      if (p.id >= 0 && p.type == use.type) {
        use.table.emplace(key, p.id);
        if (p.writable) use.writable.emplace(key, 1);
        if (p.quaternion) use.rotation.emplace(key, 1);
      }
      return true;
    }
    const std::string array = prefix(k);
    const uint32_t length = std::min(b.host.arrayLength(array), uint32_t(1) << 21);
    if (k == 0 || use.params[k].kind == RefKind::Null) {
      const std::string_view name = std::string_view(array).substr(array.rfind('/') + 1);
      use.params[k].kind = params[k].isRef ? kindOfArray(name) : RefKind::Null;
    }
    if (budget < length) return false;
    budget -= length;
    const uint64_t saved = key;
    for (uint32_t v = 0; v < length; ++v) {
      values[k] = std::to_string(v);
      key = saved | uint64_t(v) << (21 * k);
      if (!run(k + 1)) return false;
    }
    key = saved;
    return true;
  }
};

}  // namespace

bool resolvePointerUse(Builder& b, PointerUse& use, const std::vector<TemplateParam>& params,
                       const std::string& where) {
  // "Effective JSON Pointer Generation", once for every value each parameter can take: the
  // length of the array it indexes. Values past that length, negative ints and null refs name
  // no property (their absence in the table).
  if (params.size() > 3) {
    return b.fail(where, "a pointer template has at most 3 parameters in Vitrine", "Static Limits");
  }
  use.params.resize(params.size());
  for (size_t k = 0; k < params.size(); ++k) use.params[k].isRef = params[k].isRef;
  if (const RefCheck check = refCheckTemplate(use.text); check != RefCheck::None) {
    use.refCheck = uint8_t(check);  // checked against the engine's live references
    return true;
  }
  uint64_t used = 0;
  for (const PointerUse& p : b.graph.pointers) used += p.table.size();
  Enumerator e{b,
               use,
               params,
               use.text,
               std::vector<std::string>(params.size()),
               0,
               b.limits.maxPointerEntries > used ? b.limits.maxPointerEntries - used : 0};
  if (!e.run(0)) {
    return b.fail(where,
                  "the pointer template names more properties than Vitrine's limit of " +
                      std::to_string(b.limits.maxPointerEntries),
                  "Static Limits");
  }
  return true;
}

}  // namespace vitrine::interact
