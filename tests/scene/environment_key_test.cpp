// The environment's key light (scene/environment_key.h): found where a bright disc was painted
// into a panorama, its share of the irradiance against the integral of the image, none in a
// uniform or black panorama, and the studio's key softbox.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "environment_image.h"
#include "environment_key.h"

namespace vitrine::test {
namespace {

using scene::EnvironmentImage;
using scene::EnvironmentKey;
using scene::findEnvironmentKey;

constexpr float kPi = std::numbers::pi_v<float>;

float degrees(float radians) {
  return radians * 180.0f / kPi;
}

float angleBetween(const glm::vec3& a, const glm::vec3& b) {
  return std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0f, 1.0f));
}

// A 512 x 256 panorama of grey `ambient` with a disc of `radiance` and angular `radius` around
// `centre` (pixels whose centre lies within it).
EnvironmentImage disc(const glm::vec3& centre, float radius, float radiance, float ambient) {
  EnvironmentImage image;
  image.width = 512;
  image.height = 256;
  image.name = "disc";
  image.rgb.resize(size_t(image.width) * image.height * 3);
  const glm::vec3 c = glm::normalize(centre);
  for (uint32_t j = 0; j < image.height; ++j)
    for (uint32_t i = 0; i < image.width; ++i) {
      const glm::vec3 d = scene::equirectDirection((float(i) + 0.5f) / float(image.width),
                                                   (float(j) + 0.5f) / float(image.height));
      const float value = angleBetween(d, c) <= radius ? radiance : ambient;
      for (int k = 0; k < 3; ++k) image.rgb[(size_t(j) * image.width + i) * 3 + k] = value;
    }
  return image;
}

TEST(EnvironmentKey, ABrightDiscIsTheKeyAtItsCentre) {
  const glm::vec3 centre(0.3f, 0.8f, -0.5f);
  const float radius = 12.0f * kPi / 180.0f;
  const EnvironmentKey key = findEnvironmentKey(disc(centre, radius, 10.0f, 0.1f));
  ASSERT_TRUE(key.found);
  EXPECT_LT(degrees(angleBetween(key.direction, centre)), 1.5f);
  EXPECT_NEAR(glm::length(key.direction), 1.0f, 1e-5f);
  EXPECT_NEAR(degrees(key.angularRadius), 12.0f, 3.0f);
  // A disc of radiance L and radius a seen face-on gives L pi sin^2 a; the grey rest of the
  // upper hemisphere ambient pi (1 - sin^2 a).
  const float s2 = std::sin(radius) * std::sin(radius);
  const float discIrradiance = 10.0f * kPi * s2;
  EXPECT_NEAR(key.irradiance, discIrradiance, 0.06f * discIrradiance);
  EXPECT_NEAR(key.share, discIrradiance / (discIrradiance + 0.1f * kPi * (1.0f - s2)), 0.04f);
}

TEST(EnvironmentKey, ASunBelowTheHorizonIsFoundToo) {
  const glm::vec3 centre(-0.7f, -0.2f, 0.6f);
  const EnvironmentKey key = findEnvironmentKey(disc(centre, 4.0f * kPi / 180.0f, 200.0f, 0.5f));
  ASSERT_TRUE(key.found);
  EXPECT_LT(degrees(angleBetween(key.direction, centre)), 2.0f);
  EXPECT_LT(degrees(key.angularRadius), 6.0f);
}

TEST(EnvironmentKey, AUniformOrBlackPanoramaHasNone) {
  EXPECT_FALSE(findEnvironmentKey(disc({0, 1, 0}, 0.0f, 1.0f, 1.0f)).found);
  EXPECT_FALSE(findEnvironmentKey(disc({0, 1, 0}, 0.0f, 0.0f, 0.0f)).found);
  // A faint disc, less than twice as bright as the rest, is not a key either.
  EXPECT_FALSE(findEnvironmentKey(disc({0, 1, 0}, 0.3f, 1.5f, 1.0f)).found);
  EXPECT_FALSE(findEnvironmentKey(EnvironmentImage{}).found);
}

TEST(EnvironmentKey, TheStudiosKeyIsItsKeySoftbox) {
  // environment_image.cpp: the key softbox, front-left and above, centred on this direction.
  const EnvironmentKey key = findEnvironmentKey(scene::studioEnvironment());
  ASSERT_TRUE(key.found);
  EXPECT_LT(degrees(angleBetween(key.direction, glm::vec3(-0.55f, 0.55f, 0.62f))), 6.0f);
  EXPECT_GT(key.share, 0.2f);
  EXPECT_LT(key.share, 0.9f);
}

}  // namespace
}  // namespace vitrine::test
