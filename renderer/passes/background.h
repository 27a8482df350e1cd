// The environment background: a full-screen triangle in the scene pass showing the
// environment behind the geometry (shaders/background.*). Drawn after the opaque and mask
// draws, at depth 1 with test LESS_OR_EQUAL and no depth write, so lavapipe shades only the
// pixels no geometry covers, and before the blended draws, which blend over it.
#pragma once

#include <array>
#include <unordered_map>

#include <volk.h>

#include "context.h"
#include "frames.h"
#include "pipelines.h"
#include "renderer_types.h"

namespace vitrine::renderer {

struct BackgroundPass {
  VkShaderModule vertex = VK_NULL_HANDLE;
  VkShaderModule fragment = VK_NULL_HANDLE;
  // background.frag with VITRINE_GROUND: the ground under the asset (View::ground).
  VkShaderModule fragmentGround = VK_NULL_HANDLE;
  // Per colour format and tone mapping operator (a specialization constant: lavapipe would
  // otherwise run all four operators on every pixel), compiled on first use.
  std::unordered_map<uint64_t, VkPipeline> pipelines;
  double creationSeconds = 0.0;  // wall seconds spent creating them (Renderer::setupTimings)
  // Set 0 with only FrameData (binding 0) per frame slot, for frames without a scene (whose
  // set 0 the background otherwise shares).
  VkDescriptorPool pool = VK_NULL_HANDLE;
  std::array<VkDescriptorSet, kFramesInFlight> frameSets{};
};

// frameData[i] is the FrameData buffer of slot i.
void createBackgroundPass(const Context& ctx, const PipelineLayouts& layouts,
                          const std::array<VkBuffer, kFramesInFlight>& frameData,
                          BackgroundPass& pass);
void destroyBackgroundPass(const Context& ctx, BackgroundPass& pass);

// Records the background draw inside the scene pass (dynamic rendering with `colorFormat`,
// `samples` and the pipelines' depth format; viewport and scissor set), tone mapped
// with `tonemap` (gpu::kTonemap*, as FrameData::shading.y). Binds its
// pipeline, and sets 0 (the pass's own for `slot`, unless `frameSetBound`: a scene's set 0 of
// the same layout is bound already) and 2 (`environmentSet`). Leaves set 1 as it was. With
// `ground` (only where `frameSetBound`: it reads the scene's lights and shadow maps), the ground
// variant darkens the background where the shadows `groundShadows` (GroundShadow bits) fall on
// it (View::Ground).
// What the ground's shader is specialized for (its kGroundShadows): the shadows it reads, each
// compiled in only when there is one (lavapipe runs what a runtime test would skip).
enum GroundShadow : uint32_t {
  kGroundLights = 1,      // some directional or spot light is shadowed
  kGroundPointLight = 2,  // the point light is
  kGroundKeyLight = 4,    // the environment's key light is
  kGroundContact = 8,     // the contact shadow
};

void recordBackground(VkCommandBuffer cmd, const Context& ctx, const Pipelines& pipelines,
                      BackgroundPass& pass, VkFormat colorFormat, VkSampleCountFlagBits samples,
                      int tonemap, uint32_t slot, bool frameSetBound,
                      VkDescriptorSet environmentSet, const View::Ground* ground = nullptr,
                      uint32_t groundShadows = 0);

}  // namespace vitrine::renderer
