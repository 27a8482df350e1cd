#include "frames.h"

#include <algorithm>
#include <cmath>
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
  destroyBuffer(ctx, slot.lines);
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

int tonemapOperator(Tonemap tonemap) {
  switch (tonemap) {
    case Tonemap::Aces:
      return gpu::kTonemapAces;
    case Tonemap::Agx:
      return gpu::kTonemapAgx;
    case Tonemap::None:
      return gpu::kTonemapNone;
    case Tonemap::Neutral:
      break;
  }
  return gpu::kTonemapNeutral;
}

bool finiteMatrix(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  return true;
}

View sanitizedView(const View& view, bool* cameraFinite) {
  const View defaults;
  View v = view;
  const glm::vec3& e = view.eye;
  bool finite = finiteMatrix(view.view) && finiteMatrix(view.projection) && std::isfinite(e.x) &&
                std::isfinite(e.y) && std::isfinite(e.z);
  if (finite) finite = finiteMatrix(glm::inverse(vulkanProjection(view.projection) * view.view));
  if (!finite) {
    v.view = defaults.view;
    v.projection = defaults.projection;
    v.eye = defaults.eye;
  }
  const glm::vec4& c = view.clearColor;
  if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z) || !std::isfinite(c.w))
    v.clearColor = defaults.clearColor;
  if (!std::isfinite(view.exposure)) v.exposure = defaults.exposure;
  if (!std::isfinite(view.environmentIntensity))
    v.environmentIntensity = defaults.environmentIntensity;
  if (!std::isfinite(view.environmentRotation))
    v.environmentRotation = defaults.environmentRotation;
  // Each is a specialization or an index: out of range, the shaded view and set 0.
  if (view.channel < 0 || view.channel >= gpu::kChannelCount) v.channel = defaults.channel;
  if (view.checkerTexcoord < 0 || view.checkerTexcoord >= gpu::kTexcoordSetCount)
    v.checkerTexcoord = defaults.checkerTexcoord;
  if (cameraFinite) *cameraFinite = finite;
  return v;
}

gpu::FrameData frameData(const View& view, uint32_t lightCount, float environmentMaxLod) {
  gpu::FrameData d{};
  d.view = view.view;
  d.proj = vulkanProjection(view.projection);
  d.inverseViewProj = glm::inverse(d.proj * d.view);
  // An OpenGL-style projection is orthographic when its last row is (0, 0, 0, 1): clip w does
  // not depend on depth. Then the view vector is the same for every pixel.
  if (view.projection[0][3] == 0.0f && view.projection[1][3] == 0.0f &&
      view.projection[2][3] == 0.0f && view.projection[3][3] != 0.0f) {
    const glm::vec3 back = glm::vec3(glm::inverse(view.view)[2]);
    const float length = glm::length(back);
    d.eye = glm::vec4(length > 0.0f ? back / length : glm::vec3(0.0f, 0.0f, 1.0f), 0.0f);
  } else {
    d.eye = glm::vec4(view.eye, 1.0f);
  }
  const int tonemap = tonemapOperator(view.tonemap);
  d.shading = glm::vec4(std::exp2(view.exposure), float(tonemap), float(lightCount),
                        float(view.checkerTexcoord));
  const bool environment = environmentMaxLod >= 0.0f;
  const float lod = std::max(environmentMaxLod, 0.0f);
  // The blurred background: the prefiltered level of roughness ~0.6.
  const float backgroundLod = view.background == Background::BlurredEnvironment ? 0.6f * lod : 0.0f;
  d.environment = glm::vec4(environment ? view.environmentIntensity : 0.0f,
                            view.environmentRotation, lod, backgroundLod);
  const bool showEnvironment = environment && view.background != Background::Color;
  d.background =
      glm::vec4(glm::vec3(view.clearColor),
                float(showEnvironment ? gpu::kBackgroundEnvironment : gpu::kBackgroundColor));
  return d;
}

}  // namespace vitrine::renderer
