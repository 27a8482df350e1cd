// evalIntOp against values worked by hand from the KHR_interactivity text: "Integer Arithmetic
// Operations", "Integer Comparison Operations", "Integer Bitwise Operations", "Boolean
// Arithmetic Operations", "Reference Comparison Operations" and "Type Conversion Operations",
// every special case the text names included. Each case goes through the row's sockets
// (opInfo) exactly as the executor calls it (ops_pure.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <vector>

#include "op_table.h"
#include "ops_pure.h"
#include "value.h"

namespace vitrine::interact {
namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();  // -2147483648
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();  //  2147483647
constexpr double kTwo31 = 2147483648.0;
constexpr double kTwo32 = 4294967296.0;

// Runs `op` on `ins` (one per input socket of its row) and returns its single output, typed as
// the row says, after checking that the row belongs to this family.
Value run(Op op, std::initializer_list<Value> ins) {
  const OpInfo& info = opInfo(op);
  EXPECT_EQ(pureFunction(op), &evalIntOp) << info.name;
  EXPECT_EQ(info.inputs.size(), ins.size()) << info.name;
  EXPECT_EQ(info.outputs.size(), 1u) << info.name;
  std::vector<const Value*> in;
  size_t k = 0;
  for (const Value& v : ins) {
    if (k < info.inputs.size()) {
      EXPECT_EQ(info.inputs[k].type, v.type) << info.name << " in " << k;
    }
    in.push_back(&v);
    ++k;
  }
  Value out;
  out.type = info.outputs.empty() ? Type::Int : info.outputs[0].type;
  evalIntOp(op, in.data(), &out, 0);
  return out;
}

// One int-in, int-out case: unary rows read a, binary a and b, clamp a, b and c.
struct IntCase {
  Op op;
  int32_t a, b, c;
  int32_t want;
};

Value runInt(const IntCase& t) {
  const size_t n = opInfo(t.op).inputs.size();
  if (n == 1) return run(t.op, {makeInt(t.a)});
  if (n == 2) return run(t.op, {makeInt(t.a), makeInt(t.b)});
  return run(t.op, {makeInt(t.a), makeInt(t.b), makeInt(t.c)});
}

void checkInts(const std::vector<IntCase>& cases) {
  for (const IntCase& t : cases) {
    const Value v = runInt(t);
    ASSERT_EQ(v.type, Type::Int);
    EXPECT_EQ(v.i, t.want) << opInfo(t.op).name << "(" << t.a << ", " << t.b << ", " << t.c << ")";
  }
}

TEST(IntOps, Arithmetic) {
  const std::vector<IntCase> cases = {
      // "Absolute Value": defined through negation, so abs(-2147483648) = -2147483648.
      {Op::IntAbs, 5, 0, 0, 5},
      {Op::IntAbs, -5, 0, 0, 5},
      {Op::IntAbs, 0, 0, 0, 0},
      {Op::IntAbs, kMax, 0, 0, kMax},
      {Op::IntAbs, kMin + 1, 0, 0, kMax},
      {Op::IntAbs, kMin, 0, 0, kMin},
      // "Sign": -1, 0, +1.
      {Op::IntSign, -7, 0, 0, -1},
      {Op::IntSign, 0, 0, 0, 0},
      {Op::IntSign, 9, 0, 0, 1},
      {Op::IntSign, kMin, 0, 0, -1},
      {Op::IntSign, kMax, 0, 0, 1},
      // "Negation": negating -2147483648 MUST return -2147483648.
      {Op::IntNeg, 3, 0, 0, -3},
      {Op::IntNeg, -3, 0, 0, 3},
      {Op::IntNeg, 0, 0, 0, 0},
      {Op::IntNeg, kMax, 0, 0, -2147483647},
      {Op::IntNeg, kMin, 0, 0, kMin},
      // "Addition": overflow wraps, 2147483647 + 1 == -2147483648.
      {Op::IntAdd, 2, 3, 0, 5},
      {Op::IntAdd, -5, 3, 0, -2},
      {Op::IntAdd, kMax, 1, 0, kMin},
      {Op::IntAdd, kMin, -1, 0, kMax},
      {Op::IntAdd, kMax, kMax, 0, -2},  // 2^32 - 2 wraps to -2
      {Op::IntAdd, kMin, kMin, 0, 0},   // -2^32 wraps to 0
      // "Subtraction": -2147483648 - 1 == 2147483647.
      {Op::IntSub, 5, 7, 0, -2},
      {Op::IntSub, kMin, 1, 0, kMax},
      {Op::IntSub, kMax, -1, 0, kMin},
      {Op::IntSub, 0, kMin, 0, kMin},  // 2^31 wraps to -2^31
      {Op::IntSub, -1, kMax, 0, kMin},
      // "Multiplication": 2147483647 * 2147483647 == 1, -2147483648 * (-1) == -2147483648.
      {Op::IntMul, 6, 7, 0, 42},
      {Op::IntMul, -6, 7, 0, -42},
      {Op::IntMul, -6, -7, 0, 42},
      {Op::IntMul, kMax, kMax, 0, 1},
      {Op::IntMul, kMin, -1, 0, kMin},
      {Op::IntMul, 65536, 65536, 0, 0},     // 2^32
      {Op::IntMul, 65536, 32768, 0, kMin},  // 2^31
      {Op::IntMul, kMax, 2, 0, -2},         // 2^32 - 2
      // "Division": truncated towards zero; b = 0 gives 0; -2147483648 / (-1) == -2147483648.
      {Op::IntDiv, 7, 2, 0, 3},
      {Op::IntDiv, -7, 2, 0, -3},
      {Op::IntDiv, 7, -2, 0, -3},
      {Op::IntDiv, -7, -2, 0, 3},
      {Op::IntDiv, 5, 0, 0, 0},
      {Op::IntDiv, 0, 0, 0, 0},
      {Op::IntDiv, kMin, 0, 0, 0},
      {Op::IntDiv, kMin, -1, 0, kMin},
      {Op::IntDiv, kMin, 1, 0, kMin},
      {Op::IntDiv, kMax, -1, 0, -2147483647},
      {Op::IntDiv, kMin, 2, 0, -1073741824},
      {Op::IntDiv, 1, kMin, 0, 0},
      // "Remainder": a - b * trunc(a / b), 0 when b = 0.
      {Op::IntRem, 7, 3, 0, 1},     // 7 - 3 * 2
      {Op::IntRem, -7, 3, 0, -1},   // -7 - 3 * (-2)
      {Op::IntRem, 7, -3, 0, 1},    // 7 - (-3) * (-2)
      {Op::IntRem, -7, -3, 0, -1},  // -7 - (-3) * 2
      {Op::IntRem, 5, 0, 0, 0},
      {Op::IntRem, kMin, 0, 0, 0},
      {Op::IntRem, kMin, -1, 0, 0},  // -2^31 - (-1) * 2^31
      {Op::IntRem, kMax, -1, 0, 0},
      {Op::IntRem, kMin, 2, 0, 0},
      {Op::IntRem, kMax, 2, 0, 1},
      {Op::IntRem, kMin, 3, 0, -2},     // -2147483648 - 3 * (-715827882)
      {Op::IntRem, kMin, kMax, 0, -1},  // -2147483648 - 2147483647 * (-1)
      {Op::IntRem, 3, kMin, 0, 3},      // trunc(3 / -2^31) = 0
      // "Minimum", "Maximum".
      {Op::IntMin, 3, -4, 0, -4},
      {Op::IntMin, -4, 3, 0, -4},
      {Op::IntMin, kMin, kMax, 0, kMin},
      {Op::IntMin, 2, 2, 0, 2},
      {Op::IntMax, 3, -4, 0, 3},
      {Op::IntMax, -4, 3, 0, 3},
      {Op::IntMax, kMin, kMax, 0, kMax},
      // "Clamp": min(max(a, min(b, c)), max(b, c)); handles b > c.
      {Op::IntClamp, 5, 0, 10, 5},
      {Op::IntClamp, -5, 0, 10, 0},
      {Op::IntClamp, 15, 0, 10, 10},
      {Op::IntClamp, 15, 10, 0, 10},  // b > c: the range is [0, 10] all the same
      {Op::IntClamp, -5, 10, 0, 0},
      {Op::IntClamp, 5, 10, 0, 5},
      {Op::IntClamp, 7, 3, 3, 3},
      {Op::IntClamp, kMin, kMax, kMin, kMin},
      {Op::IntClamp, kMax, -1, 1, 1},
  };
  checkInts(cases);
}

TEST(IntOps, Comparison) {
  // "Integer Comparison Operations": a op b on signed int32s.
  struct Case {
    int32_t a, b;
    bool eq, lt, le, gt, ge;
  };
  const std::vector<Case> cases = {
      {1, 2, false, true, true, false, false},       {2, 2, true, false, true, false, true},
      {3, 2, false, false, false, true, true},       {-1, 0, false, true, true, false, false},
      {kMin, kMax, false, true, true, false, false}, {kMax, kMin, false, false, false, true, true},
      {kMin, kMin, true, false, true, false, true},  {0, 0, true, false, true, false, true},
  };
  for (const Case& t : cases) {
    const Op ops[] = {Op::IntEq, Op::IntLt, Op::IntLe, Op::IntGt, Op::IntGe};
    const bool want[] = {t.eq, t.lt, t.le, t.gt, t.ge};
    for (int k = 0; k < 5; ++k) {
      const Value v = run(ops[k], {makeInt(t.a), makeInt(t.b)});
      ASSERT_EQ(v.type, Type::Bool);
      EXPECT_EQ(v.b, want[k]) << opInfo(ops[k]).name << "(" << t.a << ", " << t.b << ")";
    }
  }
}

TEST(IntOps, Bitwise) {
  const std::vector<IntCase> cases = {
      // "Bitwise NOT", "AND", "OR", "XOR".
      {Op::IntNot, 0, 0, 0, -1},
      {Op::IntNot, -1, 0, 0, 0},
      {Op::IntNot, kMin, 0, 0, kMax},
      {Op::IntNot, 5, 0, 0, -6},
      {Op::IntAnd, 12, 10, 0, 8},
      {Op::IntAnd, -1, 0x1234, 0, 0x1234},
      {Op::IntAnd, kMin, -1, 0, kMin},
      {Op::IntAnd, kMin, kMax, 0, 0},
      {Op::IntOr, 12, 10, 0, 14},
      {Op::IntOr, kMin, kMax, 0, -1},
      {Op::IntOr, 0, 0, 0, 0},
      {Op::IntXor, 12, 10, 0, 6},
      {Op::IntXor, -1, kMax, 0, kMin},
      {Op::IntXor, -1, -1, 0, 0},
      // "Right Shift": lowest 5 bits of b; the most significant bit of a is propagated.
      {Op::IntAsr, 16, 2, 0, 4},
      {Op::IntAsr, -16, 2, 0, -4},
      {Op::IntAsr, -7, 1, 0, -4},  // 0xFFFFFFF9 >> 1 = 0xFFFFFFFC
      {Op::IntAsr, -1, 31, 0, -1},
      {Op::IntAsr, kMin, 31, 0, -1},
      {Op::IntAsr, kMin, 1, 0, -1073741824},
      {Op::IntAsr, kMax, 30, 0, 1},
      {Op::IntAsr, 8, 32, 0, 8},  // 32 & 31 = 0
      {Op::IntAsr, 8, 33, 0, 4},  // 33 & 31 = 1
      {Op::IntAsr, 8, -1, 0, 0},  // -1 & 31 = 31
      {Op::IntAsr, kMin, -1, 0, -1},
      {Op::IntAsr, 5, 64, 0, 5},
      {Op::IntAsr, 5, kMin, 0, 5},  // low 5 bits of 0x80000000 are 0
      // "Left Shift": lowest 5 bits of b; truncated to 32 bits, two's complement.
      {Op::IntLsl, 1, 4, 0, 16},
      {Op::IntLsl, 1, 31, 0, kMin},
      {Op::IntLsl, 3, 31, 0, kMin},  // 0x180000000 truncated to 0x80000000
      {Op::IntLsl, kMax, 1, 0, -2},
      {Op::IntLsl, 0x40000000, 1, 0, kMin},
      {Op::IntLsl, -1, 4, 0, -16},
      {Op::IntLsl, 1, 32, 0, 1},
      {Op::IntLsl, 1, 33, 0, 2},
      {Op::IntLsl, 1, -1, 0, kMin},  // -1 & 31 = 31
      {Op::IntLsl, kMin, 1, 0, 0},
      // "Count Leading Zeros": 32 for 0, 0 for a negative a.
      {Op::IntClz, 0, 0, 0, 32},
      {Op::IntClz, -1, 0, 0, 0},
      {Op::IntClz, kMin, 0, 0, 0},
      {Op::IntClz, 1, 0, 0, 31},
      {Op::IntClz, kMax, 0, 0, 1},
      {Op::IntClz, 0x00010000, 0, 0, 15},
      // "Count Trailing Zeros": 32 for 0.
      {Op::IntCtz, 0, 0, 0, 32},
      {Op::IntCtz, -1, 0, 0, 0},
      {Op::IntCtz, kMin, 0, 0, 31},
      {Op::IntCtz, 1, 0, 0, 0},
      {Op::IntCtz, 8, 0, 0, 3},
      {Op::IntCtz, 0x00010000, 0, 0, 16},
      {Op::IntCtz, -2, 0, 0, 1},
      // "Count One Bits": 0 for 0, 32 for -1.
      {Op::IntPopcnt, 0, 0, 0, 0},
      {Op::IntPopcnt, -1, 0, 0, 32},
      {Op::IntPopcnt, kMin, 0, 0, 1},
      {Op::IntPopcnt, kMax, 0, 0, 31},
      {Op::IntPopcnt, 7, 0, 0, 3},
      {Op::IntPopcnt, 0x55555555, 0, 0, 16},
  };
  checkInts(cases);
}

TEST(BoolOps, Arithmetic) {
  // "Boolean Arithmetic Operations": the full truth tables.
  struct Case {
    bool a, b;
    bool eq, and_, or_, xor_;
  };
  const std::vector<Case> cases = {
      {false, false, true, false, false, false},
      {false, true, false, false, true, true},
      {true, false, false, false, true, true},
      {true, true, true, true, true, false},
  };
  for (const Case& t : cases) {
    const Op ops[] = {Op::BoolEq, Op::BoolAnd, Op::BoolOr, Op::BoolXor};
    const bool want[] = {t.eq, t.and_, t.or_, t.xor_};
    for (int k = 0; k < 4; ++k) {
      const Value v = run(ops[k], {makeBool(t.a), makeBool(t.b)});
      ASSERT_EQ(v.type, Type::Bool);
      EXPECT_EQ(v.b, want[k]) << opInfo(ops[k]).name << "(" << t.a << ", " << t.b << ")";
    }
  }
  // "Boolean NOT".
  EXPECT_TRUE(run(Op::BoolNot, {makeBool(false)}).b);
  EXPECT_FALSE(run(Op::BoolNot, {makeBool(true)}).b);
}

TEST(RefOps, Equality) {
  // "Reference Comparison Operations", ref/eq: null == null; null != non-null; otherwise equal
  // when both refer to the same object, whether or not it exists (kind, index and serial).
  const Ref null{};
  const Ref nullJunk{RefKind::Null, 3, 7};  // still a null reference: its kind is Null
  const Ref node0{RefKind::Node, 0, 0};
  const Ref node2{RefKind::Node, 2, 0};
  const Ref node3{RefKind::Node, 3, 0};
  const Ref mesh2{RefKind::Mesh, 2, 0};
  const Ref delay1a{RefKind::Delay, 1, 5};
  const Ref delay1b{RefKind::Delay, 1, 6};  // a later activation in the same slot
  const Ref event1{RefKind::Event, 1, 5};
  const Ref asset4{RefKind::Asset, 4, 9};
  const Ref asset4b{RefKind::Asset, 4, 10};
  const Ref node999{RefKind::Node, 999, 0};  // refers to an object that need not exist
  struct Case {
    Ref a, b;
    bool want;
  };
  const std::vector<Case> cases = {
      {null, null, true},       {null, nullJunk, true},    {nullJunk, null, true},
      {null, node0, false},     {node0, null, false},      {nullJunk, node0, false},
      {node2, node2, true},     {node2, node3, false},     {node2, mesh2, false},
      {delay1a, delay1a, true}, {delay1a, delay1b, false}, {delay1a, event1, false},
      {asset4, asset4, true},   {asset4, asset4b, false},  {node999, node999, true},
      {node999, node0, false},
  };
  for (const Case& t : cases) {
    const Value v = run(Op::RefEq, {makeRef(t.a), makeRef(t.b)});
    ASSERT_EQ(v.type, Type::Bool);
    EXPECT_EQ(v.b, t.want) << "ref/eq({" << int(t.a.kind) << "," << t.a.index << "," << t.a.serial
                           << "}, {" << int(t.b.kind) << "," << t.b.index << "," << t.b.serial
                           << "})";
  }
}

TEST(ConversionOps, BoolAndInt) {
  // "Boolean to Integer": 1 if true, 0 otherwise.
  EXPECT_EQ(run(Op::BoolToInt, {makeBool(true)}).i, 1);
  EXPECT_EQ(run(Op::BoolToInt, {makeBool(false)}).i, 0);
  // "Boolean to Float": 1 if true, 0 otherwise (+0).
  const Value t = run(Op::BoolToFloat, {makeBool(true)});
  ASSERT_EQ(t.type, Type::Float);
  EXPECT_EQ(t.f[0], 1.0);
  const Value f = run(Op::BoolToFloat, {makeBool(false)});
  EXPECT_EQ(f.f[0], 0.0);
  EXPECT_FALSE(std::signbit(f.f[0]));
  // "Integer to Boolean": true if a != 0.
  struct B {
    int32_t a;
    bool want;
  };
  for (const B& c : {B{0, false}, B{1, true}, B{-1, true}, B{kMin, true}, B{kMax, true}}) {
    const Value v = run(Op::IntToBool, {makeInt(c.a)});
    ASSERT_EQ(v.type, Type::Bool);
    EXPECT_EQ(v.b, c.want) << "intToBool(" << c.a << ")";
  }
  // "Integer to Float": lossless, never negative zero.
  struct F {
    int32_t a;
    double want;
  };
  for (const F& c : {F{0, 0.0}, F{1, 1.0}, F{-1, -1.0}, F{kMax, 2147483647.0},
                     F{kMin, -2147483648.0}, F{16777217, 16777217.0},  // not a float32
                     F{kMax - 1, 2147483646.0}}) {
    const Value v = run(Op::IntToFloat, {makeInt(c.a)});
    ASSERT_EQ(v.type, Type::Float);
    EXPECT_EQ(v.f[0], c.want) << "intToFloat(" << c.a << ")";
    EXPECT_EQ(std::signbit(v.f[0]), c.a < 0) << "intToFloat(" << c.a << ")";
  }
}

TEST(ConversionOps, FloatToBoolAndInt) {
  // "Float to Boolean": false if a is NaN or equal to zero; true otherwise.
  struct B {
    double a;
    bool want;
  };
  for (const B& c : {B{0.0, false}, B{-0.0, false}, B{kNaN, false}, B{-kNaN, false}, B{1.0, true},
                     B{-1.0, true}, B{0.5, true}, B{kInf, true}, B{-kInf, true},
                     B{std::numeric_limits<double>::denorm_min(), true}}) {
    const Value v = run(Op::FloatToBool, {makeFloat(c.a)});
    ASSERT_EQ(v.type, Type::Bool);
    EXPECT_EQ(v.b, c.want) << "floatToBool(" << c.a << ")";
  }
  // "Float to Integer": zero, infinite or NaN give 0; else t = trunc(a), taken modulo 2^32,
  // and k >= 2^31 gives k - 2^32 (ECMAScript's `a | 0`).
  struct I {
    double a;
    int32_t want;
  };
  const std::vector<I> cases = {
      {0.0, 0},
      {-0.0, 0},
      {kNaN, 0},
      {kInf, 0},
      {-kInf, 0},
      {1.9, 1},
      {-1.9, -1},  // truncated towards zero
      {0.5, 0},
      {-0.5, 0},
      {2147483647.0, kMax},
      {2147483647.9, kMax},
      {-2147483648.0, kMin},
      {-2147483648.9, kMin},
      {kTwo31, kMin},         // k = 2^31 >= 2^31: 2^31 - 2^32
      {kTwo31 + 0.5, kMin},   // t = 2^31
      {kTwo32 - 1.0, -1},     // k = 2^32 - 1: -1
      {kTwo32, 0},            // k = 0
      {kTwo32 + 5.0, 5},      // q = 1, k = 5
      {-kTwo31 - 1.0, kMax},  // -2^31 - 1 + 2^32 = 2^31 - 1
      {-kTwo32, 0},
      {-kTwo32 - 5.0, -5},  // -2^32 - 5 + 2 * 2^32 = 2^32 - 5, minus 2^32
      {3e9, -1294967296},   // 3e9 - 2^32
      {-3e9, 1294967296},   // -3e9 + 2^32
      {1e20, 1661992960},   // 1e20 = 2^20 * 5^20, 5^20 mod 2^12 = 1585: 1585 * 2^20
      {-1e20, -1661992960},
      {9007199254740992.0, 0},                  // 2^53 = 2^21 * 2^32
      {9007199254740991.0, -1},                 // 2^53 - 1: low 32 bits all set
      {std::numeric_limits<double>::max(), 0},  // (2^53 - 1) * 2^971: a multiple of 2^32
      {std::numeric_limits<double>::denorm_min(), 0},
  };
  for (const I& c : cases) {
    const Value v = run(Op::FloatToInt, {makeFloat(c.a)});
    ASSERT_EQ(v.type, Type::Int);
    EXPECT_EQ(v.i, c.want) << "floatToInt(" << c.a << ")";
  }
}

}  // namespace
}  // namespace vitrine::interact
