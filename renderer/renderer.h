// The Vulkan renderer: draws a scene::Scene on screen (a swapchain) or off screen (to pixels).
// Knows nothing of tinygltf or ImGui: the app draws its UI through the overlay hook, and sets
// up ImGui's Vulkan backend from the handles overlayInfo() exposes.
//
// A frame is a list of named passes, each in its own file with what it owns (paths under
// renderer/):
//   uploads       device/uploads.h        the scene's changes, copied from a staging ring per
//                                         frame in flight; owns the rings.
//   deform                                no pass of its own: skins and morph targets deform
//                                         in mesh.vert, so every pass below draws the
//                                         deformed shape.
//   shadows       passes/pass_shadows.h   a depth map per shadowed light (View::shadows), only
//                                         when a caster or light changed; owns the maps (set 0
//                                         binding 10).
//   transmission  passes/pass_transmission.h  the opaque scene into a mip-mapped linear
//                                         texture, only in frames that draw a
//                                         KHR_materials_transmission material; the texture,
//                                         its depth, sampler and set 3 are
//                                         device/transmission_target.h.
//   opaque        passes/pass_scene.h     the scene's draws (passes/mesh_draws.h: the mesh
//                                         pipelines, specialized per material, pass and
//                                         channel view), the background (passes/background.h:
//                                         its pipelines) between the opaque and the blended
//                                         draws, into the frame's attachments
//                                         (device/targets.h) with MSAA resolved into the final
//                                         image.
//   overlays      passes/pass_overlays.h  over the picture, in the opaque pass's rendering:
//                                         the wireframe; owns its pipelines (wireframe.frag).
//   UI            passes/pass_ui.h        the window only: the app's ImGui in the overlay
//                                         render pass over the swapchain image; owns the UI
//                                         descriptor pool.
//   readback      pass_readback.cpp       off screen: the final image copied to the host; in
//                                         the window, the capture of a presented image (tests).
// The scene on the GPU is gpu_scene/ (scene_gpu.h), the image-based light environment/, the
// value types every room shares device/renderer_types.h.
// RendererImpl (renderer_impl.h) runs them: renderer.cpp (creation, frame slots, submit),
// renderer_scene.cpp (scenes arriving, changes), frame_window.cpp (acquire, present).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <volk.h>
#include <glm/glm.hpp>

#include "dirty.h"
#include "environment_image.h"
#include "renderer_types.h"
#include "scene.h"

namespace vitrine::renderer {

// One Renderer at a time per process: volk keeps the device's function pointers in globals.
class Renderer {
 public:
  // Null with *error set when Vulkan or a usable device is missing.
  [[nodiscard]] static std::unique_ptr<Renderer> create(const Options& options, std::string* error);
  virtual ~Renderer() = default;

  // Uploads geometry, textures and materials of `scene` (replacing any previous scene) and
  // draws the nodes reachable from scene.scenes[sceneIndex], but for those KHR_node_visibility
  // hides (Node::visible 0 on them or an ancestor). The renderer keeps no reference to
  // `scene`. Uses scene.world as it is (updateWorldTransforms first). Checks the scene against
  // the device's limits (DeviceLimits) before creating anything: an image larger than
  // maxImageDimension2D is downscaled (a warning); a storage buffer beyond
  // maxStorageBufferRange, a buffer beyond maxMemoryAllocationSize or an upload beyond the
  // device-local heap refuses the scene, as does running out of memory while uploading it.
  // A world matrix that is not finite (NaN, infinity) hides its node (a warning).
  virtual SceneResult setScene(const scene::Scene& scene, int sceneIndex) = 0;
  // setScene for a caller that never uploads `scene` again (a batch render): frees the pixels
  // (Image::rgba8) of each image it uploads as soon as they are in the staging buffer, so that
  // the scene's copy and the device's never all exist at once (on lavapipe device memory is
  // host memory). Images no material samples keep theirs. A later setScene of `scene` would
  // find the freed images empty and sample white; a refused scene keeps every pixel, unless
  // it was refused while uploading (out of memory, device lost).
  virtual SceneResult setSceneReleasingImages(scene::Scene& scene, int sceneIndex) = 0;
  // setScene for another of the scenes (scene.scenes) of the scene shown, the same
  // scene::Scene (the outliner's switch): the textures on the GPU are kept, not uploaded again,
  // so those whose pixels were freed since (a *Releasing call, or the caller) still draw; only
  // images that have none yet are uploaded. Without a scene shown, setScene. Refused or
  // failing, it leaves the scene shown as it was, textures included.
  virtual SceneResult switchScene(const scene::Scene& scene, int sceneIndex) = 0;
  virtual SceneUploadStats lastSceneUploadStats() const = 0;
  // setScene in steps, for a window that keeps drawing the scene it shows while the next one
  // arrives (issue 16). beginScene checks and creates as setScene does (refused: shown false,
  // nothing changes) and returns its warnings; each continueScene then sends at most one
  // chunk of Options::uploadChunkBytes without waiting for the device, and returns nothing
  // while chunks remain or are in flight: frames draw the old scene. Once the last chunk has
  // arrived it waits for the frames in flight (not for the upload), puts the new scene in the
  // old one's place and returns the result (shown); a Vulkan failure returns shown false with
  // the error, and the old scene stays. `scene` must stay alive and unchanged from beginScene
  // until then. A later beginScene or setScene, or cancelScene, drops a scene still arriving.
  virtual SceneResult beginScene(const scene::Scene& scene, int sceneIndex) = 0;
  virtual std::optional<SceneResult> continueScene(const scene::Scene& scene) = 0;
  virtual void cancelScene() = 0;
  // While a scene begun is arriving: the share of its chunks sent so far, 0 to 1.
  virtual std::optional<double> sceneArriving() const = 0;
  // The images of the scene shown that have their pixels now but did not when it was set (a
  // scene loaded with scene::LoadOptions::deferImageDecode, its images decoded while it is
  // drawn: issue 16): uploads those its materials sample, waits for the frames in flight and
  // points the materials at them in place of the placeholders they were drawn with (white, a
  // flat normal, black emission). Returns how many were added; `result` gets a warning per
  // downscaled image, or shown false and the error when the device failed (then none is added).
  virtual size_t addImages(const scene::Scene& scene, SceneResult& result) = 0;
  // addImages for a caller that never uploads `scene` whole again (a batch render, a window
  // that switches scenes with switchScene): the pixels of each image added are freed once
  // they are staged, and their pages kept by the allocator for the images still decoding
  // (finishImages gives them back to the system).
  virtual size_t addImagesReleasing(scene::Scene& scene, SceneResult& result) = 0;
  // The caller has added the last image it will: frees the staging buffer addImages keeps from
  // one call to the next (a new scene frees it too), and gives the pages of the pixels freed
  // meanwhile back to the system (malloc_trim on glibc).
  virtual void finishImages() = 0;
  // KHR_materials_variants: draws every primitive with its material in `variant` (an index
  // into scene.variants; -1 = the asset's default materials, which setScene starts with).
  // `scene` is the one last given to setScene. Re-binds materials only: no geometry, texture
  // or material upload and no wait for the GPU; the next frame shows it.
  virtual void setMaterialVariant(const scene::Scene& scene, int variant) = 0;
  // How many times setScene has uploaded a scene (geometry, textures, materials): what a
  // variant switch must leave unchanged (tests, statistics).
  virtual uint64_t sceneUploadCount() const = 0;
  // Copies the current world matrices (scene.world) for the next frame, all of them, with the
  // joint matrices they give and every morph weight.
  virtual void updateTransforms(const scene::Scene& scene) = 0;
  // Uploads, with the next frame, what `dirty` (coalesced) says changed in `scene` since the
  // last call: byte ranges of the packed material arrays and of the morph weights, node data of
  // the changed world matrices, the joint matrices of the joints among them (recomputed here),
  // and the lights whose values or nodes changed. A Region::Visibility change re-decides which
  // nodes are hidden (the next frame's draws) and updates the lights under them. Only those
  // bytes are sent, through a staging ring per frame in flight (no wait for the GPU). Calls
  // between two frames add up.
  virtual void applyChanges(const scene::Scene& scene, const scene::DirtySet& dirty) = 0;
  // What the last frame rendered uploaded of the changes (for statistics and tests).
  virtual UploadStats lastUploadStats() const = 0;
  // What the last frame recorded (drawFrame or renderOffscreen) drew.
  virtual DrawStats lastDrawStats() const = 0;
  // GPU time of the most recent frame whose timestamps are back: the span between timestamps
  // written at the start and the end of its command buffer (uploads, scene, overlay or
  // readback), in milliseconds. Read when the frame's slot is next waited for, so it lags a
  // frame or two and never stalls. 0 before any frame came back, or when the queue has no
  // timestamps (timestampValidBits 0).
  virtual double lastGpuMilliseconds() const = 0;
  // The load-time work so far (--timings).
  virtual SetupTimings setupTimings() const = 0;

  // Replaces the image-based light: `image` (an equirectangular linear RGB map) becomes a
  // prefiltered specular cube and irradiance coefficients, computed on the GPU (or read from
  // the disk cache). Null turns image-based light off. Load-time work: waits for the GPU.
  virtual void setEnvironment(const scene::EnvironmentImage* image) = 0;
  // setEnvironment(&image) when the disk cache (Options::cacheDirectory) holds it processed;
  // false, the image-based light unchanged, when it does not (missing or damaged file): a
  // window lets an environment to process wait until the asset's geometry and textures are
  // drawn (issue 16). The image is hashed once either way.
  virtual bool setEnvironmentFromCache(const scene::EnvironmentImage& image) = 0;

  // Renders one frame into an offscreen colour+depth target and reads it back. width and
  // height must be from 1 to maxImageSize(). Empty Pixels, lastError() set, when the device
  // was lost or ran out of memory (then and ever after).
  [[nodiscard]] virtual Pixels renderOffscreen(const View& view, uint32_t width,
                                               uint32_t height) = 0;

  // Window rendering; needs Options::createSurface. The swapchain follows the given
  // framebuffer size (0x0 = minimized: nothing is drawn).
  virtual FrameStatus drawFrame(const View& view, uint32_t framebufferWidth,
                                uint32_t framebufferHeight, const OverlayFn& overlay) = 0;
  // Makes the next drawFrame() that presents also copy its swapchain image, as presented
  // (scene and overlay), for takeCapture(): how tests see what the window showed. That frame
  // waits for the GPU; not for interactive use.
  virtual void captureNextFrame() = 0;
  // The frame captured since the last call (RGBA, rows top to bottom), or empty Pixels when
  // none was (no request, no frame presented, or a surface that cannot be copied from).
  [[nodiscard]] virtual Pixels takeCapture() = 0;
  virtual OverlayInfo overlayInfo() const = 0;
  // Scene image `image` of the scene shown, for the UI: an sRGB view whatever the slots read
  // it as, so that on the sRGB swapchain its bytes show as stored (data as well as colour),
  // alpha forced to 1; `channel` R, G, B or A puts that channel in all three (alpha, stored
  // linear, shows brighter than its byte). The sampler shows texels when magnified. Views are
  // made on first request and live until another scene replaces this one (sceneUploadCount()
  // changes): the UI must drop what it made of them then, before drawing.
  virtual UiImage uiImage(size_t image, ImageChannel channel) = 0;
  // Records a command buffer with `record`, submits it and waits: start-up work only (the
  // overlay's font upload), never in the frame loop.
  virtual void submitOnce(const std::function<void(VkCommandBuffer)>& record) = 0;

  // Waits until the GPU is idle (before tearing down things it may still read).
  virtual void waitIdle() = 0;

  virtual std::string deviceName() const = 0;
  // The largest width or height renderOffscreen() accepts on this device (at least 4096).
  virtual uint32_t maxImageSize() const = 0;
  // Errors and warnings the validation layer reported since creation.
  virtual uint32_t validationMessageCount() const = 0;
  // After FrameStatus::Failed or an empty renderOffscreen: the Vulkan call and result that
  // failed ("" before).
  virtual std::string lastError() const = 0;
  virtual SwapchainStats swapchainStats() const = 0;
  virtual PipelineCacheStats pipelineCacheStats() const = 0;
};

}  // namespace vitrine::renderer
