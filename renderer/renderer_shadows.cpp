// The Renderer's side of the shadow pass (pass_shadows.h): what makes the maps stale, and the
// per-frame plan with the maps' first growth to their size.
#include "renderer_impl.h"

namespace vitrine::renderer {

void RendererImpl::shadowsChanged(const scene::Scene& scene, bool grow) {
  shadows_.dirty = true;
  if (!grow) return;
  const scene::Bounds now = scene::sceneBounds(scene, sceneIndex_);
  if (now.empty()) return;
  shadowBounds_.extend(now.min);
  shadowBounds_.extend(now.max);
}

void RendererImpl::prepareShadows(const View& view, gpu::FrameData& data) {
  const bool shadows = hasScene_ && view.shadows && view.channel == gpu::kChannelShaded;
  // The ground receives the shadows too: the maps cover its disc as well as the casters.
  scene::Bounds bounds = shadowBounds_;
  if (shadows && view.ground.enabled && !bounds.empty()) {
    const View::Ground& g = view.ground;
    bounds.extend(glm::vec3(g.center.x - g.radius, g.height, g.center.y - g.radius));
    bounds.extend(glm::vec3(g.center.x + g.radius, g.height, g.center.y + g.radius));
  }
  shadows_.plan = shadows ? planShadows(scene_.lightData, bounds, shadowMapSize_) : ShadowPlan{};
  if (shadows_.plan.shadowed() > 0 && shadows_.size != shadowMapSize_) {
    // Once per renderer: every set 0 (the scene's, one arriving, the background's) names the
    // new image, so no frame may still be using the old one.
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    resizeShadowMaps(ctx_, shadowMapSize_, shadows_);
    writeShadowBinding(ctx_, shadows_, scene_);
    if (pending_) writeShadowBinding(ctx_, shadows_, pending_->gpu);
    writeShadowBinding(ctx_, shadows_, background_.frameSets);
  }
  shadowsWanted_ = shadows;
  shadowFrameData(shadows_, shadows, data);
}

}  // namespace vitrine::renderer
