// The packed engine against the sampler core: every interpolation mode, component count and
// both value layouts give bit for bit what anim::evaluate() gives for the channel's own glTF
// arrays (rotations with LINEAR within 4e-7: the engine's slerp uses polynomials), over
// playback, jumps and the clamped ends; clips in array order, later wins; time
// tracks shared.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "anim_test_util.h"
#include "engine_test_util.h"
#include "kernels.h"

namespace vitrine::anim {
namespace {

using scene::Region;
using scene::ValueType;
using test::all;

struct Curve {
  uint32_t track;
  std::vector<float> times;  // a copy, for the reference
  std::vector<float> values;
  Interpolation mode;
  uint32_t components;
  bool rotation;
};

std::vector<float> randomTimes(std::mt19937& random, uint32_t keys, float start) {
  std::uniform_real_distribution<float> gap(0.05f, 0.6f);
  std::vector<float> times;
  float t = start;
  for (uint32_t k = 0; k < keys; ++k) times.push_back(t += gap(random));
  return times;
}

std::vector<float> randomValues(std::mt19937& random, size_t count, uint32_t components,
                                bool rotation) {
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::vector<float> v(count);
  for (float& x : v) x = value(random);
  if (rotation) {  // unit quaternions, signs mixed so that some dots are negative
    for (size_t q = 0; q + 4 <= v.size(); q += components) {
      const test::Quat n = test::normalized({v[q], v[q + 1], v[q + 2], v[q + 3]});
      std::memcpy(&v[q], n.data(), sizeof n);
    }
  }
  return v;
}

// Channels of every kind on three tracks (two clips), in both layouts, evaluated at the same
// times as the sampler core over their original arrays: the slots must match.
void expectMatchesSampler(ValueLayout layout) {
  std::mt19937 random(11);
  auto s = test::makeScene(0, 0);
  std::vector<std::vector<float>> storage(64);
  AnimationsBuilder builder(*s, layout);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> shared = randomTimes(random, 12, 0.0f);
  const std::vector<float> other = randomTimes(random, 7, 0.3f);
  const std::vector<float> single = {0.8f};
  const uint32_t tracks[3] = {builder.addTimes(shared), builder.addTimes(other),
                              builder.addTimes(single)};
  const std::vector<float>* times[3] = {&shared, &other, &single};

  std::vector<Curve> curves;
  std::vector<scene::Slot> slots;
  const uint32_t kinds[][2] = {{1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 1}, {5, 0}, {16, 0}};
  uint32_t n = 0;
  for (const Interpolation mode :
       {Interpolation::Step, Interpolation::Linear, Interpolation::CubicSpline}) {
    for (const auto& kind : kinds) {
      for (uint32_t track = 0; track < 3; ++track) {
        if (mode == Interpolation::CubicSpline && track == 2) continue;  // needs 2 keys
        Curve c;
        c.track = track;
        c.times = *times[track];
        c.mode = mode;
        c.components = kind[0];
        c.rotation = kind[1] != 0;
        const size_t count =
            c.times.size() * c.components * (mode == Interpolation::CubicSpline ? 3 : 1);
        c.values = randomValues(random, count, c.components, c.rotation);
        ASSERT_LT(n, storage.size());
        storage[n].assign(c.components, 0.0f);
        scene::Slot slot = test::floatSlot(storage[n].data(), kind[0], Region::Extras, n, 0);
        slot.rotation = c.rotation;
        slots.push_back(slot);
        curves.push_back(std::move(c));
        ++n;
      }
    }
  }
  for (size_t i = 0; i < curves.size(); ++i) {
    const Curve& c = curves[i];
    builder.addChannel({uint32_t(i % 2), tracks[c.track], c.mode, slots[i], c.values});
  }
  std::unique_ptr<PackedAnimations> packed = builder.build();
  EXPECT_EQ(packed->clockCount(), 6u);  // 2 clips x 3 tracks

  std::vector<float> queries = {-1.0f, 0.0f, shared.front(), shared.back(), other[3], 100.0f};
  for (float t = -0.2f; t < 8.0f; t += 1.0f / 60.0f) queries.push_back(t);  // playback
  std::uniform_real_distribution<float> anyTime(-0.5f, 8.0f);
  for (int i = 0; i < 200; ++i) queries.push_back(anyTime(random));  // scrubbing
  for (float t : shared) queries.push_back(t);                       // exact keys

  std::vector<Cursor> cursors(curves.size());
  scene::DirtySet dirty;
  for (const float time : queries) {
    packed->evaluate(time, all(2), dirty);
    dirty.clear();
    for (size_t i = 0; i < curves.size(); ++i) {
      const Curve& c = curves[i];
      float expected[16];
      evaluate(test::view(c.mode, c.rotation, c.components, c.times, c.values), time, cursors[i],
               expected);
      // Bit for bit, but for the engine's polynomial slerp (kernels.h: within 4e-7).
      const float tolerance = c.rotation && c.mode == Interpolation::Linear ? 4e-7f : 0.0f;
      for (uint32_t k = 0; k < c.components; ++k) {
        ASSERT_NEAR(slots[i].data[k], expected[k], tolerance)
            << "time " << time << " channel " << i << " mode " << int(c.mode) << " components "
            << c.components << " rotation " << c.rotation << " track " << c.track << " k " << k;
      }
    }
  }
}

// The engine's polynomial slerp against sampler.h's slerp(): random unit pairs, nearly
// parallel ones and opposite hemispheres (negative dot), every t.
TEST(Engine, PolynomialSlerpMatchesSlerp) {
  std::mt19937 random(17);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int i = 0; i < 300000; ++i) {
    const test::Quat a = test::normalized({u(random), u(random), u(random), u(random)});
    test::Quat b = test::normalized({u(random), u(random), u(random), u(random)});
    if (i % 3 == 0) {
      const float e = i % 2 ? 0.01f : 0.0001f;
      b = test::normalized(
          {a[0] + e * u(random), a[1] + e * u(random), a[2] + e * u(random), a[3] + e * u(random)});
      if (i % 5 == 0) b = test::negate(b);
    }
    const float t = unit(random);
    float expected[4];
    float actual[4];
    slerp(a.data(), b.data(), t, expected);
    kernels::slerpInline(a.data(), b.data(), t, actual);
    for (int k = 0; k < 4; ++k) ASSERT_NEAR(actual[k], expected[k], 4e-7f) << i << " t=" << t;
    ASSERT_NEAR(test::length(actual, 4), 1.0, 4e-7) << i;
  }
}

TEST(Engine, KeyframeMajorMatchesSampler) {
  expectMatchesSampler(ValueLayout::KeyframeMajor);
}

TEST(Engine, ChannelMajorMatchesSampler) {
  expectMatchesSampler(ValueLayout::ChannelMajor);
}

TEST(Engine, IdenticalTimesShareOneTrackAndOneClockPerClip) {
  auto s = test::makeScene(3, 0);
  AnimationsBuilder builder(*s);
  const std::vector<float> a = {0.0f, 1.0f, 2.0f};
  const std::vector<float> copy = a;
  const std::vector<float> b = {0.0f, 1.0f, 3.0f};
  const uint32_t ta = builder.addTimes(a);
  EXPECT_EQ(builder.addTimes(copy), ta);
  const uint32_t tb = builder.addTimes(b);
  EXPECT_NE(tb, ta);
  EXPECT_EQ(builder.times(ta).get(), builder.times(builder.addTimes(a)).get());
  builder.addClip({});
  const std::vector<float> values(12, 0.5f);
  const std::vector<float> scalars(3, 0.5f);
  builder.addChannel({0, ta, Interpolation::Linear, test::baseColorSlot(*s, 0), values});
  builder.addChannel({0, ta, Interpolation::Linear, test::baseColorSlot(*s, 1), values});
  builder.addChannel({0, ta, Interpolation::Step, test::metallicSlot(*s, 2), scalars});
  builder.addChannel({0, tb, Interpolation::Linear, test::metallicSlot(*s, 0), scalars});
  const auto packed = builder.build();
  EXPECT_EQ(packed->clockCount(), 2u);
  EXPECT_EQ(packed->runCount(), 3u);  // (ta LINEAR float4), (ta STEP float), (tb LINEAR float)
}

// Two clips write the same base colour: the later enabled one wins; disabling it shows the
// earlier; disabling both leaves the last value written.
TEST(Engine, LaterClipWinsEarlierShowsWhenLaterDisabled) {
  auto s = test::makeScene(1, 0);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> red = {1, 0, 0, 1, 1, 0, 0, 1};
  const std::vector<float> blue = {0, 0, 1, 1, 0, 0, 1, 1};
  builder.addChannel({0, track, Interpolation::Linear, test::baseColorSlot(*s, 0), red});
  builder.addChannel({1, track, Interpolation::Linear, test::baseColorSlot(*s, 0), blue});
  const auto packed = builder.build();
  const glm::vec4& color = s->materialData[0].baseColorFactor;
  scene::DirtySet dirty;
  packed->evaluate(0.5f, {true, true}, dirty);
  EXPECT_EQ(color, glm::vec4(0, 0, 1, 1));
  packed->evaluate(0.5f, {true, false}, dirty);
  EXPECT_EQ(color, glm::vec4(1, 0, 0, 1));
  packed->evaluate(0.5f, {false, true}, dirty);
  EXPECT_EQ(color, glm::vec4(0, 0, 1, 1));
  packed->evaluate(0.5f, {false, false}, dirty);
  EXPECT_EQ(color, glm::vec4(0, 0, 1, 1));
  packed->evaluate(0.5f, {true}, dirty);  // missing entries are disabled clips
  EXPECT_EQ(color, glm::vec4(1, 0, 0, 1));
}

// Each clip at a time of its own (the timeline's layered clips), even when both read one input
// accessor; a clip past the end of the times is disabled.
TEST(Engine, EachClipAtItsOwnTime) {
  auto s = test::makeScene(2, 0);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> ramp = {0.0f, 1.0f};
  builder.addChannel({0, track, Interpolation::Linear, test::metallicSlot(*s, 0), ramp});
  builder.addChannel({1, track, Interpolation::Linear, test::metallicSlot(*s, 1), ramp});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(std::vector<float>{0.25f, 0.75f}, all(2), dirty);
  EXPECT_FLOAT_EQ(s->materialData[0].params.x, 0.25f);
  EXPECT_FLOAT_EQ(s->materialData[1].params.x, 0.75f);
  packed->evaluate(std::vector<float>{0.5f, 0.1f}, all(2), dirty);
  EXPECT_FLOAT_EQ(s->materialData[0].params.x, 0.5f);
  EXPECT_FLOAT_EQ(s->materialData[1].params.x, 0.1f);
  packed->evaluate(std::vector<float>{0.9f}, all(2), dirty);  // clip 1 has no time: not sampled
  EXPECT_FLOAT_EQ(s->materialData[0].params.x, 0.9f);
  EXPECT_FLOAT_EQ(s->materialData[1].params.x, 0.1f);
}

// A clip animating an array and a later clip animating one of its elements: the element comes
// from the later clip, the rest from the earlier.
TEST(Engine, LaterElementOverridesPartOfEarlierArray) {
  auto s = test::makeScene(0, 1);
  s->nodes[0].weights = {0.0f, 0.0f, 0.0f};
  float* w = s->nodes[0].weights.data();
  AnimationsBuilder builder(*s);
  builder.addClip({});
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  const std::vector<float> array = {1, 2, 3, 1, 2, 3};
  const std::vector<float> element = {9, 9};
  builder.addChannel(
      {0, track, Interpolation::Linear, test::floatSlot(w, 3, Region::MorphWeights, 0, 0), array});
  builder.addChannel({1, track, Interpolation::Linear,
                      test::floatSlot(w + 1, 1, Region::MorphWeights, 0, 4, ValueType::Float),
                      element});
  const auto packed = builder.build();
  EXPECT_EQ(packed->contestedCount(), 2u);  // the array and the element: both snapshotted
  scene::DirtySet dirty;
  packed->evaluate(0.5f, all(2), dirty);
  EXPECT_EQ(s->nodes[0].weights, (std::vector<float>{1, 9, 3}));
  EXPECT_EQ(dirty[Region::MorphWeights].ranges(), (std::vector<scene::ByteRange>{{0, 12}}));
  dirty.clear();
  packed->evaluate(0.5f, all(2), dirty);  // 2 written then 9 again: nothing changed
  EXPECT_TRUE(dirty.empty());
  packed->evaluate(0.5f, {true, false}, dirty);
  EXPECT_EQ(s->nodes[0].weights, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(dirty[Region::MorphWeights].bytes(), 12u);
}

// Three clips on different tracks and properties, all enabled: each at its own time position.
TEST(Engine, SeveralClipsEnabledAtOnce) {
  auto s = test::makeScene(2, 1);
  AnimationsBuilder builder(*s);
  for (int i = 0; i < 3; ++i) builder.addClip({});
  const std::vector<float> t01 = {0.0f, 1.0f};
  const std::vector<float> t24 = {2.0f, 4.0f};
  const uint32_t a = builder.addTimes(t01);
  const uint32_t b = builder.addTimes(t24);
  const std::vector<float> metal = {0.0f, 1.0f};
  const std::vector<float> emissive = {0, 0, 0, 4, 8, 12};
  const std::vector<float> move = {0, 0, 0, 10, 0, 0};
  builder.addChannel({0, a, Interpolation::Linear, test::metallicSlot(*s, 0), metal});
  builder.addChannel({1, b, Interpolation::Linear, test::emissiveSlot(*s, 1), emissive});
  builder.addChannel(
      {2, b, Interpolation::Step, test::nodeSlot(*s, 0, test::Trs::Translation), move});
  const auto packed = builder.build();
  scene::DirtySet dirty;
  packed->evaluate(3.0f, all(3), dirty);
  EXPECT_EQ(s->materialData[0].params.x, 1.0f);  // clamped after its last key
  EXPECT_EQ(glm::vec3(s->materialData[1].emissive), glm::vec3(2, 4, 6));
  EXPECT_EQ(s->nodes[0].translation, glm::vec3(0));  // STEP: still the first key
  EXPECT_EQ(s->world[0][3], glm::vec4(0, 0, 0, 1));
  packed->evaluate(0.25f, all(3), dirty);
  EXPECT_EQ(s->materialData[0].params.x, 0.25f);
  EXPECT_EQ(glm::vec3(s->materialData[1].emissive), glm::vec3(0));  // clamped before
  packed->evaluate(4.0f, all(3), dirty);
  EXPECT_EQ(s->nodes[0].translation, glm::vec3(10, 0, 0));
  EXPECT_EQ(s->world[0][3], glm::vec4(10, 0, 0, 1));
}

}  // namespace
}  // namespace vitrine::anim
