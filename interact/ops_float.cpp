// The float family of the pure operations (ops_pure.h): the constants, the component-wise
// arithmetic, the float comparisons, isNaN/isInf, trigonometry, hyperbolic and exponential
// operations of KHR_interactivity "Math Operations", on floatN and floatNxN (matrices are
// component-wise too, "Multiplication"). Each rule the text states beyond plain IEEE-754 / C
// arithmetic is cited by its section name.
#include <cmath>
#include <cstdint>
#include <numbers>

#include "ops_pure.h"

namespace vitrine::interact {
namespace {

// "Minimum": the smallest argument, NaN when either is NaN ("Arithmetic Operations"), -0 below
// +0 (ECMAScript Math.min). std::fmin drops a NaN, so it does not fit.
double minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return kNaN;
  if (a < b) return a;
  if (b < a) return b;
  return std::signbit(a) ? a : b;  // equal: ±0 pairs pick -0
}

// "Maximum": the largest argument, NaN propagated, +0 above -0 (ECMAScript Math.max).
double maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return kNaN;
  if (a > b) return a;
  if (b > a) return b;
  return std::signbit(a) ? b : a;  // equal: ±0 pairs pick +0
}

// "Saturate": min(max(a, 0), 1), in terms of math/min and math/max, so -0 becomes +0.
double saturate(double a) {
  return minimum(maximum(a, 0.0), 1.0);
}

// "Sign": -1 below zero, +1 above, a itself for ±0 (and NaN, which propagates).
double sign(double a) {
  if (a < 0.0) return -1.0;
  if (a > 0.0) return 1.0;
  return a;
}

// "Remainder": NaN if a = ±inf or b = ±0, a if a is finite and b = ±inf, else
// a - b * trunc(a / b); the text's implementation tip is ECMAScript `a % b`, which is C fmod
// (exact, the sign of the dividend: -4 % 2 = -0). fmod has exactly these special cases.
double rem(double a, double b) {
  return std::fmod(a, b);
}

// "Smooth Step": the symmetric definition (not GLSL's), t = saturate((c - min(a, b)) / |b - a|),
// then t * t * (3 - 2 * t). Defined by arithmetic, so a = b gives (c - a) / 0: saturate(+inf)
// = 1 above the edge, saturate(-inf) = 0 below it, and saturate(NaN) = NaN at it.
double smoothStep(double a, double b, double c) {
  const double t = saturate((c - minimum(a, b)) / std::fabs(b - a));
  return t * t * (3.0 - 2.0 * t);
}

// "Power": IEEE-754 pow, which C's pow follows (NaN^±0 = 1 included), with the text's changes:
// (+1)^±inf, (-1)^±inf and (±1)^NaN are NaN (ECMAScript `a ** b`). Any other x^NaN is NaN in
// IEEE too, so every NaN exponent gives NaN.
double power(double a, double b) {
  if (std::isnan(b)) return kNaN;
  if (std::isinf(b) && std::fabs(a) == 1.0) return kNaN;
  return std::pow(a, b);
}

// Per-component application over the output's components (its type is set, ops_pure.h).
template <class F>
void unary(const Value* const* in, Value* out, F f) {
  const uint32_t n = componentCount(out[0].type);
  for (uint32_t k = 0; k < n; ++k) out[0].f[k] = f(in[0]->f[k]);
}

template <class F>
void binary(const Value* const* in, Value* out, F f) {
  const uint32_t n = componentCount(out[0].type);
  for (uint32_t k = 0; k < n; ++k) out[0].f[k] = f(in[0]->f[k], in[1]->f[k]);
}

template <class F>
void ternary(const Value* const* in, Value* out, F f) {
  const uint32_t n = componentCount(out[0].type);
  for (uint32_t k = 0; k < n; ++k) out[0].f[k] = f(in[0]->f[k], in[1]->f[k], in[2]->f[k]);
}

// A bool output from two float inputs: "Comparison Operations" (NaN gives false, -0 equals +0:
// exactly the IEEE comparisons).
template <class F>
void compare(const Value* const* in, Value* out, F f) {
  out[0].b = f(in[0]->f[0], in[1]->f[0]);
}

}  // namespace

void evalFloatOp(Op op, const Value* const* in, Value* out, int32_t /*param*/) {
  switch (op) {
    // "Constants": the decimals the text gives are the doubles nearest e, pi and 2 pi.
    case Op::MathE:
      out[0].f[0] = std::numbers::e;
      break;
    case Op::MathPi:
      out[0].f[0] = std::numbers::pi;
      break;
    case Op::MathTau:
      out[0].f[0] = 2.0 * std::numbers::pi;
      break;
    case Op::MathInf:
      out[0].f[0] = kInf;
      break;
    case Op::MathNaN:
      out[0].f[0] = kNaN;
      break;

    // "Arithmetic Operations": component-wise; a NaN component gives a NaN component.
    case Op::MathAbs:  // "Absolute Value": abs(±0) = +0
      unary(in, out, [](double a) { return std::fabs(a); });
      break;
    case Op::MathSign:
      unary(in, out, sign);
      break;
    case Op::MathTrunc:  // "Truncate", "Floor", "Ceil": infinity returned unchanged
      unary(in, out, [](double a) { return std::trunc(a); });
      break;
    case Op::MathFloor:
      unary(in, out, [](double a) { return std::floor(a); });
      break;
    case Op::MathCeil:
      unary(in, out, [](double a) { return std::ceil(a); });
      break;
    case Op::MathRound:
      // "Round": half-way cases away from zero, (-0.5, 0) to -0, infinity unchanged: C round
      // (its result keeps the argument's sign), as the tip's a < 0 ? -Math.round(-a) : ...
      unary(in, out, [](double a) { return std::round(a); });
      break;
    case Op::MathFract:  // "Fraction": a - floor(a), literally (so fract(±inf) = NaN)
      unary(in, out, [](double a) { return a - std::floor(a); });
      break;
    case Op::MathNeg:  // "Negation": -a, flips the sign of zero too
      unary(in, out, [](double a) { return -a; });
      break;
    case Op::MathAdd:
      binary(in, out, [](double a, double b) { return a + b; });
      break;
    case Op::MathSub:
      binary(in, out, [](double a, double b) { return a - b; });
      break;
    case Op::MathMul:  // "Multiplication": per element for matrices too
      binary(in, out, [](double a, double b) { return a * b; });
      break;
    case Op::MathDiv:
      binary(in, out, [](double a, double b) { return a / b; });
      break;
    case Op::MathRem:
      binary(in, out, rem);
      break;
    case Op::MathMin:
      binary(in, out, minimum);
      break;
    case Op::MathMax:
      binary(in, out, maximum);
      break;
    case Op::MathClamp:
      // "Clamp": min(max(a, min(b, c)), max(b, c)) with math/min and math/max, so b > c works.
      ternary(in, out, [](double a, double b, double c) {
        return minimum(maximum(a, minimum(b, c)), maximum(b, c));
      });
      break;
    case Op::MathSaturate:
      unary(in, out, saturate);
      break;
    case Op::MathMix:  // "Interpolate": (1 - c) * a + c * b, unclamped
      ternary(in, out, [](double a, double b, double c) { return (1.0 - c) * a + c * b; });
      break;
    case Op::MathSmoothStep:
      ternary(in, out, smoothStep);
      break;

    // "Comparison Operations": NaN gives false, -0 equals +0.
    case Op::MathEq: {  // "Equality": true when every component pair is equal
      const uint32_t n = componentCount(in[0]->type);
      bool equal = true;
      for (uint32_t k = 0; k < n; ++k) equal = equal && in[0]->f[k] == in[1]->f[k];
      out[0].b = equal;
      break;
    }
    case Op::MathLt:
      compare(in, out, [](double a, double b) { return a < b; });
      break;
    case Op::MathLe:
      compare(in, out, [](double a, double b) { return a <= b; });
      break;
    case Op::MathGt:
      compare(in, out, [](double a, double b) { return a > b; });
      break;
    case Op::MathGe:
      compare(in, out, [](double a, double b) { return a >= b; });
      break;

    // "Special Operations".
    case Op::MathIsNaN:
      out[0].b = std::isnan(in[0]->f[0]);
      break;
    case Op::MathIsInf:  // "Is Infinity": either sign
      out[0].b = std::isinf(in[0]->f[0]);
      break;

    // "Angle and Trigonometry Operations": the special cases the text tables (sin(±0) = ±0,
    // sin(±inf) = NaN, cos(±0) = +1, acos(1) = +0, |a| > 1 gives NaN for asin/acos,
    // atan(±inf) = ±pi/2) are C's (IEEE-754 / C Annex F).
    case Op::MathRad:  // "Degrees-To-Radians": a * pi / 180, in that order
      unary(in, out, [](double a) { return a * std::numbers::pi / 180.0; });
      break;
    case Op::MathDeg:  // "Radians-To-Degrees": a * 180 / pi
      unary(in, out, [](double a) { return a * 180.0 / std::numbers::pi; });
      break;
    case Op::MathSin:
      unary(in, out, [](double a) { return std::sin(a); });
      break;
    case Op::MathCos:
      unary(in, out, [](double a) { return std::cos(a); });
      break;
    case Op::MathTan:
      unary(in, out, [](double a) { return std::tan(a); });
      break;
    case Op::MathAsin:
      unary(in, out, [](double a) { return std::asin(a); });
      break;
    case Op::MathAcos:
      unary(in, out, [](double a) { return std::acos(a); });
      break;
    case Op::MathAtan:
      unary(in, out, [](double a) { return std::atan(a); });
      break;
    case Op::MathAtan2:  // "Arctangent 2": IEEE-754 atan2(a = y, b = x), all special cases
      binary(in, out, [](double a, double b) { return std::atan2(a, b); });
      break;

    // "Hyperbolic Operations": the tabled cases (sinh/tanh/asinh keep ±0, cosh(±0) = 1,
    // acosh(a < 1) = NaN, atanh(±1) = ±inf, atanh(|a| > 1) = NaN) are C's.
    case Op::MathSinh:
      unary(in, out, [](double a) { return std::sinh(a); });
      break;
    case Op::MathCosh:
      unary(in, out, [](double a) { return std::cosh(a); });
      break;
    case Op::MathTanh:
      unary(in, out, [](double a) { return std::tanh(a); });
      break;
    case Op::MathAsinh:
      unary(in, out, [](double a) { return std::asinh(a); });
      break;
    case Op::MathAcosh:
      unary(in, out, [](double a) { return std::acosh(a); });
      break;
    case Op::MathAtanh:
      unary(in, out, [](double a) { return std::atanh(a); });
      break;

    // "Exponential Operations": the tabled cases (exp(-inf) = +0, log(±0) = -inf, log(a < 0)
    // = NaN, log(1) = +0, sqrt(±0) = ±0, cbrt keeps ±0 and ±inf) are C's.
    case Op::MathExp:
      unary(in, out, [](double a) { return std::exp(a); });
      break;
    case Op::MathLog:
      unary(in, out, [](double a) { return std::log(a); });
      break;
    case Op::MathLog2:
      unary(in, out, [](double a) { return std::log2(a); });
      break;
    case Op::MathLog10:
      unary(in, out, [](double a) { return std::log10(a); });
      break;
    case Op::MathSqrt:
      unary(in, out, [](double a) { return std::sqrt(a); });
      break;
    case Op::MathCbrt:
      unary(in, out, [](double a) { return std::cbrt(a); });
      break;
    case Op::MathPow:
      binary(in, out, power);
      break;

    default:  // not this family's row (pureFunction never sends one)
      break;
  }
}

}  // namespace vitrine::interact
