#include "ui_textures.h"

#include <algorithm>
#include <type_traits>

#include <imgui.h>

#include "imgui_backend_layout.h"
#include "vk_check.h"

namespace vitrine::app {
namespace {

static_assert(std::is_same_v<ImTextureID, UiTextureId>, "ImGui's texture id is a pointer");

// Frames after its last use when a set may be freed: the frames in flight (2) have completed
// by then, with one to spare.
constexpr uint64_t kFramesUntilFree = 3;

}  // namespace

void UiTextures::retire(const Entry& e) {
  retired_.push_back({e.set, e.lastUsed});
}

void UiTextures::beginFrame(renderer::Renderer& renderer) {
  ++frame_;
  if (renderer.sceneUploadCount() != sceneUploads_) {
    // The views of the old scene are gone (handles may even be reused by the new one's).
    sceneUploads_ = renderer.sceneUploadCount();
    for (const Entry& e : live_) retire(e);
    live_.clear();
  }
  const VkDevice device = renderer.overlayInfo().device;
  const VkDescriptorPool pool = renderer.overlayInfo().descriptorPool;
  std::erase_if(retired_, [&](const Retired& r) {
    if (frame_ - r.lastUsed < kFramesUntilFree) return false;
    VK_CHECK(vkFreeDescriptorSets(device, pool, 1, &r.set));
    return true;
  });
}

UiTextureId UiTextures::get(renderer::Renderer& renderer, size_t image,
                            renderer::ImageChannel channel, renderer::UiImage* info) {
  const renderer::UiImage ui = renderer.uiImage(image, channel);
  if (info) *info = ui;
  const VkDescriptorSetLayout layout = ImGui_ImplVulkan_TextureSetLayout();
  if (!ui.view || !layout) return nullptr;
  for (Entry& e : live_) {
    if (e.image == image && e.channel == channel && e.view == ui.view) {
      e.lastUsed = frame_;
      return reinterpret_cast<UiTextureId>(e.set);
    }
  }
  if (live_.size() >= kMaxSets) {
    // The least recently used, unless every set is drawn this frame.
    const auto oldest =
        std::min_element(live_.begin(), live_.end(),
                         [](const Entry& a, const Entry& b) { return a.lastUsed < b.lastUsed; });
    if (oldest->lastUsed == frame_) return nullptr;
    retire(*oldest);
    live_.erase(oldest);
  }
  const renderer::OverlayInfo overlay = renderer.overlayInfo();
  VkDescriptorSetAllocateInfo alloc{};
  alloc.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
  alloc.descriptorPool = overlay.descriptorPool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &layout;
  Entry e{image, channel, ui.view, VK_NULL_HANDLE, frame_};
  // A full pool (font sets of many rescales) is no error: the preview is left out.
  if (vkAllocateDescriptorSets(overlay.device, &alloc, &e.set) != VK_SUCCESS) return nullptr;
  // The backend's layout holds its font sampler as an immutable sampler, which wins over
  // ui.sampler: previews are filtered as the font is (linear).
  VkDescriptorImageInfo imageInfo{ui.sampler, ui.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  VkWriteDescriptorSet write{};
  write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
  write.dstSet = e.set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = &imageInfo;
  vkUpdateDescriptorSets(overlay.device, 1, &write, 0, nullptr);
  live_.push_back(e);
  return reinterpret_cast<UiTextureId>(e.set);
}

void UiTextures::clear(renderer::Renderer& renderer) {
  // The frames in flight may still read the sets (Overlay::setUiScale waits only while it
  // rebuilds its fonts, which stops after a number of changes).
  renderer.waitIdle();
  const renderer::OverlayInfo overlay = renderer.overlayInfo();
  for (const Entry& e : live_) retire(e);
  live_.clear();
  for (const Retired& r : retired_)
    VK_CHECK(vkFreeDescriptorSets(overlay.device, overlay.descriptorPool, 1, &r.set));
  retired_.clear();
}

}  // namespace vitrine::app
