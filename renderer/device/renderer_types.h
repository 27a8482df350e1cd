// The renderer's public value types: its options and limits, the View a frame draws, the
// statistics it reports, the pixels it reads back. At the bottom of renderer/, so that every
// room (device, environment, gpu_scene, passes) can use them without including the Renderer
// (renderer.h), which runs them all.
#pragma once

#include <cstdint>
#include <functional>
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
  // Needs an environment (the background pass). The app places it (app/common/ground.h).
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
  // KHR_gaussian_splatting (pass_splats.h): the splats of the view's splat primitives, those
  // drawn (the others behind the near plane, off screen by their whole footprint, degenerate or
  // below 1/255 of opacity), and the CPU time of the frame's sort, of its projection and of
  // binning them into the tile rasterizer's tiles (0 when nothing the splats depend on changed
  // since the last frame: then they were not prepared again).
  uint64_t splats = 0;
  uint64_t splatsDrawn = 0;
  double splatSortMilliseconds = 0.0;
  double splatProjectMilliseconds = 0.0;
  double splatTileMilliseconds = 0.0;
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

}  // namespace vitrine::renderer
