// The Renderer: owns the context and everything created from it, and runs the frame steps
// (wait for the slot, upload, record, submit, present or read back).
#include "renderer.h"

#include <algorithm>

#include <array>
#include <chrono>
#include <cstring>
#include <utility>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "background.h"
#include "context.h"
#include "environment.h"
#include "frames.h"
#include "gpu_timer.h"
#include "pipeline_cache.h"
#include "pipelines.h"
#include "record.h"
#include "resources.h"
#include "scene_gpu.h"
#include "scene_pending.h"
#include "scene_sets.h"
#include "stopwatch.h"
#include "swapchain.h"
#include "swapchain_retirement.h"
#include "targets.h"
#include "uploads.h"
#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// Enough for ImGui's font texture and the images an app shows in its UI.
constexpr uint32_t kOverlayDescriptors = 64;

VkDescriptorPool createOverlayPool(const Context& ctx) {
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kOverlayDescriptors};
  auto info = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  info.maxSets = kOverlayDescriptors;
  info.poolSizeCount = 1;
  info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &info, nullptr, &pool));
  return pool;
}

void beginCommands(VkCommandBuffer cmd) {
  VK_CHECK(vkResetCommandBuffer(cmd, 0));
  auto begin = vkStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
}

class RendererImpl final : public Renderer {
 public:
  bool init(const Options& options, std::string* error) {
    if (!createContext(options, ctx_, error)) return false;
    // The fixed layouts against the device's descriptor limits, before anything uses them.
    if (std::string problem = descriptorLimitProblem(ctx_.properties.limits, meshSetBindings(),
                                                     meshPushConstantBytes());
        !problem.empty()) {
      *error = ctx_.properties.deviceName + std::string(" cannot run the renderer: ") + problem;
      return false;
    }
    cacheDirectory_ = options.cacheDirectory;
    createPipelineCache(ctx_, cacheDirectory_, pipelineCache_);  // before any pipeline
    scene::Stopwatch watch;
    createPipelines(ctx_, pipelines_);
    pipelines_.creationSeconds += watch.lap();
    uploadChunkBytes_ = options.uploadChunkBytes;
    createEnvironmentGpu(ctx_, pipelines_.layouts, nullptr, cacheDirectory_, environment_);
    environmentSeconds_ += watch.lap();
    for (FrameSlot& slot : slots_) createFrameSlot(ctx_, slot);
    gpuTimer_.create(ctx_);
    std::array<VkBuffer, kFramesInFlight> frameData;
    for (uint32_t i = 0; i < kFramesInFlight; ++i) frameData[i] = slots_[i].frameData.buffer;
    createBackgroundPass(ctx_, pipelines_.layouts, frameData, background_);
    if (ctx_.surface) {
      surfaceFormat_ = chooseSurfaceFormat(ctx_);
      overlayPass_ = createOverlayRenderPass(ctx_, surfaceFormat_.format);
      overlayPool_ = createOverlayPool(ctx_);
      surfaceImageCounts(ctx_, &minImageCount_, &imageCount_);
    }
    return true;
  }

  ~RendererImpl() override {
    if (ctx_.device) {
      // Unchecked: after a lost device this fails, and the objects still go.
      vkDeviceWaitIdle(ctx_.device);
      destroyRetired(/*all=*/true);
      uploads_.destroy(ctx_);
      cancelScene();
      destroySceneGpu(ctx_, scene_);
      destroyBuffer(ctx_, imageStaging_);
      destroyEnvironmentGpu(ctx_, environment_);
      destroyBackgroundPass(ctx_, background_);
      destroyOffscreen(ctx_, offscreen_);
      destroySwapchain(ctx_, swapchain_);
      destroyBuffer(ctx_, captureBuffer_);
      if (overlayPass_) vkDestroyRenderPass(ctx_.device, overlayPass_, nullptr);
      if (overlayPool_) vkDestroyDescriptorPool(ctx_.device, overlayPool_, nullptr);
      for (FrameSlot& slot : slots_) destroyFrameSlot(ctx_, slot);
      gpuTimer_.destroy(ctx_);
      destroyPipelines(ctx_, pipelines_);
      if (lastError_.empty()) savePipelineCache(ctx_, pipelineCache_);
      destroyPipelineCache(ctx_, pipelineCache_);
    }
    destroyContext(ctx_);
  }

  SceneResult setScene(const scene::Scene& scene, int sceneIndex) override {
    return upload(scene, sceneIndex, {});
  }

  SceneResult setSceneReleasingImages(scene::Scene& scene, int sceneIndex) override {
    return upload(scene, sceneIndex, releasePixels(scene, /*trim=*/true));
  }

  SceneResult switchScene(const scene::Scene& scene, int sceneIndex) override {
    return upload(scene, sceneIndex, {}, /*keepTextures=*/hasScene_);
  }

  // What the *Releasing calls do with an image once it is staged.
  static std::function<void(size_t)> releasePixels(scene::Scene& scene, bool trim) {
    return [&scene, trim](size_t image) {
      std::vector<uint8_t>().swap(scene.images[image].rgba8);
#ifdef __GLIBC__
      // The pixels were decoded on worker threads, into their malloc arenas (glibc's mmap
      // threshold rises past an image's size once a large block is freed), where a free
      // keeps the pages: give them back to the system now, or none of this lowers the peak.
      // Not while images stream in: the decoders reuse those pages (no fresh ones to fault).
      if (trim) malloc_trim(0);
#endif
    };
  }

  SceneUploadStats lastSceneUploadStats() const override {
    return sceneUploadStats_;
  }

  SceneResult beginScene(const scene::Scene& scene, int sceneIndex) override {
    return begin(scene, sceneIndex, {});
  }
  std::optional<SceneResult> continueScene(const scene::Scene& scene) override {
    return step(scene, /*wait=*/false);
  }
  void cancelScene() override {
    if (!pending_) return;
    destroyPendingSceneGpu(ctx_, *pending_);  // waits for its chunk in flight, if any
    pending_.reset();
  }
  std::optional<double> sceneArriving() const override {
    if (!pending_) return std::nullopt;
    return pending_->chunks ? pending_->chunks->progress() : 1.0;
  }

  size_t addImages(const scene::Scene& scene, SceneResult& result) override {
    return add(scene, result, {});
  }
  size_t addImagesReleasing(scene::Scene& scene, SceneResult& result) override {
    return add(scene, result, releasePixels(scene, /*trim=*/false));
  }

  void finishImages() override {
    destroyBuffer(ctx_, imageStaging_);  // no upload is under way: add() waits for its own
#ifdef __GLIBC__
    // The decoders' pages, kept by the allocator while images streamed (addImagesReleasing),
    // go back to the system.
    malloc_trim(0);
#endif
  }

  size_t add(const scene::Scene& scene, SceneResult& result,
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
    return added;
  }

  // setScene: the steps of beginScene and continueScene, each chunk waited for.
  SceneResult upload(const scene::Scene& scene, int sceneIndex,
                     std::function<void(size_t)> imageStaged, bool keepTextures = false) {
    SceneResult result = begin(scene, sceneIndex, std::move(imageStaged), keepTextures);
    if (!result.shown) return result;
    std::optional<SceneResult> done;
    while (!(done = step(scene, /*wait=*/true))) {
    }
    return *done;
  }

  // keepTextures: the scene shown is of `scene` too; its textures are kept (switchScene).
  SceneResult begin(const scene::Scene& scene, int sceneIndex,
                    std::function<void(size_t)> imageStaged, bool keepTextures = false) {
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
    } catch (const VulkanError& e) {
      return uploadFailed(*next, e);
    }
    SceneResult result = next->result;
    pending_ = std::move(next);
    return result;
  }

  // One step of the pending scene's upload; once it has all arrived, the frames in flight are
  // waited for and it replaces the scene shown.
  std::optional<SceneResult> step(const scene::Scene& scene, bool wait) {
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
    destroySceneGpu(ctx_, scene_);
    destroyBuffer(ctx_, imageStaging_);  // the old scene's images are all in, or not wanted
    scene_ = std::move(next);
    hasScene_ = true;
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

  SceneResult uploadFailed(PendingSceneGpu& pending, const VulkanError& e) {
    vkDeviceWaitIdle(ctx_.device);  // unchecked: the upload may have been submitted
    destroyPendingSceneGpu(ctx_, pending);
    return failed("the scene could not be uploaded", e);
  }

  // A Vulkan failure while uploading, as a refusal saying `what` failed; a lost device stops
  // the renderer.
  SceneResult failed(const char* what, const VulkanError& e) {
    SceneResult result;
    result.shown = false;
    result.error = std::string(what) + ": " + e.what();
    if (e.result() == VK_ERROR_DEVICE_LOST) lastError_ = e.what();
    return result;
  }

  void setMaterialVariant(const scene::Scene& scene, int variant) override {
    // The draws are read when a frame is recorded, never by the GPU: no wait needed.
    if (hasScene_) applyMaterialVariant(scene, variant, scene_);
  }
  uint64_t sceneUploadCount() const override {
    return sceneUploads_;
  }

  // Every node's data and every light instance, for the next frame.
  void updateTransforms(const scene::Scene& scene) override {
    if (!hasScene_) return;
    refreshAllNodes(scene, scene_, uploads_.pending(nodeUploads_));
    refreshAllLights(scene, scene_, uploads_.pending(lightUploads_));
    refreshAllDeform(scene, scene_, uploads_.pending(weightUploads_),
                     uploads_.pending(jointUploads_));
  }

  // Only the changed bytes reach the mirrors and the next frame's copies. Not uploaded here:
  // - Cameras: the app turns the camera into a View, sent as FrameData every frame;
  // - Visibility: decides which draws are skipped (no buffer), and darkens the lights below;
  // - Extras: never rendered;
  // - NodeTransforms: they arrive as the world matrices they changed (worldMatrices).
  void applyChanges(const scene::Scene& scene, const scene::DirtySet& dirty) override {
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
  }

  UploadStats lastUploadStats() const override {
    return uploadStats_;
  }
  DrawStats lastDrawStats() const override {
    return drawStats_;
  }
  double lastGpuMilliseconds() const override {
    return gpuTimer_.lastMilliseconds();
  }
  SetupTimings setupTimings() const override {
    return {uploadSeconds_, pipelines_.creationSeconds + background_.creationSeconds,
            environmentSeconds_};
  }

  void setEnvironment(const scene::EnvironmentImage* image) override {
    const scene::PhaseClock clock(environmentSeconds_);
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    destroyEnvironmentGpu(ctx_, environment_);
    createEnvironmentGpu(ctx_, pipelines_.layouts, image, cacheDirectory_, environment_);
  }
  bool setEnvironmentFromCache(const scene::EnvironmentImage& image) override {
    const scene::PhaseClock clock(environmentSeconds_);
    EnvironmentGpu cached;
    if (!createCachedEnvironmentGpu(ctx_, pipelines_.layouts, image, cacheDirectory_, cached))
      return false;
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    destroyEnvironmentGpu(ctx_, environment_);
    environment_ = cached;
    return true;
  }

  // A failure (device lost, out of memory) returns empty Pixels with lastError() set; nothing
  // is rendered after it.
  Pixels renderOffscreen(const View& view, uint32_t width, uint32_t height) override {
    if (!lastError_.empty()) return Pixels{};
    try {
      return renderOffscreenOrThrow(view, width, height);
    } catch (const VulkanError& e) {
      lastError_ = e.what();
      return Pixels{};
    }
  }

  Pixels renderOffscreenOrThrow(const View& unsafeView, uint32_t width, uint32_t height) {
    bool cameraFinite = true;
    const View view = sanitizedView(unsafeView, &cameraFinite);
    Pixels pixels;
    if (width == 0 || height == 0 || !lastError_.empty()) return pixels;
    const VkExtent2D extent{width, height};
    if (offscreen_.attachments.extent.width != width ||
        offscreen_.attachments.extent.height != height) {
      VK_CHECK(vkDeviceWaitIdle(ctx_.device));
      destroyOffscreen(ctx_, offscreen_);
      offscreen_ = createOffscreen(ctx_, extent);
    }
    FrameSlot& slot = beginSlot(view);
    const VkCommandBuffer cmd = slot.cmd;
    beginCommands(cmd);
    gpuTimer_.begin(cmd, slotIndex_);
    uploadStats_ = recordUploads(cmd);
    FinalImage target;
    target.image = offscreen_.resolved.image;
    target.view = offscreen_.resolved.view;
    target.previousUser = ImageUser::Copy;  // the previous readback
    drawStats_ = recordScene(cmd, ctx_, pipelines_, hasScene_ && cameraFinite ? &scene_ : nullptr,
                             slotIndex_, scene_.nodeData, environment_.set, view,
                             offscreen_.attachments, target, backgroundFor(view));
    recordReadback(cmd, extent);
    gpuTimer_.end(cmd, slotIndex_);
    VK_CHECK(vkEndCommandBuffer(cmd));
    submit(slot, VK_NULL_HANDLE, VK_NULL_HANDLE);
    waitFrameSlot(ctx_, slot);
    gpuTimer_.collect(ctx_, slotIndex_);  // the wait is this path's own: read it now
    savePipelinesIfNew();

    pixels.width = width;
    pixels.height = height;
    pixels.rgba.resize(size_t(width) * height * 4);
    std::memcpy(pixels.rgba.data(), offscreen_.readback.mapped, pixels.rgba.size());
    return pixels;
  }

  FrameStatus drawFrame(const View& view, uint32_t framebufferWidth, uint32_t framebufferHeight,
                        const OverlayFn& overlay) override {
    if (!lastError_.empty()) return FrameStatus::Failed;
    try {
      return drawFrameOrThrow(view, framebufferWidth, framebufferHeight, overlay);
    } catch (const VulkanError& e) {
      // Device lost or out of memory in the frame: reported, and nothing more is drawn (the
      // frame's objects may be in any state). The caller closes the window.
      lastError_ = e.what();
      return FrameStatus::Failed;
    }
  }

  std::string lastError() const override {
    return lastError_;
  }

  PipelineCacheStats pipelineCacheStats() const override {
    PipelineCacheStats s = pipelineCache_.stats;
    s.pipelinesCreated = ctx_.pipelineCreation.created;
    s.cacheHits = ctx_.pipelineCreation.cacheHits;
    s.creationSeconds = ctx_.pipelineCreation.seconds;
    return s;
  }

  SwapchainStats swapchainStats() const override {
    SwapchainStats s = swapchainStats_;
    s.presents = retirement_.presents();
    s.retiredSemaphoresWaiting = retirement_.waitingSemaphores();
    return s;
  }

  FrameStatus drawFrameOrThrow(const View& unsafeView, uint32_t framebufferWidth,
                               uint32_t framebufferHeight, const OverlayFn& overlay) {
    if (!ctx_.surface || framebufferWidth == 0 || framebufferHeight == 0) {
      ++swapchainStats_.zeroExtentSkips;  // minimised: no swapchain of zero extent exists
      return FrameStatus::Skipped;
    }
    bool cameraFinite = true;
    const View view = sanitizedView(unsafeView, &cameraFinite);
    const VkExtent2D wanted{framebufferWidth, framebufferHeight};
    if (!swapchain_.swapchain || swapchainStale_ || swapchain_.requested.width != wanted.width ||
        swapchain_.requested.height != wanted.height) {
      if (!recreateSwapchain(wanted)) {
        ++swapchainStats_.zeroExtentSkips;  // the surface itself is 0x0
        return FrameStatus::Skipped;
      }
    }

    FrameSlot& slot = slots_[nextSlot_];
    waitFrameSlot(ctx_, slot);
    uint32_t imageIndex = 0;
    const VkResult acquired =
        vkAcquireNextImageKHR(ctx_.device, swapchain_.swapchain, UINT64_MAX, slot.imageAvailable,
                              VK_NULL_HANDLE, &imageIndex);
    if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {  // nothing was signalled: try next frame
      swapchainStale_ = true;
      return FrameStatus::Skipped;
    }
    if (acquired == VK_SUBOPTIMAL_KHR) {
      swapchainStale_ = true;  // the image is usable: draw it, recreate afterwards
    } else {
      VK_CHECK(acquired);
    }
    beginSlot(view);
    destroyRetired(/*all=*/false);

    const VkCommandBuffer cmd = slot.cmd;
    beginCommands(cmd);
    gpuTimer_.begin(cmd, slotIndex_);
    uploadStats_ = recordUploads(cmd);
    FinalImage target;
    target.image = swapchain_.images[imageIndex];
    target.view = swapchain_.views[imageIndex];
    target.previousUser = ImageUser::Present;  // the acquire wait
    drawStats_ = recordScene(cmd, ctx_, pipelines_, hasScene_ && cameraFinite ? &scene_ : nullptr,
                             slotIndex_, scene_.nodeData, environment_.set, view,
                             swapchain_.attachments, target, backgroundFor(view));
    auto pass = vkStruct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
    pass.renderPass = overlayPass_;
    pass.framebuffer = swapchain_.framebuffers[imageIndex];
    pass.renderArea = {{0, 0}, swapchain_.extent};
    vkCmdBeginRenderPass(cmd, &pass, VK_SUBPASS_CONTENTS_INLINE);
    if (overlay) overlay(cmd);
    vkCmdEndRenderPass(cmd);
    const bool capturing = captureRequested_ && swapchain_.copyable;
    if (capturing) recordCapture(cmd, target.image);
    gpuTimer_.end(cmd, slotIndex_);
    VK_CHECK(vkEndCommandBuffer(cmd));

    const VkSemaphore finished = swapchain_.renderFinished[imageIndex];
    submit(slot, slot.imageAvailable, finished);
    if (capturing) readCapture(slot);
    auto present = vkStruct<VkPresentInfoKHR>(VK_STRUCTURE_TYPE_PRESENT_INFO_KHR);
    present.waitSemaphoreCount = 1;
    present.pWaitSemaphores = &finished;
    present.swapchainCount = 1;
    present.pSwapchains = &swapchain_.swapchain;
    present.pImageIndices = &imageIndex;
    VkResult presented = injectedFault(ctx_, FaultPoint::Present);
    if (presented == VK_SUCCESS) presented = vkQueuePresentKHR(ctx_.queue, &present);
    retirement_.presented();
    savePipelinesIfNew();
    if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) {
      swapchainStale_ = true;
    } else if (presented != VK_SUCCESS) {
      vkCheckFailed(presented, "vkQueuePresentKHR", __FILE__, __LINE__);
    }
    return FrameStatus::Presented;
  }

  void captureNextFrame() override {
    captureRequested_ = true;
  }
  Pixels takeCapture() override {
    return std::exchange(capture_, Pixels{});
  }

  OverlayInfo overlayInfo() const override {
    OverlayInfo info;
    info.instance = ctx_.instance;
    info.physicalDevice = ctx_.physicalDevice;
    info.device = ctx_.device;
    info.queueFamily = ctx_.queueFamily;
    info.queue = ctx_.queue;
    info.descriptorPool = overlayPool_;
    info.renderPass = overlayPass_;
    info.minImageCount = minImageCount_;
    info.imageCount = swapchain_.images.empty() ? imageCount_ : uint32_t(swapchain_.images.size());
    return info;
  }

  // Never throws: it runs on the way out, also after the device was lost (then recorded).
  void waitIdle() override {
    const VkResult r = vkDeviceWaitIdle(ctx_.device);
    if (r != VK_SUCCESS && lastError_.empty())
      lastError_ = std::string("vkDeviceWaitIdle failed: ") + vkResultName(r);
  }

  void submitOnce(const std::function<void(VkCommandBuffer)>& record) override {
    OneShot once = beginOneShot(ctx_);
    record(once.cmd);
    submitOneShot(ctx_, once);
  }

  std::string deviceName() const override {
    return ctx_.properties.deviceName;
  }
  uint32_t maxImageSize() const override {
    const VkPhysicalDeviceLimits& l = ctx_.properties.limits;
    return std::min({l.maxImageDimension2D, l.maxFramebufferWidth, l.maxFramebufferHeight});
  }

  uint32_t validationMessageCount() const override {
    return ctx_.validationMessages.load();
  }

 private:
  // The background pass when the frame shows the environment behind the scene: the same
  // condition under which frameData() sets FrameData::background.w to kBackgroundEnvironment.
  BackgroundPass* backgroundFor(const View& view) {
    return environment_.enabled && view.background != Background::Color ? &background_ : nullptr;
  }

  // Takes the next frame slot: waits until its previous work is done, then writes its
  // FrameData (the scene's changes are copied by the command buffer: uploads_). The slot's
  // fence is reset here, just before the submission.
  FrameSlot& beginSlot(const View& view) {
    slotIndex_ = nextSlot_;
    nextSlot_ = (nextSlot_ + 1) % kFramesInFlight;
    FrameSlot& slot = slots_[slotIndex_];
    waitFrameSlot(ctx_, slot);
    gpuTimer_.collect(ctx_, slotIndex_);
    const gpu::FrameData data = frameData(view, hasScene_ ? uint32_t(scene_.lights.size()) : 0u,
                                          environment_.enabled ? environment_.maxLod : -1.0f);
    std::memcpy(slot.frameData.mapped, &data, sizeof(data));
    VK_CHECK(vkResetFences(ctx_.device, 1, &slot.fence));
    return slot;
  }

  void submit(const FrameSlot& slot, VkSemaphore wait, VkSemaphore signal) {
    auto cmdInfo =
        vkStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
    cmdInfo.commandBuffer = slot.cmd;
    auto waitInfo = vkStruct<VkSemaphoreSubmitInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO);
    waitInfo.semaphore = wait;
    waitInfo.stageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    auto signalInfo = vkStruct<VkSemaphoreSubmitInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO);
    signalInfo.semaphore = signal;
    signalInfo.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    auto info = vkStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
    info.waitSemaphoreInfoCount = wait ? 1 : 0;
    info.pWaitSemaphoreInfos = &waitInfo;
    info.commandBufferInfoCount = 1;
    info.pCommandBufferInfos = &cmdInfo;
    info.signalSemaphoreInfoCount = signal ? 1 : 0;
    info.pSignalSemaphoreInfos = &signalInfo;
    VkResult submitted = injectedFault(ctx_, FaultPoint::Submit);
    if (submitted == VK_SUCCESS) submitted = vkQueueSubmit2(ctx_.queue, 1, &info, slot.fence);
    if (submitted != VK_SUCCESS) vkCheckFailed(submitted, "vkQueueSubmit2", __FILE__, __LINE__);
  }

  // `image` (colour just written, in `layout`) -> `buffer`, made visible to the host. The image
  // is left in TRANSFER_SRC_OPTIMAL.
  void recordCopyToHost(VkCommandBuffer cmd, VkImage image, VkImageLayout layout, VkExtent2D extent,
                        VkBuffer buffer) {
    transitionImage(cmd, image, {layout, ImageUser::Color},
                    {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Copy});
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = {extent.width, extent.height, 1};
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer, 1, &copy);
    memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  }

  // Resolved image → readback buffer, made visible to the host.
  void recordReadback(VkCommandBuffer cmd, VkExtent2D extent) {
    recordCopyToHost(cmd, offscreen_.resolved.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                     extent, offscreen_.readback.buffer);
  }

  // After the overlay pass: the presentable image -> captureBuffer_, then back to
  // PRESENT_SRC_KHR for the present (which waits on the frame's semaphore, signalled once
  // every command, the copy included, completed).
  void recordCapture(VkCommandBuffer cmd, VkImage image) {
    const VkExtent2D extent = swapchain_.extent;
    const VkDeviceSize size = VkDeviceSize(extent.width) * extent.height * 4;
    if (captureBuffer_.size < size) {
      destroyBuffer(ctx_, captureBuffer_);  // no frame reads it: readCapture() waited
      captureBuffer_ =
          createBuffer(ctx_, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
    }
    recordCopyToHost(cmd, image, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, extent, captureBuffer_.buffer);
    transitionImage(cmd, image, {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ImageUser::Copy},
                    {VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, ImageUser::Present});
    captureExtent_ = extent;
  }

  // Waits for the captured frame, then keeps its pixels as RGBA.
  void readCapture(const FrameSlot& slot) {
    waitFrameSlot(ctx_, slot);
    captureRequested_ = false;
    capture_.width = captureExtent_.width;
    capture_.height = captureExtent_.height;
    capture_.rgba.resize(size_t(capture_.width) * capture_.height * 4);
    std::memcpy(capture_.rgba.data(), captureBuffer_.mapped, capture_.rgba.size());
    const VkFormat f = surfaceFormat_.format;
    if (f == VK_FORMAT_B8G8R8A8_SRGB || f == VK_FORMAT_B8G8R8A8_UNORM) {
      for (size_t i = 0; i < capture_.rgba.size(); i += 4)
        std::swap(capture_.rgba[i], capture_.rgba[i + 2]);
    }
  }

  // Waits for the GPU (resizes are rare), then replaces the swapchain. False when the
  // surface has a zero extent (minimized): nothing to draw into.
  //
  // A present may still wait on the old swapchain's render-finished semaphores after the device
  // is idle (vkDeviceWaitIdle covers queue work, not the presentation engine), and the old
  // swapchain still owns images being presented: both are retired, not destroyed, and go
  // once enough presents of later images have been queued (destroyRetired) or at teardown.
  // The attachments, views and framebuffers no queued work uses go now.
  bool recreateSwapchain(VkExtent2D wanted) {
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    Swapchain old = std::move(swapchain_);
    swapchain_ = Swapchain{};
    const bool created =
        createSwapchain(ctx_, surfaceFormat_, overlayPass_, wanted, old.swapchain, swapchain_);
    if (created) ++swapchainStats_.creations;
    if (old.swapchain) {
      retirement_.retire(old.swapchain, std::move(old.renderFinished), uint32_t(old.images.size()));
      old.swapchain = VK_NULL_HANDLE;
      old.renderFinished.clear();
    }
    destroySwapchain(ctx_, old);
    swapchainStale_ = !created;
    return created;
  }

  // Destroys the retired swapchains and semaphores (recreateSwapchain) no present can still
  // wait on (SwapchainRetirement); `all`: at teardown, after the device is idle.
  void destroyRetired(bool all) {
    const std::vector<SwapchainRetirement::Retired> done =
        all ? retirement_.takeAll() : retirement_.takeSafe(uint32_t(swapchain_.images.size()));
    for (const SwapchainRetirement::Retired& r : done) {
      for (VkSemaphore sem : r.semaphores) vkDestroySemaphore(ctx_.device, sem, nullptr);
      vkDestroySwapchainKHR(ctx_.device, r.swapchain, nullptr);
      swapchainStats_.retiredSemaphoresDestroyed += uint32_t(r.semaphores.size());
    }
  }

  // After a frame that compiled pipelines (those of a new scene, mostly): the pipeline cache
  // file gets them now, not only at exit, so a viewer that is killed still leaves them.
  void savePipelinesIfNew() {
    if (ctx_.pipelineCreation.created == pipelinesSaved_) return;
    pipelinesSaved_ = ctx_.pipelineCreation.created;
    savePipelineCache(ctx_, pipelineCache_);
  }

  // The frame's copies of the scene's changes, with the joint matrix time of the applyChanges()
  // calls since the previous frame.
  UploadStats recordUploads(VkCommandBuffer cmd) {
    UploadStats stats = uploads_.record(ctx_, slotIndex_, cmd);
    stats.jointSeconds = jointSeconds_;
    jointSeconds_ = 0.0;
    return stats;
  }

  Context ctx_;
  PipelineCache pipelineCache_;
  uint32_t pipelinesSaved_ = 0;  // pipelines created when the cache was last saved
  Pipelines pipelines_;
  std::array<FrameSlot, kFramesInFlight> slots_;
  uint32_t nextSlot_ = 0;
  uint32_t slotIndex_ = 0;  // the slot being recorded

  SceneGpu scene_;
  std::unique_ptr<PendingSceneGpu> pending_;  // beginScene's, until it replaces scene_
  uint64_t sceneUploads_ = 0;                 // setScene calls (sceneUploadCount)
  VkDeviceSize uploadChunkBytes_ = 0;
  // addImages' staging buffer, kept from one call to the next while a scene's images arrive.
  Buffer imageStaging_;
  SceneUploadStats sceneUploadStats_;  // of the last scene shown
  bool hasScene_ = false;
  // The scene's changes, copied at the start of each frame, and its destinations.
  UploadQueue uploads_;
  uint32_t materialUploads_ = 0, extensionUploads_ = 0, nodeUploads_ = 0, lightUploads_ = 0;
  uint32_t weightUploads_ = 0, jointUploads_ = 0;
  double jointSeconds_ = 0.0;
  double uploadSeconds_ = 0.0, environmentSeconds_ = 0.0;  // setupTimings()
  UploadStats uploadStats_;                                // of the last frame recorded
  DrawStats drawStats_;                                    // of the last frame recorded
  GpuTimer gpuTimer_;

  EnvironmentGpu environment_;
  BackgroundPass background_;
  std::string cacheDirectory_;

  Offscreen offscreen_;

  VkSurfaceFormatKHR surfaceFormat_{};
  VkRenderPass overlayPass_ = VK_NULL_HANDLE;
  VkDescriptorPool overlayPool_ = VK_NULL_HANDLE;
  uint32_t minImageCount_ = 2;
  uint32_t imageCount_ = 2;
  Swapchain swapchain_;
  bool swapchainStale_ = false;
  // Replaced swapchains and their render-finished semaphores (destroyRetired).
  SwapchainRetirement retirement_{kFramesInFlight};
  SwapchainStats swapchainStats_;
  // Set when a frame failed (device lost, out of memory): lastError().
  std::string lastError_;
  // Frame capture (captureNextFrame): the copy of the presented image, kept mapped.
  bool captureRequested_ = false;
  Buffer captureBuffer_;
  VkExtent2D captureExtent_{0, 0};
  Pixels capture_;
};

}  // namespace

std::unique_ptr<Renderer> Renderer::create(const Options& options, std::string* error) {
  auto renderer = std::make_unique<RendererImpl>();
  std::string message;
  if (!renderer->init(options, &message)) {
    if (error) *error = message;
    return nullptr;
  }
  return renderer;
}

}  // namespace vitrine::renderer
