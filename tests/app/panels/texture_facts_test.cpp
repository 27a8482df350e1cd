// The texture browser's and the statistics panel's facts without a window (issue 22 §4):
// sizes, formats, colour spaces, mip levels and GPU memory of the images of a small asset
// built in memory, with images shared by textures, materials and identical bytes.
#include <gtest/gtest.h>

#include "shared_images_asset.h"
#include "document.h"
#include "scene_statistics.h"
#include "texture_facts.h"

namespace vitrine::app {
namespace {

std::unique_ptr<Document> sharedImagesAsset() {
  DocumentResult r = loadDocument(test::writeSharedImagesAsset("texture_facts_shared"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

TEST(TextureFacts, SizesFormatsColourSpacesAndMemoryOfSharedImages) {
  auto doc = sharedImagesAsset();
  ASSERT_TRUE(doc);
  const std::vector<ImageFacts> facts = textureFacts(*doc->scene);
  ASSERT_EQ(facts.size(), 4u);

  EXPECT_EQ(facts[0].width, 4u);
  EXPECT_EQ(facts[0].height, 2u);
  EXPECT_EQ(facts[0].format, scene::ImageFormat::Png);
  EXPECT_TRUE(facts[0].mixedColorSpace());  // baseColor and metallicRoughness
  EXPECT_EQ(facts[0].mipLevels, 3u);        // 4x2, 2x1, 1x1
  EXPECT_EQ(facts[0].gpuBytes, (8u + 2u + 1u) * 4u);
  EXPECT_EQ(facts[0].users,
            (std::vector<TextureUser>{{0, gpu::kSlotBaseColor}, {0, gpu::kSlotMetallicRoughness}}));

  EXPECT_EQ(facts[1].width, 8u);
  EXPECT_FALSE(facts[1].srgb);
  EXPECT_TRUE(facts[1].linear);
  EXPECT_FALSE(facts[1].mixedColorSpace());
  EXPECT_EQ(facts[1].mipLevels, 4u);  // 8, 4, 2, 1
  EXPECT_EQ(facts[1].gpuBytes, (64u + 16u + 4u + 1u) * 4u);
  // Texture 2 names image 2, the same bytes: the loader points it at image 1.
  EXPECT_EQ(facts[1].users,
            (std::vector<TextureUser>{{0, gpu::kSlotNormal}, {1, gpu::kSlotOcclusion}}));

  EXPECT_EQ(facts[2].sameAs, 1);
  EXPECT_EQ(facts[2].format, scene::ImageFormat::Png);
  EXPECT_TRUE(facts[2].users.empty());
  EXPECT_EQ(facts[2].gpuBytes, 0u);

  EXPECT_EQ(facts[3].format, scene::ImageFormat::Ktx2);
  EXPECT_EQ(facts[3].width, 0u);  // a bare KTX2 identifier: does not decode
  EXPECT_EQ(facts[3].gpuBytes, 0u);
  EXPECT_STREQ(scene::imageFormatName(facts[3].format), "KTX2");

  EXPECT_EQ(materialTextureBytes(*doc->scene, facts, 0), 44u + 340u);  // image 0 once
  EXPECT_EQ(materialTextureBytes(*doc->scene, facts, 1), 340u);
  EXPECT_EQ(materialTextureBytes(*doc->scene, facts, 2), 0u);
}

TEST(SceneStatistics, MeshesAndMaterialsOfTheShownScene) {
  auto doc = sharedImagesAsset();
  ASSERT_TRUE(doc);
  const scene::Scene& scene = *doc->scene;
  const SceneStatistics s = sceneStatistics(scene, scene.activeScene, -1, textureFacts(scene));
  ASSERT_EQ(s.meshes.size(), 3u);
  EXPECT_EQ(s.meshes[0].primitives, 2u);
  EXPECT_EQ(s.meshes[0].instances, 1u);
  EXPECT_EQ(s.meshes[0].drawn.triangles, 4u);
  EXPECT_EQ(s.meshes[0].drawn.vertices, 8u);
  EXPECT_EQ(s.meshes[0].drawn.drawCalls, 2u);
  EXPECT_EQ(s.meshes[1].instances, 2u);
  EXPECT_EQ(s.meshes[1].once.triangles, 2u);
  EXPECT_EQ(s.meshes[1].drawn.triangles, 4u);
  EXPECT_EQ(s.meshes[1].drawn.drawCalls, 2u);
  EXPECT_EQ(s.meshes[2].instances, 0u);  // only in the other scene
  EXPECT_EQ(s.meshes[2].drawn.drawCalls, 0u);
  EXPECT_EQ(s.meshes[2].once.triangles, 2u);

  ASSERT_EQ(s.materials.size(), 4u);  // three and the default
  EXPECT_EQ(s.materials[0].primitives, 1u);
  EXPECT_EQ(s.materials[0].drawn.drawCalls, 1u);
  EXPECT_EQ(s.materials[0].textureBytes, 384u);
  EXPECT_EQ(s.materials[2].primitives, 1u);
  EXPECT_EQ(s.materials[2].drawn.triangles, 4u);
  EXPECT_EQ(s.materials[2].drawn.drawCalls, 2u);
  EXPECT_EQ(s.materials[3].drawn.drawCalls, 0u);

  EXPECT_EQ(s.drawn.triangles, 8u);
  EXPECT_EQ(s.drawn.vertices, 16u);
  EXPECT_EQ(s.drawn.drawCalls, 4u);
  EXPECT_EQ(s.textureBytes, 384u);  // images 0 and 1; the copy and the KTX2 image hold none

  // The other scene draws mesh 2 once.
  const SceneStatistics other = sceneStatistics(scene, 1, -1, textureFacts(scene));
  EXPECT_EQ(other.drawn.drawCalls, 1u);
  EXPECT_EQ(other.materials[0].drawn.drawCalls, 1u);
}

// EXT_mesh_gpu_instancing: a node's instances are copies drawn (triangles and vertices times
// their count) in one draw per primitive, two when some instances mirror and others do not.
TEST(SceneStatistics, InstancedNodesCountEveryInstance) {
  scene::Scene s;
  scene::Primitive p;
  p.positions.assign(4, glm::vec3(0.0f));
  p.indices = {0, 1, 2, 0, 2, 3};
  s.meshes.push_back({});
  s.meshes[0].primitives.push_back(p);
  s.nodes.resize(2);
  s.nodes[0].mesh = s.nodes[1].mesh = 0;
  s.nodes[0].instancing = 0;
  scene::MeshInstances m;
  m.node = 0;
  m.transforms.assign(3, glm::mat4(1.0f));
  m.fileIndex = {0, 1, 2};
  m.mirroredFrom = 2;  // the last one mirrors
  s.instancing.push_back(m);
  s.scenes.push_back({"", {0, 1}});
  SceneStatistics st = sceneStatistics(s, 0, -1, {});
  EXPECT_EQ(st.meshes[0].instances, 4u);
  EXPECT_EQ(st.meshes[0].drawn.triangles, 8u);
  EXPECT_EQ(st.meshes[0].drawn.vertices, 16u);
  EXPECT_EQ(st.meshes[0].drawn.drawCalls, 3u);
  EXPECT_EQ(st.drawn.drawCalls, 3u);
  s.instancing[0].mirroredFrom = 3;  // none mirrors: one instanced draw
  st = sceneStatistics(s, 0, -1, {});
  EXPECT_EQ(st.meshes[0].drawn.drawCalls, 2u);
  EXPECT_EQ(st.meshes[0].drawn.triangles, 8u);
}

TEST(TextureFacts, SlotNamesAndBytes) {
  EXPECT_STREQ(textureSlotName(gpu::kSlotBaseColor), "baseColorTexture");
  EXPECT_STREQ(textureSlotName(gpu::kSlotClearcoatNormal), "clearcoatNormalTexture");
  EXPECT_STREQ(textureSlotName(gpu::kSlotDiffuseTransmissionColor),
               "diffuseTransmissionColorTexture");
  EXPECT_STREQ(textureSlotName(gpu::kSlotDiffuse), "diffuseTexture");
  EXPECT_STREQ(textureSlotName(gpu::kSlotSpecularGlossiness), "specularGlossinessTexture");
  EXPECT_STREQ(textureSlotName(gpu::kMaterialTextureCount), "?");
  EXPECT_EQ(formatBytes(512), "512 B");
  EXPECT_EQ(formatBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatBytes(5u << 20), "5.0 MiB");
}

}  // namespace
}  // namespace vitrine::app
