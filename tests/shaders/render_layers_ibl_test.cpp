// Image-based light reaches every material layer (issue 13): a tilted quad lit by an
// environment of six colours alone (no punctual light), its material with one KHR_materials_*
// extension object at a time, must look different from the same quad without it, and the same with
// the extension's neutral factors. The layers' exact values are checked against CPU references
// under a punctual light by their own tests; this one catches a layer the image-based path
// forgets.
#include <cstdlib>
#include <string>

#include "env_test_util.h"

namespace vitrine::test {
namespace {

using E = scene::MaterialExtension;

struct Layer {
  const char* name;
  E extension;
  // Sets the factors that make the layer visible.
  void (*visible)(gpu::MaterialExtensionData&);
};

void PrintTo(const Layer& l, std::ostream* os) {
  *os << l.name;
}

class LayersIbl : public RendererTest, public ::testing::WithParamInterface<Layer> {
 protected:
  // The centre pixel of the quad: a dark dielectric (base colour (0.1, 0.06, 0.03), roughness
  // 0.3), so that what the layers reflect is not lost in the diffuse light, with
  // the parameter's extension object when `withExtension` (its visible factors when
  // `visibleFactors`, else the extension's defaults), seen at about 70 degrees from its normal.
  glm::u8vec4 render(bool withExtension, bool visibleFactors) {
    scene::Scene s;
    TestMaterial m = makePbrMaterial(glm::vec3(0.1f, 0.06f, 0.03f), 0.0f, 0.3f);
    gpu::MaterialExtensionData x = scene::defaultMaterialExtensionData();
    if (withExtension) {
      m.material.extensions |= 1u << uint32_t(GetParam().extension);
      if (visibleFactors) GetParam().visible(x);
    }
    addMeshNode(s, quadPrimitive(addMaterial(s, m)));
    finish(s);
    s.materialExtensionData = {x, scene::defaultMaterialExtensionData()};
    renderer_->setScene(s, 0);
    // A colour per cube face: a layer that reflects or transmits along another direction
    // picks up another colour.
    const scene::EnvironmentImage faces = faceEnvironment();
    renderer_->setEnvironment(&faces);
    View view = orbitView(glm::vec3(0.0f, 2.6f, 1.0f), glm::vec3(0.0f), kSize, kSize);
    view.background = renderer::Background::Color;
    const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
    return pixelAt(p, kSize / 2, kSize / 2);
  }
};

int largestDifference(glm::u8vec4 a, glm::u8vec4 b) {
  int d = 0;
  for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(a[c]) - int(b[c])));
  return d;
}

TEST_P(LayersIbl, TheLayerChangesThePicture) {
  const glm::u8vec4 core = render(false, false);
  const glm::u8vec4 layered = render(true, true);
  EXPECT_GT(largestDifference(core, layered), 6)
      << GetParam().name << ": core (" << int(core.r) << ", " << int(core.g) << ", " << int(core.b)
      << "), with the layer (" << int(layered.r) << ", " << int(layered.g) << ", " << int(layered.b)
      << ")";
}

TEST_P(LayersIbl, NeutralFactorsKeepTheCorePicture) {
  const glm::u8vec4 core = render(false, false);
  const glm::u8vec4 neutral = render(true, false);
  EXPECT_LE(largestDifference(core, neutral), 1) << GetParam().name;
}

INSTANTIATE_TEST_SUITE_P(
    EveryLayer, LayersIbl,
    testing::Values(
        Layer{"Ior", E::Ior, [](gpu::MaterialExtensionData& x) { x.refraction.x = 2.5f; }},
        Layer{
            "Specular", E::Specular,
            [](gpu::MaterialExtensionData& x) { x.specular = glm::vec4(1.0f, 1.0f, 1.0f, 0.0f); }},
        Layer{"Sheen", E::Sheen,
              [](gpu::MaterialExtensionData& x) { x.sheen = glm::vec4(0.2f, 0.9f, 0.9f, 0.6f); }},
        Layer{
            "Clearcoat", E::Clearcoat,
            [](gpu::MaterialExtensionData& x) { x.clearcoat = glm::vec4(1.0f, 0.0f, 1.0f, 0.0f); }},
        Layer{"Transmission", E::Transmission,
              [](gpu::MaterialExtensionData& x) { x.refraction.y = 1.0f; }},
        Layer{"Iridescence", E::Iridescence,
              [](gpu::MaterialExtensionData& x) {
                x.iridescence = glm::vec4(1.0f, 1.8f, 300.0f, 300.0f);
              }},
        Layer{"Anisotropy", E::Anisotropy,
              [](gpu::MaterialExtensionData& x) {
                x.anisotropy =
                    glm::vec4(1.0f, 1.5707964f, 0.0f, 0.0f);  // along v, in the view's plane
              }},
        Layer{"DiffuseTransmission", E::DiffuseTransmission,
              [](gpu::MaterialExtensionData& x) {
                x.diffuseTransmission = glm::vec4(0.1f, 1.0f, 0.1f, 1.0f);
              }}),
    [](const testing::TestParamInfo<Layer>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vitrine::test
