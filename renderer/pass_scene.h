// Recording the scene pass: attachment barriers, dynamic rendering with MSAA resolve, and
// the draws (opaque and mask first, then blend back to front).
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "background.h"
#include "context.h"
#include "pipelines.h"
#include "renderer.h"
#include "scene_gpu.h"
#include "shared_types.h"
#include "targets.h"

namespace vitrine::renderer {

// The single-sample image the frame ends up in (the resolve target, or the only colour
// attachment without MSAA). Its previous contents are discarded.
struct FinalImage {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  // The last user of the image (its layout transition waits for it): Present (the swapchain
  // acquire semaphore's wait), or Copy (the previous readback).
  ImageUser previousUser = ImageUser::None;
};

// The order of a frame's draws: opaque and mask draws without transmission first (in scene
// order), then transmissive ones, then blended ones back to front by the squared distance of
// their centre (world from `nodes`) to `eye`, stable for equal keys. A key that is NaN (a huge
// but finite world matrix can overflow to inf - inf) sorts as 0, nearest: std::stable_sort
// needs a strict weak ordering, which NaN breaks. KHR_node_visibility's hidden draws are left out.
struct DrawOrder {
  std::vector<uint32_t> draws;
  size_t opaque = 0;          // draws[0, opaque): opaque and mask draws without transmission
  bool transmission = false;  // some draw has KHR_materials_transmission
};
DrawOrder drawOrder(const SceneGpu& scene, const std::vector<gpu::NodeData>& nodes,
                    const glm::vec3& eye);

// Clears to view.clearColor and draws `scene` (may be null: clear only), but for the draws of
// nodes KHR_node_visibility hides; returns what it drew (the mesh draws, not the background).
// Leaves the final image in COLOR_ATTACHMENT_OPTIMAL, written in the COLOR_ATTACHMENT_OUTPUT stage.
// environmentSet is descriptor set 2 (environment.h). With a `background`, the environment is
// drawn behind the scene, after its opaque and mask draws and before its blended ones
// (background.h); null: the clear colour stays. When a drawn material has
// KHR_materials_transmission, the transmission pass (transmission.h) comes first, into the
// attachments' transmission texture (created on first use); otherwise nothing more is recorded.
DrawStats recordScene(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu* scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view, Attachments& attachments,
                      const FinalImage& target, BackgroundPass* background);

}  // namespace vitrine::renderer
