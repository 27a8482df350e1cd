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

namespace vitrine::app {
namespace {

// Window pixels (y down) of a world point through view and projection.
glm::vec2 toWindow(const glm::mat4& projection, const glm::mat4& view, glm::vec3 p,
                   glm::vec2 window) {
  const glm::vec4 clip = projection * view * glm::vec4(p, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return {(ndc.x * 0.5f + 0.5f) * window.x, (0.5f - ndc.y * 0.5f) * window.y};
}

TEST(ViewRect, TheViewCentreLandsOnTheRectangleCentre) {
  const glm::vec2 window(1280.0f, 720.0f);
  // What a layout leaves: outliner 280 px left, inspector 280 px right, menu 20 px on top,
  // timeline 230 px below.
  const glm::vec2 pos(280.0f, 20.0f), size(720.0f, 470.0f);
  OrbitCamera orbit;
  scene::Bounds b;
  b.extend(glm::vec3(-1.0f, 2.0f, -3.0f));
  b.extend(glm::vec3(3.0f, 4.0f, 1.0f));
  orbit.frame(b, size.x / size.y);
  const renderer::View v = orbit.view(size.x / size.y);
  const glm::mat4 fitted = fitProjectionToRect(v.projection, pos, size, window);
  // The orbit target is the view's centre.
  const glm::vec2 c = toWindow(fitted, v.view, orbit.target, window);
  EXPECT_NEAR(c.x, pos.x + 0.5f * size.x, 1e-2f);
  EXPECT_NEAR(c.y, pos.y + 0.5f * size.y, 1e-2f);
  // The view's top-right edge (NDC (1, 1) before) lands on the rectangle's top-right corner.
  const glm::vec4 corner = glm::inverse(v.projection * v.view) * glm::vec4(1, 1, 0.5f, 1);
  const glm::vec2 tr = toWindow(fitted, v.view, glm::vec3(corner) / corner.w, window);
  EXPECT_NEAR(tr.x, pos.x + size.x, 1e-1f);
  EXPECT_NEAR(tr.y, pos.y, 1e-1f);
  // Depth is left alone: the same NDC z as before.
  const glm::vec4 before = v.projection * v.view * glm::vec4(orbit.target, 1.0f);
  const glm::vec4 after = fitted * v.view * glm::vec4(orbit.target, 1.0f);
  EXPECT_FLOAT_EQ(after.z / after.w, before.z / before.w);
}

TEST(ViewRect, TheWholeWindowOrNoRectangleLeavesTheProjectionAsItIs) {
  const glm::mat4 p = glm::perspective(0.8f, 16.0f / 9.0f, 0.1f, 100.0f);
  const glm::vec2 window(1280.0f, 720.0f);
  EXPECT_EQ(fitProjectionToRect(p, {0.0f, 0.0f}, window, window), p);
  EXPECT_EQ(fitProjectionToRect(p, {10.0f, 10.0f}, {0.0f, 300.0f}, window), p);
  EXPECT_EQ(fitProjectionToRect(p, {0.0f, 0.0f}, {100.0f, 100.0f}, {0.0f, 0.0f}), p);
}

}  // namespace
}  // namespace vitrine::app
