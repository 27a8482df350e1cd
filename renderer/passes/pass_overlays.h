// The overlays pass (issue 22): what is drawn over the shaded or channel picture, inside the
// scene's rendering (its attachments, MSAA and depth), after the scene's draws: the wireframe,
// then the lines (skeletons, normals, bounds, gizmos). Owns their pipelines
// (PipelineKey::wireframe and ::lines: wireframe.frag, lines.vert/.frag; created on first use
// through pipelineFor like the mesh pipelines) and fills the frame slot's line buffer.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <volk.h>

#include "context.h"
#include "pipelines.h"
#include "renderer_types.h"
#include "resources.h"
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

// The lines of `depthTested` then `onTop` (line lists of world-space vertices), copied into
// `buffer` (the frame slot's: grown when too small, so the slot must have been waited for)
// and drawn one pixel wide, the first depth tested against the scene, the second over
// everything. Binds set 0 of frame slot `slot` (the camera). Returns the segments drawn.
uint32_t recordLines(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                     const SceneGpu& scene, uint32_t slot, VkFormat colorFormat,
                     VkSampleCountFlagBits samples, Buffer& buffer,
                     std::span<const LineVertex> depthTested, std::span<const LineVertex> onTop);

}  // namespace vitrine::renderer
