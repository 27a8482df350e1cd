// The Vulkan renderer: draws a scene::Scene on screen (a swapchain) or off screen (to pixels).
// Knows nothing of tinygltf or ImGui: the app draws its UI through the overlay hook, and sets
// up ImGui's Vulkan backend from the handles overlayInfo() exposes.
//
// A frame is a list of named passes, each in its own file with what it owns:
//   uploads       (uploads.h)         the scene's changes, copied from a staging ring per frame
//                                     in flight; owns the rings.
//   deform                            no pass of its own: skins and morph targets deform in
//                                     mesh.vert, so every pass below draws the deformed shape.
//   shadows       (pass_shadows.h)    a depth map per shadowed light (View::shadows), only when
//                                     a caster or light changed; owns the maps (set 0 binding 10).
//   transmission  (pass_transmission.h) the opaque scene into a mip-mapped linear texture, only
//                                     in frames that draw a KHR_materials_transmission material;
//                                     owns that texture, its depth, sampler and set 3.
//   opaque        (pass_scene.h)      the scene's draws (mesh_draws.h: the mesh pipelines,
//                                     specialized per material, pass and channel view), the
//                                     background (background.h: its pipelines) between the
//                                     opaque and the blended draws, into the frame's attachments
//                                     (targets.h) with MSAA resolved into the final image.
//   overlays      (pass_overlays.h)   over the picture, in the opaque pass's rendering: the
//                                     wireframe; owns its pipelines (wireframe.frag).
//   UI            (pass_ui.h)         the window only: the app's ImGui in the overlay render pass
//                                     over the swapchain image; owns the UI descriptor pool.
//   readback      (pass_readback.cpp) off screen: the final image copied to the host; in the
//                                     window, the capture of a presented image (tests).
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
#include "scene.h"

namespace vitrine::renderer {

// Where Options::injectFault is asked (tests): each device memory allocation, each queue
// submission and each present.
enum class FaultPoint : uint8_t { Allocate, Submit, Present };

// The device limits setScene checks a scene against, as the renderer sees them
// (Options::adjustLimits may lower them).
struct DeviceLimits {
  VkPhysicalDeviceLimits limits{};
  VkDeviceSize maxMemoryAllocationSize = 0;  // Vulkan 1.1 (maintenance3)
  VkDeviceSize deviceLocalHeapSize = 0;      // the largest DEVICE_LOCAL heap
};

struct Options {
  // VK_LAYER_KHRONOS_validation plus a debug messenger that counts every error and warning.
  bool validation = false;
  // Instance extensions the window system needs (glfwGetRequiredInstanceExtensions);
  // empty for headless use, which needs no X server.
  std::vector<std::string> instanceExtensions;
  // Creates the window surface once the instance exists, so the device chosen can present
  // to it. Empty for headless use. The renderer owns the surface: it destroys it.
  std::function<VkSurfaceKHR(VkInstance)> createSurface;
  // Requested MSAA sample count, lowered to what the device supports (lavapipe: 1 or 4).
  uint32_t msaaSamples = 4;
  // Where processed environments (prefiltered cube, irradiance) are cached, keyed by their
  // content; empty: no disk cache.
  std::string cacheDirectory;
  // The bound of setScene's staging buffer: a scene is uploaded in chunks of at most this many
  // bytes (a chunk holds at least one image row), each copied and waited for before the next.
  uint64_t uploadChunkBytes = 64ull << 20;
  // Test hooks. adjustLimits may lower the device's limits before anything is created, as a
  // smaller GPU would have them (the checks of setScene and Renderer::create, maxImageSize()).
  std::function<void(DeviceLimits&)> adjustLimits;
  // Asked before each FaultPoint; a result other than VK_SUCCESS is taken as the Vulkan call's
  // result (VK_ERROR_DEVICE_LOST, VK_ERROR_OUT_OF_DEVICE_MEMORY...), the call not made.
  std::function<VkResult(FaultPoint)> injectFault;
  // The side of each light's shadow map in texels (View::shadows; pass_shadows.h).
  uint32_t shadowMapSize = 2048;
};

// What setScene did with a scene. Refused (shown false): nothing of the new scene was kept
// and the previous scene, if any, is still drawn; `error` says why (what, its size, the
// device's limit, or the Vulkan error). Shown: `warnings` say what was degraded to fit (an
// image downscaled, a non-finite transform hidden...), each naming what.
struct SceneResult {
  bool shown = true;
  std::string error;
  std::vector<std::string> warnings;
};

// How the last scene shown was uploaded (tests, statistics): the size of its staging buffer
// (the largest chunk, at most Options::uploadChunkBytes but for a longer image row) and the
// chunks it was sent in.
struct SceneUploadStats {
  uint64_t stagingBytes = 0;
  uint32_t chunks = 0;
};

enum class Tonemap : uint8_t { Neutral, Aces, Agx, None };
enum class Background : uint8_t { Color, Environment, BlurredEnvironment };

// One end of an overlay line (View::lines): a world-space point and a colour, linear RGBA
// (red in the lowest byte: glm::packUnorm4x8).
struct LineVertex {
  glm::vec3 position{0.0f};
  uint32_t color = 0xffffffffu;
};

// What the camera sees.
struct View {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};  // OpenGL convention, as glTF defines it (y up, depth -1..1)
  glm::vec3 eye{0.0f};
  // The solid background (linear RGBA), also shown when there is no environment.
  glm::vec4 clearColor{0.18f, 0.18f, 0.20f, 1.0f};
  Background background = Background::Environment;
  Tonemap tonemap = Tonemap::Neutral;
  float exposure = 0.0f;              // EV: colours are scaled by 2^exposure before tone mapping
  float environmentIntensity = 1.0f;  // scales the image-based light and the background
  float environmentRotation = 0.0f;   // radians about +Y
  // A material channel view in place of the shaded picture (gpu::kChannel*, channels.h names
  // them): no lighting, tone mapping or exposure; alpha-masked and blended surfaces drawn whole
  // and opaque; the background as above. kChannelShaded: the finished picture.
  int channel = gpu::kChannelShaded;
  // The texture coordinate set gpu::kChannelUvChecker maps its checker through (0..7).
  int checkerTexcoord = 0;
  // Overlays over the shaded or channel view (pass_overlays.h). wireframe: every triangle edge
  // of the drawn primitives, deformed as drawn, one pixel wide, in gpu::kWireframeColor; lines
  // and points as they are. Not drawn on a device without fillModeNonSolid.
  bool wireframe = false;
  // World-space segments drawn over the picture, two vertices each (a line list): `lines`
  // depth tested against the scene (normals, bounds, gizmos), `linesOnTop` over everything
  // (skeletons). Read while the frame is recorded, not kept: the caller's storage need only
  // outlive the drawFrame or renderOffscreen call.
  std::span<const LineVertex> lines;
  std::span<const LineVertex> linesOnTop;
  // Isolation (the window's Isolate): when not empty, one byte per scene node, and only the
  // draws of nodes whose byte is non-zero are drawn (lights are unaffected). Read while the
  // frame is recorded, like the lines.
  std::span<const uint8_t> shownNodes;
  // Shadows of the scene's KHR_lights_punctual lights (pass_shadows.h says which lights and
  // casters): in the shaded view only. Off by default here; the app turns them on.
  bool shadows = false;
  // The shadow of the environment's key light (scene/environment_key.h: its brightest region),
  // soft, on the ground and the asset: where the asset hides the key from a point, the
  // image-based light there loses the key's share of it. In the shaded view, with an
  // environment that has a key. Off by default here; the app turns it on.
  bool environmentShadow = false;
  // A ground under the asset (issue 24): the plane y = height, a disc of `radius` around
  // `center` (x, z) fading out over its outer half, that shows the background darkened where the
  // shadows of the scene's lights (View::shadows) and of the environment's key light
  // (View::environmentShadow) fall on it, and by the contact shadow: the occlusion of what lies
  // less than `contactHeight` above it (0: none), blurred more the higher it is. Drawn by the
  // background pass where no geometry covers the pixel, seen from above only; it only darkens.
  // Needs an environment (the background pass). The app places it (app/ground.h).
  struct Ground {
    bool enabled = false;
    float height = 0.0f;
    glm::vec2 center{0.0f};
    float radius = 1.0f;
    float contactHeight = 0.0f;
  };
  Ground ground;
};

// What the last frame uploaded of the scene's changes (materials, node data, lights, morph
// weights, joint matrices; the per-frame FrameData is not counted): the bytes copied and in how
// many copy regions.
struct UploadStats {
  uint64_t bytes = 0;
  uint32_t ranges = 0;
  // CPU time the frame spent writing those bytes into its staging buffer and recording the
  // copies (applyChanges() is the caller's to time).
  double stagingSeconds = 0.0;
  // CPU time the applyChanges() calls before the frame spent recomputing joint matrices (part
  // of theirs).
  double jointSeconds = 0.0;
};

// What the last frame drew of the scene: indexed mesh draws recorded (the background pass and
// the overlay not counted) and the triangles among them (triangle-list draws: indices / 3).
// Draws of nodes hidden by KHR_node_visibility are not recorded, so not counted.
struct DrawStats {
  uint32_t drawCalls = 0;
  uint64_t triangles = 0;  // of every instance drawn
  // Copies of meshes drawn: one per draw call, EXT_mesh_gpu_instancing's instances each.
  uint64_t instances = 0;
  // Transmission passes recorded (KHR_materials_transmission: the opaque scene drawn first
  // into a texture): 1 when a drawn material has the extension, else 0. Its draws are not
  // counted above.
  uint32_t transmissionPasses = 0;
  // The wireframe overlay's draws (View::wireframe), not counted above.
  uint32_t wireframeDraws = 0;
  // Overlay line segments drawn (View::lines and linesOnTop).
  uint32_t overlayLines = 0;
  // Shadows (View::shadows; pass_shadows.h): the lights shadowed, the lights that could be
  // (that bring light: beyond gpu::kMaxShadowedLights directional or spot lights and one point
  // light the weakest are not), the point lights left unshadowed (all but the strongest), and the
  // shadow map layers rendered this frame (a point light's cube counts 6, the key light's and the
  // contact shadow's maps 1 each; 0 when the maps were current: nothing they show changed; after
  // a camera move, the cascades it shifted). All 0 without shadows.
  uint32_t shadowedLights = 0;
  uint32_t shadowCandidates = 0;
  uint32_t unshadowedPointLights = 0;
  uint32_t shadowMapRenders = 0;
  // Directional lights' cascades this frame: layers besides each one's map of the whole scene
  // (pass_shadows.h); 0 when the view needs none.
  uint32_t shadowCascades = 0;
  // The environment key light's shadow (View::environmentShadow) and the ground's contact
  // shadow (View::Ground::contactHeight) drawn this frame: 1, else 0.
  uint32_t keyShadows = 0;
  uint32_t contactShadows = 0;
};

// Where the renderer's load-time work went since it was created (--timings, issue 16): wall
// seconds, summed over every call. The three do not overlap.
struct SetupTimings {
  // setScene: checking the scene, creating its buffers, images and descriptor sets, and
  // uploading them (the wait for the upload included).
  double upload = 0.0;
  // Creating the scene pass's and the background's graphics pipelines (the first frame that
  // needs one creates it) and, in Renderer::create, the layouts and shader modules they use.
  double pipelines = 0.0;
  // The image-based light: processing an environment on the GPU (its compute pipelines
  // included) or reading it from the disk cache, in Renderer::create and setEnvironment.
  double environment = 0.0;
};

// An 8-bit sRGB-encoded RGBA image, rows top to bottom.
struct Pixels {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;
};

// Handles ImGui's Vulkan backend needs; the overlay is drawn in renderPass over the
// swapchain image, one sample, after the scene.
struct OverlayInfo {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkRenderPass renderPass = VK_NULL_HANDLE;
  uint32_t minImageCount = 2;
  uint32_t imageCount = 2;
};

using OverlayFn = std::function<void(VkCommandBuffer)>;

// What of a scene image the UI shows (Renderer::uiImage): its colours, or one channel as grey.
enum class ImageChannel : uint8_t { Rgb, R, G, B, A };
inline constexpr size_t kImageChannelCount = 5;

// A scene image for the app's UI to sample (ImGui: a descriptor set of one combined image
// sampler at binding 0, written by the app, in SHADER_READ_ONLY_OPTIMAL layout).
struct UiImage {
  VkImageView view = VK_NULL_HANDLE;  // null: not on the GPU (no material samples it, or its
                                      // pixels are still decoding)
  VkSampler sampler = VK_NULL_HANDLE;
  uint32_t width = 0, height = 0, mipLevels = 0;  // of the texture on the GPU
};

enum class FrameStatus {
  Presented,
  Skipped,  // minimized or swapchain being recreated
  // The device was lost or ran out of memory in the frame (lastError() says which call): the
  // renderer draws nothing more; the window should report it and close.
  Failed,
};

// What the window's swapchain went through since the renderer was created (tests, statistics).
struct SwapchainStats {
  uint64_t presents = 0;   // vkQueuePresentKHR calls
  uint32_t creations = 0;  // swapchains created: the first and each re-creation
  // drawFrame calls skipped because the framebuffer or the surface was 0x0 (minimised): no
  // swapchain is created for a zero extent.
  uint32_t zeroExtentSkips = 0;
  // Render-finished semaphores of replaced swapchains: kept while a queued present may still
  // wait on them, destroyed once later presents prove it cannot (SwapchainRetirement).
  uint32_t retiredSemaphoresWaiting = 0;
  uint32_t retiredSemaphoresDestroyed = 0;
};

// The pipeline cache on disk (Options::cacheDirectory; pipeline_cache.h has the file format) and
// the pipelines compiled through it since the renderer was created (tests, statistics).
struct PipelineCacheStats {
  std::string path;  // "<cache directory>/pipelines-<vendor>-<device>.bin"; "" without a directory
  // What became of the file at creation: "no cache directory", "no file", "loaded", or
  // "ignored: <why>" (truncated, corrupt, another format or another driver; it is replaced).
  std::string status;
  uint64_t bytesLoaded = 0;   // driver data given to vkCreatePipelineCache (0 unless "loaded")
  uint32_t filesWritten = 0;  // each time the driver's data had changed
  uint64_t bytesWritten = 0;  // driver data in the last file written
  std::string writeError;     // of the last write that failed; "" when none did
  // Graphics and compute pipelines created, those the driver reported as found in the pipeline
  // cache (VkPipelineCreationFeedback, Vulkan 1.3), and the wall time spent creating them.
  uint32_t pipelinesCreated = 0;
  uint32_t cacheHits = 0;
  double creationSeconds = 0.0;
};

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
