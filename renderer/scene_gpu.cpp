// Creation and destruction of a SceneGpu: which images are sampled, the staging upload
// (scene_staging.h), buffers and textures, samplers, descriptor sets (scene_sets.h) and draws
// (scene_draws.h). The per-frame mirrors and their refresh: scene_mirrors.h.
#include "scene_gpu.h"

#include <vector>

#include "scene_draws.h"
#include "scene_mirrors.h"
#include "scene_sets.h"
#include "scene_staging.h"

namespace vitrine::renderer {

void createSceneGpu(const Context& ctx, const PipelineLayouts& layouts,
                    const std::array<VkBuffer, kFramesInFlight>& frameData,
                    const scene::Scene& scene, int sceneIndex, SceneGpu& gpu) {
  // Which images are sampled, and through which views.
  std::vector<bool> srgb(scene.images.size(), false), unorm(scene.images.size(), false);
  for (const scene::Material& m : scene.materials) {
    for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
      const int image = slotImage(scene, m, slot);
      if (image >= 0) (gpu::isColorSlot(slot) ? srgb : unorm)[image] = true;
    }
  }
  std::vector<bool> upload(scene.images.size());
  for (size_t i = 0; i < upload.size(); ++i) upload[i] = srgb[i] || unorm[i];

  initMirrors(scene, sceneIndex, gpu);
  initDeformMirrors(scene, gpu);
  const StagingLayout s = layoutStaging(
      scene, upload, gpu, ctx.properties.limits.maxStorageBufferRange, gpu.streamOffsets);
  Buffer staging = createBuffer(ctx, s.total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  writeStaging(scene, s, gpu.streamOffsets, upload, static_cast<uint8_t*>(staging.mapped));
  writeMirrors(s, gpu, static_cast<uint8_t*>(staging.mapped));

  const VkMemoryPropertyFlags local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  const VkBufferUsageFlags dst = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (s.vertexCount > 0) {
    gpu.vertices = createBuffer(ctx, s.vertexBytes, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | dst, local);
    gpu.indices = createBuffer(ctx, s.indexBytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT | dst, local);
  }
  // Materials, nodes and lights are then updated by per-frame copies (uploads.h).
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | dst;
  gpu.materials = createBuffer(ctx, s.materialBytes, storage, local);
  gpu.materialExtensions = createBuffer(ctx, s.extensionBytes, storage, local);
  gpu.nodes = createBuffer(ctx, gpu.nodeData.size() * sizeof(gpu::NodeData), storage, local);
  gpu.lightBuffer =
      createBuffer(ctx, gpu.lightData.size() * sizeof(gpu::LightData), storage, local);
  gpu.influences = createBuffer(ctx, s.influenceBytes, storage, local);
  gpu.morphTargets = createBuffer(ctx, s.targetBytes, storage, local);
  gpu.morphWeights = createBuffer(ctx, s.weightBytes, storage, local);
  gpu.jointMatrices = createBuffer(ctx, s.jointBytes, storage, local);
  gpu.texcoords = createBuffer(ctx, s.texcoordBytes, storage, local);
  gpu.white = createTexture(ctx, 1, 1, true, true);
  gpu.flatNormal = createTexture(ctx, 1, 1, false, true);
  gpu.textures.resize(scene.images.size());
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i])
      gpu.textures[i] =
          createTexture(ctx, scene.images[i].width, scene.images[i].height, srgb[i], unorm[i]);

  OneShot oneShot = beginOneShot(ctx);
  copyRegion(oneShot.cmd, staging.buffer, s.vertices, gpu.vertices);
  copyRegion(oneShot.cmd, staging.buffer, s.indices, gpu.indices);
  copyRegion(oneShot.cmd, staging.buffer, s.materials, gpu.materials);
  copyRegion(oneShot.cmd, staging.buffer, s.extensions, gpu.materialExtensions);
  copyRegion(oneShot.cmd, staging.buffer, s.nodes, gpu.nodes);
  copyRegion(oneShot.cmd, staging.buffer, s.lights, gpu.lightBuffer);
  copyRegion(oneShot.cmd, staging.buffer, s.influences, gpu.influences);
  copyRegion(oneShot.cmd, staging.buffer, s.targets, gpu.morphTargets);
  copyRegion(oneShot.cmd, staging.buffer, s.weights, gpu.morphWeights);
  copyRegion(oneShot.cmd, staging.buffer, s.joints, gpu.jointMatrices);
  copyRegion(oneShot.cmd, staging.buffer, s.texcoords, gpu.texcoords);
  memoryBarrier(oneShot.cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
                    VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
  recordTextureUpload(oneShot.cmd, gpu.white, staging.buffer, s.white);
  recordTextureUpload(oneShot.cmd, gpu.flatNormal, staging.buffer, s.flatNormal);
  for (size_t i = 0; i < scene.images.size(); ++i)
    if (upload[i]) recordTextureUpload(oneShot.cmd, gpu.textures[i], staging.buffer, s.images[i]);
  submitOneShot(ctx, oneShot);
  destroyBuffer(ctx, staging);

  for (const scene::Sampler& sampler : scene.samplers)
    gpu.samplers.push_back(createSampler(ctx, sampler));
  gpu.defaultSampler = createSampler(ctx, scene::Sampler{});

  createSceneSets(ctx, layouts, frameData, scene, gpu);

  buildDraws(scene, sceneIndex, s, gpu);
}

void destroySceneGpu(const Context& ctx, SceneGpu& gpu) {
  if (gpu.pool) vkDestroyDescriptorPool(ctx.device, gpu.pool, nullptr);  // frees the sets
  for (VkSampler sampler : gpu.samplers) vkDestroySampler(ctx.device, sampler, nullptr);
  if (gpu.defaultSampler) vkDestroySampler(ctx.device, gpu.defaultSampler, nullptr);
  for (Texture& t : gpu.textures) destroyTexture(ctx, t);
  destroyTexture(ctx, gpu.white);
  destroyTexture(ctx, gpu.flatNormal);
  destroyBuffer(ctx, gpu.vertices);
  destroyBuffer(ctx, gpu.indices);
  destroyBuffer(ctx, gpu.materials);
  destroyBuffer(ctx, gpu.materialExtensions);
  destroyBuffer(ctx, gpu.nodes);
  destroyBuffer(ctx, gpu.lightBuffer);
  destroyBuffer(ctx, gpu.influences);
  destroyBuffer(ctx, gpu.morphTargets);
  destroyBuffer(ctx, gpu.morphWeights);
  destroyBuffer(ctx, gpu.jointMatrices);
  destroyBuffer(ctx, gpu.texcoords);
  gpu = SceneGpu{};
}

}  // namespace vitrine::renderer
