// SceneHost: the Object Model a graph reads and writes in Vitrine, on an asset the loader
// reads. A write goes through the same slot and dirty range as an animation (so the renderer
// uploads only what changed), read-only properties answer their values, the world matrices
// follow a moved parent, and picking honours selectability and hoverability through the
// ancestors.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "animation.h"
#include "asset_builder.h"
#include "gltf_document.h"
#include "loader.h"
#include "scene.h"
#include "scene_host.h"

namespace vitrine::interact::test {
namespace {

using nlohmann::json;
using vitrine::test::AssetBuilder;

// Node 0 (parent, at x = 2) holds node 1, a quad facing +Z at z = 0 with material 0; node 2 a
// second quad, behind, at z = -1.
struct Loaded {
  std::unique_ptr<scene::Scene> scene;
  std::shared_ptr<scene::GltfDocument> document;
  std::unique_ptr<anim::Animations> animations;
  std::unique_ptr<SceneHost> host;
};

Loaded load(const std::function<void(AssetBuilder&)>& edit = {}) {
  AssetBuilder b;
  const int front = b.addColoredQuad({1, 0, 0, 1});
  const int back = b.addColoredQuad({0, 1, 0, 1});
  const int child = b.addMeshNode(front);
  const int parent = b.addNode({{"translation", {2, 0, 0}}, {"children", {child}}});
  const int behind = b.addMeshNode(back, {0, 0, -1});
  b.addScene({parent, behind});
  if (edit) edit(b);
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  scene::LoadResult r = scene::loadScene(b.writeGlb(std::string("interact_host_") + info->name()));
  EXPECT_TRUE(r.scene) << r.error;
  Loaded out;
  out.scene = std::move(r.scene);
  out.document = std::move(r.document);
  out.animations = anim::bindAnimations(*out.scene, *out.document).animations;
  out.host = std::make_unique<SceneHost>(*out.scene, *out.document, *out.animations);
  return out;
}

TEST(SceneHost, WritesMarkTheSameDirtyRangeAnAnimationWould) {
  Loaded a = load();
  // Node indices: AssetBuilder added the child (0) first, then the parent (1), then node 2.
  const Property colour = a.host->resolve("/materials/0/pbrMetallicRoughness/baseColorFactor");
  ASSERT_GE(colour.id, 0);
  EXPECT_EQ(colour.type, Type::Float4);
  EXPECT_TRUE(colour.writable);
  const double blue[4] = {0, 0, 1, 1};
  a.host->set(colour.id, makeFloats(Type::Float4, blue));
  const scene::DirtySet& dirty = a.host->dirty();
  ASSERT_EQ(dirty[scene::Region::Materials].ranges().size(), 1u);
  EXPECT_EQ(dirty[scene::Region::Materials].ranges()[0].size, 16u);  // 4 floats, nothing else
  Value read;
  read.type = Type::Float4;
  a.host->get(colour.id, read);
  EXPECT_EQ(read.f[2], 1.0);
  // The same value again marks nothing (style lesson 5).
  a.host->dirty().clear();
  a.host->set(colour.id, makeFloats(Type::Float4, blue));
  EXPECT_TRUE(a.host->dirty().empty());
}

TEST(SceneHost, AMovedParentMovesItsChildsGlobalMatrix) {
  Loaded a = load();
  const Property translation = a.host->resolve("/nodes/1/translation");
  const Property global = a.host->resolve("/nodes/0/globalMatrix");
  ASSERT_GE(global.id, 0);
  EXPECT_EQ(global.type, Type::Float4x4);
  EXPECT_FALSE(global.writable);  // "globalMatrix" is read-only
  Value m;
  m.type = Type::Float4x4;
  a.host->get(global.id, m);
  EXPECT_EQ(m.f[12], 2.0);  // column-major: the translation is elements 12..14
  const double to[3] = {5, 0, 0};
  a.host->set(translation.id, makeFloats(Type::Float3, to));
  a.host->finishTick();
  a.host->get(global.id, m);
  EXPECT_EQ(m.f[12], 5.0);
  EXPECT_FALSE(a.host->dirty().worldMatrices.empty());
}

TEST(SceneHost, ReadOnlyPropertiesAnswerTheirValues) {
  Loaded a = load();
  const auto intOf = [&](const char* pointer) {
    const Property p = a.host->resolve(pointer);
    EXPECT_GE(p.id, 0) << pointer;
    EXPECT_EQ(p.type, Type::Int) << pointer;
    EXPECT_FALSE(p.writable) << pointer;
    Value v;
    v.type = Type::Int;
    a.host->get(p.id, v);
    return v.i;
  };
  EXPECT_EQ(intOf("/nodes.length"), 3);
  EXPECT_EQ(intOf("/nodes/1/children.length"), 1);
  EXPECT_EQ(intOf("/nodes/1/children/0"), 0);
  EXPECT_EQ(intOf("/nodes/0/parent"), 1);
  EXPECT_EQ(intOf("/nodes/0/mesh"), 0);
  EXPECT_EQ(intOf("/extensions/KHR_interactivity/asset/majorVersion"), 2);
  EXPECT_EQ(a.host->resolve("/nodes/9/translation").id, -1);
  EXPECT_EQ(a.host->arrayLength("/nodes"), 3u);
  EXPECT_EQ(a.host->arrayLength("/nodes/1/children"), 1u);
  EXPECT_EQ(a.host->parentOf(0), 1);
  EXPECT_EQ(a.host->parentOf(1), -1);
}

TEST(SceneHost, PickingSkipsWhatIsNotSelectableThroughAnAncestor) {
  // A ray down -Z through x = 2 crosses the child's quad (z = 0) and then node 2's (z = -1).
  Loaded a = load([](AssetBuilder& b) {
    b.json()["nodes"][2]["translation"] = {2, 0, -1};
    b.json()["nodes"][1]["extensions"]["KHR_node_selectability"]["selectable"] = false;
    b.json()["extensionsUsed"] = {"KHR_node_selectability", "KHR_node_hoverability"};
  });
  const double origin[3] = {2, 0, 5}, down[3] = {0, 0, -1};
  ObjectModelHost::Hit hit;
  // KHR_node_selectability: the parent's false makes the child unselectable too.
  ASSERT_TRUE(a.host->pick(origin, down, false, &hit));
  EXPECT_EQ(hit.node, 2u);
  EXPECT_DOUBLE_EQ(hit.point[2], -1.0);
  // Hoverability is its own flag: the child is hoverable, the nearest hit.
  ASSERT_TRUE(a.host->pick(origin, down, true, &hit));
  EXPECT_EQ(hit.node, 0u);
  // The flag is a property a graph may set.
  const Property flag = a.host->resolve("/nodes/1/extensions/KHR_node_selectability/selectable");
  ASSERT_GE(flag.id, 0);
  EXPECT_TRUE(flag.writable);
  a.host->set(flag.id, makeBool(true));
  ASSERT_TRUE(a.host->pick(origin, down, false, &hit));
  EXPECT_EQ(hit.node, 0u);
}

TEST(SceneHost, RestoreWritesBackTheStateAfterLoadingAndMarksItAll) {
  // What the window's Reset relies on (issue 34): every value the graph wrote goes back, the
  // renderer is told (the regions dirty, the nodes moved, their world matrices recomputed),
  // and the slots the graph wrote are forgotten.
  Loaded a = load([](AssetBuilder& b) {
    b.json()["nodes"][1]["extensions"]["KHR_node_selectability"]["selectable"] = false;
    b.json()["extensionsUsed"] = {"KHR_node_selectability"};
  });
  const Property colour = a.host->resolve("/materials/0/pbrMetallicRoughness/baseColorFactor");
  const Property move = a.host->resolve("/nodes/1/translation");
  const Property flag = a.host->resolve("/nodes/1/extensions/KHR_node_selectability/selectable");
  ASSERT_GE(colour.id, 0);
  ASSERT_GE(move.id, 0);
  ASSERT_GE(flag.id, 0);
  const double blue[4] = {0, 0, 1, 1}, far[3] = {7, 0, 0};
  a.host->set(colour.id, makeFloats(Type::Float4, blue));
  a.host->set(move.id, makeFloats(Type::Float3, far));
  a.host->set(colour.id, makeFloats(Type::Float4, blue));  // unchanged: listed once
  a.host->set(flag.id, makeBool(true));
  a.host->finishTick();
  const double origin[3] = {2, 0, 5}, down[3] = {0, 0, -1};
  ObjectModelHost::Hit hit;
  EXPECT_FALSE(a.host->pick(origin, down, false, &hit));  // the child has moved to x = 7
  const double moved[3] = {7, 0, 5};
  EXPECT_TRUE(a.host->pick(moved, down, false, &hit));  // and is selectable now
  ASSERT_EQ(a.host->writtenSlots().size(), 2u);
  EXPECT_EQ(a.host->writtenSlots()[0].region, scene::Region::Materials);
  EXPECT_EQ(a.host->writtenSlots()[1].region, scene::Region::NodeTransforms);
  EXPECT_EQ(a.scene->world[0][3].x, 7.0f);  // the child follows its parent
  a.host->dirty().clear();

  a.host->restore();
  EXPECT_EQ(a.scene->materialData[0].baseColorFactor, glm::vec4(1, 0, 0, 1));
  EXPECT_EQ(a.scene->nodes[1].translation, glm::vec3(2, 0, 0));
  EXPECT_EQ(a.scene->world[0][3].x, 2.0f);
  EXPECT_TRUE(a.host->writtenSlots().empty());
  const scene::DirtySet& dirty = a.host->dirty();
  ASSERT_EQ(dirty[scene::Region::Materials].ranges().size(), 1u);
  EXPECT_EQ(dirty[scene::Region::Materials].ranges()[0].offset, 0u);
  EXPECT_EQ(dirty[scene::Region::Materials].ranges()[0].size,
            uint32_t(a.scene->materialData.size() * sizeof(gpu::MaterialData)));
  EXPECT_EQ(dirty.movedNodes.size(), a.scene->nodes.size());
  EXPECT_FALSE(dirty.worldMatrices.empty());
  // Back at x = 2, the selectability flag back to the file's false: the ray through the child
  // goes on and meets nothing.
  EXPECT_FALSE(a.host->pick(origin, down, false, &hit));
}

}  // namespace
}  // namespace vitrine::interact::test
