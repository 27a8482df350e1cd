#include "pass_overlays.h"

#include "deform_gpu.h"

namespace vitrine::renderer {

uint32_t recordWireframe(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                         const SceneGpu& scene, uint32_t slot, VkFormat colorFormat,
                         VkSampleCountFlagBits samples, const std::vector<uint32_t>& draws) {
  if (!ctx.fillModeNonSolid || draws.empty()) return 0;
  VkBuffer buffers[kStreamCount];
  for (uint32_t i = 0; i < kStreamCount; ++i) buffers[i] = scene.vertices.buffer;
  vkCmdBindVertexBuffers(cmd, 0, kStreamCount, buffers, scene.streamOffsets.data());
  vkCmdBindIndexBuffer(cmd, scene.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,
                          &scene.frames[slot].set, 0, nullptr);
  // mesh.vert's own specialization: skinning and the morph targets' attributes.
  constexpr uint32_t kVertexFeatures =
      kFeatureSkin | (uint32_t(gpu::kMorphAll) << kFeatureMorphShift);
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
    vkCmdDrawIndexed(cmd, d.indexCount, 1, d.firstIndex, d.vertexOffset, 0);
    ++recorded;
  }
  return recorded;
}

}  // namespace vitrine::renderer
