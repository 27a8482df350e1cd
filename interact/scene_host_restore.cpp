// SceneHost's restore point (scene_host.h): the scene's mutable values as they were after
// loading, for the window's Reset (issue 34: "back to the state after loading").
#include <algorithm>

#include "scene.h"
#include "scene_host_restore.h"

namespace vitrine::interact {

void SceneHost::saveRestorePoint() {
  auto p = std::make_unique<RestorePoint>();
  p->nodes.reserve(scene_.nodes.size());
  for (const scene::Node& n : scene_.nodes) {
    p->nodes.push_back({n.translation, n.rotation, n.scale, n.visible, n.weights});
  }
  for (const scene::Mesh& m : scene_.meshes) p->meshWeights.push_back(m.weights);
  p->materials.assign(scene_.materialData.begin(), scene_.materialData.end());
  p->extensions = scene_.materialExtensionData;
  p->cameras = scene_.cameras;
  p->lights = scene_.lights;
  p->extras = scene_.extrasValues;
  p->selectable = selectable_;
  p->hoverable = hoverable_;
  restorePoint_ = std::move(p);
  std::fill(written_.begin(), written_.end(), uint8_t(0));
  writtenSlots_.clear();
}

namespace {

uint32_t bytesOf(size_t count, size_t size) {
  return uint32_t(std::min<uint64_t>(uint64_t(count) * size, UINT32_MAX));
}

}  // namespace

void SceneHost::restore() {
  const RestorePoint& p = *restorePoint_;
  uint32_t weightFloats = 0;
  for (size_t n = 0; n < scene_.nodes.size() && n < p.nodes.size(); ++n) {
    scene::Node& node = scene_.nodes[n];
    const RestorePoint::NodeValues& v = p.nodes[n];
    node.translation = v.translation;
    node.rotation = v.rotation;
    node.scale = v.scale;
    node.visible = v.visible;
    // Only the values (slots point into the vectors: their storage must stay where it is).
    std::copy(v.weights.begin(),
              v.weights.begin() + std::min(v.weights.size(), node.weights.size()),
              node.weights.begin());
    weightFloats = std::max(weightFloats, node.morphWeightOffset + uint32_t(node.weights.size()));
    dirty_.movedNodes.push_back(uint32_t(n));
  }
  for (size_t m = 0; m < scene_.meshes.size() && m < p.meshWeights.size(); ++m) {
    std::vector<float>& w = scene_.meshes[m].weights;
    const std::vector<float>& saved = p.meshWeights[m];
    std::copy(saved.begin(), saved.begin() + std::min(saved.size(), w.size()), w.begin());
    weightFloats = std::max(weightFloats, scene_.meshes[m].morphWeightOffset + uint32_t(w.size()));
  }
  std::copy(p.materials.begin(),
            p.materials.begin() + std::min(p.materials.size(), scene_.materialData.size()),
            scene_.materialData.begin());
  std::copy(
      p.extensions.begin(),
      p.extensions.begin() + std::min(p.extensions.size(), scene_.materialExtensionData.size()),
      scene_.materialExtensionData.begin());
  std::copy(p.cameras.begin(),
            p.cameras.begin() + std::min(p.cameras.size(), scene_.cameras.size()),
            scene_.cameras.begin());
  std::copy(p.lights.begin(), p.lights.begin() + std::min(p.lights.size(), scene_.lights.size()),
            scene_.lights.begin());
  for (size_t e = 0; e < scene_.extrasValues.size() && e < p.extras.size(); ++e) {
    std::vector<float>& to = scene_.extrasValues[e];
    const std::vector<float>& from = p.extras[e];
    std::copy(from.begin(), from.begin() + std::min(from.size(), to.size()), to.begin());
  }
  selectable_ = p.selectable;
  hoverable_ = p.hoverable;
  using scene::Region;
  dirty_[Region::Materials].mark(0, bytesOf(scene_.materialData.size(), sizeof(gpu::MaterialData)));
  dirty_[Region::MaterialExtensions].mark(
      0, bytesOf(scene_.materialExtensionData.size(), sizeof(gpu::MaterialExtensionData)));
  dirty_[Region::Cameras].mark(0, bytesOf(scene_.cameras.size(), sizeof(scene::Camera)));
  dirty_[Region::Lights].mark(0, bytesOf(scene_.lights.size(), sizeof(scene::Light)));
  dirty_[Region::Visibility].mark(0, bytesOf(scene_.nodes.size(), sizeof(scene::Node)));
  if (weightFloats) dirty_[Region::MorphWeights].mark(0, 4 * weightFloats);
  uint32_t extras = 0;
  for (const std::vector<float>& e : scene_.extrasValues) extras += uint32_t(e.size());
  if (extras) dirty_[Region::Extras].mark(0, 4 * extras);
  std::fill(written_.begin(), written_.end(), uint8_t(0));
  writtenSlots_.clear();
  finishTick();
}

}  // namespace vitrine::interact
