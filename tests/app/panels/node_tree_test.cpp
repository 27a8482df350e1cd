// The outliner's tree without a window: rows in scene order with depths, child counts,
// badges, names and the hidden state an ancestor passes down.
#include <gtest/gtest.h>

#include "common/asset_builder.h"
#include "document.h"
#include "node_tree.h"

namespace vitrine::app {
namespace {

TEST(NodeTree, RowsFollowTheSceneWithDepthsBadgesAndHiddenAncestors) {
  test::AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  b.json()["extensions"]["KHR_lights_punctual"]["lights"] = {{{"type", "point"}}};
  b.json()["extensionsUsed"] = {"KHR_lights_punctual", "KHR_node_visibility"};
  const int camera = b.addPerspectiveCamera(0.8f, 0.1f);
  const int leaf = b.addNode({{"name", "Leaf"}, {"mesh", quad}});                           // 0
  const int lamp = b.addNode({{"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});  // 1
  const int group =                                                                         // 2
      b.addNode({{"name", "Group"},
                 {"children", {lamp, leaf}},
                 {"extensions", {{"KHR_node_visibility", {{"visible", false}}}}}});
  const int eye = b.addNode({{"name", "Eye"}, {"camera", camera}});  // 3
  const int root = b.addNode({{"name", "Root"}, {"mesh", quad}, {"children", {group, eye}}});
  const int other = b.addMeshNode(quad);  // 5, in the second scene only
  b.addScene({root});
  b.addScene({other});
  b.json()["scenes"][1]["name"] = "Second";
  DocumentResult r = loadDocument(b.writeGltf("inspect_node_tree"));
  ASSERT_TRUE(r.document) << r.error;
  const scene::Scene& s = *r.document->scene;

  const std::vector<TreeRow> rows = buildNodeTree(s, 0);
  ASSERT_EQ(rows.size(), 5u);
  const uint32_t order[] = {uint32_t(root), uint32_t(group), uint32_t(lamp), uint32_t(leaf),
                            uint32_t(eye)};
  const uint32_t depths[] = {0, 1, 2, 2, 1};
  const uint32_t children[] = {2, 2, 0, 0, 0};
  const uint8_t badges[] = {kBadgeMesh, 0, kBadgeLight, kBadgeMesh, kBadgeCamera};
  const bool hidden[] = {false, true, false, false, false};
  const bool under[] = {false, false, true, true, false};
  for (size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(rows[i].node, order[i]);
    EXPECT_EQ(rows[i].depth, depths[i]);
    EXPECT_EQ(rows[i].children, children[i]);
    EXPECT_EQ(rows[i].badges, badges[i]);
    EXPECT_EQ(rows[i].hidden, hidden[i]);
    EXPECT_EQ(rows[i].underHidden, under[i]);
  }
  EXPECT_EQ(nodeLabel(s, uint32_t(group)), "Group");
  EXPECT_EQ(nodeLabel(s, uint32_t(lamp)), "Node 1");
  EXPECT_EQ(sceneLabel(s, 0), "Scene 0");
  EXPECT_EQ(sceneLabel(s, 1), "Second");

  const std::vector<TreeRow> second = buildNodeTree(s, 1);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].node, uint32_t(other));
  EXPECT_TRUE(buildNodeTree(s, 2).empty());
  EXPECT_TRUE(buildNodeTree(s, -1).empty());
}

TEST(NodeTree, BadgeWords) {
  EXPECT_EQ(badgeText(0), "");
  EXPECT_EQ(badgeText(kBadgeMesh | kBadgeSkin), "mesh skin");
  EXPECT_EQ(badgeText(kBadgeCamera | kBadgeLight), "camera light");
  EXPECT_EQ(badgeText(kBadgeJoint), "joint");
  EXPECT_EQ(badgeText(kBadgeMesh | kBadgeInstanced), "mesh instanced");
  EXPECT_EQ(badgeText(kBadgeMesh | kBadgeSplats), "mesh splats");
}

// KHR_gaussian_splatting: a node whose mesh has a splat primitive is badged "splats".
TEST(NodeTree, SplatMeshesAreBadged) {
  scene::Scene s;
  s.meshes.resize(2);
  s.meshes[0].primitives.resize(1);
  s.meshes[1].primitives.resize(2);
  s.meshes[1].primitives[1].splats = std::make_shared<scene::SplatCloud>();
  s.nodes.resize(2);
  s.nodes[0].mesh = 0;
  s.nodes[1].mesh = 1;
  s.scenes.push_back({"", {0, 1}});
  const std::vector<TreeRow> rows = buildNodeTree(s, 0);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].badges, kBadgeMesh);
  EXPECT_EQ(rows[1].badges, kBadgeMesh | kBadgeSplats);
}

// simple_skin: node 0 holds the skinned mesh, nodes 1 and 2 are its skin's joints.
TEST(NodeTree, JointsAreBadged) {
  DocumentResult r = loadDocument(VITRINE_MODELS_DIR "/simple_skin/simple_skin.gltf");
  ASSERT_TRUE(r.document) << r.error;
  const std::vector<TreeRow> rows = buildNodeTree(*r.document->scene, 0);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].badges, kBadgeMesh | kBadgeSkin);
  EXPECT_EQ(rows[1].badges, kBadgeJoint);
  EXPECT_EQ(rows[2].badges, kBadgeJoint);
}

}  // namespace
}  // namespace vitrine::app
