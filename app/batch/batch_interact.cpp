#include "batch_interact.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "camera.h"
#include "engine.h"
#include "headless.h"
#include "json_values.h"
#include "pointer_resolve.h"
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

// A time as the shortest decimal that reads back as the same double ("2.5", "0.1").
std::string shortest(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace

int runInteract(BatchAsset& asset, const std::string& file, const CliOptions& o) {
  Document& doc = *asset.document;
  scene::Scene& scene = *doc.scene;
  if (!doc.graphHost) {
    std::fprintf(stderr, "vitrine: %s: --interact: the asset has no KHR_interactivity graph\n",
                 file.c_str());
    return kExitBadInput;
  }
  const interact::Interactivity& inter = doc.interactivity;
  const uint32_t chosen = o.graph.value_or(inter.defaultGraph);
  if (o.graph && *o.graph >= inter.graphs.size() && !inter.extensionError) {
    std::fprintf(stderr, "vitrine: %s: --graph %u: the asset has %zu graphs\n", file.c_str(),
                 *o.graph, inter.graphs.size());
    return kExitBadInput;
  }
  const interact::GraphError* refused = inter.extensionError    ? &*inter.extensionError
                                        : !inter.graphs[chosen] ? &inter.errors[chosen]
                                                                : nullptr;
  if (refused) {
    // "a rejected default graph means the asset has no behaviour": the queries answer for the
    // plain asset (its clips at --time, as without --interact).
    // The load warned of a refused extension or default graph; --graph N may name another.
    if (!inter.extensionError) {
      std::fprintf(stderr, "vitrine: warning: %s: %s; graph %u has no behaviour\n", file.c_str(),
                   refused->text().c_str(), chosen);
    }
    if (o.time) {
      scene::DirtySet dirty;
      doc.animations->evaluate(*o.time, asset.enabled, dirty);
    }
    for (const std::string& text : o.queries) {
      const Query q = parseQuery(text, o.graphTime.value_or(0.0));
      const scene::ResolveResult r = scene::resolvePointer(scene, *doc.gltf, q.pointer);
      if (!r.ok && r.readOnlyValue.empty()) {
        std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), q.pointer.c_str(),
                     r.error.c_str());
        return kExitBadInput;
      }
      const std::string at =
          q.asWritten != q.pointer ? q.asWritten : q.pointer + "@" + shortest(q.time);
      const std::string value = r.ok ? scene::formatSlotValue(r.slot) : r.readOnlyValue;
      std::printf("%s = %s\n", at.c_str(), value.c_str());
    }
    return kExitValidation;
  }
  interact::SceneHost& host = *doc.graphHost;
  // The camera inputs are cast from: --camera's, else the view --render frames.
  const float aspect = float(o.width) / float(o.height);
  renderer::View view;
  if (o.camera) {
    std::string error;
    const auto v = assetCameraView(scene, *o.camera, aspect, &error);
    if (!v) {
      std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
      return kExitBadInput;
    }
    view = *v;
  } else {
    OrbitCamera orbit;
    orbit.frame(scene::sceneBounds(scene, scene.activeScene), aspect);
    view = orbit.view(aspect);
  }
  interact::ActiveCamera camera;
  camera.available = true;
  const glm::mat4 cameraToWorld = glm::inverse(view.view);
  camera.position = glm::dvec3(view.eye);
  camera.rotation = glm::dquat(glm::quat_cast(glm::mat3(cameraToWorld)));
  camera.yfov = 2.0 * std::atan(1.0 / double(view.projection[1][1]));
  camera.aspectRatio = double(aspect);
  host.setActiveCamera(camera);

  // Check every named node and event before running.
  const interact::Graph& graph = *inter.graphs[chosen];
  std::vector<int> inputNodes(o.graphInputs.size(), -1);
  double end = o.graphTime.value_or(0.0);
  for (size_t k = 0; k < o.graphInputs.size(); ++k) {
    const CliOptions::GraphInput& in = o.graphInputs[k];
    end = std::max(end, in.kind == CliOptions::GraphInput::Hover ? in.until : in.time);
    if (in.kind == CliOptions::GraphInput::Select || in.kind == CliOptions::GraphInput::Hover) {
      inputNodes[k] = findNode(scene, in.target);
      if (inputNodes[k] < 0) {
        std::fprintf(stderr, "vitrine: %s: no node \"%s\"\n", file.c_str(), in.target.c_str());
        return kExitBadInput;
      }
    }
  }
  std::vector<Query> queries;
  for (const std::string& q : o.queries) {
    queries.push_back(parseQuery(q, o.graphTime.value_or(0.0)));
    end = std::max(end, queries.back().time);
  }

  interact::Engine engine(graph, host);
  const double n = double(o.ticksPerSecond);
  std::vector<uint8_t> delivered(o.graphInputs.size(), 0);
  std::vector<uint8_t> released(o.graphInputs.size(), 0);
  engine.start();
  for (uint64_t k = 0;; ++k) {
    const double tau = double(k) / n;  // "computed as k/N, not by summing"
    if (tau > end) break;
    // Step 2's inputs: those due at or before this tick, in time then command-line order.
    std::vector<size_t> due;
    for (size_t i = 0; i < o.graphInputs.size(); ++i) {
      if (!delivered[i] && o.graphInputs[i].time <= tau) due.push_back(i);
    }
    std::stable_sort(due.begin(), due.end(), [&](size_t a, size_t b) {
      return o.graphInputs[a].time < o.graphInputs[b].time;
    });
    for (const size_t i : due) {
      delivered[i] = 1;
      const CliOptions::GraphInput& in = o.graphInputs[i];
      double origin[3] = {view.eye.x, view.eye.y, view.eye.z}, direction[3];
      if (in.kind == CliOptions::GraphInput::SelectRay) {
        engine.select(in.origin, in.direction);
        continue;
      }
      if (in.kind == CliOptions::GraphInput::Event) {
        std::string error;
        std::vector<std::pair<std::string, Value>> values;
        const interact::Json json = in.values.empty()
                                        ? interact::Json::object()
                                        : interact::Json::parse(in.values, nullptr, false);
        for (const interact::EventDef& def : graph.events) {
          if (!def.hasId || def.id != in.target || !json.is_object()) continue;
          for (const auto& [name, raw] : json.items()) {
            const auto it = std::find(def.valueIds.begin(), def.valueIds.end(), name);
            Value v;
            const interact::Json array = raw.is_array() ? raw : interact::Json::array({raw});
            const interact::Type type = it == def.valueIds.end()
                                            ? interact::Type::Float
                                            : def.initial[size_t(it - def.valueIds.begin())].type;
            const std::string why = interact::readInlineValue(array, type, &host, &v);
            if (!why.empty() && it != def.valueIds.end()) error = "\"" + name + "\": " + why;
            values.emplace_back(name, v);
          }
        }
        if (!json.is_object()) error = "the values are not a JSON object";
        if (error.empty() && engine.sendEvent(in.target, values, &error)) continue;
        std::fprintf(stderr, "vitrine: %s: --event %s: %s\n", file.c_str(), in.target.c_str(),
                     error.c_str());
        return kExitBadInput;
      }
      const glm::vec3 centre = nodeCentre(scene, inputNodes[i]);
      for (int c = 0; c < 3; ++c) direction[c] = double(centre[c]) - origin[c];
      if (in.kind == CliOptions::GraphInput::Select) {
        engine.select(origin, direction);
      } else {
        engine.setHover(origin, direction);  // fixed on screen: the same ray every tick
      }
    }
    for (size_t i = 0; i < o.graphInputs.size(); ++i) {
      const CliOptions::GraphInput& in = o.graphInputs[i];
      if (in.kind == CliOptions::GraphInput::Hover && delivered[i] && !released[i] &&
          in.until <= tau) {
        released[i] = 1;
        engine.clearHover();
      }
    }
    engine.tick(tau);
    host.finishTick();
    host.dirty().clear();
    // Queries due: the state after the last tick at or before their time.
    const double next = double(k + 1) / n;
    for (Query& q : queries) {
      if (!q.answer.empty() || !(next > q.time || next > end)) continue;
      q.answer = answer(engine, host, q.pointer, host.animationCount());
      if (q.answer.empty()) {
        const scene::ResolveResult r = scene::resolvePointer(scene, *doc.gltf, q.pointer);
        if (r.readOnlyValue.empty()) {
          std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), q.pointer.c_str(),
                       r.error.c_str());
          return kExitBadInput;
        }
        q.answer = r.readOnlyValue;
      }
    }
  }
  if (o.graphLog) {
    static const char* kKinds[] = {"log", "event", "err", "budget"};
    for (const interact::LogEntry& e : engine.log()) {
      std::printf("@%s %s: %s\n", shortest(e.time).c_str(), kKinds[e.kind], e.text.c_str());
    }
  }
  for (const Query& q : queries) {
    const bool timed = q.asWritten != q.pointer;
    const std::string at = timed ? q.asWritten : q.pointer + "@" + shortest(q.time);
    std::printf("%s = %s\n", at.c_str(), q.answer.c_str());
  }
  return kExitOk;
}

}  // namespace vitrine::app
