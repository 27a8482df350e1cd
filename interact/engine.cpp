#include "engine.h"

#include <charconv>
#include <cmath>

#include "engine_state.h"

namespace vitrine::interact {

Engine::State::State(const Graph& graph, ObjectModelHost& h, const EngineLimits& l)
    : g(graph), host(h), limits(l), values(graph.values) {
  variables.reserve(g.variables.size());
  for (const VariableDef& v : g.variables) variables.push_back(v.initial);
  nodeInt.assign(g.nodes.size(), 0);
  nodeTime.assign(g.nodes.size(), 0.0);
  bits.assign(g.stateBits, 0);
  randomEpoch.assign(g.nodes.size(), 0);
  activity.assign(g.nodes.size(), NodeActivity{});
  receivers.resize(g.events.size());
  for (uint32_t k = 0; k < g.nodes.size(); ++k) {
    const Node& n = g.nodes[k];
    switch (n.op) {
      case Op::OnStart:
        onStart.push_back(k);
        break;
      case Op::OnTick:
        onTick.push_back(k);
        break;
      case Op::OnSelect:
        onSelect.push_back(k);
        break;
      case Op::OnHoverIn:
        onHoverIn.push_back(k);
        break;
      case Op::OnHoverOut:
        onHoverOut.push_back(k);
        break;
      case Op::EventReceive:
        receivers[size_t(n.param)].push_back(k);
        break;
      default:
        break;
    }
  }
  animations.resize(host.animationCount());
  for (uint32_t a = 0; a < animations.size(); ++a) {
    host.animationRange(a, &animations[a].minTime, &animations[a].maxTime);
    if (std::isnan(animations[a].maxTime)) {
      animations[a].playhead = animations[a].virtualPlayhead = kNaN;  // "Animation State"
    }
  }
  animationTimes.assign(animations.size(), 0.0);
  animationApplied.assign(animations.size(), 0);
}

Engine::Engine(const Graph& graph, ObjectModelHost& host, const EngineLimits& limits)
    : state_(std::make_unique<State>(graph, host, limits)) {}

Engine::~Engine() = default;

void Engine::start() {
  State& s = *state_;
  if (s.started) return;
  s.started = true;
  s.executions = 0;
  s.aborted = false;
  // "On Start": every onStart node in JSON order, sharing one event reference.
  s.dispatch(s.onStart, ++s.eventSerial);
  s.stats = {s.executions, s.aborted};
}

void Engine::tick(double time) {
  State& s = *state_;
  if (!s.started) start();
  ++s.ticks;
  s.now = time;
  s.executions = 0;
  s.aborted = false;
  s.runQueuedEvents();        // 1
  s.runInputs();              // 2
  s.runDelays();              // 3
  s.runAnimations();          // 4
  s.runInterpolations(true);  // 5
  s.runInterpolations(false);
  // 6. "On Tick": "On the very first tick event, the timeSinceStart output value MUST be set to
  // zero and the timeSinceLastTick output value MUST remain NaN", even when the first tick
  // comes after τ = 0: the time since start counts from the first tick.
  if (std::isnan(s.firstTickTime)) s.firstTickTime = time;
  const double sinceLast = std::isnan(s.lastTickTime) ? kNaN : time - s.lastTickTime;
  const uint32_t serial = ++s.eventSerial;
  for (const uint32_t k : s.onTick) {
    Value* out = &s.values[s.g.nodes[k].output0];
    out[0].f[0] = time - s.firstTickTime;
    out[1].f[0] = sinceLast;
    out[2].ref = Ref{RefKind::Event, 0, serial};
  }
  s.dispatch(s.onTick, serial);
  s.lastTickTime = time;
  s.stats = {s.executions, s.aborted};
}

void Engine::select(const double origin[3], const double direction[3], int32_t controller) {
  State::Input in;
  in.kind = State::Input::Select;
  for (int k = 0; k < 3; ++k) in.origin[k] = origin[k], in.direction[k] = direction[k];
  in.controller = controller;
  state_->inputs.push_back(in);
}

void Engine::setHover(const double origin[3], const double direction[3], int32_t controller) {
  State::Input in;
  in.kind = State::Input::Hover;
  for (int k = 0; k < 3; ++k) in.origin[k] = origin[k], in.direction[k] = direction[k];
  in.controller = controller;
  state_->inputs.push_back(in);
}

void Engine::clearHover(int32_t controller) {
  State::Input in;
  in.kind = State::Input::HoverClear;
  in.controller = controller;
  state_->inputs.push_back(in);
}

bool Engine::sendEvent(const std::string& id,
                       const std::vector<std::pair<std::string, Value>>& values,
                       std::string* error) {
  State& s = *state_;
  for (uint32_t e = 0; e < s.g.events.size(); ++e) {
    const EventDef& def = s.g.events[e];
    if (!def.hasId || def.id != id) continue;
    State::Input in;
    in.kind = State::Input::Event;
    in.event = e;
    in.values0 = uint32_t(s.inputValues.size());
    // "Receive": values the environment does not set take their initial or default values.
    s.inputValues.insert(s.inputValues.end(), def.initial.begin(), def.initial.end());
    for (const auto& [name, v] : values) {
      size_t k = 0;
      while (k < def.valueIds.size() && def.valueIds[k] != name) ++k;
      if (k == def.valueIds.size()) {
        *error = "the event \"" + id + "\" has no value \"" + name + "\"";
        s.inputValues.resize(in.values0);
        return false;
      }
      if (v.type != def.initial[k].type) {
        *error = "the value \"" + name + "\" of the event \"" + id + "\" is " +
                 aTypeName(def.initial[k].type) + ", not " + aTypeName(v.type);
        s.inputValues.resize(in.values0);
        return false;
      }
      s.inputValues[in.values0 + k] = v;
    }
    s.inputs.push_back(in);
    return true;
  }
  *error = "the graph declares no event with the id \"" + id + "\"";
  return false;
}

void Engine::readProperty(int32_t id, Value& out) {
  state_->readProperty(id, out);
}

const std::vector<Value>& Engine::variables() const {
  return state_->variables;
}
const std::vector<LogEntry>& Engine::log() const {
  return state_->log;
}
void Engine::clearLog() {
  state_->log.clear();
}
const TickStats& Engine::lastTick() const {
  return state_->stats;
}
double Engine::time() const {
  return state_->now;
}

namespace {

void appendNumber(std::string& out, double v, bool asFloat32) {
  if (std::isnan(v)) {
    out += "\"NaN\"";
  } else if (std::isinf(v)) {
    out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  } else {
    char buf[32];
    const auto r = asFloat32 ? std::to_chars(buf, buf + sizeof buf, float(v))
                             : std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
    // As today's --query writes floats: a whole number keeps ".0" (it never reads back as an int).
    if (std::string_view(buf, size_t(r.ptr - buf)).find_first_of(".e") == std::string_view::npos) {
      out += ".0";
    }
  }
}

const char* refArray(RefKind kind) {
  switch (kind) {
    case RefKind::Node:
      return "/nodes/";
    case RefKind::Mesh:
      return "/meshes/";
    case RefKind::Material:
      return "/materials/";
    case RefKind::Camera:
      return "/cameras/";
    case RefKind::Animation:
      return "/animations/";
    case RefKind::Scene:
      return "/scenes/";
    case RefKind::Skin:
      return "/skins/";
    case RefKind::Texture:
      return "/textures/";
    case RefKind::Image:
      return "/images/";
    case RefKind::Sampler:
      return "/samplers/";
    case RefKind::Accessor:
      return "/accessors/";
    case RefKind::BufferView:
      return "/bufferViews/";
    case RefKind::Buffer:
      return "/buffers/";
    case RefKind::Light:
      return "/extensions/KHR_lights_punctual/lights/";
    case RefKind::Delay:
      return "/extensions/KHR_interactivity/delays/";
    case RefKind::Event:
      return "/extensions/KHR_interactivity/events/";
    default:
      break;
  }
  return nullptr;
}

}  // namespace

std::string formatValue(const Value& v, bool asFloat32) {
  std::string out;
  switch (v.type) {
    case Type::Bool:
      return v.b ? "true" : "false";
    case Type::Int:
      return std::to_string(v.i);
    case Type::Ref: {
      const char* array = refArray(v.ref.kind);
      if (!array) return "null";
      const uint32_t index =
          v.ref.kind == RefKind::Delay || v.ref.kind == RefKind::Event ? v.ref.serial : v.ref.index;
      return std::string("\"") + array + std::to_string(index) + "\"";
    }
    case Type::Float:
      appendNumber(out, v.f[0], asFloat32);
      return out;
    case Type::Custom:
    case Type::Count:
      return "null";
    default:
      break;
  }
  out += '[';
  for (uint32_t k = 0; k < componentCount(v.type); ++k) {
    if (k) out += ',';
    appendNumber(out, v.f[k], asFloat32);
  }
  out += ']';
  return out;
}

}  // namespace vitrine::interact
