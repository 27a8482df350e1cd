// ImGui 1.86's Vulkan backend (libimgui-dev ships it as an example source), compiled in this
// translation unit so that the additions below can read its private data and use its Vulkan
// entry points. Built in the imgui_backends target, with the backend's own warnings, not ours.
#include "imgui_impl_vulkan.cpp"

#include "imgui_backend_layout.h"

namespace {

VkCommandBuffer g_recording = VK_NULL_HANDLE;  // of the RenderDrawData call under way

void bindImage(const ImDrawList*, const ImDrawCmd* cmd) {
  ImGui_ImplVulkan_Data* bd = ImGui_ImplVulkan_GetBackendData();
  if (!bd || !g_recording) return;
  VkDescriptorSet set = static_cast<VkDescriptorSet>(cmd->UserCallbackData);
  vkCmdBindDescriptorSets(g_recording, VK_PIPELINE_BIND_POINT_GRAPHICS, bd->PipelineLayout, 0, 1,
                          &set, 0, nullptr);
}

}  // namespace

VkDescriptorSetLayout ImGui_ImplVulkan_TextureSetLayout() {
  ImGui_ImplVulkan_Data* bd = ImGui_ImplVulkan_GetBackendData();
  return bd ? bd->DescriptorSetLayout : VK_NULL_HANDLE;
}

void ImGui_ImplVulkan_RenderDrawDataWithImages(ImDrawData* drawData, VkCommandBuffer cmd) {
  g_recording = cmd;
  ImGui_ImplVulkan_RenderDrawData(drawData, cmd);
  g_recording = VK_NULL_HANDLE;
}

void ImGui_ImplVulkan_BeginImage(ImDrawList* list, VkDescriptorSet set) {
  list->AddCallback(bindImage, set);
}

void ImGui_ImplVulkan_EndImage(ImDrawList* list) {
  // The backend's own reset: pipeline, font set, buffers, viewport and constants again.
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}
