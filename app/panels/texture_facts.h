// What the texture browser shows of each image of an asset (issue 22 §4): its size, source
// format, colour space, mip levels and GPU memory as the renderer uploads it, and the material
// slots that sample it. Pure CPU: computed from the scene::Scene alone, so it is tested
// without a device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene.h"

namespace vitrine::app {

// One material slot that samples an image.
struct TextureUser {
  uint32_t material = 0;  // index into Scene::materials
  int slot = 0;           // gpu::kSlot*
  bool operator==(const TextureUser&) const = default;
};

struct ImageFacts {
  uint32_t width = 0, height = 0;  // 0 when the image has no pixels (failed to decode)
  scene::ImageFormat format = scene::ImageFormat::Unknown;
  // Image::sameAs: the earlier image of the same bytes, which holds the pixels and the GPU
  // texture for both; this one then counts no memory and has no users of its own. -1: none.
  int sameAs = -1;
  bool srgb = false;    // a colour slot (gpu::isColorSlot) samples it: decoded as sRGB
  bool linear = false;  // a data slot samples it: read as linear values
  // Levels of the chain the renderer builds (renderer/device/mip_chain.h: floor(log2(max side)) +
  // 1) and the bytes of all of them at 4 bytes a texel (RGBA8), when the image is on the GPU: some
  // material samples it and it has pixels. Both 0 otherwise.
  uint32_t mipLevels = 0;
  uint64_t gpuBytes = 0;
  std::vector<TextureUser> users;  // material by material, slot by slot

  // One image sampled both as colour and as data: the same texels read two ways, one of them
  // most likely wrong (a warning in the browser).
  bool mixedColorSpace() const { return srgb && linear; }
};

// The facts of every image of `scene`, in Scene::images order. Every material's slots count
// (the variants' materials too: the renderer uploads for all of them).
std::vector<ImageFacts> textureFacts(const scene::Scene& scene);

// Texture memory of the images material `material` samples, each image once.
uint64_t materialTextureBytes(const scene::Scene& scene, const std::vector<ImageFacts>& facts,
                              uint32_t material);

// The glTF name of slot gpu::kSlot*: "baseColorTexture", "clearcoatNormalTexture"...
const char* textureSlotName(int slot);

// "12.0 KiB", "3.5 MiB": bytes for people (1024-based, one decimal; "512 B" below 1 KiB).
std::string formatBytes(uint64_t bytes);

}  // namespace vitrine::app
