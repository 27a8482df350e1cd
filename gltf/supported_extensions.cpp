#include "supported_extensions.h"

#include <algorithm>

#include "gltf_document.h"
#include "json_util.h"

namespace vitrine::scene {
namespace {

// One line per extension, so that one that stops being honoured is one line to delete. Not
// here: EXT_lights_* (multi-vendor, not in the Khronos registry).
constexpr SupportedExtension kSupported[] = {
    {"KHR_animation_pointer", "animation channels of any Object Model property"},
    {"KHR_lights_punctual", "point, spot and directional lights"},
    {"KHR_node_visibility", "hidden nodes hide their subtree"},
    {"KHR_interactivity", "behaviour graphs, run by --interact (interact/)"},
    {"KHR_node_selectability", "which nodes a graph's select events can hit"},
    {"KHR_node_hoverability", "which nodes a graph's hover events can hit"},
    {"KHR_texture_transform", "texture offset, rotation, scale and texCoord"},
    {"EXT_texture_webp", "WebP images (libwebp), chosen over the PNG/JPEG fallback"},
    {"KHR_texture_basisu",
     "KTX2 images (Basis Universal ETC1S and UASTC, codecs/ktx2.h), chosen over the fallback"},
    {"KHR_materials_unlit", "unlit shading"},
    {"KHR_materials_emissive_strength", "emissive factor scale"},
    {"KHR_materials_ior", "index of refraction"},
    {"KHR_materials_specular", "specular strength and colour"},
    {"KHR_materials_sheen", "sheen layer"},
    {"KHR_materials_clearcoat", "clearcoat layer"},
    {"KHR_materials_transmission", "transmission"},
    {"KHR_materials_volume", "volume thickness and attenuation"},
    {"KHR_materials_iridescence", "thin-film iridescence"},
    {"KHR_materials_anisotropy", "anisotropic specular"},
    {"KHR_materials_dispersion", "dispersion"},
    {"KHR_materials_diffuse_transmission", "diffuse transmission"},
    {"KHR_materials_pbrSpecularGlossiness",
     "specular-glossiness materials (archived), drawn in place of metallic-roughness"},
    {"KHR_materials_variants", "material variants"},
    {"KHR_draco_mesh_compression", "Draco-compressed mesh primitives"},
    {"KHR_mesh_quantization", "quantized vertex attributes, dequantized at load"},
    {"EXT_meshopt_compression", "meshoptimizer-compressed buffer views"},
    {"EXT_mesh_gpu_instancing", "instanced meshes: one instanced draw per primitive"},
    {"KHR_xmp_json_ld", "XMP metadata, shown in the inspector's Asset section and by --check"},
    {"KHR_meshopt_compression", "meshoptimizer-compressed buffer views, version 1 and COLOR too"},
    {"KHR_gaussian_splatting",
     "3D Gaussian splats (ellipse kernel), sorted per view; compressed ones as their point cloud"},
};

}  // namespace

std::span<const SupportedExtension> supportedExtensions() {
  return kSupported;
}

bool isSupportedExtension(std::string_view name) {
  return std::any_of(std::begin(kSupported), std::end(kSupported),
                     [&](const SupportedExtension& e) { return name == e.name; });
}

std::vector<UnsupportedExtension> unsupportedExtensions(const GltfDocument& doc) {
  std::vector<UnsupportedExtension> out;
  const Json* used = member(doc.json, "extensionsUsed");
  if (!used || !used->is_array()) return out;
  for (size_t i = 0; i < used->size(); ++i) {
    const Json& name = (*used)[i];
    if (!name.is_string() || isSupportedExtension(name.get<std::string>())) continue;
    const std::string n = name.get<std::string>();
    // extensionsUsed's items are unique (schema); a repeated name is still warned about once.
    if (std::none_of(out.begin(), out.end(),
                     [&](const UnsupportedExtension& e) { return e.name == n; }))
      out.push_back({n, i});
  }
  return out;
}

std::string unsupportedExtensionMessage(std::string_view name) {
  return "extension " + std::string(name) + " is not supported: what it adds is not drawn";
}

}  // namespace vitrine::scene
