#include "mesh_draws.h"

#include <algorithm>
#include <cmath>

#include "deform_gpu.h"
#include "vk_struct.h"

namespace vitrine::renderer {
namespace {

bool transmissive(const Draw& d) {
  return (d.layers & uint32_t(gpu::kLayerTransmission)) != 0;
}

// Whether a channel view reads TEXCOORD_2..7 (a uv channel of those sets, or the checker,
// whose set is a per-frame choice).
bool channelReadsExtraTexcoords(int channel) {
  return channel == gpu::kChannelUvChecker ||
         (channel >= gpu::kChannelUv0 + 2 && channel < gpu::kChannelUv0 + gpu::kTexcoordSetCount);
}

}  // namespace

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
  depth.storeOp =
      target.storeDepth ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.clearValue.depthStencil = {1.0f, 0};
  if (target.depthResolve) {
    depth.resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;  // always supported for depth
    depth.resolveImageView = target.depthResolve;
    depth.resolveImageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  }

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

void bindSceneGeometry(VkCommandBuffer cmd, const Pipelines& pipelines, const SceneGpu& scene,
                       uint32_t slot) {
  // A scene of splat primitives alone (pass_splats.h) has no vertex or index data: nothing of
  // it is drawn from them.
  if (scene.vertices.buffer && scene.indices.buffer) {
    VkBuffer buffers[kStreamCount];
    for (uint32_t i = 0; i < kStreamCount; ++i) buffers[i] = scene.vertices.buffer;
    vkCmdBindVertexBuffers(cmd, 0, kStreamCount, buffers, scene.streamOffsets.data());
    vkCmdBindIndexBuffer(cmd, scene.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
  }
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layouts.layout, 0, 1,
                          &scene.frames[slot].set, 0, nullptr);
}

DrawOrder drawOrder(const SceneGpu& scene, const std::vector<gpu::NodeData>& nodes,
                    const glm::vec3& eye, std::span<const uint8_t> shown) {
  DrawOrder out;
  std::vector<uint32_t> transmitting;
  std::vector<std::pair<float, uint32_t>> blended;
  out.draws.reserve(scene.draws.size());
  for (uint32_t i = 0; i < scene.draws.size(); ++i) {
    const Draw& d = scene.draws[i];
    if (d.node < scene.hidden.size() && scene.hidden[d.node]) continue;  // KHR_node_visibility
    if (!shown.empty() && (d.node >= shown.size() || !shown[d.node])) continue;  // isolated
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

void DrawBinder::draw(VkPipeline p, const Draw& d, const gpu::DrawConstants& constants) {
  if (p != pipeline) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    pipeline = p;
  }
  if (d.material != material) {
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 1, 1,
                            &scene->materialSets[d.material], 0, nullptr);
    material = d.material;
  }
  vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                     sizeof(constants), &constants);
  vkCmdDrawIndexed(cmd, d.indexCount, d.instanceCount, d.firstIndex, d.vertexOffset,
                   d.firstInstance);
}

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
  bindSceneGeometry(cmd, pipelines, scene, slot);
  const VkPipelineLayout layout = pipelines.layouts.layout;
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 2, 1, &environmentSet, 0,
                          nullptr);

  DrawBinder binder{cmd, layout, &scene};
  bool backgroundDrawn = background == nullptr;
  bool transmissionBound = false;
  for (size_t k = 0; k < count; ++k) {
    const Draw& d = scene.draws[order[k]];
    // The background between the opaque and mask draws (which hide most of it from the
    // depth test) and the blended ones (which blend over it).
    if (d.blend && !backgroundDrawn) {
      recordBackground(cmd, ctx, pipelines, *background, pass.colorFormat, pass.samples,
                       pass.backgroundTonemap, slot, true, environmentSet, pass.ground,
                       pass.groundShadows);
      backgroundDrawn = true;
      binder.pipeline = VK_NULL_HANDLE;
    }
    if (transmissive(d) && pass.transmissionSet && !transmissionBound) {
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
    if (pass.channel != gpu::kChannelShaded) {
      key.blend = false;  // whole and opaque
      key.channel = uint32_t(pass.channel);
      key.channelTexcoords = d.texcoordPresence;
      if (channelReadsExtraTexcoords(pass.channel) && d.texcoordSets)
        key.features |= kFeatureExtraTexcoords | (d.texcoordSets << kFeatureTexcoordShift);
    }
    binder.draw(pipelineFor(ctx, pipelines, key), d, drawConstants(d));
    ++stats.drawCalls;
    stats.instances += d.instanceCount;
    if (d.topology == scene::Topology::Triangles)
      stats.triangles += uint64_t(d.indexCount / 3) * d.instanceCount;
  }
  if (!backgroundDrawn)
    recordBackground(cmd, ctx, pipelines, *background, pass.colorFormat, pass.samples,
                     pass.backgroundTonemap, slot, true, environmentSet, pass.ground,
                     pass.groundShadows);
  return stats;
}

}  // namespace vitrine::renderer
