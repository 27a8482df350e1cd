// KHR_materials_variants in the loader: variant names, each primitive's material per variant,
// and the JSON problems (errors for wrong types, warnings for mappings that name a variant or
// material that does not exist).
#include <gtest/gtest.h>

#include <functional>

#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;

// quadAsset() (material 0, green) plus a red and a blue material (1 and 2) and the variants
// "red", "blue", "plain"; the quad maps red -> 1 and blue -> 2, "plain" keeps material 0.
AssetBuilder variantAsset() {
  AssetBuilder b = quadAsset();
  b.addColorMaterial({1, 0, 0, 1}, "Red");
  b.addColorMaterial({0, 0, 1, 1}, "Blue");
  b.addMaterialVariants({"red", "blue", "plain"});
  b.addVariantMapping(0, 0, 1, {0});
  b.addVariantMapping(0, 0, 2, {1});
  return b;
}

// The material of variants 0, 1, 2 (Primitive::materialFor over the sparse pairs).
std::vector<int> perVariant(const scene::Primitive& p) {
  return {p.materialFor(0), p.materialFor(1), p.materialFor(2)};
}

json& mappings(AssetBuilder& b) {
  return b.json()["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"];
}

TEST(MaterialVariants, NamesAndMaterialPerVariant) {
  const LoadResult r = load(variantAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{});
  EXPECT_EQ(r.scene->variants, (std::vector<std::string>{"red", "blue", "plain"}));
  const scene::Primitive& p = r.scene->meshes[0].primitives[0];
  EXPECT_EQ(perVariant(p), (std::vector<int>{1, 2, 0}));
  // Sparse: only the mapped variants are stored.
  EXPECT_EQ(p.variantMaterials, (std::vector<scene::VariantMaterial>{{0, 1}, {1, 2}}));
  EXPECT_EQ(p.materialFor(-1), 0);
  EXPECT_EQ(p.materialFor(0), 1);
  EXPECT_EQ(p.materialFor(1), 2);
  EXPECT_EQ(p.materialFor(2), 0);
  EXPECT_EQ(p.materialFor(3), 0);  // out of range: the default materials
}

TEST(MaterialVariants, OneMappingForSeveralVariants) {
  AssetBuilder b = variantAsset();
  mappings(b) = json::array({{{"material", 2}, {"variants", {2, 0}}, {"name", "both"}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{2, 0, 2}));
}

TEST(MaterialVariants, NoExtensionNoVariants) {
  const LoadResult r = load(quadAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.scene->variants.empty());
  EXPECT_TRUE(r.scene->meshes[0].primitives[0].variantMaterials.empty());
  EXPECT_EQ(r.scene->meshes[0].primitives[0].materialFor(0), 0);
}

TEST(MaterialVariants, PrimitiveWithoutMaterialMapsFromTheDefault) {
  AssetBuilder b = variantAsset();
  b.json()["meshes"][0]["primitives"][0].erase("material");
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{1, 2, -1}));
}

// The mappings follow their JSON primitive when an earlier primitive was skipped.
TEST(MaterialVariants, SkippedPrimitivesKeepTheMappingsInPlace) {
  AssetBuilder b = variantAsset();
  json& prims = b.json()["meshes"][0]["primitives"];
  json noPosition = prims[0];
  noPosition["attributes"].erase("POSITION");
  noPosition["extensions"]["KHR_materials_variants"]["mappings"] =
      json::array({{{"material", 0}, {"variants", {0, 1}}}});
  prims.insert(prims.begin(), noPosition);
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->meshes[0].primitives.size(), 1u);
  EXPECT_EQ(r.scene->meshes[0].primitives[0].sourceIndex, 1u);
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{1, 2, 0}));
}

TEST(MaterialVariants, FindByIndexThenName) {
  const LoadResult r = load(variantAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(scene::findMaterialVariant(*r.scene, "blue"), 1);
  EXPECT_EQ(scene::findMaterialVariant(*r.scene, "2"), 2);
  EXPECT_EQ(scene::findMaterialVariant(*r.scene, "3"), -1);
  EXPECT_EQ(scene::findMaterialVariant(*r.scene, "green"), -1);
  EXPECT_EQ(scene::findMaterialVariant(*r.scene, ""), -1);
}

// --- tolerated problems: warnings, the mapping skipped --------------------------------------

TEST(MaterialVariants, MappingOfAMissingVariantIsIgnored) {
  AssetBuilder b = variantAsset();
  mappings(b)[1]["variants"] = {1, 7};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            std::vector<std::string>{
                "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/1/variants/1: "
                "variant 7 does not exist (3 variants); mapping ignored"});
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{1, 0, 0}));
}

TEST(MaterialVariants, MappingOfAMissingMaterialIsIgnored) {
  AssetBuilder b = variantAsset();
  mappings(b)[0]["material"] = 3;
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            std::vector<std::string>{
                "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/0/material: "
                "material 3 does not exist (3 materials); mapping ignored"});
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{0, 2, 0}));
}

TEST(MaterialVariants, MappingsWithoutRootVariantsAreIgnored) {
  AssetBuilder b = variantAsset();
  b.json().erase("extensions");
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(warningsOf(r).size(), 2u);
  EXPECT_EQ(warningsOf(r)[0],
            "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/0/variants/0: "
            "variant 0 does not exist (0 variants); mapping ignored");
  EXPECT_TRUE(r.scene->meshes[0].primitives[0].variantMaterials.empty());
}

TEST(MaterialVariants, SecondMappingOfAVariantIsIgnored) {
  AssetBuilder b = variantAsset();
  mappings(b)[1]["variants"] = {1, 0};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r),
            std::vector<std::string>{
                "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/1/variants/1: "
                "variant 0 is already mapped by an earlier mapping; ignored"});
  EXPECT_EQ(perVariant(r.scene->meshes[0].primitives[0]), (std::vector<int>{1, 2, 0}));
}

TEST(MaterialVariants, UnnamedVariantIsCalledByItsIndex) {
  AssetBuilder b = variantAsset();
  b.json()["extensions"]["KHR_materials_variants"]["variants"][1].erase("name");
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), std::vector<std::string>{
                               "/extensions/KHR_materials_variants/variants/1: variant without "
                               "a name; called \"variant 1\""});
  EXPECT_EQ(r.scene->variants[1], "variant 1");
}

// --- wrong types: errors naming the pointer -------------------------------------------------

TEST(MaterialVariants, WrongTypesAreErrors) {
  const std::string m = "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/0";
  struct Case {
    std::function<void(AssetBuilder&)> edit;
    std::string error;
  };
  const std::vector<Case> cases = {
      {[](AssetBuilder& b) { b.json()["extensions"]["KHR_materials_variants"]["variants"] = 3; },
       "/extensions/KHR_materials_variants/variants: expected an array, got 3"},
      {[](AssetBuilder& b) {
         b.json()["extensions"]["KHR_materials_variants"]["variants"][0]["name"] = 5;
       },
       "/extensions/KHR_materials_variants/variants/0/name: expected a string, got 5"},
      {[](AssetBuilder& b) { mappings(b)[0]["material"] = "red"; },
       m + "/material: expected an integer in [0, 9007199254740992], got \"red\""},
      {[](AssetBuilder& b) { mappings(b)[0].erase("material"); },
       m + "/material: required property is missing"},
      {[](AssetBuilder& b) { mappings(b)[0]["variants"] = {0.5}; },
       m + "/variants/0: expected a variant index, got 0.5"},
      {[](AssetBuilder& b) { mappings(b)[0]["variants"] = {-1}; },
       m + "/variants/0: expected a variant index, got -1"},
      {[](AssetBuilder& b) { mappings(b)[0]["variants"] = json::array(); },
       m + "/variants: must hold at least one variant"},
      {[](AssetBuilder& b) { mappings(b)[0].erase("variants"); },
       m + "/variants: required property is missing"},
      {[](AssetBuilder& b) { mappings(b) = json::object(); },
       "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings: expected an array, got "
       "{}"},
  };
  for (const Case& c : cases) {
    AssetBuilder b = variantAsset();
    c.edit(b);
    EXPECT_EQ(errorOf(b), c.error);
  }
}

}  // namespace
}  // namespace vitrine::test
