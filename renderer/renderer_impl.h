// The Renderer's implementation, one class whose members are defined by concern: renderer.cpp
// (creation, teardown, the frame slot's steps shared by both outputs, statistics),
// renderer_scene.cpp (scenes arriving, changes applied), pass_readback.cpp (off-screen frames
// and their readback), frame_window.cpp (the window's frame, its swapchain and present). The
// passes a frame records are files of their own (renderer.h lists them).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "background.h"
#include "context.h"
#include "environment.h"
#include "frames.h"
#include "gpu_timer.h"
#include "pipeline_cache.h"
#include "pass_shadows.h"
#include "pass_splats.h"
#include "pipelines.h"
#include "renderer.h"
#include "resources.h"
#include "scene_gpu.h"
#include "scene_pending.h"
#include "splat_tiles.h"
#include "splat_view.h"
#include "swapchain.h"
#include "swapchain_retirement.h"
#include "targets.h"
#include "ui_images.h"
#include "uploads.h"
#include "vk_check.h"

namespace vitrine::renderer {

// Resets and begins `cmd` for one submission.
void beginCommands(VkCommandBuffer cmd);

class RendererImpl final : public Renderer {
 public:
  bool init(const Options& options, std::string* error);
  ~RendererImpl() override;
  SceneResult setScene(const scene::Scene& scene, int sceneIndex) override;
  SceneResult setSceneReleasingImages(scene::Scene& scene, int sceneIndex) override;
  SceneResult switchScene(const scene::Scene& scene, int sceneIndex) override;
  // What the *Releasing calls do with an image once it is staged.
  static std::function<void(size_t)> releasePixels(scene::Scene& scene, bool trim);
  SceneUploadStats lastSceneUploadStats() const override;
  SceneResult beginScene(const scene::Scene& scene, int sceneIndex) override;
  std::optional<SceneResult> continueScene(const scene::Scene& scene) override;
  void cancelScene() override;
  std::optional<double> sceneArriving() const override;
  size_t addImages(const scene::Scene& scene, SceneResult& result) override;
  size_t addImagesReleasing(scene::Scene& scene, SceneResult& result) override;
  void finishImages() override;
  size_t add(const scene::Scene& scene, SceneResult& result,
             const std::function<void(size_t)>& imageStaged);
  // setScene: the steps of beginScene and continueScene, each chunk waited for.
  SceneResult upload(const scene::Scene& scene, int sceneIndex,
                     std::function<void(size_t)> imageStaged, bool keepTextures = false);
  // keepTextures: the scene shown is of `scene` too; its textures are kept (switchScene).
  SceneResult begin(const scene::Scene& scene, int sceneIndex,
                    std::function<void(size_t)> imageStaged, bool keepTextures = false);
  // One step of the pending scene's upload; once it has all arrived, the frames in flight are
  // waited for and it replaces the scene shown.
  std::optional<SceneResult> step(const scene::Scene& scene, bool wait);
  SceneResult uploadFailed(PendingSceneGpu& pending, const VulkanError& e);
  // A Vulkan failure while uploading, as a refusal saying `what` failed; a lost device stops
  // the renderer.
  SceneResult failed(const char* what, const VulkanError& e);
  void setMaterialVariant(const scene::Scene& scene, int variant) override;
  uint64_t sceneUploadCount() const override;
  // Every node's data and every light instance, for the next frame.
  void updateTransforms(const scene::Scene& scene) override;
  // Only the changed bytes reach the mirrors and the next frame's copies. Not uploaded here:
  // - Cameras: the app turns the camera into a View, sent as FrameData every frame;
  // - Visibility: decides which draws are skipped (no buffer), and darkens the lights below;
  // - Extras: never rendered;
  // - NodeTransforms: they arrive as the world matrices they changed (worldMatrices).
  void applyChanges(const scene::Scene& scene, const scene::DirtySet& dirty) override;
  UploadStats lastUploadStats() const override;
  DrawStats lastDrawStats() const override;
  double lastGpuMilliseconds() const override;
  SetupTimings setupTimings() const override;
  void setEnvironment(const scene::EnvironmentImage* image) override;
  bool setEnvironmentFromCache(const scene::EnvironmentImage& image) override;
  // A failure (device lost, out of memory) returns empty Pixels with lastError() set; nothing
  // is rendered after it.
  Pixels renderOffscreen(const View& view, uint32_t width, uint32_t height) override;
  Pixels renderOffscreenOrThrow(const View& unsafeView, uint32_t width, uint32_t height);
  FrameStatus drawFrame(const View& view, uint32_t framebufferWidth, uint32_t framebufferHeight,
                        const OverlayFn& overlay) override;
  std::string lastError() const override;
  PipelineCacheStats pipelineCacheStats() const override;
  SwapchainStats swapchainStats() const override;
  FrameStatus drawFrameOrThrow(const View& unsafeView, uint32_t framebufferWidth,
                               uint32_t framebufferHeight, const OverlayFn& overlay);
  void captureNextFrame() override;
  Pixels takeCapture() override;
  OverlayInfo overlayInfo() const override;
  UiImage uiImage(size_t image, ImageChannel channel) override;
  // Never throws: it runs on the way out, also after the device was lost (then recorded).
  void waitIdle() override;
  void submitOnce(const std::function<void(VkCommandBuffer)>& record) override;
  std::string deviceName() const override;
  uint32_t maxImageSize() const override;
  uint32_t validationMessageCount() const override;

 private:
  // The background pass when the frame shows the environment behind the scene: the same
  // condition under which frameData() sets FrameData::background.w to kBackgroundEnvironment.
  BackgroundPass* backgroundFor(const View& view);
  // Takes the next frame slot: waits until its previous work is done, then writes its
  // FrameData (the scene's changes are copied by the command buffer: uploads_). The slot's
  // fence is reset here, just before the submission.
  FrameSlot& beginSlot(const View& view);
  void submit(const FrameSlot& slot, VkSemaphore wait, VkSemaphore signal);
  // `image` (colour just written, in `layout`) -> `buffer`, made visible to the host. The image
  // is left in TRANSFER_SRC_OPTIMAL.
  void recordCopyToHost(VkCommandBuffer cmd, VkImage image, VkImageLayout layout, VkExtent2D extent,
                        VkBuffer buffer);
  // Resolved image → readback buffer, made visible to the host.
  void recordReadback(VkCommandBuffer cmd, VkExtent2D extent);
  // After the overlay pass: the presentable image -> captureBuffer_, then back to
  // PRESENT_SRC_KHR for the present (which waits on the frame's semaphore, signalled once
  // every command, the copy included, completed).
  void recordCapture(VkCommandBuffer cmd, VkImage image);
  // Waits for the captured frame, then keeps its pixels as RGBA.
  void readCapture(const FrameSlot& slot);
  // Waits for the GPU (resizes are rare), then replaces the swapchain. False when the
  // surface has a zero extent (minimized): nothing to draw into.
  //
  // A present may still wait on the old swapchain's render-finished semaphores after the device
  // is idle (vkDeviceWaitIdle covers queue work, not the presentation engine), and the old
  // swapchain still owns images being presented: both are retired, not destroyed, and go
  // once enough presents of later images have been queued (destroyRetired) or at teardown.
  // The attachments, views and framebuffers no queued work uses go now.
  bool recreateSwapchain(VkExtent2D wanted);
  // Destroys the retired swapchains and semaphores (recreateSwapchain) no present can still
  // wait on (SwapchainRetirement); `all`: at teardown, after the device is idle.
  void destroyRetired(bool all);
  // After a frame that compiled pipelines (those of a new scene, mostly): the pipeline cache
  // file gets them now, not only at exit, so a viewer that is killed still leaves them.
  void savePipelinesIfNew();
  // The frame's copies of the scene's changes, with the joint matrix time of the applyChanges()
  // calls since the previous frame.
  UploadStats recordUploads(VkCommandBuffer cmd);

  Context ctx_;
  PipelineCache pipelineCache_;
  uint32_t pipelinesSaved_ = 0;  // pipelines created when the cache was last saved
  Pipelines pipelines_;
  std::array<FrameSlot, kFramesInFlight> slots_;
  uint32_t nextSlot_ = 0;
  uint32_t slotIndex_ = 0;  // the slot being recorded

  SceneGpu scene_;
  UiImageViews uiImages_;                     // over scene_'s textures: destroyed with them
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

  // Shadow maps (pass_shadows.h): their dirty flag is set by whatever moves a caster or a
  // light (applyChanges, updateTransforms, a new scene, a variant, images arriving).
  ShadowMaps shadows_;
  // The drawn scene's bounds over every pose seen since it was set (the directional maps' fit),
  // and the scene index it was set with. Grown by applyChanges only while the last frame had
  // shadows (View::shadows), which is when they are read.
  scene::Bounds shadowBounds_;
  int sceneIndex_ = 0;
  bool shadowsWanted_ = false;
  uint32_t shadowMapSize_ = 2048;  // Options::shadowMapSize
  // renderer_shadows.cpp. Marks the shadow maps stale; with `grow`, extends shadowBounds_ by
  // the current pose.
  void shadowsChanged(const scene::Scene& scene, bool grow);
  // This frame's shadow plan (pass_shadows.h) into shadows_ and FrameData; the maps grown to
  // their size the first time a frame shadows a light.
  void prepareShadows(const View& view, gpu::FrameData& data);

  // KHR_gaussian_splatting (renderer_splats.cpp): the view's splats, prepared and binned on the
  // CPU again only when the camera, the extent, the splat nodes' transforms or visibility, or
  // the scene changed (splatKey_ is what they were prepared for; splatGeneration_ counts the
  // preparations), staged into the frame slot's buffers when they hold an older generation.
  SplatPass splatPass_;
  splat::SplatFrame splatFrame_;
  splat::SplatTiles splatTiles_;
  splat::SplatScratch splatScratch_;
  std::vector<splat::SplatInstance> splatInstances_;
  std::vector<float> splatKey_;
  uint64_t splatGeneration_ = 0;
  // The frame's splat draw for `output` (0 off screen, 1 the window) into `attachments`; its
  // count is 0 without splats to draw. Fills the splat fields of drawStats_ afterwards.
  SplatDraw prepareSplatFrame(const View& view, bool cameraFinite, uint32_t output,
                              const Attachments& attachments);
  // The splat counts and times of the frame just prepared into `stats`.
  void addSplatStats(DrawStats& stats) const;
  // The prepared splats the device can draw: all of them, or the nearest its texel buffers hold.
  std::span<const splat::ProjectedSplat> drawnSplats() const;
  bool splatsPrepared_ = false;  // this frame prepared them (else kept: times 0)

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

}  // namespace vitrine::renderer
