// The Object Model's rejections, each with its exact reason (and the value of a read-only
// property); writes through slots; extras storage; formatSlotValue().
#include "pointer_resolve_fixture.h"

namespace vitrine::test {
namespace {

// --- rejections -----------------------------------------------------------------------------

struct Rejection {
  std::string pointer;
  std::string error;
  std::string readOnlyValue;  // "" unless the property is read-only
};
void PrintTo(const Rejection& r, std::ostream* os) {
  *os << r.pointer;
}

class ObjectModelRejections : public testing::TestWithParam<Rejection> {};

TEST_P(ObjectModelRejections, GiveTheirReason) {
  const Rejection& c = GetParam();
  const scene::LoadResult loaded = load(fullAsset());
  ASSERT_EQ(loaded.error, "");
  const ResolveResult r = scene::resolvePointer(*loaded.scene, *loaded.document, c.pointer);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, c.error);
  EXPECT_EQ(r.readOnlyValue, c.readOnlyValue);
  EXPECT_EQ(r.slot.data, nullptr);
}

const std::string kNotOm = "not a property of the glTF Object Model";
const std::string kId = "read-only: a glTF id cannot be animated";
const std::string kLength = "read-only: an array length cannot be animated";

INSTANTIATE_TEST_SUITE_P(
    Invalid, ObjectModelRejections,
    testing::Values(
        Rejection{"nodes/0/translation", "a JSON pointer starts with '/'", ""},
        Rejection{"/nodes/0/translation~2", "'~' at offset 20 must be followed by 0 or 1", ""},
        Rejection{"", kNotOm, ""}, Rejection{"/", kNotOm, ""}, Rejection{"/nodes", kNotOm, ""},
        Rejection{"/nodes/0", kNotOm, ""}, Rejection{"/accessors/0/count", kNotOm, ""},
        Rejection{"/asset/version", kNotOm, ""}, Rejection{"/animations/0/channels", kNotOm, ""},
        Rejection{"/nodes/0/foo", kNotOm, ""},
        Rejection{"/materials/1/emissiveTexture/scale", kNotOm, ""},
        Rejection{"/materials/1/extensions/KHR_materials_foo/x", kNotOm, ""},
        Rejection{"/materials/3/extensions/KHR_materials_unlit/x", kNotOm, ""},
        Rejection{"/cameras/2/orthographic/aspectRatio", kNotOm, ""},
        Rejection{"/cameras/0/perspective/xmag", kNotOm, ""},
        Rejection{"/extensions/KHR_lights_punctual/lights/0/foo", kNotOm, ""},
        Rejection{"/nodes/7/translation", "node 7 does not exist (5 nodes)", ""},
        Rejection{"/meshes/2/weights", "mesh 2 does not exist (2 meshes)", ""},
        Rejection{"/materials/9/alphaCutoff", "material 9 does not exist (4 materials)", ""},
        Rejection{"/cameras/3/perspective/yfov", "camera 3 does not exist (3 cameras)", ""},
        Rejection{"/extensions/KHR_lights_punctual/lights/4/intensity",
                  "light 4 does not exist (4 lights)", ""},
        Rejection{"/meshes/0/primitives/1/material", "primitive 1 does not exist (1 primitive)",
                  ""},
        Rejection{"/nodes/0/children/1", "child 1 does not exist (1 child)", ""},
        Rejection{"/nodes/01/translation", "\"01\" is not an array index", ""},
        Rejection{"/nodes/-/translation", "\"-\" is not an array index", ""},
        Rejection{"/nodes/99999999999/translation", "\"99999999999\" is not an array index", ""}));

INSTANTIATE_TEST_SUITE_P(
    Undefined, ObjectModelRejections,
    testing::Values(
        Rejection{"/materials/2/pbrMetallicRoughness/metallicFactor",
                  "the material has no pbrMetallicRoughness object", ""},
        Rejection{"/materials/2/pbrMetallicRoughness/baseColorFactor",
                  "the material has no pbrMetallicRoughness object", ""},
        Rejection{"/materials/2/extensions/KHR_materials_ior/ior",
                  "the material has no KHR_materials_ior extension object", ""},
        Rejection{"/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength",
                  "the material has no KHR_materials_emissive_strength extension object", ""},
        Rejection{"/materials/0/normalTexture/scale", "the material has no normalTexture object",
                  ""},
        Rejection{"/materials/0/occlusionTexture/strength",
                  "the material has no occlusionTexture object", ""},
        Rejection{"/materials/0/normalTexture/extensions/KHR_texture_transform/offset",
                  "the material has no normalTexture object", ""},
        Rejection{"/materials/3/pbrMetallicRoughness/baseColorTexture/extensions/"
                  "KHR_texture_transform/offset",
                  "the material has no baseColorTexture object", ""},
        Rejection{"/materials/3/occlusionTexture/extensions/KHR_texture_transform/rotation",
                  "the occlusionTexture has no KHR_texture_transform extension object", ""},
        Rejection{"/materials/3/extensions/KHR_materials_clearcoat/clearcoatTexture/index",
                  "the KHR_materials_clearcoat extension object has no clearcoatTexture object",
                  ""},
        Rejection{"/materials/1/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/"
                  "extensions/KHR_texture_transform/scale",
                  "the clearcoatNormalTexture has no KHR_texture_transform extension object", ""},
        Rejection{"/materials/1/extensions/ADOBE_materials_clearcoat_tint/clearcoatTintFactor",
                  "ADOBE_materials_clearcoat_tint is not supported", ""},
        Rejection{"/cameras/1/perspective/zfar", "zfar is absent and has no default", ""},
        Rejection{"/cameras/1/perspective/aspectRatio", "aspectRatio is absent and has no default",
                  ""},
        Rejection{"/cameras/2/perspective/yfov", "camera 2 is orthographic", ""},
        Rejection{"/cameras/0/orthographic/xmag", "camera 0 is perspective", ""},
        Rejection{"/extensions/KHR_lights_punctual/lights/0/range",
                  "range is absent and has no default", ""},
        Rejection{"/extensions/KHR_lights_punctual/lights/1/spot/innerConeAngle",
                  "light 1 is a point light, not a spot light", ""},
        Rejection{"/extensions/KHR_lights_punctual/lights/3/spot/outerConeAngle",
                  "the light has no spot object", ""},
        Rejection{"/extensions/EXT_lights_image_based/lights/0/intensity",
                  "EXT_lights_image_based is not supported", ""},
        Rejection{"/nodes/1/translation",
                  "node 1 has a matrix; an animated node must use translation, rotation and "
                  "scale (glTF 2.0 3.5.3)",
                  ""},
        Rejection{"/nodes/1/rotation",
                  "node 1 has a matrix; an animated node must use translation, rotation and "
                  "scale (glTF 2.0 3.5.3)",
                  ""},
        Rejection{"/nodes/3/weights", "node 3 has no mesh", ""},
        Rejection{"/nodes/4/weights", "mesh 1 of node 4 has no morph targets", ""},
        Rejection{"/nodes/4/weights/0", "mesh 1 of node 4 has no morph targets", ""},
        Rejection{"/meshes/1/weights", "mesh 1 has no morph targets", ""},
        Rejection{"/nodes/0/weights/2", "weight 2 does not exist (2 weights)", ""},
        Rejection{"/meshes/0/weights/x", "\"x\" is not an array index", ""},
        Rejection{"/nodes/0/translation/0",
                  "the Object Model resolves a float3 whole, not its components", ""},
        Rejection{"/materials/1/pbrMetallicRoughness/baseColorFactor/3",
                  "the Object Model resolves a float4 whole, not its components", ""},
        Rejection{"/nodes/4/extensions/KHR_node_visibility/visible",
                  "the node has no KHR_node_visibility extension object", ""},
        Rejection{"/nodes/0/extensions/EXT_lights_ies/multiplier",
                  "EXT_lights_ies is not supported", ""}));

INSTANTIATE_TEST_SUITE_P(
    Extras, ObjectModelRejections,
    testing::Values(
        Rejection{"/nodes/0/extras/s",
                  "an extras value must be a number, a boolean or an array of numbers, not a "
                  "string",
                  ""},
        Rejection{"/nodes/0/extras",
                  "an extras value must be a number, a boolean or an array of numbers, not an "
                  "object",
                  ""},
        Rejection{"/nodes/0/extras/empty",
                  "an extras value must be a number, a boolean or an array of numbers, not an "
                  "empty array",
                  ""},
        Rejection{"/nodes/0/extras/mixed",
                  "an extras value must be a number, a boolean or an array of numbers, not an "
                  "array of other values",
                  ""},
        Rejection{"/nodes/0/extras/nope", "the extras object has no \"nope\"", ""},
        Rejection{"/nodes/0/extras/a/b", "the extras object has no \"a\"", ""},
        Rejection{"/nodes/0/extras/obj/w", "\"obj\" has no \"w\"", ""},
        Rejection{"/nodes/0/extras/arr/3", "\"arr\" has no element \"3\" (3 elements)", ""},
        Rejection{"/nodes/0/extras/arr/0/x", "\"0\" is not an object or array", ""},
        Rejection{"/nodes/3/extras/x", "no extras object at /nodes/3", ""},
        Rejection{"/nodes/9/extras/x", "node 9 does not exist (5 nodes)", ""},
        Rejection{"/animations/0/extras/x", "no value at /animations", ""},
        Rejection{"/cameras/0/extras", "no extras object at /cameras/0", ""}));

INSTANTIATE_TEST_SUITE_P(
    ReadOnly, ObjectModelRejections,
    testing::Values(
        Rejection{"/materials/1/pbrMetallicRoughness/baseColorTexture/index", kId, "0"},
        Rejection{"/materials/1/pbrMetallicRoughness/baseColorTexture/texCoord",
                  "read-only: texCoord is not animatable", "0"},
        Rejection{"/materials/1/normalTexture/texCoord", "read-only: texCoord is not animatable",
                  "1"},
        Rejection{"/materials/1/emissiveTexture/extensions/KHR_texture_transform/texCoord",
                  "texCoord is absent and has no default", ""},
        Rejection{"/materials/1/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/index",
                  kId, "0"},
        Rejection{"/materials/1/extensions/KHR_materials_clearcoat/clearcoatTexture/texCoord",
                  "read-only: texCoord is not animatable", "0"},
        Rejection{"/materials/1/name", "read-only: name is not animatable", "\"full\""},
        Rejection{"/materials/2/name", "name is absent and has no default", ""},
        Rejection{"/materials/1/alphaMode", "read-only: alphaMode is not animatable", "\"MASK\""},
        Rejection{"/materials/3/alphaMode", "read-only: alphaMode is not animatable", "\"OPAQUE\""},
        Rejection{"/materials/1/doubleSided", "read-only: doubleSided is not animatable", "true"},
        Rejection{"/materials/3/doubleSided", "read-only: doubleSided is not animatable", "false"},
        Rejection{"/nodes/0/mesh", kId, "0"}, Rejection{"/nodes/3/camera", kId, "0"},
        Rejection{"/nodes/0/skin", "skin is absent and has no default", ""},
        Rejection{"/nodes/0/children/0", kId, "2"},
        Rejection{"/nodes/0/children.length", kLength, "1"},
        Rejection{"/nodes/3/children.length", kLength, "0"}, Rejection{"/nodes/2/parent", kId, "0"},
        Rejection{"/nodes/0/parent", "node 0 is a root node (no parent)", ""},
        Rejection{"/nodes/1/matrix",
                  "read-only: matrix is not animatable (animate translation, rotation and scale)",
                  "[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,5.0,6.0,7.0,1.0]"},
        Rejection{"/nodes/3/matrix",
                  "read-only: matrix is not animatable (animate translation, rotation and scale)",
                  "[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0]"},
        Rejection{"/nodes/1/globalMatrix", "read-only: globalMatrix is not animatable",
                  "[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,5.0,6.0,7.0,1.0]"},
        Rejection{"/nodes/0/weights.length", kLength, "2"},
        Rejection{"/nodes/3/weights.length", kLength, "0"},
        Rejection{"/meshes/0/weights.length", kLength, "2"},
        Rejection{"/meshes/0/primitives.length", kLength, "1"},
        Rejection{"/meshes/0/primitives/0/material", kId, "0"},
        Rejection{"/meshes/0/name", "read-only: name is not animatable", "\"quad\""},
        Rejection{"/nodes.length", kLength, "5"}, Rejection{"/meshes.length", kLength, "2"},
        Rejection{"/materials.length", kLength, "4"}, Rejection{"/cameras.length", kLength, "3"},
        Rejection{"/scenes.length", kLength, "1"}, Rejection{"/animations.length", kLength, "0"},
        Rejection{"/skins.length", kLength, "0"}, Rejection{"/scene", kId, "0"},
        Rejection{"/scenes/0/nodes/1", kId, "1"}, Rejection{"/scenes/0/nodes.length", kLength, "4"},
        Rejection{"/cameras/2/type", "read-only: type is not animatable", "\"orthographic\""},
        Rejection{"/extensions/KHR_lights_punctual/lights/0/type",
                  "read-only: type is not animatable", "\"directional\""},
        Rejection{"/extensions/KHR_lights_punctual/lights.length", kLength, "4"},
        Rejection{"/nodes/0/extensions/KHR_lights_punctual/light", kId, "0"},
        Rejection{"/nodes/3/extensions/KHR_lights_punctual/light",
                  "the node has no KHR_lights_punctual extension object", ""}));

// --- storage ----------------------------------------------------------------------------------

TEST(ObjectModel, WritesThroughSlotsReachTheScene) {
  const scene::LoadResult loaded = load(fullAsset());
  ASSERT_EQ(loaded.error, "");
  Scene& s = *loaded.scene;
  auto write = [&](const std::string& pointer, std::vector<float> values) {
    const ResolveResult r = scene::resolvePointer(s, *loaded.document, pointer);
    ASSERT_TRUE(r.ok) << pointer << ": " << r.error;
    ASSERT_EQ(r.slot.count, values.size()) << pointer;
    std::copy(values.begin(), values.end(), r.slot.data);
  };
  write("/materials/1/pbrMetallicRoughness/baseColorFactor", {0.1f, 0.2f, 0.3f, 0.4f});
  write("/cameras/0/perspective/yfov", {1.25f});
  write("/extensions/KHR_lights_punctual/lights/2/intensity", {7});
  write("/nodes/0/translation", {4, 5, 6});
  write("/nodes/0/rotation", {0, 1, 0, 0});
  write("/nodes/2/weights/1", {0.125f});
  write("/materials/3/extensions/KHR_materials_ior/ior", {1.45f});
  write("/materials/1/normalTexture/extensions/KHR_texture_transform/scale", {3, 4});
  write("/nodes/3/extensions/KHR_node_visibility/visible", {0});
  EXPECT_EQ(s.materialData[1].baseColorFactor, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
  EXPECT_EQ(s.cameras[0].yfov, 1.25f);
  EXPECT_EQ(s.lights[2].intensity, 7.0f);
  EXPECT_EQ(s.nodes[0].translation, glm::vec3(4, 5, 6));
  EXPECT_EQ(s.nodes[0].rotation, glm::quat(0, 0, 1, 0));  // glm: (w, x, y, z)
  EXPECT_EQ(s.nodes[2].weights, (std::vector<float>{0.25f, 0.125f}));
  EXPECT_EQ(s.meshes[0].weights, (std::vector<float>{0.25f, 0.5f}));  // the mesh's own
  EXPECT_EQ(s.materialExtensionData[3].refraction.x, 1.45f);
  EXPECT_EQ(s.materialData[1].textures[gpu::kSlotNormal].uvTransform, glm::vec4(2, 2.5f, 3, 4));
  EXPECT_EQ(s.nodes[3].visible, 0.0f);
}

TEST(ObjectModel, ExtrasPointersShareStorage) {
  const scene::LoadResult loaded = load(fullAsset());
  ASSERT_EQ(loaded.error, "");
  Scene& s = *loaded.scene;
  const scene::GltfDocument& doc = *loaded.document;
  const ResolveResult element = scene::resolvePointer(s, doc, "/nodes/0/extras/arr/1");
  const ResolveResult whole = scene::resolvePointer(s, doc, "/nodes/0/extras/arr");
  const ResolveResult scalar = scene::resolvePointer(s, doc, "/nodes/0/extras/a~1b");
  const ResolveResult again = scene::resolvePointer(s, doc, "/nodes/0/extras/a~1b");
  ASSERT_TRUE(element.ok && whole.ok && scalar.ok && again.ok);
  EXPECT_EQ(s.extrasValues.size(), 2u);  // the array once, the scalar once
  EXPECT_EQ(element.slot.data, whole.slot.data + 1);
  EXPECT_EQ(element.slot.element, whole.slot.element);
  EXPECT_EQ(element.slot.byteOffset, 4u);
  EXPECT_EQ(again.slot.data, scalar.slot.data);
  EXPECT_NE(scalar.slot.element, whole.slot.element);
  // Writing the element is seen through the array.
  *element.slot.data = 9;
  EXPECT_EQ(scene::formatSlotValue(whole.slot), "[1.0,9.0,3.0]");
}

TEST(ObjectModel, ExtrasStorageStaysPutAsMoreIsResolved) {
  AssetBuilder b = quadAsset();
  json extras = json::object();
  for (int i = 0; i < 3000; ++i) extras["v" + std::to_string(i)] = {i, i + 1};
  b.json()["nodes"][0]["extras"] = extras;
  const scene::LoadResult loaded = load(b);
  ASSERT_EQ(loaded.error, "");
  Scene& s = *loaded.scene;
  const ResolveResult first = scene::resolvePointer(s, *loaded.document, "/nodes/0/extras/v0");
  ASSERT_TRUE(first.ok);
  for (int i = 1; i < 3000; ++i) {
    const std::string p = "/nodes/0/extras/v" + std::to_string(i);
    ASSERT_TRUE(scene::resolvePointer(s, *loaded.document, p).ok) << p;
  }
  EXPECT_EQ(s.extrasValues.size(), 3000u);
  EXPECT_EQ(first.slot.data, s.extrasValues[0].data());
  EXPECT_EQ(scene::formatSlotValue(first.slot), "[0.0,1.0]");
  const ResolveResult last = scene::resolvePointer(s, *loaded.document, "/nodes/0/extras/v2999");
  EXPECT_EQ(scene::formatSlotValue(last.slot), "[2999.0,3000.0]");
}

// The regions' byte ranges tell overlapping properties apart (the animation engine relies on
// it to refuse two channels on one property): node and mesh weights never overlap.
TEST(ObjectModel, MorphWeightRangesOfNodesAndMeshesAreDisjoint) {
  const scene::LoadResult loaded = load(fullAsset());
  ASSERT_EQ(loaded.error, "");
  Scene& s = *loaded.scene;
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  for (const char* p : {"/nodes/0/weights", "/nodes/2/weights", "/meshes/0/weights"}) {
    const ResolveResult r = scene::resolvePointer(s, *loaded.document, p);
    ASSERT_TRUE(r.ok) << p;
    ranges.emplace_back(r.slot.byteOffset, r.slot.byteOffset + 4 * r.slot.count);
  }
  for (size_t i = 0; i < ranges.size(); ++i) {
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      EXPECT_TRUE(ranges[i].second <= ranges[j].first || ranges[j].second <= ranges[i].first)
          << i << " and " << j;
    }
  }
}

// --- formatSlotValue --------------------------------------------------------------------------

struct FormatCase {
  const char* name;
  ValueType type;
  std::vector<float> values;
  std::string text;
};
void PrintTo(const FormatCase& c, std::ostream* os) {
  *os << c.name;
}

class FormatSlot : public testing::TestWithParam<FormatCase> {};

TEST_P(FormatSlot, IsCompactJson) {
  std::vector<float> values = GetParam().values;
  Slot slot;
  slot.type = GetParam().type;
  slot.count = uint32_t(values.size());
  slot.data = values.data();
  EXPECT_EQ(scene::formatSlotValue(slot), GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(
    Values, FormatSlot,
    testing::Values(FormatCase{"One", F::Float, {1.0f}, "1.0"},
                    FormatCase{"Zero", F::Float, {0.0f}, "0.0"},
                    FormatCase{"NegativeZero", F::Float, {-0.0f}, "-0.0"},
                    FormatCase{"ShortestRoundTrip", F::Float, {0.8f}, "0.8"},
                    FormatCase{"Third", F::Float, {1.0f / 3.0f}, "0.33333334"},
                    FormatCase{"Negative", F::Float, {-2.5f}, "-2.5"},
                    FormatCase{"Large", F::Float, {1e20f}, "1e+20"},
                    FormatCase{"Small", F::Float, {1e-7f}, "1e-07"},
                    FormatCase{"Integral", F::Float, {100.0f}, "100.0"},
                    FormatCase{"Infinity", F::Float, {kInf}, "null"},
                    FormatCase{"NaN", F::Float, {std::nanf("")}, "null"},
                    FormatCase{"Float2", F::Float2, {0.5f, 2}, "[0.5,2.0]"},
                    FormatCase{"Float3", F::Float3, {1, 0.5f, 0.25f}, "[1.0,0.5,0.25]"},
                    FormatCase{"Float4", F::Float4, {0.8f, 0.02f, 0.02f, 1}, "[0.8,0.02,0.02,1.0]"},
                    FormatCase{"ArrayWithInfinity", F::FloatArray, {1, kInf, 3}, "[1.0,null,3.0]"},
                    FormatCase{"SingleElementArray", F::FloatArray, {0.75f}, "[0.75]"},
                    FormatCase{"True", F::Bool, {1}, "true"},
                    FormatCase{"False", F::Bool, {0}, "false"}, FormatCase{"Int", F::Int, {3}, "3"},
                    FormatCase{"NegativeInt", F::Int, {-2}, "-2"},
                    FormatCase{"IntNaN", F::Int, {std::nanf("")}, "null"}));

TEST(FormatSlot, NoDataIsNull) {
  EXPECT_EQ(scene::formatSlotValue(Slot{}), "null");
}

TEST(FormatSlot, Matrix) {
  std::vector<float> m(16, 0.0f);
  for (int i = 0; i < 4; ++i) m[size_t(i) * 5] = 1;
  Slot slot;
  slot.type = F::Float4x4;
  slot.count = 16;
  slot.data = m.data();
  EXPECT_EQ(scene::formatSlotValue(slot),
            "[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0]");
}

TEST(ObjectModel, Names) {
  EXPECT_STREQ(scene::valueTypeName(F::FloatArray), "float[]");
  EXPECT_STREQ(scene::valueTypeName(F::Float3), "float3");
  EXPECT_STREQ(scene::regionName(R::MaterialExtensions), "material extensions");
  EXPECT_STREQ(scene::regionName(R::Extras), "extras");
}

}  // namespace
}  // namespace vitrine::test
