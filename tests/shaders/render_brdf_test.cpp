// The analytic BRDF check: a camera-facing (or tilted) quad lit by one directional light,
// no environment, tone mapping None; its centre pixel must be the Appendix B value the test
// computes itself (brdf_reference.h), over a grid of base colours, metallic values (including
// values between 0 and 1), roughness values, light directions and view angles.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

// Small images: one pixel is checked per case, and there are many cases.
constexpr uint32_t kBrdfSize = 16;
// The brightest channel of every expected colour: far from the clamp at 1, bright enough for
// the 8-bit output to resolve small errors.
constexpr double kTargetPeak = 0.8;

struct BrdfCase {
  glm::vec3 baseColor;
  float metallic;
  float roughness;
  float tilt;            // quad rotation about +Y, radians: the view angle
  glm::vec3 lightLocal;  // direction to the light in the quad's frame (normal +z)
};

std::string describe(const BrdfCase& c) {
  std::ostringstream out;
  out << "base (" << c.baseColor.r << ", " << c.baseColor.g << ", " << c.baseColor.b
      << ") metallic " << c.metallic << " roughness " << c.roughness << " tilt " << c.tilt
      << " light (" << c.lightLocal.x << ", " << c.lightLocal.y << ", " << c.lightLocal.z << ")";
  return out.str();
}

// A unit direction `polar` radians from +z, `azimuth` radians around it from +x.
glm::vec3 direction(float polarDegrees, float azimuthDegrees) {
  const float p = glm::radians(polarDegrees), a = glm::radians(azimuthDegrees);
  return {std::sin(p) * std::cos(a), std::sin(p) * std::sin(a), std::cos(p)};
}

std::vector<BrdfCase> cases() {
  const glm::vec3 bases[] = {{0.9f, 0.5f, 0.2f}, {0.1f, 0.6f, 0.8f}};
  const float metallics[] = {0.0f, 0.3f, 0.7f, 1.0f};
  const float roughnesses[] = {0.3f, 0.6f, 1.0f};
  struct Geometry {
    float tilt;
    glm::vec3 light;
  };
  const Geometry geometries[] = {
      {0.0f, direction(0.0f, 0.0f)},                    // light behind the eye
      {0.0f, direction(40.0f, 30.0f)},                  // off to the side
      {glm::radians(35.0f), direction(60.0f, 200.0f)},  // grazing-ish light, tilted view
      {glm::radians(-50.0f), direction(20.0f, 90.0f)},  // oblique view
  };
  std::vector<BrdfCase> out;
  for (const glm::vec3& base : bases)
    for (float metallic : metallics)
      for (float roughness : roughnesses)
        for (const Geometry& g : geometries)
          out.push_back({base, metallic, roughness, g.tilt, g.light});
  return out;
}

TEST_F(RendererTest, CentrePixelMatchesAppendixB) {
  const glm::ivec2 centre(kBrdfSize / 2, kBrdfSize / 2);
  int distinguishable = 0;  // cases where the simplified form would have failed
  const std::vector<BrdfCase> all = cases();
  for (const BrdfCase& c : all) {
    scene::Scene s;
    const int material = addMaterial(s, makePbrMaterial(c.baseColor, c.metallic, c.roughness));
    const int quad = addMeshNode(s, quadPrimitive(material));
    const glm::quat tilt = glm::angleAxis(c.tilt, glm::vec3(0, 1, 0));
    s.nodes[quad].rotation = tilt;
    const int camera = addCameraNode(s, glm::vec3(0.0f, 0.0f, 3.0f));
    const glm::vec3 l = glm::normalize(tilt * c.lightLocal);
    const glm::vec3 n = tilt * glm::vec3(0, 0, 1);
    scene::Light light;
    light.type = scene::Light::Type::Directional;
    const int lightNode = addLightNode(s, light, glm::vec3(0.0f, 0.0f, 5.0f), shineAlong(-l));
    finish(s);

    // What the pixel centre sees, from the camera's view of the quad's plane.
    const View view = cameraView(s, camera, kBrdfSize, kBrdfSize);
    const glm::vec3 p = surfacePoint(view, centre, kBrdfSize, kBrdfSize, glm::vec3(0.0f), n);
    ASSERT_LT(std::max(std::abs(p.x), std::abs(p.y)), 0.9f) << describe(c);  // on the quad
    const glm::dvec3 v = glm::normalize(glm::dvec3(view.eye) - glm::dvec3(p));
    const glm::dvec3 base(c.baseColor);
    const glm::dvec3 unit =
        reflected(appendixB(base, c.metallic, c.roughness, n, v, l), glm::dvec3(1.0), n, l);
    const double peak = std::max({unit.r, unit.g, unit.b});
    ASSERT_GT(peak, 1e-4) << describe(c);
    const float intensity = float(kTargetPeak / peak);
    s.lights[size_t(s.nodes[lightNode].light)].intensity = intensity;
    const glm::dvec3 expected = unit * double(intensity);
    const glm::dvec3 simplified = reflected(
        appendixBSimplified(base, c.metallic, c.roughness, n, v, l), glm::dvec3(intensity), n, l);

    renderer_->setScene(s, 0);
    const Pixels pixels = renderer_->renderOffscreen(view, kBrdfSize, kBrdfSize);
    const glm::u8vec4 actual = pixelAt(pixels, centre.x, centre.y);
    EXPECT_TRUE(colorNear(actual, glm::vec3(expected), 2.0f)) << describe(c);
    if (!colorNear(actual, glm::vec3(simplified), 2.0f)) ++distinguishable;
  }
  // The check has teeth: with 0 < metallic < 1 the simplified form is visibly different.
  EXPECT_GT(distinguishable, int(all.size()) / 10);
}

}  // namespace
}  // namespace vitrine::test
