// An orthographic camera's view rays are parallel: the view vector V of Appendix B is the
// camera's backward axis at every pixel (FrameData::eye with w = 0), not the direction to the
// camera node's position.
#include <algorithm>

#include <glm/gtc/matrix_transform.hpp>

#include "brdf_reference.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

constexpr uint32_t kOrthoSize = 32;
const glm::vec3 kBase(0.7f, 0.5f, 0.3f);
constexpr float kMetallic = 0.5f;
constexpr float kRoughness = 0.35f;  // a narrow highlight: V matters

TEST_F(RendererTest, OrthographicViewVectorIsTheCameraAxis) {
  scene::Scene s;
  const int quad =
      addMeshNode(s, quadPrimitive(addMaterial(s, makePbrMaterial(kBase, kMetallic, kRoughness))));
  s.nodes[quad].scale = glm::vec3(2.0f);
  scene::Light sun;
  sun.type = scene::Light::Type::Directional;
  sun.intensity = 1.5f;
  const glm::dvec3 l = glm::normalize(glm::dvec3(0.3, 0.2, 1.0));  // towards the light
  addLightNode(s, sun, glm::vec3(0.0f), shineAlong(-glm::vec3(l)));
  finish(s);
  renderer_->setScene(s, 0);

  // Looking down -z from (0, 0, 1.5), close to the quad: a perspective eye there would see
  // the quad's corners at 50+ degrees off the axis.
  View view;
  view.eye = glm::vec3(0.0f, 0.0f, 1.5f);
  view.view = glm::lookAt(view.eye, glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  view.projection = glm::ortho(-2.0f, 2.0f, -2.0f, 2.0f, 0.1f, 10.0f);
  view.tonemap = renderer::Tonemap::None;
  view.clearColor = glm::vec4(background(), 1.0f);
  const Pixels pixels = renderer_->renderOffscreen(view, kOrthoSize, kOrthoSize);

  const glm::dvec3 n(0, 0, 1), v(0, 0, 1);
  const glm::dvec3 irradiance(sun.intensity);
  const glm::vec3 expected(
      reflected(appendixB(glm::dvec3(kBase), kMetallic, kRoughness, n, v, l), irradiance, n, l));
  double largestPerspectiveError = 0.0;
  for (int y = 2; y < int(kOrthoSize); y += 4) {
    for (int x = 2; x < int(kOrthoSize); x += 4) {
      EXPECT_TRUE(colorNear(pixelAt(pixels, x, y), expected, 2.0f)) << x << "," << y;
      // What a perspective eye at view.eye would have given here (the defect this guards).
      const glm::dvec3 p((x + 0.5) / kOrthoSize * 4.0 - 2.0, 2.0 - (y + 0.5) / kOrthoSize * 4.0,
                         0.0);
      const glm::dvec3 toEye = glm::normalize(glm::dvec3(view.eye) - p);
      const glm::dvec3 wrong = reflected(
          appendixB(glm::dvec3(kBase), kMetallic, kRoughness, n, toEye, l), irradiance, n, l);
      for (int c = 0; c < 3; ++c)
        largestPerspectiveError =
            std::max(largestPerspectiveError,
                     double(std::abs(srgbByte(float(wrong[c])) - srgbByte(expected[c]))));
    }
  }
  EXPECT_GT(largestPerspectiveError, 6.0) << "the test would not notice a perspective V";
}

}  // namespace
}  // namespace vitrine::test
