// Scene textures' mip levels (computed on the CPU, mip_chain.h) as sampled: a one-texel
// black and white checker seen from far enough to sample levels 5 and 6 shows the average of
// black and white in linear light, not the average of the sRGB bytes (128) nor an unwritten
// level.
#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr uint32_t kChecker = 64;  // texels a side
constexpr float kRepeats = 32.0f;  // the checker repeats this often across the quad

TEST_F(RendererTest, MinifiedCheckerSamplesTheLinearAverageLevel) {
  scene::Scene s;
  scene::Image image;
  image.name = "checker";
  image.width = image.height = kChecker;
  for (uint32_t y = 0; y < kChecker; ++y)
    for (uint32_t x = 0; x < kChecker; ++x) {
      const uint8_t v = (x + y) % 2 ? 255 : 0;
      image.rgba8.insert(image.rgba8.end(), {v, v, v, 255});
    }
  s.images.push_back(image);
  s.samplers.push_back(scene::Sampler{});  // trilinear, repeat
  s.textures.push_back({0, 0});
  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  m.material.textures[gpu::kSlotBaseColor] = 0;
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);  // texCoord 0: present
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  // 2048 texels across about 50 pixels: a level of detail near 5.4.
  for (glm::vec2& uv : quad.texcoords[0]) uv *= kRepeats;
  addMeshNode(s, quad);
  finish(s);
  renderer_->setScene(s, 0);
  const Pixels pixels = renderer_->renderOffscreen(
      orbitView(glm::vec3(0, 0, 2.3f), glm::vec3(0.0f), kSize, kSize), kSize, kSize);
  for (const glm::ivec2 at : {glm::ivec2(32, 32), glm::ivec2(20, 24), glm::ivec2(44, 40)})
    EXPECT_TRUE(colorNear(pixelAt(pixels, at.x, at.y), glm::vec3(0.5f), 1.0f))
        << "pixel " << at.x << "," << at.y;
}

}  // namespace
}  // namespace vitrine::test
