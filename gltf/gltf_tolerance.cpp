#include "gltf_tolerance.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "gltf_enums.h"
#include "gltf_validate.h"
#include "json_checker.h"

namespace vitrine::scene {
namespace {

std::string show(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// The value of `key` as the float the loader will store, when it is a number that fits one
// (anything else is left to the validator's message).
std::optional<float> floatOf(const Json& o, const char* key) {
  const Json* v = member(o, key);
  if (!v || !v->is_number() || std::fabs(v->get<double>()) > double(FLT_MAX)) return std::nullopt;
  return float(v->get<double>());
}

std::optional<size_t> indexOf(const Json& o, const char* key) {
  const Json* v = member(o, key);
  if (!v || !v->is_number() || v->get<double>() < 0.0) return std::nullopt;
  return size_t(v->get<double>());
}

class Repairs {
 public:
  Repairs(Json& root, std::vector<std::string>& warnings) : root_(root), warnings_(warnings) {}

  void run() {
    asset();
    if (Json* cameras = arrayOf(root_, "cameras")) {
      for (size_t i = 0; i < cameras->size(); ++i) camera((*cameras)[i], jsonPointer("cameras", i));
    }
    if (Json* materials = arrayOf(root_, "materials")) {
      for (size_t i = 0; i < materials->size(); ++i)
        material((*materials)[i], jsonPointer("materials", i));
    }
    if (Json* samplers = arrayOf(root_, "samplers")) {
      for (size_t i = 0; i < samplers->size(); ++i)
        sampler((*samplers)[i], jsonPointer("samplers", i));
    }
    if (Json* nodes = arrayOf(root_, "nodes")) {
      for (size_t i = 0; i < nodes->size(); ++i) node((*nodes)[i], i);
    }
    defaultScene();
    names();
  }

 private:
  // §5 (every glTFChildOfRootProperty): `name` is a string for people to read. One of another
  // type names nothing the viewer needs: dropped with a warning instead of failing the load.
  void names() {
    for (const char* key :
         {"accessors", "animations", "buffers", "bufferViews", "cameras", "images", "materials",
          "meshes", "nodes", "samplers", "scenes", "skins", "textures"}) {
      Json* list = arrayOf(root_, key);
      if (!list) continue;
      for (size_t i = 0; i < list->size(); ++i) {
        Json& object = (*list)[i];
        if (!object.is_object()) continue;
        auto it = object.find("name");
        if (it == object.end() || it->is_string()) continue;
        std::string shown = it->dump();
        if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
        warn(jsonPointer(key, i, "name"), "expected a string, got " + shown + "; ignored");
        object.erase(it);
      }
    }
  }
  static Json* arrayOf(Json& o, const char* key) {
    if (!o.is_object()) return nullptr;
    auto it = o.find(key);
    return it != o.end() && it->is_array() ? &*it : nullptr;
  }
  void warn(const std::string& pointer, const std::string& what) {
    warnings_.push_back(located(pointer, what));
  }

  // §3.2 Asset: minVersion is the version a client MUST support to load the asset; a newer
  // `version` with a 2.x minVersion is meant to load in a 2.0 client.
  void asset() {
    const Json* asset = member(root_, "asset");
    if (!asset || !asset->is_object()) return;
    const Json* version = member(*asset, "version");
    const Json* minVersion = member(*asset, "minVersion");
    if (!version || !version->is_string() || !minVersion || !minVersion->is_string()) return;
    const std::string v = version->get<std::string>(), mv = minVersion->get<std::string>();
    if (mv.substr(0, mv.find('.')) != "2") return;  // the validator refuses it
    if (v.substr(0, v.find('.')) != "2") {
      warn("/asset/version", "glTF " + v + " is newer than this viewer's 2.0; loaded as 2.0 (" +
                                 "minVersion is " + mv + ")");
    } else if (mv != "2.0") {
      warn("/asset/minVersion", "glTF " + mv + " is newer than this viewer's 2.0; loaded as 2.0");
    }
  }

  // camera.perspective / camera.orthographic (schema): the checks the loader makes on floats
  // (load_nodes.cpp loadCameras), repaired so that the camera still gives a picture.
  void camera(Json& c, const std::string& at) {
    const Json* type = member(c, "type");
    if (!type || !type->is_string()) return;
    const std::string t = type->get<std::string>();
    if (t != "perspective" && t != "orthographic") return;
    auto it = c.find(t);
    if (it == c.end() || !it->is_object()) return;
    Json& p = *it;
    const std::string pp = at + jsonPointer(t);
    if (t == "perspective") {
      if (auto yfov = floatOf(p, "yfov");
          yfov && !(*yfov > 0.0f && *yfov < std::numbers::pi_v<float>)) {
        const double clamped = *yfov <= 0.0f ? kMinYfov : kMaxYfov;
        warn(pp + "/yfov",
             describeJson(p["yfov"]) + " is outside (0, pi); clamped to " + show(clamped));
        p["yfov"] = clamped;
      }
      if (auto aspect = floatOf(p, "aspectRatio"); aspect && !(*aspect > 0.0f)) {
        warn(pp + "/aspectRatio", describeJson(p["aspectRatio"]) +
                                      " is not > 0; ignored (the viewport's aspect ratio is used)");
        p.erase("aspectRatio");
      }
      auto znear = floatOf(p, "znear");
      if (znear && !(*znear >= FLT_MIN)) {
        warn(pp + "/znear",
             describeJson(p["znear"]) + " is not > 0; clamped to " + show(kMinPerspectiveZnear));
        p["znear"] = kMinPerspectiveZnear;
        znear = float(kMinPerspectiveZnear);
      }
      if (auto zfar = floatOf(p, "zfar"); zfar && znear && !(*zfar > *znear)) {
        // §3.10.3: without zfar the projection is infinite, which shows everything.
        warn(pp + "/zfar", describeJson(p["zfar"]) + " is not greater than znear " + show(*znear) +
                               "; ignored (infinite projection)");
        p.erase("zfar");
      }
      return;
    }
    const auto xmag = floatOf(p, "xmag"), ymag = floatOf(p, "ymag");
    for (const char* key : {"xmag", "ymag"}) {
      const auto v = floatOf(p, key);
      if (!v || *v != 0.0f) continue;
      // A zero extent cannot be drawn; the other one (a square view) is the closest picture.
      const auto other = std::string(key) == "xmag" ? ymag : xmag;
      const double value = other && *other != 0.0f ? double(*other) : 1.0;
      warn(pp + jsonPointer(key), "must not be zero; set to " + show(value));
      p[key] = value;
    }
    auto znear = floatOf(p, "znear");
    if (znear && *znear < 0.0f) {
      warn(pp + "/znear", describeJson(p["znear"]) + " is negative; clamped to 0");
      p["znear"] = 0.0;
      znear = 0.0f;
    }
    if (auto zfar = floatOf(p, "zfar"); zfar && znear && !(*zfar > *znear)) {
      const double value = double(*znear) + kOrthographicDepth;
      warn(pp + "/zfar", describeJson(p["zfar"]) + " is not greater than znear " + show(*znear) +
                             "; set to " + show(value));
      p["zfar"] = value;
    }
  }

  // Clamps number `key` of `o` into [lo, hi] (hi = INFINITY: no upper bound).
  void clampNumber(Json& o, const std::string& at, const char* key, double lo, double hi) {
    const auto v = floatOf(o, key);
    if (!v || (*v >= lo && *v <= hi)) return;
    const double clamped = *v < lo ? lo : hi;
    const std::string range =
        std::isinf(hi) ? "is below " + show(lo) : "is outside [" + show(lo) + ", " + show(hi) + "]";
    warn(at + jsonPointer(key),
         describeJson(o[key]) + " " + range + "; clamped to " + show(clamped));
    o[key] = clamped;
  }
  // The same for each element of the number array `key`; one warning for the array.
  void clampNumbers(Json& o, const std::string& at, const char* key, double lo, double hi) {
    auto it = o.find(key);
    if (it == o.end() || !it->is_array()) return;
    Json clamped = *it;
    bool changed = false;
    std::string text;
    for (Json& v : clamped) {
      if (!v.is_number() || std::fabs(v.get<double>()) > double(FLT_MAX)) return;
      const double d = v.get<double>();
      if (d < lo || d > hi) {
        v = d < lo ? lo : hi;
        changed = true;
      }
      text += (text.empty() ? "[" : ", ") + show(v.get<double>());
    }
    if (!changed) return;
    warn(at + jsonPointer(key), describeJson(*it) + " is outside [" + show(lo) + ", " + show(hi) +
                                    "]; clamped to " + text + "]");
    *it = std::move(clamped);
  }

  // material (schema): baseColorFactor, metallicFactor, roughnessFactor, occlusion strength
  // and emissiveFactor lie in [0, 1], alphaCutoff is >= 0. normalTexture.scale has no range
  // (a negative scale flips the normals), so it is kept.
  void material(Json& m, const std::string& at) {
    if (!m.is_object()) return;
    if (auto it = m.find("pbrMetallicRoughness"); it != m.end() && it->is_object()) {
      const std::string p = at + "/pbrMetallicRoughness";
      clampNumbers(*it, p, "baseColorFactor", 0.0, 1.0);
      clampNumber(*it, p, "metallicFactor", 0.0, 1.0);
      clampNumber(*it, p, "roughnessFactor", 0.0, 1.0);
    }
    if (auto it = m.find("occlusionTexture"); it != m.end() && it->is_object()) {
      clampNumber(*it, at + "/occlusionTexture", "strength", 0.0, 1.0);
    }
    clampNumbers(m, at, "emissiveFactor", 0.0, 1.0);
    clampNumber(m, at, "alphaCutoff", 0.0, INFINITY);
  }

  // sampler (schema): an unknown filter or wrap value is removed, so the default applies
  // (§3.8.4: filters left undefined are the implementation's choice; wrap defaults to REPEAT).
  void sampler(Json& s, const std::string& at) {
    if (!s.is_object()) return;
    struct Rule {
      const char* key;
      std::initializer_list<int64_t> allowed;
      const char* what;
      const char* fallback;
    };
    const Rule rules[] = {
        {"magFilter", {gltf::kNearest, gltf::kLinear}, "magnification filter", "LINEAR"},
        {"minFilter",
         {gltf::kNearest, gltf::kLinear, gltf::kNearestMipmapNearest, gltf::kLinearMipmapNearest,
          gltf::kNearestMipmapLinear, gltf::kLinearMipmapLinear},
         "minification filter",
         "LINEAR_MIPMAP_LINEAR"},
        {"wrapS",
         {gltf::kClampToEdge, gltf::kMirroredRepeat, gltf::kRepeat},
         "wrap mode",
         "REPEAT"},
        {"wrapT",
         {gltf::kClampToEdge, gltf::kMirroredRepeat, gltf::kRepeat},
         "wrap mode",
         "REPEAT"},
    };
    for (const Rule& r : rules) {
      const Json* v = member(s, r.key);
      if (!v) continue;
      bool known = false;
      for (int64_t a : r.allowed)
        known = known || (v->is_number() && v->get<double>() == double(a));
      if (known) continue;
      warn(at + jsonPointer(r.key),
           describeJson(*v) + " is not a " + r.what + "; " + r.fallback + " is used");
      s.erase(r.key);
    }
  }

  // Whether an animation channel targets a TRS property of node `n` (core path or
  // KHR_animation_pointer).
  bool animatedTrs(size_t n) const {
    const Json* animations = member(root_, "animations");
    if (!animations || !animations->is_array()) return false;
    const std::string prefix = jsonPointer("nodes", n) + "/";
    for (const Json& a : *animations) {
      const Json* channels = member(a, "channels");
      if (!channels || !channels->is_array()) continue;
      for (const Json& c : *channels) {
        const Json* target = member(c, "target");
        if (!target || !target->is_object()) continue;
        const Json* path = member(*target, "path");
        const std::string p = path && path->is_string() ? path->get<std::string>() : "";
        if (indexOf(*target, "node") == n && p != "weights") return true;
        const Json* ext = member(*target, "extensions");
        const Json* pointer = ext ? member(*ext, "KHR_animation_pointer") : nullptr;
        const Json* ptr = pointer ? member(*pointer, "pointer") : nullptr;
        if (ptr && ptr->is_string() && ptr->get<std::string>().rfind(prefix, 0) == 0) {
          const std::string rest = ptr->get<std::string>().substr(prefix.size());
          if (rest == "translation" || rest == "rotation" || rest == "scale") return true;
        }
      }
    }
    return false;
  }

  void node(Json& n, size_t i) {
    if (!n.is_object()) return;
    const std::string at = jsonPointer("nodes", i);
    // §3.5.3: a node has a matrix or TRS, and an animated node only TRS.
    if (n.contains("matrix") &&
        (n.contains("translation") || n.contains("rotation") || n.contains("scale"))) {
      if (animatedTrs(i)) {
        warn(at + "/matrix",
             "present with translation/rotation/scale on an animated node; the matrix is ignored");
        n.erase("matrix");
      } else {
        warn(at, "has both a matrix and translation/rotation/scale; the matrix is used");
        n.erase("translation");
        n.erase("rotation");
        n.erase("scale");
      }
    }
    // §3.5.3: rotation is a unit quaternion.
    auto it = n.find("rotation");
    if (it == n.end() || !it->is_array() || it->size() != 4) return;
    double q[4], length2 = 0.0;
    for (size_t k = 0; k < 4; ++k) {
      if (!(*it)[k].is_number() || std::fabs((*it)[k].get<double>()) > double(FLT_MAX)) return;
      q[k] = (*it)[k].get<double>();
      length2 += q[k] * q[k];
    }
    const double length = std::sqrt(length2);
    if (std::fabs(length - 1.0) <= kUnitQuaternionTolerance) return;
    if (!(length > 0.0) || !std::isfinite(length)) {
      warn(at + "/rotation", "not a unit quaternion (length " + show(length) + "); identity used");
      *it = Json::array({0.0, 0.0, 0.0, 1.0});
      return;
    }
    Json normalized = Json::array();
    for (double c : q) normalized.push_back(c / length);
    warn(at + "/rotation", "not a unit quaternion (length " + show(length) + "); normalized");
    *it = std::move(normalized);
  }

  // glTF 2.0 §3.5.1: `scene` names the scene to show; out of range, the loader shows scene 0
  // (or, without scenes, every root node).
  void defaultScene() {
    const Json* s = member(root_, "scene");
    if (!s || !s->is_number_integer()) return;
    const Json* scenes = member(root_, "scenes");
    const size_t count = scenes && scenes->is_array() ? scenes->size() : 0;
    if (s->get<int64_t>() >= 0 && size_t(s->get<int64_t>()) < count) return;
    warn("/scene", "scene " + s->dump() + " does not exist (" + std::to_string(count) +
                       (count == 1 ? " scene" : " scenes") + "); " +
                       (count ? "scene 0 is shown" : "every root node is shown"));
    root_.erase("scene");
  }

  Json& root_;
  std::vector<std::string>& warnings_;
};

// ---- objects nothing renders or plays ----

// Marks every integer found in `v` (a value, or arrays and objects of them).
void markAll(const Json& v, std::vector<bool>& used) {
  if (v.is_number()) {
    const double d = v.get<double>();
    if (d >= 0.0 && d < double(used.size())) used[size_t(d)] = true;
  } else if (v.is_structured()) {
    for (const Json& child : v) markAll(child, used);
  }
}
void markKey(const Json& o, const char* key, std::vector<bool>& used) {
  if (const Json* v = member(o, key)) markAll(*v, used);
}
// Marks the value of every property `key` anywhere inside `v`.
void markKeyDeep(const Json& v, const char* key, std::vector<bool>& used) {
  if (v.is_object()) {
    for (const auto& [k, child] : v.items()) {
      if (k == key) {
        markAll(child, used);
      } else {
        markKeyDeep(child, key, used);
      }
    }
  } else if (v.is_array()) {
    for (const Json& child : v) markKeyDeep(child, key, used);
  }
}

const Json& arrayAt(const Json& root, const char* name) {
  static const Json kEmpty = Json::array();
  const Json* a = member(root, name);
  return a && a->is_array() ? *a : kEmpty;
}

// Which objects something renders or plays. Deliberately generous (a node outside every
// scene still uses its mesh, every animation is played, an extension's index counts), so that
// a doubt keeps the error.
struct Usage {
  std::vector<bool> accessors, bufferViews, samplers, textures, materials, meshes, skins, cameras,
      images;

  explicit Usage(const Json& root)
      : accessors(arrayAt(root, "accessors").size()),
        bufferViews(arrayAt(root, "bufferViews").size()),
        samplers(arrayAt(root, "samplers").size()),
        textures(arrayAt(root, "textures").size()),
        materials(arrayAt(root, "materials").size()),
        meshes(arrayAt(root, "meshes").size()),
        skins(arrayAt(root, "skins").size()),
        cameras(arrayAt(root, "cameras").size()),
        images(arrayAt(root, "images").size()) {
    for (const Json& n : arrayAt(root, "nodes")) {
      markKey(n, "mesh", meshes);
      markKey(n, "skin", skins);
      markKey(n, "camera", cameras);
      if (const Json* ext = member(n, "extensions")) markKeyDeep(*ext, "attributes", accessors);
    }
    const Json& meshArray = arrayAt(root, "meshes");
    for (size_t m = 0; m < meshArray.size(); ++m) {
      if (!meshes[m]) continue;
      for (const Json& p : arrayAt(meshArray[m], "primitives")) {
        markKey(p, "attributes", accessors);
        markKey(p, "indices", accessors);
        markKey(p, "targets", accessors);
        markKeyDeep(p, "material", materials);      // KHR_materials_variants mappings too
        markKeyDeep(p, "bufferView", bufferViews);  // compressed primitives
      }
    }
    const Json& skinArray = arrayAt(root, "skins");
    for (size_t s = 0; s < skinArray.size(); ++s) {
      if (skins[s]) markKey(skinArray[s], "inverseBindMatrices", accessors);
    }
    for (const Json& a : arrayAt(root, "animations")) {
      for (const Json& s : arrayAt(a, "samplers")) {
        markKey(s, "input", accessors);
        markKey(s, "output", accessors);
      }
    }
    const Json& materialArray = arrayAt(root, "materials");
    for (size_t m = 0; m < materialArray.size(); ++m) {
      if (materials[m]) markKeyDeep(materialArray[m], "index", textures);
    }
    const Json& textureArray = arrayAt(root, "textures");
    for (size_t t = 0; t < textureArray.size(); ++t) {
      if (!textures[t]) continue;
      markKey(textureArray[t], "sampler", samplers);
      markKeyDeep(textureArray[t], "source", images);
    }
    const Json& accessorArray = arrayAt(root, "accessors");
    for (size_t a = 0; a < accessorArray.size(); ++a) {
      if (accessors[a]) markKeyDeep(accessorArray[a], "bufferView", bufferViews);
    }
    const Json& imageArray = arrayAt(root, "images");
    for (size_t i = 0; i < imageArray.size(); ++i) {
      if (images[i]) markKey(imageArray[i], "bufferView", bufferViews);
    }
  }
};

// The JSON pointer of a located message, split into its first two tokens ("/meshes/3/..." ->
// "meshes", 3).
bool topObject(const std::string& message, std::string& array, size_t& index) {
  if (message.empty() || message[0] != '/') return false;
  const size_t slash = message.find('/', 1);
  if (slash == std::string::npos) return false;
  array = message.substr(1, slash - 1);
  size_t end = slash + 1;
  index = 0;
  if (end >= message.size() || !std::isdigit(static_cast<unsigned char>(message[end])))
    return false;
  while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) {
    index = index * 10 + size_t(message[end] - '0');
    if (index > (size_t(1) << 40)) return false;
    ++end;
  }
  return end == message.size() || message[end] == '/' || message[end] == ':';
}

// A minimal valid object of root array `array` that renders nothing, or null when there is
// none (e.g. a bufferView when buffer 0 is unusable).
Json stubFor(const Json& root, const std::string& array) {
  if (array == "accessors")
    return {{"componentType", gltf::kFloat}, {"count", 1}, {"type", "SCALAR"}};
  if (array == "samplers" || array == "textures" || array == "materials") return Json::object();
  if (array == "meshes") return {{"primitives", Json::array({{{"attributes", Json::object()}}})}};
  if (array == "cameras") {
    return {{"type", "perspective"}, {"perspective", {{"yfov", 0.8}, {"znear", 0.01}}}};
  }
  if (array == "bufferViews") {
    const Json& buffers = arrayAt(root, "buffers");
    if (buffers.empty()) return nullptr;
    const Json* length = member(buffers[0], "byteLength");
    if (!length || !length->is_number_integer() || length->get<int64_t>() < 1) return nullptr;
    return {{"buffer", 0}, {"byteLength", 1}};
  }
  // A 1x1 black PNG (grey, 8 bits): the smallest image that decodes without a word.
  if (array == "images") {
    return {{"uri",
             "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR42mNg"
             "AAAAAgAB5Sfe/AAAAABJRU5ErkJggg=="}};
  }
  if (array == "skins") {
    if (arrayAt(root, "nodes").empty()) return nullptr;
    return {{"joints", Json::array({0})}};
  }
  return nullptr;
}

const char* nounOf(const std::string& array) {
  if (array == "accessors") return "accessor";
  if (array == "bufferViews") return "bufferView";
  if (array == "samplers") return "sampler";
  if (array == "textures") return "texture";
  if (array == "materials") return "material";
  if (array == "meshes") return "mesh";
  if (array == "cameras") return "camera";
  if (array == "skins") return "skin";
  if (array == "images") return "image";
  return nullptr;
}

const std::vector<bool>* usedOf(const Usage& u, const std::string& array) {
  if (array == "accessors") return &u.accessors;
  if (array == "bufferViews") return &u.bufferViews;
  if (array == "samplers") return &u.samplers;
  if (array == "textures") return &u.textures;
  if (array == "materials") return &u.materials;
  if (array == "meshes") return &u.meshes;
  if (array == "cameras") return &u.cameras;
  if (array == "skins") return &u.skins;
  if (array == "images") return &u.images;
  return nullptr;
}

}  // namespace

std::vector<bool> usedAccessors(const Json& root) {
  if (!root.is_object()) return {};
  return Usage(root).accessors;
}

void tolerateGltfJson(Json& root, std::vector<std::string>& warnings) {
  if (!root.is_object()) return;
  Repairs(root, warnings).run();
}

std::string validateTolerantly(Json& root, std::vector<std::string>& warnings) {
  std::string err = validateGltfJson(root);
  if (err.empty() || !root.is_object()) return err;
  // What is used is decided once, on the document as written: ignoring an object never makes
  // another one unused.
  const Usage usage(root);
  for (size_t ignored = 0; !err.empty() && ignored < kMaxIgnoredObjects; ++ignored) {
    std::string array;
    size_t index = 0;
    if (!topObject(err, array, index)) return err;
    const std::vector<bool>* used = usedOf(usage, array);
    if (!used || index >= used->size() || (*used)[index]) return err;
    Json stub = stubFor(root, array);
    if (stub.is_null()) return err;
    Json& object = root[array][index];
    if (const Json* name = member(object, "name"); name && name->is_string()) stub["name"] = *name;
    object = std::move(stub);
    warnings.push_back(err + " (" + nounOf(array) + " " + std::to_string(index) +
                       " is not used: ignored)");
    err = validateGltfJson(root);
  }
  return err;
}

}  // namespace vitrine::scene
