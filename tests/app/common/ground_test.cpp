// The ground's placement (app/common/ground.h): at the lowest point the asset reaches over its
// whole animation, not just the pose it is shown in, and the pose put back afterwards; when each
// mode draws it.
#include <cmath>

#include <gtest/gtest.h>

#include "anim/bind_test_util.h"
#include "cli.h"
#include "document.h"
#include "ground.h"

namespace vitrine::app {
namespace {

using nlohmann::json;
using test::AssetBuilder;

// A 2x2 quad (x, y in [-1, 1], z = 0) whose node drops from y = 0 at t = 0 to y = -2 at t = 1
// while its material turns from red to blue, in one clip.
std::string jumpingQuad() {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  const int times = anim::test::addTimes(b, {0.0f, 1.0f});
  const int drop = b.addFloats({0, 0, 0, 0, -2, 0}, "VEC3");
  const int colour = b.addFloats({1, 0, 0, 1, 0, 0, 1, 1}, "VEC4");
  b.json()["animations"] = json::array(
      {{{"samplers", {anim::test::sampler(times, drop), anim::test::sampler(times, colour)}},
        {"channels",
         {anim::test::coreChannel(0, 0, "translation"),
          anim::test::pointerChannel(1, "/materials/0/pbrMetallicRoughness/baseColorFactor")}}}});
  b.json()["extensionsUsed"] = {"KHR_animation_pointer"};
  return b.writeGltf("ground_jumping_quad");
}

TEST(Ground, IsPlacedAtTheLowestPointOfTheWholeAnimationAndLeavesThePose) {
  DocumentResult r = loadDocument(jumpingQuad());
  ASSERT_TRUE(r.document) << r.error;
  Document& doc = *r.document;
  ASSERT_EQ(doc.animations->clips().size(), 1u);
  scene::DirtySet dirty;
  doc.animations->evaluate(0.25f, {true}, dirty);  // shown a quarter of the way down
  const scene::Scene& s = *doc.scene;
  ASSERT_FLOAT_EQ(s.nodes[0].translation.y, -0.5f);

  const renderer::View::Ground g = placeGround(*doc.scene, *doc.animations);
  EXPECT_FALSE(g.enabled);  // the caller's choice
  // Lowest: the quad's bottom edge (-1) at the clip's end (-2): -3, not the shown pose's -1.5.
  EXPECT_NEAR(g.height, -3.0f, 1e-5f);
  EXPECT_NEAR(g.center.x, 0.0f, 1e-5f);
  EXPECT_NEAR(g.center.y, 0.0f, 1e-5f);
  // The diagonal of the bounds over the whole range: x [-1, 1], y [-3, 1], z 0.
  EXPECT_NEAR(g.radius, std::sqrt(4.0f + 16.0f), 1e-4f);
  // The contact shadow reaches a fifth of the radius above it.
  EXPECT_NEAR(g.contactHeight, 0.2f * std::sqrt(4.0f + 16.0f), 1e-4f);

  // The pose it came in: the node, its world matrix, the animated material.
  EXPECT_FLOAT_EQ(s.nodes[0].translation.y, -0.5f);
  EXPECT_FLOAT_EQ(s.world[0][3].y, -0.5f);
  EXPECT_EQ(s.materialData[0].baseColorFactor, glm::vec4(0.75f, 0.0f, 0.25f, 1.0f));
}

TEST(Ground, AnAssetWithoutAnimationStandsOnItsLowestPoint) {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 1, 1, 1}), glm::vec3(3.0f, 2.0f, 0.0f))});
  DocumentResult r = loadDocument(b.writeGltf("ground_still_quad"));
  ASSERT_TRUE(r.document) << r.error;
  const renderer::View::Ground g = placeGround(*r.document->scene, *r.document->animations);
  EXPECT_NEAR(g.height, 1.0f, 1e-5f);
  EXPECT_NEAR(g.center.x, 3.0f, 1e-5f);
  EXPECT_NEAR(g.radius, std::sqrt(8.0f), 1e-4f);
}

TEST(Ground, OnInTheWindowAndThumbnailsOffInTheOtherBatchModesUnlessAsked) {
  const CliOptions plain = parseCommandLine({"model.glb"}).options;
  EXPECT_TRUE(plain.ground);                 // the window, thumbnails
  EXPECT_FALSE(groundWanted(plain, false));  // --render, --frames, --turntable
  const CliResult on = parseCommandLine({"model.glb", "--render", "o.png", "--ground", "on"});
  ASSERT_EQ(on.error, "");
  EXPECT_TRUE(groundWanted(on.options, false));
  const CliResult off = parseCommandLine({"model.glb", "--ground", "off"});
  ASSERT_EQ(off.error, "");
  EXPECT_FALSE(off.options.ground);
  EXPECT_EQ(parseCommandLine({"model.glb", "--ground", "maybe"}).error,
            "--ground maybe: expected on or off");
  EXPECT_EQ(parseCommandLine({"model.glb", "--check", "--ground", "off"}).error,
            "--check renders nothing: no --ground");
}

}  // namespace
}  // namespace vitrine::app
