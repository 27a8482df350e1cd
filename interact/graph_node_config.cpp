// What each operation makes of its configuration ("Configuration" and each operation's
// section): generated sockets and flows, the configuration values the engine keeps, and the
// fallbacks to the default configuration (with a warning) or the refusals where there is none.
#include <algorithm>
#include <unordered_set>

#include "graph_node_ctx.h"
#include "ops_pure.h"
#include "templates.h"

namespace vitrine::interact {
namespace {

// "Socket Order": ids compared as sequences of UTF-16 code units.
std::u16string utf16(std::string_view s) {
  std::u16string out;
  for (size_t k = 0; k < s.size();) {
    const auto c = uint8_t(s[k]);
    uint32_t cp = c;
    size_t len = 1;
    if (c >= 0xF0 && k + 3 < s.size() + 0) {
      cp = (c & 0x07u) << 18 | (uint8_t(s[k + 1]) & 0x3Fu) << 12 |
           (uint8_t(s[k + 2]) & 0x3Fu) << 6 | (uint8_t(s[k + 3]) & 0x3Fu);
      len = 4;
    } else if (c >= 0xE0 && k + 2 < s.size()) {
      cp = (c & 0x0Fu) << 12 | (uint8_t(s[k + 1]) & 0x3Fu) << 6 | (uint8_t(s[k + 2]) & 0x3Fu);
      len = 3;
    } else if (c >= 0xC0 && k + 1 < s.size()) {
      cp = (c & 0x1Fu) << 6 | (uint8_t(s[k + 1]) & 0x3Fu);
      len = 2;
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += char16_t(0xD800 + (cp >> 10));
      out += char16_t(0xDC00 + (cp & 0x3FF));
    } else {
      out += char16_t(cp);
    }
    k += len;
  }
  return out;
}

std::vector<std::string> sortedFlowIds(const Ctx& c) {
  std::vector<std::string> ids;
  if (const auto it = c.json.find("flows"); it != c.json.end()) {
    for (const auto& [id, f] : it->items()) ids.push_back(id);
  }
  std::sort(ids.begin(), ids.end(),
            [](const std::string& a, const std::string& b) { return utf16(a) < utf16(b); });
  return ids;
}

// The cases of math/switch and flow/switch: unique, in array order, or the default (none)
// when absent or not all exact int32 ("Switch", steps 1-2).
std::vector<int32_t> readCases(Ctx& c) {
  const auto cases = c.configInts("cases");
  if (!cases) {
    if (c.configValue("cases"))
      c.warn("`cases` is not an array of int32 numbers: the default (no case) is used");
    return {};
  }
  // Unique, in array order, in linear time (the socket limit is checked on the result).
  std::vector<int32_t> out;
  std::unordered_set<int32_t> seen;
  for (int32_t v : *cases) {
    if (seen.insert(v).second) out.push_back(v);
  }
  return out;
}

uint32_t addInts(Ctx& c, const std::vector<int32_t>& ints) {
  c.node.extra0 = uint32_t(c.b.graph.ints.size());
  c.node.extraCount = uint32_t(ints.size());
  c.b.graph.ints.insert(c.b.graph.ints.end(), ints.begin(), ints.end());
  return c.node.extra0;
}

void tableFlows(Ctx& c, Op op) {
  const OpInfo& info = opInfo(op);
  for (const auto f : info.flowsIn) c.inFlows.emplace_back(f);
  for (const auto f : info.flowsOut) c.outFlows.emplace_back(f);
}

void tableSockets(Ctx& c, Op op) {
  const OpInfo& info = opInfo(op);
  c.node.op = op;
  for (const SocketSpec& s : info.inputs) c.inputs.push_back({std::string(s.id), s.type, false});
  for (const SocketSpec& s : info.outputs) c.outputs.emplace_back(std::string(s.id), s.type);
  tableFlows(c, op);
}

// A variable index a variable/* configuration names, or a refusal.
std::optional<uint32_t> variableIndex(Ctx& c, const std::optional<int32_t>& v,
                                      const char* section) {
  if (!v || *v < 0 || uint32_t(*v) >= c.b.graph.variables.size()) {
    c.fail(c.where + "/configuration",
           "the variable must be an index less than the " +
               std::to_string(c.b.graph.variables.size()) + " variables",
           section);
    return std::nullopt;
  }
  return uint32_t(*v);
}

bool configureVariable(Ctx& c, Op op) {
  Node& n = c.node;
  n.op = op;
  if (op == Op::VariableSet) {
    // "Variable Set": a non-empty int[] of valid indices, no default configuration.
    const auto vars = c.configInts("variables");
    if (!vars || vars->empty()) {
      return c.fail(c.where + "/configuration",
                    "variable/set needs a non-empty `variables` array of ints", "Variable Set");
    }
    std::vector<int32_t> unique;
    std::unordered_set<int32_t> seen;
    for (int32_t v : *vars) {
      if (!variableIndex(c, v, "Variable Set")) return false;
      if (seen.insert(v).second) unique.push_back(v);
    }
    for (int32_t v : unique)
      c.inputs.push_back({std::to_string(v), c.b.graph.variables[size_t(v)].type, false});
    addInts(c, unique);
    tableFlows(c, op);
    return true;
  }
  const char* section = op == Op::VariableGet ? "Variable Get" : "Variable Interpolate";
  const auto index = variableIndex(c, c.configInt("variable"), section);
  if (!index) return false;
  n.param = int32_t(*index);
  n.type = c.b.graph.variables[*index].type;
  if (op == Op::VariableGet) {
    c.outputs.emplace_back("value", n.type);
    return true;
  }
  if (!isFloatType(n.type)) {
    return c.fail(c.where + "/configuration/variable",
                  aTypeName(n.type) + " variable cannot be interpolated", section);
  }
  const auto slerp = c.configBool("useSlerp");
  if (!slerp) return c.fail(c.where + "/configuration", "`useSlerp` must be a boolean", section);
  if (*slerp && n.type != Type::Float4) {
    return c.fail(c.where + "/configuration/useSlerp", "useSlerp is only for a float4 variable",
                  section);
  }
  addInts(c, {*slerp ? 1 : 0});
  c.inputs.push_back({"value", n.type, false});
  for (const SocketSpec& s : opInfo(op).inputs)
    c.inputs.push_back({std::string(s.id), s.type, false});
  tableFlows(c, op);
  return true;
}

bool configurePointer(Ctx& c, Op op) {
  // "Pointer Get", "Pointer Set", "Pointer Interpolate".
  const char* section = op == Op::PointerGet   ? "Pointer Get"
                        : op == Op::PointerSet ? "Pointer Set"
                                               : "Pointer Interpolate";
  const auto text = c.configString("pointer");
  if (!text) return c.fail(c.where + "/configuration", "`pointer` must be a string", section);
  const auto params = parsePointerTemplate(*text);
  if (!params) {
    return c.fail(c.where + "/configuration/pointer",
                  "\"" + *text + "\" is not a valid JSON pointer template",
                  "JSON Pointer Template Parsing");
  }
  const auto type = c.configInt("type");
  if (!type || *type < 0 || uint32_t(*type) >= c.b.graph.types.size()) {
    return c.fail(c.where + "/configuration",
                  "`type` must be an index less than the " +
                      std::to_string(c.b.graph.types.size()) + " types",
                  section);
  }
  const Type t = c.b.graph.types[size_t(*type)];
  if (op == Op::PointerInterpolate && (t == Type::Bool || t == Type::Int)) {
    return c.fail(c.where + "/configuration/type",
                  aTypeName(t) + " property cannot be interpolated", section);
  }
  for (const TemplateParam& p : *params) {
    const bool reserved =
        (op != Op::PointerGet && p.id == "value") ||
        (op == Op::PointerInterpolate && (p.id == "duration" || p.id == "p1" || p.id == "p2"));
    if (reserved) {
      return c.fail(c.where + "/configuration/pointer",
                    "the template parameter \"" + p.id + "\" is reserved by " + c.opName(),
                    section);
    }
    c.inputs.push_back({p.id, p.isRef ? Type::Ref : Type::Int, false});
  }
  Node& n = c.node;
  n.op = op;
  n.type = t;
  n.param = int32_t(c.b.graph.pointers.size());
  c.b.graph.pointers.emplace_back();
  PointerUse& use = c.b.graph.pointers.back();
  use.text = *text;
  use.type = t;
  if (!resolvePointerUse(c.b, use, *params, c.where + "/configuration/pointer")) return false;
  if (op == Op::PointerGet) {
    c.outputs.emplace_back("value", t);
    c.outputs.emplace_back("isValid", Type::Bool);
    return true;
  }
  c.inputs.push_back({"value", t, false});
  for (const SocketSpec& s : opInfo(op).inputs)
    c.inputs.push_back({std::string(s.id), s.type, false});
  tableFlows(c, op);
  return true;
}

bool configureEvent(Ctx& c, Op op) {
  // "Receive", "Send": a valid event index, no default configuration.
  const auto e = c.configInt("event");
  const char* section = op == Op::EventReceive ? "Receive" : "Send";
  if (!e || *e < 0 || uint32_t(*e) >= c.b.graph.events.size()) {
    return c.fail(c.where + "/configuration",
                  "the event must be an index less than the " +
                      std::to_string(c.b.graph.events.size()) + " events",
                  section);
  }
  const EventDef& def = c.b.graph.events[size_t(*e)];
  c.node.op = op;
  c.node.param = *e;
  for (size_t k = 0; k < def.valueIds.size(); ++k) {
    if (op == Op::EventReceive) {
      c.outputs.emplace_back(def.valueIds[k], def.initial[k].type);
      c.outputInit.push_back(def.initial[k]);
    } else {
      c.inputs.push_back({def.valueIds[k], def.initial[k].type, false});
    }
  }
  if (op == Op::EventReceive) {
    c.outputs.emplace_back("event", Type::Ref);
    c.outputInit.push_back(defaultValue(Type::Ref));
  }
  tableFlows(c, op);
  return true;
}

bool configureLog(Ctx& c) {
  // "Log": the message's {ids} are inputs of any type. A severity or message that is missing or
  // invalid makes the whole configuration invalid: the default configuration (severity 0, an
  // empty message, no input value socket) is used ("Log", and "Configuration": "the whole
  // configuration is invalid and the operation behavior MUST fall back to the default").
  Node& n = c.node;
  n.op = Op::DebugLog;
  LogTemplate log;
  std::string message;
  std::vector<MessageParam> params;
  const auto severity = c.configInt("severity");
  const auto text = c.configString("message");
  const auto parsed = text ? parseLogMessage(*text) : std::nullopt;
  if (severity && parsed) {
    log.severity = *severity;
    message = *text;
    params = *parsed;
  } else if (c.config) {
    const std::string why = !severity ? "`severity` is missing or not an int32"
                            : !text   ? "`message` is missing or not a string"
                                      : "the message is not a valid template";
    c.warn(why + ": the default configuration (severity 0, an empty message) is used");
  }
  std::vector<std::string> ids;
  size_t pos = 0;
  for (const MessageParam& p : params) {
    log.literals.push_back(undoubleCurly(std::string_view(message).substr(pos, p.begin - pos)));
    auto it = std::find(ids.begin(), ids.end(), p.id);
    if (it == ids.end()) {
      ids.push_back(p.id);
      c.inputs.push_back({p.id, Type::Count, false});  // any type
      it = ids.end() - 1;
    }
    log.params.push_back(uint32_t(it - ids.begin()));
    pos = p.end;
  }
  log.literals.push_back(undoubleCurly(std::string_view(message).substr(pos)));
  n.param = int32_t(c.b.graph.logs.size());
  c.b.graph.logs.push_back(std::move(log));
  tableFlows(c, Op::DebugLog);
  return true;
}

}  // namespace

bool configureNode(Ctx& c) {
  Node& n = c.node;
  if (!c.decl->supported) {
    // "Unsupported Declarations": a no-op with the declared sockets and type-default outputs.
    n.op = Op::Noop;
    for (const DeclSocket& s : c.decl->inputs) c.inputs.push_back({s.id, s.type, false});
    for (const DeclSocket& s : c.decl->outputs) c.outputs.emplace_back(s.id, s.type);
    return true;
  }
  const Op first = c.decl->rows[0];
  switch (first) {
    case Op::MathSwitch: {
      const auto def = c.values.find("default");
      if (def == c.values.end()) {
        return c.fail(c.where, "the input value socket \"default\" of math/switch is missing",
                      "Switch");
      }
      n.op = first;
      n.type = def->second.type;
      c.inputs.push_back({"selection", Type::Int, false});
      c.inputs.push_back({"default", n.type, false});
      const std::vector<int32_t> cases = readCases(c);
      for (int32_t v : cases) c.inputs.push_back({std::to_string(v), n.type, false});
      addInts(c, cases);
      c.outputs.emplace_back("value", n.type);
      return true;
    }
    case Op::FlowSwitch: {
      tableSockets(c, first);
      c.outFlows.clear();
      const std::vector<int32_t> cases = readCases(c);
      for (int32_t v : cases) c.outFlows.push_back(std::to_string(v));
      c.outFlows.push_back("default");
      addInts(c, cases);
      return true;
    }
    case Op::FlowSequence:
    case Op::FlowMultiGate:
      tableSockets(c, first);
      c.outFlows = sortedFlowIds(c);
      if (first == Op::FlowMultiGate) {
        c.outputInit.push_back(makeInt(-1));  // "Multi Gate": lastIndex starts at -1
        const auto random = c.configBool("isRandom");
        const auto loop = c.configBool("isLoop");
        if (random && loop) {
          n.param = (*random ? 1 : 0) | (*loop ? 2 : 0);
        } else if (c.config) {
          c.warn(
              "`isRandom` and `isLoop` must both be booleans: the default (false, false) is used");
        }
        n.state0 = c.b.graph.stateBits;
        c.b.graph.stateBits += uint32_t(c.outFlows.size());
      }
      return true;
    case Op::FlowWaitAll: {
      tableSockets(c, first);
      const auto count = c.configInt("inputFlows");
      if (count && *count >= 0 && *count <= 64) {
        n.param = *count;
      } else if (c.configValue("inputFlows")) {
        c.warn("`inputFlows` must be an int in [0, 64]: the default (0) is used");
      }
      c.inFlows.clear();
      for (int32_t k = 0; k < n.param; ++k) c.inFlows.push_back(std::to_string(k));
      c.inFlows.push_back("reset");
      c.outputInit.push_back(makeInt(n.param));
      n.state0 = c.b.graph.stateBits;
      c.b.graph.stateBits += uint32_t(n.param);
      return true;
    }
    case Op::FlowFor:
      tableSockets(c, first);
      if (const auto i = c.configInt("initialIndex")) {
        n.param = *i;
      } else if (c.configValue("initialIndex")) {
        c.warn("`initialIndex` is not an int32: the default (0) is used");
      }
      c.outputInit.push_back(makeInt(n.param));
      return true;
    case Op::FlowDoN:
      tableSockets(c, first);
      c.outputInit.push_back(makeInt(0));
      return true;
    default:
      break;
  }
  switch (first) {
    case Op::VariableGet:
    case Op::VariableSet:
    case Op::VariableInterpolate:
      return configureVariable(c, first);
    case Op::PointerGet:
    case Op::PointerSet:
    case Op::PointerInterpolate:
      return configurePointer(c, first);
    case Op::EventReceive:
    case Op::EventSend:
      return configureEvent(c, first);
    case Op::DebugLog:
      return configureLog(c);
    case Op::OnSelect:
    case Op::OnHoverIn:
    case Op::OnHoverOut: {
      tableSockets(c, first);
      // Default configuration: no node, never activated.
      const auto node = c.configInt("nodeIndex");
      n.param = node && *node >= 0 && uint32_t(*node) < c.b.host.arrayLength("/nodes") ? *node : -1;
      c.outputInit = {defaultValue(Type::Ref), makeInt(-1)};
      if (first == Op::OnSelect) {
        c.outputInit.push_back(defaultValue(Type::Float3));
        c.outputInit.push_back(defaultValue(Type::Float3));
      }
      c.outputInit.push_back(defaultValue(Type::Ref));
      return true;
    }
    default:
      break;
  }
  if (!matchOverload(c)) return false;
  if (n.op == Op::MathQuatFromAngles) {
    static constexpr const char* kOrders[] = {"xyz", "xzy", "yxz", "yzx", "zxy", "zyx"};
    n.param = kOrderYXZ;
    if (const auto order = c.configString("order")) {
      const auto it = std::find(std::begin(kOrders), std::end(kOrders), *order);
      if (it != std::end(kOrders)) {
        n.param = int32_t(it - std::begin(kOrders));
      } else {
        c.warn("`order` \"" + *order + "\" is none of xyz, xzy, yxz, yzx, zxy, zyx: yxz is used");
      }
    } else if (c.configValue("order")) {
      c.warn("`order` is not a string: yxz is used");
    }
  }
  if (n.op == Op::FlowThrottle) c.outputInit.push_back(makeFloat(kNaN));
  return true;
}

}  // namespace vitrine::interact
