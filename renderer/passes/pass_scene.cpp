// The main (opaque) pass: the scene's draws into the frame's attachments, the background
// between the opaque and the blended ones, then the overlays (pass_overlays.h); the
// transmission pass first when a drawn material needs it.
#include "pass_scene.h"

#include "pass_overlays.h"
#include "pass_transmission.h"
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

}  // namespace

DrawStats recordScene(VkCommandBuffer cmd, const Context& ctx, Pipelines& pipelines,
                      const SceneGpu* scene, uint32_t slot, const std::vector<gpu::NodeData>& nodes,
                      VkDescriptorSet environmentSet, const View& view, Attachments& attachments,
                      const FinalImage& finalTarget, BackgroundPass* background, Buffer& lineBuffer,
                      ShadowMaps& shadows, const SplatDraw& splats) {
  const bool withSplats = splats.count > 0 && splats.targets;
  const FinalImage target = withSplats ? splatSceneTarget(splats) : finalTarget;
  DrawStats stats;
  PassSetup pass;
  pass.colorFormat = attachments.colorFormat;
  pass.samples = ctx.samples;
  pass.backgroundTonemap = tonemapOperator(view.tonemap);
  pass.channel = view.channel;
  // The ground shows the lights', the key light's and the contact shadow: with none of them
  // there is nothing to draw.
  if (view.ground.enabled && view.channel == gpu::kChannelShaded && scene && shadows.plan.any()) {
    pass.ground = &view.ground;
    const ShadowPlan& plan = shadows.plan;
    pass.groundShadows = (plan.count > 0 ? kGroundLights : 0u) |
                         (plan.point >= 0 ? kGroundPointLight : 0u) |
                         (plan.key ? kGroundKeyLight : 0u) | (plan.contact ? kGroundContact : 0u);
  }
  DrawOrder order;
  if (scene) {
    order = drawOrder(*scene, nodes, view.eye, view.shownNodes);
    // Per frame, not per draw: the mesh shader is specialized for the view's tone mapping
    // operator (the one FrameData::shading.y names too) and for whether there are lights.
    pass.features = (uint32_t(pass.backgroundTonemap) << kFeatureTonemapShift) |
                    (scene->lights.empty() ? 0u : uint32_t(kFeatureLights));
    if (view.shadows && view.channel == gpu::kChannelShaded) {
      stats.shadowCandidates = shadows.plan.candidates + shadows.plan.pointLights;
      stats.unshadowedPointLights = shadows.plan.pointLights - (shadows.plan.point >= 0 ? 1 : 0);
      stats.shadowedLights = shadows.plan.shadowed();
      stats.shadowCascades = shadows.plan.cascades;
    }
    // (The plan is empty outside the shaded view: renderer_shadows.cpp.)
    if (shadows.plan.any()) {
      stats.shadowMapRenders = recordShadowMaps(cmd, ctx, pipelines, *scene, slot, order, shadows);
      stats.keyShadows = shadows.plan.key ? 1 : 0;
      stats.contactShadows = shadows.plan.contact ? 1 : 0;
      // mesh.frag reads the lights' maps and the key light's; the contact shadow is the
      // ground's alone.
      if (shadows.plan.count > 0) pass.features |= kFeatureShadows;
      if (shadows.plan.count == 1 && shadows.plan.point < 0)
        pass.features |= kFeatureSingleShadowLayer;
      if (shadows.plan.point >= 0) pass.features |= kFeaturePointShadow;
      if (shadows.plan.key) pass.features |= kFeatureKeyShadow;
    }
    if (order.transmission && view.channel == gpu::kChannelShaded) {
      recordTransmissionPass(cmd, ctx, pipelines, *scene, slot, nodes, environmentSet, view,
                             attachments, order, pass.features, background);
      pass.transmissionSet = attachments.transmission.set;
      stats.transmissionPasses = 1;
    }
  }
  transitionAttachments(cmd, attachments, target);
  if (withSplats) prepareSplatTargets(cmd, splats);
  beginRendering(cmd, attachments.color.view, attachments.depth.view, target, attachments.extent,
                 view);
  if (scene) {
    const DrawStats drawn = recordDraws(cmd, ctx, pipelines, *scene, slot, nodes, environmentSet,
                                        pass, order.draws.data(), order.draws.size(), background);
    stats.drawCalls = drawn.drawCalls;
    stats.triangles = drawn.triangles;
    stats.instances = drawn.instances;
    if (view.wireframe)
      stats.wireframeDraws = recordWireframe(cmd, ctx, pipelines, *scene, slot,
                                             attachments.colorFormat, ctx.samples, order.draws);
    stats.overlayLines = recordLines(cmd, ctx, pipelines, *scene, slot, attachments.colorFormat,
                                     ctx.samples, lineBuffer, view.lines, view.linesOnTop);
  } else if (background) {
    recordBackground(cmd, ctx, pipelines, *background, attachments.colorFormat, ctx.samples,
                     pass.backgroundTonemap, slot, false, environmentSet);
  }
  vkCmdEndRendering(cmd);
  if (withSplats) recordSplats(cmd, ctx, pipelines, splats, attachments, finalTarget);
  return stats;
}

}  // namespace vitrine::renderer
