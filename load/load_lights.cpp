// KHR_lights_punctual (KhronosGroup/glTF extensions/2.0/Khronos/KHR_lights_punctual): the
// lights array of the root extension object and the nodes that place them. The checks follow
// the extension's README and schema; each failure is "<JSON pointer>: <what>".
#include <numbers>

#include "json_checker.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

constexpr double kHalfPi = std::numbers::pi / 2.0;

Light readLight(const JsonChecker& c, const Json& j, const std::string& at) {
  Light l;
  l.name = c.string(j, at, "name", false).value_or("");
  const std::string type = *c.enumString(j, at, "type", {"directional", "point", "spot"}, true);
  l.type = type == "directional" ? Light::Type::Directional
           : type == "point"     ? Light::Type::Point
                                 : Light::Type::Spot;
  c.numbers(j, at, "color", 3);
  l.color = vec<3>(j, "color", glm::vec3(1.0f));
  for (int k = 0; k < 3; ++k) {
    if (l.color[k] < 0.0f || l.color[k] > 1.0f) {
      JsonChecker::fail(at + jsonPointer("color", k), "must be in [0, 1]");
    }
  }
  if (const auto intensity = c.number(j, at, "intensity", false)) {
    if (*intensity < 0.0) JsonChecker::fail(at + "/intensity", "must be >= 0");
    l.intensity = float(*intensity);
  }
  if (const auto range = c.number(j, at, "range", false)) {
    if (*range <= 0.0) JsonChecker::fail(at + "/range", "must be > 0");
    l.range = float(*range);
  }
  if (const Json* spot = c.object(j, at, "spot", false)) {
    // "innerConeAngle ... greater than or equal to 0 and less than outerConeAngle";
    // "outerConeAngle ... greater than innerConeAngle and less than or equal to PI / 2".
    const std::string sp = at + "/spot";
    const double inner = c.number(*spot, sp, "innerConeAngle", false).value_or(0.0);
    const double outer =
        c.number(*spot, sp, "outerConeAngle", false).value_or(std::numbers::pi / 4);
    if (inner < 0.0) JsonChecker::fail(sp + "/innerConeAngle", "must be >= 0");
    // Single-precision exporters write PI / 2 as 1.5707964 (above the double): tolerated.
    if (outer > kHalfPi + 1e-6) JsonChecker::fail(sp + "/outerConeAngle", "must be <= PI / 2");
    if (inner >= outer) {
      JsonChecker::fail(sp, "innerConeAngle " + describeJson(inner) +
                                " must be less than outerConeAngle " + describeJson(outer));
    }
    l.hasSpot = true;
    l.innerConeAngle = float(inner);
    l.outerConeAngle = float(outer);
  }
  return l;
}

// The lights some node places (any light index a node's extension names; readNodeLights
// checks them).
std::vector<bool> usedLights(const Json& root, size_t count) {
  std::vector<bool> used(count, false);
  for (const Json& node : array(root, "nodes")) {
    const Json* ext = member(node, "extensions");
    const Json* light = ext ? member(*ext, "KHR_lights_punctual") : nullptr;
    const Json* index = light ? member(*light, "light") : nullptr;
    if (index && index->is_number() && index->get<double>() >= 0 &&
        index->get<double>() < double(count))
      used[size_t(index->get<double>())] = true;
  }
  return used;
}

void readLights(const JsonChecker& c, const Json& root, Scene& scene,
                std::vector<std::string>& warnings) {
  const Json* ext = c.object(root, "", "extensions", false);
  const Json* punctual =
      ext ? c.object(*ext, "/extensions", "KHR_lights_punctual", false) : nullptr;
  if (!punctual) return;
  const std::string at = "/extensions/KHR_lights_punctual";
  const Json& lights = *c.objectArray(*punctual, at, "lights", true, 1);
  const std::vector<bool> used = usedLights(root, lights.size());
  for (size_t i = 0; i < lights.size(); ++i) {
    try {
      scene.lights.push_back(readLight(c, lights[i], at + jsonPointer("lights", i)));
    } catch (const JsonCheckFailure& f) {
      // TOLERANCE.md: a problem in what nothing draws is a warning. The schema lets `type` be
      // any string (future types), which the Khronos validator accepts. The index stays taken
      // by a light that gives no light (an Object Model pointer may still name it).
      if (used[i]) throw;
      warnings.push_back(f.message + " (light " + std::to_string(i) + " is not used: ignored)");
      Light placeholder;
      placeholder.intensity = 0.0f;
      if (const Json* name = member(lights[i], "name"); name && name->is_string())
        placeholder.name = name->get<std::string>();
      scene.lights.push_back(placeholder);
    }
  }
}

void readNodeLights(const JsonChecker& c, const Json& root, Scene& scene) {
  const Json& nodes = array(root, "nodes");
  for (size_t n = 0; n < nodes.size(); ++n) {
    const std::string at = jsonPointer("nodes", n);
    const Json* ext = c.object(nodes[n], at, "extensions", false);
    const Json* light =
        ext ? c.object(*ext, at + "/extensions", "KHR_lights_punctual", false) : nullptr;
    if (!light) continue;
    const std::string lp = at + "/extensions/KHR_lights_punctual";
    const uint64_t index = *c.integer(*light, lp, "light", true);
    if (index >= scene.lights.size()) {
      JsonChecker::fail(lp + "/light", "light " + std::to_string(index) + " does not exist (" +
                                           std::to_string(scene.lights.size()) +
                                           (scene.lights.size() == 1 ? " light)" : " lights)"));
    }
    scene.nodes[n].light = int(index);
  }
}

}  // namespace

std::string loadLights(const LoadContext& ctx) {
  try {
    const JsonChecker c(ctx.doc.json);
    readLights(c, ctx.doc.json, ctx.scene, ctx.warnings);
    readNodeLights(c, ctx.doc.json, ctx.scene);
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  return {};
}

}  // namespace vitrine::scene
