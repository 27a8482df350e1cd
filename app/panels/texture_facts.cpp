#include "texture_facts.h"

#include <algorithm>
#include <cstdio>

#include "mip_chain.h"

namespace vitrine::app {
namespace {

// The image a material slot's texture names, or -1 (the loader already points textures at
// the first of images with the same bytes, Image::sameAs).
int slotImage(const scene::Scene& scene, const scene::Material& material, int slot) {
  const int t = material.textures[size_t(slot)];
  if (t < 0 || size_t(t) >= scene.textures.size()) return -1;
  const int image = scene.textures[size_t(t)].image;
  return image >= 0 && size_t(image) < scene.images.size() ? image : -1;
}

}  // namespace

std::vector<ImageFacts> textureFacts(const scene::Scene& scene) {
  std::vector<ImageFacts> facts(scene.images.size());
  for (size_t i = 0; i < scene.images.size(); ++i) {
    const scene::Image& image = scene.images[i];
    facts[i].width = image.width;
    facts[i].height = image.height;
    facts[i].format = image.format;
    facts[i].sameAs = image.sameAs;
  }
  for (uint32_t m = 0; m < scene.materials.size(); ++m) {
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      const int image = slotImage(scene, scene.materials[m], slot);
      if (image < 0) continue;
      ImageFacts& f = facts[size_t(image)];
      f.users.push_back({m, slot});
      (gpu::isColorSlot(slot) ? f.srgb : f.linear) = true;
    }
  }
  // On the GPU: sampled and with pixels (decoded, or still to be: Image::encoded keeps the
  // size read from the header). The pixels themselves may be freed once uploaded, so their
  // size is what tells.
  for (ImageFacts& f : facts) {
    if (f.users.empty() || f.width == 0 || f.height == 0) continue;
    const VkExtent2D extent{f.width, f.height};
    f.mipLevels = renderer::mipLevelCount(extent);
    f.gpuBytes = renderer::mipChainBytes(extent);
  }
  return facts;
}

uint64_t materialTextureBytes(const scene::Scene& scene, const std::vector<ImageFacts>& facts,
                              uint32_t material) {
  if (material >= scene.materials.size()) return 0;
  std::vector<int> seen;
  uint64_t bytes = 0;
  for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
    const int image = slotImage(scene, scene.materials[material], slot);
    if (image < 0 || size_t(image) >= facts.size()) continue;
    if (std::find(seen.begin(), seen.end(), image) != seen.end()) continue;
    seen.push_back(image);
    bytes += facts[size_t(image)].gpuBytes;
  }
  return bytes;
}

const char* textureSlotName(int slot) {
  static constexpr const char* kNames[gpu::kMaterialTextureCount] = {
      "baseColorTexture",
      "metallicRoughnessTexture",
      "normalTexture",
      "occlusionTexture",
      "emissiveTexture",
      "specularTexture",
      "specularColorTexture",
      "sheenColorTexture",
      "sheenRoughnessTexture",
      "clearcoatTexture",
      "clearcoatRoughnessTexture",
      "clearcoatNormalTexture",
      "transmissionTexture",
      "thicknessTexture",
      "iridescenceTexture",
      "iridescenceThicknessTexture",
      "anisotropyTexture",
      "diffuseTransmissionTexture",
      "diffuseTransmissionColorTexture",
      "diffuseTexture",
      "specularGlossinessTexture",
  };
  return slot >= 0 && slot < gpu::kMaterialTextureCount ? kNames[slot] : "?";
}

std::string formatBytes(uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " B";
  const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = double(bytes) / 1024.0;
  int u = 0;
  while (v >= 1024.0 && u < 3) {
    v /= 1024.0;
    ++u;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", v, units[u]);
  return text;
}

}  // namespace vitrine::app
