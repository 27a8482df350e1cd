// A directional light's cascades (issue 24; renderer/passes/pass_shadows.h planShadows): when a
// view needs them, which layers they take, that each holds its slice of the view's frustum, and
// that their windows keep their texel grid while the camera orbits (no shimmering edges).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pass_shadows.h"

namespace vitrine::renderer {
namespace {

constexpr uint32_t kMapSize = 2048;
constexpr float kNear = 0.05f;
constexpr float kFieldOfView = 0.9f;
constexpr float kAspect = 16.0f / 9.0f;

gpu::LightData directional(const glm::vec3& along, float intensity) {
  gpu::LightData l{};
  l.position = glm::vec4(0.0f, 0.0f, 0.0f, float(gpu::kLightDirectional));
  l.direction = glm::vec4(glm::normalize(along), 0.0f);
  l.color = glm::vec4(intensity, intensity, intensity, 0.0f);
  return l;
}

gpu::LightData spot(const glm::vec3& at, const glm::vec3& along, float intensity) {
  gpu::LightData l{};
  l.position = glm::vec4(at, float(gpu::kLightSpot));
  l.direction = glm::vec4(glm::normalize(along), 0.0f);
  l.color = glm::vec4(intensity, intensity, intensity, 0.0f);
  const float cosInner = std::cos(0.5f), cosOuter = std::cos(0.7f);
  l.cone = glm::vec4(1.0f / (cosInner - cosOuter), -cosOuter / (cosInner - cosOuter), 0, 0);
  return l;
}

View lookingAt(const glm::vec3& eye, const glm::vec3& target) {
  View v;
  v.view = glm::lookAt(eye, target, glm::vec3(0, 1, 0));
  v.projection = glm::perspective(kFieldOfView, kAspect, kNear, 500.0f);
  v.eye = eye;
  return v;
}

scene::Bounds box(const glm::vec3& min, const glm::vec3& max) {
  scene::Bounds b;
  b.extend(min);
  b.extend(max);
  return b;
}

// A ground 200 units wide (y up) with something 2 high on it, and the camera standing on it.
const scene::Bounds kField = box({-100, 0, -100}, {100, 2, 100});
View standingOnTheField(float heading) {
  const glm::vec3 eye(3.0f, 1.6f, 5.0f);
  return lookingAt(eye, eye + glm::vec3(std::sin(heading), -0.3f, -std::cos(heading)));
}

constexpr float kEverywhere = std::numeric_limits<float>::max();

TEST(ShadowPlan, AViewOfTheWholeAssetNeedsNoCascade) {
  const std::vector<gpu::LightData> lights = {directional({1, -1, 0}, 2.0f)};
  const ShadowPlan plan = planShadows(lights, box({-1, -1, -1}, {1, 1, 1}), kMapSize,
                                      lookingAt({0, 0.5f, 5}, {0, 0, 0}));
  EXPECT_EQ(plan.count, 1u);
  EXPECT_EQ(plan.lights(), 1u);
  EXPECT_EQ(plan.cascades, 0u);
  EXPECT_EQ(plan.params[0].w, kEverywhere);
}

TEST(ShadowPlan, AnOrthographicViewNeedsNoCascade) {
  View view = standingOnTheField(0.0f);
  view.projection = glm::ortho(-4.0f, 4.0f, -2.0f, 2.0f, 0.1f, 300.0f);
  const std::vector<gpu::LightData> lights = {directional({1, -1, 0}, 2.0f)};
  EXPECT_EQ(planShadows(lights, kField, kMapSize, view).cascades, 0u);
}

TEST(ShadowPlan, ACameraInsideALargeSceneGetsCascadesHoldingItsFrustum) {
  const std::vector<gpu::LightData> lights = {directional({1, -2, 0.5f}, 2.0f)};
  const View view = standingOnTheField(0.3f);
  const ShadowPlan plan = planShadows(lights, kField, kMapSize, view);
  // The one light takes the three layers no other light does.
  ASSERT_EQ(plan.count, 4u);
  EXPECT_EQ(plan.lights(), 1u);
  EXPECT_EQ(plan.cascades, 3u);
  EXPECT_EQ(plan.shadowed(), 1u);
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(plan.light[k], 0u);
  EXPECT_EQ(plan.params[3].w, kEverywhere);  // the whole scene's map, last
  const float wholeTexel = plan.params[3].x;
  const glm::mat4 toWorld = glm::inverse(view.view);
  const float tanY = std::tan(0.5f * kFieldOfView), tanX = tanY * kAspect;
  float from = kNear;
  for (uint32_t k = 0; k < 3; ++k) {
    const float to = plan.params[k].w;
    EXPECT_GT(to, from) << k;
    // Each at most half as coarse as the whole map, and coarser than the one before.
    EXPECT_LE(plan.params[k].x, 0.5f * wholeTexel) << k;
    if (k > 0) {
      EXPECT_GT(plan.params[k].x, plan.params[k - 1].x) << k;
    }
    // Every point the view sees at the depths the cascade serves lies in its window, with the
    // filter's margin (about three texels) inside it.
    const float inside = 1.0f - 2.0f * 3.0f / float(kMapSize);
    for (const float depth : {from, to}) {
      for (const glm::vec2 corner : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1),
                                     glm::vec2(-1, 1), glm::vec2(0, 0)}) {
        const glm::vec4 p =
            toWorld * glm::vec4(corner.x * tanX * depth, corner.y * tanY * depth, -depth, 1.0f);
        const glm::vec4 clip = plan.viewProj[k] * p;
        EXPECT_LE(std::abs(clip.x / clip.w), inside) << k << " at depth " << depth;
        EXPECT_LE(std::abs(clip.y / clip.w), inside) << k << " at depth " << depth;
        EXPECT_GE(clip.z / clip.w, 0.0f);
        EXPECT_LE(clip.z / clip.w, 1.0f);
      }
    }
    from = to;
  }
  // The far end of the view's frustum over the field lies beyond the last cascade.
  EXPECT_LT(plan.params[2].w, 100.0f);
}

TEST(ShadowPlan, CascadesKeepTheirTexelGridAsTheCameraTurns) {
  const std::vector<gpu::LightData> lights = {directional({1, -2, 0.5f}, 2.0f)};
  const ShadowPlan first = planShadows(lights, kField, kMapSize, standingOnTheField(0.0f));
  ASSERT_EQ(first.cascades, 3u);
  uint32_t moved = 0;
  for (int step = 1; step <= 12; ++step) {
    const ShadowPlan turned =
        planShadows(lights, kField, kMapSize, standingOnTheField(0.01f * float(step)));
    ASSERT_EQ(turned.cascades, 3u);
    for (uint32_t k = 0; k < 4; ++k) {
      // The same texel size, and a window moved by whole texels: a world point falls on the
      // same place of a texel in both maps.
      ASSERT_EQ(turned.params[k].x, first.params[k].x) << k;
      for (const glm::vec3 p : {glm::vec3(0.0f), glm::vec3(7.3f, 0.4f, -2.9f)}) {
        const glm::vec4 a = first.viewProj[k] * glm::vec4(p, 1.0f);
        const glm::vec4 b = turned.viewProj[k] * glm::vec4(p, 1.0f);
        const glm::vec2 texels = (glm::vec2(a) - glm::vec2(b)) * (0.5f * float(kMapSize));
        EXPECT_NEAR(texels.x, std::round(texels.x), 0.02f) << k << " step " << step;
        EXPECT_NEAR(texels.y, std::round(texels.y), 0.02f) << k << " step " << step;
        if (glm::length(texels) > 0.5f) ++moved;
      }
    }
    // The whole scene's map does not move with the camera.
    EXPECT_EQ(turned.viewProj[3], first.viewProj[3]);
  }
  EXPECT_GT(moved, 0u);  // the cascades did follow the view
}

TEST(ShadowPlan, FreeLayersGoToTheDirectionalLightsFromTheStrongest) {
  const View view = standingOnTheField(0.0f);
  // Two directional lights and a spot: one free layer, the stronger directional light's.
  const std::vector<gpu::LightData> three = {directional({1, -2, 0}, 1.0f),
                                             spot({0, 10, 0}, {0, -1, 0}, 500.0f),
                                             directional({-1, -2, 0}, 3.0f)};
  const ShadowPlan plan = planShadows(three, kField, kMapSize, view);
  EXPECT_EQ(plan.lights(), 3u);
  EXPECT_EQ(plan.cascades, 1u);
  ASSERT_EQ(plan.count, 4u);
  uint32_t layersOf[3] = {0, 0, 0};
  for (uint32_t k = 0; k < plan.count; ++k) ++layersOf[plan.light[k]];
  EXPECT_EQ(layersOf[0], 1u);
  EXPECT_EQ(layersOf[1], 1u);
  EXPECT_EQ(layersOf[2], 2u);
  for (uint32_t k = 0; k < plan.count; ++k) {
    if (plan.light[k] == 1) {
      EXPECT_EQ(plan.params[k].w, kEverywhere);  // a spot: one map
    }
  }
  // Four lights: none left for cascades.
  std::vector<gpu::LightData> four = three;
  four.push_back(directional({0, -1, 1}, 2.0f));
  const ShadowPlan full = planShadows(four, kField, kMapSize, view);
  EXPECT_EQ(full.lights(), 4u);
  EXPECT_EQ(full.cascades, 0u);
  for (uint32_t k = 0; k < full.count; ++k) EXPECT_EQ(full.params[k].w, kEverywhere);
}

}  // namespace
}  // namespace vitrine::renderer
