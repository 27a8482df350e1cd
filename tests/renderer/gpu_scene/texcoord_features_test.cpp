// The pipeline features of draws (scene_draws.cpp), CPU only: a primitive with TEXCOORD_0 (and
// 1) alone specializes the shaders exactly as before sets 2 to 7 existed; the extra sets enter
// the features only when the material samples one, and a material variant switch recomputes
// them while keeping the node's and primitive's own features (skinning, morphing).
#include <gtest/gtest.h>

#include "pipelines.h"
#include "render_fixture.h"
#include "scene_draws.h"
#include "scene_staging.h"

namespace vitrine::test {
namespace {

using renderer::kFeatureExtraTexcoords;
using renderer::kFeatureTexcoordShift;

constexpr uint32_t kSets25 = (1u << (2 - 2)) | (1u << (5 - 2));  // TEXCOORD_2 and TEXCOORD_5

// A lit material with a (never uploaded) texture in `slot` on texCoord `set`.
TestMaterial texturedOn(int slot, int set) {
  TestMaterial m = makeMaterial(glm::vec4(1.0f));
  m.material.textures[slot] = 0;
  m.data.textures[slot].info = glm::vec4(0.0f, float(set), 0.0f, 0.0f);
  return m;
}

scene::Primitive withExtraSets(scene::Primitive p) {
  p.extraTexcoordSets = kSets25;
  for (const glm::vec2& uv : p.texcoords[0])
    p.extraTexcoords.insert(p.extraTexcoords.end(), {uv, uv});
  return p;
}

// The draws createSceneGpu would build for `s`, without a device.
std::vector<renderer::Draw> draws(const scene::Scene& s, renderer::SceneGpu& gpu) {
  std::array<VkDeviceSize, renderer::kStreamCount> offsets{};
  const renderer::StagingLayout layout = renderer::layoutStaging(
      s, std::vector<bool>(s.images.size(), false), gpu, VkDeviceSize(1) << 30, offsets);
  renderer::buildDraws(s, 0, layout, gpu);
  return gpu.draws;
}

scene::Scene quadScene(const TestMaterial& m, bool extraSets) {
  scene::Scene s;
  s.images.push_back({});
  s.textures.push_back({0, -1});
  const scene::Primitive p = quadPrimitive(addMaterial(s, m));
  addMeshNode(s, extraSets ? withExtraSets(p) : p);
  finish(s);
  return s;
}

TEST(TexcoordFeatures, SetZeroOnlyKeepsTheTwoSetFeatures) {
  renderer::SceneGpu gpu;
  const std::vector<renderer::Draw> d =
      draws(quadScene(texturedOn(gpu::kSlotBaseColor, 0), false), gpu);
  ASSERT_EQ(d.size(), 1u);
  // The base colour slot and nothing else: what the two-set renderer recorded.
  EXPECT_EQ(d[0].features, 1u << gpu::kSlotBaseColor);
  EXPECT_EQ(d[0].texcoordSets, 0u);
}

TEST(TexcoordFeatures, ExtraSetsUnsampledByTheMaterialChangeNothing) {
  renderer::SceneGpu gpu;
  const std::vector<renderer::Draw> d =
      draws(quadScene(texturedOn(gpu::kSlotBaseColor, 1), true), gpu);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].features, 1u << gpu::kSlotBaseColor);
  EXPECT_EQ(d[0].texcoordSets, kSets25);
}

TEST(TexcoordFeatures, SampledExtraSetSpecializesForThePrimitivesSets) {
  renderer::SceneGpu gpu;
  const std::vector<renderer::Draw> d =
      draws(quadScene(texturedOn(gpu::kSlotEmissive, 5), true), gpu);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].features, (1u << gpu::kSlotEmissive) | kFeatureExtraTexcoords |
                               (kSets25 << kFeatureTexcoordShift));
  EXPECT_EQ(d[0].texcoordOffset, 0u);
}

// A set the primitive lacks still selects the extra-set path (it reads zero there).
TEST(TexcoordFeatures, SampledExtraSetOnAPrimitiveWithoutThem) {
  renderer::SceneGpu gpu;
  const std::vector<renderer::Draw> d =
      draws(quadScene(texturedOn(gpu::kSlotBaseColor, 3), false), gpu);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].features, (1u << gpu::kSlotBaseColor) | kFeatureExtraTexcoords);
}

TEST(TexcoordFeatures, VariantSwitchRecomputesThemAndKeepsPrimitiveFeatures) {
  scene::Scene s;
  s.images.push_back({});
  s.textures.push_back({0, -1});
  const int plain = addMaterial(s, texturedOn(gpu::kSlotBaseColor, 0));
  const int extra = addMaterial(s, texturedOn(gpu::kSlotBaseColor, 2));
  scene::Primitive p = withExtraSets(quadPrimitive(plain));
  p.variantMaterials = {{0, extra}};
  s.variants = {"extra"};
  addMeshNode(s, std::move(p));
  finish(s);
  renderer::SceneGpu gpu;
  draws(s, gpu);
  ASSERT_EQ(gpu.draws.size(), 1u);
  EXPECT_EQ(gpu.draws[0].features, 1u << gpu::kSlotBaseColor);
  gpu.draws[0].features |= renderer::kFeatureSkin;  // as deformDraw sets it for a skinned node
  renderer::applyMaterialVariant(s, 0, gpu);
  EXPECT_EQ(gpu.draws[0].features, (1u << gpu::kSlotBaseColor) | renderer::kFeatureSkin |
                                       kFeatureExtraTexcoords | (kSets25 << kFeatureTexcoordShift));
  renderer::applyMaterialVariant(s, -1, gpu);
  EXPECT_EQ(gpu.draws[0].features, (1u << gpu::kSlotBaseColor) | renderer::kFeatureSkin);
}

}  // namespace
}  // namespace vitrine::test
