// KHR_lights_punctual: directional, point and spot lights, placed and aimed by their nodes,
// with range and cone attenuation; several lights add up; nothing else lights the scene.
// Every checked pixel is compared with the radiance the test computes (brdf_reference.h).
#include <algorithm>
#include <functional>
#include <optional>

#include <glm/gtc/constants.hpp>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr uint32_t kLightSize = 32;
const glm::vec3 kBase(0.8f, 0.6f, 0.4f);
constexpr float kMetallic = 0.2f;
constexpr float kRoughness = 0.7f;

// A lit 4x4 quad in the z = 0 plane facing +z, seen by a camera node at (0, 0, 4).
struct LitQuad {
  scene::Scene scene;
  int camera = -1;
};

LitQuad litQuad() {
  LitQuad q;
  const int node = addMeshNode(
      q.scene, quadPrimitive(addMaterial(q.scene, makePbrMaterial(kBase, kMetallic, kRoughness))));
  q.scene.nodes[node].scale = glm::vec3(2.0f);
  q.camera = addCameraNode(q.scene, glm::vec3(0.0f, 0.0f, 4.0f));
  return q;
}

// What a light does at a surface point: the direction to it and the irradiance it brings.
using LightModel = std::function<std::pair<glm::dvec3, glm::dvec3>(const glm::dvec3& point)>;

// Renders `q` and compares a grid of pixels with `emission` plus the sum over `lights` of the
// reflected radiance at each pixel's surface point. Returns how many pixels were dark (< 1/255
// linear) and how many were lit, so a test can check that both kinds were covered.
std::pair<int, int> expectRadiance(renderer::Renderer& r, LitQuad& q,
                                   const std::vector<LightModel>& lights,
                                   const glm::dvec3& emission = glm::dvec3(0.0)) {
  finish(q.scene);
  r.setScene(q.scene, 0);
  const View view = cameraView(q.scene, q.camera, kLightSize, kLightSize);
  const Pixels pixels = r.renderOffscreen(view, kLightSize, kLightSize);
  const glm::dvec3 n(0, 0, 1);
  int dark = 0, lit = 0;
  for (int y = 2; y < int(kLightSize); y += 4) {
    for (int x = 2; x < int(kLightSize); x += 4) {
      const glm::dvec3 p(surfacePoint(view, {x, y}, kLightSize, kLightSize, glm::vec3(0.0f), n));
      if (std::max(std::abs(p.x), std::abs(p.y)) > 1.9) continue;  // off the quad
      const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - p);
      glm::dvec3 radiance = emission;
      for (const LightModel& light : lights) {
        const auto [l, irradiance] = light(p);
        if (glm::dot(n, l) <= 0.0) continue;
        radiance += reflected(appendixB(glm::dvec3(kBase), kMetallic, kRoughness, n, v, l),
                              irradiance, n, l);
      }
      const double peak = std::max({radiance.r, radiance.g, radiance.b});
      ++(peak < 1.0 / 255.0 ? dark : lit);
      EXPECT_LT(peak, 0.98) << "the test's light is too strong at " << x << "," << y;
      EXPECT_TRUE(colorNear(pixelAt(pixels, x, y), glm::vec3(radiance), 2.0f))
          << "pixel " << x << "," << y;
    }
  }
  return {dark, lit};
}

TEST_F(RendererTest, NoLightAndNoEnvironmentLeaveALitMaterialBlack) {
  // No hidden headlight: the default material, white, is black without light.
  scene::Scene s;
  addMeshNode(s, quadPrimitive(-1));
  finish(s);
  renderer_->setScene(s, 0);
  const View view = orbitView(glm::vec3(0.3f, 0.2f, 3.0f), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, kSize / 2, kSize / 2), glm::vec3(0.0f), 0.0f));
}

TEST_F(RendererTest, DirectionalLightFollowsItsNodeRotation) {
  LitQuad q = litQuad();
  scene::Light light;
  light.type = scene::Light::Type::Directional;
  light.color = glm::vec3(1.0f, 0.8f, 0.5f);
  light.intensity = 2.0f;
  const glm::vec3 along = glm::normalize(glm::vec3(0.5f, -0.3f, -1.0f));
  addLightNode(q.scene, light, glm::vec3(3, 3, 3), shineAlong(along));
  const glm::dvec3 irradiance = glm::dvec3(light.color) * double(light.intensity);
  const auto [dark, lit] = expectRadiance(*renderer_, q, {[&](const glm::dvec3&) {
    return std::pair{-glm::dvec3(along), irradiance};
  }});
  EXPECT_GT(lit, 20);
}

TEST_F(RendererTest, PointLightFallsOffWithDistanceAndStopsAtItsRange) {
  LitQuad q = litQuad();
  scene::Light light;
  light.type = scene::Light::Type::Point;
  light.color = glm::vec3(0.6f, 0.8f, 1.0f);
  light.intensity = 1.5f;
  light.range = 1.6f;
  const glm::dvec3 position(0.4, -0.2, 0.8);
  addLightNode(q.scene, light, glm::vec3(position));
  const auto [dark, lit] = expectRadiance(*renderer_, q, {[&](const glm::dvec3& p) {
    const glm::dvec3 toLight = position - p;
    const double d = glm::length(toLight);
    const double attenuation = rangeAttenuation(d, double(*light.range));
    return std::pair{toLight / d, glm::dvec3(light.color) * double(light.intensity) * attenuation};
  }});
  EXPECT_GT(dark, 5);  // beyond the range
  EXPECT_GT(lit, 10);
}

TEST_F(RendererTest, SpotLightConeFadesBetweenInnerAndOuterAngles) {
  LitQuad q = litQuad();
  scene::Light light;
  light.type = scene::Light::Type::Spot;
  light.intensity = 2.0f;
  light.innerConeAngle = 0.25f;
  light.outerConeAngle = 0.6f;
  light.hasSpot = true;
  const glm::dvec3 position(-0.3, 0.2, 1.5);
  const glm::dvec3 axis = glm::normalize(glm::dvec3(0.2, -0.1, -1.0));
  addLightNode(q.scene, light, glm::vec3(position), shineAlong(glm::vec3(axis)));
  const auto [dark, lit] = expectRadiance(*renderer_, q, {[&](const glm::dvec3& p) {
    const glm::dvec3 toLight = position - p;
    const double d = glm::length(toLight);
    const glm::dvec3 l = toLight / d;
    const double angle = std::acos(std::clamp(glm::dot(axis, -l), -1.0, 1.0));
    const double attenuation = rangeAttenuation(d, std::nullopt) *
                               spotAttenuation(angle, light.innerConeAngle, light.outerConeAngle);
    return std::pair{l, glm::dvec3(double(light.intensity) * attenuation)};
  }});
  EXPECT_GT(dark, 5);  // outside the cone
  EXPECT_GT(lit, 10);
}

TEST_F(RendererTest, LightsAddUpWithEmission) {
  LitQuad q = litQuad();
  const glm::vec3 emissive(0.05f, 0.02f, 0.0f);
  q.scene.materialData[0].emissive = glm::vec4(emissive, 1.0f);
  scene::Light sun;
  sun.type = scene::Light::Type::Directional;
  sun.intensity = 0.8f;
  const glm::vec3 along = glm::normalize(glm::vec3(-0.4f, 0.2f, -1.0f));
  addLightNode(q.scene, sun, glm::vec3(0.0f), shineAlong(along));
  scene::Light bulb;  // no range: inverse square everywhere
  bulb.intensity = 0.3f;
  const glm::dvec3 position(0.5, 0.5, 0.7);
  addLightNode(q.scene, bulb, glm::vec3(position));
  const auto [dark, lit] =
      expectRadiance(*renderer_, q,
                     {[&](const glm::dvec3&) {
                        return std::pair{-glm::dvec3(along), glm::dvec3(double(sun.intensity))};
                      },
                      [&](const glm::dvec3& p) {
                        const glm::dvec3 toLight = position - p;
                        const double d = glm::length(toLight);
                        return std::pair{toLight / d, glm::dvec3(double(bulb.intensity) / (d * d))};
                      }},
                     glm::dvec3(emissive));
  EXPECT_GT(lit, 20);
}

}  // namespace
}  // namespace vitrine::test
