// The Renderer's scene: uploaded whole or in steps while the previous one is drawn, images
// added as they decode, material variants, and the animated changes copied with each frame.
#include "renderer_impl.h"

#include <chrono>
#include <utility>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "scene_sets.h"
#include "stopwatch.h"

namespace vitrine::renderer {

SceneResult RendererImpl::setScene(const scene::Scene& scene, int sceneIndex) {
  return upload(scene, sceneIndex, {});
}

SceneResult RendererImpl::setSceneReleasingImages(scene::Scene& scene, int sceneIndex) {
  return upload(scene, sceneIndex, releasePixels(scene, /*trim=*/true));
}

SceneResult RendererImpl::switchScene(const scene::Scene& scene, int sceneIndex) {
  return upload(scene, sceneIndex, {}, /*keepTextures=*/hasScene_);
}

std::function<void(size_t)> RendererImpl::releasePixels(scene::Scene& scene, bool trim) {
  return [&scene, trim](size_t image) {
    std::vector<uint8_t>().swap(scene.images[image].rgba8);
    std::vector<std::vector<uint8_t>>().swap(scene.images[image].mips);
#ifdef __GLIBC__
    // The pixels were decoded on worker threads, into their malloc arenas (glibc's mmap
    // threshold rises past an image's size once a large block is freed), where a free
    // keeps the pages: give them back to the system now, or none of this lowers the peak.
    // Not while images stream in: the decoders reuse those pages (no fresh ones to fault).
    if (trim) malloc_trim(0);
#endif
  };
}

SceneUploadStats RendererImpl::lastSceneUploadStats() const {
  return sceneUploadStats_;
}

SceneResult RendererImpl::beginScene(const scene::Scene& scene, int sceneIndex) {
  return begin(scene, sceneIndex, {});
}

std::optional<SceneResult> RendererImpl::continueScene(const scene::Scene& scene) {
  return step(scene, /*wait=*/false);
}

void RendererImpl::cancelScene() {
  if (!pending_) return;
  destroyPendingSceneGpu(ctx_, *pending_);  // waits for its chunk in flight, if any
  pending_.reset();
}

std::optional<double> RendererImpl::sceneArriving() const {
  if (!pending_) return std::nullopt;
  return pending_->chunks ? pending_->chunks->progress() : 1.0;
}

size_t RendererImpl::addImages(const scene::Scene& scene, SceneResult& result) {
  return add(scene, result, {});
}

size_t RendererImpl::addImagesReleasing(scene::Scene& scene, SceneResult& result) {
  return add(scene, result, releasePixels(scene, /*trim=*/false));
}

void RendererImpl::finishImages() {
  destroyBuffer(ctx_, imageStaging_);  // no upload is under way: add() waits for its own
#ifdef __GLIBC__
  // The decoders' pages, kept by the allocator while images streamed (addImagesReleasing),
  // go back to the system.
  malloc_trim(0);
#endif
}

size_t RendererImpl::add(const scene::Scene& scene, SceneResult& result,
                         const std::function<void(size_t)>& imageStaged) {
  if (!hasScene_ || !lastError_.empty()) return 0;
  const scene::PhaseClock clock(uploadSeconds_);
  size_t added = 0;
  try {
    added = addSceneImages(ctx_, scene, {uploadChunkBytes_, imageStaged, &imageStaging_}, scene_,
                           result.warnings);
    if (added == 0) return 0;
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));  // frames in flight still read the sets
  } catch (const VulkanError& e) {
    result = failed("the images could not be uploaded", e);
    return 0;
  }
  writeMaterialSets(ctx_, scene, scene_);
  shadows_.dirty = true;  // a masked caster's texture cuts its shadow now
  return added;
}

SceneResult RendererImpl::upload(const scene::Scene& scene, int sceneIndex,
                                 std::function<void(size_t)> imageStaged, bool keepTextures) {
  SceneResult result = begin(scene, sceneIndex, std::move(imageStaged), keepTextures);
  if (!result.shown) return result;
  std::optional<SceneResult> done;
  while (!(done = step(scene, /*wait=*/true))) {
  }
  return *done;
}

SceneResult RendererImpl::begin(const scene::Scene& scene, int sceneIndex,
                                std::function<void(size_t)> imageStaged, bool keepTextures) {
  cancelScene();  // a scene still arriving gives way to this one
  if (!lastError_.empty()) {
    SceneResult result;
    result.shown = false;
    result.error = "the renderer stopped after an earlier error: " + lastError_;
    return result;
  }
  const scene::PhaseClock clock(uploadSeconds_);
  // The new scene is created beside the one shown, which stays when the new one is refused
  // or runs out of memory.
  auto next = std::make_unique<PendingSceneGpu>();
  std::array<VkBuffer, kFramesInFlight> frameData;
  for (uint32_t i = 0; i < kFramesInFlight; ++i) frameData[i] = slots_[i].frameData.buffer;
  try {
    SceneUpload options{uploadChunkBytes_, std::move(imageStaged)};
    if (keepTextures) options.keepTexturesOf = &scene_;
    if (!beginSceneGpu(ctx_, pipelines_.layouts, frameData, scene, sceneIndex, options, *next)) {
      SceneResult refused = std::move(next->result);
      destroyPendingSceneGpu(ctx_, *next);
      return refused;
    }
    writeShadowBinding(ctx_, shadows_, next->gpu);
  } catch (const VulkanError& e) {
    return uploadFailed(*next, e);
  }
  SceneResult result = next->result;
  pending_ = std::move(next);
  return result;
}

std::optional<SceneResult> RendererImpl::step(const scene::Scene& scene, bool wait) {
  if (!pending_) {
    SceneResult none;
    none.shown = false;
    none.error = "no scene is being uploaded";
    return none;
  }
  const scene::PhaseClock clock(uploadSeconds_);
  try {
    if (!continueSceneGpu(scene, *pending_, wait)) return std::nullopt;
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));  // frames in flight still read the old scene
  } catch (const VulkanError& e) {
    const std::unique_ptr<PendingSceneGpu> failed = std::move(pending_);
    return uploadFailed(*failed, e);
  }
  const std::unique_ptr<PendingSceneGpu> arrived = std::move(pending_);
  SceneGpu next = std::move(arrived->gpu);
  SceneResult result = std::move(arrived->result);
  uploads_.clearDestinations();
  takeKeptTextures(*arrived, scene_);
  destroyUiViews(ctx_, uiImages_);
  destroySceneGpu(ctx_, scene_);
  destroyBuffer(ctx_, imageStaging_);  // the old scene's images are all in, or not wanted
  scene_ = std::move(next);
  hasScene_ = true;
  sceneIndex_ = arrived->sceneIndex;
  shadowBounds_ = scene::Bounds{};
  shadowsChanged(scene, /*grow=*/true);
  sceneUploadStats_ = {scene_.stagingBytes, scene_.stagingChunks};
  ++sceneUploads_;
  // Both shader stages: which stage reads which array is the shaders' business.
  UploadDestination d;
  d.readStages = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
  d.readAccess = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
  d.buffer = scene_.materials.buffer;
  d.mirror = scene_.materialData.data();
  d.size = uint32_t(scene_.materialData.size() * sizeof(gpu::MaterialData));
  materialUploads_ = uploads_.addDestination(d);
  d.buffer = scene_.materialExtensions.buffer;
  d.mirror = scene_.materialExtensionData.data();
  d.size = uint32_t(scene_.materialExtensionData.size() * sizeof(gpu::MaterialExtensionData));
  extensionUploads_ = uploads_.addDestination(d);
  d.buffer = scene_.nodes.buffer;
  d.mirror = scene_.nodeData.data();
  d.size = uint32_t(scene_.nodeData.size() * sizeof(gpu::NodeData));
  nodeUploads_ = uploads_.addDestination(d);
  d.buffer = scene_.lightBuffer.buffer;
  d.mirror = scene_.lightData.data();
  d.size = uint32_t(scene_.lightData.size() * sizeof(gpu::LightData));
  lightUploads_ = uploads_.addDestination(d);
  // Read by mesh.vert only.
  d.readStages = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT;
  d.buffer = scene_.morphWeights.buffer;
  d.mirror = scene_.weightData.data();
  d.size = uint32_t(scene_.weightData.size() * sizeof(float));
  weightUploads_ = uploads_.addDestination(d);
  d.buffer = scene_.jointMatrices.buffer;
  d.mirror = scene_.joints.matrices().data();
  d.size = uint32_t(scene_.joints.count() * sizeof(glm::mat4));
  jointUploads_ = uploads_.addDestination(d);
  return result;
}

SceneResult RendererImpl::uploadFailed(PendingSceneGpu& pending, const VulkanError& e) {
  vkDeviceWaitIdle(ctx_.device);  // unchecked: the upload may have been submitted
  destroyPendingSceneGpu(ctx_, pending);
  return failed("the scene could not be uploaded", e);
}

SceneResult RendererImpl::failed(const char* what, const VulkanError& e) {
  SceneResult result;
  result.shown = false;
  result.error = std::string(what) + ": " + e.what();
  if (e.result() == VK_ERROR_DEVICE_LOST) lastError_ = e.what();
  return result;
}

void RendererImpl::setMaterialVariant(const scene::Scene& scene, int variant) {
  // The draws are read when a frame is recorded, never by the GPU: no wait needed.
  if (hasScene_) applyMaterialVariant(scene, variant, scene_);
  shadows_.dirty = true;  // another material may cut its shadow out, or cast none
}

uint64_t RendererImpl::sceneUploadCount() const {
  return sceneUploads_;
}

void RendererImpl::updateTransforms(const scene::Scene& scene) {
  if (!hasScene_) return;
  refreshAllNodes(scene, scene_, uploads_.pending(nodeUploads_));
  refreshAllLights(scene, scene_, uploads_.pending(lightUploads_));
  refreshAllDeform(scene, scene_, uploads_.pending(weightUploads_),
                   uploads_.pending(jointUploads_));
  shadowsChanged(scene, shadowsWanted_);
}

void RendererImpl::applyChanges(const scene::Scene& scene, const scene::DirtySet& dirty) {
  if (!hasScene_ || dirty.empty()) return;
  refreshMaterials(scene, dirty[scene::Region::Materials], scene_,
                   uploads_.pending(materialUploads_));
  refreshMaterialExtensions(scene, dirty[scene::Region::MaterialExtensions], scene_,
                            uploads_.pending(extensionUploads_));
  refreshNodes(scene, dirty.worldMatrices, scene_, uploads_.pending(nodeUploads_));
  refreshLights(scene, dirty[scene::Region::Lights], dirty.worldMatrices, scene_,
                uploads_.pending(lightUploads_));
  if (!dirty[scene::Region::Visibility].empty())
    refreshVisibility(scene, scene_, uploads_.pending(lightUploads_));
  refreshMorphWeights(scene, dirty[scene::Region::MorphWeights], scene_,
                      uploads_.pending(weightUploads_));
  const auto jointsStart = std::chrono::steady_clock::now();
  refreshJoints(scene, dirty.worldMatrices, scene_, uploads_.pending(jointUploads_));
  jointSeconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - jointsStart).count();
  // What a shadow map shows: casters (their matrices, deformation, visibility, materials) and
  // lights. Cameras and extras do not change it.
  const bool moved = !dirty.worldMatrices.empty() || !dirty[scene::Region::MorphWeights].empty();
  if (moved || !dirty[scene::Region::Lights].empty() || !dirty[scene::Region::Visibility].empty() ||
      !dirty[scene::Region::Materials].empty())
    shadowsChanged(scene, moved && shadowsWanted_);
}

}  // namespace vitrine::renderer
