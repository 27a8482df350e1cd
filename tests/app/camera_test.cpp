// The viewer's cameras on awkward input: nothing to frame, infinite bounds, scaled, mirrored
// and zero-scaled camera nodes.
#include "camera.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

namespace vitrine::app {
namespace {

bool finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  return true;
}

TEST(OrbitCamera, FramesTheBoundsFromPlusZ) {
  scene::Bounds b;
  b.extend({-1, -1, -1});
  b.extend({1, 1, 1});
  OrbitCamera c;
  c.frame(b, 1.0f);
  EXPECT_EQ(c.target, glm::vec3(0.0f));
  // The bounding sphere (radius sqrt 3) fits the 45 degree field of view exactly.
  EXPECT_NEAR(c.distance, std::sqrt(3.0f) / std::sin(glm::radians(22.5f)), 1e-4f);
  EXPECT_NEAR(c.eye().z, c.distance, 1e-5f);
  EXPECT_NEAR(c.eye().x, 0.0f, 1e-6f);
}

TEST(OrbitCamera, NothingOrInfiniteToFrameStaysFinite) {
  OrbitCamera c;
  c.frame(scene::Bounds{}, 1.5f);
  EXPECT_TRUE(finite(c.view(1.5f).view));
  scene::Bounds inf;
  inf.extend({0, 0, 0});
  inf.extend({INFINITY, 1, 1});
  c.frame(inf, 1.5f);
  EXPECT_EQ(c.target, glm::vec3(0.0f));
  EXPECT_TRUE(finite(c.view(1.5f).view));
  EXPECT_TRUE(finite(c.view(1.5f).projection));
}

TEST(OrbitCamera, TinyObjectFarAwayKeepsEyeAndTargetApart) {
  scene::Bounds b;
  b.extend({1e5f, 0, 0});
  b.extend({1e5f + 1e-6f, 1e-6f, 1e-6f});
  OrbitCamera c;
  c.frame(b, 1.0f);
  EXPECT_NE(c.eye(), c.target);
  EXPECT_TRUE(finite(c.view(1.0f).view));
}

// One camera node whose world matrix is `world`.
scene::Scene cameraScene(const glm::mat4& world) {
  scene::Scene s;
  s.cameras.resize(1);
  s.nodes.resize(1);
  s.nodes[0].camera = 0;
  s.scenes.push_back({"", {0}});
  s.world = {world};
  return s;
}

TEST(AssetCamera, ScaleAndMirroringDoNotDistortTheView) {
  const glm::mat4 rigid = glm::translate(glm::mat4(1.0f), {1, 2, 3}) *
                          glm::rotate(glm::mat4(1.0f), 0.7f, glm::normalize(glm::vec3(1, 2, 0)));
  for (const glm::vec3 scale : {glm::vec3(1), glm::vec3(2, 0.5f, 3), glm::vec3(-1, 1, 1)}) {
    std::string error;
    const auto v = assetCameraView(cameraScene(glm::scale(rigid, scale)), 0, 1.0f, &error);
    ASSERT_TRUE(v) << error;
    // The view is the inverse of the rigid part: rotation and translation only.
    const glm::mat4 expected = glm::inverse(rigid);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 3; ++r)
        EXPECT_NEAR(v->view[c][r], expected[c][r], 1e-5f) << "scale " << scale.x << " " << c << r;
  }
}

TEST(AssetCamera, ZeroScaleIsAnError) {
  std::string error;
  EXPECT_FALSE(
      assetCameraView(cameraScene(glm::scale(glm::mat4(1.0f), glm::vec3(0))), 0, 1.0f, &error));
  EXPECT_EQ(error, "--camera 0: /nodes/0 has a zero scale, so camera 0 has no view direction");
}

}  // namespace
}  // namespace vitrine::app
