// The environment background: the right colour in the right direction (through the real cube
// lookup, so the processing's face orientation is checked against the hardware's), rotation,
// intensity, the blurred option, the solid colour, and its place among the draws.
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "env_test_util.h"

namespace vitrine::test {
namespace {

const glm::vec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

glm::u8vec4 centre(const Pixels& p) {
  return pixelAt(p, int(p.width) / 2, int(p.height) / 2);
}

TEST_F(RendererTest, BackgroundShowsTheEnvironmentInEachDirection) {
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);
  for (int face = 0; face < 6; ++face) {
    const Pixels p = renderer_->renderOffscreen(viewAlong(kAxes[face]), kSize, kSize);
    EXPECT_TRUE(colorNear(centre(p), faceColor(face))) << "looking along face " << face;
    // Off-centre too: 30 degrees up (or towards -Z for the poles) is still the same face.
    EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 5), faceColor(face))) << face;
  }
  // Between two faces the view ray decides: slightly more +Z than +X.
  const Pixels p = renderer_->renderOffscreen(viewAlong({0.8f, 0.0f, 1.0f}), kSize, kSize);
  EXPECT_TRUE(colorNear(centre(p), faceColor(4)));
}

TEST_F(RendererTest, WideEquirectKeepsItsOrientation) {
  // 8192 wide: the path that averages 2x2 on the CPU to 4096 before upload, and a 512 cube.
  const scene::EnvironmentImage env =
      makeEnvironment(8192, 32, [](const glm::vec3& d) { return faceColor(majorFace(d)); });
  renderer_->setEnvironment(&env);
  for (int face : {0, 3, 5}) {
    const Pixels p = renderer_->renderOffscreen(viewAlong(kAxes[face]), kSize, kSize);
    EXPECT_TRUE(colorNear(centre(p), faceColor(face))) << "looking along face " << face;
  }
}

TEST_F(RendererTest, RotationTurnsTheEnvironmentAboutY) {
  // A world direction d samples R_y(-rotation) d: a quarter turn brings +Z's colour to +X,
  // and -X's to +Z; up stays up.
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);
  View view = viewAlong({1, 0, 0});
  view.environmentRotation = glm::half_pi<float>();
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), faceColor(4)));
  view = viewAlong({0, 0, 1});
  view.environmentRotation = glm::half_pi<float>();
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), faceColor(1)));
  view = viewAlong({0, 1, 0});
  view.environmentRotation = 1.0f;
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), faceColor(2)));
}

TEST_F(RendererTest, IntensityScalesTheBackground) {
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);
  View view = viewAlong({0, 0, -1});
  view.environmentIntensity = 0.4f;
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(centre(p), 0.4f * faceColor(5)));
}

TEST_F(RendererTest, BlurredBackgroundIsThePrefilteredEnvironment) {
  const glm::vec3 uniform(0.3f, 0.5f, 0.7f);
  const scene::EnvironmentImage flat =
      makeEnvironment(256, 128, [&](const glm::vec3&) { return uniform; });
  renderer_->setEnvironment(&flat);
  View view = viewAlong({1, 0.3f, 0.2f});
  view.background = renderer::Background::BlurredEnvironment;
  Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(centre(p), uniform));  // blurring a constant changes nothing

  // Near the edge between +X and +Z the sharp view shows +X's colour, the blurred one a mix.
  const scene::EnvironmentImage faces = faceEnvironment();
  renderer_->setEnvironment(&faces);
  view = viewAlong({1.0f, 0.0f, 0.85f});
  const glm::u8vec4 sharp = centre(renderer_->renderOffscreen(view, kSize, kSize));
  EXPECT_TRUE(colorNear(sharp, faceColor(0)));
  view.background = renderer::Background::BlurredEnvironment;
  const glm::u8vec4 blurred = centre(renderer_->renderOffscreen(view, kSize, kSize));
  // +X is (0.8, 0.2, 0.2), +Z (0.2, 0.8, 0.8): green and blue rise, red falls.
  EXPECT_GT(int(blurred.g), int(sharp.g) + 20);
  EXPECT_GT(int(blurred.b), int(sharp.b) + 20);
  EXPECT_LT(int(blurred.r), int(sharp.r) - 10);
}

TEST_F(RendererTest, SolidColourWhenAskedOrWithoutEnvironment) {
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);
  View view = viewAlong({1, 0, 0});
  view.background = renderer::Background::Color;
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), background()));
  renderer_->setEnvironment(nullptr);  // image-based light off
  view.background = renderer::Background::Environment;
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), background()));
  view.background = renderer::Background::BlurredEnvironment;
  EXPECT_TRUE(colorNear(centre(renderer_->renderOffscreen(view, kSize, kSize)), background()));
}

TEST_F(RendererTest, BackgroundGoesBehindOpaqueAndUnderBlended) {
  // An opaque quad in the centre, and a large half-transparent black quad behind it: where
  // the black quad covers the environment, it must have been blended over the background
  // (drawn first), not hidden by it.
  scene::Scene s;
  const glm::vec3 green(0.1f, 0.7f, 0.2f);
  TestMaterial opaque = makeMaterial(glm::vec4(green, 1.0f));
  opaque.material.unlit = true;
  opaque.data.alpha.w = 1.0f;
  const int front = addMeshNode(s, quadPrimitive(addMaterial(s, opaque)));
  s.nodes[front].scale = glm::vec3(0.3f);
  TestMaterial veil = makeMaterial(glm::vec4(0.0f, 0.0f, 0.0f, 0.5f));
  veil.material.alphaMode = scene::AlphaMode::Blend;
  veil.data.alpha.x = float(gpu::kAlphaBlend);
  veil.material.unlit = true;
  veil.data.alpha.w = 1.0f;
  const int back = addMeshNode(s, quadPrimitive(addMaterial(s, veil)), glm::vec3(0, 0, -1));
  s.nodes[back].scale = glm::vec3(0.5f, 10.0f, 1.0f);  // a vertical band, taller than the view
  finish(s);
  renderer_->setScene(s, 0);
  const scene::EnvironmentImage env = faceEnvironment();
  renderer_->setEnvironment(&env);

  View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  view.tonemap = renderer::Tonemap::None;
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(centre(p), green));
  // Above the opaque quad, inside the band: the environment behind (-Z) through the veil.
  const glm::ivec2 veiled = project(view, glm::vec3(0.0f, 0.8f, 0.0f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, veiled.x, veiled.y), 0.5f * faceColor(5), 3.0f));
  // Beside the band: the environment alone.
  const glm::ivec2 open = project(view, glm::vec3(1.0f, 0.0f, 0.0f), kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, open.x, open.y), faceColor(5)));
}

}  // namespace
}  // namespace vitrine::test
