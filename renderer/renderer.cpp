// The Renderer: creates the context and everything made from it, tears it down, and holds the
// frame slot's steps both outputs share (wait for the slot, upload, submit). The frame itself is
// recorded pass by pass (renderer.h), the scene managed in renderer_scene.cpp.
#include "renderer_impl.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "pass_ui.h"
#include "stopwatch.h"
#include "vk_struct.h"

namespace vitrine::renderer {

void beginCommands(VkCommandBuffer cmd) {
  VK_CHECK(vkResetCommandBuffer(cmd, 0));
  auto begin = vkStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
}

bool RendererImpl::init(const Options& options, std::string* error) {
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
  shadowMapSize_ = std::max(options.shadowMapSize, 16u);
  createShadowMaps(ctx_, pipelines_, 1, shadows_);  // resized when a frame first shadows
  createEnvironmentGpu(ctx_, pipelines_.layouts, nullptr, cacheDirectory_, environment_);
  environmentSeconds_ += watch.lap();
  for (FrameSlot& slot : slots_) createFrameSlot(ctx_, slot);
  gpuTimer_.create(ctx_);
  std::array<VkBuffer, kFramesInFlight> frameData;
  for (uint32_t i = 0; i < kFramesInFlight; ++i) frameData[i] = slots_[i].frameData.buffer;
  createBackgroundPass(ctx_, pipelines_.layouts, frameData, background_);
  writeShadowBinding(ctx_, shadows_, background_.frameSets);
  createSplatPass(ctx_, splatPass_);
  if (ctx_.surface) {
    surfaceFormat_ = chooseSurfaceFormat(ctx_);
    overlayPass_ = createOverlayRenderPass(ctx_, surfaceFormat_.format);
    overlayPool_ = createUiDescriptorPool(ctx_);
    surfaceImageCounts(ctx_, &minImageCount_, &imageCount_);
  }
  return true;
}

RendererImpl::~RendererImpl() {
  if (ctx_.device) {
    // Unchecked: after a lost device this fails, and the objects still go.
    vkDeviceWaitIdle(ctx_.device);
    destroyRetired(/*all=*/true);
    uploads_.destroy(ctx_);
    cancelScene();
    destroyUiImageViews(ctx_, uiImages_);
    destroySceneGpu(ctx_, scene_);
    destroyBuffer(ctx_, imageStaging_);
    destroyEnvironmentGpu(ctx_, environment_);
    destroyShadowMaps(ctx_, shadows_);
    destroyBackgroundPass(ctx_, background_);
    destroySplatPass(ctx_, splatPass_);
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

UploadStats RendererImpl::lastUploadStats() const {
  return uploadStats_;
}

DrawStats RendererImpl::lastDrawStats() const {
  return drawStats_;
}

double RendererImpl::lastGpuMilliseconds() const {
  return gpuTimer_.lastMilliseconds();
}

SetupTimings RendererImpl::setupTimings() const {
  return {uploadSeconds_, pipelines_.creationSeconds + background_.creationSeconds,
          environmentSeconds_};
}

void RendererImpl::setEnvironment(const scene::EnvironmentImage* image) {
  const scene::PhaseClock clock(environmentSeconds_);
  VK_CHECK(vkDeviceWaitIdle(ctx_.device));
  destroyEnvironmentGpu(ctx_, environment_);
  createEnvironmentGpu(ctx_, pipelines_.layouts, image, cacheDirectory_, environment_);
}

bool RendererImpl::setEnvironmentFromCache(const scene::EnvironmentImage& image) {
  const scene::PhaseClock clock(environmentSeconds_);
  EnvironmentGpu cached;
  if (!createCachedEnvironmentGpu(ctx_, pipelines_.layouts, image, cacheDirectory_, cached))
    return false;
  VK_CHECK(vkDeviceWaitIdle(ctx_.device));
  destroyEnvironmentGpu(ctx_, environment_);
  environment_ = cached;
  return true;
}

std::string RendererImpl::lastError() const {
  return lastError_;
}

PipelineCacheStats RendererImpl::pipelineCacheStats() const {
  PipelineCacheStats s = pipelineCache_.stats;
  s.pipelinesCreated = ctx_.pipelineCreation.created;
  s.cacheHits = ctx_.pipelineCreation.cacheHits;
  s.creationSeconds = ctx_.pipelineCreation.seconds;
  return s;
}

void RendererImpl::waitIdle() {
  const VkResult r = vkDeviceWaitIdle(ctx_.device);
  if (r != VK_SUCCESS && lastError_.empty())
    lastError_ = std::string("vkDeviceWaitIdle failed: ") + vkResultName(r);
}

void RendererImpl::submitOnce(const std::function<void(VkCommandBuffer)>& record) {
  OneShot once = beginOneShot(ctx_);
  record(once.cmd);
  submitOneShot(ctx_, once);
}

std::string RendererImpl::deviceName() const {
  return ctx_.properties.deviceName;
}

uint32_t RendererImpl::maxImageSize() const {
  const VkPhysicalDeviceLimits& l = ctx_.properties.limits;
  return std::min({l.maxImageDimension2D, l.maxFramebufferWidth, l.maxFramebufferHeight});
}

uint32_t RendererImpl::validationMessageCount() const {
  return ctx_.validationMessages.load();
}

BackgroundPass* RendererImpl::backgroundFor(const View& view) {
  // The ground is drawn by the background pass: a solid-colour background too then.
  const bool ground = view.ground.enabled && view.channel == gpu::kChannelShaded;
  return environment_.enabled && (view.background != Background::Color || ground) ? &background_
                                                                                  : nullptr;
}

FrameSlot& RendererImpl::beginSlot(const View& view) {
  slotIndex_ = nextSlot_;
  nextSlot_ = (nextSlot_ + 1) % kFramesInFlight;
  FrameSlot& slot = slots_[slotIndex_];
  waitFrameSlot(ctx_, slot);
  gpuTimer_.collect(ctx_, slotIndex_);
  gpu::FrameData data = frameData(view, hasScene_ ? uint32_t(scene_.lights.size()) : 0u,
                                  environment_.enabled ? environment_.maxLod : -1.0f);
  prepareShadows(view, data);
  std::memcpy(slot.frameData.mapped, &data, sizeof(data));
  VK_CHECK(vkResetFences(ctx_.device, 1, &slot.fence));
  return slot;
}

void RendererImpl::submit(const FrameSlot& slot, VkSemaphore wait, VkSemaphore signal) {
  auto cmdInfo = vkStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
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

void RendererImpl::savePipelinesIfNew() {
  if (ctx_.pipelineCreation.created == pipelinesSaved_) return;
  pipelinesSaved_ = ctx_.pipelineCreation.created;
  savePipelineCache(ctx_, pipelineCache_);
}

UploadStats RendererImpl::recordUploads(VkCommandBuffer cmd) {
  UploadStats stats = uploads_.record(ctx_, slotIndex_, cmd);
  stats.jointSeconds = jointSeconds_;
  jointSeconds_ = 0.0;
  return stats;
}

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
