// libFuzzer target: the behaviour-graph engine (interact/engine.h) on valid graphs. The bytes
// choose a graph the compiler accepts by construction: up to 64 nodes, each an operation of
// interact/op_list.inc (its overload's T, the configuration it needs: cases, variables,
// pointer templates, events, log messages), every input value socket an earlier node's output
// of its type or an inline constant, every output flow wired to an input flow of a later node.
// It is compiled (a refusal is skipped, INTERACT_FUZZ_VERBOSE=1 prints it), then run:
// start() and 6 ticks, with selections, hovers and external events between them, under
// EngineLimits{maxExecutionsPerTick = 100000} so that loops end. The host checks what host.h
// promises it (types of get/set, writes to writable properties only). Seeds: byte strings
// (corpus_gen, interact_run/).
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "engine.h"
#include "graph_load.h"
#include "interact_fuzz_host.h"
#include "op_table.h"

namespace {

using namespace vitrine::interact;

using fuzz::FuzzHost;

using nlohmann::json;

constexpr uint32_t kMaxNodes = 64;
constexpr int kTypes = int(Type::Custom);  // `types` lists bool .. ref at their enum index

struct PointerTemplate {
  const char* text;
  Type type;
  std::vector<std::pair<const char*, bool>> params;  // id, isRef
};

const PointerTemplate kPointers[] = {
    {"/nodes/{node}/translation", Type::Float3, {{"node", true}}},
    {"/nodes/[index]/rotation", Type::Float4, {{"index", false}}},
    {"/nodes/[index]/scale", Type::Float3, {{"index", false}}},
    {"/nodes/[index]/extensions/KHR_node_visibility/visible", Type::Bool, {{"index", false}}},
    {"/nodes/0/matrix", Type::Float4x4, {}},
    {"/materials/0/pbrMetallicRoughness/baseColorFactor", Type::Float4, {}},
    {"/materials/{m}/pbrMetallicRoughness/metallicFactor", Type::Float, {{"m", true}}},
    {"/materials/0/alphaMode", Type::Int, {}},
    {"/meshes/[m]/weights/[w]", Type::Float, {{"m", false}, {"w", false}}},
    {"/cameras/0/perspective/yfov", Type::Float, {}},
    {"/extensions/KHR_interactivity/limits/maxActiveDelays", Type::Int, {}},
    {"/animations/{a}/extensions/KHR_interactivity/playhead", Type::Float, {{"a", true}}},
    {"/animations/[a]/extensions/KHR_interactivity/isPlaying", Type::Bool, {{"a", false}}},
    {"/extensions/KHR_interactivity/delays/{d}", Type::Ref, {{"d", true}}},
    {"/extensions/KHR_interactivity/events/{e}", Type::Ref, {{"e", true}}},
};

// The operations that have flows or configure themselves: drawn as often as all the others.
// clang-format off
constexpr Op kFlowOps[] = {
    Op::OnStart, Op::OnTick, Op::FlowSequence, Op::FlowBranch, Op::FlowSwitch, Op::FlowWhile,
    Op::FlowFor, Op::FlowDoN, Op::FlowMultiGate, Op::FlowWaitAll, Op::FlowThrottle,
    Op::FlowSetDelay, Op::FlowCancelDelay, Op::VariableGet, Op::VariableSet,
    Op::VariableInterpolate, Op::PointerGet, Op::PointerSet, Op::PointerInterpolate,
    Op::AnimationStart, Op::AnimationStop, Op::AnimationStopAt, Op::EventReceive, Op::EventSend,
    Op::DebugLog, Op::OnSelect, Op::OnHoverIn, Op::OnHoverOut, Op::StopPropagation,
    Op::MathSwitch, Op::MathQuatFromAngles};
// clang-format on

// Events: "e0" {n: int, x: float}, an unnamed one {r: ref, v: float3}, "e2" without values.
struct EventSpec {
  std::vector<std::pair<const char*, Type>> values;  // sorted by id
};
const EventSpec kEvents[] = {
    {{{"n", Type::Int}, {"x", Type::Float}}}, {{{"r", Type::Ref}, {"v", Type::Float3}}}, {{}}};

class GraphMaker {
 public:
  explicit GraphMaker(FuzzedDataProvider& in) : in_(in) {}

  json make() {
    json types = json::array();
    for (int t = 0; t < kTypes; ++t) types.push_back({{"signature", typeName(Type(t))}});
    graph_["types"] = types;
    const int vars = in_.ConsumeIntegralInRange(0, 6);
    for (int v = 0; v < vars; ++v) {
      const Type t = anyType();
      json var = {{"type", int(t)}};
      if (in_.ConsumeBool()) var["value"] = constant(t);
      graph_["variables"].push_back(var);
      vars_.push_back(t);
    }
    for (size_t e = 0; e < std::size(kEvents); ++e) {
      json ev = json::object();
      if (e != 1) ev["id"] = "e" + std::to_string(e);
      for (const auto& [id, t] : kEvents[e].values) ev["values"][id] = {{"type", int(t)}};
      graph_["events"].push_back(ev);
    }
    const uint32_t count = in_.ConsumeIntegralInRange<uint32_t>(1, kMaxNodes);
    for (uint32_t k = 0; k < count; ++k) node(k, count);
    for (uint32_t k = 0; k < count; ++k) link(k, count);
    graph_["declarations"] = declarations_;
    graph_["nodes"] = nodes_;
    return graph_;
  }

 private:
  struct Output {
    uint32_t node;
    std::string socket;
    Type type;
  };
  struct Flows {
    std::vector<std::string> in, out;
    bool all = false;  // flow/sequence, flow/multiGate: their outputs are the `flows` ids
  };
  FuzzedDataProvider& in_;
  json graph_ = json::object();
  json declarations_ = json::array();
  json nodes_ = json::array();
  std::map<std::string, uint32_t> declarationIndex_;
  std::vector<Type> vars_;
  std::vector<Output> outputs_;
  std::vector<Flows> flows_;

  Type anyType() { return Type(in_.ConsumeIntegralInRange(0, kTypes - 1)); }
  Type typeIn(TypeClass cls) {
    std::vector<Type> fit;
    for (int t = 0; t < kTypes; ++t) {
      if (typeInClass(Type(t), cls)) fit.push_back(Type(t));
    }
    return fit[in_.ConsumeIntegralInRange<size_t>(0, fit.size() - 1)];
  }

  double number() {
    static constexpr double kPool[] = {
        0,  1,   -1,     0.5,   2,      -0.0,     0.25,  3.141592653589793,
        10, 100, 1e-300, 1e300, -1e300, 4.9e-324, 0.016, 1e15};
    const auto k = in_.ConsumeIntegral<uint8_t>();
    if (k < 2 * std::size(kPool)) return kPool[k % std::size(kPool)];
    const double d = in_.ConsumeFloatingPoint<double>();
    return std::isfinite(d) ? d : 0.0;
  }
  int32_t integer() {
    static constexpr int32_t kPool[] = {0,   1,      -1, 2,  3,         5,         10,
                                        100, 100000, 31, 32, INT32_MIN, INT32_MAX, -32};
    const auto k = in_.ConsumeIntegral<uint8_t>();
    if (k < 2 * std::size(kPool)) return kPool[k % std::size(kPool)];
    return in_.ConsumeIntegral<int32_t>();
  }
  json constant(Type t) {
    static constexpr const char* kRefs[] = {"/nodes/0",     "/nodes/1",      "/nodes/7",
                                            "/materials/0", "/animations/0", "/animations/1",
                                            "/cameras/0",   "/meshes/0",     ""};
    if (t == Type::Bool) return json::array({in_.ConsumeBool()});
    if (t == Type::Int) return json::array({integer()});
    if (t == Type::Ref) {
      return json::array({kRefs[in_.ConsumeIntegralInRange<size_t>(0, std::size(kRefs) - 1)]});
    }
    json out = json::array();
    for (uint32_t k = 0; k < componentCount(t); ++k) out.push_back(number());
    return out;
  }
  // An earlier node's output of type t (most of the time when there is one), else inline.
  json input(Type t) {
    if (in_.ConsumeIntegral<uint8_t>() < 170) {
      std::vector<const Output*> fit;
      for (const Output& o : outputs_) {
        if (o.type == t) fit.push_back(&o);
      }
      if (!fit.empty()) {
        const Output& o = *fit[in_.ConsumeIntegralInRange<size_t>(0, fit.size() - 1)];
        json ref = {{"node", o.node}, {"socket", o.socket}};
        if (in_.ConsumeBool()) ref["type"] = int(t);
        return ref;
      }
    }
    return {{"type", int(t)}, {"value", constant(t)}};
  }
  uint32_t declaration(const std::string& op, const char* extension = nullptr,
                       const std::vector<SocketSpec>* outputs = nullptr) {
    const auto it = declarationIndex_.find(op);
    if (it != declarationIndex_.end()) return it->second;
    json d = {{"op", op}};
    if (extension) {
      d["extension"] = extension;
      for (const SocketSpec& s : *outputs) {
        d["outputValueSockets"][std::string(s.id)] = {{"type", int(s.type)}};
      }
    }
    declarations_.push_back(d);
    return declarationIndex_[op] = uint32_t(declarations_.size() - 1);
  }
  static json configValue(json v) { return {{"value", json::array({std::move(v)})}}; }

  Op pickOp(uint32_t k) {
    if (k == 0) return in_.ConsumeBool() ? Op::OnStart : Op::OnTick;
    if (in_.ConsumeBool())
      return kFlowOps[in_.ConsumeIntegralInRange<size_t>(0, std::size(kFlowOps) - 1)];
    return Op(in_.ConsumeIntegralInRange<int>(0, int(Op::Noop) - 1));
  }

  void node(uint32_t k, uint32_t count) {
    Op op = pickOp(k);
    if ((op == Op::VariableGet || op == Op::VariableSet) && vars_.empty()) op = Op::MathPi;
    std::vector<uint32_t> floatVars;
    for (uint32_t v = 0; v < vars_.size(); ++v) {
      if (isFloatType(vars_[v])) floatVars.push_back(v);
    }
    if (op == Op::VariableInterpolate && floatVars.empty()) op = Op::FlowDoN;
    const OpInfo& info = opInfo(op);
    json values = json::object(), config = json::object();
    std::vector<std::pair<std::string, Type>> outs;
    Flows flows;
    for (const auto f : info.flowsIn) flows.in.emplace_back(f);
    for (const auto f : info.flowsOut) flows.out.emplace_back(f);
    const bool last = k + 1 == count;
    uint32_t decl = 0;
    switch (op) {
      case Op::MathSwitch:
      case Op::FlowSwitch: {
        const Type t = anyType();
        json cases = json::array();
        std::vector<std::string> ids;
        for (int c = in_.ConsumeIntegralInRange(0, 3); c > 0; --c) {
          const int32_t v = in_.ConsumeIntegralInRange(-2, 5);
          cases.push_back(v);
          ids.push_back(std::to_string(v));
        }
        if (!cases.empty()) config["cases"] = {{"value", cases}};
        values["selection"] = input(Type::Int);
        if (op == Op::MathSwitch) {
          values["default"] = input(t);
          for (const std::string& id : ids) values[id] = input(t);
          outs.emplace_back("value", t);
        } else {
          flows.out = ids;
          flows.out.push_back("default");
        }
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::FlowSequence:
      case Op::FlowMultiGate:
        flows.out.clear();
        flows.all = true;
        for (int f = last ? 0 : in_.ConsumeIntegralInRange(0, 4); f > 0; --f) {
          flows.out.push_back(std::string(1, char('a' + f)));
        }
        if (op == Op::FlowMultiGate) {
          if (in_.ConsumeBool()) config["isRandom"] = configValue(in_.ConsumeBool());
          if (in_.ConsumeBool()) config["isLoop"] = configValue(in_.ConsumeBool());
          outs.emplace_back("lastIndex", Type::Int);
        }
        decl = declaration(std::string(info.name));
        break;
      case Op::FlowWaitAll: {
        const int n = in_.ConsumeIntegralInRange(0, 5);  // 5: invalid, the default (0)
        if (n > 0) config["inputFlows"] = configValue(n == 5 ? 99 : n);
        flows.in.clear();
        for (int f = 0; f < (n == 5 ? 0 : n); ++f) flows.in.push_back(std::to_string(f));
        flows.in.push_back("reset");
        outs.emplace_back("remainingInputs", Type::Int);
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::VariableGet:
      case Op::VariableSet:
      case Op::VariableInterpolate: {
        if (op == Op::VariableSet) {
          json list = json::array();
          for (int c = in_.ConsumeIntegralInRange(1, 3); c > 0; --c) {
            const auto v = in_.ConsumeIntegralInRange<uint32_t>(0, uint32_t(vars_.size() - 1));
            list.push_back(v);
            values[std::to_string(v)] = input(vars_[v]);
          }
          config["variables"] = {{"value", list}};
        } else {
          const uint32_t v =
              op == Op::VariableGet
                  ? in_.ConsumeIntegralInRange<uint32_t>(0, uint32_t(vars_.size() - 1))
                  : floatVars[in_.ConsumeIntegralInRange<size_t>(0, floatVars.size() - 1)];
          config["variable"] = configValue(v);
          if (op == Op::VariableGet) {
            outs.emplace_back("value", vars_[v]);
          } else {
            config["useSlerp"] = configValue(vars_[v] == Type::Float4 && in_.ConsumeBool());
            values["value"] = input(vars_[v]);
            for (const SocketSpec& s : info.inputs) values[std::string(s.id)] = input(s.type);
          }
        }
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::PointerGet:
      case Op::PointerSet:
      case Op::PointerInterpolate: {
        const PointerTemplate* p = nullptr;
        do {
          p = &kPointers[in_.ConsumeIntegralInRange<size_t>(0, std::size(kPointers) - 1)];
        } while (op == Op::PointerInterpolate && !isFloatType(p->type) &&
                 in_.remaining_bytes() > 0);
        const Type t =
            op == Op::PointerGet && in_.ConsumeIntegral<uint8_t>() < 16 ? anyType() : p->type;
        config["pointer"] = configValue(p->text);
        config["type"] = configValue(int(t));
        for (const auto& [id, isRef] : p->params) values[id] = input(isRef ? Type::Ref : Type::Int);
        if (op == Op::PointerGet) {
          outs.emplace_back("value", t);
          outs.emplace_back("isValid", Type::Bool);
        } else {
          values["value"] = input(t);
          for (const SocketSpec& s : info.inputs) values[std::string(s.id)] = input(s.type);
        }
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::EventReceive:
      case Op::EventSend: {
        const auto e = in_.ConsumeIntegralInRange<size_t>(0, std::size(kEvents) - 1);
        config["event"] = configValue(e);
        for (const auto& [id, t] : kEvents[e].values) {
          if (op == Op::EventReceive) {
            outs.emplace_back(id, t);
          } else {
            values[id] = input(t);
          }
        }
        if (op == Op::EventReceive) outs.emplace_back("event", Type::Ref);
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::DebugLog: {
        static constexpr const char* kMessages[] = {"plain", "{a}", "a={a}, b={b}",
                                                    "{{literal}} {a}{a}", "{bad"};
        const auto m = in_.ConsumeIntegralInRange<size_t>(0, std::size(kMessages) - 1);
        config["message"] = configValue(kMessages[m]);
        if (in_.ConsumeBool()) config["severity"] = configValue(integer());
        values["a"] = input(anyType());
        values["b"] = input(anyType());
        decl = declaration(std::string(info.name));
        break;
      }
      case Op::OnSelect:
      case Op::OnHoverIn:
      case Op::OnHoverOut:
        config["nodeIndex"] = configValue(in_.ConsumeIntegralInRange(-1, 2));
        for (const SocketSpec& s : info.outputs) outs.emplace_back(std::string(s.id), s.type);
        decl = declaration(std::string(info.name),
                           op == Op::OnSelect ? "KHR_node_selectability" : "KHR_node_hoverability",
                           &info.outputs);
        break;
      default: {
        // A row of the table as it stands: T drawn from its class.
        const Type t = info.cls == TypeClass::None ? Type::Float : typeIn(info.cls);
        for (const SocketSpec& s : info.inputs) {
          values[std::string(s.id)] = input(s.generic ? t : s.type);
        }
        for (const SocketSpec& s : info.outputs) {
          outs.emplace_back(std::string(s.id), s.generic ? t : s.type);
        }
        if (op == Op::FlowFor && in_.ConsumeBool()) {
          config["initialIndex"] = configValue(integer());
        }
        if (op == Op::MathQuatFromAngles && in_.ConsumeBool()) {
          static constexpr const char* kOrders[] = {"xyz", "zyx", "yxz", "bad"};
          config["order"] = configValue(kOrders[in_.ConsumeIntegralInRange(0, 3)]);
        }
        decl = declaration(std::string(info.name));
        break;
      }
    }
    json n = {{"declaration", decl}};
    if (!values.empty()) n["values"] = values;
    if (!config.empty()) n["configuration"] = config;
    nodes_.push_back(n);
    for (auto& [id, t] : outs) outputs_.push_back({k, id, t});
    flows_.push_back(std::move(flows));
  }

  // Every output flow of node k to an input flow of a later node; sequence and multiGate
  // outputs must all be connected (their ids are the `flows` object's), others mostly are.
  void link(uint32_t k, uint32_t count) {
    json flows = json::object();
    const bool all = flows_[k].all;
    for (const std::string& id : flows_[k].out) {
      if (k + 1 == count || (!all && in_.ConsumeIntegral<uint8_t>() < 24)) continue;
      const uint32_t to = in_.ConsumeIntegralInRange(k + 1, count - 1);
      const std::vector<std::string>& ins = flows_[to].in;
      const std::string socket =
          ins.empty() ? "in" : ins[in_.ConsumeIntegralInRange<size_t>(0, ins.size() - 1)];
      flows[id] = {{"node", to}, {"socket", socket}};
    }
    if (!flows.empty()) nodes_[k]["flows"] = flows;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  json graph = GraphMaker(in).make();
  FuzzHost host;
  Interactivity loaded = loadInteractivity(json{{"graphs", json::array({std::move(graph)})}}, host);
  if (const GraphError* refusal = defaultRefusal(loaded)) {
    if (std::getenv("INTERACT_FUZZ_VERBOSE")) {
      std::fprintf(stderr, "refused: %s\n", refusal->text().c_str());
    }
    return 0;
  }
  EngineLimits limits;
  limits.maxExecutionsPerTick = 100000;
  Engine engine(*loaded.graphs[0], host, limits);
  engine.start();
  engine.clearLog();
  double time = 0;
  for (int tick = 0; tick < 6; ++tick) {
    static constexpr double kSteps[] = {0, 1.0 / 60, 0.5, 1, 10, 150};
    const double origin[3] = {0, 0, 0};
    const double direction[3] = {in.ConsumeBool() ? 1.0 : -1.0, in.ConsumeBool() ? 1.0 : 0.0, 0};
    switch (in.ConsumeIntegralInRange(0, 5)) {
      case 0:
        engine.select(origin, direction, in.ConsumeIntegralInRange(0, 1));
        break;
      case 1:
        engine.setHover(origin, direction, 0);
        break;
      case 2:
        engine.clearHover(0);
        break;
      case 3: {
        std::string error;
        engine.sendEvent("e0", {{"n", makeInt(in.ConsumeIntegral<int32_t>())}}, &error);
        engine.sendEvent("e2", {}, &error);
        break;
      }
      default:
        break;
    }
    time += kSteps[in.ConsumeIntegralInRange<size_t>(0, std::size(kSteps) - 1)];
    engine.tick(time);
    if (engine.lastTick().executions > limits.maxExecutionsPerTick + 1) std::abort();
    engine.clearLog();  // the log grows with every debug/log; the viewer drains it per frame
  }
  return 0;
}
