// Bound channels on generated assets: core paths and pointers reach the same slot and give the
// same values; later animations win; integer outputs are converted before interpolation; bool
// and int properties; several clips at once; what ClipInfo reports.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "anim_test_util.h"
#include "bind_test_util.h"
#include "pointer_resolve.h"

namespace vitrine::anim {
namespace {

using namespace test;

// Node 0 and node 1, both plain TRS roots, plus one quad node (material 0, with a
// KHR_node_visibility object) as node 2.
AssetBuilder twoNodes() {
  AssetBuilder b;
  const int n0 = b.addNode(json::object());
  const int n1 = b.addNode(json::object());
  const int n2 = b.addMeshNode(b.addColoredQuad({0.5f, 0.5f, 0.5f, 1.0f}));
  b.json()["nodes"][size_t(n2)]["extensions"] = {{"KHR_node_visibility", {{"visible", true}}}};
  b.addScene({n0, n1, n2});
  return b;
}

// The same rotation data through a core channel (node 0) and a pointer channel (node 1), in two
// animations: the node rotations are bit-identical at every time, and follow the short path
// when the keys' dot product is negative.
TEST(BindChannels, CoreRotationAndPointerRotationAreIdentical) {
  for (const char* mode : {"LINEAR", "STEP", "CUBICSPLINE"}) {
    AssetBuilder b = twoNodes();
    const Quat q0 = axisAngle({0, 0, 1}, 10);
    const Quat q1 = negate(axisAngle({0, 0, 1}, 100));  // dot(q0, q1) < 0
    const Quat q2 = axisAngle({1, 1, 0}, 45);
    const int times = addTimes(b, {0.0f, 1.0f, 2.0f});
    std::vector<float> values = flatten({q0, q1, q2});
    if (std::string(mode) == "CUBICSPLINE") {
      values = flatten({{0.1f, 0, 0, 0},
                        q0,
                        {0, 0.2f, 0, 0},
                        {0, 0, 0.3f, 0},
                        q1,
                        {0.1f, 0.1f, 0, 0},
                        {0, 0, 0, 0.2f},
                        q2,
                        {0, 0, 0, 0}});
    }
    const int output = b.addFloats(values, "VEC4");
    addAnimation(b, json::array({sampler(times, output, mode)}),
                 json::array({coreChannel(0, 0, "rotation")}));
    addAnimation(b, json::array({sampler(times, output, mode)}),
                 json::array({pointerChannel(0, "/nodes/1/rotation")}));
    Bound bound = bindAsset(b);
    ASSERT_TRUE(bound.scene) << bound.error;
    ASSERT_EQ(bound.result.warnings, std::vector<std::string>{}) << mode;
    EXPECT_EQ(bound.channel(0, 0).target, "/nodes/0/rotation");
    EXPECT_EQ(bound.channel(1, 0).target, "/nodes/1/rotation");
    const scene::Node& a = bound.scene->nodes[0];
    const scene::Node& p = bound.scene->nodes[1];
    for (const float time : {-1.0f, 0.0f, 0.25f, 0.5f, 0.9f, 1.0f, 1.5f, 2.0f, 3.0f}) {
      scene::DirtySet dirty;
      bound.animations().evaluate(time, {true, true}, dirty);
      EXPECT_EQ(std::memcmp(&a.rotation, &p.rotation, sizeof a.rotation), 0)
          << mode << " t=" << time;
    }
    if (std::string(mode) != "LINEAR") continue;
    // Halfway between q0 (10 deg) and -q1 (the short path to 100 deg) is 55 deg about z; glm
    // stores x, y, z, w.
    scene::DirtySet dirty;
    bound.animations().evaluate(0.5f, {true, false}, dirty);
    const Quat half = axisAngle({0, 0, 1}, 55);
    EXPECT_NEAR(a.rotation.x, half[0], 1e-6f);
    EXPECT_NEAR(a.rotation.y, half[1], 1e-6f);
    EXPECT_NEAR(a.rotation.z, half[2], 1e-6f);
    EXPECT_NEAR(a.rotation.w, half[3], 1e-6f);
  }
}

// Two animations write node 0's translation: with both enabled the later (index 1) wins; with
// it disabled the earlier's value shows.
TEST(BindChannels, LaterAnimationWins) {
  AssetBuilder b = twoNodes();
  const int times = addTimes(b, {0.0f, 1.0f});
  const int up = b.addFloats({0, 0, 0, 0, 2, 0}, "VEC3");
  const int right = b.addFloats({0, 0, 0, 4, 0, 0}, "VEC3");
  addAnimation(b, json::array({sampler(times, up)}),
               json::array({coreChannel(0, 0, "translation")}), "up");
  addAnimation(b, json::array({sampler(times, right)}),
               json::array({pointerChannel(0, "/nodes/0/translation")}), "right");
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  const glm::vec3& t = bound.scene->nodes[0].translation;
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true, true}, dirty);
  EXPECT_EQ(t, glm::vec3(2, 0, 0));
  EXPECT_EQ(bound.scene->world[0][3], glm::vec4(2, 0, 0, 1));
  bound.animations().evaluate(0.5f, {true, false}, dirty);
  EXPECT_EQ(t, glm::vec3(0, 1, 0));
  EXPECT_EQ(bound.scene->world[0][3], glm::vec4(0, 1, 0, 1));
  bound.animations().evaluate(0.5f, {false, true}, dirty);
  EXPECT_EQ(t, glm::vec3(2, 0, 0));
}

// Normalized integer outputs become floats by formulas.md before interpolation. Keys at t = 0
// and t = 1, evaluated at t = 0.5 (or 0.25):
//   UNSIGNED_BYTE  baseColorFactor [0, 51, 102, 255] -> [0, .2, .4, 1]; [255, 255, 0, 255] ->
//                  [1, 1, 0, 1]; at 0.25: [.25, .4, .3, 1]
//   UNSIGNED_SHORT metallicFactor 13107 -> 0.2, 65535 -> 1; at 0.5: 0.6
//   BYTE           roughnessFactor -128 -> max(-128/127, -1) = -1, 127 -> 1; at 0.5: 0 (after
//                  interpolation it would be (-128 + 127) / 2 / 127 = -0.0039)
//   SHORT          emissiveFactor [-32768, 0, 16384] -> [-1, 0, 0.500015]; [32767, 32767,
//                  32767] -> [1, 1, 1]; at 0.5: [0, 0.5, 0.750008]
TEST(BindChannels, NormalizedOutputsConvertedBeforeInterpolation) {
  AssetBuilder b = twoNodes();
  const int times = addTimes(b, {0.0f, 1.0f});
  const int color =
      addOutput<uint8_t>(b, {0, 51, 102, 255, 255, 255, 0, 255}, "VEC4", gl::kUnsignedByte, true);
  const int metal = addOutput<uint16_t>(b, {13107, 65535}, "SCALAR", gl::kUnsignedShort, true);
  const int rough = addOutput<int8_t>(b, {-128, 127}, "SCALAR", gl::kByte, true);
  const int emissive =
      addOutput<int16_t>(b, {-32768, 0, 16384, 32767, 32767, 32767}, "VEC3", gl::kShort, true);
  const std::string m = "/materials/0/";
  addAnimation(b,
               json::array({sampler(times, color), sampler(times, metal), sampler(times, rough),
                            sampler(times, emissive)}),
               json::array({pointerChannel(0, m + "pbrMetallicRoughness/baseColorFactor"),
                            pointerChannel(1, m + "pbrMetallicRoughness/metallicFactor"),
                            pointerChannel(2, m + "pbrMetallicRoughness/roughnessFactor"),
                            pointerChannel(3, m + "emissiveFactor")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  const gpu::MaterialData& data = bound.scene->materialData[0];
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_NEAR(data.params.x, 0.6f, 1e-6f);
  EXPECT_NEAR(data.params.y, 0.0f, 1e-6f);
  EXPECT_NEAR(data.emissive.x, 0.0f, 1e-6f);
  EXPECT_NEAR(data.emissive.y, 0.5f, 1e-6f);
  EXPECT_NEAR(data.emissive.z, (16384.0f / 32767.0f + 1.0f) / 2.0f, 1e-6f);
  bound.animations().evaluate(0.25f, {true}, dirty);
  EXPECT_NEAR(data.baseColorFactor.r, 0.25f, 1e-6f);
  EXPECT_NEAR(data.baseColorFactor.g, 0.4f, 1e-6f);
  EXPECT_NEAR(data.baseColorFactor.b, 0.3f, 1e-6f);
  EXPECT_NEAR(data.baseColorFactor.a, 1.0f, 1e-6f);
  EXPECT_NEAR(data.params.y, -0.5f, 1e-6f);
}

// KHR_animation_pointer (ratified): "non-normalized integer accessor values are converted to
// the equal floating-point values"; a normalized SHORT rotation is converted, then slerped.
TEST(BindChannels, IntegerOutputsForFloatProperties) {
  AssetBuilder b = twoNodes();
  const int times = addTimes(b, {0.0f, 1.0f});
  const int move = addOutput<uint8_t>(b, {0, 0, 0, 10, 20, 255}, "VEC3", gl::kUnsignedByte);
  // (0, 0, 0, 1) and (0, 0, 1, 0) as normalized shorts: 90 deg apart in quaternion space.
  const int turn =
      addOutput<int16_t>(b, {0, 0, 0, 32767, 0, 0, 32767, 0}, "VEC4", gl::kShort, true);
  addAnimation(b, json::array({sampler(times, move), sampler(times, turn)}),
               json::array({coreChannel(0, 0, "translation"), coreChannel(1, 0, "rotation")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_EQ(bound.scene->nodes[0].translation, glm::vec3(5, 10, 127.5f));
  const float h = std::sqrt(0.5f);  // slerp halfway: (0, 0, sin 45, cos 45)
  EXPECT_NEAR(bound.scene->nodes[0].rotation.z, h, 1e-6f);
  EXPECT_NEAR(bound.scene->nodes[0].rotation.w, h, 1e-6f);
}

// KHR_node_visibility's `visible` is a bool: UNSIGNED_BYTE STEP, any non-zero value is true.
TEST(BindChannels, BoolVisibilityStep) {
  AssetBuilder b = twoNodes();
  const std::string visible = "/nodes/2/extensions/KHR_node_visibility/visible";
  const int times = addTimes(b, {0.0f, 1.0f, 2.0f});
  const int values = addOutput<uint8_t>(b, {0, 7, 0}, "SCALAR", gl::kUnsignedByte);
  addAnimation(b, json::array({sampler(times, values, "STEP")}),
               json::array({pointerChannel(0, visible)}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  const scene::ResolveResult r = scene::resolvePointer(*bound.scene, bound.doc(), visible);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.slot.type, scene::ValueType::Bool);
  const float* value = r.slot.data;
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_EQ(*value, 0.0f);
  EXPECT_EQ(dirty[scene::Region::Visibility].bytes(), 4u);
  dirty.clear();
  bound.animations().evaluate(1.5f, {true}, dirty);
  EXPECT_EQ(*value, 1.0f);  // 7 is true, stored as 1
  EXPECT_EQ(dirty[scene::Region::Visibility].ranges(),
            (std::vector<scene::ByteRange>{{r.slot.byteOffset, 4}}));
  bound.animations().evaluate(2.5f, {true}, dirty);
  EXPECT_EQ(*value, 0.0f);
}

// An integer under `extras` (application-specific, stored as a float slot) driven by a STEP
// non-normalized integer output: the values arrive as the equal floats (KHR_animation_pointer).
// No mutable Object Model property is of type int, so this is the integer path's end to end.
TEST(BindChannels, IntegerOutputIntoExtras) {
  AssetBuilder b = twoNodes();
  b.json()["extras"] = {{"level", 3}};
  const int times = addTimes(b, {0.0f, 1.0f});
  const int values = addOutput<uint16_t>(b, {2, 300}, "SCALAR", gl::kUnsignedShort);
  addAnimation(b, json::array({sampler(times, values, "STEP")}),
               json::array({pointerChannel(0, "/extras/level")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  const scene::ResolveResult r = scene::resolvePointer(*bound.scene, bound.doc(), "/extras/level");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(*r.slot.data, 3.0f);  // the file's value until the animation runs
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  scene::DirtySet dirty;
  bound.animations().evaluate(0.5f, {true}, dirty);
  EXPECT_EQ(*r.slot.data, 2.0f);
  bound.animations().evaluate(1.0f, {true}, dirty);
  EXPECT_EQ(*r.slot.data, 300.0f);
}

// Morph weights through the core path, CUBICSPLINE (glTF layout a_1..a_m, v_1..v_m, b_1..b_m
// per keyframe): the engine gives what the sampler core gives on the same arrays.
TEST(BindChannels, CubicSplineWeightsMatchTheSampler) {
  AssetBuilder b;
  const int mesh = b.addColoredQuad({1, 1, 1, 1});
  const std::vector<glm::vec3> offsets(4, glm::vec3(0, 0, 1));
  const int target = b.addVec3(offsets);
  b.json()["meshes"][size_t(mesh)]["primitives"][0]["targets"] =
      json::array({{{"POSITION", target}}, {{"POSITION", target}}});
  b.addScene({b.addNode({{"mesh", mesh}, {"weights", {0.0, 0.0}}})});
  const std::vector<float> times = {0.0f, 1.0f, 3.0f};
  const std::vector<float> values = {0.1f, 0.2f, 0.0f, 1.0f, -0.3f, 0.4f,   // key 0
                                     1.0f, 0.0f, 0.5f, 0.5f, 2.0f,  -1.0f,  // key 1
                                     0.0f, 0.3f, 1.0f, 0.0f, 0.0f,  0.0f};  // key 2
  const int input = addTimes(b, times);
  const int output = b.addFloats(values, "SCALAR");
  addAnimation(b, json::array({sampler(input, output, "CUBICSPLINE")}),
               json::array({coreChannel(0, 0, "weights")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  ASSERT_EQ(bound.result.warnings, std::vector<std::string>{});
  const std::vector<float>& weights = bound.scene->nodes[0].weights;
  ASSERT_EQ(weights.size(), 2u);
  Cursor cursor;
  for (const float time : {0.0f, 0.3f, 1.0f, 2.2f, 3.5f}) {
    scene::DirtySet dirty;
    bound.animations().evaluate(time, {true}, dirty);
    float expected[2];
    evaluate(view(Interpolation::CubicSpline, false, 2, times, values), time, cursor, expected);
    EXPECT_EQ(weights[0], expected[0]) << time;
    EXPECT_EQ(weights[1], expected[1]) << time;
  }
}

// Three clips on their own properties and time ranges, all enabled in one evaluate().
TEST(BindChannels, SeveralClipsEnabledAtOnce) {
  AssetBuilder b = twoNodes();
  const int early = addTimes(b, {0.0f, 1.0f});
  const int late = addTimes(b, {2.0f, 4.0f});
  const int move = b.addFloats({0, 0, 0, 2, 0, 0}, "VEC3");
  const int grow = b.addFloats({1, 1, 1, 3, 3, 3}, "VEC3");
  const int color = b.addFloats({0, 0, 0, 1, 0.5f, 0.5f, 0.5f, 1}, "VEC4");
  addAnimation(b, json::array({sampler(early, move)}),
               json::array({coreChannel(0, 0, "translation")}));
  addAnimation(b, json::array({sampler(late, grow)}), json::array({coreChannel(0, 1, "scale")}));
  addAnimation(
      b, json::array({sampler(late, color)}),
      json::array({pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  scene::DirtySet dirty;
  bound.animations().evaluate(3.0f, {true, true, true}, dirty);
  EXPECT_EQ(bound.scene->nodes[0].translation, glm::vec3(2, 0, 0));
  EXPECT_EQ(bound.scene->nodes[1].scale, glm::vec3(2, 2, 2));
  EXPECT_EQ(bound.scene->materialData[0].baseColorFactor, glm::vec4(0.25f, 0.25f, 0.25f, 1));
  std::vector<uint32_t> moved = dirty.movedNodes;
  std::sort(moved.begin(), moved.end());
  EXPECT_EQ(moved, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(dirty[scene::Region::Materials].bytes(), 16u);
}

// ClipInfo: names, the time range over bound channels, interpolation, and keyTimes shared by
// channels reading the same input.
TEST(BindChannels, ClipInfo) {
  AssetBuilder b = twoNodes();
  const int times = addTimes(b, {0.5f, 1.0f, 2.5f});
  const int copy = addTimes(b, {0.5f, 1.0f, 2.5f});  // same times, another accessor
  const int other = addTimes(b, {0.0f, 3.0f});
  const int three = b.addFloats(std::vector<float>(9, 1.0f), "VEC3");
  const int two = b.addFloats(std::vector<float>(6, 1.0f), "VEC3");
  addAnimation(
      b, json::array({sampler(times, three), sampler(copy, three, "STEP"), sampler(other, two)}),
      json::array({coreChannel(0, 0, "translation"), coreChannel(1, 0, "scale"),
                   coreChannel(2, 1, "banana")}),
      "walk");
  addAnimation(b, json::array({sampler(other, two)}), json::array({coreChannel(0, 1, "scale")}));
  Bound bound = bindAsset(b);
  ASSERT_TRUE(bound.scene) << bound.error;
  const std::vector<ClipInfo>& clips = bound.animations().clips();
  ASSERT_EQ(clips.size(), 2u);
  EXPECT_EQ(clips[0].name, "walk");
  EXPECT_EQ(clips[1].name, "");
  EXPECT_EQ(clips[0].start, 0.5f);  // the skipped channel's 0 .. 3 does not count
  EXPECT_EQ(clips[0].end, 2.5f);
  EXPECT_EQ(clips[1].start, 0.0f);
  EXPECT_EQ(clips[1].end, 3.0f);
  const std::vector<ChannelInfo>& c = clips[0].channels;
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].interpolation, Interpolation::Linear);
  EXPECT_EQ(c[1].interpolation, Interpolation::Step);
  ASSERT_NE(c[0].keyTimes, nullptr);
  EXPECT_EQ(*c[0].keyTimes, (std::vector<float>{0.5f, 1.0f, 2.5f}));
  EXPECT_EQ(c[0].keyTimes.get(), c[1].keyTimes.get());  // identical times: one array
  EXPECT_FALSE(c[2].bound);
  EXPECT_EQ(c[2].keyTimes, nullptr);
  EXPECT_EQ(*clips[1].channels[0].keyTimes, (std::vector<float>{0.0f, 3.0f}));
}

}  // namespace
}  // namespace vitrine::anim
