#include "batch_interact.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "camera.h"
#include "engine.h"
#include "graph_session.h"
#include "headless.h"
#include "json_values.h"
#include "pointer_resolve.h"
#include "scene_host.h"
#include "virtual_pointers.h"

namespace vitrine::app {
namespace {

using interact::Value;

struct Query {
  std::string pointer;
  std::string asWritten;  // "POINTER@t" or "POINTER"
  double time = 0;
  std::string answer;
};

// "POINTER@t": the time after the last '@' when it is a number; a bare pointer reports at T.
Query parseQuery(const std::string& text, double end) {
  Query q{text, text, end, {}};
  const size_t at = text.rfind('@');
  if (at != std::string::npos) {
    char* stop = nullptr;
    const std::string t = text.substr(at + 1);
    const double v = std::strtod(t.c_str(), &stop);
    if (!t.empty() && stop == t.c_str() + t.size() && std::isfinite(v) && v >= 0) {
      q.pointer = text.substr(0, at);
      q.time = v;
    }
  }
  return q;
}

int findNode(const scene::Scene& scene, const std::string& text) {
  char* stop = nullptr;
  const long index = std::strtol(text.c_str(), &stop, 10);
  if (!text.empty() && stop == text.c_str() + text.size()) {
    return index >= 0 && size_t(index) < scene.nodes.size() ? int(index) : -1;
  }
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    if (scene.nodes[n].name == text) return int(n);
  }
  return -1;
}

// The world-space centre of `node`'s meshes and those below it, as posed now; its origin when
// it has none.
glm::vec3 nodeCentre(const scene::Scene& scene, int node) {
  scene::Bounds b;
  std::vector<int> stack{node};
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    scene::extendByMeshNode(scene, n, b);
    for (const int c : scene.nodes[size_t(n)].children) stack.push_back(c);
  }
  if (b.empty()) return glm::vec3(scene.world[size_t(node)][3]);
  return (b.min + b.max) * 0.5f;
}

// The value a query names, from the graph's view of the Object Model (the host, then the
// engine's own pointers), as JSON; "" when no such property.
std::string answer(interact::Engine& engine, interact::SceneHost& host, const std::string& pointer,
                   uint32_t animations) {
  interact::Property p = interact::virtualProperty(pointer, animations);
  if (p.id < 0) p = host.resolve(pointer);
  if (p.id < 0) return "";
  Value v;
  v.type = p.type;
  engine.readProperty(p.id, v);
  // Host slots hold 32-bit floats: printed at that precision, as today's --query does.
  return interact::formatValue(v, p.id < interact::kVirtualBase);
}

// The view the inputs are cast from: --camera's, else the one --render frames; null after
// printing why --camera names no usable camera.
std::optional<renderer::View> inputView(const scene::Scene& scene, const CliOptions& o,
                                        float aspect, const std::string& file) {
  if (o.camera) {
    std::string error;
    std::optional<renderer::View> v = assetCameraView(scene, *o.camera, aspect, &error);
    if (!v) std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    return v;
  }
  OrbitCamera orbit;
  orbit.frame(scene::sceneBounds(scene, scene.activeScene), aspect);
  return orbit.view(aspect);
}

// A time as the shortest decimal that reads back as the same double ("2.5", "0.1").
std::string shortest(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// "POINTER@t" as written; a bare query as "POINTER@T".
std::string label(const Query& q) {
  return q.asWritten != q.pointer ? q.asWritten : q.pointer + "@" + shortest(q.time);
}

// A refused extension or graph: the queries answer for the plain asset, its clips sampled at
// each query's time as --time samples them without --interact.
int answerPlain(BatchAsset& asset, const std::string& file, const std::vector<Query>& queries) {
  Document& doc = *asset.document;
  std::string out;
  for (const Query& q : queries) {
    scene::DirtySet dirty;
    doc.animations->evaluate(float(q.time), asset.enabled, dirty);
    const scene::ResolveResult r = scene::resolvePointer(*doc.scene, *doc.gltf, q.pointer);
    if (!r.ok && r.readOnlyValue.empty()) {
      std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), q.pointer.c_str(),
                   r.error.c_str());
      return kExitBadInput;
    }
    out += label(q) + " = " + (r.ok ? scene::formatSlotValue(r.slot) : r.readOnlyValue) + "\n";
  }
  std::fputs(out.c_str(), stdout);
  return kExitValidation;
}

// --event's values, read for the types the graph's event with that id declares (the others
// keep their initial values); "" or why they are wrong.
std::string eventValues(const interact::Graph& graph, interact::ObjectModelHost& host,
                        const CliOptions::GraphInput& in,
                        std::vector<std::pair<std::string, Value>>* out) {
  const interact::EventDef* def = nullptr;
  for (const interact::EventDef& d : graph.events) {
    if (d.hasId && d.id == in.target) def = &d;
  }
  if (!def) return "the graph declares no event with the id \"" + in.target + "\"";
  const interact::Json json = in.values.empty() ? interact::Json::object()
                                                : interact::Json::parse(in.values, nullptr, false);
  if (!json.is_object()) return "the values are not a JSON object";
  for (const auto& [name, raw] : json.items()) {
    const auto it = std::find(def->valueIds.begin(), def->valueIds.end(), name);
    if (it == def->valueIds.end()) {
      return "the event \"" + in.target + "\" has no value \"" + name + "\"";
    }
    Value v;
    const interact::Json array = raw.is_array() ? raw : interact::Json::array({raw});
    const interact::Type type = def->initial[size_t(it - def->valueIds.begin())].type;
    const std::string why = interact::readInlineValue(array, type, &host, &v);
    if (!why.empty()) return "\"" + name + "\": " + why;
    out->emplace_back(name, v);
  }
  return {};
}

}  // namespace

struct GraphRun::Impl {
  Impl(BatchAsset& a, std::string f, const CliOptions& options, const renderer::View& v)
      : asset(a), file(std::move(f)), o(options), view(v) {}
  BatchAsset& asset;
  std::string file;
  const CliOptions& o;
  renderer::View view;
  const interact::Graph* graph = nullptr;
  std::unique_ptr<interact::Engine> engine;
  std::vector<int> nodes;  // --select, --hover: the node aimed at
  std::vector<std::vector<std::pair<std::string, Value>>> values;  // --event
  std::vector<uint8_t> delivered, released;
  size_t hoverHeld = SIZE_MAX;  // the --hover whose pointer is on screen now (one pointer)
  uint64_t nextTick = 0;
  double latestInput = 0;
};

GraphRun::GraphRun(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GraphRun::~GraphRun() = default;

std::unique_ptr<GraphRun> GraphRun::create(BatchAsset& asset, const std::string& file,
                                           const CliOptions& o, const renderer::View& view,
                                           int* status) {
  Document& doc = *asset.document;
  scene::Scene& scene = *doc.scene;
  *status = kExitBadInput;
  if (!doc.graphHost) {
    std::fprintf(stderr, "vitrine: %s: --interact: the asset has no KHR_interactivity graph\n",
                 file.c_str());
    return nullptr;
  }
  const interact::Interactivity& inter = doc.interactivity;
  const uint32_t chosen = o.graph.value_or(inter.defaultGraph);
  if (o.graph && *o.graph >= inter.graphs.size() && !inter.extensionError) {
    std::fprintf(stderr, "vitrine: %s: --graph %u: the asset has %zu graphs\n", file.c_str(),
                 *o.graph, inter.graphs.size());
    return nullptr;
  }
  const interact::GraphError* refused = inter.extensionError    ? &*inter.extensionError
                                        : !inter.graphs[chosen] ? &inter.errors[chosen]
                                                                : nullptr;
  if (refused) {
    // The load warned of a refused extension or default graph; --graph N may name another.
    if (!inter.extensionError && chosen != inter.defaultGraph) {
      std::fprintf(stderr, "vitrine: warning: %s: %s; graph %u has no behaviour\n", file.c_str(),
                   refused->text().c_str(), chosen);
    }
    *status = kExitValidation;
    return nullptr;
  }
  interact::SceneHost& host = *doc.graphHost;
  auto impl = std::make_unique<Impl>(asset, file, o, view);
  impl->graph = inter.graphs[chosen].get();
  const float aspect = float(o.width) / float(o.height);
  host.setActiveCamera(activeCameraOf(scene, o.camera, view, aspect));

  // Every node and event named is checked before the graph runs.
  const size_t count = o.graphInputs.size();
  impl->nodes.assign(count, -1);
  impl->values.resize(count);
  impl->delivered.assign(count, 0);
  impl->released.assign(count, 0);
  for (size_t k = 0; k < count; ++k) {
    const CliOptions::GraphInput& in = o.graphInputs[k];
    impl->latestInput =
        std::max(impl->latestInput, in.kind == CliOptions::GraphInput::Hover ? in.until : in.time);
    if (in.kind == CliOptions::GraphInput::Select || in.kind == CliOptions::GraphInput::Hover) {
      impl->nodes[k] = findNode(scene, in.target);
      if (impl->nodes[k] < 0) {
        std::fprintf(stderr, "vitrine: %s: no node \"%s\"\n", file.c_str(), in.target.c_str());
        return nullptr;
      }
    } else if (in.kind == CliOptions::GraphInput::Event) {
      const std::string why = eventValues(*impl->graph, host, in, &impl->values[k]);
      if (!why.empty()) {
        std::fprintf(stderr, "vitrine: %s: --event %s: %s\n", file.c_str(), in.target.c_str(),
                     why.c_str());
        return nullptr;
      }
    }
  }
  impl->engine = std::make_unique<interact::Engine>(*impl->graph, host);
  impl->engine->start();
  *status = kExitOk;
  return std::unique_ptr<GraphRun>(new GraphRun(std::move(impl)));
}

double GraphRun::latestInput() const {
  return impl_->latestInput;
}
interact::Engine& GraphRun::engine() {
  return *impl_->engine;
}

bool GraphRun::advance(double time, const std::function<void(double, double)>& afterTick) {
  Impl& r = *impl_;
  const CliOptions& o = r.o;
  interact::Engine& engine = *r.engine;
  interact::SceneHost& host = *r.asset.document->graphHost;
  const scene::Scene& scene = *r.asset.document->scene;
  const double n = double(o.ticksPerSecond);
  for (;; ++r.nextTick) {
    const double tau = double(r.nextTick) / n;  // "computed as k/N, not by summing"
    if (tau > time) return true;
    // Step 2's inputs: those due at or before this tick, in time then command-line order.
    std::vector<size_t> due;
    for (size_t i = 0; i < o.graphInputs.size(); ++i) {
      if (!r.delivered[i] && o.graphInputs[i].time <= tau) due.push_back(i);
    }
    std::stable_sort(due.begin(), due.end(), [&](size_t a, size_t b) {
      return o.graphInputs[a].time < o.graphInputs[b].time;
    });
    for (const size_t i : due) {
      r.delivered[i] = 1;
      const CliOptions::GraphInput& in = o.graphInputs[i];
      if (in.kind == CliOptions::GraphInput::SelectRay) {
        engine.select(in.origin, in.direction);
        continue;
      }
      if (in.kind == CliOptions::GraphInput::Event) {
        std::string error;
        if (engine.sendEvent(in.target, r.values[i], &error)) continue;
        std::fprintf(stderr, "vitrine: %s: --event %s: %s\n", r.file.c_str(), in.target.c_str(),
                     error.c_str());
        return false;
      }
      // From the eye through the node's centre as posed now.
      const double origin[3] = {r.view.eye.x, r.view.eye.y, r.view.eye.z};
      const glm::vec3 centre = nodeCentre(scene, r.nodes[i]);
      double direction[3];
      for (int c = 0; c < 3; ++c) direction[c] = double(centre[c]) - origin[c];
      if (in.kind == CliOptions::GraphInput::Select) {
        engine.select(origin, direction);
      } else {
        engine.setHover(origin, direction);  // fixed on screen: the same ray every tick
        r.hoverHeld = i;
      }
    }
    for (size_t i = 0; i < o.graphInputs.size(); ++i) {
      const CliOptions::GraphInput& in = o.graphInputs[i];
      if (in.kind == CliOptions::GraphInput::Hover && r.delivered[i] && !r.released[i] &&
          in.until <= tau) {
        r.released[i] = 1;
        // A later --hover moved the pointer: this release does not take it away.
        if (r.hoverHeld != i) continue;
        r.hoverHeld = SIZE_MAX;
        engine.clearHover();
      }
    }
    engine.tick(tau);
    host.finishTick();  // world matrices; the caller uploads and clears host.dirty()
    if (afterTick) afterTick(tau, double(r.nextTick + 1) / n);
  }
}

void GraphRun::printLog() const {
  if (!impl_->o.graphLog) return;
  static const char* kKinds[] = {"log", "event", "err", "budget"};
  for (const interact::LogEntry& e : impl_->engine->log()) {
    std::printf("@%s %s: %s\n", shortest(e.time).c_str(), kKinds[e.kind], e.text.c_str());
  }
}

std::optional<renderer::View> interactView(const scene::Scene& scene, const CliOptions& o,
                                           const std::string& file) {
  return inputView(scene, o, float(o.width) / float(o.height), file);
}

int runInteract(BatchAsset& asset, const std::string& file, const CliOptions& o) {
  Document& doc = *asset.document;
  scene::Scene& scene = *doc.scene;
  const double endTime = o.graphTime.value_or(0.0);  // T
  std::vector<Query> queries;
  for (const std::string& q : o.queries) queries.push_back(parseQuery(q, endTime));
  const std::optional<renderer::View> view =
      doc.graphHost ? interactView(scene, o, file) : std::optional<renderer::View>();
  if (doc.graphHost && !view) return kExitBadInput;
  int status = kExitOk;
  std::unique_ptr<GraphRun> run =
      GraphRun::create(asset, file, o, view.value_or(renderer::View{}), &status);
  if (status == kExitValidation) return answerPlain(asset, file, queries);
  if (!run) return status;
  interact::SceneHost& host = *doc.graphHost;
  double end = std::max(endTime, run->latestInput());
  for (const Query& q : queries) {
    end = std::max(end, q.time);
    if (interact::virtualProperty(q.pointer, host.animationCount()).id >= 0 ||
        host.resolve(q.pointer).id >= 0)
      continue;
    const scene::ResolveResult r = scene::resolvePointer(scene, *doc.gltf, q.pointer);
    if (r.readOnlyValue.empty()) {
      std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), q.pointer.c_str(),
                   r.error.c_str());
      return kExitBadInput;
    }
  }
  if (o.renderOut && end > endTime) {
    // The run leaves the scene as it is at its end: --render would not show --time.
    std::fprintf(stderr,
                 "vitrine: --render shows the scene at --time %s: no input or query may come "
                 "later (the latest is at %s)\n",
                 shortest(endTime).c_str(), shortest(end).c_str());
    return kExitBadInput;
  }
  const bool ran = run->advance(end, [&](double, double next) {
    host.dirty().clear();  // nothing uploads: the scene is read as it is
    // Queries due: the state after the last tick at or before their time.
    for (Query& q : queries) {
      if (!q.answer.empty() || !(next > q.time || next > end)) continue;
      q.answer = answer(run->engine(), host, q.pointer, host.animationCount());
      if (q.answer.empty()) {
        q.answer = scene::resolvePointer(scene, *doc.gltf, q.pointer).readOnlyValue;
      }
    }
  });
  if (!ran) return kExitBadInput;
  run->printLog();
  for (const Query& q : queries) std::printf("%s = %s\n", label(q).c_str(), q.answer.c_str());
  return kExitOk;
}

}  // namespace vitrine::app
