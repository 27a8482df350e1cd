// The descriptor sets of a scene: set 0 per frame slot and set 1 per material.
#include "scene_sets.h"

#include <vector>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

bool imageUsable(const scene::Image& image) {
  return image.width > 0 && image.height > 0 &&
         image.rgba8.size() == size_t(image.width) * image.height * 4;
}

// The scene image a material slot's texture names, whatever its state, or -1.
int namedImage(const scene::Scene& scene, const scene::Material& material, int slot) {
  const int t = material.textures[slot];
  if (t < 0 || t >= int(scene.textures.size())) return -1;
  const int image = scene.textures[t].image;
  return image >= 0 && image < int(scene.images.size()) ? image : -1;
}

// Whether the image of a material slot is still to be decoded (Image::encoded).
bool arriving(const scene::Scene& scene, const scene::Material& material, int slot) {
  const int image = namedImage(scene, material, slot);
  return image >= 0 && !scene.images[image].encoded.empty();
}

VkDescriptorPool createPool(const Context& ctx, uint32_t materialSets) {
  const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kFramesInFlight},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 9 * kFramesInFlight},
      // The materials' textures, and each frame slot's shadow maps (set 0 binding 10).
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
       materialSets * gpu::kMaterialTextureCount + kFramesInFlight},
  };
  auto info = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.maxSets = materialSets + kFramesInFlight;
  info.poolSizeCount = 3;
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &info, nullptr, &pool));
  return pool;
}

std::vector<VkDescriptorSet> allocateSets(const Context& ctx, VkDescriptorPool pool,
                                          VkDescriptorSetLayout layout, uint32_t count) {
  std::vector<VkDescriptorSetLayout> layouts(count, layout);
  std::vector<VkDescriptorSet> sets(count);
  auto info = vkStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  info.descriptorPool = pool;
  info.descriptorSetCount = count;
  info.pSetLayouts = layouts.data();
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &info, sets.data()));
  return sets;
}

void writeFrameSets(const Context& ctx, const std::array<VkBuffer, kFramesInFlight>& frameData,
                    SceneGpu& gpu) {
  for (uint32_t i = 0; i < kFramesInFlight; ++i) {
    const VkDescriptorBufferInfo buffers[] = {
        {frameData[i], 0, sizeof(gpu::FrameData)},
        {gpu.nodes.buffer, 0, VK_WHOLE_SIZE},
        {gpu.materials.buffer, 0, VK_WHOLE_SIZE},
        {gpu.lightBuffer.buffer, 0, VK_WHOLE_SIZE},
        {gpu.morphWeights.buffer, 0, VK_WHOLE_SIZE},
        {gpu.morphTargets.buffer, 0, VK_WHOLE_SIZE},
        {gpu.jointMatrices.buffer, 0, VK_WHOLE_SIZE},
        {gpu.influences.buffer, 0, VK_WHOLE_SIZE},
        {gpu.materialExtensions.buffer, 0, VK_WHOLE_SIZE},
        {gpu.texcoords.buffer, 0, VK_WHOLE_SIZE},
    };
    // pipelines.h, set 0; binding 10 (the shadow maps) is writeShadowBinding's (pass_shadows.h).
    constexpr uint32_t kBindings = 10;
    VkWriteDescriptorSet writes[kBindings];
    for (uint32_t b = 0; b < kBindings; ++b) {
      writes[b] = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      writes[b].dstSet = gpu.frames[i].set;
      writes[b].dstBinding = b;
      writes[b].descriptorCount = 1;
      writes[b].descriptorType =
          b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(ctx.device, kBindings, writes, 0, nullptr);
  }
}

}  // namespace

// The scene image a material slot samples, or -1.
int slotImage(const scene::Scene& scene, const scene::Material& material, int slot) {
  const int image = namedImage(scene, material, slot);
  return image >= 0 && imageUsable(scene.images[image]) ? image : -1;
}

void createSceneSets(const Context& ctx, const PipelineLayouts& layouts,
                     const std::array<VkBuffer, kFramesInFlight>& frameData,
                     const scene::Scene& scene, SceneGpu& gpu) {
  const uint32_t materialSets = uint32_t(scene.materials.size() + 1);
  gpu.pool = createPool(ctx, materialSets);
  const std::vector<VkDescriptorSet> frameSets =
      allocateSets(ctx, gpu.pool, layouts.frame, kFramesInFlight);
  for (uint32_t i = 0; i < kFramesInFlight; ++i) gpu.frames[i].set = frameSets[i];
  gpu.materialSets = allocateSets(ctx, gpu.pool, layouts.material, materialSets);
  writeFrameSets(ctx, frameData, gpu);
  writeMaterialSets(ctx, scene, gpu);
}

void writeMaterialSets(const Context& ctx, const scene::Scene& scene, SceneGpu& gpu) {
  for (size_t m = 0; m < gpu.materialSets.size(); ++m) {
    VkDescriptorImageInfo images[gpu::kMaterialTextureCount];
    VkWriteDescriptorSet writes[gpu::kMaterialTextureCount];
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      VkDescriptorImageInfo& info = images[slot];
      info.imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      info.sampler = gpu.defaultSampler;
      const bool normal = slot == gpu::kSlotNormal || slot == gpu::kSlotClearcoatNormal;
      info.imageView = gpu::isColorSlot(slot) ? gpu.white.srgb
                       : normal               ? gpu.flatNormal.unorm
                                              : gpu.white.unorm;
      // An emissive image still being decoded (LoadOptions::deferImageDecode) emits nothing
      // until it arrives, rather than the whole factor.
      if (slot == gpu::kSlotEmissive && m < scene.materials.size() &&
          arriving(scene, scene.materials[m], slot))
        info.imageView = gpu.black.srgb;
      // The texture decides, not the scene's pixels, which a batch frees once they are staged
      // (Renderer::addImagesReleasing). An image streamed in later has no texture until
      // addSceneImages made it.
      const int image =
          m < scene.materials.size() ? namedImage(scene, scene.materials[m], slot) : -1;
      if (image >= 0 && size_t(image) < gpu.textures.size() && gpu.textures[image].image.image) {
        const Texture& t = gpu.textures[image];
        info.imageView = gpu::isColorSlot(slot) ? t.srgb : t.unorm;
        const int sampler = scene.textures[scene.materials[m].textures[slot]].sampler;
        if (sampler >= 0 && sampler < int(gpu.samplers.size()))
          info.sampler = gpu.samplers[sampler];
      }
      writes[slot] = vkStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      writes[slot].dstSet = gpu.materialSets[m];
      writes[slot].dstBinding = uint32_t(slot);
      writes[slot].descriptorCount = 1;
      writes[slot].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      writes[slot].pImageInfo = &info;
    }
    vkUpdateDescriptorSets(ctx.device, gpu::kMaterialTextureCount, writes, 0, nullptr);
  }
}

}  // namespace vitrine::renderer
