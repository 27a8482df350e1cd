// Textures, vertex colours, culling and winding (seen through unlit materials: exact colours).
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

#include "render_fixture.h"

namespace vitrine::test {
namespace {

float srgbToLinear(uint8_t byte) {
  const float s = float(byte) / 255.0f;
  return s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
}

glm::vec3 texelLinear(const glm::u8vec4& t) {
  return {srgbToLinear(t.r), srgbToLinear(t.g), srgbToLinear(t.b)};
}

// 2x2 texels, rows top to bottom: a b / c d.
const glm::u8vec4 kTexels[4] = {
    {200, 30, 60, 255}, {40, 180, 90, 255}, {70, 90, 220, 255}, {230, 210, 40, 255}};

// An unlit quad textured with kTexels, nearest filtering; `rotation` its
// KHR_texture_transform rotation.
scene::Scene texturedQuad(float rotation) {
  scene::Scene s;
  scene::Image image;
  image.width = 2;
  image.height = 2;
  for (const glm::u8vec4& t : kTexels) image.rgba8.insert(image.rgba8.end(), {t.r, t.g, t.b, t.a});
  s.images.push_back(image);
  scene::Sampler sampler;
  sampler.magFilter = sampler.minFilter = sampler.mipmapFilter = scene::Filter::Nearest;
  s.samplers.push_back(sampler);
  s.textures.push_back({0, 0});

  TestMaterial m = makeUnlitMaterial(glm::vec4(1.0f));
  m.material.textures[gpu::kSlotBaseColor] = 0;
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(rotation, 0.0f, 0.0f, 0.0f);
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  finish(s);
  return s;
}

// The colour at the centre of each quadrant of the quad, in texel order (a b / c d).
std::vector<glm::u8vec4> quadrants(renderer::Renderer& r) {
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  std::vector<glm::u8vec4> out;
  for (const glm::vec2 q : {glm::vec2(-0.5f, 0.5f), glm::vec2(0.5f, 0.5f), glm::vec2(-0.5f, -0.5f),
                            glm::vec2(0.5f, -0.5f)}) {
    const glm::ivec2 at = project(view, glm::vec3(q, 0.0f), kSize, kSize);
    out.push_back(pixelAt(p, at.x, at.y));
  }
  return out;
}

TEST_F(RendererTest, NearestTextureShowsOneTexelPerQuadrant) {
  renderer_->setScene(texturedQuad(0.0f), 0);
  const std::vector<glm::u8vec4> q = quadrants(*renderer_);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(colorNear(q[i], texelLinear(kTexels[i]))) << i;
}

TEST_F(RendererTest, TextureTransformRotatesUvsCounterClockwise) {
  // Rotating the UVs a quarter turn counter-clockwise (v down) turns the image a quarter
  // turn clockwise: a b / c d shows as c a / d b.
  renderer_->setScene(texturedQuad(glm::half_pi<float>()), 0);
  const std::vector<glm::u8vec4> q = quadrants(*renderer_);
  const int expected[4] = {2, 0, 3, 1};
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(colorNear(q[i], texelLinear(kTexels[expected[i]]))) << i;
}

TEST_F(RendererTest, VertexColourMultipliesBaseColour) {
  scene::Scene s;
  scene::Primitive quad =
      quadPrimitive(addMaterial(s, makeUnlitMaterial({0.8f, 0.8f, 0.8f, 1.0f})));
  quad.colors.assign(4, glm::vec4(1.0f, 0.5f, 0.25f, 1.0f));
  addMeshNode(s, quad);
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), glm::vec3(0.8f, 0.4f, 0.2f)));
}

TEST_F(RendererTest, BackFacesCullUnlessDoubleSided) {
  const glm::vec3 color(0.3f, 0.8f, 0.5f);
  for (const bool doubleSided : {false, true}) {
    scene::Scene s;
    TestMaterial m = makeUnlitMaterial(glm::vec4(color, 1.0f));
    m.material.doubleSided = doubleSided;
    m.data.alpha.z = doubleSided ? 1.0f : 0.0f;
    const int node = addMeshNode(s, quadPrimitive(addMaterial(s, m)));
    s.nodes[node].rotation = glm::angleAxis(glm::pi<float>(), glm::vec3(0, 1, 0));  // faces -z
    finish(s);
    renderer_->setScene(s, 0);
    const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
    const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
    EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), doubleSided ? color : background()))
        << "doubleSided " << doubleSided;
  }
}

TEST_F(RendererTest, MirroredNodeKeepsItsFrontFace) {
  // A negative scale reverses the winding (glTF 2.0 3.7.4): still visible from +z.
  const glm::vec3 color(0.7f, 0.2f, 0.6f);
  scene::Scene s;
  const int node = addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({color, 1.0f}))));
  s.nodes[node].scale = glm::vec3(-1.0f, 1.0f, 1.0f);
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), color));
}

}  // namespace
}  // namespace vitrine::test
