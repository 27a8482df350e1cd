// Every reason a channel is skipped, each with its exact warning line, its ChannelInfo
// (bound false, the reason, the target) and no effect on the scene; and a bad channel never
// stops the others. Reasons from the resolver are composed from resolvePointer()'s own error.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bind_test_util.h"
#include "pointer_resolve.h"

namespace vitrine::anim {
namespace {

using namespace test;

// Node 0: a quad (material 0). Node 1: TRS, KHR_node_visibility. Node 2: has a matrix. Node
// 3: a quad with two morph targets, node weights [0, 0]. Accessors for every case.
struct Base {
  AssetBuilder b;
  int times2, times1, timesRepeated, timesNoBounds;
  int vec4x2, vec3x2, vec3x3, vec3x6, floatx2, ubytex2, weightsx4, weightsx3;

  Base() {
    const int quad = b.addColoredQuad({1, 1, 1, 1});
    const int morph = b.addColoredQuad({1, 1, 1, 1});
    const std::vector<glm::vec3> offsets(4, glm::vec3(0, 0, 1));
    const int target = b.addVec3(offsets);
    b.json()["meshes"][size_t(morph)]["primitives"][0]["targets"] =
        json::array({{{"POSITION", target}}, {{"POSITION", target}}});
    b.json()["meshes"][size_t(morph)]["weights"] = {0.0, 0.0};
    const int n0 = b.addMeshNode(quad);
    // KHR_node_visibility's `visible` is defined when the node has the extension object.
    const int n1 = b.addNode({{"extensions", {{"KHR_node_visibility", json::object()}}}});
    const int n2 = b.addNode({{"matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1}}});
    const int n3 = b.addNode({{"mesh", morph}, {"weights", {0.0, 0.0}}});
    b.addScene({n0, n1, n2, n3});
    times2 = addTimes(b, {0.0f, 1.0f});
    times1 = addTimes(b, {0.5f});
    timesRepeated = addTimes(b, {0.0f, 1.0f, 1.0f});
    timesNoBounds = b.addFloats({0.0f, 1.0f}, "SCALAR");
    vec4x2 = b.addFloats({0, 0, 0, 1, 0, 0, 1, 0}, "VEC4");
    vec3x2 = b.addFloats({0, 0, 0, 1, 2, 3}, "VEC3");
    vec3x3 = b.addFloats({0, 0, 0, 1, 2, 3, 4, 5, 6}, "VEC3");
    vec3x6 = b.addFloats(std::vector<float>(18, 1.0f), "VEC3");
    floatx2 = b.addFloats({0.0f, 1.0f}, "SCALAR");
    ubytex2 = addOutput<uint8_t>(b, {0, 1}, "SCALAR", gl::kUnsignedByte);
    weightsx4 = b.addFloats({0, 0, 1, 1}, "SCALAR");
    weightsx3 = b.addFloats({0, 0, 1}, "SCALAR");
  }
};

// `bound` has exactly the warning "/animations/0/channels/<c>: <reason>" and its channel c is
// skipped with that reason and target.
void expectSkipped(Bound& bound, uint32_t c, const std::string& reason, const std::string& target) {
  ASSERT_TRUE(bound.scene) << bound.error;
  const std::string line = "/animations/0/channels/" + std::to_string(c) + ": " + reason;
  EXPECT_EQ(bound.result.warnings, std::vector<std::string>{line});
  ASSERT_GT(bound.animations().clips().size(), 0u);
  const ChannelInfo& info = bound.channel(0, c);
  EXPECT_FALSE(info.bound);
  EXPECT_EQ(info.skipReason, reason);
  EXPECT_EQ(info.target, target);
  EXPECT_EQ(info.keyTimes, nullptr);
}

// Binds one channel over `samplerJson` and checks the reason; the scene stays as loaded.
void expectOneSkipped(Base& base, const json& samplerJson, const json& channel,
                      const std::string& reason, const std::string& target) {
  addAnimation(base.b, json::array({samplerJson}), json::array({channel}));
  Bound bound = bindAsset(base.b);
  expectSkipped(bound, 0, reason, target);
  if (!bound.scene) return;
  const scene::Node before = bound.scene->nodes[1];
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_TRUE(dirty.empty());
  EXPECT_EQ(bound.scene->nodes[1].translation, before.translation);
}

// The resolver's reason, for composing the expected line.
scene::ResolveResult resolve(const std::string& pointer) {
  Base base;
  Bound bound = bindAsset(base.b);
  return scene::resolvePointer(*bound.scene, bound.doc(), pointer);
}

TEST(BindSkip, SamplerIndexOutOfRange) {
  Base base;
  addAnimation(base.b, json::array({sampler(base.times2, base.vec3x2)}),
               json::array({coreChannel(0, 1, "translation")}));
  // The loader's validator already rejects this index: change it after loading.
  Bound bound =
      bindAsset(base.b, [](json& doc) { doc["animations"][0]["channels"][0]["sampler"] = 5; });
  expectSkipped(bound, 0, "sampler 5 does not exist (1 in this animation)", "/nodes/1/translation");
}

TEST(BindSkip, UnresolvablePointer) {
  const scene::ResolveResult r = resolve("/nodes/9/rotation");
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.error.empty());
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec4x2), pointerChannel(0, "/nodes/9/rotation"),
                   "cannot resolve \"/nodes/9/rotation\": " + r.error, "/nodes/9/rotation");
}

TEST(BindSkip, NotAPropertyOfTheObjectModel) {
  const scene::ResolveResult r = resolve("/nodes/1/color");
  ASSERT_FALSE(r.ok);
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec4x2), pointerChannel(0, "/nodes/1/color"),
                   "cannot resolve \"/nodes/1/color\": " + r.error, "/nodes/1/color");
}

TEST(BindSkip, ReadOnlyProperty) {
  const scene::ResolveResult r = resolve("/materials/0/alphaMode");
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.readOnlyValue.empty()) << "alphaMode should resolve as read-only";
  Base base;
  expectOneSkipped(
      base, sampler(base.times2, base.floatx2), pointerChannel(0, "/materials/0/alphaMode"),
      "cannot animate \"/materials/0/alphaMode\": " + r.error, "/materials/0/alphaMode");
}

TEST(BindSkip, OutputTypeIncompatible) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2), coreChannel(0, 1, "rotation"),
                   "output accessor " + std::to_string(base.vec3x2) +
                       " is VEC3; float4 needs VEC4 (KHR_animation_pointer)",
                   "/nodes/1/rotation");
}

TEST(BindSkip, ComponentTypeIncompatibleWithBool) {
  const std::string visible = "/nodes/1/extensions/KHR_node_visibility/visible";
  const scene::ResolveResult r = resolve(visible);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.slot.type, scene::ValueType::Bool);
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.floatx2, "STEP"), pointerChannel(0, visible),
                   "output accessor " + std::to_string(base.floatx2) +
                       " is FLOAT; bool needs UNSIGNED_BYTE (KHR_animation_pointer)",
                   visible);
}

TEST(BindSkip, BoolNeedsStep) {
  const std::string visible = "/nodes/1/extensions/KHR_node_visibility/visible";
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.ubytex2), pointerChannel(0, visible),
                   "bool needs STEP interpolation, the sampler is LINEAR (KHR_animation_pointer)",
                   visible);
}

TEST(BindSkip, NodeSetTogetherWithPointer) {
  Base base;
  json channel = pointerChannel(0, "/nodes/1/translation");
  channel["target"]["node"] = 1;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2), channel,
                   "target.node must not be set when path is \"pointer\" (KHR_animation_pointer)",
                   "/nodes/1/translation");
}

TEST(BindSkip, PointerPathWithoutExtension) {
  Base base;
  expectOneSkipped(
      base, sampler(base.times2, base.vec3x2), {{"sampler", 0}, {"target", {{"path", "pointer"}}}},
      "path is \"pointer\" but extensions.KHR_animation_pointer.pointer is missing", "");
}

TEST(BindSkip, UnknownPath) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2), coreChannel(0, 1, "color"),
                   "unknown target path \"color\"", "");
}

TEST(BindSkip, CorePathWithoutNode) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2),
                   {{"sampler", 0}, {"target", {{"path", "translation"}}}},
                   "target.node is absent: the channel is ignored (glTF 2.0 Animations)", "");
}

TEST(BindSkip, UnknownInterpolation) {
  Base base;
  addAnimation(base.b, json::array({sampler(base.times2, base.vec3x2)}),
               json::array({coreChannel(0, 1, "translation")}));
  Bound bound = bindAsset(
      base.b, [](json& doc) { doc["animations"][0]["samplers"][0]["interpolation"] = "SMOOTH"; });
  expectSkipped(bound, 0, "unknown interpolation \"SMOOTH\"", "/nodes/1/translation");
}

TEST(BindSkip, NonIncreasingInputTimes) {
  Base base;
  expectOneSkipped(base, sampler(base.timesRepeated, base.vec3x3), coreChannel(0, 1, "translation"),
                   "input accessor " + std::to_string(base.timesRepeated) +
                       ": keyframe times are not strictly increasing",
                   "/nodes/1/translation");
}

// An input accessor without bufferView or sparse is zeros: refused on its JSON, before 200
// million of them are made (the memory budget never sees them).
TEST(BindSkip, InputOfZerosRefusedBeforeReading) {
  Base base;
  base.b.json()["accessors"].push_back({{"componentType", gl::kFloat},
                                        {"count", 200'000'000},
                                        {"type", "SCALAR"},
                                        {"min", json::array({0})},
                                        {"max", json::array({0})}});
  const int zeros = int(base.b.json()["accessors"].size()) - 1;
  addAnimation(base.b, json::array({sampler(zeros, base.vec3x2)}),
               json::array({coreChannel(0, 1, "translation")}));
  Bound bound = bindAsset(base.b);
  expectSkipped(bound, 0,
                "input accessor " + std::to_string(zeros) +
                    ": keyframe times are not strictly increasing (200000000 zeros: no "
                    "bufferView, no sparse)",
                "/nodes/1/translation");
  EXPECT_LT(bound.doc().budget->peak(), uint64_t(1) << 20);
}

TEST(BindSkip, InputWithoutMinMax) {
  Base base;
  expectOneSkipped(base, sampler(base.timesNoBounds, base.vec3x2), coreChannel(0, 1, "translation"),
                   "input accessor " + std::to_string(base.timesNoBounds) +
                       " has no min/max (glTF 2.0 Animations: required for animation inputs)",
                   "/nodes/1/translation");
}

TEST(BindSkip, CubicSplineWithOneKeyframe) {
  Base base;
  expectOneSkipped(base, sampler(base.times1, base.vec3x3, "CUBICSPLINE"),
                   coreChannel(0, 1, "translation"),
                   "CUBICSPLINE needs at least 2 keyframes, the input has 1 (glTF 2.0 Appendix C)",
                   "/nodes/1/translation");
}

TEST(BindSkip, OutputCountMismatch) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x3), coreChannel(0, 1, "translation"),
                   "output accessor " + std::to_string(base.vec3x3) +
                       " has 3 elements, expected 2 (2 keyframes)",
                   "/nodes/1/translation");
}

TEST(BindSkip, OutputCountMismatchCubicSpline) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2, "CUBICSPLINE"),
                   coreChannel(0, 1, "scale"),
                   "output accessor " + std::to_string(base.vec3x2) +
                       " has 2 elements, expected 6 (2 keyframes x 3 for CUBICSPLINE)",
                   "/nodes/1/scale");
}

TEST(BindSkip, OutputCountMismatchWeights) {
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.weightsx3), coreChannel(0, 3, "weights"),
                   "output accessor " + std::to_string(base.weightsx3) +
                       " has 3 elements, expected 4 (2 keyframes x 2 array elements)",
                   "/nodes/3/weights");
}

// glTF 2.0 3.5.3: an animated node must not have a matrix. The resolver refuses its TRS.
TEST(BindSkip, NodeWithMatrix) {
  const scene::ResolveResult r = resolve("/nodes/2/translation");
  ASSERT_FALSE(r.ok);
  Base base;
  expectOneSkipped(base, sampler(base.times2, base.vec3x2), coreChannel(0, 2, "translation"),
                   "cannot resolve \"/nodes/2/translation\": " + r.error, "/nodes/2/translation");
}

// The three forms of "the same property targeted twice in one animation": the second channel
// is skipped, the first stays bound.
void expectDuplicate(const json& first, const json& second, const std::string& firstPointer,
                     const std::string& secondPointer, const json& samplers) {
  Base base;
  addAnimation(base.b, samplers, json::array({first, second}));
  Bound bound = bindAsset(base.b);
  expectSkipped(bound, 1,
                "targets the same property as channel 0 (\"" + firstPointer +
                    "\"); one animation must not target a property twice (KHR_animation_pointer)",
                secondPointer);
  if (bound.scene) {
    EXPECT_TRUE(bound.channel(0, 0).bound);
  }
}

TEST(BindSkip, SamePropertyTwiceIdenticalPointers) {
  Base base;
  const std::string color = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  expectDuplicate(pointerChannel(0, color), pointerChannel(0, color), color, color,
                  json::array({sampler(base.times2, base.vec4x2)}));
}

TEST(BindSkip, SamePropertyTwiceArrayAndElement) {
  Base base;
  expectDuplicate(
      coreChannel(0, 3, "weights"), pointerChannel(1, "/nodes/3/weights/1"), "/nodes/3/weights",
      "/nodes/3/weights/1",
      json::array({sampler(base.times2, base.weightsx4), sampler(base.times2, base.floatx2)}));
}

TEST(BindSkip, SamePropertyTwiceElementThenArray) {
  Base base;
  expectDuplicate(
      pointerChannel(1, "/nodes/3/weights/0"), coreChannel(0, 3, "weights"), "/nodes/3/weights/0",
      "/nodes/3/weights",
      json::array({sampler(base.times2, base.weightsx4), sampler(base.times2, base.floatx2)}));
}

TEST(BindSkip, SamePropertyTwiceCorePathAndPointer) {
  Base base;
  expectDuplicate(coreChannel(0, 1, "rotation"), pointerChannel(0, "/nodes/1/rotation"),
                  "/nodes/1/rotation", "/nodes/1/rotation",
                  json::array({sampler(base.times2, base.vec4x2)}));
}

// Different animations may target the same property (the later enabled one wins); different
// elements of one array in one animation are fine too.
TEST(BindSkip, SamePropertyInTwoAnimationsOrDistinctElementsIsFine) {
  Base base;
  const json samplers = json::array({sampler(base.times2, base.floatx2)});
  addAnimation(base.b, samplers,
               json::array({pointerChannel(0, "/nodes/3/weights/0"),
                            pointerChannel(0, "/nodes/3/weights/1")}));
  addAnimation(base.b, samplers, json::array({pointerChannel(0, "/nodes/3/weights/1")}));
  Bound bound = bindAsset(base.b);
  ASSERT_TRUE(bound.scene) << bound.error;
  EXPECT_EQ(bound.result.warnings, std::vector<std::string>{});
  EXPECT_TRUE(bound.channel(0, 0).bound);
  EXPECT_TRUE(bound.channel(0, 1).bound);
  EXPECT_TRUE(bound.channel(1, 0).bound);
}

// One animation of every kind of bad channel and one good one: the good one is bound and
// animates, each bad one has its warning, in channel order.
TEST(BindSkip, BadChannelsNeverStopTheOthers) {
  Base base;
  const json samplers =
      json::array({sampler(base.times2, base.vec3x2), sampler(base.timesRepeated, base.vec3x3),
                   sampler(base.times2, base.vec3x3)});
  const json channels = json::array({
      coreChannel(0, 1, "color"),           // unknown path
      pointerChannel(0, "/nodes/9/scale"),  // unresolvable
      coreChannel(1, 1, "scale"),           // times not increasing
      coreChannel(2, 1, "scale"),           // count mismatch
      coreChannel(0, 1, "translation"),     // good
      coreChannel(0, 1, "translation"),     // duplicate of the good one
      coreChannel(0, 2, "translation"),     // node with a matrix
  });
  addAnimation(base.b, samplers, channels);
  Bound bound = bindAsset(base.b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_EQ(bound.result.warnings.size(), 6u);
  const uint32_t expectedChannels[] = {0, 1, 2, 3, 5, 6};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(bound.result.warnings[i].rfind(
                  "/animations/0/channels/" + std::to_string(expectedChannels[i]) + ": ", 0),
              0u)
        << bound.result.warnings[i];
  }
  const ClipInfo& clip = bound.animations().clips()[0];
  ASSERT_EQ(clip.channels.size(), 7u);
  for (size_t c = 0; c < 7; ++c) EXPECT_EQ(clip.channels[c].bound, c == 4) << c;
  EXPECT_EQ(clip.start, 0.0f);
  EXPECT_EQ(clip.end, 1.0f);
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_EQ(bound.scene->nodes[1].translation, glm::vec3(0.5f, 1.0f, 1.5f));
  EXPECT_EQ(dirty.movedNodes, std::vector<uint32_t>{1});
}

}  // namespace
}  // namespace vitrine::anim
