#include "record.h"

#include <algorithm>

#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

void transitionAttachments(VkCommandBuffer cmd, const Attachments& a, const FinalImage& target) {
  constexpr VkImageLayout kUndefined = VK_IMAGE_LAYOUT_UNDEFINED;
  constexpr VkImageLayout kColor = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  constexpr VkImageLayout kDepth = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  ImageBarrier barriers[3];
  uint32_t count = 0;
  barriers[count++] =
      transition(target.image, {kUndefined, target.previousUser}, {kColor, ImageUser::ColorWrite});
  // The attachments are shared by the frames in flight: wait for the previous frame's
  // writes (and resolve reads) before discarding their contents.
  if (a.color.image) {
    barriers[count++] =
        transition(a.color.image, {kUndefined, ImageUser::Color}, {kColor, ImageUser::Color});
  }
  barriers[count++] = transition(a.depth.image, {kUndefined, ImageUser::Depth},
                                 {kDepth, ImageUser::Depth}, {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT});
  imageBarriers(cmd, barriers, count);
}

void beginRendering(VkCommandBuffer cmd, const Attachments& a, const FinalImage& target,
                    const View& view) {
  auto color = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.clearValue.color = {
      {view.clearColor.r, view.clearColor.g, view.clearColor.b, view.clearColor.a}};
  if (a.color.image) {
    color.imageView = a.color.view;
    color.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    color.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
    color.resolveImageView = target.view;
    color.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  } else {
    color.imageView = target.view;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  }
  auto depth = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  depth.imageView = a.depth.view;
  depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.clearValue.depthStencil = {1.0f, 0};

  auto info = vkStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  info.renderArea = {{0, 0}, a.extent};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  info.pDepthAttachment = &depth;
  vkCmdBeginRendering(cmd, &info);

  const VkViewport viewport{0.0f, 0.0f, float(a.extent.width), float(a.extent.height), 0.0f, 1.0f};
  const VkRect2D scissor{{0, 0}, a.extent};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &scissor);
}

// Opaque and mask draws in scene order, then blend draws sorted back to front by the
// distance from the eye to the centre of their bounds. Draws of hidden nodes are left out.
std::vector<uint32_t> drawOrder(const SceneGpu& scene, const std::vector<gpu::NodeData>& nodes,
                                const glm::vec3& eye) {
  std::vector<uint32_t> order;
  std::vector<std::pair<float, uint32_t>> blended;
  order.reserve(scene.draws.size());
  for (uint32_t i = 0; i < scene.draws.size(); ++i) {
    const Draw& d = scene.draws[i];
    if (d.node < scene.hidden.size() && scene.hidden[d.node]) continue;  // KHR_node_visibility
    if (!d.blend) {
      order.push_back(i);
      continue;
    }
    const glm::mat4& world = d.node < nodes.size() ? nodes[d.node].world : glm::mat4(1.0f);
    const glm::vec3 center = glm::vec3(world * glm::vec4(d.center, 1.0f));
    const glm::vec3 toEye = center - eye;
    blended.emplace_back(glm::dot(toEye, toEye), i);
  }
  std::stable_sort(blended.begin(), blended.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [distance, i] : blended) order.push_back(i);
  return order;
}

DrawStats recordDraws(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu& scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view, VkFormat colorFormat,
                      BackgroundPass* background) {
  DrawStats stats;
  if (scene.draws.empty()) {
    if (background)
      recordBackground(cmd, ctx, pipelines, *background, colorFormat, tonemapOperator(view.tonemap),
                       slot, false, environmentSet);
    return stats;
  }
  VkBuffer buffers[kStreamCount];
  for (uint32_t i = 0; i < kStreamCount; ++i) buffers[i] = scene.vertices.buffer;
  vkCmdBindVertexBuffers(cmd, 0, kStreamCount, buffers, scene.streamOffsets.data());
  vkCmdBindIndexBuffer(cmd, scene.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,
                          &scene.frames[slot].set, 0, nullptr);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 2, 1, &environmentSet, 0,
                          nullptr);

  // Per frame, not per draw: the mesh shader is specialized for the view's tone mapping
  // operator (the one FrameData::shading.y names too) and for whether there are lights.
  const int tonemap = tonemapOperator(view.tonemap);
  const uint32_t frameFeatures = (uint32_t(tonemap) << kFeatureTonemapShift) |
                                 (scene.lights.empty() ? 0u : uint32_t(kFeatureLights));

  VkPipeline bound = VK_NULL_HANDLE;
  uint32_t boundMaterial = UINT32_MAX;
  bool backgroundDrawn = background == nullptr;
  for (uint32_t i : drawOrder(scene, nodes, view.eye)) {
    const Draw& d = scene.draws[i];
    // The background between the opaque and mask draws (which hide most of it from the
    // depth test) and the blended ones (which blend over it).
    if (d.blend && !backgroundDrawn) {
      recordBackground(cmd, ctx, pipelines, *background, colorFormat, tonemapOperator(view.tonemap),
                       slot, true, environmentSet);
      backgroundDrawn = true;
      bound = VK_NULL_HANDLE;
    }
    PipelineKey key;
    key.colorFormat = colorFormat;
    key.features = d.features | frameFeatures;
    key.extensionSlots = d.extensionSlots;
    key.layers = d.layers;
    key.topology = d.topology;
    key.blend = d.blend;
    key.doubleSided = d.doubleSided;
    // glTF 2.0 §3.7.4: a negative determinant of the world matrix reverses the winding.
    key.frontClockwise = drawMirrored(scene, d, nodes);
    const VkPipeline pipeline = pipelineFor(ctx, pipelines, key);
    if (pipeline != bound) {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      bound = pipeline;
    }
    if (d.material != boundMaterial) {
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 1, 1,
                              &scene.materialSets[d.material], 0, nullptr);
      boundMaterial = d.material;
    }
    const gpu::DrawConstants constants = drawConstants(d);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof(constants), &constants);
    vkCmdDrawIndexed(cmd, d.indexCount, 1, d.firstIndex, d.vertexOffset, 0);
    ++stats.drawCalls;
    if (d.topology == scene::Topology::Triangles) stats.triangles += d.indexCount / 3;
  }
  if (!backgroundDrawn)
    recordBackground(cmd, ctx, pipelines, *background, colorFormat, tonemapOperator(view.tonemap),
                     slot, true, environmentSet);
  return stats;
}

}  // namespace

DrawStats recordScene(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu* scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view,
                      const Attachments& attachments, const FinalImage& target,
                      BackgroundPass* background) {
  DrawStats stats;
  transitionAttachments(cmd, attachments, target);
  beginRendering(cmd, attachments, target, view);
  if (scene) {
    stats = recordDraws(cmd, ctx, pipelines, *scene, slot, nodes, environmentSet, view,
                        attachments.colorFormat, background);
  } else if (background) {
    recordBackground(cmd, ctx, pipelines, *background, attachments.colorFormat,
                     tonemapOperator(view.tonemap), slot, false, environmentSet);
  }
  vkCmdEndRendering(cmd);
  return stats;
}

}  // namespace vitrine::renderer
