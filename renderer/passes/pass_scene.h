// The main (opaque) pass: attachment barriers, dynamic rendering with MSAA resolve, the draws
// (opaque and mask first, then blend back to front; mesh_draws.h) and the overlays over them.
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "background.h"
#include "context.h"
#include "pipelines.h"
#include "renderer_types.h"
#include "scene_gpu.h"
#include "shared_types.h"
#include "mesh_draws.h"
#include "pass_shadows.h"
#include "pass_splats.h"
#include "targets.h"

namespace vitrine::renderer {

// Clears to view.clearColor and draws `scene` (may be null: clear only), but for the draws of
// nodes KHR_node_visibility hides; returns what it drew (the mesh draws, not the background).
// Leaves the final image in COLOR_ATTACHMENT_OPTIMAL, written in the COLOR_ATTACHMENT_OUTPUT stage.
// environmentSet is descriptor set 2 (environment.h). With a `background`, the environment is
// drawn behind the scene, after its opaque and mask draws and before its blended ones
// (background.h); null: the clear colour stays. When a drawn material has
// KHR_materials_transmission, the transmission pass (pass_transmission.h) comes first, into the
// attachments' transmission texture (created on first use); otherwise nothing more is recorded.
// The overlays (view.wireframe, view.lines, view.linesOnTop; pass_overlays.h) come last, the
// lines through `lineBuffer`, the frame slot's (waited for). With view.shadows and lights in
// shadows.plan, the shadow maps (pass_shadows.h) come first, re-rendered only when stale.
// With `splats` of a non-zero count, all of that goes into the splat targets' sceneColor, and
// the splats and their composite into `target` follow (pass_splats.h).
DrawStats recordScene(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu* scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view, Attachments& attachments,
                      const FinalImage& target, BackgroundPass* background, Buffer& lineBuffer,
                      ShadowMaps& shadows, const SplatDraw& splats);

}  // namespace vitrine::renderer
