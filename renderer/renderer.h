// The Vulkan renderer: draws a scene::Scene on screen (a swapchain) or off screen (to pixels).
// Knows nothing of tinygltf or ImGui: the app draws its UI through the overlay hook, and sets
// up ImGui's Vulkan backend from the handles overlayInfo() exposes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <volk.h>
#include <glm/glm.hpp>

#include "scene.h"

namespace vitrine::renderer {

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
};

// What the camera sees.
struct View {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};  // OpenGL convention, as glTF defines it (y up, depth -1..1)
  glm::vec3 eye{0.0f};
  glm::vec4 clearColor{0.18f, 0.18f, 0.20f, 1.0f};  // linear RGBA
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

enum class FrameStatus { Presented, Skipped /* minimized or swapchain being recreated */ };

// One Renderer at a time per process: volk keeps the device's function pointers in globals.
class Renderer {
 public:
  // Null with *error set when Vulkan or a usable device is missing.
  [[nodiscard]] static std::unique_ptr<Renderer> create(const Options& options, std::string* error);
  virtual ~Renderer() = default;

  // Uploads geometry, textures and materials of `scene` (replacing any previous scene) and
  // draws the nodes reachable from scene.scenes[sceneIndex]. The renderer keeps no
  // reference to `scene`. Uses scene.world as it is (updateWorldTransforms first).
  virtual void setScene(const scene::Scene& scene, int sceneIndex) = 0;
  // Copies the current world matrices (scene.world) for the next frame.
  virtual void updateTransforms(const scene::Scene& scene) = 0;

  // Renders one frame into an offscreen colour+depth target and reads it back. width and
  // height must be from 1 to maxImageSize().
  [[nodiscard]] virtual Pixels renderOffscreen(const View& view, uint32_t width,
                                               uint32_t height) = 0;

  // Window rendering; needs Options::createSurface. The swapchain follows the given
  // framebuffer size (0x0 = minimized: nothing is drawn).
  virtual FrameStatus drawFrame(const View& view, uint32_t framebufferWidth,
                                uint32_t framebufferHeight, const OverlayFn& overlay) = 0;
  virtual OverlayInfo overlayInfo() const = 0;
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
};

}  // namespace vitrine::renderer
