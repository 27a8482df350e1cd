// Keyframe location: the segment, t, t_d and the clamping / exact-keyframe cases of
// Appendix C, from every starting cursor; then the cursor over playback, jumps and scrubbing,
// against a linear-scan reference written independently here.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "anim_test_util.h"
#include "sampler.h"

namespace vitrine::anim {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Appendix C by the letter: a linear scan, no cursor.
KeyLocation reference(const std::vector<float>& times, float time) {
  const auto last = static_cast<uint32_t>(times.size() - 1);
  if (std::isnan(time) || time < times[0]) return {0, 0.0f, 0.0f, Where::BeforeFirst};
  if (time >= times[last]) return {last, 0.0f, 0.0f, Where::AfterLast};
  for (uint32_t k = 0; k < last; ++k) {
    if (time == times[k]) return {k, 0.0f, 0.0f, Where::AtKey};
    if (time < times[k + 1]) {
      const float td = times[k + 1] - times[k];
      return {k, (time - times[k]) / td, td, Where::Between};
    }
  }
  ADD_FAILURE() << "unreachable";
  return {};
}

void expectSame(const KeyLocation& expected, const KeyLocation& actual) {
  EXPECT_EQ(expected.where, actual.where);
  EXPECT_EQ(expected.key, actual.key);
  EXPECT_NEAR(expected.t, actual.t, 1e-6f);
  EXPECT_FLOAT_EQ(expected.td, actual.td);
}

// ---------------------------------------------------------------------------------------------
// One table, every starting cursor.

const std::vector<float> kTimes = {0.0f, 1.0f, 3.0f, 6.0f, 6.5f, 8.0f};

struct LocateCase {
  const char* name;
  float time;
  Where where;
  uint32_t key;
  float t;
  float td;
  uint32_t cursorAfter;  // the segment the cursor must be left at
};

const LocateCase kLocateCases[] = {
    {"minus_infinity", -kInf, Where::BeforeFirst, 0, 0.0f, 0.0f, 0},
    {"before_first", -0.5f, Where::BeforeFirst, 0, 0.0f, 0.0f, 0},
    {"nan_is_first", kNaN, Where::BeforeFirst, 0, 0.0f, 0.0f, 0},
    {"at_first", 0.0f, Where::AtKey, 0, 0.0f, 0.0f, 0},
    {"first_segment_middle", 0.5f, Where::Between, 0, 0.5f, 1.0f, 0},
    {"at_second_key", 1.0f, Where::AtKey, 1, 0.0f, 0.0f, 1},
    {"second_segment_quarter", 1.5f, Where::Between, 1, 0.25f, 2.0f, 1},
    {"at_third_key", 3.0f, Where::AtKey, 2, 0.0f, 0.0f, 2},
    {"third_segment", 5.25f, Where::Between, 2, 0.75f, 3.0f, 2},
    {"fourth_segment", 6.25f, Where::Between, 3, 0.5f, 0.5f, 3},
    {"at_fifth_key", 6.5f, Where::AtKey, 4, 0.0f, 0.0f, 4},
    {"last_segment", 7.25f, Where::Between, 4, 0.5f, 1.5f, 4},
    {"at_last_clamps", 8.0f, Where::AfterLast, 5, 0.0f, 0.0f, 4},
    {"after_last", 8.5f, Where::AfterLast, 5, 0.0f, 0.0f, 4},
    {"plus_infinity", kInf, Where::AfterLast, 5, 0.0f, 0.0f, 4},
};

class LocateTable : public testing::TestWithParam<LocateCase> {};

TEST_P(LocateTable, SameResultFromEveryStartingCursor) {
  const LocateCase& c = GetParam();
  // Every segment, the last keyframe, and cursors that belong to a longer sampler.
  for (uint32_t start : {0u, 1u, 2u, 3u, 4u, 5u, 1000u, 0xffffffffu}) {
    SCOPED_TRACE(testing::Message() << "starting cursor " << start);
    Cursor cursor{start};
    const KeyLocation location = locate(kTimes, c.time, cursor);
    EXPECT_EQ(c.where, location.where);
    EXPECT_EQ(c.key, location.key);
    EXPECT_EQ(c.t, location.t);
    EXPECT_EQ(c.td, location.td);
    EXPECT_EQ(c.cursorAfter, cursor.segment);
  }
}

INSTANTIATE_TEST_SUITE_P(Locate, LocateTable, testing::ValuesIn(kLocateCases),
                         [](const testing::TestParamInfo<LocateCase>& info) {
                           return std::string(info.param.name);
                         });

TEST(Locate, TJustBelowNextKeyStaysBelowOne) {
  // These keyframe times make (time - t_k) / t_d round up to exactly 1 for the float just
  // below t_(k+1); the promise is t in [0, 1).
  const std::vector<float> times = {-14.1f, -2.3f};
  const float time = std::nextafter(times[1], times[0]);
  ASSERT_EQ((time - times[0]) / (times[1] - times[0]), 1.0f) << "the case no longer rounds";
  Cursor cursor;
  const KeyLocation location = locate(times, time, cursor);
  EXPECT_EQ(Where::Between, location.where);
  EXPECT_EQ(0u, location.key);
  EXPECT_LT(location.t, 1.0f);
  EXPECT_GT(location.t, 0.9999f);
}

TEST(Locate, SingleKeyframe) {
  const std::vector<float> times = {2.0f};
  const struct {
    float time;
    Where where;
  } cases[] = {{-kInf, Where::BeforeFirst}, {1.0f, Where::BeforeFirst}, {kNaN, Where::BeforeFirst},
               {2.0f, Where::AfterLast},    {3.0f, Where::AfterLast},   {kInf, Where::AfterLast}};
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::Message() << "time " << c.time);
    Cursor cursor{7};
    const KeyLocation location = locate(times, c.time, cursor);
    EXPECT_EQ(c.where, location.where);
    EXPECT_EQ(0u, location.key);
    EXPECT_EQ(0u, cursor.segment);
  }
}

// ---------------------------------------------------------------------------------------------
// The cursor carried from call to call.

// 40 keyframes, spacing 0.2 to 0.35 s, starting at 0.3 s.
std::vector<float> irregularTimes() {
  std::vector<float> times;
  float time = 0.3f;
  for (int k = 0; k < 40; ++k) {
    times.push_back(time);
    time += 0.2f + 0.05f * float(k % 4);
  }
  return times;
}

TEST(Cursor, ForwardPlaybackVisitsEverySegmentInOrder) {
  const std::vector<float> times = irregularTimes();
  const auto segments = static_cast<uint32_t>(times.size() - 1);
  std::vector<int> visits(segments, 0);
  Cursor cursor;
  uint32_t previous = 0;
  int steps = 0;
  for (float time = -0.5f; time < times.back() + 0.5f; time += 1.0f / 60.0f, ++steps) {
    SCOPED_TRACE(testing::Message() << "time " << time);
    const KeyLocation location = locate(times, time, cursor);
    expectSame(reference(times, time), location);
    if (location.where == Where::Between || location.where == Where::AtKey) {
      EXPECT_GE(location.key, previous) << "went backward";
      EXPECT_LE(location.key, previous + 1) << "skipped a segment";
      EXPECT_EQ(location.key, cursor.segment);
      previous = location.key;
      ++visits[location.key];
    }
  }
  EXPECT_GT(steps, 600);
  for (uint32_t k = 0; k < segments; ++k) EXPECT_GT(visits[k], 0) << "segment " << k;
}

TEST(Cursor, JumpsBackwardAndFarForward) {
  const std::vector<float> times = irregularTimes();
  const float sequence[] = {0.31f, 0.33f, 9.7f,  2.3f,  2.31f, 0.3f,  0.29f, 10.9f, 11.0f,
                            1.0f,  5.0f,  100.f, 3.05f, kNaN,  7.7f,  0.6f,  0.55f, 0.5f,
                            9.99f, -1.0f, 4.4f,  4.45f, 4.6f,  4.95f, 11.3f, 0.31f};
  Cursor cursor;
  for (float time : sequence) {
    SCOPED_TRACE(testing::Message() << "time " << time);
    expectSame(reference(times, time), locate(times, time, cursor));
  }
}

TEST(Cursor, RandomScrubbingMatchesReference) {
  const std::vector<float> times = irregularTimes();
  std::mt19937 random(1234);
  std::uniform_real_distribution<float> anyTime(-1.0f, times.back() + 1.0f);
  std::uniform_int_distribution<size_t> anyKey(0, times.size() - 1);
  Cursor cursor;
  for (int i = 0; i < 5000; ++i) {
    // One in four lands exactly on a keyframe time.
    const float time = i % 4 == 0 ? times[anyKey(random)] : anyTime(random);
    SCOPED_TRACE(testing::Message() << "time " << time);
    expectSame(reference(times, time), locate(times, time, cursor));
  }
}

TEST(Cursor, LoopingPlaybackRestartsCleanly) {
  const std::vector<float> times = irregularTimes();
  const float duration = times.back();
  Cursor cursor;
  float time = 0.0f;
  for (int frame = 0; frame < 3000; ++frame) {
    time = std::fmod(time + 1.0f / 60.0f, duration);
    SCOPED_TRACE(testing::Message() << "time " << time);
    expectSame(reference(times, time), locate(times, time, cursor));
  }
}

// ---------------------------------------------------------------------------------------------
// validate()

const std::vector<float> kTwoTimes = {0.0f, 1.0f};
const std::vector<float> kEightValues(8, 0.0f);
const std::vector<float> kTwentyFourValues(24, 0.0f);
const std::vector<float> kThirtySixValues(36, 0.0f);

struct ValidateCase {
  const char* name;
  SamplerView view;
  SamplerIssue expected;
};

SamplerView with(SamplerView v, void (*edit)(SamplerView&)) {
  edit(v);
  return v;
}

const SamplerView kGood = test::view(Interpolation::Linear, true, 4, kTwoTimes, kEightValues);
const std::vector<float> kNotIncreasing = {0.0f, 0.0f};
const std::vector<float> kDecreasing = {1.0f, 0.5f};
const std::vector<float> kInfiniteTime = {0.0f, kInf};
const std::vector<float> kNaNTime = {kNaN, 1.0f};

const ValidateCase kValidateCases[] = {
    {"linear_rotation", kGood, SamplerIssue::None},
    {"cubic_rotation",
     test::view(Interpolation::CubicSpline, true, 4, kTwoTimes, kTwentyFourValues),
     SamplerIssue::None},
    {"vec4_cubic", test::view(Interpolation::CubicSpline, false, 4, kTwoTimes, kTwentyFourValues),
     SamplerIssue::None},
    {"morph_weights_cubic",
     test::view(Interpolation::CubicSpline, false, 6, kTwoTimes, kThirtySixValues),
     SamplerIssue::None},
    {"no_keys", with(kGood, [](SamplerView& v) { v.keyCount = 0; }), SamplerIssue::NoKeyframes},
    {"no_times", with(kGood, [](SamplerView& v) { v.times = nullptr; }), SamplerIssue::NoKeyframes},
    {"no_components",
     with(kGood,
          [](SamplerView& v) {
            v.components = 0;
            v.rotation = false;
          }),
     SamplerIssue::NoComponents},
    {"rotation_vec3", with(kGood, [](SamplerView& v) { v.components = 3; }),
     SamplerIssue::RotationNotVec4},
    {"cubic_one_key",
     with(test::view(Interpolation::CubicSpline, false, 1, kTwoTimes, kTwentyFourValues),
          [](SamplerView& v) {
            v.keyCount = 1;
            v.valueCount = 3;
          }),
     SamplerIssue::CubicNeedsTwoKeys},
    {"linear_too_few_values", with(kGood, [](SamplerView& v) { v.valueCount = 7; }),
     SamplerIssue::ValueCountMismatch},
    {"cubic_without_tangents",
     test::view(Interpolation::CubicSpline, true, 4, kTwoTimes, kEightValues),
     SamplerIssue::ValueCountMismatch},
    {"no_values", with(kGood, [](SamplerView& v) { v.values = nullptr; }),
     SamplerIssue::ValueCountMismatch},
    {"equal_times", test::view(Interpolation::Step, false, 4, kNotIncreasing, kEightValues),
     SamplerIssue::TimesNotIncreasing},
    {"decreasing_times", test::view(Interpolation::Step, false, 4, kDecreasing, kEightValues),
     SamplerIssue::TimesNotIncreasing},
    {"infinite_time", test::view(Interpolation::Step, false, 4, kInfiniteTime, kEightValues),
     SamplerIssue::TimeNotFinite},
    {"nan_time", test::view(Interpolation::Step, false, 4, kNaNTime, kEightValues),
     SamplerIssue::TimeNotFinite},
};

class ValidateTable : public testing::TestWithParam<ValidateCase> {};

TEST_P(ValidateTable, ReportsTheIssue) {
  const ValidateCase& c = GetParam();
  const SamplerIssue issue = validate(c.view);
  EXPECT_EQ(c.expected, issue) << describe(issue);
  EXPECT_GT(std::string(describe(issue)).size(), 4u);
}

INSTANTIATE_TEST_SUITE_P(Validate, ValidateTable, testing::ValuesIn(kValidateCases),
                         [](const testing::TestParamInfo<ValidateCase>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace vitrine::anim
