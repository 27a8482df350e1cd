// KHR_node_visibility in the renderer: a hidden node's draws disappear, with its whole
// subtree, and come back when it is shown again, through the same Region::Visibility dirty
// range an animation marks; a hidden node's light goes dark. Also the frame statistics the
// viewer shows: draw calls, triangles and the GPU time from timestamp queries.
#include <cstddef>

#include "dirty.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

const glm::vec3 kRed{0.8f, 0.1f, 0.1f}, kGreen{0.1f, 0.7f, 0.2f}, kBlue{0.1f, 0.2f, 0.9f};

// Writes Node::visible as an animation channel or the outliner's eye does: the slot's float
// (0 or 1) and its byte range in Region::Visibility (object_model.h: element * sizeof(Node)
// + member offset, which the pointer difference gives without offsetof on a non-POD type).
void setVisible(scene::Scene& s, int node, bool visible, scene::DirtySet& dirty) {
  s.nodes[node].visible = visible ? 1.0f : 0.0f;
  const auto offset = reinterpret_cast<const char*>(&s.nodes[node].visible) -
                      reinterpret_cast<const char*>(s.nodes.data());
  dirty[scene::Region::Visibility].mark(uint32_t(offset), sizeof(float));
  dirty.coalesce();
}

// Three unlit quads in a row: red parent at x = -2.5, its green child at x = 0 (translated
// by the parent), a blue root at x = 2.5.
struct Row {
  scene::Scene scene;
  int parent = -1, child = -1, other = -1;
};

Row row() {
  Row r;
  scene::Scene& s = r.scene;
  r.parent =
      addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({kRed, 1.0f}))), {-2.5f, 0, 0});
  r.child = addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({kGreen, 1.0f}))),
                        {2.5f, 0, 0});
  s.nodes[r.child].parent = r.parent;
  s.nodes[r.parent].children.push_back(r.child);
  r.other =
      addMeshNode(s, quadPrimitive(addMaterial(s, makeUnlitMaterial({kBlue, 1.0f}))), {2.5f, 0, 0});
  finish(s);
  return r;
}

class VisibilityTest : public RendererTest {
 protected:
  Pixels render() { return renderer_->renderOffscreen(view_, kSize, kSize); }
  glm::u8vec4 at(const Pixels& p, float x) {
    const glm::ivec2 c = project(view_, glm::vec3(x, 0, 0), kSize, kSize);
    return pixelAt(p, c.x, c.y);
  }
  void apply(const scene::Scene& s) {
    renderer_->applyChanges(s, dirty_);
    dirty_.clear();
  }

  View view_ = orbitView({0, 0, 8}, {0, 0, 0}, kSize, kSize);
  scene::DirtySet dirty_;
};

TEST_F(VisibilityTest, HiddenNodeAndItsSubtreeAreNotDrawnAndComeBackWhenShown) {
  Row r = row();
  renderer_->setScene(r.scene, 0);
  Pixels p = render();
  EXPECT_TRUE(colorNear(at(p, -2.5f), kRed));
  EXPECT_TRUE(colorNear(at(p, 0.0f), kGreen));
  EXPECT_TRUE(colorNear(at(p, 2.5f), kBlue));
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 3u);
  EXPECT_EQ(renderer_->lastDrawStats().triangles, 6u);

  // The child alone.
  setVisible(r.scene, r.child, false, dirty_);
  apply(r.scene);
  p = render();
  EXPECT_TRUE(colorNear(at(p, -2.5f), kRed));
  EXPECT_TRUE(colorNear(at(p, 0.0f), background()));
  EXPECT_TRUE(colorNear(at(p, 2.5f), kBlue));
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 2u);

  // Shown again, then the parent hidden: the child goes with it although its own flag is 1.
  setVisible(r.scene, r.child, true, dirty_);
  apply(r.scene);
  p = render();
  EXPECT_TRUE(colorNear(at(p, 0.0f), kGreen));
  setVisible(r.scene, r.parent, false, dirty_);
  apply(r.scene);
  p = render();
  EXPECT_TRUE(colorNear(at(p, -2.5f), background()));
  EXPECT_TRUE(colorNear(at(p, 0.0f), background()));
  EXPECT_TRUE(colorNear(at(p, 2.5f), kBlue));
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 1u);
  EXPECT_EQ(renderer_->lastDrawStats().triangles, 2u);

  // The parent shown: both back.
  setVisible(r.scene, r.parent, true, dirty_);
  apply(r.scene);
  p = render();
  EXPECT_TRUE(colorNear(at(p, -2.5f), kRed));
  EXPECT_TRUE(colorNear(at(p, 0.0f), kGreen));
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 3u);
}

TEST_F(VisibilityTest, NodeHiddenInTheFileIsNotDrawn) {
  Row r = row();
  r.scene.nodes[r.parent].visible = 0.0f;  // as the loader reads "visible": false
  renderer_->setScene(r.scene, 0);
  const Pixels p = render();
  EXPECT_TRUE(colorNear(at(p, -2.5f), background()));
  EXPECT_TRUE(colorNear(at(p, 0.0f), background()));
  EXPECT_TRUE(colorNear(at(p, 2.5f), kBlue));
}

TEST_F(VisibilityTest, HiddenLightGivesNoLight) {
  scene::Scene s;
  const int quad =
      addMeshNode(s, quadPrimitive(addMaterial(s, makePbrMaterial(glm::vec3(0.8f), 0.0f, 0.7f))));
  scene::Light sun;
  sun.type = scene::Light::Type::Directional;
  sun.intensity = 2.0f;
  const int light = addLightNode(s, sun, glm::vec3(0, 0, 2));  // shines down -Z onto the quad
  finish(s);
  renderer_->setScene(s, 0);
  Pixels p = render();
  const glm::u8vec4 lit = at(p, 0.0f);
  EXPECT_GT(int(lit.r), 60);

  setVisible(s, light, false, dirty_);
  apply(s);
  p = render();
  EXPECT_TRUE(colorNear(at(p, 0.0f), glm::vec3(0.0f))) << "no environment, no light: black";
  // Hiding the light hides nothing else: the quad is still drawn (black, not the background).
  EXPECT_EQ(renderer_->lastDrawStats().drawCalls, 1u);
  EXPECT_LT(quad, light);

  setVisible(s, light, true, dirty_);
  apply(s);
  p = render();
  EXPECT_EQ(at(p, 0.0f), lit);
}

TEST_F(VisibilityTest, GpuTimeIsMeasuredFromTimestamps) {
  Row r = row();
  renderer_->setScene(r.scene, 0);
  EXPECT_EQ(renderer_->lastGpuMilliseconds(), 0.0);
  for (int i = 0; i < 3; ++i) render();
  const double ms = renderer_->lastGpuMilliseconds();
  EXPECT_GT(ms, 0.0);
  EXPECT_LT(ms, 10000.0);  // ticks scaled by timestampPeriod, not raw ticks
}

}  // namespace
}  // namespace vitrine::test
