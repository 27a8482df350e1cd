// Drawing the scene's meshes, shared by the passes that do (pass_scene.h, the main one;
// pass_transmission.h): the order of a frame's draws, the dynamic rendering they draw in, and
// the draws themselves with their pipelines (the mesh shaders specialized per draw and pass).
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "background.h"
#include "context.h"
#include "pipelines.h"
#include "renderer_types.h"
#include "resources.h"
#include "scene_gpu.h"
#include "shared_types.h"

namespace vitrine::renderer {

// The single-sample image the frame ends up in (the resolve target, or the only colour
// attachment without MSAA). Its previous contents are discarded.
struct FinalImage {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  // The last user of the image (its layout transition waits for it): Present (the swapchain
  // acquire semaphore's wait), or Copy (the previous readback).
  ImageUser previousUser = ImageUser::None;
  // The scene pass's depth kept for a later pass (pass_splats.h): resolved (sample 0) into
  // this single-sample depth image when multisampled, or stored when `storeDepth`.
  VkImageView depthResolve = VK_NULL_HANDLE;
  bool storeDepth = false;
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
// `shown`: when not empty, only the draws of nodes n with shown[n] != 0 (View::shownNodes).
DrawOrder drawOrder(const SceneGpu& scene, const std::vector<gpu::NodeData>& nodes,
                    const glm::vec3& eye, std::span<const uint8_t> shown = {});

// What differs between the passes that draw the meshes: the transmission pass and the main pass.
struct PassSetup {
  VkFormat colorFormat = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  uint32_t features = 0;      // ShaderFeature bits of every draw (tone mapping, lights, linear)
  int backgroundTonemap = 0;  // gpu::kTonemap*
  // Set 3, bound before the first transmissive draw; null in the transmission pass and in
  // channel views (which read no transmission).
  VkDescriptorSet transmissionSet = VK_NULL_HANDLE;
  int channel = gpu::kChannelShaded;  // View::channel
  // The ground the background draw shows (View::ground), null when none.
  const View::Ground* ground = nullptr;
  uint32_t groundShadows = 0;  // GroundShadow bits: what it shows
};

// What a loop of scene draws has bound: the pipeline and the material's set (set 1, bound for
// every draw: the shaders declare it whether or not their specialization reads it). draw()
// binds what differs, pushes `constants` and records d's indexed draw. A pass that binds
// another pipeline between draws (the background) resets `pipeline`.
struct DrawBinder {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  const SceneGpu* scene = nullptr;
  VkPipeline pipeline = VK_NULL_HANDLE;
  uint32_t material = UINT32_MAX;

  void draw(VkPipeline p, const Draw& d, const gpu::DrawConstants& constants);
};

// Begins dynamic rendering into `msaa` resolved into `target` (without `msaa`, into `target`
// itself), both cleared to view.clearColor, and the depth cleared to 1; viewport and scissor
// the whole `extent`.
void beginRendering(VkCommandBuffer cmd, VkImageView msaa, VkImageView depthView,
                    const FinalImage& target, VkExtent2D extent, const View& view);

// Binds the scene's vertex streams and index buffer (for mesh.vert) and set 0 of frame slot
// `slot` (the frame, nodes, skins and morphs) in the mesh pipeline layout.
void bindSceneGeometry(VkCommandBuffer cmd, const Pipelines& pipelines, const SceneGpu& scene,
                       uint32_t slot);

// Records `count` draws of scene.draws (indices `order`), opaque and mask ones first, with the
// background (when given) between them and the blended ones; returns what it drew. Sets 0
// (frame slot `slot`), 1 (per material), 2 (`environmentSet`) and, before the first
// transmissive draw, 3 (pass.transmissionSet, when set) are bound here.
DrawStats recordDraws(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu& scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const PassSetup& pass, const uint32_t* order,
                      size_t count, BackgroundPass* background);

}  // namespace vitrine::renderer
