// The Object Model's material pointers beyond the core ones: KHR_texture_transform on every
// texture slot, every KHR_materials_* factor (explicit and default), then the lights,
// visibility and extras (the rows of pointer_resolve_fixture.h).
#include "pointer_resolve_fixture.h"

namespace vitrine::test {
namespace {

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

}  // namespace
}  // namespace vitrine::test
