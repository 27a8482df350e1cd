// The Object Model: every pointer template of the glTF 2.0 Asset Object Model (core and the
// extensions Vitrine supports) resolved on a generated asset to the expected type, region,
// value and scene field; each rejection with its exact reason; formatSlotValue().
#include "pointer_resolve_fixture.h"

namespace vitrine::test {
namespace {

json transform(float s) {
  return {{"KHR_texture_transform",
           {{"offset", {s, s + 0.5f}}, {"rotation", s + 0.25f}, {"scale", {s + 1, s + 2}}}}};
}

}  // namespace

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

void PrintTo(const Row& r, std::ostream* os) {
  *os << r.pointer;
}

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

namespace {

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

}  // namespace
}  // namespace vitrine::test
