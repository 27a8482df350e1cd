// KHR_materials_unlit and emission: the pixel is the factor (x texture, x COLOR_0), exactly
// (within 1/255 after sRGB encoding), whatever the lights and the view angle.
#include <glm/gtc/constants.hpp>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

float srgbToLinear(uint8_t byte) {
  const float s = float(byte) / 255.0f;
  return s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
}

// A 1x1 texture of `texel` (sRGB-encoded bytes when sampled through a colour slot).
int addTexture(scene::Scene& s, const glm::u8vec4& texel) {
  s.images.push_back({"texel", 1, 1, {texel.r, texel.g, texel.b, texel.a}});
  s.textures.push_back({int(s.images.size()) - 1, -1});
  return int(s.textures.size()) - 1;
}

// A strong white directional light shining along `direction`.
void addStrongLight(scene::Scene& s, const glm::vec3& direction) {
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = 20.0f;
  addLightNode(s, light, glm::vec3(0, 0, 4), shineAlong(direction));
}

glm::u8vec4 centrePixel(renderer::Renderer& r, const scene::Scene& s) {
  r.setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  return pixelAt(p, kSize / 2, kSize / 2);
}

TEST_F(RendererTest, UnlitShowsFactorTimesTextureTimesVertexColourWhateverTheLight) {
  // Tilted 60 degrees, lit by a strong light from the side: lit, it would look different.
  const glm::vec3 factor(0.9f, 0.6f, 0.8f);
  const glm::u8vec4 texel(200, 120, 60, 255);
  const glm::vec3 vertexColor(0.5f, 1.0f, 0.75f);
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(factor, 1.0f));
  m.material.textures[gpu::kSlotBaseColor] = addTexture(s, texel);
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  quad.colors.assign(4, glm::vec4(vertexColor, 1.0f));
  const int node = addMeshNode(s, quad);
  s.nodes[node].rotation = glm::angleAxis(glm::radians(60.0f), glm::vec3(0, 1, 0));
  addStrongLight(s, glm::vec3(-1, 0, -0.2f));
  finish(s);
  const glm::vec3 texelLinear(srgbToLinear(texel.r), srgbToLinear(texel.g), srgbToLinear(texel.b));
  EXPECT_TRUE(colorNear(centrePixel(*renderer_, s), factor * texelLinear * vertexColor, 1.0f));
}

TEST_F(RendererTest, EmissionIsFactorTimesStrengthTimesTexture) {
  // No light, no environment: a lit material shows its emission and nothing else.
  const glm::vec3 factor(0.25f, 0.1f, 0.05f);
  const float strength = 3.0f;  // KHR_materials_emissive_strength
  const glm::u8vec4 texel(255, 180, 90, 255);
  scene::Scene s;
  TestMaterial m = makePbrMaterial(glm::vec3(0.7f), 0.0f, 0.5f);
  m.data.emissive = glm::vec4(factor, strength);
  m.material.extensions |= 1u << uint32_t(scene::MaterialExtension::EmissiveStrength);
  m.material.textures[gpu::kSlotEmissive] = addTexture(s, texel);
  m.data.textures[gpu::kSlotEmissive].info = glm::vec4(0.0f);
  const int node = addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  s.nodes[node].rotation = glm::angleAxis(glm::radians(40.0f), glm::vec3(1, 0, 0));
  finish(s);
  const glm::vec3 texelLinear(srgbToLinear(texel.r), srgbToLinear(texel.g), srgbToLinear(texel.b));
  EXPECT_TRUE(colorNear(centrePixel(*renderer_, s), factor * strength * texelLinear, 1.0f));
}

TEST_F(RendererTest, EmissionWithoutTextureIsTheFactor) {
  const glm::vec3 factor(0.05f, 0.5f, 0.95f);
  scene::Scene s;
  TestMaterial m = makePbrMaterial(glm::vec3(0.0f), 1.0f, 1.0f);  // black metal: reflects nothing
  m.data.emissive = glm::vec4(factor, 1.0f);
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  addStrongLight(s, glm::vec3(0, 0, -1));
  finish(s);
  EXPECT_TRUE(colorNear(centrePixel(*renderer_, s), factor, 1.0f));
}

TEST_F(RendererTest, UnlitIgnoresEmission) {
  // KHR_materials_unlit: the output is the base colour; the emissive factor plays no part.
  const glm::vec3 factor(0.3f, 0.4f, 0.5f);
  scene::Scene s;
  TestMaterial m = makeUnlitMaterial(glm::vec4(factor, 1.0f));
  m.data.emissive = glm::vec4(0.5f, 0.5f, 0.5f, 1.0f);
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  finish(s);
  EXPECT_TRUE(colorNear(centrePixel(*renderer_, s), factor, 1.0f));
}

}  // namespace
}  // namespace vitrine::test
