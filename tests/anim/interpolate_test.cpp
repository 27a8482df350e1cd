// Interpolation through evaluate(): every mode of glTF 2.0 Appendix C against values worked out
// by hand (the arithmetic is in the comments), clamping at both ends, the exact-keyframe rule,
// slerp's short path and near-zero angle, CUBICSPLINE tangent scaling and normalization.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "anim_test_util.h"
#include "sampler.h"

namespace vitrine::anim {
namespace {

using test::axisAngle;
using test::flatten;
using test::negate;
using test::normalized;
using test::Quat;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kExact = 0.0f;  // tolerance: bit-for-bit equal

std::vector<float> toVector(const Quat& q) {
  return {q.begin(), q.end()};
}

struct Curve {
  Interpolation mode;
  bool rotation;
  uint32_t components;
  std::vector<float> times;
  std::vector<float> values;
};

struct EvalCase {
  const char* name;
  const Curve* curve;
  float time;
  std::vector<float> expected;
  float tolerance;
};

// STEP scalar: 10 on [0, 1), 20 on [1, 2), 30 from 2.
const Curve kStepScalar{Interpolation::Step, false, 1, {0.0f, 1.0f, 2.0f}, {10, 20, 30}};
const Curve kStepVec3{Interpolation::Step, false, 3, {0.0f, 0.5f}, {1, 2, 3, 4, 5, 6}};

// LINEAR scalar: 2 at t=1, 6 at t=3, -1 at t=4.
const Curve kLinearScalar{Interpolation::Linear, false, 1, {1.0f, 3.0f, 4.0f}, {2, 6, -1}};
// The glTF tutorial's example (tutorial-animations.md): (14,3,-2) at 0.8, (18,1,1) at 1.6.
const Curve kLinearVec3{Interpolation::Linear, false, 3, {0.8f, 1.6f}, {14, 3, -2, 18, 1, 1}};
// Morph weights, 5 targets.
const Curve kLinearWeights{
    Interpolation::Linear, false, 5, {0.0f, 1.0f}, {0, 1, 2, 3, 4, 4, 3, 2, 1, 0}};
// LINEAR rotation keys that are not unit length and nearly parallel, so slerp would take its
// normalized-lerp branch: the exact-keyframe rule must return them untouched.
const Curve kLinearRotationRaw{Interpolation::Linear,
                               true,
                               4,
                               {0.0f, 1.0f, 2.0f},
                               {0, 0, 0, 2, 0, 0, 0.02f, 2, 0, 0.02f, 0.02f, 2}};

// CUBICSPLINE scalar, (a_k, v_k, b_k) = (0.5, 1, 2) at 1, (-1, 4, 0.5) at 3, (3, 2, 7) at 4.
// Every in-tangent, value and out-tangent differs, so a layout slip changes the result.
const Curve kCubicScalar{
    Interpolation::CubicSpline, false, 1, {1.0f, 3.0f, 4.0f}, {0.5f, 1, 2, -1, 4, 0.5f, 3, 2, 7}};
// CUBICSPLINE morph weights, 3 targets: per keyframe a_1..a_3, v_1..v_3, b_1..b_3.
// (a, v, b) = ((9,9,9), (0,1,2), (1,0,-1)) at 0 and ((2,0,1), (1,1,0), (9,9,9)) at 2.
const Curve kCubicWeights{Interpolation::CubicSpline,
                          false,
                          3,
                          {0.0f, 2.0f},
                          {9, 9, 9, 0, 1, 2, 1, 0, -1, 2, 0, 1, 1, 1, 0, 9, 9, 9}};
// CUBICSPLINE rotation, zero tangents from identity to 180 degrees about Z (unused tangents 5).
const Curve kCubicRotationFlat{Interpolation::CubicSpline,
                               true,
                               4,
                               {0.0f, 1.0f},
                               flatten({{5, 5, 5, 5},
                                        {0, 0, 0, 1},
                                        {0, 0, 0, 0},  //
                                        {0, 0, 0, 0},
                                        {0, 0, 1, 0},
                                        {5, 5, 5, 5}})};
// CUBICSPLINE rotation with tangents and t_d = 2: b_1 = a_2 = (0, 0, 0.5, 0).
const Curve kCubicRotationTangents{Interpolation::CubicSpline,
                                   true,
                                   4,
                                   {0.0f, 2.0f},
                                   flatten({{5, 5, 5, 5},
                                            {0, 0, 0, 1},
                                            {0, 0, 0.5f, 0},  //
                                            {0, 0, 0.5f, 0},
                                            {0, 0, 1, 0},
                                            {5, 5, 5, 5}})};
// CUBICSPLINE rotation through zero: (0,0,0,2) to (0,0,0,-2), zero tangents; keys not unit.
const Curve kCubicRotationThroughZero{Interpolation::CubicSpline,
                                      true,
                                      4,
                                      {0.0f, 1.0f},
                                      flatten({{0, 0, 0, 0},
                                               {0, 0, 0, 2},
                                               {0, 0, 0, 0},  //
                                               {0, 0, 0, 0},
                                               {0, 0, 0, -2},
                                               {0, 0, 0, 0}})};
// CUBICSPLINE rotation keys of length 2 with non-zero tangents, for the exact-keyframe rule.
const Curve kCubicRotationRaw{Interpolation::CubicSpline,
                              true,
                              4,
                              {0.0f, 1.0f, 2.0f},
                              flatten({{1, 1, 1, 1},
                                       {0, 0, 0, 2},
                                       {1, 0, 0, 0},  //
                                       {0, 1, 0, 0},
                                       {0, 0, 2, 0},
                                       {0, 0, 1, 0},  //
                                       {1, 0, 1, 0},
                                       {2, 0, 0, 0},
                                       {1, 1, 0, 0}})};

// Slerp: identity to 90 degrees about Z, and the same end as the other quaternion sign.
const Quat kZ90 = axisAngle({0, 0, 1}, 90.0);
const Curve kSlerpZ{Interpolation::Linear, true, 4, {0.0f, 1.0f}, flatten({{0, 0, 0, 1}, kZ90})};
const Curve kSlerpZNegated{
    Interpolation::Linear, true, 4, {0.0f, 1.0f}, flatten({{0, 0, 0, 1}, negate(kZ90)})};
// 20 to 140 degrees about (1, 2, 3): a 60 degree quaternion angle, well into the spherical branch.
const Curve kSlerpAxis{Interpolation::Linear,
                       true,
                       4,
                       {2.0f, 4.0f},
                       flatten({axisAngle({1, 2, 3}, 20.0), axisAngle({1, 2, 3}, 140.0)})};
// 30 degrees, then -(100 degrees): the dot product is negative; the short path goes 30 -> 100.
const Curve kSlerpAxisNegated{
    Interpolation::Linear,
    true,
    4,
    {2.0f, 4.0f},
    flatten({axisAngle({1, 2, 3}, 30.0), negate(axisAngle({1, 2, 3}, 100.0))})};

const Curve kSingleScalar{Interpolation::Linear, false, 1, {2.0f}, {7}};
const Curve kSingleStepVec3{Interpolation::Step, false, 3, {2.0f}, {7, 8, 9}};
const Curve kSingleRotation{Interpolation::Linear, true, 4, {2.0f}, toVector(kZ90)};

const float kSqrtHalf = std::sqrt(0.5f);

const EvalCase kCases[] = {
    // STEP holds v_k until the next key, and takes v_(k+1) exactly at it.
    {"step_before_first", &kStepScalar, -1.0f, {10}, kExact},
    {"step_nan_time_is_first", &kStepScalar, kNaN, {10}, kExact},
    {"step_at_first", &kStepScalar, 0.0f, {10}, kExact},
    {"step_holds", &kStepScalar, 0.5f, {10}, kExact},
    {"step_holds_until_next", &kStepScalar, std::nextafter(1.0f, 0.0f), {10}, kExact},
    {"step_at_key", &kStepScalar, 1.0f, {20}, kExact},
    {"step_second_segment", &kStepScalar, 1.75f, {20}, kExact},
    {"step_at_last", &kStepScalar, 2.0f, {30}, kExact},
    {"step_after_last", &kStepScalar, 5.0f, {30}, kExact},
    {"step_vec3_holds", &kStepVec3, 0.25f, {1, 2, 3}, kExact},
    {"step_vec3_at_last", &kStepVec3, 0.5f, {4, 5, 6}, kExact},

    // LINEAR: (1 - t) v_k + t v_(k+1).
    {"linear_before_first", &kLinearScalar, 0.0f, {2}, kExact},
    {"linear_at_first", &kLinearScalar, 1.0f, {2}, kExact},
    {"linear_quarter", &kLinearScalar, 1.5f, {3}, kExact},  // 0.75*2 + 0.25*6
    {"linear_half", &kLinearScalar, 2.0f, {4}, kExact},     // 0.5*2 + 0.5*6
    {"linear_at_middle_key", &kLinearScalar, 3.0f, {6}, kExact},
    {"linear_second_segment", &kLinearScalar, 3.25f, {4.25f}, kExact},  // 0.75*6 + 0.25*-1
    {"linear_at_last", &kLinearScalar, 4.0f, {-1}, kExact},
    {"linear_after_last", &kLinearScalar, 9.0f, {-1}, kExact},
    // (1.2 - 0.8) / 0.8 = 0.5: (14,3,-2) + 0.5 (4,-2,3); 1.2 is not exact in float.
    {"linear_vec3_tutorial", &kLinearVec3, 1.2f, {16, 2, -0.5f}, 1e-5f},
    {"linear_vec3_at_first", &kLinearVec3, 0.8f, {14, 3, -2}, kExact},
    {"linear_vec3_at_last", &kLinearVec3, 1.6f, {18, 1, 1}, kExact},
    {"linear_vec3_after_last", &kLinearVec3, 2.0f, {18, 1, 1}, kExact},
    {"linear_weights_quarter", &kLinearWeights, 0.25f, {1, 1.5f, 2, 2.5f, 3}, kExact},
    {"linear_rotation_raw_at_first", &kLinearRotationRaw, 0.0f, {0, 0, 0, 2}, kExact},
    {"linear_rotation_raw_at_key", &kLinearRotationRaw, 1.0f, {0, 0, 0.02f, 2}, kExact},
    {"linear_rotation_raw_at_last", &kLinearRotationRaw, 2.0f, {0, 0.02f, 0.02f, 2}, kExact},
    {"linear_rotation_raw_before", &kLinearRotationRaw, -1.0f, {0, 0, 0, 2}, kExact},

    // CUBICSPLINE, with h(t) = (2t^3-3t^2+1, t^3-2t^2+t, -2t^3+3t^2, t^3-t^2):
    // h(0.25) = (0.84375, 0.140625, 0.15625, -0.046875); h(0.5) = (0.5, 0.125, 0.5, -0.125).
    {"cubic_before_first", &kCubicScalar, 0.0f, {1}, kExact},  // v_1, not a_1
    {"cubic_at_first", &kCubicScalar, 1.0f, {1}, kExact},
    // t_d = 2: 0.84375*1 + 2*0.140625*2 + 0.15625*4 + 2*(-0.046875)*(-1)
    //        = 0.84375 + 0.5625 + 0.625 + 0.09375
    {"cubic_td2_quarter", &kCubicScalar, 1.5f, {2.125f}, 1e-6f},
    // t_d = 2: 0.5*1 + 2*0.125*2 + 0.5*4 + 2*(-0.125)*(-1) = 0.5 + 0.5 + 2 + 0.25
    {"cubic_td2_half", &kCubicScalar, 2.0f, {3.25f}, 1e-6f},
    {"cubic_at_middle_key", &kCubicScalar, 3.0f, {4}, kExact},
    // second segment, t_d = 1: 0.5*4 + 0.125*0.5 + 0.5*2 + (-0.125)*3 = 2 + 0.0625 + 1 - 0.375
    {"cubic_td1_half", &kCubicScalar, 3.5f, {2.6875f}, 1e-6f},
    {"cubic_at_last", &kCubicScalar, 4.0f, {2}, kExact},  // v_n, not b_n
    {"cubic_after_last", &kCubicScalar, 5.0f, {2}, kExact},
    // t_d = 2, t = 0.5, per target c: 0.5 v1 + 2*0.125 b1 + 0.5 v2 + 2*(-0.125) a2
    //   c=0: 0 + 0.25*1 + 0.5*1 - 0.25*2 = 0.25;  c=1: 0.5 + 0 + 0.5 - 0 = 1;
    //   c=2: 1 - 0.25 + 0 - 0.25 = 0.5
    {"cubic_weights_half", &kCubicWeights, 1.0f, {0.25f, 1, 0.5f}, 1e-6f},
    {"cubic_weights_before_first", &kCubicWeights, -1.0f, {0, 1, 2}, kExact},
    {"cubic_weights_at_first", &kCubicWeights, 0.0f, {0, 1, 2}, kExact},
    {"cubic_weights_at_last", &kCubicWeights, 2.0f, {1, 1, 0}, kExact},
    {"cubic_weights_after_last", &kCubicWeights, 3.0f, {1, 1, 0}, kExact},
    // 0.5 (0,0,0,1) + 0.5 (0,0,1,0) = (0, 0, 0.5, 0.5), length 0.707: normalized, 90 deg about Z.
    {"cubic_rotation_normalized", &kCubicRotationFlat, 0.5f, toVector(kZ90), 1e-6f},
    {"cubic_rotation_normalized_literal",
     &kCubicRotationFlat,
     0.5f,
     {0, 0, kSqrtHalf, kSqrtHalf},
     1e-6f},
    // t_d = 2, t = 0.25: z = 2*0.140625*0.5 + 0.15625*1 + 2*(-0.046875)*0.5 = 0.25,
    // w = 0.84375*1; normalized by sqrt(0.25^2 + 0.84375^2).
    {"cubic_rotation_tangents", &kCubicRotationTangents, 0.5f,
     toVector(normalized({0, 0, 0.25f, 0.84375f})), 1e-6f},
    // 0.5 (0,0,0,2) + 0.5 (0,0,0,-2) = 0: falls back to v_k normalized.
    {"cubic_rotation_zero_falls_back", &kCubicRotationThroughZero, 0.5f, {0, 0, 0, 1}, kExact},
    {"cubic_rotation_raw_at_first", &kCubicRotationRaw, 0.0f, {0, 0, 0, 2}, kExact},
    {"cubic_rotation_raw_at_key", &kCubicRotationRaw, 1.0f, {0, 0, 2, 0}, kExact},
    {"cubic_rotation_raw_at_last", &kCubicRotationRaw, 2.0f, {2, 0, 0, 0}, kExact},
    {"cubic_rotation_raw_after_last", &kCubicRotationRaw, 3.0f, {2, 0, 0, 0}, kExact},

    // LINEAR rotation: slerp. Expected values are quaternions built from angle and axis.
    {"slerp_quarter_turn_half", &kSlerpZ, 0.5f, toVector(axisAngle({0, 0, 1}, 45.0)), 1e-6f},
    {"slerp_quarter_turn_quarter", &kSlerpZ, 0.25f, toVector(axisAngle({0, 0, 1}, 22.5)), 1e-6f},
    {"slerp_quarter_turn_3_quarters", &kSlerpZ, 0.75f, toVector(axisAngle({0, 0, 1}, 67.5)), 1e-6f},
    {"slerp_at_last", &kSlerpZ, 1.0f, toVector(kZ90), kExact},
    {"slerp_after_last", &kSlerpZ, 1.5f, toVector(kZ90), kExact},
    {"slerp_short_path_half", &kSlerpZNegated, 0.5f, toVector(axisAngle({0, 0, 1}, 45.0)), 1e-6f},
    {"slerp_short_path_quarter", &kSlerpZNegated, 0.25f, toVector(axisAngle({0, 0, 1}, 22.5)),
     1e-6f},
    // t = (2.6 - 2) / 2 = 0.3: 20 + 0.3 * 120 = 56 degrees.
    {"slerp_axis_uneven_t", &kSlerpAxis, 2.6f, toVector(axisAngle({1, 2, 3}, 56.0)), 2e-6f},
    // t = 0.25, short path 30 -> 100: 47.5 degrees.
    {"slerp_axis_short_path", &kSlerpAxisNegated, 2.5f, toVector(axisAngle({1, 2, 3}, 47.5)),
     2e-6f},
    // The exact-keyframe rule: the last key is -(100 degrees), returned as stored.
    {"slerp_axis_negated_at_last", &kSlerpAxisNegated, 4.0f,
     toVector(negate(axisAngle({1, 2, 3}, 100.0))), kExact},

    // One keyframe: always its value.
    {"single_before", &kSingleScalar, -5.0f, {7}, kExact},
    {"single_at", &kSingleScalar, 2.0f, {7}, kExact},
    {"single_after", &kSingleScalar, 7.0f, {7}, kExact},
    {"single_nan", &kSingleScalar, kNaN, {7}, kExact},
    {"single_step_vec3_before", &kSingleStepVec3, 0.0f, {7, 8, 9}, kExact},
    {"single_step_vec3_after", &kSingleStepVec3, 3.0f, {7, 8, 9}, kExact},
    {"single_rotation_before", &kSingleRotation, 0.0f, toVector(kZ90), kExact},
    {"single_rotation_after", &kSingleRotation, 3.0f, toVector(kZ90), kExact},
};

class EvaluateTable : public testing::TestWithParam<EvalCase> {};

TEST_P(EvaluateTable, MatchesHandComputedValue) {
  const EvalCase& c = GetParam();
  const Curve& curve = *c.curve;
  const SamplerView sampler =
      test::view(curve.mode, curve.rotation, curve.components, curve.times, curve.values);
  ASSERT_EQ(SamplerIssue::None, validate(sampler));
  ASSERT_EQ(curve.components, c.expected.size());

  // From every starting cursor: the result must not depend on the previous call.
  for (uint32_t start = 0; start < curve.times.size(); ++start) {
    SCOPED_TRACE(testing::Message() << "starting cursor " << start);
    std::vector<float> out(curve.components + 1, -12345.0f);  // one guard float
    Cursor cursor{start};
    evaluate(sampler, c.time, cursor, out.data());
    for (uint32_t i = 0; i < curve.components; ++i) {
      ASSERT_FALSE(std::isnan(out[i])) << "component " << i;
      if (c.tolerance == kExact) {
        EXPECT_EQ(c.expected[i], out[i]) << "component " << i;
      } else {
        EXPECT_NEAR(c.expected[i], out[i], c.tolerance) << "component " << i;
      }
    }
    EXPECT_EQ(-12345.0f, out[curve.components]) << "wrote past the value";
  }
}

INSTANTIATE_TEST_SUITE_P(Evaluate, EvaluateTable, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<EvalCase>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------------------------
// Properties over many t rather than single points.

Quat slerpAt(const Quat& a, const Quat& b, float t) {
  Quat out;
  slerp(a.data(), b.data(), t, out.data());
  return out;
}

void expectQuatNear(const Quat& expected, const Quat& actual, float tolerance) {
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(expected[c], actual[c], tolerance) << "component " << c;
}

TEST(Slerp, NegatedEndGivesTheSameRotation) {
  const Quat a = axisAngle({-2, 1, 0.5}, 10.0);
  const Quat b = axisAngle({0.3, -1, 2}, 150.0);
  for (float t = 0.0f; t <= 1.0f; t += 1.0f / 32.0f) {
    SCOPED_TRACE(testing::Message() << "t " << t);
    expectQuatNear(slerpAt(a, b, t), slerpAt(a, negate(b), t), 1e-6f);
  }
}

TEST(Slerp, ConstantAngularSpeed) {
  // Along one axis, the angle must grow linearly in t (normalized lerp would not).
  for (float t = 0.0f; t <= 1.0f; t += 1.0f / 16.0f) {
    SCOPED_TRACE(testing::Message() << "t " << t);
    const Quat expected = axisAngle({1, 1, 0}, -40.0 + 170.0 * t);
    expectQuatNear(expected, slerpAt(axisAngle({1, 1, 0}, -40.0), axisAngle({1, 1, 0}, 130.0), t),
                   2e-6f);
  }
}

TEST(Slerp, IdenticalQuaternionsGiveThatQuaternion) {
  const Quat q = axisAngle({0.2, -0.7, 0.4}, 37.0);
  for (float t : {0.0f, 0.3f, 0.5f, 0.99f}) {
    SCOPED_TRACE(testing::Message() << "t " << t);
    const Quat out = slerpAt(q, q, t);
    expectQuatNear(q, out, 1e-6f);
    EXPECT_NEAR(1.0, test::length(out.data(), 4), 1e-6);
  }
}

TEST(Slerp, NearlyIdenticalQuaternionsAreNormalizedLerp) {
  const struct {
    const char* name;
    Quat a;
    Quat b;
  } cases[] = {
      {"1e-3 degrees apart", axisAngle({0.2, -0.7, 0.4}, 37.0),
       axisAngle({0.2, -0.7, 0.4}, 37.001)},
      {"1e-5 degrees apart", axisAngle({1, 0, 0}, 5.0), axisAngle({1, 0, 0}, 5.00001)},
      // 0.6 degrees of quaternion angle: the lerp is 1.4e-5 short of unit length at t = 0.5.
      {"1.2 degrees apart", axisAngle({0, 1, 1}, 10.0), axisAngle({0, 1, 1}, 11.2)},
      {"keys of length 2", {0, 0, 0, 2}, {0, 0.002f, 0, 2}},
      {"different axes", axisAngle({1, 0, 0}, 0.01), axisAngle({0, 1, 0}, 0.01)},
      {"negated", axisAngle({0, 0, 1}, 60.0), negate(axisAngle({0, 0, 1}, 60.001))},
      // |dot| = 1.0000002 > 1: acos would give NaN without the clamp.
      {"dot above one", {0, 0, 0, 1.0000001f}, {0, 0, 0, 1.0000001f}},
  };
  for (const auto& c : cases) {
    for (float t : {0.1f, 0.5f, 0.8f}) {
      SCOPED_TRACE(testing::Message() << c.name << ", t " << t);
      const Quat out = slerpAt(c.a, c.b, t);
      for (float v : out) ASSERT_FALSE(std::isnan(v));
      EXPECT_NEAR(1.0, test::length(out.data(), 4), 1e-6);
      // Linear interpolation toward the b on a's side, normalized, worked out here in double.
      const double sign = double(c.a[0]) * c.b[0] + double(c.a[1]) * c.b[1] +
                                      double(c.a[2]) * c.b[2] + double(c.a[3]) * c.b[3] <
                                  0.0
                              ? -1.0
                              : 1.0;
      Quat lerped;
      for (int i = 0; i < 4; ++i) lerped[i] = float((1.0 - t) * c.a[i] + sign * t * c.b[i]);
      expectQuatNear(normalized(lerped), out, 1e-6f);
    }
  }
}

TEST(CubicSpline, RotationResultIsUnitAlongTheCurve) {
  const Curve& curve = kCubicRotationTangents;
  const SamplerView sampler =
      test::view(curve.mode, curve.rotation, curve.components, curve.times, curve.values);
  Cursor cursor;
  for (float time = 0.0f; time <= 2.0f; time += 1.0f / 64.0f) {
    SCOPED_TRACE(testing::Message() << "time " << time);
    Quat out;
    evaluate(sampler, time, cursor, out.data());
    EXPECT_NEAR(1.0, test::length(out.data(), 4), 1e-6);
    // The curve stays in the z-w plane, turning from w toward z.
    EXPECT_EQ(0.0f, out[0]);
    EXPECT_EQ(0.0f, out[1]);
    EXPECT_GE(out[2], 0.0f);
  }
}

TEST(NormalizeRotation, FallsBackWithoutNaN) {
  const float inf = std::numeric_limits<float>::infinity();
  const struct {
    const char* name;
    Quat q;
    Quat fallback;
    Quat expected;
  } cases[] = {
      {"unit stays", {0, 0.6f, 0, 0.8f}, {9, 9, 9, 9}, {0, 0.6f, 0, 0.8f}},
      {"scaled", {0, 3, 0, 4}, {9, 9, 9, 9}, {0, 0.6f, 0, 0.8f}},
      {"zero uses fallback", {0, 0, 0, 0}, {0, 0, 3, 4}, {0, 0, 0.6f, 0.8f}},
      {"tiny uses fallback", {1e-7f, 0, 0, 0}, {0, 0, 3, 4}, {0, 0, 0.6f, 0.8f}},
      {"nan uses fallback", {kNaN, 0, 0, 1}, {0, 0, 3, 4}, {0, 0, 0.6f, 0.8f}},
      {"infinite uses fallback", {inf, 0, 0, 1}, {0, 0, 3, 4}, {0, 0, 0.6f, 0.8f}},
      {"both zero gives identity", {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    Quat q = c.q;
    normalizeRotation(q.data(), c.fallback.data());
    expectQuatNear(c.expected, q, 1e-7f);
  }
}

}  // namespace
}  // namespace vitrine::anim
