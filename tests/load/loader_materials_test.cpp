// The loader on generated assets: materials, textures and samplers.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;

// --- materials, textures, samplers ---------------------------------------------------------

// Every textureInfo of the material extensions fills its slot (gpu::kSlot*) and its TextureRef in
// MaterialExtensionData, KHR_texture_transform included; absent ones keep texCoord -1.
TEST(Materials, ExtensionTexturesFillTheirSlots) {
  AssetBuilder b;
  b.json()["images"] = {{{"uri", "unused.png"}}};
  for (int i = 0; i < 3; ++i) b.addTexture(0);
  b.addMaterial({
      {"extensions",
       {{"KHR_materials_clearcoat",
         {{"clearcoatFactor", 1},
          {"clearcoatTexture",
           {{"index", 1},
            {"texCoord", 1},
            {"extensions",
             {{"KHR_texture_transform",
               {{"offset", {0.5, 0.25}}, {"rotation", 0.75}, {"scale", {2, 4}}}}}}}},
          {"clearcoatNormalTexture", {{"index", 2}, {"scale", 0.5}}}}},
        {"KHR_materials_sheen", {{"sheenColorTexture", {{"index", 0}}}}},
        {"KHR_materials_anisotropy", {{"anisotropyTexture", {{"index", 2}, {"texCoord", 3}}}}},
        {"KHR_materials_iridescence", {{"iridescenceTexture", {{"index", 1}, {"texCoord", 8}}}}}}},
  });
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  const scene::Material& m = s.materials[0];
  const gpu::MaterialExtensionData& e = s.materialExtensionData[0];
  const auto ref = [&](int slot) { return e.textures[slot - gpu::kTextureSlotCount]; };
  EXPECT_EQ(m.textures[gpu::kSlotClearcoat], 1);
  EXPECT_EQ(ref(gpu::kSlotClearcoat).uvTransform, glm::vec4(0.5f, 0.25f, 2, 4));
  EXPECT_EQ(ref(gpu::kSlotClearcoat).info, glm::vec4(0.75f, 1, 0, 0));
  EXPECT_EQ(m.textures[gpu::kSlotClearcoatNormal], 2);
  EXPECT_EQ(ref(gpu::kSlotClearcoatNormal).info, glm::vec4(0, 0, 0, 0));
  EXPECT_EQ(e.clearcoat.z, 0.5f);
  EXPECT_EQ(m.textures[gpu::kSlotSheenColor], 0);
  EXPECT_EQ(m.textures[gpu::kSlotSheenRoughness], -1);
  EXPECT_EQ(ref(gpu::kSlotSheenRoughness).info.y, -1.0f);
  // TEXCOORD_3 is read like sets 0 and 1; TEXCOORD_8 is beyond the eight sets Vitrine reads:
  // that texture is ignored with a warning.
  EXPECT_EQ(m.textures[gpu::kSlotAnisotropy], 2);
  EXPECT_EQ(ref(gpu::kSlotAnisotropy).info, glm::vec4(0, 3, 0, 0));
  EXPECT_EQ(m.textures[gpu::kSlotIridescence], -1);
  EXPECT_EQ(ref(gpu::kSlotIridescence).info.y, -1.0f);
  const std::vector<std::string> warnings = warningsOf(r);
  ASSERT_EQ(warnings.size(), 2u);  // the missing image, then the texture set
  EXPECT_EQ(warnings[1],
            "/materials/0/extensions/KHR_materials_iridescence/iridescenceTexture: TEXCOORD_8 "
            "is not supported (only sets 0 to 7); texture ignored");
  EXPECT_EQ(scene::materialLayers(m), uint32_t(gpu::kLayerClearcoat | gpu::kLayerSheen |
                                               gpu::kLayerAnisotropy | gpu::kLayerIridescence));
}

// KHR_materials_pbrSpecularGlossiness: its factors (diffuse RGBA, specular RGB, glossiness)
// and two textures fill their MaterialExtensionData fields and slots beside the
// metallic-roughness values, which stay loaded (the Object Model still addresses them). The
// layer extensions its text excludes are warned about, kept in Material::extensions and not
// drawn; KHR_materials_ior, which it does not exclude, stays a layer.
TEST(Materials, SpecularGlossinessFillsItsFieldsAndSlotsAndExcludesSixLayers) {
  AssetBuilder b;
  b.json()["images"] = {{{"uri", "unused.png"}}};
  for (int i = 0; i < 2; ++i) b.addTexture(0);
  b.addMaterial({
      {"pbrMetallicRoughness", {{"baseColorFactor", {0.1, 0.2, 0.3, 0.4}}}},
      {"extensions",
       {{"KHR_materials_pbrSpecularGlossiness",
         {{"diffuseFactor", {0.5, 0.25, 0.125, 0.75}},
          {"specularFactor", {0.25, 0.5, 1}},
          {"glossinessFactor", 0.375},
          {"diffuseTexture", {{"index", 1}}},
          {"specularGlossinessTexture",
           {{"index", 0},
            {"texCoord", 1},
            {"extensions", {{"KHR_texture_transform", {{"offset", {0.5, 0}}}}}}}}}},
        {"KHR_materials_clearcoat", {{"clearcoatFactor", 1}}},
        {"KHR_materials_ior", {{"ior", 1.25}}},
        {"KHR_materials_sheen", json::object()}}},
  });
  b.addMaterial(json::object());
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  const scene::Material& m = s.materials[0];
  const gpu::MaterialExtensionData& e = s.materialExtensionData[0];
  EXPECT_EQ(e.diffuse, glm::vec4(0.5f, 0.25f, 0.125f, 0.75f));
  EXPECT_EQ(e.specularGlossiness, glm::vec4(0.25f, 0.5f, 1.0f, 0.375f));
  EXPECT_EQ(s.materialData[0].baseColorFactor, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
  EXPECT_EQ(m.textures[gpu::kSlotDiffuse], 1);
  EXPECT_EQ(m.textures[gpu::kSlotSpecularGlossiness], 0);
  const auto ref = [&](int slot) { return e.textures[slot - gpu::kTextureSlotCount]; };
  EXPECT_EQ(ref(gpu::kSlotDiffuse).info, glm::vec4(0, 0, 0, 0));
  EXPECT_EQ(ref(gpu::kSlotSpecularGlossiness).info, glm::vec4(0, 1, 0, 0));
  EXPECT_EQ(ref(gpu::kSlotSpecularGlossiness).uvTransform, glm::vec4(0.5f, 0, 1, 1));
  // Both are sRGB colour (their alpha linear: what an sRGB view does).
  EXPECT_TRUE(gpu::isColorSlot(gpu::kSlotDiffuse));
  EXPECT_TRUE(gpu::isColorSlot(gpu::kSlotSpecularGlossiness));

  EXPECT_TRUE(m.has(scene::MaterialExtension::Clearcoat));
  EXPECT_FALSE(scene::materialExtensionDrawn(m, scene::MaterialExtension::Clearcoat));
  EXPECT_TRUE(scene::materialExtensionDrawn(m, scene::MaterialExtension::Ior));
  EXPECT_EQ(scene::materialLayers(m), uint32_t(gpu::kLayerSpecularGlossiness | gpu::kLayerIor));
  std::vector<std::string> materialWarnings;  // (the other: the missing image)
  for (const std::string& w : warningsOf(r))
    if (w.rfind("/materials/", 0) == 0) materialWarnings.push_back(w);
  // In MaterialExtension order.
  EXPECT_EQ(materialWarnings,
            (std::vector<std::string>{
                "/materials/0/extensions/KHR_materials_sheen: KHR_materials_sheen must not be "
                "used with KHR_materials_pbrSpecularGlossiness; ignored",
                "/materials/0/extensions/KHR_materials_clearcoat: KHR_materials_clearcoat must "
                "not be used with KHR_materials_pbrSpecularGlossiness; ignored",
            }));

  // Without the extension object: its defaults, all 1.
  EXPECT_EQ(s.materialExtensionData[1].diffuse, glm::vec4(1.0f));
  EXPECT_EQ(s.materialExtensionData[1].specularGlossiness, glm::vec4(1.0f));
  EXPECT_EQ(scene::materialLayers(s.materials[1]), 0u);
}

// An extension texture index out of range is an error naming its pointer, like a core one.
TEST(Materials, ExtensionTextureIndexIsChecked) {
  AssetBuilder b;
  b.addMaterial(
      {{"extensions", {{"KHR_materials_specular", {{"specularColorTexture", {{"index", 7}}}}}}}});
  EXPECT_EQ(errorOf(b),
            "/materials/0/extensions/KHR_materials_specular/specularColorTexture/index: texture 7 "
            "does not exist (0 textures)");
}

TEST(Materials, EveryFactorAndTextureSlotIsPacked) {
  AssetBuilder b;
  b.json()["images"] = {{{"uri", "unused.png"}}};
  for (int i = 0; i < 5; ++i) b.addTexture(0);
  b.addMaterial({
      {"name", "full"},
      {"pbrMetallicRoughness",
       {{"baseColorFactor", {0.1, 0.2, 0.3, 0.4}},
        {"metallicFactor", 0.25},
        {"roughnessFactor", 0.75},
        {"baseColorTexture",
         {{"index", 0},
          {"extensions",
           {{"KHR_texture_transform",
             {{"offset", {0.5, 0.25}}, {"rotation", 1.5}, {"scale", {2, 3}}, {"texCoord", 1}}}}}}},
        {"metallicRoughnessTexture", {{"index", 1}, {"texCoord", 1}}}}},
      {"normalTexture", {{"index", 2}, {"scale", 0.5}}},
      {"occlusionTexture", {{"index", 3}, {"strength", 0.6}}},
      {"emissiveTexture", {{"index", 4}}},
      {"emissiveFactor", {1, 0.5, 0}},
      {"alphaMode", "MASK"},
      {"alphaCutoff", 0.3},
      {"doubleSided", true},
      {"extensions",
       {{"KHR_materials_unlit", json::object()},
        {"KHR_materials_emissive_strength", {{"emissiveStrength", 4}}}}},
  });
  b.addColorMaterial({1, 1, 1, 1});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  ASSERT_EQ(s.materials.size(), 2u);
  ASSERT_EQ(s.materialData.size(), 3u);
  const scene::Material& m = s.materials[0];
  EXPECT_EQ(m.name, "full");
  EXPECT_EQ(m.alphaMode, scene::AlphaMode::Mask);
  EXPECT_TRUE(m.doubleSided);
  EXPECT_TRUE(m.unlit);
  for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot)
    EXPECT_EQ(m.textures[slot], slot < gpu::kTextureSlotCount ? slot : -1) << "slot " << slot;
  const gpu::MaterialData& d = s.materialData[0];
  EXPECT_EQ(d.baseColorFactor, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
  EXPECT_EQ(d.emissive, glm::vec4(1, 0.5f, 0, 4));
  EXPECT_EQ(d.params, glm::vec4(0.25f, 0.75f, 0.5f, 0.6f));
  EXPECT_EQ(d.alpha, glm::vec4(gpu::kAlphaMask, 0.3f, 1, 1));
  // KHR_texture_transform, its texCoord overriding the textureInfo's 0.
  EXPECT_EQ(d.textures[gpu::kSlotBaseColor].uvTransform, glm::vec4(0.5f, 0.25f, 2, 3));
  EXPECT_EQ(d.textures[gpu::kSlotBaseColor].info, glm::vec4(1.5f, 1, 0, 0));
  EXPECT_EQ(d.textures[gpu::kSlotMetallicRoughness].info, glm::vec4(0, 1, 0, 0));
  EXPECT_EQ(d.textures[gpu::kSlotNormal].uvTransform, glm::vec4(0, 0, 1, 1));
  EXPECT_EQ(d.textures[gpu::kSlotEmissive].info, glm::vec4(0, 0, 0, 0));
  // The second material: defaults but its colour; no textures (texCoord -1).
  const gpu::MaterialData& plain = s.materialData[1];
  EXPECT_EQ(plain.params, glm::vec4(0, 1, 1, 1));
  EXPECT_EQ(plain.alpha, glm::vec4(gpu::kAlphaOpaque, 0.5f, 0, 0));
  for (const gpu::TextureRef& t : plain.textures) EXPECT_EQ(t.info.y, -1.0f);
  EXPECT_FALSE(s.materials[1].unlit);
  // Last: the spec's default material.
  EXPECT_EQ(s.defaultMaterialIndex(), 2u);
  const gpu::MaterialData defaults = scene::defaultMaterialData();
  EXPECT_EQ(std::memcmp(&s.materialData[2], &defaults, sizeof defaults), 0);
}

// Sets 2 to 7 are sampled like sets 0 and 1, without a word (the KHR_texture_transform
// override included); set 8 and beyond are ignored with a warning.
TEST(Materials, TexcoordSetsUpToSevenAreReadBeyondAreAWarning) {
  AssetBuilder b;
  b.json()["images"] = {{{"uri", "unused.png"}}};
  b.addTexture(0);
  b.addMaterial({{"emissiveTexture", {{"index", 0}, {"texCoord", 8}}},
                 {"occlusionTexture", {{"index", 0}, {"texCoord", 3}}},
                 {"normalTexture",
                  {{"index", 0},
                   {"texCoord", 9},
                   {"extensions", {{"KHR_texture_transform", {{"texCoord", 7}}}}}}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const std::vector<std::string> w = warningsOf(r);
  ASSERT_EQ(w.size(), 2u);  // the missing image, then the texCoord
  EXPECT_EQ(w[1],
            "/materials/0/emissiveTexture: TEXCOORD_8 is not supported (only sets 0 to 7); "
            "texture ignored");
  const scene::Material& m = r.scene->materials[0];
  const gpu::MaterialData& d = r.scene->materialData[0];
  EXPECT_EQ(m.textures[gpu::kSlotEmissive], -1);
  EXPECT_EQ(d.textures[gpu::kSlotEmissive].info.y, -1.0f);
  EXPECT_EQ(m.textures[gpu::kSlotOcclusion], 0);
  EXPECT_EQ(d.textures[gpu::kSlotOcclusion].info.y, 3.0f);
  EXPECT_EQ(m.textures[gpu::kSlotNormal], 0);
  EXPECT_EQ(d.textures[gpu::kSlotNormal].info.y, 7.0f);
}

struct SamplerCase {
  json sampler;
  scene::Filter mag, min, mip;
  bool mipmaps;
  scene::Wrap s, t;
};

TEST(Samplers, GltfEnumsMapToSceneEnums) {
  using F = scene::Filter;
  using W = scene::Wrap;
  const std::vector<SamplerCase> cases = {
      {json::object(), F::Linear, F::Linear, F::Linear, true, W::Repeat, W::Repeat},
      {{{"magFilter", 9728}, {"minFilter", 9728}},
       F::Nearest,
       F::Nearest,
       F::Linear,
       false,
       W::Repeat,
       W::Repeat},
      {{{"minFilter", 9729}}, F::Linear, F::Linear, F::Linear, false, W::Repeat, W::Repeat},
      {{{"minFilter", 9984}}, F::Linear, F::Nearest, F::Nearest, true, W::Repeat, W::Repeat},
      {{{"minFilter", 9985}}, F::Linear, F::Linear, F::Nearest, true, W::Repeat, W::Repeat},
      {{{"minFilter", 9986}}, F::Linear, F::Nearest, F::Linear, true, W::Repeat, W::Repeat},
      {{{"minFilter", 9987}, {"wrapS", 33071}, {"wrapT", 33648}},
       F::Linear,
       F::Linear,
       F::Linear,
       true,
       W::ClampToEdge,
       W::MirroredRepeat},
  };
  AssetBuilder b;
  for (const SamplerCase& c : cases) b.addSampler(c.sampler);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->samplers.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    const scene::Sampler& s = r.scene->samplers[i];
    EXPECT_EQ(s.magFilter, cases[i].mag) << i;
    EXPECT_EQ(s.minFilter, cases[i].min) << i;
    EXPECT_EQ(s.mipmapFilter, cases[i].mip) << i;
    EXPECT_EQ(s.useMipmaps, cases[i].mipmaps) << i;
    EXPECT_EQ(s.wrapS, cases[i].s) << i;
    EXPECT_EQ(s.wrapT, cases[i].t) << i;
  }
}

TEST(Materials, ColoredQuadHelperGivesItsColour) {
  AssetBuilder b;
  const int red = b.addColoredQuad({1, 0, 0, 1});
  const int blue = b.addColoredQuad({0, 0, 1, 0.5f}, {3, 0, 0});
  b.addScene({b.addMeshNode(red), b.addMeshNode(blue)});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  ASSERT_EQ(s.meshes.size(), 2u);
  const scene::Primitive& p = s.meshes[1].primitives[0];
  EXPECT_EQ(s.materialData[size_t(p.material)].baseColorFactor, glm::vec4(0, 0, 1, 0.5f));
  EXPECT_EQ(p.bounds.min, glm::vec3(2, -1, 0));
  EXPECT_EQ(p.bounds.max, glm::vec3(4, 1, 0));
  const scene::Bounds all = scene::sceneBounds(s, 0);
  EXPECT_EQ(all.min, glm::vec3(-1, -1, 0));
  EXPECT_EQ(all.max, glm::vec3(4, 1, 0));
}

}  // namespace
}  // namespace vitrine::test
