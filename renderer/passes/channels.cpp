#include "channels.h"

#include <array>

namespace vitrine::renderer {
namespace {

using E = ChannelEncoding;
constexpr std::array<ChannelInfo, gpu::kChannelCount> kChannels{{
    {gpu::kChannelShaded, "shaded", E::Shaded},
    {gpu::kChannelBaseColor, "base-color", E::Color},
    {gpu::kChannelEmissive, "emissive", E::Color},
    {gpu::kChannelSheenColor, "sheen-color", E::Color},
    {gpu::kChannelSpecularColor, "specular-color", E::Color},
    {gpu::kChannelDiffuseTransmissionColor, "diffuse-transmission-color", E::Color},
    {gpu::kChannelAlpha, "alpha", E::Scalar},
    {gpu::kChannelMetallic, "metallic", E::Scalar},
    {gpu::kChannelRoughness, "roughness", E::Scalar},
    {gpu::kChannelOcclusion, "occlusion", E::Scalar},
    {gpu::kChannelClearcoat, "clearcoat", E::Scalar},
    {gpu::kChannelClearcoatRoughness, "clearcoat-roughness", E::Scalar},
    {gpu::kChannelSheenRoughness, "sheen-roughness", E::Scalar},
    {gpu::kChannelSpecular, "specular", E::Scalar},
    {gpu::kChannelTransmission, "transmission", E::Scalar},
    {gpu::kChannelThickness, "thickness", E::Scalar},
    {gpu::kChannelIridescence, "iridescence", E::Scalar},
    {gpu::kChannelIridescenceThickness, "iridescence-thickness", E::Scalar},
    {gpu::kChannelAnisotropy, "anisotropy", E::Scalar},
    {gpu::kChannelDiffuseTransmission, "diffuse-transmission", E::Scalar},
    {gpu::kChannelNormal, "normal", E::Vector},
    {gpu::kChannelGeometryNormal, "geometry-normal", E::Vector},
    {gpu::kChannelTangent, "tangent", E::Vector},
    {gpu::kChannelBitangent, "bitangent", E::Vector},
    {gpu::kChannelNormalTexture, "normal-texture", E::Vector},
    {gpu::kChannelClearcoatNormal, "clearcoat-normal", E::Vector},
    {gpu::kChannelUv0, "uv0", E::Texcoord},
    {gpu::kChannelUv0 + 1, "uv1", E::Texcoord},
    {gpu::kChannelUv0 + 2, "uv2", E::Texcoord},
    {gpu::kChannelUv0 + 3, "uv3", E::Texcoord},
    {gpu::kChannelUv0 + 4, "uv4", E::Texcoord},
    {gpu::kChannelUv0 + 5, "uv5", E::Texcoord},
    {gpu::kChannelUv0 + 6, "uv6", E::Texcoord},
    {gpu::kChannelUv0 + 7, "uv7", E::Texcoord},
    {gpu::kChannelUvChecker, "uv-checker", E::Checker},
}};

constexpr bool inOrder() {
  for (size_t i = 0; i < kChannels.size(); ++i)
    if (kChannels[i].channel != int(i)) return false;
  return true;
}
static_assert(inOrder(), "kChannels is indexed by gpu::kChannel*");

// The extension object a channel's input belongs to, or Count for the core material's.
scene::MaterialExtension extensionOf(int channel) {
  using X = scene::MaterialExtension;
  switch (channel) {
    case gpu::kChannelSheenColor:
    case gpu::kChannelSheenRoughness:
      return X::Sheen;
    case gpu::kChannelSpecularColor:
    case gpu::kChannelSpecular:
      return X::Specular;
    case gpu::kChannelDiffuseTransmissionColor:
    case gpu::kChannelDiffuseTransmission:
      return X::DiffuseTransmission;
    case gpu::kChannelClearcoat:
    case gpu::kChannelClearcoatRoughness:
    case gpu::kChannelClearcoatNormal:
      return X::Clearcoat;
    case gpu::kChannelTransmission:
      return X::Transmission;
    case gpu::kChannelThickness:
      return X::Volume;
    case gpu::kChannelIridescence:
    case gpu::kChannelIridescenceThickness:
      return X::Iridescence;
    case gpu::kChannelAnisotropy:
      return X::Anisotropy;
    default:
      return X::Count;
  }
}

}  // namespace

const ChannelInfo& channelInfo(int channel) {
  return kChannels[channel >= 0 && channel < gpu::kChannelCount ? size_t(channel) : 0];
}

std::optional<int> channelByName(std::string_view name) {
  for (const ChannelInfo& c : kChannels)
    if (c.name == name) return c.channel;
  return std::nullopt;
}

std::string channelNameList() {
  std::string list;
  for (const ChannelInfo& c : kChannels) {
    if (!list.empty()) list += ", ";
    list += c.name;
  }
  return list;
}

bool channelInMaterial(const scene::Scene& scene, int material, int channel) {
  const bool isDefault = material < 0 || size_t(material) >= scene.materials.size();
  const gpu::MaterialData data = isDefault || size_t(material) >= scene.materialData.size()
                                     ? scene::defaultMaterialData()
                                     : scene.materialData[size_t(material)];
  // As mesh.frag's slotPresent(): the packed texCoord, -1 without a texture.
  if (channel == gpu::kChannelOcclusion) return data.textures[gpu::kSlotOcclusion].info.y >= 0.0f;
  if (channel == gpu::kChannelNormalTexture) return data.textures[gpu::kSlotNormal].info.y >= 0.0f;
  const scene::MaterialExtension extension = extensionOf(channel);
  if (extension == scene::MaterialExtension::Count) return true;
  if (isDefault) return false;
  // As Draw::layers: an unlit material has no layer; specular-glossiness drops the layers it
  // excludes and gives the specular colour (its F0).
  const scene::Material& m = scene.materials[size_t(material)];
  if (m.unlit) return false;
  if (channel == gpu::kChannelSpecularColor && m.has(scene::MaterialExtension::SpecularGlossiness))
    return true;
  return scene::materialExtensionDrawn(m, extension);
}

}  // namespace vitrine::renderer
