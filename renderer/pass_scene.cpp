#include "record.h"

#include <algorithm>
#include <cmath>

#include "transmission.h"
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

// Clears `msaa` (resolved into `target`) or, without one, `target` itself, and the depth.
void beginRendering(VkCommandBuffer cmd, VkImageView msaa, VkImageView depthView,
                    const FinalImage& target, VkExtent2D extent, const View& view) {
  auto color = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.clearValue.color = {
      {view.clearColor.r, view.clearColor.g, view.clearColor.b, view.clearColor.a}};
  if (msaa) {
    color.imageView = msaa;
    color.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    color.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
    color.resolveImageView = target.view;
    color.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  } else {
    color.imageView = target.view;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  }
  auto depth = vkStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  depth.imageView = depthView;
  depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.clearValue.depthStencil = {1.0f, 0};

  auto info = vkStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  info.renderArea = {{0, 0}, extent};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  info.pDepthAttachment = &depth;
  vkCmdBeginRendering(cmd, &info);

  const VkViewport viewport{0.0f, 0.0f, float(extent.width), float(extent.height), 0.0f, 1.0f};
  const VkRect2D scissor{{0, 0}, extent};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &scissor);
}

bool transmissive(const Draw& d) {
  return (d.layers & uint32_t(gpu::kLayerTransmission)) != 0;
}

}  // namespace

DrawOrder drawOrder(const SceneGpu& scene, const std::vector<gpu::NodeData>& nodes,
                    const glm::vec3& eye) {
  DrawOrder out;
  std::vector<uint32_t> transmitting;
  std::vector<std::pair<float, uint32_t>> blended;
  out.draws.reserve(scene.draws.size());
  for (uint32_t i = 0; i < scene.draws.size(); ++i) {
    const Draw& d = scene.draws[i];
    if (d.node < scene.hidden.size() && scene.hidden[d.node]) continue;  // KHR_node_visibility
    if (transmissive(d)) out.transmission = true;
    if (!d.blend) {
      (transmissive(d) ? transmitting : out.draws).push_back(i);
      continue;
    }
    const glm::mat4& world = d.node < nodes.size() ? nodes[d.node].world : glm::mat4(1.0f);
    const glm::vec3 center = glm::vec3(world * glm::vec4(d.center, 1.0f));
    const glm::vec3 toEye = center - eye;
    // A NaN key would break the sort's strict weak ordering (undefined behaviour); nodeData()
    // and sanitizedView() keep NaN out, and this keeps an overflow to infinity ordered too.
    const float key = glm::dot(toEye, toEye);
    blended.emplace_back(std::isnan(key) ? 0.0f : key, i);
  }
  out.opaque = out.draws.size();
  out.draws.insert(out.draws.end(), transmitting.begin(), transmitting.end());
  std::stable_sort(blended.begin(), blended.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [distance, i] : blended) out.draws.push_back(i);
  return out;
}

namespace {

// What differs between the transmission pass and the main pass.
struct PassSetup {
  VkFormat colorFormat = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  uint32_t features = 0;      // ShaderFeature bits of every draw (tone mapping, lights, linear)
  int backgroundTonemap = 0;  // gpu::kTonemap*
  // Set 3, bound before the first transmissive draw; null in the transmission pass.
  VkDescriptorSet transmissionSet = VK_NULL_HANDLE;
};

DrawStats recordDraws(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu& scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const PassSetup& pass, const uint32_t* order,
                      size_t count, BackgroundPass* background) {
  DrawStats stats;
  if (count == 0) {
    if (background)
      recordBackground(cmd, ctx, pipelines, *background, pass.colorFormat, pass.samples,
                       pass.backgroundTonemap, slot, false, environmentSet);
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

  VkPipeline bound = VK_NULL_HANDLE;
  uint32_t boundMaterial = UINT32_MAX;
  bool backgroundDrawn = background == nullptr;
  bool transmissionBound = false;
  for (size_t k = 0; k < count; ++k) {
    const Draw& d = scene.draws[order[k]];
    // The background between the opaque and mask draws (which hide most of it from the
    // depth test) and the blended ones (which blend over it).
    if (d.blend && !backgroundDrawn) {
      recordBackground(cmd, ctx, pipelines, *background, pass.colorFormat, pass.samples,
                       pass.backgroundTonemap, slot, true, environmentSet);
      backgroundDrawn = true;
      bound = VK_NULL_HANDLE;
    }
    if (transmissive(d) && !transmissionBound) {
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 3, 1,
                              &pass.transmissionSet, 0, nullptr);
      transmissionBound = true;
    }
    PipelineKey key;
    key.colorFormat = pass.colorFormat;
    key.samples = pass.samples;
    key.features = d.features | pass.features;
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
    recordBackground(cmd, ctx, pipelines, *background, pass.colorFormat, pass.samples,
                     pass.backgroundTonemap, slot, true, environmentSet);
  return stats;
}

// The transmission pass (KHR_materials_transmission): the opaque and mask draws without
// transmission, and the background, in linear radiance into the transmission texture, whose
// mip chain is then generated. One sample per pixel, whatever the frame's MSAA: the texture is
// only ever read blurred and refracted, and the pass then costs no resolve and a quarter of the
// fragment work at 4x. Creates the texture the first time it is needed at this extent.
void recordTransmissionPass(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                            const SceneGpu& scene, uint32_t slot,
                            const std::vector<gpu::NodeData>& nodes, VkDescriptorSet environmentSet,
                            const View& view, Attachments& a, const DrawOrder& order,
                            uint32_t frameFeatures, BackgroundPass* background) {
  if (!a.transmission.color.image)
    a.transmission = createTransmissionTarget(ctx, pipelines.layouts.transmission, a.extent);
  const TransmissionTarget& t = a.transmission;
  beginTransmissionTarget(cmd, t);

  FinalImage level0;
  level0.image = t.color.image;
  level0.view = t.level0;
  beginRendering(cmd, VK_NULL_HANDLE, t.depth.view, level0, a.extent, view);
  PassSetup pass;
  pass.colorFormat = kTransmissionFormat;
  pass.samples = VK_SAMPLE_COUNT_1_BIT;
  pass.features = frameFeatures | kFeatureLinearOutput;
  pass.backgroundTonemap = gpu::kTonemapLinear;
  recordDraws(cmd, ctx, pipelines, scene, slot, nodes, environmentSet, pass, order.draws.data(),
              order.opaque, background);
  vkCmdEndRendering(cmd);
  finishTransmissionTarget(cmd, t);
}

}  // namespace

DrawStats recordScene(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu* scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view, Attachments& attachments,
                      const FinalImage& target, BackgroundPass* background) {
  DrawStats stats;
  PassSetup pass;
  pass.colorFormat = attachments.colorFormat;
  pass.samples = ctx.samples;
  pass.backgroundTonemap = tonemapOperator(view.tonemap);
  DrawOrder order;
  if (scene) {
    order = drawOrder(*scene, nodes, view.eye);
    // Per frame, not per draw: the mesh shader is specialized for the view's tone mapping
    // operator (the one FrameData::shading.y names too) and for whether there are lights.
    pass.features = (uint32_t(pass.backgroundTonemap) << kFeatureTonemapShift) |
                    (scene->lights.empty() ? 0u : uint32_t(kFeatureLights));
    if (order.transmission) {
      recordTransmissionPass(cmd, ctx, pipelines, *scene, slot, nodes, environmentSet, view,
                             attachments, order, pass.features, background);
      pass.transmissionSet = attachments.transmission.set;
      stats.transmissionPasses = 1;
    }
  }
  transitionAttachments(cmd, attachments, target);
  beginRendering(cmd, attachments.color.view, attachments.depth.view, target, attachments.extent,
                 view);
  if (scene) {
    const DrawStats drawn = recordDraws(cmd, ctx, pipelines, *scene, slot, nodes, environmentSet,
                                        pass, order.draws.data(), order.draws.size(), background);
    stats.drawCalls = drawn.drawCalls;
    stats.triangles = drawn.triangles;
  } else if (background) {
    recordBackground(cmd, ctx, pipelines, *background, attachments.colorFormat, ctx.samples,
                     pass.backgroundTonemap, slot, false, environmentSet);
  }
  vkCmdEndRendering(cmd);
  return stats;
}

}  // namespace vitrine::renderer
