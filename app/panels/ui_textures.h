// Scene images as ImGui textures (the texture browser's preview, the UV panel's background):
// ImGui 1.86's Vulkan backend takes a VkDescriptorSet as ImTextureID and has no way to make one
// for our images, so this makes them: one set per image and channel, allocated from the
// renderer's UI pool (OverlayInfo::descriptorPool, 64 sets shared with the font) with the
// backend's own layout (imgui_backend_layout.h), over the views Renderer::uiImage gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <volk.h>

#include "renderer.h"

namespace vitrine::app {

// ImGui's ImTextureID (a void* in 1.86's default configuration), without ImGui in this header:
// headers the viewer's users include keep ImGui private to vitrine_app.
using UiTextureId = void*;

class UiTextures {
 public:
  // Sets kept at most; the least recently used one goes for a new one past this.
  static constexpr size_t kMaxSets = 12;

  // Once a frame, before get() and after anything that may replace the renderer's scene this
  // frame (the outliner's scene switch): the sets of a replaced scene are dropped, and sets
  // dropped long enough ago for no frame in flight to use them are freed.
  void beginFrame(renderer::Renderer& renderer);
  // Scene image `image` in `channel` as an ImTextureID (what Renderer::uiImage gives is written
  // to `info` when not null), or null when it is not on the GPU (yet) or no set could be had.
  UiTextureId get(renderer::Renderer& renderer, size_t image, renderer::ImageChannel channel,
                  renderer::UiImage* info = nullptr);
  // Frees every set now, after waiting for the GPU. After Overlay::setUiScale, whose new
  // backend layout the old sets do not match.
  void clear(renderer::Renderer& renderer);

 private:
  struct Entry {
    size_t image = 0;
    renderer::ImageChannel channel = renderer::ImageChannel::Rgb;
    VkImageView view = VK_NULL_HANDLE;
    VkDescriptorSet set = VK_NULL_HANDLE;
    uint64_t lastUsed = 0;  // frame_ of the last get()
  };
  struct Retired {
    VkDescriptorSet set = VK_NULL_HANDLE;
    uint64_t lastUsed = 0;
  };
  void retire(const Entry& e);

  std::vector<Entry> live_;
  std::vector<Retired> retired_;
  uint64_t frame_ = 0;
  uint64_t sceneUploads_ = UINT64_MAX;  // Renderer::sceneUploadCount the live sets are of
};

}  // namespace vitrine::app
