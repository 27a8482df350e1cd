// The int, bool, ref and type-conversion pure operations of KHR_interactivity: "Integer
// Arithmetic Operations", "Integer Comparison Operations", "Integer Bitwise Operations",
// "Boolean Arithmetic Operations", "Reference Comparison Operations" and "Type Conversion
// Operations". int is a two's complement int32: every result that may leave the int32 range is
// computed in uint32_t and converted back (modulo 2^32, defined since C++20), so nothing here
// has signed overflow or any other undefined behaviour.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "ops_pure.h"

namespace vitrine::interact {
namespace {

// Two's complement wrap of an unsigned result (C++20: conversion modulo 2^32).
inline int32_t wrap(uint32_t v) {
  return static_cast<int32_t>(v);
}
inline uint32_t bits(int32_t v) {
  return static_cast<uint32_t>(v);
}

// "Negation": -a, and negating -2147483648 MUST return -2147483648 (wraps).
inline int32_t neg(int32_t a) {
  return wrap(0u - bits(a));
}

// "Minimum", "Maximum": the smallest / largest of the arguments.
inline int32_t imin(int32_t a, int32_t b) {
  return b < a ? b : a;
}
inline int32_t imax(int32_t a, int32_t b) {
  return b > a ? b : a;
}

// "Division": b = 0 gives 0; the quotient is truncated towards zero (as C++'s /);
// -2147483648 / (-1) == -2147483648.
inline int32_t idiv(int32_t a, int32_t b) {
  if (b == 0) return 0;
  if (b == -1) return neg(a);  // a / -1 = -a, wrapping for INT_MIN
  return a / b;
}

// "Remainder": a - b * trunc(a / b) when b != 0, else 0. C++'s % is that same truncated
// remainder (the sign of a); b = -1 always gives 0 (and INT_MIN % -1 would be UB in C++:
// mathematically INT_MIN - (-1) * 2^31 = 0).
inline int32_t irem(int32_t a, int32_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}

// "Float to Integer": 0 for zero, infinite or NaN; else t = trunc(a) taken modulo 2^32 into the
// int32 range: ECMAScript's ToInt32 (the text's tip: `a | 0`). The text's step 3 lets k keep
// the sign of t; a negative k below -2^31 (e.g. t = -2^31 - 1) is then brought into range by
// adding 2^32, the mirror of step 4, which is what `a | 0` gives.
inline int32_t floatToInt(double a) {
  if (!std::isfinite(a) || a == 0.0) return 0;
  constexpr double kTwo32 = 4294967296.0;
  // fmod is exact; |k| < 2^32 with the sign of t.
  double k = std::fmod(std::trunc(a), kTwo32);
  if (k < 0.0) k += kTwo32;  // exact: an integer in (0, 2^32)
  // k in [0, 2^32): to uint32 exactly, then "if k >= 2^31, k - 2^32" is the int32 wrap.
  return wrap(static_cast<uint32_t>(k));
}

// "Reference Comparison Operations", ref/eq: null equals null (whatever else the refs hold);
// null never equals a non-null ref; otherwise equal when both name the same object, whether
// or not it still exists: same kind, index and serial (the serial tells a delay or event from
// an older one in the same slot).
inline bool refEq(const Ref& a, const Ref& b) {
  const bool aNull = a.kind == RefKind::Null;
  const bool bNull = b.kind == RefKind::Null;
  if (aNull || bNull) return aNull && bNull;
  return a.kind == b.kind && a.index == b.index && a.serial == b.serial;
}

}  // namespace

void evalIntOp(Op op, const Value* const* in, Value* out, int32_t /*param*/) {
  Value& r = out[0];
  switch (op) {
    // Integer Arithmetic Operations.
    case Op::IntAbs: {
      // "Absolute Value": defined through negation, so abs(-2147483648) = -2147483648.
      const int32_t a = in[0]->i;
      r.i = a < 0 ? neg(a) : a;
      break;
    }
    case Op::IntSign: {
      const int32_t a = in[0]->i;
      r.i = a < 0 ? -1 : (a > 0 ? 1 : 0);
      break;
    }
    case Op::IntNeg:
      r.i = neg(in[0]->i);
      break;
    // "Addition", "Subtraction", "Multiplication": arithmetic overflow MUST wrap around.
    case Op::IntAdd:
      r.i = wrap(bits(in[0]->i) + bits(in[1]->i));
      break;
    case Op::IntSub:
      r.i = wrap(bits(in[0]->i) - bits(in[1]->i));
      break;
    case Op::IntMul:
      r.i = wrap(bits(in[0]->i) * bits(in[1]->i));
      break;
    case Op::IntDiv:
      r.i = idiv(in[0]->i, in[1]->i);
      break;
    case Op::IntRem:
      r.i = irem(in[0]->i, in[1]->i);
      break;
    case Op::IntMin:
      r.i = imin(in[0]->i, in[1]->i);
      break;
    case Op::IntMax:
      r.i = imax(in[0]->i, in[1]->i);
      break;
    case Op::IntClamp: {
      // "Clamp": min(max(a, min(b, c)), max(b, c)), so b > c clamps to [c, b].
      const int32_t b = in[1]->i;
      const int32_t c = in[2]->i;
      r.i = imin(imax(in[0]->i, imin(b, c)), imax(b, c));
      break;
    }

    // Integer Comparison Operations.
    case Op::IntEq:
      r.b = in[0]->i == in[1]->i;
      break;
    case Op::IntLt:
      r.b = in[0]->i < in[1]->i;
      break;
    case Op::IntLe:
      r.b = in[0]->i <= in[1]->i;
      break;
    case Op::IntGt:
      r.b = in[0]->i > in[1]->i;
      break;
    case Op::IntGe:
      r.b = in[0]->i >= in[1]->i;
      break;

    // Integer Bitwise Operations.
    case Op::IntNot:
      r.i = wrap(~bits(in[0]->i));
      break;
    case Op::IntAnd:
      r.i = wrap(bits(in[0]->i) & bits(in[1]->i));
      break;
    case Op::IntOr:
      r.i = wrap(bits(in[0]->i) | bits(in[1]->i));
      break;
    case Op::IntXor:
      r.i = wrap(bits(in[0]->i) ^ bits(in[1]->i));
      break;
    case Op::IntAsr:
      // "Right Shift": only the lowest 5 bits of b count; the sign bit is propagated (C++20's
      // >> on a signed value is arithmetic).
      r.i = in[0]->i >> (bits(in[1]->i) & 31u);
      break;
    case Op::IntLsl:
      // "Left Shift": lowest 5 bits of b; truncated to 32 bits, read as two's complement.
      r.i = wrap(bits(in[0]->i) << (bits(in[1]->i) & 31u));
      break;
    case Op::IntClz:
      // "Count Leading Zeros": 32 for 0, 0 for a negative a.
      r.i = std::countl_zero(bits(in[0]->i));
      break;
    case Op::IntCtz:
      // "Count Trailing Zeros": 32 for 0.
      r.i = std::countr_zero(bits(in[0]->i));
      break;
    case Op::IntPopcnt:
      // "Count One Bits": 0 for 0, 32 for -1.
      r.i = std::popcount(bits(in[0]->i));
      break;

    // Boolean Arithmetic Operations.
    case Op::BoolEq:
      r.b = in[0]->b == in[1]->b;
      break;
    case Op::BoolNot:
      r.b = !in[0]->b;
      break;
    case Op::BoolAnd:
      r.b = in[0]->b && in[1]->b;
      break;
    case Op::BoolOr:
      r.b = in[0]->b || in[1]->b;
      break;
    case Op::BoolXor:
      r.b = in[0]->b != in[1]->b;
      break;

    case Op::RefEq:
      r.b = refEq(in[0]->ref, in[1]->ref);
      break;

    // Type Conversion Operations.
    case Op::BoolToInt:
      r.i = in[0]->b ? 1 : 0;
      break;
    case Op::BoolToFloat:
      r.f[0] = in[0]->b ? 1.0 : 0.0;
      break;
    case Op::IntToBool:
      r.b = in[0]->i != 0;
      break;
    case Op::IntToFloat:
      // "Integer to Float": lossless (every int32 is a double) and never -0 (0 converts to +0).
      r.f[0] = static_cast<double>(in[0]->i);
      break;
    case Op::FloatToBool: {
      // "Float to Boolean": false if a is NaN or equal to zero (either sign), true otherwise.
      const double a = in[0]->f[0];
      r.b = !std::isnan(a) && a != 0.0;
      break;
    }
    case Op::FloatToInt:
      r.i = floatToInt(in[0]->f[0]);
      break;

    default:
      break;  // not this family's row (pureFunction never sends one)
  }
}

}  // namespace vitrine::interact
