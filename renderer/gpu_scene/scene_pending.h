// A scene uploaded in steps beside the one shown (Renderer::beginScene, issue 16): what
// createSceneGpu used to do at once, with its chunked upload (scene_upload.h) spread over
// calls, so the window keeps drawing the old scene while the new one arrives. Internal to the
// renderer.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "scene_gpu.h"
#include "scene_staging.h"
#include "scene_upload.h"

namespace vitrine::renderer {

struct PendingSceneGpu {
  SceneGpu gpu;
  int sceneIndex = 0;
  StagingLayout layout;
  std::vector<bool> upload;  // per scene image: sampled by a material, so uploaded
  StagingScratch scratch;
  size_t nextImage = 0;  // the first uploaded image not yet wholly staged
  SceneUpload options;
  std::unique_ptr<ChunkedUpload> chunks;
  SceneResult result;  // beginSceneGpu's verdict and warnings
  // Per scene image: gpu.textures[i] is the shown scene's (SceneUpload::keepTexturesOf), not
  // this one's to destroy until it takes that scene's place (takeKeptTextures).
  std::vector<bool> keptTextures;
};

// Checks `scene` against the device's limits (Context::properties.limits, maxAllocationSize,
// deviceLocalHeap): false with pending.result.error set, no Vulkan object created, when a
// storage buffer, a buffer or the whole upload does not fit; images larger than
// maxImageDimension2D are downscaled and nodes whose world matrix is not finite hidden, each
// with a warning in pending.result.warnings. Then creates the buffers, textures, samplers and
// descriptor sets and plans the upload through one staging buffer of at most upload.chunkBytes.
// frameData[i] is the FrameData buffer of slot i. A failing Vulkan call (out of memory) throws
// VulkanError; `pending` then holds what was created, for destroyPendingSceneGpu.
[[nodiscard]] bool beginSceneGpu(const Context& ctx, const PipelineLayouts& layouts,
                                 const std::array<VkBuffer, kFramesInFlight>& frameData,
                                 const scene::Scene& scene, int sceneIndex,
                                 const SceneUpload& upload, PendingSceneGpu& pending);
// One step of the upload (ChunkedUpload::step: with `wait`, blocks on the chunk in flight).
// True once every chunk has reached the device and the draws of scene.scenes[sceneIndex] are
// built: pending.gpu is then complete. `scene` is the one begun, alive and unchanged since.
// Throws VulkanError as beginSceneGpu does.
[[nodiscard]] bool continueSceneGpu(const scene::Scene& scene, PendingSceneGpu& pending, bool wait);
// The images of `scene` (the one gpu was made from) that its materials sample, that have
// their pixels now and no texture in gpu yet: images streamed in after their scene
// (LoadOptions::deferImageDecode, issue 16). Creates their textures and uploads them through a
// staging buffer of at most upload.chunkBytes, waiting for each chunk, telling
// upload.imageStaged (when set) each image whose pixels are all staged; returns how many.
// Downscaled images add a warning each. The material sets still show the placeholders:
// writeMaterialSets (scene_sets.h) once no frame in flight uses them. A failing Vulkan call throws
// VulkanError; the textures made so far stay in gpu, for destroySceneGpu.
size_t addSceneImages(const Context& ctx, const scene::Scene& scene, const SceneUpload& upload,
                      SceneGpu& gpu, std::vector<std::string>& warnings);

// Waits for a chunk in flight and destroys everything the pending scene created (not the
// textures it kept).
void destroyPendingSceneGpu(const Context& ctx, PendingSceneGpu& pending);
// The pending scene, complete, is about to replace `shown` (the one whose textures it kept):
// `shown` forgets them, so that destroying it leaves them to the new scene.
void takeKeptTextures(const PendingSceneGpu& pending, SceneGpu& shown);

}  // namespace vitrine::renderer
