// The vector, matrix, quaternion, swizzle and colour operations (ops_vector.cpp) against values
// worked by hand from the KHR_interactivity text ("Vector Operations" .. "Swizzle Operations",
// "Color Model Conversion Operations"), special cases included. Each TEST runs one table; the
// cases where the text allows several answers (any perpendicular axis, ...) are checked by
// property after the table.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "op_table.h"
#include "ops_pure.h"

namespace vitrine::interact {
namespace {

constexpr double kBits = -1.0;  // tolerance marker: compare bit patterns (the sign of zero)
constexpr double kT = 1e-15;    // transcendental results near 1 (a few ulps)
constexpr double kPi = 3.141592653589793;
constexpr double kH = 0.7071067811865476;  // sqrt(1/2) = sin(pi/4) = cos(pi/4)

Value F(double x) {
  return makeFloat(x);
}
Value V(std::initializer_list<double> v) {
  const Type t = v.size() == 2 ? Type::Float2 : v.size() == 3 ? Type::Float3 : Type::Float4;
  return makeFloats(t, v.begin());
}
Value M(std::initializer_list<double> v) {
  const Type t = v.size() == 4 ? Type::Float2x2 : v.size() == 9 ? Type::Float3x3 : Type::Float4x4;
  return makeFloats(t, v.begin());
}

// (1, 2, 2, 3) / sqrt(18), rounded: a unit quaternion whose dot with itself rounds to 1 + 2^-52.
const Value kQ1223 =
    V({0.23570226039551587, 0.47140452079103173, 0.47140452079103173, 0.7071067811865476});

// One expected output socket: floats (within tol; 0 exact; kBits bitwise; NaN means any NaN)
// or a bool.
struct Out {
  std::vector<double> f;
  double tol = 0.0;
  int b = -1;
};
Out E(std::initializer_list<double> f, double tol = 0.0) {
  return {f, tol, -1};
}
Out B(bool b) {
  return {{}, 0.0, b ? 1 : 0};
}

struct Case {
  const char* what;
  Op op;
  std::vector<Value> in;
  std::vector<Out> out;
  int32_t param = kOrderYXZ;
};

uint64_t bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// Runs `op` through the family function under the contract of ops_pure.h: the outputs typed
// from the row (T: the type of the first T input), their values a sentinel before the call.
std::vector<Value> run(Op op, const std::vector<Value>& in, int32_t param = kOrderYXZ) {
  const OpInfo& info = opInfo(op);
  EXPECT_EQ(pureFunction(op), &evalVectorOp) << info.name;
  EXPECT_EQ(info.inputs.size(), in.size()) << info.name;
  Type t = Type::Float;
  for (size_t i = 0; i < info.inputs.size() && i < in.size(); ++i) {
    if (info.inputs[i].generic) {
      t = in[i].type;
      break;
    }
  }
  std::vector<Value> out(info.outputs.size());
  for (size_t k = 0; k < out.size(); ++k) {
    out[k].type = info.outputs[k].generic ? t : info.outputs[k].type;
    for (double& x : out[k].f) x = 12345.0;
  }
  std::vector<const Value*> ptr;
  for (const Value& v : in) ptr.push_back(&v);
  evalVectorOp(op, ptr.data(), out.data(), param);
  return out;
}

void check(const Case& c) {
  SCOPED_TRACE(c.what);
  const std::vector<Value> out = run(c.op, c.in, c.param);
  ASSERT_EQ(out.size(), c.out.size());
  for (size_t k = 0; k < out.size(); ++k) {
    const Out& e = c.out[k];
    if (e.b >= 0) {
      ASSERT_EQ(out[k].type, Type::Bool);
      EXPECT_EQ(out[k].b, e.b == 1) << "output " << k;
      continue;
    }
    ASSERT_EQ(componentCount(out[k].type), e.f.size()) << "output " << k;
    for (size_t i = 0; i < e.f.size(); ++i) {
      const double got = out[k].f[i], want = e.f[i];
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << "output " << k << "[" << i << "] = " << got;
      } else if (e.tol == kBits) {
        EXPECT_EQ(bits(got), bits(want)) << "output " << k << "[" << i << "] = " << got;
      } else if (e.tol == 0.0) {
        EXPECT_EQ(got, want) << "output " << k << "[" << i << "]";
      } else {
        EXPECT_NEAR(got, want, e.tol) << "output " << k << "[" << i << "]";
      }
    }
  }
}

double len3(const Value& v) {
  return std::sqrt(v.f[0] * v.f[0] + v.f[1] * v.f[1] + v.f[2] * v.f[2]);
}

// clang-format off

TEST(VectorOps, Table) {
  const std::vector<Case> cases = {
    // "Length": IEEE hypot, every special case of the text.
    {"length float", Op::MathLength, {F(-3)}, {E({3})}},
    {"length float2 3-4-5", Op::MathLength, {V({3, -4})}, {E({5})}},
    {"length float3 2-3-6-7", Op::MathLength, {V({2, 3, 6})}, {E({7})}},
    {"length float4", Op::MathLength, {V({1, -1, 1, -1})}, {E({2})}},
    {"length inf beats NaN", Op::MathLength, {V({kNaN, -kInf})}, {E({kInf})}},
    {"length -inf", Op::MathLength, {V({-kInf, 1, 2})}, {E({kInf})}},
    {"length NaN", Op::MathLength, {V({kNaN, 1, 0, 0})}, {E({kNaN})}},
    {"length of -0s is +0", Op::MathLength, {V({-0.0, -0.0, -0.0})}, {E({0.0}, kBits)}},
    {"length no overflow", Op::MathLength, {V({3e200, 4e200})}, {E({5e200}, 1e186)}},
    {"length no underflow", Op::MathLength, {V({3e-200, 4e-200})}, {E({5e-200}, 1e-214)}},
    {"length overflows to inf", Op::MathLength, {V({1.5e308, 1.5e308})}, {E({kInf})}},
    // "Normalize": steps 2 (zeros, false) and 3.
    {"normalize float2", Op::MathNormalize, {V({3, 4})}, {E({0.6, 0.8}), B(true)}},
    {"normalize float", Op::MathNormalize, {F(-5)}, {E({-1}), B(true)}},
    {"normalize float4", Op::MathNormalize, {V({1, 1, -1, 1})},
     {E({0.5, 0.5, -0.5, 0.5}), B(true)}},
    {"normalize zero", Op::MathNormalize, {V({0, 0, 0})}, {E({0, 0, 0}, kBits), B(false)}},
    {"normalize -0 gives +0", Op::MathNormalize, {V({-0.0, -0.0})}, {E({0, 0}, kBits), B(false)}},
    {"normalize NaN", Op::MathNormalize, {V({kNaN, 1, 0})}, {E({0, 0, 0}, kBits), B(false)}},
    {"normalize inf", Op::MathNormalize, {V({kInf, 0})}, {E({0, 0}, kBits), B(false)}},
    {"normalize length overflow", Op::MathNormalize, {V({1.5e308, 1.5e308})},
     {E({0, 0}, kBits), B(false)}},
    // "Dot Product", "Cross Product".
    {"dot float3", Op::MathDot, {V({1, 2, 3}), V({4, -5, 6})}, {E({12})}},
    {"dot float4", Op::MathDot, {V({1, 2, 3, 4}), V({5, 6, 7, 8})}, {E({70})}},
    {"dot float", Op::MathDot, {F(3), F(-2)}, {E({-6})}},
    {"dot inf*0 is NaN", Op::MathDot, {V({kInf, 1}), V({0, 1})}, {E({kNaN})}},
    {"cross x*y=z", Op::MathCross, {V({1, 0, 0}), V({0, 1, 0})}, {E({0, 0, 1})}},
    {"cross general", Op::MathCross, {V({1, 2, 3}), V({4, 5, 6})}, {E({-3, 6, -3})}},
    // "Rotate 2D": x = a_x cos - a_y sin, y = a_x sin + a_y cos.
    {"rotate2D 90", Op::MathRotate2D, {V({1, 0}), F(kPi / 2)}, {E({0, 1}, kT)}},
    {"rotate2D 180", Op::MathRotate2D, {V({2, 1}), F(kPi)}, {E({-2, -1}, kT)}},
    {"rotate2D NaN", Op::MathRotate2D, {V({1, 0}), F(kNaN)}, {E({kNaN, kNaN})}},
    // "Rotate 3D": a + 2 (r x (r x a) + r_w (r x a)).
    {"rotate3D 90 about z", Op::MathRotate3D, {V({1, 0, 0}), V({0, 0, kH, kH})},
     {E({0, 1, 0}, kT)}},
    {"rotate3D identity", Op::MathRotate3D, {V({1, 2, 3}), V({0, 0, 0, 1})}, {E({1, 2, 3})}},
    {"rotate3D 180 about x", Op::MathRotate3D, {V({0, 1, 0}), V({1, 0, 0, 0})}, {E({0, -1, 0})}},
    // "Transform": b * a with b column-major.
    {"transform2", Op::MathTransform2, {V({2, 3}), M({0, 1, -1, 0})}, {E({-3, 2})}},
    {"transform3", Op::MathTransform3, {V({1, 2, 3}), M({1, 2, 3, 4, 5, 6, 7, 8, 9})},
     {E({30, 36, 42})}},
    {"transform4 point", Op::MathTransform4,
     {V({1, 2, 3, 1}), M({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1})},
     {E({6, 8, 10, 1})}},
    {"transform4 direction", Op::MathTransform4,
     {V({1, 2, 3, 0}), M({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1})},
     {E({1, 2, 3, 0})}},
    // "Vector Spherical Linear Interpolation", float2: theta = +-acos, L = lerp of lengths.
    {"slerp2 ccw", Op::MathSlerp2, {V({1, 0}), V({0, 2}), F(0.5)}, {E({1.5 * kH, 1.5 * kH}, kT)}},
    {"slerp2 cw (theta negated)", Op::MathSlerp2, {V({1, 0}), V({0, -1}), F(0.5)},
     {E({kH, -kH}, kT)}},
    {"slerp2 unclamped c=2", Op::MathSlerp2, {V({1, 0}), V({0, 1}), F(2)}, {E({-1, 0}, kT)}},
    {"slerp2 zero length: lerp", Op::MathSlerp2, {V({0, 0}), V({2, 4}), F(0.25)}, {E({0.5, 1})}},
    {"slerp2 NaN", Op::MathSlerp2, {V({1, 0}), V({0, 1}), F(kNaN)}, {E({kNaN, kNaN})}},
    // float3: axis a x b, angle c acos(d), then times L.
    {"slerp3 90", Op::MathSlerp3, {V({1, 0, 0}), V({0, 3, 0}), F(0.5)},
     {E({2 * kH, 2 * kH, 0}, kT)}},
    {"slerp3 same direction: lerp", Op::MathSlerp3, {V({1, 0, 0}), V({3, 0, 0}), F(0.5)},
     {E({2, 0, 0})}},
    {"slerp3 zero length: lerp", Op::MathSlerp3, {V({0, 0, 0}), V({0, 2, 0}), F(0.5)},
     {E({0, 1, 0})}},
    {"slerp3 NaN", Op::MathSlerp3, {V({1, 0, 0}), V({kNaN, 1, 0}), F(0.5)},
     {E({kNaN, kNaN, kNaN})}},
  };
  for (const Case& c : cases) check(c);

  // slerp3 of opposite vectors (step 6: any perpendicular axis): the halfway vector is
  // perpendicular to both and has the interpolated length 2 = (1 + 3) / 2.
  const Value v = run(Op::MathSlerp3, {V({0, 1, 0}), V({0, -3, 0}), F(0.5)})[0];
  EXPECT_NEAR(v.f[1], 0.0, kT);
  EXPECT_NEAR(len3(v), 2.0, kT);
}

TEST(MatrixOps, Table) {
  const Value a3 = M({1, 0, 5, 2, 1, 6, 3, 4, 0});  // rows (1 2 3) (0 1 4) (5 6 0), det 1
  const Value sing3 = M({2, 1, 1, 0, 3, 1, 1, 2, 1});  // rows (2 0 1) (1 3 2) (1 1 1), det 0
  const Value ts4 = M({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1});  // T(1,2,3) S(2)
  const Value t4 = M({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1});
  const Value s4 = M({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1});
  // T(1,2,3) R(90 about z) S(2,3,4): columns 2*(0,1,0), 3*(-1,0,0), 4*(0,0,1), (1,2,3,1).
  const Value trs = M({0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1});
  const std::vector<Case> cases = {
    // "Transpose": reorders without inspecting (NaN and -0 kept).
    {"transpose 2x2", Op::MathTranspose, {M({1, 2, 3, 4})}, {E({1, 3, 2, 4})}},
    {"transpose 3x3", Op::MathTranspose, {M({1, 2, 3, 4, 5, 6, 7, 8, 9})},
     {E({1, 4, 7, 2, 5, 8, 3, 6, 9})}},
    {"transpose 4x4", Op::MathTranspose,
     {M({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})},
     {E({0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15})}},
    {"transpose keeps -0", Op::MathTranspose, {M({-0.0, kInf, 0, -1})},
     {E({-0.0, 0, kInf, -1}, kBits)}},
    {"transpose keeps NaN", Op::MathTranspose, {M({1, kNaN, 2, 3})}, {E({1, 2, kNaN, 3})}},
    // "Determinant".
    {"det 2x2", Op::MathDeterminant, {M({1, 2, 3, 4})}, {E({-2})}},
    {"det 3x3", Op::MathDeterminant, {a3}, {E({1})}},
    {"det 3x3 singular", Op::MathDeterminant, {sing3}, {E({0})}},
    {"det 4x4 triangular", Op::MathDeterminant,
     {M({2, 0, 0, 0, 1, 1, 0, 0, 0, 5, 3, 0, 3, 0, 1, 0.5})},
     {E({3})}},
    {"det 4x4 row swap", Op::MathDeterminant, {M({0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})},
     {E({-1})}},
    {"det 4x4 TRS", Op::MathDeterminant, {trs}, {E({24})}},
    {"det NaN", Op::MathDeterminant, {M({1, kNaN, 0, 1})}, {E({kNaN})}},
    {"det inf", Op::MathDeterminant, {M({kInf, 0, 0, 1})}, {E({kInf})}},
    // "Inverse": steps 2 (zeros, false) and 3.
    {"inverse 2x2", Op::MathInverse, {M({1, 2, 3, 4})}, {E({-2, 1, 1.5, -0.5}), B(true)}},
    {"inverse 3x3", Op::MathInverse, {a3}, {E({-24, 20, -5, 18, -15, 4, 5, -4, 1}), B(true)}},
    {"inverse 4x4", Op::MathInverse, {ts4},
     {E({0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, -0.5, -1, -1.5, 1}), B(true)}},
    {"inverse singular", Op::MathInverse, {sing3},
     {E({0, 0, 0, 0, 0, 0, 0, 0, 0}, kBits), B(false)}},
    {"inverse zero", Op::MathInverse, {M({0, 0, 0, 0})}, {E({0, 0, 0, 0}, kBits), B(false)}},
    {"inverse NaN", Op::MathInverse, {M({1, 0, 0, kNaN})}, {E({0, 0, 0, 0}, kBits), B(false)}},
    {"inverse inf", Op::MathInverse, {M({kInf, 0, 0, 1})}, {E({0, 0, 0, 0}, kBits), B(false)}},
    // "Multiplication" (matMul): the matrix product a b.
    {"matMul 2x2", Op::MathMatMul, {M({1, 3, 2, 4}), M({5, 7, 6, 8})}, {E({19, 43, 22, 50})}},
    {"matMul T*S", Op::MathMatMul, {t4, s4}, {E({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1})}},
    {"matMul S*T", Op::MathMatMul, {s4, t4}, {E({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 4, 6, 1})}},
    {"matMul A*inverse(A)", Op::MathMatMul, {a3, M({-24, 20, -5, 18, -15, 4, 5, -4, 1})},
     {E({1, 0, 0, 0, 1, 0, 0, 0, 1})}},
    // "Compose": T R S.
    {"matCompose identity", Op::MathMatCompose, {V({0, 0, 0}), V({0, 0, 0, 1}), V({1, 1, 1})},
     {E({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})}},
    {"matCompose TRS", Op::MathMatCompose, {V({1, 2, 3}), V({0, 0, kH, kH}), V({2, 3, 4})},
     {E({0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1}, 1e-15)}},
    // "Decompose".
    {"matDecompose TRS", Op::MathMatDecompose, {trs},
     {E({1, 2, 3}), E({0, 0, kH, kH}, kT), E({2, 3, 4})}},
    {"matDecompose ignores row 4", Op::MathMatDecompose,
     {M({0, 2, 0, 7, -3, 0, 0, 8, 0, 0, 4, 9, 1, 2, 3, 0})},
     {E({1, 2, 3}), E({0, 0, kH, kH}, kT), E({2, 3, 4})}},
    // det B < 0, first option: (-s_x, s_y, s_z), B's first column negated (B = identity).
    {"matDecompose mirror", Op::MathMatDecompose,
     {M({-2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 5, 6, 7, 1})},
     {E({5, 6, 7}), E({0, 0, 0, 1}), E({-2, 3, 4})}},
    // Step 4: zero, NaN or infinite scale: (s_x, s_y, s_z), identity rotation (w = +1 here).
    {"matDecompose zero scale", Op::MathMatDecompose,
     {M({0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1})},
     {E({1, 2, 3}), E({0, 0, 0, 1}), E({0, 3, 4})}},
    {"matDecompose NaN scale", Op::MathMatDecompose,
     {M({2, 0, 0, 0, 0, kNaN, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1})},
     {E({1, 2, 3}), E({0, 0, 0, 1}), E({2, kNaN, 4})}},
    {"matDecompose inf scale", Op::MathMatDecompose,
     {M({2, 0, 0, 0, 0, 3, 0, 0, 0, 0, -kInf, 0, 1, 2, 3, 1})},
     {E({1, 2, 3}), E({0, 0, 0, 1}), E({2, 3, kInf})}},
  };
  for (const Case& c : cases) check(c);

  // Round trips on a general TRS (rotation (1, 2, 2, 3) / sqrt(18)): compose then decompose
  // returns the inputs; with one negative scale, compose(decompose(M)) returns M.
  const Value q = kQ1223;
  for (const Value& s : {V({0.5, 2, 3}), V({-0.5, 2, 3}), V({0.5, -2, 3}), V({-1, -1, -1})}) {
    const Value m = run(Op::MathMatCompose, {V({-1.5, 0.25, 10}), q, s})[0];
    const std::vector<Value> d = run(Op::MathMatDecompose, {m});
    for (int i = 0; i < 3; ++i) EXPECT_EQ(d[0].f[i], m.f[12 + i]);
    if (s.f[1] > 0 && s.f[2] > 0) {  // (+,+,+), and (-,+,+) by the first option, come back
      for (int i = 0; i < 3; ++i) EXPECT_NEAR(d[2].f[i], s.f[i], 1e-14);
      for (int i = 0; i < 4; ++i) EXPECT_NEAR(d[1].f[i], q.f[i], 1e-14);
    }
    const Value back = run(Op::MathMatCompose, {d[0], d[1], d[2]})[0];
    for (int i = 0; i < 16; ++i) EXPECT_NEAR(back.f[i], m.f[i], 1e-14) << i;
  }
}

TEST(QuatOps, Table) {
  const Value qz90 = V({0, 0, kH, kH});  // 90 degrees about z
  const Value id = V({0, 0, 0, 1});
  const std::vector<Case> cases = {
    {"conjugate", Op::MathQuatConjugate, {V({1, 2, 3, 4})}, {E({-1, -2, -3, 4})}},
    {"conjugate -0 NaN", Op::MathQuatConjugate, {V({0, -0.0, kNaN, -1})},
     {E({-0.0, 0, kNaN, -1}, kBits)}},
    // "Multiplication": i j = k, j i = -k, and a general product.
    {"quatMul i*j", Op::MathQuatMul, {V({1, 0, 0, 0}), V({0, 1, 0, 0})}, {E({0, 0, 1, 0})}},
    {"quatMul j*i", Op::MathQuatMul, {V({0, 1, 0, 0}), V({1, 0, 0, 0})}, {E({0, 0, -1, 0})}},
    {"quatMul general", Op::MathQuatMul, {V({1, 2, 3, 4}), V({5, 6, 7, 8})}, {E({24, 48, 48, -6})}},
    // "Angle Between": 2 acos(a . b).
    {"angleBetween 90", Op::MathQuatAngleBetween, {id, qz90}, {E({kPi / 2}, kT)}},
    {"angleBetween same", Op::MathQuatAngleBetween,
     {V({0.5, 0.5, 0.5, 0.5}), V({0.5, 0.5, 0.5, 0.5})}, {E({0})}},
    // a . a = 1 + 2^-52 by rounding: clamped (documented slack), not acos's NaN.
    {"angleBetween rounding", Op::MathQuatAngleBetween, {kQ1223, kQ1223}, {E({0})}},
    {"angleBetween q -q", Op::MathQuatAngleBetween, {id, V({0, 0, 0, -1})}, {E({2 * kPi})}},
    {"angleBetween not unit", Op::MathQuatAngleBetween, {V({0, 0, 0, 2}), V({0, 0, 0, 2})},
     {E({kNaN})}},
    // "Quaternion From Axis & Angle".
    {"fromAxisAngle 90 z", Op::MathQuatFromAxisAngle, {V({0, 0, 1}), F(kPi / 2)},
     {E({0, 0, kH, kH}, kT)}},
    {"fromAxisAngle 180 x", Op::MathQuatFromAxisAngle, {V({1, 0, 0}), F(kPi)},
     {E({1, 0, 0, 0}, kT)}},
    {"fromAxisAngle 0", Op::MathQuatFromAxisAngle, {V({0, 1, 0}), F(0)}, {E({0, 0, 0, 1})}},
    {"fromAxisAngle NaN", Op::MathQuatFromAxisAngle, {V({0, 1, 0}), F(kNaN)},
     {E({kNaN, kNaN, kNaN, kNaN})}},
    // "Quaternion To Axis & Angle".
    {"toAxisAngle 90 z", Op::MathQuatToAxisAngle, {qz90}, {E({0, 0, 1}, kT), E({kPi / 2}, kT)}},
    {"toAxisAngle 180 x", Op::MathQuatToAxisAngle, {V({1, 0, 0, 0})}, {E({1, 0, 0}), E({kPi})}},
    {"toAxisAngle 120 (1,1,1)", Op::MathQuatToAxisAngle, {V({0.5, 0.5, 0.5, 0.5})},
     {E({1 / std::sqrt(3.0), 1 / std::sqrt(3.0), 1 / std::sqrt(3.0)}, kT), E({2 * kPi / 3}, kT)}},
    {"toAxisAngle NaN", Op::MathQuatToAxisAngle, {V({0, 0, 0, kNaN})},
     {E({kNaN, kNaN, kNaN}), E({kNaN})}},
    // "Quaternion From Two Directional Vectors".
    {"fromDirections x to y", Op::MathQuatFromDirections, {V({1, 0, 0}), V({0, 1, 0})},
     {E({0, 0, kH, kH}, kT)}},
    {"fromDirections z to y", Op::MathQuatFromDirections, {V({0, 0, 1}), V({0, 1, 0})},
     {E({-kH, 0, 0, kH}, kT)}},
    {"fromDirections same", Op::MathQuatFromDirections, {V({0, 1, 0}), V({0, 1, 0})},
     {E({0, 0, 0, 1})}},
    // "Quaternion From Up and Forward": M = (s t r) with s = up x forward, t = forward x s.
    {"fromUpForward identity", Op::MathQuatFromUpForward, {V({0, 1, 0}), V({0, 0, 1})},
     {E({0, 0, 0, 1})}},
    {"fromUpForward 90 about y", Op::MathQuatFromUpForward, {V({0, 1, 0}), V({1, 0, 0})},
     {E({0, kH, 0, kH}, kT)}},
    {"fromUpForward 90 about x", Op::MathQuatFromUpForward, {V({0, 0, 1}), V({0, -1, 0})},
     {E({kH, 0, 0, kH}, kT)}},
    // "Quaternion From Three Angles", intrinsic: xyz is Rx Ry Rz. With x = y = 90 degrees,
    // x first gives x -> y (120 degrees about (1,1,1)), y first gives x -> -z.
    {"fromAngles xyz x<y", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderXYZ},
    {"fromAngles xzy x<y", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderXZY},
    {"fromAngles zxy x<y", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderZXY},
    {"fromAngles yxz y<x", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, -0.5, 0.5}, kT)}, kOrderYXZ},
    {"fromAngles yzx y<x", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, -0.5, 0.5}, kT)}, kOrderYZX},
    {"fromAngles zyx y<x", Op::MathQuatFromAngles, {F(kPi / 2), F(kPi / 2), F(0)},
     {E({0.5, 0.5, -0.5, 0.5}, kT)}, kOrderZYX},
    {"fromAngles xyz y<z", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderXYZ},
    {"fromAngles yxz y<z", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderYXZ},
    {"fromAngles yzx y<z", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({0.5, 0.5, 0.5, 0.5}, kT)}, kOrderYZX},
    {"fromAngles xzy z<y", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({-0.5, 0.5, 0.5, 0.5}, kT)}, kOrderXZY},
    {"fromAngles zxy z<y", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({-0.5, 0.5, 0.5, 0.5}, kT)}, kOrderZXY},
    {"fromAngles zyx z<y", Op::MathQuatFromAngles, {F(0), F(kPi / 2), F(kPi / 2)},
     {E({-0.5, 0.5, 0.5, 0.5}, kT)}, kOrderZYX},
    {"fromAngles single x", Op::MathQuatFromAngles, {F(kPi / 2), F(0), F(0)},
     {E({kH, 0, 0, kH}, kT)}},
    {"fromAngles zeros", Op::MathQuatFromAngles, {F(0), F(0), F(0)}, {E({0, 0, 0, 1})}},
    {"fromAngles NaN", Op::MathQuatFromAngles, {F(kNaN), F(0), F(0)},
     {E({kNaN, kNaN, kNaN, kNaN})}},
    // "Quaternion Spherical Linear Interpolation".
    {"quatSlerp half of 180", Op::MathQuatSlerp, {id, V({0, 0, 1, 0}), F(0.5)},
     {E({0, 0, kH, kH}, kT)}},
    {"quatSlerp negative d flips b", Op::MathQuatSlerp, {id, V({0, 0, -kH, -kH}), F(0.5)},
     {E({0, 0, 0.3826834323650898, 0.9238795325112867}, kT)}},  // sin, cos of pi/8
    {"quatSlerp unclamped c=2", Op::MathQuatSlerp, {id, qz90, F(2)}, {E({0, 0, 1, 0}, kT)}},
    {"quatSlerp d=1: lerp", Op::MathQuatSlerp, {qz90, qz90, F(0.25)}, {E({0, 0, kH, kH}, kT)}},
    {"quatSlerp NaN", Op::MathQuatSlerp, {id, qz90, F(kNaN)}, {E({kNaN, kNaN, kNaN, kNaN})}},
  };
  for (const Case& c : cases) check(c);

  // The choices the text leaves open, by property. toAxisAngle near |w| = 1: angle 0 and an
  // axis-aligned unit axis.
  for (double w : {1.0, -1.0, 1.0 - 1e-12}) {
    const std::vector<Value> o = run(Op::MathQuatToAxisAngle, {V({0, 0, 0, w})});
    EXPECT_EQ(o[1].f[0], 0.0);
    EXPECT_EQ(std::fabs(o[0].f[0]) + std::fabs(o[0].f[1]) + std::fabs(o[0].f[2]), 1.0);
  }
  // fromDirections of opposite vectors: (perpendicular unit axis, 0), which turns a onto b.
  const Value a = V({0.6, 0.8, 0}), b = V({-0.6, -0.8, 0});
  const Value q = run(Op::MathQuatFromDirections, {a, b})[0];
  EXPECT_EQ(q.f[3], 0.0);
  EXPECT_NEAR(len3(q), 1.0, kT);
  EXPECT_NEAR(q.f[0] * 0.6 + q.f[1] * 0.8, 0.0, kT);
  const Value turned = run(Op::MathRotate3D, {a, q})[0];
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(turned.f[i], b.f[i], kT);
  // fromUpForward of colinear up and forward: a unit rotation taking +z onto forward.
  const Value fwd = V({0, 1, 0});
  const Value r = run(Op::MathQuatFromUpForward, {V({0, -1, 0}), fwd})[0];
  EXPECT_NEAR(std::sqrt(len3(r) * len3(r) + r.f[3] * r.f[3]), 1.0, kT);
  const Value z = run(Op::MathRotate3D, {V({0, 0, 1}), r})[0];
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(z.f[i], fwd.f[i], kT);
}

TEST(SwizzleOps, Table) {
  const std::vector<Case> cases = {
    {"combine2", Op::MathCombine2, {F(1), F(-0.0)}, {E({1, -0.0}, kBits)}},
    {"combine3", Op::MathCombine3, {F(1), F(2), F(kNaN)}, {E({1, 2, kNaN})}},
    {"combine4", Op::MathCombine4, {F(1), F(2), F(3), F(kInf)}, {E({1, 2, 3, kInf})}},
    // a = row 1 col 1, b = row 2 col 1, ...: the column-major storage order.
    {"combine2x2", Op::MathCombine2x2, {F(1), F(2), F(3), F(4)}, {E({1, 2, 3, 4})}},
    {"combine3x3", Op::MathCombine3x3, {F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9)},
     {E({1, 2, 3, 4, 5, 6, 7, 8, 9})}},
    {"combine4x4", Op::MathCombine4x4,
     {F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), F(12), F(13),
      F(14), F(15), F(16)},
     {E({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})}},
    {"extract2", Op::MathExtract2, {V({1, -0.0})}, {E({1}), E({-0.0}, kBits)}},
    {"extract3", Op::MathExtract3, {V({1, 2, kNaN})}, {E({1}), E({2}), E({kNaN})}},
    {"extract4", Op::MathExtract4, {V({1, 2, 3, 4})}, {E({1}), E({2}), E({3}), E({4})}},
    {"extract2x2", Op::MathExtract2x2, {M({1, 2, 3, 4})}, {E({1}), E({2}), E({3}), E({4})}},
    {"extract3x3", Op::MathExtract3x3, {M({1, 2, 3, 4, 5, 6, 7, 8, 9})},
     {E({1}), E({2}), E({3}), E({4}), E({5}), E({6}), E({7}), E({8}), E({9})}},
    {"extract4x4", Op::MathExtract4x4, {M({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})},
     {E({1}), E({2}), E({3}), E({4}), E({5}), E({6}), E({7}), E({8}), E({9}), E({10}), E({11}),
      E({12}), E({13}), E({14}), E({15}), E({16})}},
  };
  for (const Case& c : cases) check(c);

  // combine4x4's m, n, o are rows 1-3 of the fourth column: a translation, by matDecompose.
  const Value t = run(Op::MathCombine4x4, {F(1), F(0), F(0), F(0), F(0), F(1), F(0), F(0), F(0),
                                           F(0), F(1), F(0), F(7), F(8), F(9), F(1)})[0];
  const Value tr = run(Op::MathMatDecompose, {t})[0];
  EXPECT_EQ(tr.f[0], 7.0);
  EXPECT_EQ(tr.f[1], 8.0);
  EXPECT_EQ(tr.f[2], 9.0);
}

TEST(ColorOps, Table) {
  // Published Oklab values of the linear sRGB primaries (Ottosson), as OkLCh: C = hypot(a, b),
  // h = atan2(b, a) in radians.
  const double redL = 0.6279553606145516, redC = 0.2576833077361567, redH = 0.5102275497563947;
  const double grnL = 0.8664396115356694, grnC = 0.2948272403370166, grnH = 2.4870128323373986;
  const double bluL = 0.4520137183853429, bluC = 0.31321437166456517, bluH = -1.674608150500406;
  // The text's two matrix sets (the original single-precision Oklab ones) invert each other
  // only to ~1e-7: the tolerance of a conversion back to RGB. A grey's hue is any angle (kInf:
  // only finiteness is checked).
  constexpr double kRt = 3e-7;
  const std::vector<Case> cases = {
    {"toOkLCh black", Op::MathRgbToOkLCh, {F(0), F(0), F(0)},
     {E({0}, kBits), E({0}, kBits), E({0}, kBits)}},
    {"toOkLCh white", Op::MathRgbToOkLCh, {F(1), F(1), F(1)},
     {E({1}, 1e-7), E({0}, 1e-7), E({0}, kInf)}},
    {"toOkLCh red", Op::MathRgbToOkLCh, {F(1), F(0), F(0)},
     {E({redL}, 1e-9), E({redC}, 1e-9), E({redH}, 1e-9)}},
    {"toOkLCh green", Op::MathRgbToOkLCh, {F(0), F(1), F(0)},
     {E({grnL}, 1e-9), E({grnC}, 1e-9), E({grnH}, 1e-9)}},
    {"toOkLCh blue", Op::MathRgbToOkLCh, {F(0), F(0), F(1)},
     {E({bluL}, 1e-9), E({bluC}, 1e-9), E({bluH}, 1e-9)}},
    // Negative input: the cube root keeps the sign, L of (-1,-1,-1) is -1.
    {"toOkLCh negative", Op::MathRgbToOkLCh, {F(-1), F(-1), F(-1)},
     {E({-1}, 1e-7), E({0}, 1e-7), E({0}, kInf)}},
    {"toOkLCh NaN", Op::MathRgbToOkLCh, {F(kNaN), F(0), F(0)}, {E({kNaN}), E({kNaN}), E({kNaN})}},
    {"fromOkLCh black", Op::MathRgbFromOkLCh, {F(0), F(0), F(0)}, {E({0}), E({0}), E({0})}},
    {"fromOkLCh white", Op::MathRgbFromOkLCh, {F(1), F(0), F(0)},
     {E({1}, 1e-9), E({1}, 1e-9), E({1}, 1e-9)}},
    {"fromOkLCh red", Op::MathRgbFromOkLCh, {F(redL), F(redC), F(redH)},
     {E({1}, kRt), E({0}, kRt), E({0}, kRt)}},
    {"fromOkLCh green", Op::MathRgbFromOkLCh, {F(grnL), F(grnC), F(grnH)},
     {E({0}, kRt), E({1}, kRt), E({0}, kRt)}},
    {"fromOkLCh blue", Op::MathRgbFromOkLCh, {F(bluL), F(bluC), F(bluH)},
     {E({0}, kRt), E({0}, kRt), E({1}, kRt)}},
    {"fromOkLCh NaN hue", Op::MathRgbFromOkLCh, {F(0.5), F(0.1), F(kNaN)},
     {E({kNaN}), E({kNaN}), E({kNaN})}},
  };
  for (const Case& c : cases) check(c);

  // Round trip of an in-gamut colour .
  const std::vector<Value> lch = run(Op::MathRgbToOkLCh, {F(0.2), F(0.5), F(0.8)});
  const std::vector<Value> rgb = run(Op::MathRgbFromOkLCh, {lch[0], lch[1], lch[2]});
  EXPECT_NEAR(rgb[0].f[0], 0.2, kRt);
  EXPECT_NEAR(rgb[1].f[0], 0.5, kRt);
  EXPECT_NEAR(rgb[2].f[0], 0.8, kRt);
}

// clang-format on

}  // namespace
}  // namespace vitrine::interact
