// LINEAR rotations four at a time (kernels.h slerp4, RotationBatch): bit for bit what the
// one-at-a-time polynomial slerp gives, every lane case (nearly parallel, negative dot, t at both
// ends), and, in a run that mixes rotations with other values, the same values and marks in slot
// order (one range when the slots are back to back).
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

// Random unit pairs; some lanes nearly parallel (slerp()'s own path), some across the
// hemispheres, some identical, t from 0 to 1 inclusive.
TEST(RotationBatch, FourLanesEqualOneAtATimeBitForBit) {
  std::mt19937 random(23);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  int parallelLanes = 0;
  for (int round = 0; round < 100000; ++round) {
    test::Quat qa[4];
    test::Quat qb[4];
    for (int lane = 0; lane < 4; ++lane) {
      qa[lane] = test::normalized({u(random), u(random), u(random), u(random)});
      switch (random() % 5) {
        case 0: {  // within 0.0142 rad or close to it
          const float e = random() % 2 ? 1e-3f : 1e-5f;
          qb[lane] = test::normalized({qa[lane][0] + e * u(random), qa[lane][1] + e * u(random),
                                       qa[lane][2] + e * u(random), qa[lane][3] + e * u(random)});
          break;
        }
        case 1:
          qb[lane] = qa[lane];
          break;
        default:
          qb[lane] = test::normalized({u(random), u(random), u(random), u(random)});
      }
      if (random() % 3 == 0) qb[lane] = test::negate(qb[lane]);
    }
    const float t = round % 50 == 0 ? float(round / 50 % 2) : unit(random);
    const float* a[4] = {qa[0].data(), qa[1].data(), qa[2].data(), qa[3].data()};
    const float* b[4] = {qb[0].data(), qb[1].data(), qb[2].data(), qb[3].data()};
    float actual[4][4];
    kernels::slerp4(a, b, t, actual);
    for (int lane = 0; lane < 4; ++lane) {
      float expected[4];
      kernels::slerpInline(a[lane], b[lane], t, expected);
      ASSERT_EQ(std::memcmp(actual[lane], expected, sizeof expected), 0)
          << "round " << round << " lane " << lane << " t " << t << ": " << actual[lane][0]
          << " vs " << expected[0];
      float dot = 0.0f;
      for (int k = 0; k < 4; ++k) dot += a[lane][k] * b[lane][k];
      if (std::fabs(dot) > 0.9999f) ++parallelLanes;
    }
  }
  EXPECT_GT(parallelLanes, 10000);  // the fallback lanes were exercised
}

// One run (one region, one clock, LINEAR) whose slots are back to back: groups of 1 to 9
// rotations between scalar and float3 values, so batches are full, partial and interrupted.
TEST(RotationBatch, MixedRunKeepsValuesAndSlotOrder) {
  std::mt19937 random(29);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  struct Expected {
    uint32_t offset;  // in floats
    uint32_t count;
    bool rotation;
    std::vector<float> keys;  // two keyframes
  };
  std::vector<Expected> layout;
  uint32_t floats = 0;
  for (uint32_t group = 1; group <= 9; ++group) {
    for (uint32_t r = 0; r < group; ++r) {
      const test::Quat a = test::normalized({u(random), u(random), u(random), u(random)});
      const test::Quat b = test::normalized({u(random), u(random), u(random), u(random)});
      layout.push_back({floats, 4, true, test::flatten({a, b})});
      floats += 4;
    }
    const uint32_t n = group % 2 ? 1 : 3;
    std::vector<float> keys(2 * n);
    for (float& k : keys) k = u(random);
    layout.push_back({floats, n, false, keys});
    floats += n;
  }
  std::vector<float> storage(floats, 0.0f);
  auto s = test::makeScene(0, 0);
  AnimationsBuilder builder(*s);
  builder.addClip({});
  const std::vector<float> times = {0.0f, 1.0f};
  const uint32_t track = builder.addTimes(times);
  for (const Expected& e : layout) {
    scene::Slot slot = test::floatSlot(storage.data() + e.offset, e.count, Region::Extras, 0,
                                       e.offset * uint32_t(sizeof(float)));
    slot.rotation = e.rotation;
    builder.addChannel({0, track, Interpolation::Linear, slot, e.keys});
  }
  const std::unique_ptr<PackedAnimations> packed = builder.build();
  ASSERT_EQ(packed->runCount(), 1u);

  for (const float time : {0.37f, 0.81f}) {
    scene::DirtySet dirty;
    packed->beginFrame();
    packed->sampleChannels(time, test::all(1), dirty);
    // Before coalesce(): marks in slot order over back-to-back slots extend one range.
    EXPECT_EQ(dirty[Region::Extras].ranges(),
              (std::vector<scene::ByteRange>{{0, floats * uint32_t(sizeof(float))}}))
        << time;
    for (size_t i = 0; i < layout.size(); ++i) {
      const Expected& e = layout[i];
      float expected[4];
      if (e.rotation) {
        kernels::slerpInline(e.keys.data(), e.keys.data() + 4, time, expected);
      } else {
        for (uint32_t k = 0; k < e.count; ++k) {
          expected[k] = (1.0f - time) * e.keys[k] + time * e.keys[e.count + k];
        }
      }
      ASSERT_EQ(std::memcmp(storage.data() + e.offset, expected, e.count * sizeof(float)), 0)
          << "time " << time << " channel " << i;
    }
    dirty.clear();
    packed->beginFrame();
    packed->sampleChannels(time, test::all(1), dirty);  // the same time: nothing changes
    EXPECT_TRUE(dirty.empty()) << time;
  }
}

}  // namespace
}  // namespace vitrine::anim
