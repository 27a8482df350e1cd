// Points and lines (no normals: shown in their base colour).
#include "render_fixture.h"

namespace vitrine::test {
namespace {

scene::Scene listScene(scene::Topology topology, std::vector<glm::vec3> positions) {
  scene::Scene s;
  scene::Primitive p;
  p.topology = topology;
  p.positions = std::move(positions);
  for (uint32_t i = 0; i < p.positions.size(); ++i) p.indices.push_back(i);
  for (const glm::vec3& v : p.positions) p.bounds.extend(v);
  p.material = addMaterial(s, makeMaterial(glm::vec4(1.0f, 0.9f, 0.2f, 1.0f)));
  addMeshNode(s, std::move(p));
  finish(s);
  return s;
}

TEST_F(RendererTest, PointsRenderWhereTheyAre) {
  const std::vector<glm::vec3> points = {{-0.5f, 0.5f, 0.0f}, {0.5f, -0.25f, 0.0f}};
  renderer_->setScene(listScene(scene::Topology::Points, points), 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  for (const glm::vec3& point : points)
    EXPECT_TRUE(differsNear(p, project(view, point, kSize, kSize), 1, background()));
  EXPECT_FALSE(differsNear(p, project(view, glm::vec3(0.0f), kSize, kSize), 3, background()));
}

TEST_F(RendererTest, LinesRenderWhereTheyAre) {
  const std::vector<glm::vec3> segments = {
      {-0.8f, 0.5f, 0.0f}, {0.8f, 0.5f, 0.0f}, {-0.5f, -0.8f, 0.0f}, {-0.5f, -0.2f, 0.0f}};
  renderer_->setScene(listScene(scene::Topology::Lines, segments), 0);
  const View view = orbitView(glm::vec3(0, 0, 3), glm::vec3(0.0f), kSize, kSize);
  const Pixels p = renderer_->renderOffscreen(view, kSize, kSize);
  EXPECT_TRUE(
      differsNear(p, project(view, glm::vec3(0.0f, 0.5f, 0.0f), kSize, kSize), 1, background()));
  EXPECT_TRUE(
      differsNear(p, project(view, glm::vec3(-0.5f, -0.5f, 0.0f), kSize, kSize), 1, background()));
  EXPECT_FALSE(
      differsNear(p, project(view, glm::vec3(0.4f, -0.3f, 0.0f), kSize, kSize), 3, background()));
}

}  // namespace
}  // namespace vitrine::test
