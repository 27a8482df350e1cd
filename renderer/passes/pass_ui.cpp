#include "pass_ui.h"

#include "vk_check.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

// Enough for ImGui's font texture and the images an app shows in its UI.
constexpr uint32_t kUiDescriptors = 64;

}  // namespace

VkDescriptorPool createUiDescriptorPool(const Context& ctx) {
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kUiDescriptors};
  auto info = vkStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  info.maxSets = kUiDescriptors;
  info.poolSizeCount = 1;
  info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &info, nullptr, &pool));
  return pool;
}

void recordUiPass(VkCommandBuffer cmd, VkRenderPass renderPass, VkFramebuffer framebuffer,
                  VkExtent2D extent, const OverlayFn& overlay) {
  auto pass = vkStruct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
  pass.renderPass = renderPass;
  pass.framebuffer = framebuffer;
  pass.renderArea = {{0, 0}, extent};
  vkCmdBeginRenderPass(cmd, &pass, VK_SUBPASS_CONTENTS_INLINE);
  if (overlay) overlay(cmd);
  vkCmdEndRenderPass(cmd);
}

}  // namespace vitrine::renderer
