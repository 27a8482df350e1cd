// KHR_gaussian_splatting's splats in a frame (the extension's "Splat Composition"): after the
// scene pass has drawn everything else into `sceneColor` (opaque and blended geometry, the
// background, the overlays) and kept its depth, the splats of the view, prepared, sorted over
// the whole scene and binned into screen tiles on the CPU (splat/splat_view.h,
// splat/splat_tiles.h), are composited by a compute tile rasterizer (shaders/splat_tiles.comp)
// into a floating-point layer (premultiplied colour and the transmittance left), depth tested
// against the opaque depth and never writing it; then one full-screen pass writes the frame's
// target: the layer over the scene in the splats' colour space (shaders/splat_composite.frag).
// Splats are display referred: neither lit nor exposed nor tone mapped.
#pragma once

#include <array>
#include <span>
#include <unordered_map>

#include <volk.h>

#include "context.h"
#include "frames.h"
#include "mesh_draws.h"
#include "pipelines.h"
#include "resources.h"
#include "compute.h"
#include "splat_tiles.h"
#include "splat_view.h"
#include "targets.h"

namespace vitrine::renderer {

// The images of one output (the off-screen target or the window's swapchain) at its extent.
struct SplatTargets {
  VkExtent2D extent{0, 0};
  VkFormat format = VK_FORMAT_UNDEFINED;  // the target's (sceneColor's)
  Image sceneColor;  // the picture without the splats, the target's format, sampled
  Image layer;       // R32G32B32A32_SFLOAT: rgb = sum c_i alpha_i T_i, a = transmittance
  Image depth;       // single sample, resolved from the multisampled depth; empty at 1 sample
  // The depth the splats are tested against: depth's, or at 1 sample the frame's attachment.
  VkImage testedDepth = VK_NULL_HANDLE;
  VkImageView testedDepthView = VK_NULL_HANDLE;
  VkDescriptorSet compositeSet = VK_NULL_HANDLE;
};

// What a tile set (SplatPass::sets) was last written with.
struct SplatSetContents {
  VkBufferView splats = VK_NULL_HANDLE, tiles = VK_NULL_HANDLE;
  VkImageView depth = VK_NULL_HANDLE, layer = VK_NULL_HANDLE;
};

struct SplatPass {
  // shaders/splat_tiles.comp: 0 the splats, 1 the tiles, 2 the tested depth, 3 the layer.
  // Created with the first frame that has splats.
  ComputePipeline tiles;
  VkDescriptorSetLayout compositeSetLayout = VK_NULL_HANDLE;  // 0 sceneColor, 1 layer
  VkPipelineLayout compositeLayout = VK_NULL_HANDLE;
  VkShaderModule compositeVertex = VK_NULL_HANDLE, compositeFragment = VK_NULL_HANDLE;
  VkSampler sampler = VK_NULL_HANDLE;  // nearest (texelFetch)
  VkDescriptorPool pool = VK_NULL_HANDLE;
  std::unordered_map<VkFormat, VkPipeline> composites;  // by the target's format
  double creationSeconds = 0.0;
  // Per frame slot, host-visible, grown as needed once the slot was waited for: the view's
  // ProjectedSplats and its SplatTiles::words, texel buffers with their views, and the
  // generation they hold (stageSplats).
  std::array<Buffer, kFramesInFlight> buffers, tileBuffers;
  std::array<VkBufferView, kFramesInFlight> views{}, tileViews{};
  std::array<uint64_t, kFramesInFlight> staged{};
  // Per frame slot and output: the tile rasterizer's set, and what it holds.
  std::array<std::array<VkDescriptorSet, 2>, kFramesInFlight> sets{};
  std::array<std::array<SplatSetContents, 2>, kFramesInFlight> setContents{};
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
  uint32_t output = 0;
  uint32_t count = 0;  // splats in pass->buffers[slot]
  uint32_t tilesX = 0, tilesY = 0;
  scene::SplatColorSpace space = scene::SplatColorSpace::SrgbDisplay;
  int channel = 0;  // View::channel
};

// Copies `splats` (binned into `tiles`) and tiles.words into the slot's buffers (its previous
// frame waited for) unless they hold `generation` already (a number the caller changes whenever
// it prepares the splats anew), and makes `output`'s targets fit `attachments` (waiting for the
// device when they must be replaced). Returns the draw, count 0 when there is nothing to draw
// or when the tiles' words exceed the device's maxTexelBufferElements.
SplatDraw stageSplats(const Context& ctx, SplatPass& pass, uint32_t output, uint32_t slot,
                      std::span<const splat::ProjectedSplat> splats, scene::SplatColorSpace space,
                      const splat::SplatTiles& tiles, uint64_t generation,
                      const Attachments& attachments, int channel);

// Forgets `output`'s targets and what its sets held, when its attachments are replaced (the
// device idle): the next frame with splats makes them again. The depth the splats test is the
// attachment's own at 1 sample, and a new attachment may reuse the old one's handles.
void releaseSplatTargets(const Context& ctx, SplatPass& pass, uint32_t output);

// The scene pass's target while splats are drawn: sceneColor, and its depth keeping (the
// single-sample depth image to resolve into, or none to store the single-sample depth itself).
FinalImage splatSceneTarget(const SplatDraw& draw);
// Records the transitions of the splat targets before the scene pass (inside no rendering).
void prepareSplatTargets(VkCommandBuffer cmd, const SplatDraw& draw);
// After the scene pass: the splats into the layer, then the composite into `target` (left in
// COLOR_ATTACHMENT_OPTIMAL, written, as the scene pass leaves it). The tested depth is left in
// DEPTH_ATTACHMENT_OPTIMAL, after the compute reads, for the next frame's scene pass.
void recordSplats(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                  const SplatDraw& draw, const Attachments& attachments, const FinalImage& target);

}  // namespace vitrine::renderer
