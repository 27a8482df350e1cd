// The Object Model: every pointer template of the glTF 2.0 Asset Object Model (core and the
// extensions Vitrine supports) resolved on a generated asset to the expected type, region,
// value and scene field; each rejection with its exact reason; formatSlotValue().
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "object_model.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using scene::Region;
using scene::ResolveResult;
using scene::Scene;
using scene::Slot;
using scene::ValueType;

constexpr float kInf = std::numeric_limits<float>::infinity();

json transform(float s) {
  return {{"KHR_texture_transform",
           {{"offset", {s, s + 0.5f}}, {"rotation", s + 0.25f}, {"scale", {s + 1, s + 2}}}}};
}

// The asset every table below reads:
//   nodes 0 (mesh 0, TRS, weights, visibility false, light 0, extras, child 2),
//         1 (matrix, mesh 1), 2 (mesh 0 without weights), 3 (camera 0, visibility {}),
//         4 (mesh 1, no morph targets)
//   meshes 0 (2 morph targets, weights [0.25, 0.5]), 1 (no targets)
//   materials 0 (quad colour), 1 "full" (every factor, texture transform and extension
//             explicit), 2 {} , 3 (empty pbrMetallicRoughness and extension objects: defaults)
//   cameras 0 (perspective, all four), 1 (perspective, no zfar/aspectRatio), 2 (orthographic)
//   lights 0 directional, 1 point with range, 2 spot with spot, 3 spot without spot
AssetBuilder fullAsset() {
  AssetBuilder b;
  const int morph = b.addColoredQuad({1, 0, 0, 1});
  const int target = b.addVec3(std::vector<glm::vec3>(4, glm::vec3(0, 0, 1)));
  json& prim = b.json()["meshes"][morph]["primitives"][0];
  prim["targets"] = {{{"POSITION", target}}, {{"POSITION", target}}};
  b.json()["meshes"][morph]["weights"] = {0.25, 0.5};
  const int plain = b.addColoredQuad({0, 1, 0, 1});
  b.json()["images"] = {{{"uri", "unused.png"}}};
  b.addTexture(0);

  const json tex = {{"index", 0}};
  b.json()["materials"][1] = {
      {"name", "full"},
      {"pbrMetallicRoughness",
       {{"baseColorFactor", {0.5, 0.25, 0.125, 1}},
        {"metallicFactor", 0.25},
        {"roughnessFactor", 0.75},
        {"baseColorTexture", {{"index", 0}, {"extensions", transform(0)}}},
        {"metallicRoughnessTexture", {{"index", 0}, {"extensions", transform(1)}}}}},
      {"normalTexture",
       {{"index", 0}, {"texCoord", 1}, {"scale", 0.5}, {"extensions", transform(2)}}},
      {"occlusionTexture", {{"index", 0}, {"strength", 0.75}, {"extensions", transform(3)}}},
      {"emissiveTexture", {{"index", 0}, {"extensions", transform(4)}}},
      {"emissiveFactor", {1, 0.5, 0}},
      {"alphaMode", "MASK"},
      {"alphaCutoff", 0.25},
      {"doubleSided", true},
      {"extensions",
       {{"KHR_materials_emissive_strength", {{"emissiveStrength", 4}}},
        {"KHR_materials_ior", {{"ior", 1.25}}},
        {"KHR_materials_specular",
         {{"specularFactor", 0.5}, {"specularColorFactor", {0.25, 0.5, 0.75}}}},
        {"KHR_materials_sheen",
         {{"sheenColorFactor", {0.125, 0.25, 0.375}}, {"sheenRoughnessFactor", 0.625}}},
        {"KHR_materials_clearcoat",
         {{"clearcoatFactor", 0.875},
          {"clearcoatRoughnessFactor", 0.375},
          {"clearcoatTexture", {{"index", 0}, {"extensions", transform(5)}}},
          {"clearcoatNormalTexture", {{"index", 0}, {"scale", 0.5}}}}},
        {"KHR_materials_transmission", {{"transmissionFactor", 0.3125}}},
        {"KHR_materials_volume",
         {{"thicknessFactor", 2.5},
          {"attenuationDistance", 10},
          {"attenuationColor", {0.5, 0.75, 1}}}},
        {"KHR_materials_iridescence",
         {{"iridescenceFactor", 0.5},
          {"iridescenceIor", 1.75},
          {"iridescenceThicknessMinimum", 150},
          {"iridescenceThicknessMaximum", 350}}},
        {"KHR_materials_anisotropy", {{"anisotropyStrength", 0.5}, {"anisotropyRotation", 1.25}}},
        {"KHR_materials_dispersion", {{"dispersion", 0.0625}}},
        {"KHR_materials_diffuse_transmission",
         {{"diffuseTransmissionFactor", 0.25},
          {"diffuseTransmissionColorFactor", {0.5, 0.5, 0.25}}}},
        {"KHR_materials_pbrSpecularGlossiness",
         {{"diffuseFactor", {0.5, 0.25, 0.125, 0.75}},
          {"specularFactor", {0.25, 0.5, 0.75}},
          {"glossinessFactor", 0.375}}}}}};
  b.addMaterial(json::object());
  json defaults = json::object();
  for (const char* e :
       {"KHR_materials_emissive_strength", "KHR_materials_ior", "KHR_materials_specular",
        "KHR_materials_sheen", "KHR_materials_transmission", "KHR_materials_volume",
        "KHR_materials_iridescence", "KHR_materials_anisotropy", "KHR_materials_dispersion",
        "KHR_materials_diffuse_transmission", "KHR_materials_unlit",
        "KHR_materials_pbrSpecularGlossiness"}) {
    defaults[e] = json::object();
  }
  defaults["KHR_materials_clearcoat"] = {{"clearcoatNormalTexture", tex}};
  b.addMaterial({{"pbrMetallicRoughness", json::object()},
                 {"normalTexture",
                  {{"index", 0}, {"extensions", {{"KHR_texture_transform", json::object()}}}}},
                 {"occlusionTexture", tex},
                 {"extensions", defaults}});
  b.json()["materials"][0]["pbrMetallicRoughness"]["extras"] = {{"k", 7}};

  b.addNode(
      {{"mesh", morph},
       {"translation", {1, 2, 3}},
       {"rotation", {0, 0, 0.6, 0.8}},
       {"scale", {2, 2, 2}},
       {"weights", {0.75, 1}},
       {"children", {2}},
       {"extras",
        {{"a/b", 2.5},
         {"t~x", true},
         {"arr", {1, 2, 3}},
         {"obj", {{"v", 4}}},
         {"s", "str"},
         {"mixed", {1, "x"}},
         {"empty", json::array()}}},
       {"extensions",
        {{"KHR_node_visibility", {{"visible", false}}}, {"KHR_lights_punctual", {{"light", 0}}}}}});
  b.addNode({{"mesh", plain}, {"matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1}}});
  b.addNode({{"mesh", morph}});
  b.addNode({{"camera", 0}, {"extensions", {{"KHR_node_visibility", json::object()}}}});
  b.addNode({{"mesh", plain}});
  b.addScene({0, 1, 3, 4});

  b.addPerspectiveCamera(0.5f, 0.125f, 100.0f, 1.5f);
  b.addPerspectiveCamera(0.75f, 0.25f);
  b.addCamera({{"type", "orthographic"},
               {"orthographic", {{"xmag", 2}, {"ymag", 3}, {"znear", 0.5}, {"zfar", 50}}}});

  b.json()["extensions"]["KHR_lights_punctual"]["lights"] = {
      {{"type", "directional"}, {"color", {1, 0.5, 0.25}}, {"intensity", 3}},
      {{"type", "point"}, {"range", 10}},
      {{"type", "spot"}, {"spot", {{"innerConeAngle", 0.125}, {"outerConeAngle", 0.625}}}},
      {{"type", "spot"}}};
  b.json()["extras"] = {{"speed", 2}};
  return b;
}

// The byte offset each region documents (object_model.h), computed from where the slot points.
uint32_t documentedOffset(const Scene& s, const Slot& slot) {
  auto from = [&](const void* base) {
    return uint32_t(reinterpret_cast<const char*>(slot.data) - static_cast<const char*>(base));
  };
  switch (slot.region) {
    case Region::Materials:
      return from(s.materialData.data());
    case Region::MaterialExtensions:
      return from(s.materialExtensionData.data());
    case Region::NodeTransforms:
    case Region::Visibility:
      return from(s.nodes.data());
    case Region::Cameras:
      return from(s.cameras.data());
    case Region::Lights:
      return from(s.lights.data());
    case Region::Extras:
      return from(s.extrasValues[slot.element].data());
    default:
      return ~0u;  // MorphWeights rows give theirs explicitly
  }
}

struct Row {
  std::string pointer;
  ValueType type;
  Region region;
  uint32_t element;
  std::vector<float> value;
  std::function<float*(Scene&)> field;  // where slot.data must point
  int64_t byteOffset = -1;              // -1: documentedOffset()
};
void PrintTo(const Row& r, std::ostream* os) {
  *os << r.pointer;
}

class ObjectModelRows : public testing::TestWithParam<Row> {};

TEST_P(ObjectModelRows, ResolveToTheirStorage) {
  const Row& row = GetParam();
  const scene::LoadResult loaded = load(fullAsset());
  ASSERT_EQ(loaded.error, "");
  ASSERT_NE(loaded.document, nullptr);
  Scene& s = *loaded.scene;
  const ResolveResult r = scene::resolvePointer(s, *loaded.document, row.pointer);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.error, "");
  const Slot& slot = r.slot;
  EXPECT_EQ(slot.type, row.type) << scene::valueTypeName(slot.type);
  EXPECT_EQ(slot.region, row.region) << scene::regionName(slot.region);
  EXPECT_EQ(slot.element, row.element);
  ASSERT_EQ(slot.count, row.value.size());
  EXPECT_EQ(slot.data, row.field(s));
  for (size_t i = 0; i < row.value.size(); ++i) EXPECT_EQ(slot.data[i], row.value[i]) << i;
  EXPECT_EQ(slot.byteOffset,
            row.byteOffset >= 0 ? uint32_t(row.byteOffset) : documentedOffset(s, slot));
  EXPECT_EQ(slot.rotation,
            row.pointer.ends_with("/rotation") && row.region == Region::NodeTransforms);
}

using F = ValueType;
using R = Region;

// Core Pointers.
INSTANTIATE_TEST_SUITE_P(
    Core, ObjectModelRows,
    testing::Values(
        Row{"/nodes/0/translation",
            F::Float3,
            R::NodeTransforms,
            0,
            {1, 2, 3},
            [](Scene& s) { return &s.nodes[0].translation.x; }},
        Row{"/nodes/0/rotation",
            F::Float4,
            R::NodeTransforms,
            0,
            {0, 0, 0.6f, 0.8f},
            [](Scene& s) { return &s.nodes[0].rotation.x; }},
        Row{"/nodes/0/scale",
            F::Float3,
            R::NodeTransforms,
            0,
            {2, 2, 2},
            [](Scene& s) { return &s.nodes[0].scale.x; }},
        Row{"/nodes/3/translation",
            F::Float3,
            R::NodeTransforms,
            3,
            {0, 0, 0},
            [](Scene& s) { return &s.nodes[3].translation.x; }},
        Row{"/nodes/3/rotation",
            F::Float4,
            R::NodeTransforms,
            3,
            {0, 0, 0, 1},
            [](Scene& s) { return &s.nodes[3].rotation.x; }},
        Row{"/nodes/3/scale",
            F::Float3,
            R::NodeTransforms,
            3,
            {1, 1, 1},
            [](Scene& s) { return &s.nodes[3].scale.x; }},
        // Morph weights: node 0 [0, 2), node 2 [2, 4), mesh 0 [4, 6) of the region.
        Row{"/nodes/0/weights",
            F::FloatArray,
            R::MorphWeights,
            0,
            {0.75f, 1},
            [](Scene& s) { return s.nodes[0].weights.data(); },
            0},
        Row{"/nodes/0/weights/1",
            F::Float,
            R::MorphWeights,
            0,
            {1},
            [](Scene& s) { return &s.nodes[0].weights[1]; },
            4},
        Row{"/nodes/2/weights",
            F::FloatArray,
            R::MorphWeights,
            2,
            {0.25f, 0.5f},
            [](Scene& s) { return s.nodes[2].weights.data(); },
            8},
        Row{"/nodes/2/weights/0",
            F::Float,
            R::MorphWeights,
            2,
            {0.25f},
            [](Scene& s) { return &s.nodes[2].weights[0]; },
            8},
        Row{"/meshes/0/weights",
            F::FloatArray,
            R::MorphWeights,
            0,
            {0.25f, 0.5f},
            [](Scene& s) { return s.meshes[0].weights.data(); },
            16},
        Row{"/meshes/0/weights/1",
            F::Float,
            R::MorphWeights,
            0,
            {0.5f},
            [](Scene& s) { return &s.meshes[0].weights[1]; },
            20},
        Row{"/cameras/0/perspective/yfov",
            F::Float,
            R::Cameras,
            0,
            {0.5f},
            [](Scene& s) { return &s.cameras[0].yfov; }},
        Row{"/cameras/0/perspective/aspectRatio",
            F::Float,
            R::Cameras,
            0,
            {1.5f},
            [](Scene& s) { return &*s.cameras[0].aspectRatio; }},
        Row{"/cameras/0/perspective/zfar",
            F::Float,
            R::Cameras,
            0,
            {100},
            [](Scene& s) { return &*s.cameras[0].zfar; }},
        Row{"/cameras/0/perspective/znear",
            F::Float,
            R::Cameras,
            0,
            {0.125f},
            [](Scene& s) { return &s.cameras[0].znear; }},
        Row{"/cameras/1/perspective/yfov",
            F::Float,
            R::Cameras,
            1,
            {0.75f},
            [](Scene& s) { return &s.cameras[1].yfov; }},
        Row{"/cameras/1/perspective/znear",
            F::Float,
            R::Cameras,
            1,
            {0.25f},
            [](Scene& s) { return &s.cameras[1].znear; }},
        Row{"/cameras/2/orthographic/xmag",
            F::Float,
            R::Cameras,
            2,
            {2},
            [](Scene& s) { return &s.cameras[2].xmag; }},
        Row{"/cameras/2/orthographic/ymag",
            F::Float,
            R::Cameras,
            2,
            {3},
            [](Scene& s) { return &s.cameras[2].ymag; }},
        Row{"/cameras/2/orthographic/znear",
            F::Float,
            R::Cameras,
            2,
            {0.5f},
            [](Scene& s) { return &s.cameras[2].znear; }},
        Row{"/cameras/2/orthographic/zfar",
            F::Float,
            R::Cameras,
            2,
            {50},
            [](Scene& s) { return &*s.cameras[2].zfar; }},
        Row{"/materials/1/pbrMetallicRoughness/baseColorFactor",
            F::Float4,
            R::Materials,
            1,
            {0.5f, 0.25f, 0.125f, 1},
            [](Scene& s) { return &s.materialData[1].baseColorFactor.x; }},
        Row{"/materials/1/pbrMetallicRoughness/metallicFactor",
            F::Float,
            R::Materials,
            1,
            {0.25f},
            [](Scene& s) { return &s.materialData[1].params.x; }},
        Row{"/materials/1/pbrMetallicRoughness/roughnessFactor",
            F::Float,
            R::Materials,
            1,
            {0.75f},
            [](Scene& s) { return &s.materialData[1].params.y; }},
        Row{"/materials/1/emissiveFactor",
            F::Float3,
            R::Materials,
            1,
            {1, 0.5f, 0},
            [](Scene& s) { return &s.materialData[1].emissive.x; }},
        Row{"/materials/1/alphaCutoff",
            F::Float,
            R::Materials,
            1,
            {0.25f},
            [](Scene& s) { return &s.materialData[1].alpha.y; }},
        Row{"/materials/1/normalTexture/scale",
            F::Float,
            R::Materials,
            1,
            {0.5f},
            [](Scene& s) { return &s.materialData[1].params.z; }},
        Row{"/materials/1/occlusionTexture/strength",
            F::Float,
            R::Materials,
            1,
            {0.75f},
            [](Scene& s) { return &s.materialData[1].params.w; }},
        // Defaults: the enclosing objects exist, the properties do not.
        Row{"/materials/3/pbrMetallicRoughness/baseColorFactor",
            F::Float4,
            R::Materials,
            3,
            {1, 1, 1, 1},
            [](Scene& s) { return &s.materialData[3].baseColorFactor.x; }},
        Row{"/materials/3/pbrMetallicRoughness/metallicFactor",
            F::Float,
            R::Materials,
            3,
            {1},
            [](Scene& s) { return &s.materialData[3].params.x; }},
        Row{"/materials/3/pbrMetallicRoughness/roughnessFactor",
            F::Float,
            R::Materials,
            3,
            {1},
            [](Scene& s) { return &s.materialData[3].params.y; }},
        Row{"/materials/2/emissiveFactor",
            F::Float3,
            R::Materials,
            2,
            {0, 0, 0},
            [](Scene& s) { return &s.materialData[2].emissive.x; }},
        Row{"/materials/2/alphaCutoff",
            F::Float,
            R::Materials,
            2,
            {0.5f},
            [](Scene& s) { return &s.materialData[2].alpha.y; }},
        Row{"/materials/3/normalTexture/scale",
            F::Float,
            R::Materials,
            3,
            {1},
            [](Scene& s) { return &s.materialData[3].params.z; }},
        Row{"/materials/3/occlusionTexture/strength", F::Float, R::Materials, 3, {1}, [](Scene& s) {
              return &s.materialData[3].params.w;
            }}));

// Slot `slot`'s KHR_texture_transform of material 1: offset (s, s + .5), rotation s + .25,
// scale (s + 1, s + 2); then material 3's normalTexture with an empty extension object.
std::vector<Row> textureTransformRows() {
  const char* paths[] = {"pbrMetallicRoughness/baseColorTexture",
                         "pbrMetallicRoughness/metallicRoughnessTexture", "normalTexture",
                         "occlusionTexture", "emissiveTexture"};
  std::vector<Row> rows;
  for (int slot = 0; slot < 5; ++slot) {
    const float f = float(slot);
    const std::string base =
        std::string("/materials/1/") + paths[slot] + "/extensions/KHR_texture_transform/";
    rows.push_back({base + "offset", F::Float2, R::Materials, 1, {f, f + 0.5f}, [slot](Scene& s) {
                      return &s.materialData[1].textures[slot].uvTransform.x;
                    }});
    rows.push_back({base + "rotation", F::Float, R::Materials, 1, {f + 0.25f}, [slot](Scene& s) {
                      return &s.materialData[1].textures[slot].info.x;
                    }});
    rows.push_back({base + "scale", F::Float2, R::Materials, 1, {f + 1, f + 2}, [slot](Scene& s) {
                      return &s.materialData[1].textures[slot].uvTransform.z;
                    }});
  }
  const std::string d = "/materials/3/normalTexture/extensions/KHR_texture_transform/";
  rows.push_back({d + "offset", F::Float2, R::Materials, 3, {0, 0}, [](Scene& s) {
                    return &s.materialData[3].textures[2].uvTransform.x;
                  }});
  rows.push_back({d + "rotation", F::Float, R::Materials, 3, {0}, [](Scene& s) {
                    return &s.materialData[3].textures[2].info.x;
                  }});
  rows.push_back({d + "scale", F::Float2, R::Materials, 3, {1, 1}, [](Scene& s) {
                    return &s.materialData[3].textures[2].uvTransform.z;
                  }});
  // An extension texture's transform lives in MaterialExtensionData (material 1's
  // clearcoatTexture carries transform(5)).
  const std::string c =
      "/materials/1/extensions/KHR_materials_clearcoat/clearcoatTexture/extensions/"
      "KHR_texture_transform/";
  constexpr int kClearcoat = gpu::kSlotClearcoat - gpu::kTextureSlotCount;
  rows.push_back({c + "offset", F::Float2, R::MaterialExtensions, 1, {5, 5.5f}, [](Scene& s) {
                    return &s.materialExtensionData[1].textures[kClearcoat].uvTransform.x;
                  }});
  rows.push_back({c + "rotation", F::Float, R::MaterialExtensions, 1, {5.25f}, [](Scene& s) {
                    return &s.materialExtensionData[1].textures[kClearcoat].info.x;
                  }});
  rows.push_back({c + "scale", F::Float2, R::MaterialExtensions, 1, {6, 7}, [](Scene& s) {
                    return &s.materialExtensionData[1].textures[kClearcoat].uvTransform.z;
                  }});
  return rows;
}
INSTANTIATE_TEST_SUITE_P(TextureTransform, ObjectModelRows,
                         testing::ValuesIn(textureTransformRows()));

// Every material extension factor: material 1 explicit, material 3 its default.
std::vector<Row> materialExtensionRows() {
  struct Factor {
    const char* ext;
    const char* path;
    std::vector<float> explicitValue, defaultValue;
    std::function<float*(gpu::MaterialExtensionData&)> field;
  };
  using D = gpu::MaterialExtensionData;
  const Factor factors[] = {
      {"KHR_materials_ior", "ior", {1.25f}, {1.5f}, [](D& e) { return &e.refraction.x; }},
      {"KHR_materials_specular", "specularFactor", {0.5f}, {1}, [](D& e) { return &e.specular.w; }},
      {"KHR_materials_specular",
       "specularColorFactor",
       {0.25f, 0.5f, 0.75f},
       {1, 1, 1},
       [](D& e) { return &e.specular.x; }},
      {"KHR_materials_sheen",
       "sheenColorFactor",
       {0.125f, 0.25f, 0.375f},
       {0, 0, 0},
       [](D& e) { return &e.sheen.x; }},
      {"KHR_materials_sheen",
       "sheenRoughnessFactor",
       {0.625f},
       {0},
       [](D& e) { return &e.sheen.w; }},
      {"KHR_materials_clearcoat",
       "clearcoatFactor",
       {0.875f},
       {0},
       [](D& e) { return &e.clearcoat.x; }},
      {"KHR_materials_clearcoat",
       "clearcoatRoughnessFactor",
       {0.375f},
       {0},
       [](D& e) { return &e.clearcoat.y; }},
      {"KHR_materials_clearcoat",
       "clearcoatNormalTexture/scale",
       {0.5f},
       {1},
       [](D& e) { return &e.clearcoat.z; }},
      {"KHR_materials_transmission",
       "transmissionFactor",
       {0.3125f},
       {0},
       [](D& e) { return &e.refraction.y; }},
      {"KHR_materials_volume",
       "thicknessFactor",
       {2.5f},
       {0},
       [](D& e) { return &e.refraction.z; }},
      {"KHR_materials_volume",
       "attenuationDistance",
       {10},
       {kInf},
       [](D& e) { return &e.attenuation.w; }},
      {"KHR_materials_volume",
       "attenuationColor",
       {0.5f, 0.75f, 1},
       {1, 1, 1},
       [](D& e) { return &e.attenuation.x; }},
      {"KHR_materials_iridescence",
       "iridescenceFactor",
       {0.5f},
       {0},
       [](D& e) { return &e.iridescence.x; }},
      {"KHR_materials_iridescence",
       "iridescenceIor",
       {1.75f},
       {1.3f},
       [](D& e) { return &e.iridescence.y; }},
      {"KHR_materials_iridescence",
       "iridescenceThicknessMinimum",
       {150},
       {100},
       [](D& e) { return &e.iridescence.z; }},
      {"KHR_materials_iridescence",
       "iridescenceThicknessMaximum",
       {350},
       {400},
       [](D& e) { return &e.iridescence.w; }},
      {"KHR_materials_anisotropy",
       "anisotropyStrength",
       {0.5f},
       {0},
       [](D& e) { return &e.anisotropy.x; }},
      {"KHR_materials_anisotropy",
       "anisotropyRotation",
       {1.25f},
       {0},
       [](D& e) { return &e.anisotropy.y; }},
      {"KHR_materials_dispersion",
       "dispersion",
       {0.0625f},
       {0},
       [](D& e) { return &e.refraction.w; }},
      {"KHR_materials_diffuse_transmission",
       "diffuseTransmissionFactor",
       {0.25f},
       {0},
       [](D& e) { return &e.diffuseTransmission.w; }},
      {"KHR_materials_diffuse_transmission",
       "diffuseTransmissionColorFactor",
       {0.5f, 0.5f, 0.25f},
       {1, 1, 1},
       [](D& e) { return &e.diffuseTransmission.x; }},
      {"KHR_materials_pbrSpecularGlossiness",
       "diffuseFactor",
       {0.5f, 0.25f, 0.125f, 0.75f},
       {1, 1, 1, 1},
       [](D& e) { return &e.diffuse.x; }},
      {"KHR_materials_pbrSpecularGlossiness",
       "specularFactor",
       {0.25f, 0.5f, 0.75f},
       {1, 1, 1},
       [](D& e) { return &e.specularGlossiness.x; }},
      {"KHR_materials_pbrSpecularGlossiness",
       "glossinessFactor",
       {0.375f},
       {1},
       [](D& e) { return &e.specularGlossiness.w; }},
  };
  std::vector<Row> rows;
  for (const Factor& f : factors) {
    const ValueType type = f.explicitValue.size() == 4   ? F::Float4
                           : f.explicitValue.size() == 3 ? F::Float3
                                                         : F::Float;
    for (uint32_t m : {1u, 3u}) {
      rows.push_back(
          {"/materials/" + std::to_string(m) + "/extensions/" + f.ext + "/" + f.path, type,
           R::MaterialExtensions, m, m == 1 ? f.explicitValue : f.defaultValue,
           [m, field = f.field](Scene& s) { return field(s.materialExtensionData[m]); }});
    }
  }
  // KHR_materials_emissive_strength lives in MaterialData::emissive.w.
  for (uint32_t m : {1u, 3u}) {
    rows.push_back({"/materials/" + std::to_string(m) +
                        "/extensions/KHR_materials_emissive_strength/emissiveStrength",
                    F::Float,
                    R::Materials,
                    m,
                    {m == 1 ? 4.0f : 1.0f},
                    [m](Scene& s) { return &s.materialData[m].emissive.w; }});
  }
  return rows;
}
INSTANTIATE_TEST_SUITE_P(MaterialExtensions, ObjectModelRows,
                         testing::ValuesIn(materialExtensionRows()));

INSTANTIATE_TEST_SUITE_P(
    LightsVisibilityExtras, ObjectModelRows,
    testing::Values(
        Row{"/extensions/KHR_lights_punctual/lights/0/color",
            F::Float3,
            R::Lights,
            0,
            {1, 0.5f, 0.25f},
            [](Scene& s) { return &s.lights[0].color.x; }},
        Row{"/extensions/KHR_lights_punctual/lights/0/intensity",
            F::Float,
            R::Lights,
            0,
            {3},
            [](Scene& s) { return &s.lights[0].intensity; }},
        Row{"/extensions/KHR_lights_punctual/lights/1/color",
            F::Float3,
            R::Lights,
            1,
            {1, 1, 1},
            [](Scene& s) { return &s.lights[1].color.x; }},
        Row{"/extensions/KHR_lights_punctual/lights/1/intensity",
            F::Float,
            R::Lights,
            1,
            {1},
            [](Scene& s) { return &s.lights[1].intensity; }},
        Row{"/extensions/KHR_lights_punctual/lights/1/range",
            F::Float,
            R::Lights,
            1,
            {10},
            [](Scene& s) { return &*s.lights[1].range; }},
        Row{"/extensions/KHR_lights_punctual/lights/2/spot/innerConeAngle",
            F::Float,
            R::Lights,
            2,
            {0.125f},
            [](Scene& s) { return &s.lights[2].innerConeAngle; }},
        Row{"/extensions/KHR_lights_punctual/lights/2/spot/outerConeAngle",
            F::Float,
            R::Lights,
            2,
            {0.625f},
            [](Scene& s) { return &s.lights[2].outerConeAngle; }},
        Row{"/nodes/0/extensions/KHR_node_visibility/visible",
            F::Bool,
            R::Visibility,
            0,
            {0},
            [](Scene& s) { return &s.nodes[0].visible; }},
        Row{"/nodes/3/extensions/KHR_node_visibility/visible",
            F::Bool,
            R::Visibility,
            3,
            {1},
            [](Scene& s) { return &s.nodes[3].visible; }},
        // Extras: the first value resolved gets entry 0 (each test loads its own scene).
        Row{"/nodes/0/extras/a~1b",
            F::Float,
            R::Extras,
            0,
            {2.5f},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/nodes/0/extras/t~0x",
            F::Bool,
            R::Extras,
            0,
            {1},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/nodes/0/extras/arr",
            F::FloatArray,
            R::Extras,
            0,
            {1, 2, 3},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/nodes/0/extras/arr/2",
            F::Float,
            R::Extras,
            0,
            {3},
            [](Scene& s) { return s.extrasValues[0].data() + 2; }},
        Row{"/nodes/0/extras/obj/v",
            F::Float,
            R::Extras,
            0,
            {4},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/nodes/0/extras/mixed/0",
            F::Float,
            R::Extras,
            0,
            {1},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/extras/speed",
            F::Float,
            R::Extras,
            0,
            {2},
            [](Scene& s) { return s.extrasValues[0].data(); }},
        Row{"/materials/0/pbrMetallicRoughness/extras/k",
            F::Float,
            R::Extras,
            0,
            {7},
            [](Scene& s) { return s.extrasValues[0].data(); }}));

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
