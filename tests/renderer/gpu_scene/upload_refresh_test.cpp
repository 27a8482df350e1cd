// The CPU half of the per-frame uploads (scene_gpu.h's refresh functions), no GPU needed:
// which mirror entries a DirtySet's ranges rewrite, with what values, and which bytes they mark.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "scene_gpu.h"

namespace vitrine::renderer {
namespace {

using scene::ByteRange;

constexpr uint32_t kLight = sizeof(scene::Light);
constexpr uint32_t kWorld = scene::kWorldMatrixBytes;

std::vector<ByteRange> ranges(scene::DirtyRanges r) {
  r.coalesce();
  return r.ranges();
}

// Nodes 0..3 at x = 0..3; light 0 (point) on nodes 0 and 2, light 1 (directional) on node 1.
scene::Scene lightScene() {
  scene::Scene s;
  s.nodes.resize(4);
  for (int i = 0; i < 4; ++i) s.nodes[i].translation = glm::vec3(float(i), 0, 0);
  s.nodes[0].light = 0;
  s.nodes[1].light = 1;
  s.nodes[2].light = 0;
  s.lights.resize(2);
  s.lights[0].color = glm::vec3(1.0f, 0.5f, 0.25f);
  s.lights[0].intensity = 2.0f;
  s.lights[1].type = scene::Light::Type::Directional;
  s.scenes.push_back({"", {0, 1, 2, 3}});
  scene::updateWorldTransforms(s);
  return s;
}

SceneGpu mirrorsOf(const scene::Scene& s) {
  SceneGpu gpu;
  gpu.lights = findLightInstances(s, 0);
  for (const LightInstance& l : gpu.lights) gpu.lightData.push_back(lightData(s, l));
  gpu.nodeCount = uint32_t(s.nodes.size());
  for (const glm::mat4& w : s.world) gpu.nodeData.push_back(nodeData(w));
  gpu.materialData.assign(s.materialData.begin(), s.materialData.end());
  return gpu;
}

TEST(UploadRefresh, AChangedLightRefreshesEveryInstanceOfItAndNothingElse) {
  scene::Scene s = lightScene();
  SceneGpu gpu = mirrorsOf(s);
  ASSERT_EQ(gpu.lights.size(), 3u);  // traversal order: nodes 0, 1, 2
  const gpu::LightData directional = gpu.lightData[1];

  s.lights[0].intensity = 4.0f;
  scene::DirtyRanges lights, world, changed;
  lights.mark(0 * kLight + 4, 4);  // somewhere inside light 0
  refreshLights(s, lights, world, gpu, changed);
  EXPECT_EQ(ranges(changed), (std::vector<ByteRange>{{0, 64}, {128, 64}}));
  EXPECT_EQ(gpu.lightData[0].color, glm::vec4(4.0f, 2.0f, 1.0f, 0.0f));
  EXPECT_EQ(gpu.lightData[2].color, glm::vec4(4.0f, 2.0f, 1.0f, 0.0f));
  EXPECT_EQ(std::memcmp(&gpu.lightData[1], &directional, sizeof(directional)), 0);
}

TEST(UploadRefresh, AMovedLightNodeRefreshesItsInstanceWhenItsDataChanged) {
  scene::Scene s = lightScene();
  SceneGpu gpu = mirrorsOf(s);
  scene::DirtyRanges lights, world, changed;

  // Node 2's matrix marked but unchanged: the same LightData, nothing to send.
  world.mark(2 * kWorld, kWorld);
  refreshLights(s, lights, world, gpu, changed);
  EXPECT_TRUE(changed.empty());

  s.nodes[2].translation = glm::vec3(7, 8, 9);
  scene::updateWorldTransforms(s);
  refreshLights(s, lights, world, gpu, changed);
  EXPECT_EQ(ranges(changed), (std::vector<ByteRange>{{128, 64}}));
  EXPECT_EQ(gpu.lightData[2].position, glm::vec4(7, 8, 9, float(gpu::kLightPoint)));

  // A directional light turned: its direction is the node's -Z.
  changed.clear();
  world.clear();
  s.nodes[1].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  scene::updateWorldTransforms(s);
  world.mark(1 * kWorld, kWorld);
  refreshLights(s, lights, world, gpu, changed);
  EXPECT_EQ(ranges(changed), (std::vector<ByteRange>{{64, 64}}));
  EXPECT_NEAR(gpu.lightData[1].direction.x, -1.0f, 1e-6f);
  EXPECT_NEAR(gpu.lightData[1].direction.z, 0.0f, 1e-6f);
}

TEST(UploadRefresh, NodeDataFollowsTheChangedWorldMatricesOnly) {
  scene::Scene s = lightScene();
  SceneGpu gpu = mirrorsOf(s);
  s.nodes[1].scale = glm::vec3(2.0f);
  s.nodes[3].scale = glm::vec3(4.0f);
  scene::updateWorldTransforms(s);
  scene::DirtyRanges world, changed;
  world.mark(1 * kWorld, kWorld);
  world.mark(3 * kWorld, kWorld);
  world.mark(9 * kWorld, kWorld);  // past the last node: ignored
  refreshNodes(s, world, gpu, changed);
  EXPECT_EQ(ranges(changed), (std::vector<ByteRange>{{128, 128}, {384, 128}}));
  EXPECT_EQ(gpu.nodeData[1].world, s.world[1]);
  EXPECT_EQ(gpu.nodeData[1].normal[0][0], 0.5f);  // inverse transpose of a scale by 2
  EXPECT_EQ(gpu.nodeData[3].normal[0][0], 0.25f);
  EXPECT_EQ(gpu.nodeData[0].world, glm::mat4(1.0f));
}

TEST(UploadRefresh, MaterialRangesAreCopiedAsMarkedAndClipped) {
  scene::Scene s;
  s.materialData.assign(3, scene::defaultMaterialData());
  SceneGpu gpu = mirrorsOf(s);
  s.materialData[1].baseColorFactor = glm::vec4(0.1f, 0.2f, 0.3f, 0.4f);
  s.materialData[2].params.x = 0.5f;
  scene::DirtyRanges materials, changed;
  const uint32_t stride = sizeof(gpu::MaterialData);
  materials.mark(stride + 0, 16);
  materials.mark(2 * stride + 32, 4);
  materials.mark(3 * stride, 16);  // past the array: ignored
  refreshMaterials(s, materials, gpu, changed);
  EXPECT_EQ(ranges(changed), (std::vector<ByteRange>{{stride, 16}, {2 * stride + 32, 4}}));
  EXPECT_EQ(std::memcmp(gpu.materialData.data(), s.materialData.data(), 3 * stride), 0);
}

}  // namespace
}  // namespace vitrine::renderer
