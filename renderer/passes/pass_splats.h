// KHR_gaussian_splatting's splats in a frame (the extension's "Splat Composition"): after the
// scene pass has drawn everything else into `sceneColor` (opaque and blended geometry, the
// background, the overlays) and kept its depth, the splats of the view, prepared and sorted
// back to front on the CPU (splat/splat_view.h), are blended into a floating-point layer
// (premultiplied colour and the transmittance left), depth tested against the opaque depth
// and never writing it; then one full-screen pass writes the frame's target: the layer over the
// scene in the splats' colour space (shaders/splat_composite.frag). Splats are display
// referred: neither lit nor exposed nor tone mapped.
#pragma once

#include <array>
#include <unordered_map>

#include <volk.h>

#include "context.h"
#include "frames.h"
#include "mesh_draws.h"
#include "pipelines.h"
#include "resources.h"
#include "splat_view.h"
#include "targets.h"

namespace vitrine::renderer {

// The images of one output (the off-screen target or the window's swapchain) at its extent.
struct SplatTargets {
  VkExtent2D extent{0, 0};
  VkFormat format = VK_FORMAT_UNDEFINED;  // the target's (sceneColor's)
  Image sceneColor;  // the picture without the splats, the target's format, sampled
  Image layer;       // SplatPass::layerFormat: rgb = sum c_i alpha_i T_i, a = transmittance
  Image depth;       // single sample, resolved from the multisampled depth; empty at 1 sample
  VkDescriptorSet compositeSet = VK_NULL_HANDLE;
};

struct SplatPass {
  VkDescriptorSetLayout splatSetLayout = VK_NULL_HANDLE;      // binding 0: the splats
  VkDescriptorSetLayout compositeSetLayout = VK_NULL_HANDLE;  // 0 sceneColor, 1 layer
  VkPipelineLayout splatLayout = VK_NULL_HANDLE;
  VkPipelineLayout compositeLayout = VK_NULL_HANDLE;
  VkShaderModule vertex = VK_NULL_HANDLE, fragment = VK_NULL_HANDLE;
  VkShaderModule compositeVertex = VK_NULL_HANDLE, compositeFragment = VK_NULL_HANDLE;
  VkSampler sampler = VK_NULL_HANDLE;  // nearest (texelFetch)
  // The layer's: R32G32B32A32_SFLOAT where the device blends it, else R16G16B16A16_SFLOAT.
  VkFormat layerFormat = VK_FORMAT_UNDEFINED;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  std::unordered_map<uint64_t, VkPipeline> pipelines;  // by (kind, format)
  double creationSeconds = 0.0;
  // Per frame slot: the view's ProjectedSplats (host-visible, grown as needed once the slot
  // was waited for) and the set that reads them.
  std::array<Buffer, kFramesInFlight> buffers;
  std::array<VkDescriptorSet, kFramesInFlight> sets{};
  // 0: the off-screen output's, 1: the window's.
  std::array<SplatTargets, 2> targets;
};

void createSplatPass(const Context& ctx, SplatPass& pass);
void destroySplatPass(const Context& ctx, SplatPass& pass);

// What recordScene() needs to draw a frame's splats.
struct SplatDraw {
  SplatPass* pass = nullptr;
  SplatTargets* targets = nullptr;
  uint32_t slot = 0;
  uint32_t count = 0;  // splats in pass->buffers[slot]
  scene::SplatColorSpace space = scene::SplatColorSpace::SrgbDisplay;
  int channel = 0;  // View::channel
};

// Copies frame.splats into the slot's buffer (its previous frame waited for) and makes
// `output`'s targets fit `attachments` (waiting for the device when they must be replaced).
// Returns the draw, count 0 when there is nothing to draw.
SplatDraw stageSplats(const Context& ctx, SplatPass& pass, uint32_t output, uint32_t slot,
                      const splat::SplatFrame& frame, const Attachments& attachments, int channel);

// The scene pass's target while splats are drawn: sceneColor, and its depth keeping (the
// single-sample depth image to resolve into, or none to store the single-sample depth itself).
FinalImage splatSceneTarget(const SplatDraw& draw);
// Records the transitions of the splat targets before the scene pass (inside no rendering).
void prepareSplatTargets(VkCommandBuffer cmd, const SplatDraw& draw);
// After the scene pass: the splats into the layer, then the composite into `target` (left in
// COLOR_ATTACHMENT_OPTIMAL, written, as the scene pass leaves it).
void recordSplats(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                  const SplatDraw& draw, const Attachments& attachments, const FinalImage& target);

}  // namespace vitrine::renderer
