// The inspector's logic without a window: properties resolved once to their Object Model
// slots, marked with the clips that animate them or the behaviour graph that wrote them, and
// hand edits that write those slots and mark the same dirty ranges (or moved nodes) as
// animation.
#include <cmath>
#include <cstddef>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <gtest/gtest.h>

#include "batch/graph_json.h"
#include "common/asset_builder.h"
#include "document.h"
#include "graph_session.h"
#include "inspector_model.h"
#include "pointer_resolve.h"
#include "selection_overlay.h"
#include "slot_edit.h"

namespace vitrine::app {
namespace {

std::unique_ptr<Document> demo() {
  DocumentResult r = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

std::vector<std::string> labels(const std::vector<Property>& props) {
  std::vector<std::string> out;
  for (const Property& p : props) out.push_back(p.label);
  return out;
}

TEST(InspectorModel, MaterialFactorsResolveOnceWithTheClipsThatAnimateThem) {
  auto doc = demo();
  ASSERT_TRUE(doc);
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  EXPECT_EQ(model.animated().boundChannels(), 3u);
  // "Red plastic" has no textures and no extension: the core factors that have a default.
  const std::vector<Property>& props = model.material(1);
  EXPECT_EQ(labels(props), (std::vector<std::string>{"Base colour", "Metallic", "Roughness",
                                                     "Emissive", "Alpha cutoff"}));
  const Property& base = props[0];
  EXPECT_EQ(base.pointer, "/materials/1/pbrMetallicRoughness/baseColorFactor");
  EXPECT_TRUE(base.color);
  EXPECT_EQ(base.slot.data, &doc->scene->materialData[1].baseColorFactor.x);
  EXPECT_EQ(base.clips, std::vector<uint32_t>{2});  // the demo's third clip
  EXPECT_TRUE(animatedBy(base, {true, true, true}));
  EXPECT_FALSE(animatedBy(base, {true, true, false}));
  EXPECT_FALSE(animatedBy(base, {true, true}));  // a clip past the list is disabled
  EXPECT_TRUE(props[1].clips.empty());
  EXPECT_FALSE(props[1].color);
  EXPECT_TRUE(props[3].color);  // emissiveFactor
  // Cached: the same list, not resolved again.
  EXPECT_EQ(&model.material(1), &props);
  // Nodes: the ball's translation is animated by clip 1, its rotation by nothing.
  const std::vector<Property>& ball = model.node(2);
  ASSERT_EQ(labels(ball), (std::vector<std::string>{"Translation", "Rotation", "Scale"}));
  EXPECT_EQ(ball[0].clips, std::vector<uint32_t>{1});
  EXPECT_TRUE(ball[1].clips.empty());
  EXPECT_TRUE(ball[1].slot.rotation);
  EXPECT_EQ(nodeMaterials(*doc->scene, 1), std::vector<uint32_t>{1});
  EXPECT_TRUE(nodeMaterials(*doc->scene, 4).empty());  // the camera node
}

TEST(SlotEdit, MaterialFactorEditWritesTheSlotAndMarksItsFourBytes) {
  auto doc = demo();
  ASSERT_TRUE(doc);
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  const Property& roughness = model.material(1)[2];
  ASSERT_EQ(roughness.label, "Roughness");
  scene::DirtySet dirty;
  const float value = 0.9f;
  EXPECT_TRUE(writeSlot(roughness.slot, {&value, 1}, dirty));
  EXPECT_EQ(doc->scene->materialData[1].params.y, 0.9f);
  // gpu::MaterialData::params = (metallic, roughness, normal scale, occlusion strength).
  const uint32_t offset =
      uint32_t(sizeof(gpu::MaterialData) + offsetof(gpu::MaterialData, params) + sizeof(float));
  EXPECT_EQ(dirty[scene::Region::Materials].ranges(), (std::vector<scene::ByteRange>{{offset, 4}}));
  for (size_t r = 0; r < size_t(scene::Region::Count); ++r) {
    if (r != size_t(scene::Region::Materials)) {
      EXPECT_TRUE(dirty.regions[r].empty()) << r;
    }
  }
  EXPECT_TRUE(dirty.movedNodes.empty());
  // The same value again: nothing written, nothing marked (as animation skips it).
  dirty.clear();
  EXPECT_FALSE(writeSlot(roughness.slot, {&value, 1}, dirty));
  EXPECT_TRUE(dirty.empty());
  // A count that is not the slot's: refused.
  const float two[2] = {0.1f, 0.2f};
  EXPECT_FALSE(writeSlot(roughness.slot, two, dirty));
  EXPECT_EQ(doc->scene->materialData[1].params.y, 0.9f);
}

TEST(SlotEdit, NodeEditJoinsMovedNodesAndEvaluateRecomputesItsWorldMatrix) {
  auto doc = demo();
  ASSERT_TRUE(doc);
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  const Property& translation = model.node(3)[0];  // the ring
  scene::DirtySet dirty;
  const float moved[3] = {2.0f, 1.0f, -0.5f};
  EXPECT_TRUE(writeSlot(translation.slot, moved, dirty));
  const float again[3] = {2.5f, 1.0f, -0.5f};
  EXPECT_TRUE(writeSlot(translation.slot, again, dirty));
  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{3});  // once
  EXPECT_TRUE(dirty[scene::Region::NodeTransforms].empty());
  EXPECT_EQ(doc->scene->nodes[3].translation, glm::vec3(2.5f, 1.0f, -0.5f));
  // No clip enabled: evaluate only recomputes the world matrices of the moved nodes.
  doc->animations->evaluate(0.0f, {false, false, false}, dirty);
  EXPECT_EQ(glm::vec3(doc->scene->world[3][3]), glm::vec3(2.5f, 1.0f, -0.5f));
  const uint32_t bytes = scene::kWorldMatrixBytes;
  EXPECT_EQ(dirty.worldMatrices.ranges(), (std::vector<scene::ByteRange>{{3 * bytes, bytes}}));
}

// Material 0 with clearcoat (factor 0.25, its normal texture's scale among its factors once
// the texture is there) and sheen; clip 0 animates clearcoatFactor by pointer.
test::AssetBuilder coatedQuadAsset() {
  test::AssetBuilder b;
  const int quad = b.addColoredQuad({1, 0, 0, 1});
  nlohmann::json& ext = b.json()["materials"][0]["extensions"];
  ext["KHR_materials_clearcoat"] = {{"clearcoatFactor", 0.25}, {"clearcoatRoughnessFactor", 0.5}};
  ext["KHR_materials_sheen"] = {{"sheenColorFactor", {0.1, 0.2, 0.3}}};
  b.json()["extensionsUsed"] = {"KHR_materials_clearcoat", "KHR_materials_sheen",
                                "KHR_animation_pointer"};
  b.addScene({b.addMeshNode(quad)});
  const int input = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][input]["min"] = {0.0f};
  b.json()["accessors"][input]["max"] = {1.0f};
  const int output = b.addFloats({0.25f, 1.0f}, "SCALAR");
  const std::string pointer = "/materials/0/extensions/KHR_materials_clearcoat/clearcoatFactor";
  b.json()["animations"].push_back(
      {{"samplers", {{{"input", input}, {"output", output}}}},
       {"channels",
        {{{"sampler", 0},
          {"target",
           {{"path", "pointer"},
            {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}}}}});
  return b;
}
std::unique_ptr<Document> coatedQuad() {
  DocumentResult r = loadDocument(coatedQuadAsset().writeGltf("inspect_coated_quad"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

TEST(InspectorModel, EveryExtensionFactorIsListedUnderItsExtension) {
  auto doc = coatedQuad();
  ASSERT_TRUE(doc);
  EXPECT_TRUE(doc->channelWarnings.empty()) << doc->channelWarnings.front();
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  const std::vector<Property>& props = model.material(0);
  std::vector<std::string> grouped;
  for (const Property& p : props)
    if (!p.group.empty()) grouped.push_back(p.group + ": " + p.label);
  // In the table's order (material_extensions.h): sheen before clearcoat. No texture: no
  // normal-texture scale and no texture transform.
  EXPECT_EQ(grouped, (std::vector<std::string>{
                         "KHR_materials_sheen: sheenColorFactor",
                         "KHR_materials_sheen: sheenRoughnessFactor",
                         "KHR_materials_clearcoat: clearcoatFactor",
                         "KHR_materials_clearcoat: clearcoatRoughnessFactor",
                     }));
  // The core properties come first, ungrouped.
  EXPECT_EQ(props.front().label, "Base colour");
  EXPECT_TRUE(props.front().group.empty());

  const auto find = [&](const std::string& label) -> const Property& {
    for (const Property& p : props)
      if (p.label == label) return p;
    ADD_FAILURE() << label;
    return props.front();
  };
  const Property& sheen = find("sheenColorFactor");
  EXPECT_EQ(sheen.pointer, "/materials/0/extensions/KHR_materials_sheen/sheenColorFactor");
  EXPECT_TRUE(sheen.color);
  EXPECT_EQ(sheen.slot.region, scene::Region::MaterialExtensions);
  EXPECT_EQ(sheen.slot.data, &doc->scene->materialExtensionData[0].sheen.x);
  EXPECT_TRUE(sheen.clips.empty());
  const Property& coat = find("clearcoatFactor");
  EXPECT_FALSE(coat.color);
  EXPECT_EQ(coat.slot.data, &doc->scene->materialExtensionData[0].clearcoat.x);
  EXPECT_EQ(*coat.slot.data, 0.25f);
  EXPECT_EQ(coat.clips, std::vector<uint32_t>{0});  // tinted while clip 0 plays
  EXPECT_TRUE(animatedBy(coat, {true}));
  EXPECT_FALSE(animatedBy(coat, {false}));

  // Live: the animation's value is what the field shows.
  scene::DirtySet dirty;
  doc->animations->evaluate(0.5f, {true}, dirty);
  EXPECT_EQ(*coat.slot.data, 0.625f);
}

// coatedQuad's asset with two graphs: the default one sets the base colour green at onStart
// and starts clip 0 (clearcoatFactor); graph 1 only logs.
std::unique_ptr<Document> interactiveCoatedQuad() {
  using namespace test::interact_cli;
  GraphJson g;
  g.node("event/onStart", {}, {{"out", to(1)}});
  g.node("pointer/set", {{"value", g.lit("float4", {0, 1, 0, 1})}}, {{"out", to(2)}},
         {{"pointer", "/materials/0/pbrMetallicRoughness/baseColorFactor"},
          {"type", g.type("float4")}});
  g.node("animation/start", {{"animation", g.lit("ref", "/animations/0")},
                             {"startTime", g.lit("float", 0)},
                             {"endTime", g.lit("float", 1)},
                             {"speed", g.lit("float", 1)}});
  GraphJson idle;
  idle.node("event/onStart", {}, {{"out", to(1)}});
  logLine(idle, "idle");
  test::AssetBuilder b = coatedQuadAsset();
  DocumentResult r = loadDocument(withGraphs(b, nlohmann::json::array({g.toJson(), idle.toJson()}),
                                             "inspect_interactive_quad"));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

// What the graph writes is tinted as animated values are: the base colour after onStart's
// pointer/set, by the overlap of byte ranges in the same region; the clip the graph started
// counts as playing, the timeline's enabled ones do not while the graph drives.
TEST(InspectorModel, ValuesTheGraphWritesAreTinted) {
  auto doc = interactiveCoatedQuad();
  ASSERT_TRUE(doc && doc->graphHost);
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  const std::vector<Property>& props = model.material(0);
  ASSERT_EQ(props[0].label, "Base colour");
  ASSERT_EQ(props[1].label, "Metallic");
  const Property& base = props[0];
  const Property* coat = nullptr;
  for (const Property& p : props)
    if (p.label == "clearcoatFactor") coat = &p;
  ASSERT_TRUE(coat);
  EXPECT_FALSE(writtenBy(base, doc->graphHost->writtenSlots()));  // nothing ran yet

  GraphSession graph(*doc);  // onStart
  ASSERT_TRUE(graph.active());
  const std::vector<scene::Slot>& written = graph.host()->writtenSlots();
  EXPECT_EQ(glm::make_vec4(base.slot.data), glm::vec4(0, 1, 0, 1));  // the live value
  EXPECT_TRUE(writtenBy(base, written));
  EXPECT_FALSE(writtenBy(props[1], written));
  EXPECT_FALSE(writtenBy(*coat, written));  // the clip writes it, not pointer/set
  // Overlap, not equality: one float inside the colour counts, the float after it does not;
  // the same bytes in another region do not.
  Property part = base;
  part.slot.count = 1;
  part.slot.byteOffset = base.slot.byteOffset + 12;
  EXPECT_TRUE(writtenBy(part, written));
  part.slot.byteOffset = base.slot.byteOffset + 16;
  EXPECT_FALSE(writtenBy(part, written));
  Property elsewhere = base;
  elsewhere.slot.region = scene::Region::MaterialExtensions;
  EXPECT_FALSE(writtenBy(elsewhere, written));

  // The clip the graph started plays though the timeline's is disabled; without the graph
  // driving (nullptr: none, or the timeline shown instead) the timeline decides.
  EXPECT_EQ(playingClips({false}, &graph, 1), std::vector<bool>{true});
  EXPECT_TRUE(animatedBy(*coat, playingClips({false}, &graph, 1)));
  EXPECT_EQ(playingClips({false}, nullptr, 1), std::vector<bool>{false});
  EXPECT_EQ(playingClips({true}, nullptr, 1), std::vector<bool>{true});
  EXPECT_EQ(playingClips({}, nullptr, 1), std::vector<bool>{false});

  // Graph 1 starts from the state after loading: nothing written, no clip started, and the
  // timeline's enabled clip does not autoplay under it.
  ASSERT_TRUE(graph.choose(1));
  EXPECT_EQ(glm::make_vec4(base.slot.data), glm::vec4(1, 0, 0, 1));
  EXPECT_FALSE(writtenBy(base, graph.host()->writtenSlots()));
  EXPECT_EQ(playingClips({true}, &graph, 1), std::vector<bool>{false});
}

TEST(SlotEdit, ExtensionFactorEditWritesMaterialExtensionData) {
  auto doc = coatedQuad();
  ASSERT_TRUE(doc);
  InspectorModel model;
  model.reset(*doc->scene, *doc->gltf, doc->animations->clips());
  const Property* roughness = nullptr;
  const Property* sheen = nullptr;
  for (const Property& p : model.material(0)) {
    if (p.label == "clearcoatRoughnessFactor") roughness = &p;
    if (p.label == "sheenColorFactor") sheen = &p;
  }
  ASSERT_TRUE(roughness && sheen);
  scene::DirtySet dirty;
  const float value = 0.75f;
  EXPECT_TRUE(writeSlot(roughness->slot, {&value, 1}, dirty));
  const float colour[3] = {0.5f, 0.25f, 1.0f};
  EXPECT_TRUE(writeSlot(sheen->slot, colour, dirty));
  const gpu::MaterialExtensionData& e = doc->scene->materialExtensionData[0];
  EXPECT_EQ(e.clearcoat.y, 0.75f);  // y: clearcoatRoughnessFactor
  EXPECT_EQ(glm::vec3(e.sheen), glm::vec3(0.5f, 0.25f, 1.0f));
  // Material 0's bytes: its sheen's 12 and its clearcoat roughness's 4, nothing elsewhere.
  dirty.coalesce();
  const uint32_t sheenAt = uint32_t(offsetof(gpu::MaterialExtensionData, sheen));
  const uint32_t coatAt = uint32_t(offsetof(gpu::MaterialExtensionData, clearcoat) + 4);
  std::vector<scene::ByteRange> expected{{sheenAt, 12}, {coatAt, 4}};
  if (coatAt < sheenAt) std::swap(expected[0], expected[1]);
  EXPECT_EQ(dirty[scene::Region::MaterialExtensions].ranges(), expected);
  EXPECT_TRUE(dirty[scene::Region::Materials].empty());
}

TEST(SlotEdit, VisibilitySlotIsTheObjectModelSlot) {
  test::AssetBuilder b;
  const int a = b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}));
  const int c = b.addMeshNode(b.addColoredQuad({0, 1, 0, 1}));
  b.json()["nodes"][c]["extensions"]["KHR_node_visibility"]["visible"] = true;
  b.json()["extensionsUsed"] = {"KHR_node_visibility"};
  b.addScene({a, c});
  DocumentResult r = loadDocument(b.writeGltf("inspect_visibility_slot"));
  ASSERT_TRUE(r.document) << r.error;
  scene::Scene& s = *r.document->scene;
  const scene::ResolveResult resolved = scene::resolvePointer(
      s, *r.document->gltf, "/nodes/1/extensions/KHR_node_visibility/visible");
  ASSERT_TRUE(resolved.ok) << resolved.error;
  const scene::Slot mine = nodeVisibilitySlot(s, 1);
  EXPECT_EQ(mine.byteOffset, resolved.slot.byteOffset);
  EXPECT_EQ(mine.data, resolved.slot.data);
  EXPECT_EQ(mine.region, scene::Region::Visibility);
  // Node 0 has no extension object: its slot is built all the same, and the eye writes it.
  scene::DirtySet dirty;
  const float hidden = 0.0f;
  EXPECT_TRUE(writeSlot(nodeVisibilitySlot(s, 0), {&hidden, 1}, dirty));
  EXPECT_EQ(s.nodes[0].visible, 0.0f);
  EXPECT_EQ(dirty[scene::Region::Visibility].ranges(),
            (std::vector<scene::ByteRange>{
                {resolved.slot.byteOffset - uint32_t(sizeof(scene::Node)), 4}}));
}

// The selection box: 12 edges on screen for a box in front of the camera; a box around the eye
// keeps only the parts in front of it, all finite.
TEST(SelectionBox, ProjectsTheTwelveEdgesAndClipsBehindTheEye) {
  renderer::View view;
  view.view = glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0.0f), glm::vec3(0, 1, 0));
  view.projection = glm::perspective(0.8f, 1.0f, 0.1f, 100.0f);
  scene::Bounds box;
  box.extend({-1, -1, -1});
  box.extend({1, 1, 1});
  const glm::vec2 display(200.0f, 200.0f);
  const auto edges = projectBoxEdges(view, box, display);
  ASSERT_EQ(edges.size(), 12u);
  for (const auto& [a, b] : edges) {
    for (const glm::vec2 p : {a, b}) {
      EXPECT_GT(p.x, 0.0f);
      EXPECT_LT(p.x, display.x);
      EXPECT_GT(p.y, 0.0f);
      EXPECT_LT(p.y, display.y);
    }
  }
  scene::Bounds around;
  around.extend({-1, -1, 3});
  around.extend({1, 1, 7});  // the eye at z = 5 is inside
  const auto clipped = projectBoxEdges(view, around, display);
  EXPECT_EQ(clipped.size(), 8u);  // the 4 edges of the face behind the eye are gone
  for (const auto& [a, b] : clipped) {
    EXPECT_TRUE(std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(b.x) &&
                std::isfinite(b.y));
  }
  EXPECT_TRUE(projectBoxEdges(view, scene::Bounds{}, display).empty());
}

TEST(SelectionBox, NodeBoundsFollowTheWorldMatrixAndTheSubtree) {
  auto doc = demo();
  ASSERT_TRUE(doc);
  const scene::Scene& s = *doc->scene;
  const scene::Bounds box = nodeBounds(s, 1, false);
  ASSERT_FALSE(box.empty());
  const glm::vec3 centre = 0.5f * (box.min + box.max);
  EXPECT_NEAR(centre.x, -1.6f, 1e-4f);  // the box node's translation
  EXPECT_NEAR(centre.y, 0.4f, 1e-4f);
  EXPECT_TRUE(nodeBounds(s, 4, true).empty());  // the camera: no mesh
  EXPECT_TRUE(nodeBounds(s, 99, true).empty());
}

TEST(SelectionBox, AGroupOutlinesItsSubtreeAndAnEmptyNodeIsMarkedWhereItIs) {
  // Node 0: a group with mesh node 1 below it; node 2: an empty node at (5, 0, 0).
  scene::Scene s;
  s.nodes.resize(3);
  s.nodes[0].children = {1};
  s.nodes[1].mesh = 0;
  s.meshes.resize(1);
  s.meshes[0].primitives.resize(1);
  s.meshes[0].primitives[0].bounds.extend(glm::vec3(-1.0f));
  s.meshes[0].primitives[0].bounds.extend(glm::vec3(1.0f));
  s.world.assign(3, glm::mat4(1.0f));
  s.world[1][3] = glm::vec4(0.0f, 2.0f, 0.0f, 1.0f);
  s.world[2][3] = glm::vec4(5.0f, 0.0f, 0.0f, 1.0f);
  const scene::Bounds group = selectionBounds(s, 0);
  ASSERT_FALSE(group.empty());
  EXPECT_EQ(group.min, glm::vec3(-1.0f, 1.0f, -1.0f));
  EXPECT_EQ(group.max, glm::vec3(1.0f, 3.0f, 1.0f));
  EXPECT_EQ(selectionBounds(s, 1).min, group.min);  // a mesh node: its own mesh
  EXPECT_TRUE(selectionBounds(s, 2).empty());

  // The empty node's marker: where its position projects, nothing when behind the eye.
  renderer::View v;
  v.view = glm::lookAt(glm::vec3(5.0f, 0.0f, 10.0f), glm::vec3(5.0f, 0.0f, 0.0f),
                       glm::vec3(0.0f, 1.0f, 0.0f));
  v.projection = glm::perspective(0.8f, 2.0f, 0.1f, 100.0f);
  const auto at = projectPoint(v, glm::vec3(s.world[2][3]), {320.0f, 160.0f});
  ASSERT_TRUE(at);
  EXPECT_NEAR(at->x, 160.0f, 1e-3f);  // straight ahead: the display's centre
  EXPECT_NEAR(at->y, 80.0f, 1e-3f);
  EXPECT_FALSE(projectPoint(v, glm::vec3(5.0f, 0.0f, 20.0f), {320.0f, 160.0f}));
}

}  // namespace
}  // namespace vitrine::app
