#include "pass_overlays.h"

#include <cstring>

#include "deform_gpu.h"
#include "mesh_draws.h"

namespace vitrine::renderer {

uint32_t recordWireframe(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                         const SceneGpu& scene, uint32_t slot, VkFormat colorFormat,
                         VkSampleCountFlagBits samples, const std::vector<uint32_t>& draws) {
  if (!ctx.fillModeNonSolid || draws.empty()) return 0;
  bindSceneGeometry(cmd, pipelines, scene, slot);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  // mesh.vert's own specialization: skinning, the morph targets' attributes, instancing.
  constexpr uint32_t kVertexFeatures =
      kFeatureSkin | (uint32_t(gpu::kMorphAll) << kFeatureMorphShift) | kFeatureInstanced;
  VkPipeline bound = VK_NULL_HANDLE;
  uint32_t recorded = 0;
  for (const uint32_t index : draws) {
    const Draw& d = scene.draws[index];
    PipelineKey key;
    key.colorFormat = colorFormat;
    key.samples = samples;
    key.features = d.features & kVertexFeatures;
    key.topology = d.topology;
    key.wireframe = true;
    const VkPipeline pipeline = pipelineFor(ctx, pipelines, key);
    if (pipeline != bound) {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      bound = pipeline;
    }
    const gpu::DrawConstants constants = drawConstants(d);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof(constants), &constants);
    vkCmdDrawIndexed(cmd, d.indexCount, d.instanceCount, d.firstIndex, d.vertexOffset,
                     d.firstInstance);
    ++recorded;
  }
  return recorded;
}

uint32_t recordLines(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                     const SceneGpu& scene, uint32_t slot, VkFormat colorFormat,
                     VkSampleCountFlagBits samples, Buffer& buffer,
                     std::span<const LineVertex> depthTested, std::span<const LineVertex> onTop) {
  // Whole segments only: an odd vertex out is dropped.
  const size_t tested = depthTested.size() & ~size_t(1), top = onTop.size() & ~size_t(1);
  if (tested + top == 0) return 0;
  const VkDeviceSize bytes = VkDeviceSize(tested + top) * sizeof(LineVertex);
  if (buffer.size < bytes) {
    destroyBuffer(ctx, buffer);
    // Half as much again: a growing skeleton or selection does not reallocate every frame.
    buffer = createBuffer(ctx, bytes + bytes / 2, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  }
  auto* out = static_cast<LineVertex*>(buffer.mapped);
  std::memcpy(out, depthTested.data(), tested * sizeof(LineVertex));
  std::memcpy(out + tested, onTop.data(), top * sizeof(LineVertex));
  const VkDeviceSize offset = 0;
  vkCmdBindVertexBuffers(cmd, 0, 1, &buffer.buffer, &offset);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layouts.layout, 0, 1,
                          &scene.frames[slot].set, 0, nullptr);
  PipelineKey key;
  key.colorFormat = colorFormat;
  key.samples = samples;
  key.lines = true;
  if (tested) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineFor(ctx, pipelines, key));
    vkCmdDraw(cmd, uint32_t(tested), 1, 0, 0);
  }
  if (top) {
    key.onTop = true;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineFor(ctx, pipelines, key));
    vkCmdDraw(cmd, uint32_t(top), 1, uint32_t(tested), 0);
  }
  return uint32_t((tested + top) / 2);
}

}  // namespace vitrine::renderer
