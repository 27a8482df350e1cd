// EXT_mesh_gpu_instancing drawn (shared/spec/extensions/EXT_mesh_gpu_instancing.md): each
// instance where NodeWorldXform * InstanceXform puts it, one instanced draw per primitive and
// winding, mirroring instances drawn with their faces the right way round, normals turned by
// the instance's rotation; validation on.
#include <cmath>
#include <numbers>

#include <glm/gtc/quaternion.hpp>

#include "anim/bind_test_util.h"
#include "channel_scene.h"
#include "render_fixture.h"

namespace vitrine::test {
namespace {

using nlohmann::json;

const glm::vec3 kRed(0.8f, 0.1f, 0.1f);
constexpr float kHalf = 0.4f;  // instances are scaled to 0.8-unit quads

// An unlit, single-sided quad (addColoredQuad: corners (+-1, +-1, 0), facing +z) on node 0,
// moved by (0, 0.5, 0), instanced three times: at x = -2 (turned 45 degrees about +y), x = 0, and
// x = 2 mirrored (SCALE x negative).
AssetBuilder instancedAsset() {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({kRed, 1.0f});
  b.json()["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
  const glm::quat turn = glm::angleAxis(std::numbers::pi_v<float> / 4, glm::vec3(0, 1, 0));
  const int t = b.addVec3({{-2, 0, 0}, {0, 0, 0}, {2, 0, 0}});
  const int r = b.addVec4({{turn.x, turn.y, turn.z, turn.w}, {0, 0, 0, 1}, {0, 0, 0, 1}});
  const int s = b.addVec3({glm::vec3(kHalf), glm::vec3(kHalf), {-kHalf, kHalf, kHalf}});
  const int node = b.addNode({{"mesh", mesh}, {"translation", {0, 0.5, 0}}});
  b.json()["nodes"][node]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = {
      {"TRANSLATION", t}, {"ROTATION", r}, {"SCALE", s}};
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "EXT_mesh_gpu_instancing"};
  b.json()["extensionsRequired"] = {"EXT_mesh_gpu_instancing"};
  b.addScene({node});
  return b;
}

class InstancingTest : public RendererTest {
 protected:
  void SetUp() override {
    RendererTest::SetUp();
    bound_ = anim::test::bindAsset(instancedAsset());
    ASSERT_TRUE(bound_.scene) << bound_.error;
    ASSERT_EQ(bound_.result.warnings, std::vector<std::string>{});
    ASSERT_TRUE(renderer_->setScene(*bound_.scene, 0).shown);
  }
  anim::test::Bound bound_;
  const View view_ = orbitView({0, 0.5f, 6}, {0, 0.5f, 0}, kSize, kSize);
};

TEST_F(InstancingTest, EachInstanceIsDrawnWhereItsTransformPutsIt) {
  const Pixels p = renderer_->renderOffscreen(view_, kSize, kSize);
  // Each instance's centre, and a point 0.3 units right of it inside its quad (turned: its x
  // shrinks by cos 45 degrees), are red; halfway between instances is background.
  for (const float x : {-2.0f, 0.0f, 2.0f}) {
    for (const float dx : {0.0f, 0.3f}) {
      const float along = x == -2.0f ? dx * std::cos(std::numbers::pi_v<float> / 4) : dx;
      const glm::ivec2 at = project(view_, {x + along, 0.5f + 0.2f, 0}, kSize, kSize);
      EXPECT_TRUE(colorNear(pixelAt(p, at.x, at.y), kRed, 4.0f)) << x << " + " << dx;
    }
    const glm::ivec2 gap = project(view_, {x + 1.0f, 0.5f, 0}, kSize, kSize);
    EXPECT_TRUE(colorNear(pixelAt(p, gap.x, gap.y), background())) << "right of " << x;
  }
  // Outside a quad's half-size of 0.4 (the SCALE applied): background.
  const glm::ivec2 above = project(view_, {0, 0.5f + 0.55f, 0}, kSize, kSize);
  EXPECT_TRUE(colorNear(pixelAt(p, above.x, above.y), background()));
  // One draw for the two instances that keep the winding, one for the mirrored one.
  const renderer::DrawStats stats = renderer_->lastDrawStats();
  EXPECT_EQ(stats.drawCalls, 2u);
  EXPECT_EQ(stats.instances, 3u);
  EXPECT_EQ(stats.triangles, 6u);
}

// The geometry-normal channel: the turned instance's normal is turned with it, the mirrored
// one's still faces the eye (+z), as does the plain one's.
TEST_F(InstancingTest, NormalsTurnWithTheirInstance) {
  View v = view_;
  v.channel = gpu::kChannelGeometryNormal;
  const Pixels p = renderer_->renderOffscreen(v, kSize, kSize);
  const float s = std::sin(std::numbers::pi_v<float> / 4);
  const std::pair<float, glm::vec3> expected[] = {
      {-2.0f, {s, 0, s}}, {0.0f, {0, 0, 1}}, {2.0f, {0, 0, 1}}};
  for (const auto& [x, normal] : expected) {
    const glm::ivec2 at = project(view_, {x, 0.5f, 0}, kSize, kSize);
    EXPECT_TRUE(channels::channelNear(gpu::kChannelGeometryNormal, pixelAt(p, at.x, at.y),
                                      (glm::dvec3(normal) + 1.0) / 2.0, 2.0f))
        << "instance at x = " << x;
  }
}

// The wireframe overlay draws every instance's edges too.
TEST_F(InstancingTest, TheWireframeCoversEveryInstance) {
  View v = view_;
  v.wireframe = true;
  const Pixels p = renderer_->renderOffscreen(v, kSize, kSize);
  EXPECT_EQ(renderer_->lastDrawStats().wireframeDraws, 2u);
  // The top edge (y = 0.5 + 0.4) of each instance, mirrored or not, has a wire pixel within
  // one pixel of where it projects; the plain picture has none there.
  const auto wireNear = [](const Pixels& pixels, glm::ivec2 at) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (colorNear(pixelAt(pixels, at.x + dx, at.y + dy), gpu::kWireframeColor, 1.0f))
          return true;
    return false;
  };
  const Pixels plain = renderer_->renderOffscreen(view_, kSize, kSize);
  for (const float x : {0.0f, 2.0f}) {
    const glm::ivec2 at = project(view_, {x, 0.5f + kHalf, 0}, kSize, kSize);
    EXPECT_TRUE(wireNear(p, at)) << "top edge of the instance at x = " << x;
    EXPECT_FALSE(wireNear(plain, at)) << x;
  }
}

}  // namespace
}  // namespace vitrine::test
