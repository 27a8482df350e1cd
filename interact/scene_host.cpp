#include "scene_host.h"

#include <cmath>
#include <algorithm>
#include <bit>

#include "gltf_document.h"
#include "json_pointer.h"
#include "json_values.h"
#include "pick.h"
#include "pointer_resolve.h"
#include "scene.h"
#include "scene_host_restore.h"

namespace vitrine::interact {

struct SceneHost::Prop {
  enum Kind : uint8_t {
    SlotValue,
    Constant,
    GlobalMatrix,
    LocalMatrix,
    Selectable,
    Hoverable,
    Camera
  };
  Kind kind = Constant;
  Type type = Type::Float;
  scene::Slot slot;
  Value constant;
  uint32_t node = 0;
  int32_t field = 0;
};

SceneHost::SceneHost(scene::Scene& scene, const scene::GltfDocument& document,
                     anim::Animations& animations)
    : scene_(scene), document_(document), animations_(animations), world_(scene) {
  // KHR_node_selectability / KHR_node_hoverability: each node's own flag, default true.
  const size_t count = scene.nodes.size();
  selectable_.assign(count, 1);
  hoverable_.assign(count, 1);
  const auto nodes = document.json.find("nodes");
  for (size_t n = 0;
       nodes != document.json.end() && nodes->is_array() && n < nodes->size() && n < count; ++n) {
    const Json& ext = (*nodes)[n].value("extensions", Json::object());
    if (!ext.is_object()) continue;
    const auto flag = [&](const char* name, const char* key) -> uint8_t {
      const auto e = ext.find(name);
      if (e == ext.end() || !e->is_object()) return 1;
      const auto v = e->find(key);
      return v != e->end() && v->is_boolean() && !v->get<bool>() ? 0 : 1;
    };
    selectable_[n] = flag("KHR_node_selectability", "selectable");
    hoverable_[n] = flag("KHR_node_hoverability", "hoverable");
  }
  clipSeconds_.assign(animations.clips().size(), 0.0f);
  clipEnabled_.assign(animations.clips().size(), false);
  saveRestorePoint();
}

SceneHost::~SceneHost() = default;

namespace {

Type slotType(const scene::Slot& s) {
  switch (s.type) {
    case scene::ValueType::Bool:
      return Type::Bool;
    case scene::ValueType::Int:
      return Type::Int;
    case scene::ValueType::Float:
      return Type::Float;
    case scene::ValueType::Float2:
      return Type::Float2;
    case scene::ValueType::Float3:
      return Type::Float3;
    case scene::ValueType::Float4:
      return Type::Float4;
    case scene::ValueType::Float4x4:
      return Type::Float4x4;
    case scene::ValueType::FloatArray:
      break;  // float[]: no graph type ("Pointer Get")
  }
  return Type::Custom;
}

// A read-only value's compact JSON as a graph value: ints, bools and 16-float matrices.
bool constantFromJson(const std::string& text, Value* out) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_boolean()) {
    *out = makeBool(j.get<bool>());
    return true;
  }
  if (j.is_number_integer()) {
    const auto i = jsonInt32(j);
    if (!i) return false;
    *out = makeInt(*i);
    return true;
  }
  return false;
}

// "/nodes/N/<rest>" -> N and rest, when the pointer has that shape.
bool nodePointer(std::string_view p, uint32_t count, uint32_t* node, std::string_view* rest) {
  static constexpr std::string_view kNodes = "/nodes/";
  if (!p.starts_with(kNodes)) return false;
  p.remove_prefix(kNodes.size());
  const size_t slash = p.find('/');
  if (slash == std::string_view::npos) return false;
  const std::optional<uint32_t> n = scene::parseArrayIndex(p.substr(0, slash));
  if (!n || *n >= count) return false;
  *node = *n;
  *rest = p.substr(slash + 1);
  return true;
}

}  // namespace

Property SceneHost::resolve(std::string_view pointer) {
  const std::string key(pointer);
  if (const auto it = byPointer_.find(key); it != byPointer_.end()) {
    const Prop& p = props_[size_t(it->second)];
    const bool writable =
        p.kind == Prop::SlotValue || p.kind == Prop::Selectable || p.kind == Prop::Hoverable;
    return {it->second, p.type, writable, p.kind == Prop::SlotValue && p.slot.rotation};
  }
  Prop prop;
  uint32_t node = 0;
  std::string_view rest;
  static constexpr std::string_view kAsset = "/extensions/KHR_interactivity/asset/";
  static constexpr std::string_view kCamera = "/extensions/KHR_interactivity/activeCamera/";
  if (pointer.starts_with(kAsset)) {
    // "Asset Capabilities": glTF 2.0, and `enabled` for each used extension Vitrine supports.
    const std::string_view name = pointer.substr(kAsset.size());
    if (name == "majorVersion" || name == "minorVersion") {
      prop.constant = makeInt(name == "majorVersion" ? 2 : 0);
      prop.type = Type::Int;
    } else if (name.starts_with("extensions/") && name.ends_with("/enabled")) {
      const std::string_view ext = name.substr(11, name.size() - 11 - 8);
      bool used = false;
      for (const Json& e : document_.json.value("extensionsUsed", Json::array())) {
        used |= e.is_string() && e.get<std::string>() == ext;
      }
      if (!used) return {};
      prop.constant = makeBool(true);
      prop.type = Type::Bool;
    } else {
      return {};
    }
  } else if (pointer.starts_with(kCamera)) {
    // "Active Camera State".
    static constexpr std::string_view kFields[] = {
        "rotation",           "position",         "perspective/aspectRatio", "perspective/yfov",
        "perspective/znear",  "perspective/zfar", "orthographic/xmag",       "orthographic/ymag",
        "orthographic/znear", "orthographic/zfar"};
    const std::string_view name = pointer.substr(kCamera.size());
    int32_t field = -1;
    for (int32_t f = 0; f < 10; ++f) field = kFields[f] == name ? f : field;
    if (field < 0) return {};
    prop.kind = Prop::Camera;
    prop.field = field;
    prop.type = field == 0 ? Type::Float4 : field == 1 ? Type::Float3 : Type::Float;
  } else if (nodePointer(pointer, uint32_t(scene_.nodes.size()), &node, &rest) &&
             (rest == "extensions/KHR_node_selectability/selectable" ||
              rest == "extensions/KHR_node_hoverability/hoverable" || rest == "globalMatrix" ||
              rest == "matrix")) {
    prop.node = node;
    prop.type = rest.ends_with("able") ? Type::Bool : Type::Float4x4;
    prop.kind = rest == "globalMatrix"         ? Prop::GlobalMatrix
                : rest == "matrix"             ? Prop::LocalMatrix
                : rest.ends_with("selectable") ? Prop::Selectable
                                               : Prop::Hoverable;
  } else {
    const scene::ResolveResult r = scene::resolvePointer(scene_, document_, pointer);
    if (r.ok) {
      prop.kind = Prop::SlotValue;
      prop.slot = r.slot;
      prop.type = slotType(r.slot);
      if (prop.type == Type::Custom) return {};
    } else if (r.readOnlyValue.empty() || !constantFromJson(r.readOnlyValue, &prop.constant)) {
      return {};
    } else {
      prop.type = prop.constant.type;
    }
  }
  const int32_t id = int32_t(props_.size());
  props_.push_back(prop);
  byPointer_.emplace(key, id);
  return resolve(pointer);
}

uint32_t SceneHost::arrayLength(std::string_view pointer) {
  const std::string p(pointer);
  const Json::json_pointer jp(p);
  if (!document_.json.contains(jp)) return 0;
  const Json& v = document_.json.at(jp);
  return v.is_array() ? uint32_t(std::min<size_t>(v.size(), 1u << 31)) : 0;
}

void SceneHost::get(int32_t id, Value& out) {
  const Prop& p = props_[size_t(id)];
  switch (p.kind) {
    case Prop::SlotValue:
      if (p.type == Type::Bool) {
        out.b = p.slot.data[0] != 0.0f;
      } else if (p.type == Type::Int) {
        out.i = int32_t(p.slot.data[0]);
      } else {
        for (uint32_t k = 0; k < p.slot.count; ++k) out.f[k] = double(p.slot.data[k]);
      }
      return;
    case Prop::Constant:
      out = p.constant;
      return;
    case Prop::GlobalMatrix:
    case Prop::LocalMatrix: {
      const scene::Node& n = scene_.nodes[p.node];
      const glm::mat4 m =
          p.kind == Prop::GlobalMatrix ? glm::mat4(scene_.world[p.node]) : n.localMatrix();
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) out.f[c * 4 + r] = double(m[c][r]);
      }
      return;
    }
    case Prop::Selectable:
      out.b = selectable_[p.node] != 0;
      return;
    case Prop::Hoverable:
      out.b = hoverable_[p.node] != 0;
      return;
    case Prop::Camera: {
      const ActiveCamera& c = camera_;
      const double nan = kNaN;
      switch (p.field) {
        case 0:
          out.f[0] = c.available ? c.rotation.x : nan;
          out.f[1] = c.available ? c.rotation.y : nan;
          out.f[2] = c.available ? c.rotation.z : nan;
          out.f[3] = c.available ? c.rotation.w : nan;
          return;
        case 1:
          for (int k = 0; k < 3; ++k) out.f[k] = c.available ? c.position[k] : nan;
          return;
        default:
          break;
      }
      const bool persp = c.available && c.perspective, ortho = c.available && !c.perspective;
      const double fields[] = {0,
                               0,
                               persp ? c.aspectRatio : nan,
                               persp ? c.yfov : nan,
                               persp ? c.znear : nan,
                               persp ? c.zfar : nan,
                               ortho ? c.xmag : nan,
                               ortho ? c.ymag : nan,
                               ortho ? c.znear : nan,
                               ortho ? c.zfar : nan};
      out.f[0] = fields[p.field];
      return;
    }
  }
}

void SceneHost::set(int32_t id, const Value& v) {
  Prop& p = props_[size_t(id)];
  if (p.kind == Prop::Selectable || p.kind == Prop::Hoverable) {
    (p.kind == Prop::Selectable ? selectable_ : hoverable_)[p.node] = v.b ? 1 : 0;
    return;
  }
  if (p.kind != Prop::SlotValue) return;
  const scene::Slot& s = p.slot;
  const uint32_t count = std::min(s.count, 16u);  // graph types have 16 floats at most
  float next[16];
  for (uint32_t k = 0; k < count; ++k) {
    next[k] = p.type == Type::Bool  ? (v.b ? 1.0f : 0.0f)
              : p.type == Type::Int ? float(v.i)
                                    : float(v.f[k]);
  }
  bool same = true;
  for (uint32_t k = 0; k < count; ++k) {
    same &= std::bit_cast<uint32_t>(next[k]) == std::bit_cast<uint32_t>(s.data[k]);
  }
  if (same) return;  // style lesson 5: unchanged values mark nothing
  for (uint32_t k = 0; k < count; ++k) s.data[k] = next[k];
  if (size_t(id) >= written_.size()) written_.resize(props_.size(), 0);
  if (!written_[size_t(id)]) {
    written_[size_t(id)] = 1;
    writtenSlots_.push_back(s);
  }
  if (s.region == scene::Region::NodeTransforms) {
    dirty_.movedNodes.push_back(s.element);
  } else {
    dirty_[s.region].mark(s.byteOffset, 4 * count);
  }
}

uint32_t SceneHost::animationCount() {
  return uint32_t(animations_.clips().size());
}

void SceneHost::animationRange(uint32_t a, double* minTime, double* maxTime) {
  // "Animation State": from the bound channels' keyframes (NaN when none bound).
  const anim::ClipInfo& clip = animations_.clips()[a];
  bool any = false;
  for (const anim::ChannelInfo& c : clip.channels) any |= c.bound;
  *minTime = any ? double(clip.start) : kNaN;
  *maxTime = any ? double(clip.end) : kNaN;
}

void SceneHost::sampleAnimations(std::span<const double> times, std::span<const uint8_t> playing) {
  for (size_t a = 0; a < clipSeconds_.size(); ++a) {
    clipSeconds_[a] = float(times[a]);
    clipEnabled_[a] = playing[a] != 0;
  }
  animations_.evaluate(clipSeconds_, clipEnabled_, dirty_);
}

bool SceneHost::pick(const double origin[3], const double direction[3], bool hover, Hit* hit) {
  const glm::vec3 o{float(origin[0]), float(origin[1]), float(origin[2])};
  const glm::vec3 d{float(direction[0]), float(direction[1]), float(direction[2])};
  const std::vector<uint8_t>& flags = hover ? hoverable_ : selectable_;
  for (const scene::PickHit& h : scene::pickAll(scene_, scene_.activeScene, o, d)) {
    bool ok = true;  // the node's own flag and every ancestor's
    for (int n = h.node; n >= 0 && ok; n = scene_.nodes[size_t(n)].parent)
      ok = flags[size_t(n)] != 0;
    if (!ok) continue;
    hit->node = uint32_t(h.node);
    for (int k = 0; k < 3; ++k) hit->point[k] = origin[k] + double(h.distance) * direction[k];
    return true;
  }
  return false;
}

int32_t SceneHost::parentOf(uint32_t node) {
  return node < scene_.nodes.size() ? scene_.nodes[node].parent : -1;
}

void SceneHost::finishTick() {
  if (!dirty_.movedNodes.empty()) world_.update(scene_, dirty_.movedNodes, dirty_.worldMatrices);
  dirty_.coalesce();
}

}  // namespace vitrine::interact
