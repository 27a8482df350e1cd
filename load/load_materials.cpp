#include <cstring>

#include "gltf_enums.h"
#include "gltf_validate.h"
#include "json_checker.h"
#include "load_steps.h"
#include "material_extensions.h"
#include "texture_sources.h"

namespace vitrine::scene {
namespace {

Filter filter(int64_t glFilter) {
  switch (glFilter) {
    case gltf::kNearest:
    case gltf::kNearestMipmapNearest:
    case gltf::kNearestMipmapLinear:
      return Filter::Nearest;
    default:
      return Filter::Linear;
  }
}

Wrap wrap(int64_t glWrap) {
  switch (glWrap) {
    case gltf::kClampToEdge:
      return Wrap::ClampToEdge;
    case gltf::kMirroredRepeat:
      return Wrap::MirroredRepeat;
    default:
      return Wrap::Repeat;
  }
}

// §3.8.4 Samplers: absent filters leave the choice to the client; ours is trilinear.
Sampler readSampler(const Json& j) {
  Sampler s;
  s.magFilter = filter(integer(j, "magFilter", gltf::kLinear));
  const int64_t min = integer(j, "minFilter", gltf::kLinearMipmapLinear);
  s.minFilter = filter(min);
  s.useMipmaps = min != gltf::kNearest && min != gltf::kLinear;
  s.mipmapFilter = (min == gltf::kNearestMipmapNearest || min == gltf::kLinearMipmapNearest)
                       ? Filter::Nearest
                       : Filter::Linear;
  s.wrapS = wrap(integer(j, "wrapS", gltf::kRepeat));
  s.wrapT = wrap(integer(j, "wrapT", gltf::kRepeat));
  return s;
}

// KHR_texture_basisu: a KTX2 image declares its colour space (its DFD's transfer function).
// The slot decides how it is drawn (§3.9: sRGB for colour, linear for data), so a KTX2 image
// that says otherwise is a warning.
void warnColorSpace(const LoadContext& ctx, const std::string& at, int slot, int texture) {
  if (texture < 0 || size_t(texture) >= ctx.scene.textures.size()) return;
  const int i = ctx.scene.textures[size_t(texture)].image;
  if (i < 0) return;
  const Image& image = ctx.scene.images[size_t(i)];
  const bool color = gpu::isColorSlot(slot);
  if (image.colorSpace == ImageColorSpace::Unspecified ||
      (image.colorSpace == ImageColorSpace::Srgb) == color)
    return;
  ctx.warnings.push_back(located(
      at, "KTX2 image " + std::to_string(i) + " (texture " + std::to_string(texture) + ") is " +
              (color ? "linear" : "sRGB") + " (its DFD's transfer function) but this slot holds " +
              (color ? "sRGB colour: drawn as sRGB" : "linear data: drawn as linear")));
}

// Fills texture slot `slot` (m.textures, and its TextureRef `ref` in gpu::MaterialData or
// gpu::MaterialExtensionData) from a textureInfo (§3.9.2, §3.9.3) and its
// KHR_texture_transform.
void readTextureInfo(const LoadContext& ctx, const Json* info, const std::string& at, int slot,
                     Material& m, gpu::TextureRef& ref) {
  if (!info) return;
  int texCoord = int(integer(*info, "texCoord", 0));
  glm::vec2 offset(0.0f), scale(1.0f);
  float rotation = 0.0f;
  const Json* ext = member(*info, "extensions");
  if (const Json* t = ext ? member(*ext, "KHR_texture_transform") : nullptr) {
    offset = vec<2>(*t, "offset", offset);
    scale = vec<2>(*t, "scale", scale);
    rotation = float(number(*t, "rotation", 0.0));
    // KHR_texture_transform: its texCoord, when present, overrides the textureInfo's.
    texCoord = int(integer(*t, "texCoord", texCoord));
  }
  // Kept even for a texture ignored below: the Object Model addresses these values.
  ref.uvTransform = glm::vec4(offset, scale);
  ref.info.x = rotation;
  if (texCoord >= gpu::kTexcoordSetCount) {
    ctx.warnings.push_back(
        located(at, "TEXCOORD_" + std::to_string(texCoord) + " is not supported (only sets 0 to " +
                        std::to_string(gpu::kTexcoordSetCount - 1) + "); texture ignored"));
    return;
  }
  m.textures[size_t(slot)] = int(integer(*info, "index", -1));
  ref.info = glm::vec4(rotation, float(texCoord), 0.0f, 0.0f);
  warnColorSpace(ctx, at, slot, m.textures[size_t(slot)]);
}

// The extension objects of material `j` (MaterialExtension) and their factors, into
// m.extensions, d (emissiveStrength) and e. validateGltfJson() does not look inside these
// objects, so their types are checked here (throws JsonCheckFailure).
void readExtensions(const LoadContext& ctx, const JsonChecker& c, const Json& j,
                    const std::string& at, Material& m, gpu::MaterialData& d,
                    gpu::MaterialExtensionData& e) {
  const Json* ext = member(j, "extensions");
  if (!ext) return;
  const std::string extAt = at + "/extensions";
  for (const MaterialExtensionInfo& info : materialExtensionTable()) {
    const Json* object = c.object(*ext, extAt, info.name, false);
    if (!object) continue;
    m.extensions |= 1u << uint32_t(info.id);
    const std::string objectAt = extAt + jsonPointer(info.name);
    for (const ExtensionTexture& t : info.textures) {
      checkTextureInfo(c, *object, objectAt, t.name, nullptr);
      readTextureInfo(ctx, member(*object, t.name), objectAt + jsonPointer(t.name), t.slot, m,
                      e.textures[t.slot - gpu::kTextureSlotCount]);
    }
    for (const ExtensionFactor& f : info.factors) {
      const Json* holder = f.parent ? member(*object, f.parent) : object;
      if (!holder) continue;
      const std::string holderAt = f.parent ? objectAt + jsonPointer(f.parent) : objectAt;
      float values[4];
      if (f.count == 1) {
        const std::optional<double> v = c.number(*holder, holderAt, f.name, false);
        if (!v) continue;
        values[0] = float(*v);
      } else {
        c.numbers(*holder, holderAt, f.name, f.count);
        const Json* v = member(*holder, f.name);
        if (!v) continue;
        for (uint32_t k = 0; k < f.count; ++k) values[k] = (*v)[k].get<float>();
      }
      char* base = f.inMaterialData ? reinterpret_cast<char*>(&d) : reinterpret_cast<char*>(&e);
      std::memcpy(base + f.offset, values, f.count * sizeof(float));
    }
  }
}

// KHR_materials_specular, _sheen, _clearcoat, _iridescence, _anisotropy and
// _diffuse_transmission each "must not be used on a material that also uses
// KHR_materials_pbrSpecularGlossiness": a file error in what is drawn anyway, so a warning
// (TOLERANCE.md), and the specular-glossiness model is drawn without them
// (materialExtensionDrawn()).
void warnExcludedLayers(const LoadContext& ctx, const std::string& at, const Material& m) {
  if (!m.has(MaterialExtension::SpecularGlossiness)) return;
  for (uint32_t i = 0; i < uint32_t(MaterialExtension::Count); ++i) {
    const auto e = MaterialExtension(i);
    if (!m.has(e) || !excludedBySpecularGlossiness(e)) continue;
    ctx.warnings.push_back(located(at + "/extensions" + jsonPointer(materialExtensionName(e)),
                                   std::string(materialExtensionName(e)) +
                                       " must not be used with "
                                       "KHR_materials_pbrSpecularGlossiness; ignored"));
  }
}

void readMaterial(const LoadContext& ctx, const JsonChecker& c, const Json& j,
                  const std::string& at) {
  Material m;
  gpu::MaterialData d = defaultMaterialData();
  gpu::MaterialExtensionData e = defaultMaterialExtensionData();
  m.name = string(j, "name");
  const std::string mode = string(j, "alphaMode", "OPAQUE");
  m.alphaMode = mode == "MASK"    ? AlphaMode::Mask
                : mode == "BLEND" ? AlphaMode::Blend
                                  : AlphaMode::Opaque;
  m.doubleSided = boolean(j, "doubleSided", false);
  const Json* ext = member(j, "extensions");
  m.unlit = ext && member(*ext, "KHR_materials_unlit");

  static const Json kEmpty = Json::object();
  const Json* pbrJson = member(j, "pbrMetallicRoughness");
  const Json& pbr = pbrJson ? *pbrJson : kEmpty;
  const std::string pbrAt = at + "/pbrMetallicRoughness";
  d.baseColorFactor = vec<4>(pbr, "baseColorFactor", glm::vec4(1.0f));
  d.params.x = float(number(pbr, "metallicFactor", 1.0));
  d.params.y = float(number(pbr, "roughnessFactor", 1.0));
  readTextureInfo(ctx, member(pbr, "baseColorTexture"), pbrAt + "/baseColorTexture",
                  gpu::kSlotBaseColor, m, d.textures[gpu::kSlotBaseColor]);
  readTextureInfo(ctx, member(pbr, "metallicRoughnessTexture"), pbrAt + "/metallicRoughnessTexture",
                  gpu::kSlotMetallicRoughness, m, d.textures[gpu::kSlotMetallicRoughness]);
  const Json* normal = member(j, "normalTexture");
  const Json* occlusion = member(j, "occlusionTexture");
  d.params.z = normal ? float(number(*normal, "scale", 1.0)) : 1.0f;
  d.params.w = occlusion ? float(number(*occlusion, "strength", 1.0)) : 1.0f;
  readTextureInfo(ctx, normal, at + "/normalTexture", gpu::kSlotNormal, m,
                  d.textures[gpu::kSlotNormal]);
  readTextureInfo(ctx, occlusion, at + "/occlusionTexture", gpu::kSlotOcclusion, m,
                  d.textures[gpu::kSlotOcclusion]);
  readTextureInfo(ctx, member(j, "emissiveTexture"), at + "/emissiveTexture", gpu::kSlotEmissive, m,
                  d.textures[gpu::kSlotEmissive]);

  d.emissive = glm::vec4(vec<3>(j, "emissiveFactor", glm::vec3(0.0f)), 1.0f);
  readExtensions(ctx, c, j, at, m, d, e);  // emissive.w: KHR_materials_emissive_strength
  warnExcludedLayers(ctx, at, m);
  const float alphaMode = m.alphaMode == AlphaMode::Mask    ? float(gpu::kAlphaMask)
                          : m.alphaMode == AlphaMode::Blend ? float(gpu::kAlphaBlend)
                                                            : float(gpu::kAlphaOpaque);
  d.alpha = glm::vec4(alphaMode, float(number(j, "alphaCutoff", 0.5)), m.doubleSided ? 1.0f : 0.0f,
                      m.unlit ? 1.0f : 0.0f);
  ctx.scene.materials.push_back(std::move(m));
  ctx.scene.materialData.push_back(d);
  ctx.scene.materialExtensionData.push_back(e);
}

// Texture i (§3.8.2): its sampler and the image it draws. KHR_texture_basisu's KTX2 image, then
// EXT_texture_webp's, are chosen over the core source (their fallback); one that failed to
// decode (warned) falls back to the next.
Texture readTexture(const LoadContext& ctx, const JsonChecker& c, const Json& j, size_t i) {
  const std::string at = jsonPointer("textures", i);
  for (const char* name : {"EXT_texture_webp", "KHR_texture_basisu"}) {
    const Json* ext = c.object(j, at, "extensions", false);
    const std::string extAt = at + "/extensions";
    if (const Json* o = ext ? c.object(*ext, extAt, name, false) : nullptr)
      c.index(*o, extAt + jsonPointer(name), "source", "images", "image", false);
  }
  Texture t;
  t.sampler = int(integer(j, "sampler", -1));
  const TextureSources s = textureSources(j);
  // The first image that decoded (or will: deferred): a KTX2 or WebP image that failed (warned)
  // falls back to the next.
  for (int source : drawableSources(s)) {
    // An image of the same bytes as an earlier one shares its decode (loadImages).
    if (source >= 0 && ctx.scene.images[size_t(source)].sameAs >= 0)
      source = ctx.scene.images[size_t(source)].sameAs;
    // Deferred (LoadOptions::deferImageDecode): its header was valid; decoded later.
    const Image* image = source >= 0 ? &ctx.scene.images[size_t(source)] : nullptr;
    if (image && (!image->rgba8.empty() || !image->encoded.empty())) {
      t.image = source;
      break;
    }
  }
  if (s.source < 0 && s.webp < 0 && s.basisu < 0) {
    // §3.8.2: without source, an extension supplies the image; we know none of those.
    ctx.warnings.push_back(located(at, "no source image (none of its extensions is supported)"));
  }
  return t;
}

}  // namespace

std::string loadMaterials(const LoadContext& ctx) {
  const Json& root = ctx.doc.json;
  for (const Json& j : array(root, "samplers")) ctx.scene.samplers.push_back(readSampler(j));

  const Json& textures = array(root, "textures");
  try {
    const JsonChecker checker(root);
    for (size_t i = 0; i < textures.size(); ++i)
      ctx.scene.textures.push_back(readTexture(ctx, checker, textures[i], i));
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }

  const Json& materials = array(root, "materials");
  try {
    const JsonChecker checker(root);
    for (size_t i = 0; i < materials.size(); ++i) {
      readMaterial(ctx, checker, materials[i], jsonPointer("materials", i));
    }
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  // §3.9.6 Default Material, used by primitives without one: last in materialData.
  ctx.scene.materialData.push_back(defaultMaterialData());
  ctx.scene.materialExtensionData.push_back(defaultMaterialExtensionData());
  return {};
}

}  // namespace vitrine::scene
