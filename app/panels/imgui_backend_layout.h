// What ImGui 1.86's Vulkan backend lacks for showing our own images (later versions have
// ImGui_ImplVulkan_AddTexture and bind each command's ImTextureID; 1.86 binds its font set
// for every draw): the set layout to allocate image sets with, and draw-list callbacks that
// bind such a set around an image's draw. Its one binding holds the font sampler as an
// immutable sampler, so no other layout is compatible: sets for our images must use this one.
#pragma once

#include <imgui.h>
#include <vulkan/vulkan.h>

// The backend's set layout (one COMBINED_IMAGE_SAMPLER at binding 0, fragment stage, the font
// sampler immutable); null before ImGui_ImplVulkan_Init. A new one after each
// ImGui_ImplVulkan_Shutdown + Init (Overlay::setUiScale): sets of the old one must go then.
VkDescriptorSetLayout ImGui_ImplVulkan_TextureSetLayout();

// ImGui_ImplVulkan_RenderDrawData, with the command buffer kept for the callbacks below.
void ImGui_ImplVulkan_RenderDrawDataWithImages(ImDrawData* drawData, VkCommandBuffer cmd);

// Adds to `list` a callback that binds `set` (allocated with the layout above) for the draws
// that follow, up to ImGui_ImplVulkan_EndImage(list), which restores the font's.
void ImGui_ImplVulkan_BeginImage(ImDrawList* list, VkDescriptorSet set);
void ImGui_ImplVulkan_EndImage(ImDrawList* list);
