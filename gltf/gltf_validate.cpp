#include "gltf_validate.h"

#include "gltf_enums.h"
#include "json_checker.h"
#include "supported_extensions.h"

namespace vitrine::scene {
namespace {

constexpr const char* kTopLevelArrays[] = {
    "accessors", "animations", "buffers",  "bufferViews", "cameras", "images",  "materials",
    "meshes",    "nodes",      "samplers", "scenes",      "skins",   "textures"};

void checkAsset(const JsonChecker& c, const Json& root) {
  const Json& asset = *c.object(root, "", "asset", true);
  const std::string version = *c.string(asset, "/asset", "version", true);
  // §3.2 Asset: the major version must match; minor versions are forward compatible.
  // minVersion is what a client MUST support: a newer version with a 2.x minVersion loads
  // (gltf_tolerance.cpp warns).
  const auto minVersion = c.string(asset, "/asset", "minVersion", false);
  const auto major = [](const std::string& v) { return v.substr(0, v.find('.')); };
  if (minVersion && major(*minVersion) != "2") {
    JsonChecker::fail("/asset/minVersion",
                      "glTF version \"" + *minVersion + "\" is not supported (2.x only)");
  }
  if (major(version) != "2" && !minVersion) {
    JsonChecker::fail("/asset/version",
                      "glTF version \"" + version + "\" is not supported (2.x only)");
  }
}

void checkExtensions(const Json& root) {
  for (const char* key : {"extensionsUsed", "extensionsRequired"}) {
    const Json* list = member(root, key);
    if (!list) continue;
    if (!list->is_array()) {
      JsonChecker::fail(jsonPointer(key),
                        "expected an array of strings, got " + describeJson(*list));
    }
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& name = (*list)[i];
      if (!name.is_string()) {
        JsonChecker::fail(jsonPointer(key, i), "expected a string, got " + describeJson(name));
      }
      // glTF 2.0 §3.12: an asset needing an extension Vitrine does not draw is refused; the
      // table of those it draws is supported_extensions.cpp.
      if (std::string(key) == "extensionsRequired" &&
          !isSupportedExtension(name.get<std::string>())) {
        JsonChecker::fail(jsonPointer(key, i),
                          "required extension " + name.get<std::string>() + " is not supported");
      }
    }
  }
}

void checkBuffers(const JsonChecker& c, const Json& root) {
  const Json& buffers = array(root, "buffers");
  for (size_t i = 0; i < buffers.size(); ++i) {
    const std::string at = jsonPointer("buffers", i);
    c.integer(buffers[i], at, "byteLength", true, 1);
    c.string(buffers[i], at, "uri", false);
  }
  const Json& views = array(root, "bufferViews");
  for (size_t i = 0; i < views.size(); ++i) {
    const Json& v = views[i];
    const std::string at = jsonPointer("bufferViews", i);
    const uint64_t buffer = *c.index(v, at, "buffer", "buffers", "buffer", true);
    const uint64_t offset = c.integer(v, at, "byteOffset", false).value_or(0);
    const uint64_t length = *c.integer(v, at, "byteLength", true, 1);
    // bufferView.byteStride (schema): minimum 4, maximum 252, multiple of 4.
    if (c.integer(v, at, "byteStride", false, 4, 252).value_or(4) % 4 != 0) {
      JsonChecker::fail(at + "/byteStride",
                        "must be a multiple of 4, got " + describeJson(v["byteStride"]));
    }
    const uint64_t bufferLength = integer(buffers[buffer], "byteLength", 0);
    // Both terms are below 2^53, so the sum cannot overflow.
    if (offset + length > bufferLength) {
      JsonChecker::fail(at, "byteOffset " + std::to_string(offset) + " + byteLength " +
                                std::to_string(length) + " = " + std::to_string(offset + length) +
                                " exceeds buffer " + std::to_string(buffer) + " byteLength " +
                                std::to_string(bufferLength));
    }
  }
}

void checkAccessors(const JsonChecker& c, const Json& root) {
  const Json& accessors = array(root, "accessors");
  for (size_t i = 0; i < accessors.size(); ++i) {
    const Json& a = accessors[i];
    const std::string at = jsonPointer("accessors", i);
    c.index(a, at, "bufferView", "bufferViews", "bufferView", false);
    c.integer(a, at, "byteOffset", false);
    const Json* ct = member(a, "componentType");
    if (ct && *ct == gltf::kInt) {
      JsonChecker::fail(at + "/componentType",
                        "componentType 5124 (INT) is not allowed in glTF 2.0");
    }
    const int64_t componentType =
        *c.enumInt(a, at, "componentType",
                   {gltf::kByte, gltf::kUnsignedByte, gltf::kShort, gltf::kUnsignedShort,
                    gltf::kUnsignedInt, gltf::kFloat},
                   true);
    c.boolean(a, at, "normalized");
    // accessor.normalized (schema): MUST NOT be true for FLOAT or UNSIGNED_INT components.
    if (boolean(a, "normalized", false) &&
        (componentType == gltf::kFloat || componentType == gltf::kUnsignedInt)) {
      JsonChecker::fail(
          at + "/normalized",
          "must not be true for " + gltf::componentTypeName(int(componentType)) + " components");
    }
    const uint64_t count = *c.integer(a, at, "count", true, 1, UINT32_MAX);
    c.enumString(a, at, "type", {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"}, true);
    c.numbers(a, at, "min", 0);
    c.numbers(a, at, "max", 0);
    const Json* sparse = c.object(a, at, "sparse", false);
    if (!sparse) continue;
    const std::string sp = at + "/sparse";
    // §3.6.2.3 Sparse Accessors: at most `count` elements are displaced.
    c.integer(*sparse, sp, "count", true, 1, count);
    const Json& indices = *c.object(*sparse, sp, "indices", true);
    c.index(indices, sp + "/indices", "bufferView", "bufferViews", "bufferView", true);
    c.integer(indices, sp + "/indices", "byteOffset", false);
    c.enumInt(indices, sp + "/indices", "componentType",
              {gltf::kUnsignedByte, gltf::kUnsignedShort, gltf::kUnsignedInt}, true);
    const Json& values = *c.object(*sparse, sp, "values", true);
    c.index(values, sp + "/values", "bufferView", "bufferViews", "bufferView", true);
    c.integer(values, sp + "/values", "byteOffset", false);
  }
}

void checkImagesSamplersTextures(const JsonChecker& c, const Json& root) {
  const Json& images = array(root, "images");
  for (size_t i = 0; i < images.size(); ++i) {
    const std::string at = jsonPointer("images", i);
    const bool hasUri = c.string(images[i], at, "uri", false).has_value();
    const bool hasView =
        c.index(images[i], at, "bufferView", "bufferViews", "bufferView", false).has_value();
    c.string(images[i], at, "mimeType", false);
    // image (schema): exactly one of uri and bufferView.
    if (hasUri == hasView) {
      JsonChecker::fail(at,
                        hasUri ? "has both uri and bufferView" : "has neither uri nor bufferView");
    }
  }
  const Json& samplers = array(root, "samplers");
  for (size_t i = 0; i < samplers.size(); ++i) {
    const std::string at = jsonPointer("samplers", i);
    c.enumInt(samplers[i], at, "magFilter", {gltf::kNearest, gltf::kLinear}, false);
    c.enumInt(samplers[i], at, "minFilter",
              {gltf::kNearest, gltf::kLinear, gltf::kNearestMipmapNearest,
               gltf::kLinearMipmapNearest, gltf::kNearestMipmapLinear, gltf::kLinearMipmapLinear},
              false);
    for (const char* wrap : {"wrapS", "wrapT"}) {
      c.enumInt(samplers[i], at, wrap, {gltf::kClampToEdge, gltf::kMirroredRepeat, gltf::kRepeat},
                false);
    }
  }
  const Json& textures = array(root, "textures");
  for (size_t i = 0; i < textures.size(); ++i) {
    const std::string at = jsonPointer("textures", i);
    c.index(textures[i], at, "sampler", "samplers", "sampler", false);
    c.index(textures[i], at, "source", "images", "image", false);
  }
}

}  // namespace

void checkTextureInfo(const JsonChecker& c, const Json& o, const std::string& at, const char* key,
                      const char* extra) {
  const Json* info = c.object(o, at, key, false);
  if (!info) return;
  const std::string p = at + jsonPointer(key);
  c.index(*info, p, "index", "textures", "texture", true);
  c.integer(*info, p, "texCoord", false);
  if (extra) c.number(*info, p, extra, false);
  const Json* ext = c.object(*info, p, "extensions", false);
  const Json* transform =
      ext ? c.object(*ext, p + "/extensions", "KHR_texture_transform", false) : nullptr;
  if (!transform) return;
  const std::string tp = p + "/extensions/KHR_texture_transform";
  c.numbers(*transform, tp, "offset", 2);
  c.number(*transform, tp, "rotation", false);
  c.numbers(*transform, tp, "scale", 2);
  c.integer(*transform, tp, "texCoord", false);
}

namespace {

void checkMaterials(const JsonChecker& c, const Json& root) {
  const Json& materials = array(root, "materials");
  for (size_t i = 0; i < materials.size(); ++i) {
    const Json& m = materials[i];
    const std::string at = jsonPointer("materials", i);
    c.string(m, at, "name", false);
    if (const Json* pbr = c.object(m, at, "pbrMetallicRoughness", false)) {
      const std::string p = at + "/pbrMetallicRoughness";
      c.numbers(*pbr, p, "baseColorFactor", 4);
      c.number(*pbr, p, "metallicFactor", false);
      c.number(*pbr, p, "roughnessFactor", false);
      checkTextureInfo(c, *pbr, p, "baseColorTexture", nullptr);
      checkTextureInfo(c, *pbr, p, "metallicRoughnessTexture", nullptr);
    }
    checkTextureInfo(c, m, at, "normalTexture", "scale");
    checkTextureInfo(c, m, at, "occlusionTexture", "strength");
    checkTextureInfo(c, m, at, "emissiveTexture", nullptr);
    c.numbers(m, at, "emissiveFactor", 3);
    c.enumString(m, at, "alphaMode", {"OPAQUE", "MASK", "BLEND"}, false);
    if (c.number(m, at, "alphaCutoff", false).value_or(0.0) < 0.0) {
      JsonChecker::fail(at + "/alphaCutoff", "must be >= 0");
    }
    c.boolean(m, at, "doubleSided");
    if (const Json* ext = c.object(m, at, "extensions", false)) {
      c.object(*ext, at + "/extensions", "KHR_materials_unlit", false);
      if (const Json* s =
              c.object(*ext, at + "/extensions", "KHR_materials_emissive_strength", false)) {
        c.number(*s, at + "/extensions/KHR_materials_emissive_strength", "emissiveStrength", false);
      }
    }
  }
}

void checkAttributeMap(const JsonChecker& c, const Json& o, const std::string& at, const char* key,
                       bool required) {
  const Json* map = c.object(o, at, key, required);
  if (!map) return;
  for (const auto& [name, value] : map->items()) {
    c.indexValue(value, at + jsonPointer(key, name), "accessors", "accessor");
  }
}

void checkMeshes(const JsonChecker& c, const Json& root) {
  const Json& meshes = array(root, "meshes");
  for (size_t i = 0; i < meshes.size(); ++i) {
    const std::string at = jsonPointer("meshes", i);
    const Json& primitives = *c.objectArray(meshes[i], at, "primitives", true, 1);
    for (size_t p = 0; p < primitives.size(); ++p) {
      const Json& prim = primitives[p];
      const std::string pp = at + jsonPointer("primitives", p);
      checkAttributeMap(c, prim, pp, "attributes", true);
      c.index(prim, pp, "indices", "accessors", "accessor", false);
      c.index(prim, pp, "material", "materials", "material", false);
      c.enumInt(prim, pp, "mode", {0, 1, 2, 3, 4, 5, 6}, false);
      if (const Json* targets = c.objectArray(prim, pp, "targets", false)) {
        for (size_t t = 0; t < targets->size(); ++t) {
          const Json& target = (*targets)[t];
          for (const auto& [name, value] : target.items()) {
            c.indexValue(value, pp + jsonPointer("targets", t, name), "accessors", "accessor");
          }
        }
      }
    }
    c.numbers(meshes[i], at, "weights", 0);
  }
}

void checkNodesScenesSkins(const JsonChecker& c, const Json& root) {
  const Json& nodes = array(root, "nodes");
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Json& n = nodes[i];
    const std::string at = jsonPointer("nodes", i);
    c.index(n, at, "camera", "cameras", "camera", false);
    c.index(n, at, "mesh", "meshes", "mesh", false);
    c.index(n, at, "skin", "skins", "skin", false);
    c.indexArray(n, at, "children", "nodes", "node", false);
    c.numbers(n, at, "matrix", 16);
    c.numbers(n, at, "rotation", 4);
    c.numbers(n, at, "scale", 3);
    c.numbers(n, at, "translation", 3);
    c.numbers(n, at, "weights", 0);
  }
  const Json& scenes = array(root, "scenes");
  for (size_t i = 0; i < scenes.size(); ++i) {
    c.indexArray(scenes[i], jsonPointer("scenes", i), "nodes", "nodes", "node", false);
  }
  c.index(root, "", "scene", "scenes", "scene", false);
  const Json& skins = array(root, "skins");
  for (size_t i = 0; i < skins.size(); ++i) {
    const std::string at = jsonPointer("skins", i);
    c.index(skins[i], at, "inverseBindMatrices", "accessors", "accessor", false);
    c.index(skins[i], at, "skeleton", "nodes", "node", false);
    c.indexArray(skins[i], at, "joints", "nodes", "node", true, 1);
  }
}

void checkCameras(const JsonChecker& c, const Json& root) {
  const Json& cameras = array(root, "cameras");
  for (size_t i = 0; i < cameras.size(); ++i) {
    const std::string at = jsonPointer("cameras", i);
    const std::string type =
        *c.enumString(cameras[i], at, "type", {"perspective", "orthographic"}, true);
    const Json& cam = *c.object(cameras[i], at, type.c_str(), true);
    const std::string p = at + jsonPointer(type);
    auto positive = [&](const char* key, bool required) {
      auto v = c.number(cam, p, key, required);
      if (v && *v <= 0.0) JsonChecker::fail(p + jsonPointer(key), "must be > 0");
      return v;
    };
    // camera.perspective / camera.orthographic (schema) constraints.
    std::optional<double> znear, zfar;
    if (type == "perspective") {
      positive("yfov", true);
      positive("aspectRatio", false);
      znear = positive("znear", true);
      zfar = positive("zfar", false);
    } else {
      for (const char* key : {"xmag", "ymag"}) {
        if (*c.number(cam, p, key, true) == 0.0) {
          JsonChecker::fail(p + jsonPointer(key), "must not be zero");
        }
      }
      znear = c.number(cam, p, "znear", true);
      if (*znear < 0.0) JsonChecker::fail(p + "/znear", "must be >= 0");
      zfar = positive("zfar", true);
    }
    if (zfar && *zfar <= *znear) JsonChecker::fail(p + "/zfar", "must be greater than znear");
  }
}

void checkAnimations(const JsonChecker& c, const Json& root) {
  const Json& animations = array(root, "animations");
  for (size_t i = 0; i < animations.size(); ++i) {
    const std::string at = jsonPointer("animations", i);
    const Json& samplers = *c.objectArray(animations[i], at, "samplers", true, 1);
    for (size_t s = 0; s < samplers.size(); ++s) {
      const std::string sp = at + jsonPointer("samplers", s);
      c.index(samplers[s], sp, "input", "accessors", "accessor", true);
      c.index(samplers[s], sp, "output", "accessors", "accessor", true);
      c.enumString(samplers[s], sp, "interpolation", {"LINEAR", "STEP", "CUBICSPLINE"}, false);
    }
    const Json& channels = *c.objectArray(animations[i], at, "channels", true, 1);
    for (size_t k = 0; k < channels.size(); ++k) {
      const std::string cp = at + jsonPointer("channels", k);
      const uint64_t max = samplers.size();
      const auto idx = c.integer(channels[k], cp, "sampler", true);
      if (*idx >= max) {
        JsonChecker::fail(cp + "/sampler", "animation sampler " + std::to_string(*idx) +
                                               " does not exist (" + std::to_string(max) +
                                               " in this animation)");
      }
      const Json& target = *c.object(channels[k], cp, "target", true);
      c.index(target, cp + "/target", "node", "nodes", "node", false);
      c.string(target, cp + "/target", "path", true);
    }
  }
}

}  // namespace

std::string validateGltfJson(const Json& root) {
  try {
    if (!root.is_object()) return "the document root is not a JSON object";
    const JsonChecker c(root);
    checkAsset(c, root);
    checkExtensions(root);
    for (const char* name : kTopLevelArrays) c.objectArray(root, "", name, false);
    checkBuffers(c, root);
    checkAccessors(c, root);
    checkImagesSamplersTextures(c, root);
    checkMaterials(c, root);
    checkMeshes(c, root);
    checkNodesScenesSkins(c, root);
    checkCameras(c, root);
    checkAnimations(c, root);
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  return {};
}

}  // namespace vitrine::scene
