// Alpha modes (glTF 2.0 §3.9.4): MASK keeps exactly the pixels whose alpha (factor x texture
// x COLOR_0) reaches the cutoff; BLEND composes with "over", far to near whatever the order
// the scene lists the objects in, after the opaque ones.
#include <glm/gtc/constants.hpp>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

TestMaterial maskMaterial(const glm::vec4& baseColor, float cutoff) {
  TestMaterial m = makeUnlitMaterial(baseColor);  // unlit: exact colours
  m.material.alphaMode = scene::AlphaMode::Mask;
  m.data.alpha.x = float(gpu::kAlphaMask);
  m.data.alpha.y = cutoff;
  return m;
}

TestMaterial blendMaterial(TestMaterial m) {
  m.material.alphaMode = scene::AlphaMode::Blend;
  m.data.alpha.x = float(gpu::kAlphaBlend);
  return m;
}

TEST_F(RendererTest, MaskDiscardsBelowTheCutoff) {
  // Three quads, alpha 0.3 (below 0.5: gone), 0.5 (equal: drawn, "greater than or equal"),
  // 0.7 (drawn, as opaque: alpha 1).
  scene::Scene s;
  const glm::vec3 color(0.9f, 0.7f, 0.1f);
  const float alphas[] = {0.3f, 0.5f, 0.7f};
  for (int i = 0; i < 3; ++i) {
    const int node =
        addMeshNode(s, quadPrimitive(addMaterial(s, maskMaterial({color, alphas[i]}, 0.5f))),
                    glm::vec3(float(i - 1) * 1.5f, 0.0f, 0.0f));
    s.nodes[node].scale = glm::vec3(0.6f);
  }
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 5), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  for (int i = 0; i < 3; ++i) {
    const glm::ivec2 at = project(view, glm::vec3(float(i - 1) * 1.5f, 0, 0), kSize, kSize);
    const glm::u8vec4 pixel = pixelAt(p, at.x, at.y);
    EXPECT_TRUE(colorNear(pixel, alphas[i] < 0.5f ? background() : color)) << alphas[i];
    EXPECT_EQ(pixel.a, 255) << alphas[i];
  }
}

TEST_F(RendererTest, MaskUsesTheProductOfFactorTextureAndVertexAlpha) {
  // A 2x1 texture, alpha 0.8 left and 1.0 right; factor alpha 0.75; COLOR_0 alpha 1 on the
  // top edge, 0.5 on the bottom. Cutoff 0.55: top-left 0.6 drawn, top-right 0.75 drawn,
  // bottom-left ~0.3 and bottom-right ~0.375 discarded.
  scene::Scene s;
  s.images.push_back({"alpha", 2, 1, {255, 255, 255, 204, 255, 255, 255, 255}});
  scene::Sampler nearest;
  nearest.magFilter = nearest.minFilter = nearest.mipmapFilter = scene::Filter::Nearest;
  s.samplers.push_back(nearest);
  s.textures.push_back({0, 0});
  const glm::vec3 color(0.2f, 0.8f, 0.6f);
  TestMaterial m = maskMaterial({color, 0.75f}, 0.55f);
  m.material.textures[gpu::kSlotBaseColor] = 0;
  m.data.textures[gpu::kSlotBaseColor].info = glm::vec4(0.0f);
  scene::Primitive quad = quadPrimitive(addMaterial(s, m));
  quad.colors = {{1, 1, 1, 0.5f}, {1, 1, 1, 0.5f}, {1, 1, 1, 1}, {1, 1, 1, 1}};  // bottom, top
  addMeshNode(s, quad);
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  auto at = [&](float x, float y) {
    const glm::ivec2 q = project(view, glm::vec3(x, y, 0), kSize, kSize);
    return pixelAt(p, q.x, q.y);
  };
  EXPECT_TRUE(colorNear(at(-0.5f, 0.9f), color));
  EXPECT_TRUE(colorNear(at(0.5f, 0.9f), color));
  EXPECT_TRUE(colorNear(at(-0.5f, -0.9f), background()));
  EXPECT_TRUE(colorNear(at(0.5f, -0.9f), background()));
}

// Two half-transparent quads, red in front of green, over a small opaque blue one, listed in
// `order` (0: near first, 1: far first). Premultiplied "over":
// result = near + (1 - a) * (far + (1 - a) * behind).
void expectBlendOrder(renderer::Renderer& r, int order) {
  scene::Scene s;
  const glm::vec3 red(1, 0, 0), green(0, 1, 0), blue(0, 0, 1);
  const float a = 0.5f;
  const std::pair<glm::vec3, float> layers[2] = {{red, 0.5f}, {green, 0.0f}};
  for (int i = 0; i < 2; ++i) {
    const auto& [color, z] = layers[order == 0 ? i : 1 - i];
    addMeshNode(s, quadPrimitive(addMaterial(s, blendMaterial(makeUnlitMaterial({color, a})))),
                glm::vec3(0, 0, z));
  }
  const int opaque = addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({blue, 1}))),
                                 glm::vec3(0, 0, -0.5f));
  s.nodes[opaque].scale = glm::vec3(0.5f);  // covers the centre only
  finish(s);
  r.setScene(s, 0);
  const View view = orbitView(glm::vec3(0, 0, 4), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = r.renderOffscreen(view, kSize, kSize);
  const glm::vec3 overBlue = a * red + (1 - a) * (a * green + (1 - a) * blue);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), overBlue, 3.0f)) << "order " << order;
  const glm::ivec2 edge = project(view, glm::vec3(0.75f, 0.0f, 0.5f), kSize, kSize);
  const glm::vec3 overBackground = a * red + (1 - a) * (a * green + (1 - a) * background());
  EXPECT_TRUE(colorNear(pixelAt(p, edge.x, edge.y), overBackground, 3.0f)) << "order " << order;
}

TEST_F(RendererTest, BlendDrawsBackToFrontWhateverTheListOrder) {
  expectBlendOrder(*renderer_, 0);
  expectBlendOrder(*renderer_, 1);
}

TEST_F(RendererTest, BlendComposesTheLitColour) {
  // A lit, half-transparent dielectric in front of the camera, light from the eye: the pixel
  // is a * radiance + (1 - a) * background.
  scene::Scene s;
  const glm::vec3 base(0.6f, 0.3f, 0.9f);
  const float a = 0.4f;
  TestMaterial m = blendMaterial(makePbrMaterial(base, 0.0f, 0.8f));
  m.data.baseColorFactor.a = a;
  addMeshNode(s, quadPrimitive(addMaterial(s, m)));
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.intensity = 2.5f;
  addLightNode(s, light, glm::vec3(0, 0, 5));  // shines along -z
  const int camera = addCameraNode(s, glm::vec3(0, 0, 3));
  finish(s);
  renderer_->setScene(s, 0);
  const View view = cameraView(s, camera, kSize, kSize);
  const glm::ivec2 centre(kSize / 2, kSize / 2);
  const glm::dvec3 n(0, 0, 1);
  const glm::vec3 point = surfacePoint(view, centre, kSize, kSize, glm::vec3(0.0f), n);
  const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - glm::dvec3(point));
  const glm::dvec3 radiance =
      reflected(appendixB(glm::dvec3(base), 0.0, 0.8, n, v, n), glm::dvec3(2.5), n, n);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  const glm::vec3 expected = a * glm::vec3(radiance) + (1.0f - a) * background();
  EXPECT_TRUE(colorNear(pixelAt(p, centre.x, centre.y), expected, 2.0f));
}

}  // namespace
}  // namespace vitrine::test
