#include "frames.h"

#include <cstring>

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {

void createFrameSlot(const Context& ctx, FrameSlot& slot) {
  createCommandBuffer(ctx, VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, slot.pool, slot.cmd);
  auto fence = vkStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  fence.flags = VK_FENCE_CREATE_SIGNALED_BIT;
  VK_CHECK(vkCreateFence(ctx.device, &fence, nullptr, &slot.fence));
  auto semaphore = vkStruct<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
  VK_CHECK(vkCreateSemaphore(ctx.device, &semaphore, nullptr, &slot.imageAvailable));
  slot.frameData = createBuffer(ctx, sizeof(gpu::FrameData), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
}

void destroyFrameSlot(const Context& ctx, FrameSlot& slot) {
  destroyBuffer(ctx, slot.frameData);
  if (slot.imageAvailable) vkDestroySemaphore(ctx.device, slot.imageAvailable, nullptr);
  if (slot.fence) vkDestroyFence(ctx.device, slot.fence, nullptr);
  if (slot.pool) vkDestroyCommandPool(ctx.device, slot.pool, nullptr);
  slot = FrameSlot{};
}

void waitFrameSlot(const Context& ctx, const FrameSlot& slot) {
  VK_CHECK(vkWaitForFences(ctx.device, 1, &slot.fence, VK_TRUE, UINT64_MAX));
}

glm::mat4 vulkanProjection(const glm::mat4& p) {
  // glm is column-major: m[column][row].
  glm::mat4 c(1.0f);
  c[1][1] = -1.0f;
  c[2][2] = 0.5f;
  c[3][2] = 0.5f;
  return c * p;
}

gpu::FrameData frameData(const View& view) {
  gpu::FrameData d{};
  d.view = view.view;
  d.proj = vulkanProjection(view.projection);
  d.eye = glm::vec4(view.eye, 1.0f);
  // Towards the viewer: the camera's +z axis in world space (the headlight's direction).
  const glm::vec3 back = glm::vec3(glm::inverse(view.view)[2]);
  const float len = glm::length(back);
  d.lightDir = glm::vec4(len > 0.0f ? back / len : glm::vec3(0.0f, 0.0f, 1.0f), 1.0f);
  return d;
}

}  // namespace vitrine::renderer
