// The Vulkan instance, debug messenger, optional window surface, physical device, device and
// its one graphics queue: the objects every other renderer file borrows.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include <volk.h>

#include "renderer_types.h"

namespace vitrine::renderer {

// Pipelines created through compileGraphicsPipeline / compileComputePipeline (pipeline_cache.h).
struct PipelineCreationCounts {
  uint32_t created = 0;
  uint32_t cacheHits = 0;  // VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT
  double seconds = 0.0;
};

struct Context {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkSurfaceKHR surface = VK_NULL_HANDLE;  // owned: created by Options::createSurface
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  // maxMemoryAllocationSize and the largest device-local heap; properties.limits with them,
  // after Options::adjustLimits.
  VkDeviceSize maxAllocationSize = 0;
  VkDeviceSize deviceLocalHeap = 0;
  // Options::injectFault (tests); empty: no fault.
  std::function<VkResult(FaultPoint)> injectFault;
  VkDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;  // graphics, and present when there is a surface
  VkQueue queue = VK_NULL_HANDLE;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;  // MSAA of the scene pass
  VkFormat depthFormat = VK_FORMAT_UNDEFINED;
  // VkPhysicalDeviceFeatures::fillModeNonSolid, enabled when offered: the wireframe overlay's
  // polygon mode LINE (pass_overlays.h); without it the overlay is not drawn.
  bool fillModeNonSolid = false;
  // Given to every pipeline creation; owned by the renderer's PipelineCache (pipeline_cache.h).
  VkPipelineCache pipelineCache = VK_NULL_HANDLE;
  // Counted by pipeline creation, which borrows the Context as const like every other user.
  mutable PipelineCreationCounts pipelineCreation;
  // Errors and warnings reported by the validation layer; written by the messenger callback,
  // which may run on any thread. The messenger points at this member: a Context never moves.
  std::atomic<uint32_t> validationMessages{0};

  Context() = default;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
};

// Creates everything above in place. On failure returns false with *error set (no Vulkan
// loader, validation layer missing, no device with Vulkan 1.3 and a graphics queue); the
// caller then still calls destroyContext, which releases what was created.
[[nodiscard]] bool createContext(const Options& options, Context& ctx, std::string* error);
void destroyContext(Context& ctx);

// Index of a memory type in typeBits with the required properties (preferring those that
// also have `preferred`); aborts when there is none.
// Options::injectFault's answer at `point`, VK_SUCCESS without a hook.
inline VkResult injectedFault(const Context& ctx, FaultPoint point) {
  return ctx.injectFault ? ctx.injectFault(point) : VK_SUCCESS;
}

uint32_t findMemoryType(const Context& ctx, uint32_t typeBits, VkMemoryPropertyFlags required,
                        VkMemoryPropertyFlags preferred = 0);

}  // namespace vitrine::renderer
