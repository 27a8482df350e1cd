// Internal to SceneHost (scene_host.cpp, scene_host_restore.cpp): what its restore point keeps.
#pragma once

#include <deque>
#include <vector>

#include "scene.h"
#include "scene_host.h"

namespace vitrine::interact {

struct SceneHost::RestorePoint {
  struct NodeValues {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 scale{1.0f};
    float visible = 1.0f;
    std::vector<float> weights;
  };
  std::vector<NodeValues> nodes;
  std::vector<std::vector<float>> meshWeights;
  std::vector<gpu::MaterialData> materials;
  std::vector<gpu::MaterialExtensionData> extensions;
  std::vector<scene::Camera> cameras;
  std::vector<scene::Light> lights;
  std::deque<std::vector<float>> extras;
  std::vector<uint8_t> selectable, hoverable;
};

}  // namespace vitrine::interact
