// A material with a texture in every one of its 21 slots (the five core ones and the sixteen of
// the KHR_materials_* extensions), each its own image: lavapipe has no descriptor indexing and
// binds them per material (set 1), so this is the widest set a draw can have. Every texel is the
// neutral value of its slot and every layer extension keeps its default factors, so the picture
// must be the core material's. (KHR_materials_pbrSpecularGlossiness replaces the core model
// rather than layering over it: its object stays absent, its two textures bound but unread.)
#include <cstdlib>

#include "environment_image.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

// The texel that leaves slot `slot` without effect (factors at their defaults).
glm::u8vec4 neutralTexel(int slot) {
  switch (slot) {
    case gpu::kSlotNormal:
    case gpu::kSlotClearcoatNormal:
      return {128, 128, 255, 255};  // the unperturbed tangent-space normal
    case gpu::kSlotAnisotropy:
      return {255, 128, 255, 255};  // direction +x, strength 1 (times a strength factor of 0)
    default:
      return {255, 255, 255, 255};
  }
}

class MaterialSlots : public RendererTest {
 protected:
  // The centre pixel of a quad lit by a directional light and the studio environment, with
  // base colour (0.5, 0.3, 0.2), roughness 0.4; with every slot textured and every extension
  // object present when `everySlot`.
  glm::u8vec4 render(bool everySlot) {
    scene::Scene s;
    TestMaterial m = makePbrMaterial(glm::vec3(0.5f, 0.3f, 0.2f), 0.0f, 0.4f);
    gpu::MaterialExtensionData x = scene::defaultMaterialExtensionData();
    if (everySlot) {
      for (uint32_t e = 0; e < uint32_t(scene::MaterialExtension::Count); ++e)
        if (e != uint32_t(scene::MaterialExtension::Unlit) &&
            e != uint32_t(scene::MaterialExtension::SpecularGlossiness))
          m.material.extensions |= 1u << e;
      for (int slot = 0; slot < gpu::kMaterialTextureCount; ++slot) {
        const glm::u8vec4 t = neutralTexel(slot);
        scene::Image image;
        image.width = image.height = 1;
        image.rgba8 = {t.r, t.g, t.b, t.a};
        s.images.push_back(image);
        s.textures.push_back({int(s.images.size()) - 1, -1});
        m.material.textures[slot] = int(s.textures.size()) - 1;
        gpu::TextureRef& ref = slot < gpu::kTextureSlotCount
                                   ? m.data.textures[slot]
                                   : x.textures[slot - gpu::kTextureSlotCount];
        ref.info.y = 0.0f;  // TEXCOORD_0
      }
    }
    addMeshNode(s, quadPrimitive(addMaterial(s, m)));
    scene::Light light;
    light.type = scene::Light::Type::Directional;
    light.intensity = 2.0f;
    addLightNode(s, light, glm::vec3(0, 0, 5),
                 shineAlong(glm::normalize(glm::vec3(0.3f, -0.4f, -1))));
    finish(s);
    s.materialExtensionData = {x, scene::defaultMaterialExtensionData()};
    renderer_->setScene(s, 0);
    const scene::EnvironmentImage studio = scene::studioEnvironment();
    renderer_->setEnvironment(&studio);
    View view = orbitView(glm::vec3(0.0f, 0.8f, 2.5f), glm::vec3(0.0f), kSize, kSize);
    const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
    return pixelAt(p, kSize / 2, kSize / 2);
  }
};

TEST_F(MaterialSlots, TwentyOneTexturesBindAndNeutralTexelsKeepTheCorePicture) {
  const glm::u8vec4 core = render(false);
  const glm::u8vec4 every = render(true);
  for (int c = 0; c < 3; ++c)
    EXPECT_LE(std::abs(int(core[c]) - int(every[c])), 2)
        << "channel " << c << ": core " << int(core[c]) << ", every slot " << int(every[c]);
  // The quad is lit: the comparison is not between two empty pictures.
  EXPECT_GT(int(core.r), int(srgbByte(background().r)) + 20);
}

}  // namespace
}  // namespace vitrine::test
