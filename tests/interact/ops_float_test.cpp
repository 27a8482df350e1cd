// evalFloatOp against values worked by hand from the KHR_interactivity text, "Math Operations":
// "Constants", "Arithmetic Operations", "Comparison Operations", "Special Operations" (isNaN,
// isInf), "Angle and Trigonometry Operations", "Hyperbolic Operations" and "Exponential
// Operations", every special case the text tables included. Exact cases check the sign of a
// zero result with std::signbit; NaN is checked with std::isnan. Each case goes through the
// row's sockets (opInfo) exactly as the executor calls it (ops_pure.h).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <numbers>
#include <vector>

#include "op_table.h"
#include "ops_pure.h"
#include "value.h"

namespace vitrine::interact {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kE = std::numbers::e;
constexpr double kTol = 1e-15;  // an O(1) transcendental result: a few ulps

// One scalar case: `op` on float inputs (as many as its row has), the expected float output.
// tol 0: the exact value, the sign of a zero included; otherwise |got - want| <= tol.
struct Case {
  Op op;
  std::vector<double> in;
  double want;
  double tol;
  Case(Op o, std::initializer_list<double> a, double w, double t = 0.0)
      : op(o), in(a), want(w), tol(t) {}
};

// One scalar case with a bool output (comparisons, isNaN, isInf).
struct BoolCase {
  Op op;
  std::vector<double> in;
  bool want;
};

// Runs `op` on `ins` (one per input socket of its row), the output typed `outType`, after
// checking that the row belongs to this family.
Value run(Op op, const std::vector<Value>& ins, Type outType) {
  const OpInfo& info = opInfo(op);
  EXPECT_EQ(pureFunction(op), &evalFloatOp) << info.name;
  EXPECT_EQ(info.inputs.size(), ins.size()) << info.name;
  EXPECT_EQ(info.outputs.size(), 1u) << info.name;
  std::array<const Value*, 3> in{};
  for (size_t k = 0; k < ins.size() && k < in.size(); ++k) in[k] = &ins[k];
  Value out;
  out.type = outType;
  evalFloatOp(op, in.data(), &out, 0);
  return out;
}

std::vector<Value> floats(const std::vector<double>& v) {
  std::vector<Value> r;
  for (double d : v) r.push_back(makeFloat(d));
  return r;
}

void expectFloat(double got, double want, double tol) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << "got " << got << ", want NaN";
  } else if (tol == 0.0) {
    EXPECT_EQ(got, want);
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << "got " << got << ", want " << want;
  } else {
    EXPECT_NEAR(got, want, tol);
  }
}

testing::Message describe(Op op, const std::vector<double>& in) {
  testing::Message m;
  m << opInfo(op).name << "(";
  for (size_t k = 0; k < in.size(); ++k) m << (k ? ", " : "") << in[k];
  return m << ")";
}

void runCases(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(describe(c.op, c.in));
    const Value out = run(c.op, floats(c.in), Type::Float);
    expectFloat(out.f[0], c.want, c.tol);
  }
}

void runBoolCases(const std::vector<BoolCase>& cases) {
  for (const BoolCase& c : cases) {
    SCOPED_TRACE(describe(c.op, c.in));
    const Value out = run(c.op, floats(c.in), Type::Bool);
    EXPECT_EQ(out.b, c.want);
  }
}

// The family rule of "Arithmetic", "Angle and Trigonometry", "Hyperbolic" and "Exponential
// Operations" (math/pow excepted): "If any input value component is NaN, the corresponding
// output value component is also NaN". Each op of `ops` gets NaN in each input socket in turn
// and `fill` (inside every op's domain) in the others.
void expectNaNPropagates(std::initializer_list<Op> ops, double fill) {
  for (Op op : ops) {
    const size_t n = opInfo(op).inputs.size();
    for (size_t k = 0; k < n; ++k) {
      std::vector<double> in(n, fill);
      in[k] = kNaN;
      SCOPED_TRACE(describe(op, in));
      expectFloat(run(op, floats(in), Type::Float).f[0], kNaN, 0.0);
    }
  }
}

// The special cases that return the argument itself ("±0 if a = ±0", "If the argument is
// infinity, it is returned unchanged", ...): each op of `ops` at each of `points`, the sign of a
// zero included.
void expectUnchanged(std::initializer_list<Op> ops, std::initializer_list<double> points) {
  for (Op op : ops) {
    for (double a : points) {
      SCOPED_TRACE(describe(op, {a}));
      expectFloat(run(op, floats({a}), Type::Float).f[0], a, 0.0);
    }
  }
}

Value floatsOf(Type type, std::initializer_list<double> v) {
  std::array<double, 16> buf{};
  size_t k = 0;
  for (double d : v) buf[k++] = d;
  EXPECT_EQ(k, componentCount(type));
  return makeFloats(type, buf.data());
}

// A floatN / floatNxN output against `want`, component by component.
void expectFloats(const Value& got, std::initializer_list<double> want, double tol = 0.0) {
  size_t k = 0;
  for (double w : want) {
    SCOPED_TRACE(testing::Message() << "component " << k);
    expectFloat(got.f[k++], w, tol);
  }
}

TEST(FloatOps, Constants) {
  // "Constants": the decimals of the text's table.
  runCases({
      {Op::MathE, {}, 2.718281828459045},
      {Op::MathPi, {}, 3.141592653589793},
      {Op::MathTau, {}, 6.283185307179586},
      {Op::MathInf, {}, kInf},  // positive infinity (signbit clear)
      {Op::MathNaN, {}, kNaN},
  });
}

TEST(FloatOps, Rounding) {
  runCases({
      // "Absolute Value": -a below zero, +0 for ±0, a above zero.
      {Op::MathAbs, {-2.5}, 2.5},
      {Op::MathAbs, {3.0}, 3.0},
      {Op::MathAbs, {-0.0}, +0.0},
      {Op::MathAbs, {+0.0}, +0.0},
      {Op::MathAbs, {-kInf}, kInf},
      // "Sign": -1 below zero, a for ±0, +1 above zero.
      {Op::MathSign, {-3.0}, -1.0},
      {Op::MathSign, {0.25}, 1.0},
      {Op::MathSign, {-kInf}, -1.0},
      {Op::MathSign, {kInf}, 1.0},
      // "Truncate": the nearest integer not larger in magnitude; infinity unchanged. A zero
      // result keeps the operand's sign (IEEE-754 roundToIntegral).
      {Op::MathTrunc, {2.7}, 2.0},
      {Op::MathTrunc, {-2.7}, -2.0},
      {Op::MathTrunc, {-0.5}, -0.0},
      // "Floor": the nearest integer <= a; infinity unchanged.
      {Op::MathFloor, {2.7}, 2.0},
      {Op::MathFloor, {-2.2}, -3.0},
      // "Ceil": the nearest integer >= a; infinity unchanged.
      {Op::MathCeil, {2.2}, 3.0},
      {Op::MathCeil, {-2.7}, -2.0},
      {Op::MathCeil, {-0.5}, -0.0},
      // "Round": the nearest integer, half-way cases away from zero, negative values greater
      // than -0.5 to -0, infinity unchanged (tip: a < 0 ? -Math.round(-a) : Math.round(a)).
      {Op::MathRound, {2.5}, 3.0},
      {Op::MathRound, {-2.5}, -3.0},  // away from zero, not to even (-2) nor up (-2)
      {Op::MathRound, {0.5}, 1.0},
      {Op::MathRound, {-0.5}, -1.0},
      {Op::MathRound, {1.4}, 1.0},
      {Op::MathRound, {-1.6}, -2.0},
      {Op::MathRound, {-0.3}, -0.0},
      {Op::MathRound, {-0.49999999999999994}, -0.0},  // greater than -0.5
      {Op::MathRound, {0.49999999999999994}, +0.0},   // nearest integer 0 (floor(a + 0.5) gives 1)
      {Op::MathRound, {4503599627370497.0}, 4503599627370497.0},  // 2^52 + 1, already integer
      // "Fraction": a - floor(a).
      {Op::MathFract, {2.75}, 0.75},
      {Op::MathFract, {-2.25}, 0.75},  // -2.25 - (-3)
      {Op::MathFract, {3.0}, +0.0},
      {Op::MathFract, {-0.0}, +0.0},  // -0 - floor(-0) = -0 - -0 = +0
      {Op::MathFract, {kInf}, kNaN},  // inf - floor(inf) = inf - inf
      {Op::MathFract, {-kInf}, kNaN},
      // "Negation": -a.
      {Op::MathNeg, {2.0}, -2.0},
      {Op::MathNeg, {-0.0}, +0.0},
      {Op::MathNeg, {+0.0}, -0.0},
      {Op::MathNeg, {kInf}, -kInf},
  });
  // "Sign" gives a for ±0; "Truncate", "Floor", "Ceil", "Round" return infinity unchanged and
  // keep ±0 (IEEE-754 roundToIntegral; "Round": the tip's Math.round(-0) = -0).
  expectUnchanged({Op::MathSign, Op::MathTrunc, Op::MathFloor, Op::MathCeil, Op::MathRound},
                  {+0.0, -0.0});
  expectUnchanged({Op::MathTrunc, Op::MathFloor, Op::MathCeil, Op::MathRound}, {kInf, -kInf});
  expectNaNPropagates({Op::MathAbs, Op::MathSign, Op::MathTrunc, Op::MathFloor, Op::MathCeil,
                       Op::MathRound, Op::MathFract, Op::MathNeg},
                      0.5);
}

TEST(FloatOps, Arithmetic) {
  runCases({
      // "Addition", "Subtraction", "Multiplication", "Division": IEEE-754 a + b, a - b, a * b,
      // a / b.
      {Op::MathAdd, {1.5, 2.25}, 3.75},
      {Op::MathAdd, {-0.0, -0.0}, -0.0},
      {Op::MathAdd, {-0.0, +0.0}, +0.0},
      {Op::MathAdd, {kInf, -kInf}, kNaN},
      {Op::MathSub, {5.0, 7.5}, -2.5},
      {Op::MathSub, {+0.0, +0.0}, +0.0},
      {Op::MathSub, {-0.0, +0.0}, -0.0},
      {Op::MathSub, {kInf, kInf}, kNaN},
      {Op::MathMul, {1.5, -4.0}, -6.0},
      {Op::MathMul, {-0.0, 5.0}, -0.0},
      {Op::MathMul, {0.0, kInf}, kNaN},
      {Op::MathDiv, {1.0, 4.0}, 0.25},
      {Op::MathDiv, {1.0, +0.0}, kInf},
      {Op::MathDiv, {-1.0, +0.0}, -kInf},
      {Op::MathDiv, {1.0, -0.0}, -kInf},
      {Op::MathDiv, {0.0, 0.0}, kNaN},
      {Op::MathDiv, {kInf, kInf}, kNaN},
      // "Remainder": NaN if a = ±inf or b = ±0; a if a is finite and b = ±inf;
      // a - b * trunc(a / b) otherwise; the tip: ECMAScript a % b.
      {Op::MathRem, {5.5, 2.0}, 1.5},    // 5.5 - 2 * trunc(2.75) = 5.5 - 4
      {Op::MathRem, {-5.5, 2.0}, -1.5},  // -5.5 - 2 * trunc(-2.75) = -5.5 + 4
      {Op::MathRem, {5.5, -2.0}, 1.5},   // 5.5 - (-2) * trunc(-2.75) = 5.5 - 4
      {Op::MathRem, {-5.5, -2.0}, -1.5},
      {Op::MathRem, {kInf, 2.0}, kNaN},
      {Op::MathRem, {-kInf, 2.0}, kNaN},
      {Op::MathRem, {kInf, kInf}, kNaN},
      {Op::MathRem, {1.0, +0.0}, kNaN},
      {Op::MathRem, {1.0, -0.0}, kNaN},
      {Op::MathRem, {3.0, kInf}, 3.0},
      {Op::MathRem, {-3.0, -kInf}, -3.0},
      {Op::MathRem, {-0.0, kInf}, -0.0},
      {Op::MathRem, {kNaN, kInf}, kNaN},  // the "a" of the second case is NaN
      // ECMAScript %: the sign of the dividend, exact (1e17 = 33333333333333333 * 3 + 1).
      {Op::MathRem, {-4.0, 2.0}, -0.0},
      {Op::MathRem, {-0.0, 5.0}, -0.0},
      {Op::MathRem, {1e17, 3.0}, 1.0},
  });
  expectNaNPropagates({Op::MathAdd, Op::MathSub, Op::MathMul, Op::MathDiv, Op::MathRem}, 0.5);
}

TEST(FloatOps, MinMaxClamp) {
  runCases({
      // "Minimum" / "Maximum": -0 is less than +0; NaN propagates ("Arithmetic Operations",
      // ECMAScript Math.min / Math.max).
      {Op::MathMin, {1.0, 2.0}, 1.0},
      {Op::MathMin, {2.0, 1.0}, 1.0},
      {Op::MathMin, {-0.0, +0.0}, -0.0},
      {Op::MathMin, {+0.0, -0.0}, -0.0},
      {Op::MathMin, {-kInf, 5.0}, -kInf},
      {Op::MathMax, {1.0, 2.0}, 2.0},
      {Op::MathMax, {2.0, 1.0}, 2.0},
      {Op::MathMax, {-0.0, +0.0}, +0.0},
      {Op::MathMax, {+0.0, -0.0}, +0.0},
      {Op::MathMax, {kInf, 5.0}, kInf},
      // "Clamp": min(max(a, min(b, c)), max(b, c)); b > c works.
      {Op::MathClamp, {5.0, 0.0, 1.0}, 1.0},
      {Op::MathClamp, {-1.0, 0.0, 1.0}, 0.0},
      {Op::MathClamp, {0.5, 0.0, 1.0}, 0.5},
      {Op::MathClamp, {5.0, 1.0, 0.0}, 1.0},  // min(max(5, 0), 1)
      {Op::MathClamp, {-1.0, 1.0, 0.0}, 0.0},
      {Op::MathClamp, {0.25, 1.0, 0.0}, 0.25},
      {Op::MathClamp, {-0.0, +0.0, 1.0}, +0.0},  // max(-0, min(+0, 1)) = +0
      // "Saturate": min(max(a, 0), 1).
      {Op::MathSaturate, {2.0}, 1.0},
      {Op::MathSaturate, {-3.0}, +0.0},
      {Op::MathSaturate, {0.5}, 0.5},
      {Op::MathSaturate, {-0.0}, +0.0},  // max(-0, +0) = +0
      {Op::MathSaturate, {kInf}, 1.0},
      {Op::MathSaturate, {-kInf}, +0.0},
  });
  expectNaNPropagates({Op::MathMin, Op::MathMax, Op::MathClamp, Op::MathSaturate}, 0.5);
}

TEST(FloatOps, MixSmoothStep) {
  runCases({
      // "Interpolate": (1 - c) * a + c * b, c unclamped.
      {Op::MathMix, {2.0, 4.0, 0.5}, 3.0},
      {Op::MathMix, {2.0, 4.0, 0.0}, 2.0},
      {Op::MathMix, {2.0, 4.0, 1.0}, 4.0},
      {Op::MathMix, {2.0, 4.0, 2.0}, 6.0},   // -1 * 2 + 2 * 4
      {Op::MathMix, {2.0, 4.0, -1.0}, 0.0},  // 2 * 2 - 4
      {Op::MathMix, {kInf, 1.0, 0.5}, kInf},
      {Op::MathMix, {2.0, kInf, 0.0}, kNaN},  // 1 * 2 + 0 * inf
      // "Smooth Step": t = saturate((c - min(a, b)) / |b - a|), t * t * (3 - 2 * t); symmetric
      // in a and b (GLSL's smoothstep(1, 0, 0.25) would be 0.84375).
      {Op::MathSmoothStep, {0.0, 1.0, 0.5}, 0.5},       // 0.25 * 2
      {Op::MathSmoothStep, {0.0, 1.0, 0.25}, 0.15625},  // 0.0625 * 2.5
      {Op::MathSmoothStep, {1.0, 0.0, 0.25}, 0.15625},
      {Op::MathSmoothStep, {0.0, 1.0, 0.75}, 0.84375},  // 0.5625 * 1.5
      {Op::MathSmoothStep, {2.0, 0.0, 0.5}, 0.15625},   // t = 0.5 / 2
      {Op::MathSmoothStep, {0.0, 1.0, -1.0}, 0.0},
      {Op::MathSmoothStep, {0.0, 1.0, 2.0}, 1.0},
      {Op::MathSmoothStep, {0.0, 1.0, kInf}, 1.0},
      {Op::MathSmoothStep, {0.0, 1.0, -kInf}, 0.0},
      // Equal edges: (c - a) / 0 is +inf above, -inf below, NaN at the edge.
      {Op::MathSmoothStep, {1.0, 1.0, 2.0}, 1.0},
      {Op::MathSmoothStep, {1.0, 1.0, 0.0}, 0.0},
      {Op::MathSmoothStep, {1.0, 1.0, 1.0}, kNaN},
  });
  expectNaNPropagates({Op::MathMix, Op::MathSmoothStep}, 0.5);
}

TEST(FloatOps, Comparisons) {
  // "Comparison Operations": NaN gives false; -0 equals +0. One row per pair of arguments:
  // the expected eq, lt, le, gt, ge.
  struct Row {
    double a, b;
    bool eq, lt, le, gt, ge;
  };
  const Row rows[] = {
      {1.0, 2.0, false, true, true, false, false},
      {2.0, 1.0, false, false, false, true, true},
      {1.0, 1.0, true, false, true, false, true},
      {-0.0, +0.0, true, false, true, false, true},
      {+0.0, -0.0, true, false, true, false, true},
      {-kInf, kInf, false, true, true, false, false},
      {kInf, kInf, true, false, true, false, true},
      {kInf, -kInf, false, false, false, true, true},
      {kNaN, 1.0, false, false, false, false, false},
      {1.0, kNaN, false, false, false, false, false},
      {kNaN, kNaN, false, false, false, false, false},
  };
  std::vector<BoolCase> cases;
  for (const Row& r : rows) {
    cases.push_back({Op::MathEq, {r.a, r.b}, r.eq});
    cases.push_back({Op::MathLt, {r.a, r.b}, r.lt});
    cases.push_back({Op::MathLe, {r.a, r.b}, r.le});
    cases.push_back({Op::MathGt, {r.a, r.b}, r.gt});
    cases.push_back({Op::MathGe, {r.a, r.b}, r.ge});
  }
  runBoolCases(cases);
  // "Is Not a Number", "Is Infinity" (either sign).
  runBoolCases({
      {Op::MathIsNaN, {kNaN}, true},
      {Op::MathIsNaN, {1.0}, false},
      {Op::MathIsNaN, {kInf}, false},
      {Op::MathIsInf, {kInf}, true},
      {Op::MathIsInf, {-kInf}, true},
      {Op::MathIsInf, {kNaN}, false},
      {Op::MathIsInf, {1.7976931348623157e308}, false},  // the largest finite double
  });
}

TEST(FloatOps, Trigonometry) {
  runCases({
      // "Degrees-To-Radians" a * pi / 180, "Radians-To-Degrees" a * 180 / pi.
      {Op::MathRad, {180.0}, kPi, kTol},
      {Op::MathRad, {90.0}, kPi / 2, kTol},
      {Op::MathDeg, {kPi}, 180.0, 1e-12},
      {Op::MathDeg, {kPi / 2}, 90.0, 1e-12},
      // "Sine": ±0 for ±0, NaN for ±inf.
      {Op::MathSin, {kInf}, kNaN},
      {Op::MathSin, {-kInf}, kNaN},
      {Op::MathSin, {kPi / 6}, 0.5, kTol},
      {Op::MathSin, {kPi / 2}, 1.0, kTol},
      // "Cosine": +1 for ±0, NaN for ±inf.
      {Op::MathCos, {+0.0}, 1.0},
      {Op::MathCos, {-0.0}, 1.0},
      {Op::MathCos, {kInf}, kNaN},
      {Op::MathCos, {-kInf}, kNaN},
      {Op::MathCos, {kPi / 3}, 0.5, kTol},
      {Op::MathCos, {kPi}, -1.0, kTol},
      // "Tangent": ±0 for ±0, NaN for ±inf; the note's value next to pi / 2.
      {Op::MathTan, {kInf}, kNaN},
      {Op::MathTan, {-kInf}, kNaN},
      {Op::MathTan, {kPi / 4}, 1.0, kTol},
      {Op::MathTan, {kPi / 2}, 16331239353195370.0, 4.0},
      // "Arcsine": ±0 for ±0, NaN for |a| > 1, in [-pi/2, pi/2].
      {Op::MathAsin, {1.5}, kNaN},
      {Op::MathAsin, {-1.5}, kNaN},
      {Op::MathAsin, {1.0}, kPi / 2, kTol},
      {Op::MathAsin, {-1.0}, -kPi / 2, kTol},
      {Op::MathAsin, {0.5}, kPi / 6, kTol},
      // "Arccosine": +0 for 1, NaN for |a| > 1, in [0, pi].
      {Op::MathAcos, {1.0}, +0.0},
      {Op::MathAcos, {2.0}, kNaN},
      {Op::MathAcos, {-2.0}, kNaN},
      {Op::MathAcos, {-1.0}, kPi, kTol},
      {Op::MathAcos, {0.0}, kPi / 2, kTol},
      {Op::MathAcos, {0.5}, kPi / 3, kTol},
      // "Arctangent": ±0 for ±0, ±pi/2 for ±inf.
      {Op::MathAtan, {kInf}, kPi / 2, kTol},
      {Op::MathAtan, {-kInf}, -kPi / 2, kTol},
      {Op::MathAtan, {1.0}, kPi / 4, kTol},
      // "Arctangent 2": IEEE-754 atan2(y = a, x = b), its special cases.
      {Op::MathAtan2, {+0.0, +0.0}, +0.0},
      {Op::MathAtan2, {-0.0, +0.0}, -0.0},
      {Op::MathAtan2, {+0.0, -0.0}, kPi, kTol},
      {Op::MathAtan2, {-0.0, -0.0}, -kPi, kTol},
      {Op::MathAtan2, {+0.0, -1.0}, kPi, kTol},
      {Op::MathAtan2, {-0.0, -1.0}, -kPi, kTol},
      {Op::MathAtan2, {+0.0, 1.0}, +0.0},
      {Op::MathAtan2, {-0.0, 1.0}, -0.0},
      {Op::MathAtan2, {1.0, +0.0}, kPi / 2, kTol},
      {Op::MathAtan2, {-1.0, -0.0}, -kPi / 2, kTol},
      {Op::MathAtan2, {1.0, kInf}, +0.0},
      {Op::MathAtan2, {-1.0, kInf}, -0.0},
      {Op::MathAtan2, {1.0, -kInf}, kPi, kTol},
      {Op::MathAtan2, {-1.0, -kInf}, -kPi, kTol},
      {Op::MathAtan2, {kInf, 1.0}, kPi / 2, kTol},
      {Op::MathAtan2, {-kInf, 1.0}, -kPi / 2, kTol},
      {Op::MathAtan2, {kInf, kInf}, kPi / 4, kTol},
      {Op::MathAtan2, {kInf, -kInf}, 3 * kPi / 4, kTol},
      {Op::MathAtan2, {-kInf, -kInf}, -3 * kPi / 4, kTol},
      {Op::MathAtan2, {1.0, 1.0}, kPi / 4, kTol},
      {Op::MathAtan2, {1.0, -1.0}, 3 * kPi / 4, kTol},
  });
  // ±0 for ±0: "Sine", "Tangent", "Arcsine", "Arctangent"; rad and deg by their formulas.
  expectUnchanged({Op::MathRad, Op::MathDeg, Op::MathSin, Op::MathTan, Op::MathAsin, Op::MathAtan},
                  {+0.0, -0.0});
  expectNaNPropagates({Op::MathRad, Op::MathDeg, Op::MathSin, Op::MathCos, Op::MathTan,
                       Op::MathAsin, Op::MathAcos, Op::MathAtan, Op::MathAtan2},
                      0.5);
}

TEST(FloatOps, Hyperbolic) {
  const double sqrt2 = std::sqrt(2.0);
  const double sqrt3 = std::sqrt(3.0);
  runCases({
      // "Hyperbolic Sine": ±0, ±inf kept; sinh(1) = (e - 1/e) / 2.
      {Op::MathSinh, {1.0}, (kE - 1 / kE) / 2, kTol},
      // "Hyperbolic Cosine": +1 for ±0, +inf for ±inf; cosh(1) = (e + 1/e) / 2.
      {Op::MathCosh, {+0.0}, 1.0},
      {Op::MathCosh, {-0.0}, 1.0},
      {Op::MathCosh, {kInf}, kInf},
      {Op::MathCosh, {-kInf}, kInf},
      {Op::MathCosh, {1.0}, (kE + 1 / kE) / 2, kTol},
      // "Hyperbolic Tangent": ±0 kept, ±1 for ±inf; tanh(ln 3 / 2) = (3 - 1) / (3 + 1).
      {Op::MathTanh, {kInf}, 1.0},
      {Op::MathTanh, {-kInf}, -1.0},
      {Op::MathTanh, {std::log(3.0) / 2}, 0.5, kTol},
      // "Inverse Hyperbolic Sine": ±0, ±inf kept; arsinh(1) = ln(1 + sqrt 2).
      {Op::MathAsinh, {1.0}, std::log(1 + sqrt2), kTol},
      // "Inverse Hyperbolic Cosine": NaN below 1, +0 for 1, +inf for +inf; arcosh(2) =
      // ln(2 + sqrt 3).
      {Op::MathAcosh, {0.5}, kNaN},
      {Op::MathAcosh, {-0.0}, kNaN},
      {Op::MathAcosh, {-kInf}, kNaN},
      {Op::MathAcosh, {1.0}, +0.0},
      {Op::MathAcosh, {2.0}, std::log(2 + sqrt3), kTol},
      // "Inverse Hyperbolic Tangent": NaN for |a| > 1, ±inf for ±1, ±0 kept; artanh(0.5) =
      // ln(3) / 2.
      {Op::MathAtanh, {1.5}, kNaN},
      {Op::MathAtanh, {-1.5}, kNaN},
      {Op::MathAtanh, {1.0}, kInf},
      {Op::MathAtanh, {-1.0}, -kInf},
      {Op::MathAtanh, {0.5}, std::log(3.0) / 2, kTol},
  });
  // ±0 for ±0 (sinh, tanh, asinh, atanh); ±inf for ±inf (sinh, asinh); +inf for +inf (acosh).
  expectUnchanged({Op::MathSinh, Op::MathTanh, Op::MathAsinh, Op::MathAtanh}, {+0.0, -0.0});
  expectUnchanged({Op::MathSinh, Op::MathAsinh}, {kInf, -kInf});
  expectUnchanged({Op::MathAcosh}, {kInf});
  expectNaNPropagates({Op::MathSinh, Op::MathCosh, Op::MathTanh, Op::MathAsinh, Op::MathAtanh},
                      0.5);
  expectNaNPropagates({Op::MathAcosh}, 2.0);
}

TEST(FloatOps, ExponentialPow) {
  runCases({
      // "Exponent": +0 for -inf, +1 for ±0, +inf for +inf.
      {Op::MathExp, {-kInf}, +0.0},
      {Op::MathExp, {+0.0}, 1.0},
      {Op::MathExp, {-0.0}, 1.0},
      {Op::MathExp, {1.0}, kE, 4e-15},
      // "Natural Logarithm", "Base-2 Logarithm", "Base-10 Logarithm": NaN below 0, -inf for
      // ±0, +0 for +1, +inf for +inf.
      {Op::MathLog, {-1.0}, kNaN},
      {Op::MathLog, {-kInf}, kNaN},
      {Op::MathLog, {+0.0}, -kInf},
      {Op::MathLog, {-0.0}, -kInf},
      {Op::MathLog, {1.0}, +0.0},
      {Op::MathLog, {kE}, 1.0, kTol},
      {Op::MathLog2, {-1.0}, kNaN},
      {Op::MathLog2, {+0.0}, -kInf},
      {Op::MathLog2, {-0.0}, -kInf},
      {Op::MathLog2, {1.0}, +0.0},
      {Op::MathLog2, {8.0}, 3.0, kTol},
      {Op::MathLog2, {0.5}, -1.0, kTol},
      {Op::MathLog10, {-1.0}, kNaN},
      {Op::MathLog10, {+0.0}, -kInf},
      {Op::MathLog10, {-0.0}, -kInf},
      {Op::MathLog10, {1.0}, +0.0},
      {Op::MathLog10, {1000.0}, 3.0, kTol},
      {Op::MathLog10, {0.01}, -2.0, kTol},
      // "Square Root": NaN below 0, ±0 kept, +inf for +inf (correctly rounded: exact squares).
      {Op::MathSqrt, {-1.0}, kNaN},
      {Op::MathSqrt, {-kInf}, kNaN},
      {Op::MathSqrt, {2.25}, 1.5},
      // "Cube Root": ±0 and ±inf kept, negative radicands have a real root.
      {Op::MathCbrt, {-27.0}, -3.0, kTol},
      {Op::MathCbrt, {8.0}, 2.0, kTol},
      // "Power": IEEE-754 pow, but NaN^±0 = 1 and (±1)^±inf, (±1)^NaN are NaN (a ** b).
      {Op::MathPow, {2.0, 10.0}, 1024.0},
      {Op::MathPow, {2.0, -1.0}, 0.5},
      {Op::MathPow, {9.0, 0.5}, 3.0},
      {Op::MathPow, {kNaN, +0.0}, 1.0},
      {Op::MathPow, {kNaN, -0.0}, 1.0},
      {Op::MathPow, {1.0, kInf}, kNaN},
      {Op::MathPow, {1.0, -kInf}, kNaN},
      {Op::MathPow, {-1.0, kInf}, kNaN},
      {Op::MathPow, {-1.0, -kInf}, kNaN},
      {Op::MathPow, {1.0, kNaN}, kNaN},
      {Op::MathPow, {-1.0, kNaN}, kNaN},
      {Op::MathPow, {kNaN, 1.0}, kNaN},
      {Op::MathPow, {2.0, kNaN}, kNaN},
      // IEEE-754 pow's own special cases, unchanged.
      {Op::MathPow, {1.0, 2.0}, 1.0},
      {Op::MathPow, {kInf, +0.0}, 1.0},  // x^±0 = 1 for any x
      {Op::MathPow, {+0.0, -1.0}, kInf},
      {Op::MathPow, {-0.0, -1.0}, -kInf},  // odd integer exponent keeps the sign
      {Op::MathPow, {-0.0, -2.0}, kInf},
      {Op::MathPow, {-0.0, 3.0}, -0.0},
      {Op::MathPow, {-0.0, 2.0}, +0.0},
      {Op::MathPow, {-8.0, 1.0 / 3.0}, kNaN},  // negative finite base, non-integer exponent
      {Op::MathPow, {0.5, kInf}, +0.0},
      {Op::MathPow, {0.5, -kInf}, kInf},
      {Op::MathPow, {2.0, kInf}, kInf},
      {Op::MathPow, {2.0, -kInf}, +0.0},
      {Op::MathPow, {-kInf, 3.0}, -kInf},
      {Op::MathPow, {-kInf, -3.0}, -0.0},
      {Op::MathPow, {-kInf, 2.0}, kInf},
      {Op::MathPow, {kInf, -1.0}, +0.0},
  });
  // ±0 for ±0 (sqrt, cbrt); ±inf for ±inf (cbrt); +inf for +inf (exp, the logarithms, sqrt).
  expectUnchanged({Op::MathSqrt, Op::MathCbrt}, {+0.0, -0.0});
  expectUnchanged({Op::MathCbrt}, {kInf, -kInf});
  expectUnchanged({Op::MathExp, Op::MathLog, Op::MathLog2, Op::MathLog10, Op::MathSqrt}, {kInf});
  expectNaNPropagates(
      {Op::MathExp, Op::MathLog, Op::MathLog2, Op::MathLog10, Op::MathSqrt, Op::MathCbrt}, 0.5);
}

TEST(FloatOps, VectorsAndMatricesComponentWise) {
  const auto f2 = [](std::initializer_list<double> v) { return floatsOf(Type::Float2, v); };
  const auto f3 = [](std::initializer_list<double> v) { return floatsOf(Type::Float3, v); };
  const auto f4 = [](std::initializer_list<double> v) { return floatsOf(Type::Float4, v); };
  const auto m2 = [](std::initializer_list<double> v) { return floatsOf(Type::Float2x2, v); };
  // "Arithmetic Operations": component-wise, a NaN component only affects its own component.
  expectFloats(run(Op::MathAbs, {f3({-1.5, -0.0, kNaN})}, Type::Float3), {1.5, +0.0, kNaN});
  expectFloats(run(Op::MathAdd, {f3({1.0, -0.0, kInf}), f3({2.0, -0.0, -kInf})}, Type::Float3),
               {3.0, -0.0, kNaN});
  expectFloats(run(Op::MathRound, {f3({2.5, -2.5, -0.25})}, Type::Float3), {3.0, -3.0, -0.0});
  // "Multiplication": per element for matrices (matMul would give 23, 34, 31, 46).
  expectFloats(run(Op::MathMul, {m2({1, 2, 3, 4}), m2({5, 6, 7, -0.0})}, Type::Float2x2),
               {5.0, 12.0, 21.0, -0.0});
  // "Clamp" per component, the second with b > c.
  expectFloats(run(Op::MathClamp, {f3({5, 5, kNaN}), f3({0, 2, 0}), f3({1, -2, 1})}, Type::Float3),
               {1.0, 2.0, kNaN});
  // "Smooth Step" per component, edges swapped in the second.
  expectFloats(run(Op::MathSmoothStep, {f2({0, 1}), f2({1, 0}), f2({0.25, 0.25})}, Type::Float2),
               {0.15625, 0.15625});
  // "Power" per component: 2^3, NaN^0, 1^inf, (-0)^-1.
  expectFloats(run(Op::MathPow, {f4({2, kNaN, 1, -0.0}), f4({3, 0, kInf, -1})}, Type::Float4),
               {8.0, 1.0, kNaN, -kInf});
  // "Negation" over all 16 elements of a float4x4 (-0 first).
  std::array<double, 16> v{};
  for (size_t k = 0; k < v.size(); ++k) v[k] = static_cast<double>(k);
  const Value neg = run(Op::MathNeg, {makeFloats(Type::Float4x4, v.data())}, Type::Float4x4);
  for (size_t k = 0; k < v.size(); ++k) expectFloat(neg.f[k], -v[k], 0.0);
  // "Equality": true only when every component pair is equal; -0 equals +0, NaN never equal.
  const auto eq = [](const Value& a, const Value& b) {
    return run(Op::MathEq, {a, b}, Type::Bool).b;
  };
  EXPECT_TRUE(eq(f3({1, 2, 3}), f3({1, 2, 3})));
  EXPECT_FALSE(eq(f3({1, 2, 3}), f3({1, 2, 4})));
  EXPECT_FALSE(eq(f3({0, 2, 3}), f3({1, 2, 3})));
  EXPECT_TRUE(eq(f3({-0.0, 0.0, 1}), f3({0.0, -0.0, 1})));
  EXPECT_FALSE(eq(f3({1, kNaN, 3}), f3({1, kNaN, 3})));
  EXPECT_TRUE(eq(m2({1, 2, 3, -0.0}), m2({1, 2, 3, 0})));
  EXPECT_FALSE(eq(m2({1, 2, 3, 4}), m2({1, 2, 3, 5})));
}

}  // namespace
}  // namespace vitrine::interact
