// KHR_materials_variants in the renderer: setMaterialVariant re-binds each draw's material
// (and the shader features that follow from it) without uploading the scene again.
#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr glm::vec3 kRed{1.0f, 0.0f, 0.0f};
constexpr glm::vec3 kGreen{0.0f, 1.0f, 0.0f};
const glm::u8vec4 kTexel{40, 90, 220, 255};  // sRGB, the 1x1 texture of variant "textured"

float srgbToLinear(uint8_t byte) {
  const float s = float(byte) / 255.0f;
  return s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
}

// An unlit red quad (material 0) with the variants "green" (an unlit green material) and
// "textured" (an unlit white material with a 1x1 base colour texture of kTexel: a material
// with a texture slot the default one lacks, so the draw's shader features change too).
scene::Scene variantQuad() {
  scene::Scene s;
  const int red = addMaterial(s, makeUnlitMaterial(glm::vec4(kRed, 1.0f)));
  const int green = addMaterial(s, makeUnlitMaterial(glm::vec4(kGreen, 1.0f)));
  scene::Image image;
  image.width = image.height = 1;
  image.rgba8 = {kTexel.r, kTexel.g, kTexel.b, kTexel.a};
  s.images.push_back(image);
  s.textures.push_back({0, -1});
  TestMaterial t = makeUnlitMaterial(glm::vec4(1.0f));
  t.material.textures[gpu::kSlotBaseColor] = 0;
  t.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);  // texCoord 0, no rotation
  const int textured = addMaterial(s, t);
  scene::Primitive p = quadPrimitive(red);
  p.variantMaterials = {{0, green}, {1, textured}};
  s.variants = {"green", "textured"};
  addMeshNode(s, std::move(p));
  finish(s);
  return s;
}

TEST_F(RendererTest, MaterialVariantSwitchRebindsWithoutUploadingTheScene) {
  const scene::Scene s = variantQuad();
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  auto centre = [&] {
    const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
    return pixelAt(p, kSize / 2, kSize / 2);
  };
  renderer_->setScene(s, 0);
  EXPECT_TRUE(colorNear(centre(), kRed));
  const uint64_t uploads = renderer_->sceneUploadCount();
  ASSERT_EQ(uploads, 1u);

  renderer_->setMaterialVariant(s, 0);
  EXPECT_TRUE(colorNear(centre(), kGreen));
  // Nothing was sent: no scene upload, and the frame copied no bytes either.
  EXPECT_EQ(renderer_->sceneUploadCount(), uploads);
  EXPECT_EQ(renderer_->lastUploadStats().bytes, 0u);

  renderer_->setMaterialVariant(s, 1);
  const glm::vec3 texel{srgbToLinear(kTexel.r), srgbToLinear(kTexel.g), srgbToLinear(kTexel.b)};
  EXPECT_TRUE(colorNear(centre(), texel));

  renderer_->setMaterialVariant(s, -1);
  EXPECT_TRUE(colorNear(centre(), kRed));
  EXPECT_EQ(renderer_->sceneUploadCount(), uploads);
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 1u);
}

// setScene starts with the default materials, whatever variant the previous scene showed.
TEST_F(RendererTest, NewSceneStartsWithDefaultMaterials) {
  const scene::Scene s = variantQuad();
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  renderer_->setScene(s, 0);
  renderer_->setMaterialVariant(s, 0);
  renderer_->setScene(s, 0);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), kRed));
  EXPECT_EQ(renderer_->sceneUploadCount(), 2u);
}

}  // namespace
}  // namespace vitrine::test
