// The Renderer's side of the shadow pass (pass_shadows.h): what makes the maps stale, and the
// per-frame plan with the maps' first growth to their size.
#include <algorithm>
#include <cmath>

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
  const bool shaded = hasScene_ && view.channel == gpu::kChannelShaded;
  const bool shadows = shaded && view.shadows;
  const scene::EnvironmentKey& key = environment_.key;
  const bool keyShadow = shaded && view.environmentShadow && environment_.enabled && key.found &&
                         view.environmentIntensity > 0.0f;
  const bool ground = shaded && view.ground.enabled;
  // The ground receives the lights' shadows too: their maps cover its disc as well as the
  // casters (a spot light's cone and a point light's range reach it only so).
  scene::Bounds bounds = shadowBounds_;
  if (shadows && ground && !bounds.empty()) {
    const View::Ground& g = view.ground;
    bounds.extend(glm::vec3(g.center.x - g.radius, g.height, g.center.y - g.radius));
    bounds.extend(glm::vec3(g.center.x + g.radius, g.height, g.center.y + g.radius));
  }
  ShadowPlan plan =
      shadows ? planShadows(scene_.lightData, bounds, shadowMapSize_, view) : ShadowPlan{};
  // A drawn material with KHR_materials_diffuse_transmission reads its light from behind in
  // maps without such casters (pass_shadows.h ShadowPlan::through).
  if (plan.shadowed() > 0) {
    plan.through = std::any_of(scene_.draws.begin(), scene_.draws.end(), [](const Draw& d) {
      return (d.layers & uint32_t(gpu::kLayerDiffuseTransmission)) != 0;
    });
  }
  // The layers' side: the lights' maps want Options::shadowMapSize; the key light's map and the
  // contact shadow's strip alone fit in kKeyAndContactLayerSize, so an asset without a shadowed
  // light (most, with the window's ground) does not pay for the lights' size. The image only
  // grows (a light that comes and goes does not re-create it each time).
  const uint32_t wanted = plan.shadowed() > 0   ? shadowMapSize_
                          : keyShadow || ground ? std::min(shadowMapSize_, kKeyAndContactLayerSize)
                                                : 0u;
  const uint32_t size = std::max(shadows_.size, wanted);
  if (keyShadow) {
    // The key's direction in the world: environment.glsl looks a world direction d up at
    // R_y(-rotation) d, so the environment's direction e is the world's R_y(rotation) e.
    const float c = std::cos(view.environmentRotation), s = std::sin(view.environmentRotation);
    const glm::vec3 e = key.direction;
    const glm::vec3 towards(c * e.x + s * e.z, e.y, -s * e.x + c * e.z);
    // Fitted to the casters alone: a directional map's window, across the light, holds every
    // receiver of their shadows already (the ground's beyond its far plane compare at depth 1).
    planKeyShadow(towards, key.irradiance, key.angularRadius, shadowBounds_, size, plan);
  }
  if (ground) planContactShadow(view.ground, size, plan);
  shadows_.plan = plan;
  // The through layers come with the first scene that wants them and stay (as the size only
  // grows).
  if (plan.any() && (shadows_.size != size || (plan.through && !shadows_.through))) {
    // At most three times per renderer (the key and contact size, then the lights', then the
    // through layers): every set 0 (the scene's, one arriving, the background's) names the new
    // image, so no frame may still be using the old one.
    VK_CHECK(vkDeviceWaitIdle(ctx_.device));
    shadows_.through = shadows_.through || plan.through;
    resizeShadowMaps(ctx_, size, shadows_);
    writeShadowBinding(ctx_, shadows_, scene_);
    if (pending_) writeShadowBinding(ctx_, shadows_, pending_->gpu);
    writeShadowBinding(ctx_, shadows_, background_.frameSets);
  }
  // The bounds grow with what moves only while a map is fitted to them.
  shadowsWanted_ = shadows || keyShadow;
  shadowFrameData(shadows_, data);
}

}  // namespace vitrine::renderer
