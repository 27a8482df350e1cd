#include "ground.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

namespace vitrine::app {
namespace {

// What an animation may write in a scene (the Object Model's regions and the world matrices),
// copied, and put back element by element so that no vector is reallocated: the animations'
// slots point into them.
class ScenePose {
 public:
  explicit ScenePose(const scene::Scene& s)
      : nodes_(s.nodes.begin(), s.nodes.end()),
        world_(s.world.begin(), s.world.end()),
        materialData_(s.materialData.begin(), s.materialData.end()),
        materialExtensionData_(s.materialExtensionData),
        cameras_(s.cameras),
        lights_(s.lights),
        extras_(s.extrasValues) {
    for (const scene::Mesh& m : s.meshes) meshWeights_.push_back(m.weights);
  }

  void restore(scene::Scene& s) const {
    std::copy(nodes_.begin(), nodes_.end(), s.nodes.begin());
    std::copy(world_.begin(), world_.end(), s.world.begin());
    std::copy(materialData_.begin(), materialData_.end(), s.materialData.begin());
    std::copy(materialExtensionData_.begin(), materialExtensionData_.end(),
              s.materialExtensionData.begin());
    std::copy(cameras_.begin(), cameras_.end(), s.cameras.begin());
    std::copy(lights_.begin(), lights_.end(), s.lights.begin());
    for (size_t i = 0; i < extras_.size(); ++i)
      std::copy(extras_[i].begin(), extras_[i].end(), s.extrasValues[i].begin());
    for (size_t i = 0; i < meshWeights_.size(); ++i)
      std::copy(meshWeights_[i].begin(), meshWeights_[i].end(), s.meshes[i].weights.begin());
  }

 private:
  std::vector<scene::Node> nodes_;
  std::vector<glm::mat4> world_;
  std::vector<gpu::MaterialData> materialData_;
  std::vector<gpu::MaterialExtensionData> materialExtensionData_;
  std::vector<scene::Camera> cameras_;
  std::vector<scene::Light> lights_;
  std::deque<std::vector<float>> extras_;
  std::vector<std::vector<float>> meshWeights_;
};

}  // namespace

renderer::View::Ground placeGround(scene::Scene& scene, anim::Animations& animations) {
  scene::Bounds b = scene::sceneBounds(scene, scene.activeScene);
  const std::vector<anim::ClipInfo>& clips = animations.clips();
  if (!clips.empty()) {
    const ScenePose pose(scene);
    scene::DirtySet dirty;
    for (size_t c = 0; c < clips.size(); ++c) {
      std::vector<bool> enabled(clips.size(), false);
      enabled[c] = true;
      for (int k = 0; k < kGroundSamplesPerClip; ++k) {
        const float t = clips[c].start + (clips[c].end - clips[c].start) * float(k) /
                                             float(kGroundSamplesPerClip - 1);
        animations.evaluate(t, enabled, dirty);
        dirty.clear();
        const scene::Bounds posed = scene::sceneBounds(scene, scene.activeScene);
        if (posed.empty()) continue;
        b.extend(posed.min);
        b.extend(posed.max);
      }
    }
    pose.restore(scene);
  }
  renderer::View::Ground g;
  if (b.empty()) return g;
  const glm::vec3 size = b.max - b.min;
  g.height = b.min.y;
  g.center = glm::vec2(0.5f * (b.min.x + b.max.x), 0.5f * (b.min.z + b.max.z));
  g.radius = glm::length(size);
  if (!(g.radius > 0.0f) || !std::isfinite(g.radius)) g.radius = 1.0f;
  g.contactHeight = kContactHeightShare * g.radius;
  return g;
}

bool groundWanted(const CliOptions& options, bool byDefault) {
  const bool given =
      std::find(options.given.begin(), options.given.end(), "--ground") != options.given.end();
  return given ? options.ground : byDefault;
}

}  // namespace vitrine::app
