// Per-frame-in-flight objects: command buffer, fence, acquire semaphore and the FrameData
// uniform buffer, plus the FrameData a View becomes.
#pragma once

#include <cstdint>

#include <volk.h>

#include "context.h"
#include "renderer_types.h"
#include "resources.h"
#include "shared_types.h"

namespace vitrine::renderer {

inline constexpr uint32_t kFramesInFlight = 2;

struct FrameSlot {
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;  // created signalled; signalled when the slot's work is done
  VkSemaphore imageAvailable = VK_NULL_HANDLE;  // swapchain acquire
  Buffer frameData;                             // gpu::FrameData, host-visible
  // The overlays' lines of the frame (View::lines, pass_overlays.h), host-visible, grown as
  // needed once the slot was waited for; empty until a frame has lines.
  Buffer lines;
};

void createFrameSlot(const Context& ctx, FrameSlot& slot);
void destroyFrameSlot(const Context& ctx, FrameSlot& slot);

// Waits until the GPU finished the slot's previous work; only then may the CPU write the
// slot's buffers or re-record its command buffer.
void waitFrameSlot(const Context& ctx, const FrameSlot& slot);

// View::projection is OpenGL style (y up, depth -1..1); Vulkan clip space has y down and
// depth 0..1: proj = C * P with C flipping y and mapping z' = 0.5 z + 0.5 w. Works for
// infinite perspective projections too (depth tends to 1 at infinity).
glm::mat4 vulkanProjection(const glm::mat4& openGlProjection);
// Whether every element is finite (no NaN, no infinity).
bool finiteMatrix(const glm::mat4& m);
// `view` as the GPU may see it. A camera (view, projection, eye) with an element that is not
// finite, or whose view-projection has no finite inverse, is replaced by View's defaults and
// *cameraFinite set false (the frame then draws the background only: nothing of the scene, and
// no NaN reaches a sort key or a buffer); non-finite exposure, environment intensity or
// rotation and clear colour take View's defaults, as do a channel or checker set out of range.
View sanitizedView(const View& view, bool* cameraFinite);
// The FrameData of `view` with `lightCount` LightData entries; environmentMaxLod < 0 when
// there is no image-based light.
gpu::FrameData frameData(const View& view, uint32_t lightCount, float environmentMaxLod);
// The gpu::kTonemap* constant of a tone mapping operator.
int tonemapOperator(Tonemap tonemap);

}  // namespace vitrine::renderer
