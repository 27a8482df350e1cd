// The overlays pass (issue 22): what is drawn over the shaded or channel picture, inside the
// scene's rendering (its attachments, MSAA and depth), after the scene's draws. Owns the
// wireframe pipelines (PipelineKey::wireframe, wireframe.frag; created on first use through
// pipelineFor like the mesh pipelines).
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

#include "context.h"
#include "pipelines.h"
#include "scene_gpu.h"

namespace vitrine::renderer {

// The wireframe: each of `draws` (indices into scene.draws) drawn again through mesh.vert (so
// skinned and morphed as drawn) with its triangles as their edges, one pixel wide, in
// gpu::kWireframeColor, and its lines and points as they are; depth tested against the scene
// (pulled towards the eye by a depth bias), not written. Binds what it needs (vertex and index
// buffers, set 0 of frame slot `slot`). Returns the draws recorded: none without
// Context::fillModeNonSolid.
uint32_t recordWireframe(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                         const SceneGpu& scene, uint32_t slot, VkFormat colorFormat,
                         VkSampleCountFlagBits samples, const std::vector<uint32_t>& draws);

}  // namespace vitrine::renderer
