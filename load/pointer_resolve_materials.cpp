// resolvePointer() for /materials/N/...: the core material properties of the glTF 2.0 Asset
// Object Model ("Core Pointers"), KHR_texture_transform on every texture slot and the factors
// of the material extensions in material_extensions.h ("Extension Pointers").
#include "material_extensions.h"
#include "pointer_resolve_detail.h"

namespace vitrine::scene::om {
namespace {

struct MaterialQuery {
  const Query& q;
  uint32_t index;
  const Json& json;
  const Material& material;
  gpu::MaterialData& data;
  gpu::MaterialExtensionData& ext;
};

// A value of gpu::MaterialData: byteOffset is into Scene::materialData.
ResolveResult coreSlot(const MaterialQuery& m, ValueType type, float* data, uint32_t count) {
  return slot(type, Region::Materials, m.index, data, count,
              offsetIn(m.q.scene.materialData.data(), data));
}

// A value of gpu::MaterialExtensionData: byteOffset is into Scene::materialExtensionData.
ResolveResult extensionSlot(const MaterialQuery& m, ValueType type, float* data, uint32_t count) {
  return slot(type, Region::MaterialExtensions, m.index, data, count,
              offsetIn(m.q.scene.materialExtensionData.data(), data));
}

ResolveResult factorSlot(const MaterialQuery& m, const ExtensionFactor& f) {
  const ValueType type = f.count == 4   ? ValueType::Float4
                         : f.count == 3 ? ValueType::Float3
                                        : ValueType::Float;
  if (f.inMaterialData) {
    return coreSlot(m, type, reinterpret_cast<float*>(reinterpret_cast<char*>(&m.data) + f.offset),
                    f.count);
  }
  return extensionSlot(
      m, type, reinterpret_cast<float*>(reinterpret_cast<char*>(&m.ext) + f.offset), f.count);
}

// The KHR_texture_transform object of textureInfo `info` named `name`, or a rejection: its
// properties are defined only when the extension object is present (KHR_animation_pointer).
const Json* textureTransform(const Json& info, const char* name, ResolveResult& out) {
  const Json* ext = member(info, "extensions");
  const Json* transform = ext ? member(*ext, "KHR_texture_transform") : nullptr;
  if (!transform)
    out = fail(std::string("the ") + name + " has no KHR_texture_transform extension object");
  return transform;
}

// t[i...] under a KHR_texture_transform object `transform` of texture slot `slotIndex`: its
// values live in the slot's gpu::TextureRef, uvTransform = (offset, scale), info.x = rotation.
ResolveResult resolveTransform(const MaterialQuery& m, const Json& transform, int slotIndex,
                               size_t i) {
  const Tokens& t = m.q.t;
  if (i >= t.size()) return notAProperty();
  const std::string& prop = t[i];
  const bool core = slotIndex < gpu::kTextureSlotCount;
  gpu::TextureRef& ref =
      core ? m.data.textures[slotIndex] : m.ext.textures[slotIndex - gpu::kTextureSlotCount];
  const auto valueSlot = [&](ValueType type, float* data, uint32_t count) {
    return core ? coreSlot(m, type, data, count) : extensionSlot(m, type, data, count);
  };
  const bool last = i + 1 == t.size();
  if (prop == "offset" || prop == "scale") {
    if (!last) return componentOf(ValueType::Float2);
    return valueSlot(ValueType::Float2, prop == "offset" ? &ref.uvTransform.x : &ref.uvTransform.z,
                     2);
  }
  if (!last) return notAProperty();
  if (prop == "rotation") return valueSlot(ValueType::Float, &ref.info.x, 1);
  if (prop == "texCoord") return readOnlyValue(transform, "texCoord", "");
  return notAProperty();
}

// t[i...] under a core textureInfo `name` (glTF 2.0 textureInfo, normalTextureInfo,
// occlusionTextureInfo) of texture slot `slotIndex`.
ResolveResult resolveTextureInfo(const MaterialQuery& m, const Json* info, const char* name,
                                 int slotIndex, size_t i) {
  const Tokens& t = m.q.t;
  if (!info) return fail(std::string("the material has no ") + name + " object");
  if (i >= t.size()) return notAProperty();
  const std::string& p = t[i];
  if (i + 1 == t.size()) {
    if (p == "index") return readOnlyId(*info, "index");
    if (p == "texCoord") return readOnlyValue(*info, "texCoord", "0");
    if (p == "scale" && slotIndex == gpu::kSlotNormal) {
      return coreSlot(m, ValueType::Float, &m.data.params.z, 1);
    }
    if (p == "strength" && slotIndex == gpu::kSlotOcclusion) {
      return coreSlot(m, ValueType::Float, &m.data.params.w, 1);
    }
    return notAProperty();
  }
  if (p != "extensions" || t[i + 1] != "KHR_texture_transform") return notAProperty();
  ResolveResult r;
  const Json* transform = textureTransform(*info, name, r);
  if (!transform) return r;
  return resolveTransform(m, *transform, slotIndex, i + 2);
}

// t[i...] under textureInfo `texture` of extension `e`'s object.
ResolveResult resolveExtensionTexture(const MaterialQuery& m, const MaterialExtensionInfo& e,
                                      const Json& object, const ExtensionTexture& tex, size_t i) {
  const Tokens& t = m.q.t;
  const char* texture = tex.name;
  const Json* info = member(object, texture);
  if (!info) {
    return fail(std::string("the ") + e.name + " extension object has no " + texture + " object");
  }
  if (i >= t.size()) return notAProperty();
  const std::string& p = t[i];
  if (i + 1 == t.size()) {
    if (p == "index") return readOnlyId(*info, "index");
    if (p == "texCoord") return readOnlyValue(*info, "texCoord", "0");
    for (const ExtensionFactor& f : e.factors) {
      if (f.parent && std::string_view(f.parent) == texture && p == f.name) return factorSlot(m, f);
    }
    return notAProperty();
  }
  if (p != "extensions" || t[i + 1] != "KHR_texture_transform") return notAProperty();
  ResolveResult r;
  const Json* transform = textureTransform(*info, texture, r);
  if (!transform) return r;
  return resolveTransform(m, *transform, tex.slot, i + 2);
}

// /materials/N/extensions/<name>/...
ResolveResult resolveMaterialExtension(const MaterialQuery& m) {
  const Tokens& t = m.q.t;
  if (t.size() < 4) return notAProperty();
  const std::string& name = t[3];
  const MaterialExtensionInfo* e = findMaterialExtension(name);
  if (!e) {
    if (name == "ADOBE_materials_clearcoat_specular" || name == "ADOBE_materials_clearcoat_tint") {
      return fail(name + " is not supported");
    }
    return notAProperty();
  }
  if (!m.material.has(e->id)) return fail("the material has no " + name + " extension object");
  if (t.size() < 5) return notAProperty();
  const Json& object = *member(*member(m.json, "extensions"), e->name);
  const std::string& p = t[4];
  for (const ExtensionFactor& f : e->factors) {
    if (f.parent || p != f.name) continue;
    if (t.size() != 5) {
      if (f.count == 4) return componentOf(ValueType::Float4);
      return f.count == 3 ? componentOf(ValueType::Float3) : notAProperty();
    }
    return factorSlot(m, f);
  }
  for (const ExtensionTexture& texture : e->textures) {
    if (p == texture.name) return resolveExtensionTexture(m, *e, object, texture, 5);
  }
  return notAProperty();
}

ResolveResult resolvePbr(const MaterialQuery& m) {
  const Tokens& t = m.q.t;
  const Json* pbr = member(m.json, "pbrMetallicRoughness");
  if (!pbr) return fail("the material has no pbrMetallicRoughness object");
  if (t.size() < 4) return notAProperty();
  const std::string& p = t[3];
  if (p == "baseColorTexture") {
    return resolveTextureInfo(m, member(*pbr, "baseColorTexture"), "baseColorTexture",
                              gpu::kSlotBaseColor, 4);
  }
  if (p == "metallicRoughnessTexture") {
    return resolveTextureInfo(m, member(*pbr, "metallicRoughnessTexture"),
                              "metallicRoughnessTexture", gpu::kSlotMetallicRoughness, 4);
  }
  if (p == "baseColorFactor") {
    if (t.size() != 4) return componentOf(ValueType::Float4);
    return coreSlot(m, ValueType::Float4, &m.data.baseColorFactor.x, 4);
  }
  if (t.size() != 4) return notAProperty();
  if (p == "metallicFactor") return coreSlot(m, ValueType::Float, &m.data.params.x, 1);
  if (p == "roughnessFactor") return coreSlot(m, ValueType::Float, &m.data.params.y, 1);
  return notAProperty();
}

}  // namespace

ResolveResult resolveMaterial(const Query& q) {
  const Tokens& t = q.t;
  Scene& scene = q.scene;
  uint32_t n = 0;
  ResolveResult r;
  if (!elementIndex(t, 1, scene.materials.size(), "material", "materials", n, r)) return r;
  if (t.size() < 3) return notAProperty();
  const MaterialQuery m{q,
                        n,
                        array(q.doc.json, "materials")[n],
                        scene.materials[n],
                        scene.materialData[n],
                        scene.materialExtensionData[n]};
  const std::string& p = t[2];
  if (p == "pbrMetallicRoughness") return resolvePbr(m);
  if (p == "normalTexture") {
    return resolveTextureInfo(m, member(m.json, "normalTexture"), "normalTexture", gpu::kSlotNormal,
                              3);
  }
  if (p == "occlusionTexture") {
    return resolveTextureInfo(m, member(m.json, "occlusionTexture"), "occlusionTexture",
                              gpu::kSlotOcclusion, 3);
  }
  if (p == "emissiveTexture") {
    return resolveTextureInfo(m, member(m.json, "emissiveTexture"), "emissiveTexture",
                              gpu::kSlotEmissive, 3);
  }
  if (p == "extensions") return resolveMaterialExtension(m);
  if (p == "emissiveFactor") {
    if (t.size() != 3) return componentOf(ValueType::Float3);
    return coreSlot(m, ValueType::Float3, &m.data.emissive.x, 3);
  }
  if (t.size() != 3) return notAProperty();
  // alphaCutoff has a default (0.5) whatever the alphaMode: always defined.
  if (p == "alphaCutoff") return coreSlot(m, ValueType::Float, &m.data.alpha.y, 1);
  if (p == "alphaMode") return readOnlyValue(m.json, "alphaMode", "\"OPAQUE\"");
  if (p == "doubleSided") return readOnlyValue(m.json, "doubleSided", "false");
  if (p == "name") return readOnlyValue(m.json, "name", "");
  return notAProperty();
}

}  // namespace vitrine::scene::om
