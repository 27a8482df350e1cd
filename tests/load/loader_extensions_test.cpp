// The loader's part of the Object Model: morph target counts and weights, KHR_lights_punctual,
// KHR_node_visibility, the material extension factors, and the document kept in LoadResult.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>

#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::LoadResult;

// quadAsset() plus two morph targets on mesh 0's primitive.
AssetBuilder morphAsset() {
  AssetBuilder b = quadAsset();
  const int target = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  b.json()["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", target}},
                                                       {{"POSITION", target}}};
  return b;
}

// --- morph weights ------------------------------------------------------------------------

TEST(MorphWeights, ZerosWithoutWeights) {
  const LoadResult r = load(morphAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].targetCount, 2u);
  EXPECT_EQ(r.scene->meshes[0].weights, (std::vector<float>{0, 0}));
  EXPECT_EQ(r.scene->nodes[0].weights, (std::vector<float>{0, 0}));
}

TEST(MorphWeights, NodeWeightsElseMeshWeights) {
  AssetBuilder b = morphAsset();
  b.json()["meshes"][0]["weights"] = {0.25, 0.5};
  b.addNode({{"mesh", 0}, {"weights", {1, 0.75}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].weights, (std::vector<float>{0.25f, 0.5f}));
  EXPECT_EQ(r.scene->nodes[0].weights, (std::vector<float>{0.25f, 0.5f}));
  EXPECT_EQ(r.scene->nodes[1].weights, (std::vector<float>{1, 0.75f}));
  // Region offsets: node 0's two weights, node 1's two, then the mesh's.
  EXPECT_EQ(r.scene->nodes[0].morphWeightOffset, 0u);
  EXPECT_EQ(r.scene->nodes[1].morphWeightOffset, 2u);
  EXPECT_EQ(r.scene->meshes[0].morphWeightOffset, 4u);
}

TEST(MorphWeights, NoTargetsNoWeights) {
  const LoadResult r = load(quadAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->meshes[0].targetCount, 0u);
  EXPECT_TRUE(r.scene->meshes[0].weights.empty());
  EXPECT_TRUE(r.scene->nodes[0].weights.empty());
}

TEST(MorphWeights, WeightsOnANodeWithoutMeshAreAWarning) {
  AssetBuilder b = quadAsset();
  b.addNode({{"weights", {0.5}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.scene->nodes[1].weights.empty());
  EXPECT_EQ(warningsOf(r), (std::vector<std::string>{"/nodes/1/weights: the node has no mesh; "
                                                     "ignored"}));
}

struct ErrorCase {
  const char* name;
  std::function<void(AssetBuilder&)> edit;
  std::string error;
};
void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << c.name;
}

class MorphWeightErrors : public testing::TestWithParam<ErrorCase> {};

TEST_P(MorphWeightErrors, AreReported) {
  AssetBuilder b = morphAsset();
  GetParam().edit(b);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Loader, MorphWeightErrors,
    testing::Values(
        ErrorCase{"PrimitivesDisagree",
                  [](AssetBuilder& b) {
                    json& mesh = b.json()["meshes"][0];
                    json second = mesh["primitives"][0];
                    second["targets"] = json::array({second["targets"][0]});
                    mesh["primitives"].push_back(second);
                  },
                  "/meshes/0/primitives/1: 1 morph targets, primitive 0 has 2 (all primitives "
                  "of a mesh must have the same number)"},
        ErrorCase{"MeshWeightsTooShort",
                  [](AssetBuilder& b) { b.json()["meshes"][0]["weights"] = {0.5}; },
                  "/meshes/0/weights: 1 weights, but the mesh has 2 morph targets"},
        ErrorCase{"NodeWeightsTooLong",
                  [](AssetBuilder& b) {
                    b.json()["nodes"][0]["weights"] = {0.5, 0.5, 0.5};
                  },
                  "/nodes/0/weights: 3 weights, but mesh 0 has 2 morph targets"}));

// --- KHR_lights_punctual ------------------------------------------------------------------

void setLights(AssetBuilder& b, const json& lights) {
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] = lights;
}

TEST(Lights, AreLoadedWithDefaults) {
  AssetBuilder b = quadAsset();
  setLights(b, {{{"type", "point"}},
                {{"type", "spot"},
                 {"name", "key"},
                 {"color", {0.5, 0.25, 1}},
                 {"intensity", 20},
                 {"range", 5},
                 {"spot", {{"innerConeAngle", 0.25}, {"outerConeAngle", 0.5}}}},
                {{"type", "directional"}}});
  b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", 1}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const std::vector<scene::Light>& lights = r.scene->lights;
  ASSERT_EQ(lights.size(), 3u);
  EXPECT_EQ(lights[0].type, scene::Light::Type::Point);
  EXPECT_EQ(lights[0].color, glm::vec3(1));
  EXPECT_EQ(lights[0].intensity, 1.0f);
  EXPECT_FALSE(lights[0].range);
  EXPECT_FALSE(lights[0].hasSpot);
  EXPECT_EQ(lights[0].outerConeAngle, 0.7853981633974483f);
  EXPECT_EQ(lights[1].type, scene::Light::Type::Spot);
  EXPECT_EQ(lights[1].name, "key");
  EXPECT_EQ(lights[1].color, glm::vec3(0.5f, 0.25f, 1));
  EXPECT_EQ(lights[1].intensity, 20.0f);
  EXPECT_EQ(lights[1].range, 5.0f);
  EXPECT_TRUE(lights[1].hasSpot);
  EXPECT_EQ(lights[1].innerConeAngle, 0.25f);
  EXPECT_EQ(lights[1].outerConeAngle, 0.5f);
  EXPECT_EQ(lights[2].type, scene::Light::Type::Directional);
  EXPECT_EQ(r.scene->nodes[0].light, 1);
}

TEST(Lights, NoneWithoutTheExtension) {
  const LoadResult r = load(quadAsset());
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.scene->lights.empty());
  EXPECT_EQ(r.scene->nodes[0].light, -1);
}

class LightErrors : public testing::TestWithParam<ErrorCase> {};

// Light 0 is placed by node 0: a problem in a light no node places is a warning (below).
TEST_P(LightErrors, AreReported) {
  AssetBuilder b = quadAsset();
  setLights(b, {{{"type", "spot"}}});
  b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", 0}};
  GetParam().edit(b);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

json& light0(AssetBuilder& b) {
  return b.json()["extensions"]["KHR_lights_punctual"]["lights"][0];
}

const std::string kL = "/extensions/KHR_lights_punctual/lights";

INSTANTIATE_TEST_SUITE_P(
    Loader, LightErrors,
    testing::Values(
        ErrorCase{
            "NoLights",
            [](AssetBuilder& b) { b.json()["extensions"]["KHR_lights_punctual"] = json::object(); },
            "/extensions/KHR_lights_punctual/lights: required property is missing"},
        ErrorCase{"EmptyLights", [](AssetBuilder& b) { setLights(b, json::array()); },
                  kL + ": expected at least 1 element, got 0"},
        ErrorCase{"NoType", [](AssetBuilder& b) { light0(b).erase("type"); },
                  kL + "/0/type: required property is missing"},
        ErrorCase{"UnknownType", [](AssetBuilder& b) { light0(b)["type"] = "area"; },
                  kL + "/0/type: expected one of directional, point, spot, got \"area\""},
        ErrorCase{"ColorSize",
                  [](AssetBuilder& b) {
                    light0(b)["color"] = {1, 1};
                  },
                  kL + "/0/color: expected an array of 3 numbers, got [1,1]"},
        ErrorCase{"ColorRange",
                  [](AssetBuilder& b) {
                    light0(b)["color"] = {1, 2, 1};
                  },
                  kL + "/0/color/1: must be in [0, 1]"},
        ErrorCase{"NegativeIntensity", [](AssetBuilder& b) { light0(b)["intensity"] = -1; },
                  kL + "/0/intensity: must be >= 0"},
        ErrorCase{"IntensityType", [](AssetBuilder& b) { light0(b)["intensity"] = "bright"; },
                  kL + "/0/intensity: expected a number, got \"bright\""},
        ErrorCase{"IntensityBeyondFloat", [](AssetBuilder& b) { light0(b)["intensity"] = 1e39; },
                  kL + "/0/intensity: 1e+39 does not fit a 32-bit float"},
        ErrorCase{"ZeroRange", [](AssetBuilder& b) { light0(b)["range"] = 0; },
                  kL + "/0/range: must be > 0"},
        ErrorCase{"SpotNotObject", [](AssetBuilder& b) { light0(b)["spot"] = 1; },
                  kL + "/0/spot: expected a JSON object, got 1"},
        ErrorCase{"NegativeInner",
                  [](AssetBuilder& b) {
                    light0(b)["spot"] = {{"innerConeAngle", -0.5}};
                  },
                  kL + "/0/spot/innerConeAngle: must be >= 0"},
        ErrorCase{"OuterBeyondHalfPi",
                  [](AssetBuilder& b) {
                    light0(b)["spot"] = {{"outerConeAngle", 1.6}};
                  },
                  kL + "/0/spot/outerConeAngle: must be <= PI / 2"},
        ErrorCase{"InnerNotBelowOuter",
                  [](AssetBuilder& b) {
                    light0(b)["spot"] = {{"innerConeAngle", 0.5}, {"outerConeAngle", 0.5}};
                  },
                  kL + "/0/spot: innerConeAngle 0.5 must be less than outerConeAngle 0.5"},
        ErrorCase{"InnerAboveDefaultOuter",
                  [](AssetBuilder& b) {
                    light0(b)["spot"] = {{"innerConeAngle", 1}};
                  },
                  kL + "/0/spot: innerConeAngle 1.0 must be less than outerConeAngle "
                       "0.7853981633974483"},
        ErrorCase{"NodeLightMissing",
                  [](AssetBuilder& b) {
                    b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = json::object();
                  },
                  "/nodes/0/extensions/KHR_lights_punctual/light: required property is missing"},
        ErrorCase{"NodeLightOutOfRange",
                  [](AssetBuilder& b) {
                    b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", 2}};
                  },
                  "/nodes/0/extensions/KHR_lights_punctual/light: light 2 does not exist (1 "
                  "light)"},
        ErrorCase{"NodeLightNotAnIndex",
                  [](AssetBuilder& b) {
                    b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", -1}};
                  },
                  "/nodes/0/extensions/KHR_lights_punctual/light: expected an integer in [0, "
                  "9007199254740992], got -1"}));

// The Khronos glTF-Validator's valid assets include a light of a type this version does not
// know (the schema lets `type` be any string) that no node uses: by TOLERANCE.md's rule a
// problem in what nothing draws is a warning, and the light gives no light.
TEST(Lights, AnUnusedLightOfUnknownTypeIsAWarning) {
  AssetBuilder b = quadAsset();
  setLights(b, {{{"type", "area"}, {"name", "future"}}, {{"type", "point"}}});
  b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", 1}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), (std::vector<std::string>{
                               "/extensions/KHR_lights_punctual/lights/0/type: expected one of "
                               "directional, point, spot, got \"area\" (light 0 is not used: "
                               "ignored)"}));
  ASSERT_EQ(r.scene->lights.size(), 2u);
  EXPECT_EQ(r.scene->lights[0].name, "future");
  EXPECT_EQ(r.scene->lights[0].intensity, 0.0f);
  EXPECT_EQ(r.scene->lights[1].type, scene::Light::Type::Point);
  EXPECT_EQ(r.scene->nodes[0].light, 1);
}

TEST(Lights, OtherProblemsOfAnUnusedLightAreWarnings) {
  AssetBuilder b = quadAsset();
  setLights(b, {{{"type", "spot"}, {"spot", {{"innerConeAngle", 1}}}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(warningsOf(r), (std::vector<std::string>{
                               "/extensions/KHR_lights_punctual/lights/0/spot: innerConeAngle "
                               "1.0 must be less than outerConeAngle 0.7853981633974483 (light "
                               "0 is not used: ignored)"}));
}

TEST(Lights, AUsedLightOfUnknownTypeKeepsItsError) {
  AssetBuilder b = quadAsset();
  setLights(b, {{{"type", "area"}}});
  b.json()["nodes"][0]["extensions"]["KHR_lights_punctual"] = {{"light", 0}};
  EXPECT_EQ(errorOf(b),
            "/extensions/KHR_lights_punctual/lights/0/type: expected one of "
            "directional, point, spot, got \"area\"");
}

// --- KHR_node_visibility ------------------------------------------------------------------

TEST(Visibility, DefaultsToVisible) {
  AssetBuilder b = quadAsset();
  b.addNode({{"extensions", {{"KHR_node_visibility", {{"visible", false}}}}}});
  b.addNode({{"extensions", {{"KHR_node_visibility", json::object()}}}});
  b.addNode({{"extensions", {{"KHR_node_visibility", {{"visible", true}}}}}});
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.scene->nodes[0].visible, 1.0f);
  EXPECT_EQ(r.scene->nodes[1].visible, 0.0f);
  EXPECT_EQ(r.scene->nodes[2].visible, 1.0f);
  EXPECT_EQ(r.scene->nodes[3].visible, 1.0f);
}

TEST(Visibility, NotABooleanIsAnError) {
  AssetBuilder b = quadAsset();
  b.json()["nodes"][0]["extensions"]["KHR_node_visibility"] = {{"visible", 0}};
  EXPECT_EQ(errorOf(b),
            "/nodes/0/extensions/KHR_node_visibility/visible: expected true or false, got 0");
}

// --- material extensions ------------------------------------------------------------------

TEST(MaterialExtensions, FlagsDataAndDefaultMaterial) {
  AssetBuilder b = quadAsset();
  b.json()["materials"][0]["extensions"] = {
      {"KHR_materials_ior", {{"ior", 1.25}}},
      {"KHR_materials_sheen", json::object()},
      {"KHR_materials_clearcoat", {{"clearcoatNormalTexture", {{"index", 0}, {"scale", 2}}}}}};
  b.json()["images"] = {{{"uri", "unused.png"}}};
  b.addTexture(0);
  b.addMaterial(json::object());
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Scene& s = *r.scene;
  using E = scene::MaterialExtension;
  EXPECT_EQ(s.materials[0].extensions,
            (1u << uint32_t(E::Ior)) | (1u << uint32_t(E::Sheen)) | (1u << uint32_t(E::Clearcoat)));
  EXPECT_TRUE(s.materials[0].has(E::Ior));
  EXPECT_FALSE(s.materials[0].has(E::Specular));
  EXPECT_EQ(s.materials[1].extensions, 0u);
  ASSERT_EQ(s.materialExtensionData.size(), 3u);
  EXPECT_EQ(s.materialExtensionData[0].refraction, glm::vec4(1.25f, 0, 0, 0));
  EXPECT_EQ(s.materialExtensionData[0].clearcoat, glm::vec4(0, 0, 2, 0));
  const gpu::MaterialExtensionData defaults = scene::defaultMaterialExtensionData();
  EXPECT_EQ(defaults.attenuation.w, std::numeric_limits<float>::infinity());
  EXPECT_EQ(std::memcmp(&s.materialExtensionData[1], &defaults, sizeof defaults), 0);
  EXPECT_EQ(std::memcmp(&s.materialExtensionData[2], &defaults, sizeof defaults), 0);
  EXPECT_STREQ(scene::materialExtensionName(E::DiffuseTransmission),
               "KHR_materials_diffuse_transmission");
}

TEST(MaterialExtensions, UnlitAndEmissiveStrengthAreFlagged) {
  AssetBuilder b = quadAsset();
  b.json()["materials"][0]["extensions"] = {
      {"KHR_materials_unlit", json::object()},
      {"KHR_materials_emissive_strength", {{"emissiveStrength", 3}}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const scene::Material& m = r.scene->materials[0];
  EXPECT_TRUE(m.unlit);
  EXPECT_TRUE(m.has(scene::MaterialExtension::Unlit));
  EXPECT_TRUE(m.has(scene::MaterialExtension::EmissiveStrength));
  EXPECT_EQ(r.scene->materialData[0].emissive.w, 3.0f);
}

TEST(MaterialExtensions, TransformOfAnIgnoredTextureIsKept) {
  AssetBuilder b = quadAsset();
  b.json()["images"] = {{{"uri", "unused.png"}}};
  b.addTexture(0);
  b.json()["materials"][0]["emissiveTexture"] = {
      {"index", 0},
      {"texCoord", 8},  // beyond the sets Vitrine reads (TEXCOORD_0..7)
      {"extensions", {{"KHR_texture_transform", {{"offset", {0.5, 0.25}}, {"rotation", 1}}}}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  const gpu::TextureRef& t = r.scene->materialData[0].textures[gpu::kSlotEmissive];
  EXPECT_EQ(t.uvTransform, glm::vec4(0.5f, 0.25f, 1, 1));
  EXPECT_EQ(t.info, glm::vec4(1, -1, 0, 0));  // no texture for the renderer
  EXPECT_EQ(r.scene->materials[0].textures[gpu::kSlotEmissive], -1);
}

class MaterialExtensionErrors : public testing::TestWithParam<ErrorCase> {};

TEST_P(MaterialExtensionErrors, AreReported) {
  AssetBuilder b = quadAsset();
  GetParam().edit(b);
  EXPECT_EQ(errorOf(b), GetParam().error);
}

json& ext0(AssetBuilder& b) {
  return b.json()["materials"][0]["extensions"];
}

INSTANTIATE_TEST_SUITE_P(
    Loader, MaterialExtensionErrors,
    testing::Values(
        ErrorCase{"NotAnObject", [](AssetBuilder& b) { ext0(b)["KHR_materials_sheen"] = 3; },
                  "/materials/0/extensions/KHR_materials_sheen: expected a JSON object, got 3"},
        ErrorCase{"FactorType",
                  [](AssetBuilder& b) {
                    ext0(b)["KHR_materials_ior"] = {{"ior", "x"}};
                  },
                  "/materials/0/extensions/KHR_materials_ior/ior: expected a number, got \"x\""},
        ErrorCase{"ColorSize",
                  [](AssetBuilder& b) {
                    ext0(b)["KHR_materials_specular"] = {{"specularColorFactor", {1, 1}}};
                  },
                  "/materials/0/extensions/KHR_materials_specular/specularColorFactor: "
                  "expected an array of 3 numbers, got [1,1]"},
        ErrorCase{"TextureNotAnObject",
                  [](AssetBuilder& b) {
                    ext0(b)["KHR_materials_clearcoat"] = {{"clearcoatNormalTexture", 0}};
                  },
                  "/materials/0/extensions/KHR_materials_clearcoat/clearcoatNormalTexture: "
                  "expected a JSON object, got 0"},
        ErrorCase{"NestedFactorType",
                  [](AssetBuilder& b) {
                    b.json()["images"] = {{{"uri", "unused.png"}}};
                    b.addTexture(0);
                    ext0(b)["KHR_materials_clearcoat"] = {
                        {"clearcoatNormalTexture", {{"index", 0}, {"scale", true}}}};
                  },
                  "/materials/0/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/"
                  "scale: expected a number, got true"}));

// --- the document -------------------------------------------------------------------------

TEST(LoadResultDocument, IsKeptAndCopiedResourcesAreReleased) {
  AssetBuilder b = quadAsset();
  const int view = b.addBufferView(encodePng(1, 1, 4, 8, {9, 8, 7, 6}));
  b.json()["images"] = {{{"bufferView", view}, {"mimeType", "image/png"}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.document, nullptr);
  const scene::GltfDocument& doc = *r.document;
  EXPECT_EQ(doc.json["nodes"].size(), 1u);  // the JSON stays whole
  ASSERT_EQ(doc.model.buffers.size(), 1u);
  EXPECT_TRUE(doc.model.buffers[0].data.empty());
  ASSERT_EQ(doc.model.images.size(), 1u);
  EXPECT_TRUE(doc.model.images[0].image.empty());
  EXPECT_EQ(r.scene->images[0].rgba8, (std::vector<uint8_t>{9, 8, 7, 6}));  // copied first
  EXPECT_EQ(r.scene->meshes[0].primitives[0].positions.size(), 4u);
}

TEST(LoadResultDocument, BuffersOfAnimationsStay) {
  AssetBuilder b = quadAsset();
  const int input = b.addFloats({0, 1}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0};
  b.json()["accessors"][input]["max"] = {1};
  const int output = b.addVec3({{0, 0, 0}, {1, 2, 3}});
  b.json()["animations"] = {
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}}};
  const LoadResult r = load(b);
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.document, nullptr);
  EXPECT_FALSE(r.document->model.buffers[0].data.empty());
  std::vector<float> values;
  EXPECT_EQ(scene::readAccessor(*r.document, uint32_t(output), values), "");
  EXPECT_EQ(values, (std::vector<float>{0, 0, 0, 1, 2, 3}));
}

TEST(LoadResultDocument, IsNullOnError) {
  AssetBuilder b = quadAsset();
  b.json()["nodes"][0]["mesh"] = 5;
  const LoadResult r = load(b);
  EXPECT_NE(r.error, "");
  EXPECT_EQ(r.scene, nullptr);
  EXPECT_EQ(r.document, nullptr);
}

}  // namespace
}  // namespace vitrine::test
