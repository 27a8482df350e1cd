// The vector, matrix, quaternion, swizzle and colour operations of KHR_interactivity ("Vector
// Operations" .. "Swizzle Operations", "Color Model Conversion Operations"), in double
// precision. Matrices are column-major (element (row r, column c) of an NxN matrix is
// f[c*N+r], "Variables"); quaternions are (x, y, z, w).
//
// Where the text leaves a threshold to the implementation, one value is used: kClose (1e-9),
// compared with the quantity the text names (a length, a dot product, |a_w|, the length of a
// cross product of unit vectors). See the comments at each use.
#include <cmath>
#include <cstdint>

#include "ops_pure.h"

namespace vitrine::interact {
namespace {

// "close to zero / one within an implementation-defined threshold": |x - target| <= kClose.
constexpr double kClose = 1e-9;
// arccos of a value the text computes from unit inputs (so mathematically in [-1, 1]): a
// rounding excess up to kAcosSlack is clamped so that, e.g., the angle between a normalized
// quaternion and itself is 0 and not NaN. Anything further out (inputs that are not unit)
// stays out of range and gives NaN, as arccos does.
constexpr double kAcosSlack = 1e-12;

double acosUnit(double x) {
  if (x > 1.0 && x <= 1.0 + kAcosSlack) x = 1.0;
  if (x < -1.0 && x >= -1.0 - kAcosSlack) x = -1.0;
  return std::acos(x);
}

struct V3 {
  double x, y, z;
};
V3 operator+(V3 a, V3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
V3 operator*(double s, V3 a) {
  return {s * a.x, s * a.y, s * a.z};
}
double dot(V3 a, V3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
// "Cross Product": (a_y*b_z - a_z*b_y, a_z*b_x - a_x*b_z, a_x*b_y - a_y*b_x).
V3 cross(V3 a, V3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
V3 v3(const Value* v) {
  return {v->f[0], v->f[1], v->f[2]};
}
void put(Value& o, V3 v) {
  o.f[0] = v.x;
  o.f[1] = v.y;
  o.f[2] = v.z;
}

struct Quat {
  double x, y, z, w;
};
Quat quat(const Value* v) {
  return {v->f[0], v->f[1], v->f[2], v->f[3]};
}
void put(Value& o, Quat q) {
  o.f[0] = q.x;
  o.f[1] = q.y;
  o.f[2] = q.z;
  o.f[3] = q.w;
}
// "Multiplication" (math/quatMul), the formula of the text.
Quat mul(Quat a, Quat b) {
  return {
      a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z,
      a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

// "Length": the IEEE-754 hypot of n components. Any infinity gives +inf (even with a NaN),
// else any NaN gives NaN, all zeros give +0; otherwise sqrt of the sum of squares, computed on
// the components scaled by an exact power of two so that no square overflows or underflows.
double length(const double* a, uint32_t n) {
  bool nan = false;
  double m = 0.0;
  for (uint32_t i = 0; i < n; ++i) {
    const double x = std::fabs(a[i]);
    if (std::isinf(x)) return kInf;
    if (std::isnan(x)) {
      nan = true;
    } else if (x > m) {
      m = x;
    }
  }
  if (nan) return kNaN;
  if (m == 0.0) return 0.0;
  if (n == 1) return m;
  const int e = std::ilogb(m);
  double s = 0.0;
  for (uint32_t i = 0; i < n; ++i) {
    const double x = std::ldexp(a[i], -e);
    s += x * x;
  }
  return std::ldexp(std::sqrt(s), e);
}
double length(V3 v) {
  const double a[3] = {v.x, v.y, v.z};
  return length(a, 3);
}
// v / |v|, by plain division: NaN stays NaN, and a zero vector (only reachable when an input
// the text assumes unit is not) gives NaN rather than a made-up direction.
V3 unit(V3 v) {
  return (1.0 / length(v)) * v;
}

// A unit vector perpendicular to v ("any unit vector perpendicular", Vector Spherical Linear
// Interpolation step 6, Quaternion From Two Directional Vectors step 3, Quaternion From Up and
// Forward step 2). Choice: v crossed with the coordinate axis least aligned with v (smallest
// |component|, the first on ties), normalized; e.g. (0, 0, 1) for v = (1, 0, 0).
V3 perpendicular(V3 v) {
  const double ax = std::fabs(v.x), ay = std::fabs(v.y), az = std::fabs(v.z);
  V3 e{0.0, 0.0, 1.0};
  if (ax <= ay && ax <= az) {
    e = {1.0, 0.0, 0.0};
  } else if (ay <= az) {
    e = {0.0, 1.0, 0.0};
  }
  return unit(cross(v, e));
}

// "Rotate 3D": a + 2 * (r x (r x a) + r_w * (r x a)).
V3 rotate(V3 a, Quat q) {
  const V3 r{q.x, q.y, q.z};
  const V3 ra = cross(r, a);
  return a + 2.0 * (cross(r, ra) + q.w * ra);
}

// The unit quaternion of a rotation matrix m (3x3, column-major), for "Decompose" step 9 and
// "Quaternion From Up and Forward" step 6 (Shepperd's method: the largest of w, x, y, z is
// taken from the diagonal, the others from the off-diagonal sums and differences). The result
// is normalized (a matrix with shear left in, Decompose step 6, is not exactly orthonormal)
// and, of the two quaternions of the rotation, the one with w >= 0 is returned (choice).
Quat quatFromMatrix(const double* m) {
  const auto at = [m](int r, int c) { return m[c * 3 + r]; };
  const double m00 = at(0, 0), m11 = at(1, 1), m22 = at(2, 2);
  const double trace = m00 + m11 + m22;
  Quat q{};
  if (trace > 0.0) {
    const double s = 2.0 * std::sqrt(trace + 1.0);  // 4w
    q = {(at(2, 1) - at(1, 2)) / s, (at(0, 2) - at(2, 0)) / s, (at(1, 0) - at(0, 1)) / s, 0.25 * s};
  } else if (m00 > m11 && m00 > m22) {
    const double s = 2.0 * std::sqrt(1.0 + m00 - m11 - m22);  // 4x
    q = {0.25 * s, (at(0, 1) + at(1, 0)) / s, (at(0, 2) + at(2, 0)) / s, (at(2, 1) - at(1, 2)) / s};
  } else if (m11 > m22) {
    const double s = 2.0 * std::sqrt(1.0 + m11 - m00 - m22);  // 4y
    q = {(at(0, 1) + at(1, 0)) / s, 0.25 * s, (at(1, 2) + at(2, 1)) / s, (at(0, 2) - at(2, 0)) / s};
  } else {
    const double s = 2.0 * std::sqrt(1.0 + m22 - m00 - m11);  // 4z
    q = {(at(0, 2) + at(2, 0)) / s, (at(1, 2) + at(2, 1)) / s, 0.25 * s, (at(1, 0) - at(0, 1)) / s};
  }
  const double v[4] = {q.x, q.y, q.z, q.w};
  const double k = (q.w < 0.0 ? -1.0 : 1.0) / length(v, 4);
  return {k * q.x, k * q.y, k * q.z, k * q.w};
}

// ---- matrices (n = 2, 3, 4; element (r, c) at m[c*n + r]) ----

int matDim(Type t) {
  return t == Type::Float2x2 ? 2 : t == Type::Float3x3 ? 3 : 4;
}

// The (n-1)x(n-1) matrix left when row sr and column sc of m are removed.
void minorOf(const double* m, int n, int sr, int sc, double* out) {
  int k = 0;
  for (int c = 0; c < n; ++c) {
    if (c == sc) continue;
    for (int r = 0; r < n; ++r) {
      if (r != sr) out[k++] = m[c * n + r];
    }
  }
}

// "Determinant": the Laplace expansion along the first row (plain products and sums, so NaN
// and infinity propagate as the text says).
double det(const double* m, int n) {
  if (n == 1) return m[0];
  if (n == 2) return m[0] * m[3] - m[2] * m[1];
  double d = 0.0;
  double sub[9];
  for (int c = 0; c < n; ++c) {
    minorOf(m, n, 0, c, sub);
    const double t = m[c * n] * det(sub, n - 1);
    d = (c & 1) ? d - t : d + t;
  }
  return d;
}

// "Inverse": the adjugate divided by the determinant (the text's "implementation-defined
// approximation"); a zero, NaN or infinite determinant gives zeros and isValid false.
void inverse(const double* m, int n, Value& value, Value& isValid) {
  const double d = det(m, n);
  const bool ok = d != 0.0 && std::isfinite(d);
  isValid.b = ok;
  double sub[9];
  for (int c = 0; c < n; ++c) {
    for (int r = 0; r < n; ++r) {
      if (!ok) {
        value.f[c * n + r] = 0.0;
        continue;
      }
      // inverse(r, c) = cofactor(c, r) / det
      minorOf(m, n, c, r, sub);
      const double cof = ((r + c) & 1) ? -det(sub, n - 1) : det(sub, n - 1);
      value.f[c * n + r] = cof / d;
    }
  }
}

// "Compose": T * R(q) * S, the closed form of the text, stored column by column.
void matCompose(V3 t, Quat q, V3 s, double* o) {
  const double x = q.x, y = q.y, z = q.z, w = q.w;
  const double col[16] = {s.x * (1.0 - 2.0 * (y * y + z * z)),
                          s.x * 2.0 * (x * y + z * w),
                          s.x * 2.0 * (x * z - y * w),
                          0.0,
                          s.y * 2.0 * (x * y - z * w),
                          s.y * (1.0 - 2.0 * (x * x + z * z)),
                          s.y * 2.0 * (y * z + x * w),
                          0.0,
                          s.z * 2.0 * (x * z + y * w),
                          s.z * 2.0 * (y * z - x * w),
                          s.z * (1.0 - 2.0 * (x * x + y * y)),
                          0.0,
                          t.x,
                          t.y,
                          t.z,
                          1.0};
  for (int i = 0; i < 16; ++i) o[i] = col[i];
}

// "Decompose", steps 1-9.
void matDecompose(const double* a, Value& translation, Value& rotation, Value& scale) {
  // Steps 1-2: the fourth row is ignored; translation is the fourth column's first three.
  put(translation, V3{a[12], a[13], a[14]});
  // Step 3: the lengths of the first three columns (math/length semantics).
  double s[3] = {length(a, 3), length(a + 4, 3), length(a + 8, 3)};
  // Step 4: an infinite, NaN or zero scale: identity rotation (choice: w = +1).
  for (double si : s) {
    if (!std::isfinite(si) || si == 0.0) {
      put(scale, V3{s[0], s[1], s[2]});
      put(rotation, Quat{0.0, 0.0, 0.0, 1.0});
      return;
    }
  }
  // Step 5: B = the upper-left 3x3 with its columns divided by the scales.
  double b[9];
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r) b[c * 3 + r] = a[c * 4 + r] / s[c];
  }
  // Step 6: shear (|det B| not close to one) is not removed; the steps go on "as is", so no
  // threshold is needed (choice). Step 7: det B > 0 (or exactly 0, degenerate): scale as is.
  // Step 8, negative det B: the FIRST option (choice, as three.js's Matrix4.decompose):
  // scale (-s_x, s_y, s_z) and the first column of B negated.
  if (det(b, 3) < 0.0) {
    s[0] = -s[0];
    for (int r = 0; r < 3; ++r) b[r] = -b[r];
  }
  put(scale, V3{s[0], s[1], s[2]});
  put(rotation, quatFromMatrix(b));  // step 9
}

// ---- vector slerp ----

// "Vector Spherical Linear Interpolation", float2 overload, steps 1-7.
void slerp2(const double* a, const double* b, double c, double* o) {
  const double la = length(a, 2), lb = length(b, 2);
  if (la <= kClose || lb <= kClose) {  // step 2 (threshold: length <= kClose)
    for (int i = 0; i < 2; ++i) o[i] = (1.0 - c) * a[i] + c * b[i];
    return;
  }
  const double ax = a[0] / la, ay = a[1] / la, bx = b[0] / lb, by = b[1] / lb;  // step 3
  double theta = acosUnit(ax * bx + ay * by);                                   // step 4
  if (ax * by - ay * bx < 0.0) theta = -theta;                                  // step 5
  const double l = (1.0 - c) * la + c * lb;                                     // step 6
  const double cs = std::cos(c * theta), sn = std::sin(c * theta);              // step 7
  o[0] = (ax * cs - ay * sn) * l;
  o[1] = (ax * sn + ay * cs) * l;
}

// "Vector Spherical Linear Interpolation", float3 overload, steps 1-10.
V3 slerp3(V3 a, V3 b, double c) {
  const double la = length(a), lb = length(b);
  const V3 lerp = (1.0 - c) * a + c * b;
  if (la <= kClose || lb <= kClose) return lerp;      // step 2
  const V3 ah = (1.0 / la) * a, bh = (1.0 / lb) * b;  // step 3
  const double d = dot(ah, bh);                       // step 4
  if (std::fabs(1.0 - d) <= kClose) return lerp;      // step 5
  // Steps 6-7: the axis.
  const V3 r = std::fabs(1.0 + d) <= kClose ? perpendicular(ah) : unit(cross(ah, bh));
  // Step 8: Q from axis r and angle c * arccos(d) ("Quaternion From Axis & Angle").
  const double half = 0.5 * c * acosUnit(d);
  const double sh = std::sin(half);
  const Quat q{r.x * sh, r.y * sh, r.z * sh, std::cos(half)};
  return ((1.0 - c) * la + c * lb) * rotate(ah, q);  // steps 9-10
}

// ---- quaternions ----

// "Quaternion To Axis & Angle": |a_w| within kClose of one gives angle 0 and the axis
// (1, 0, 0) (choice among the axis-aligned unit vectors the text allows).
void quatToAxisAngle(Quat a, Value& axis, Value& angle) {
  if (std::fabs(1.0 - std::fabs(a.w)) <= kClose) {
    put(axis, V3{1.0, 0.0, 0.0});
    angle.f[0] = 0.0;
    return;
  }
  const double k = 1.0 / std::sqrt(1.0 - a.w * a.w);
  put(axis, V3{a.x * k, a.y * k, a.z * k});
  angle.f[0] = 2.0 * acosUnit(a.w);
}

// "Quaternion From Two Directional Vectors", steps 1-5.
Quat quatFromDirections(V3 a, V3 b) {
  const double c = dot(a, b);
  if (std::fabs(1.0 - c) <= kClose) return {0.0, 0.0, 0.0, 1.0};  // step 2 (choice: w = +1)
  if (std::fabs(1.0 + c) <= kClose) {                             // step 3
    const V3 p = perpendicular(a);
    return {p.x, p.y, p.z, 0.0};
  }
  const V3 r = unit(cross(a, b));  // step 4
  const double k = std::sqrt(0.5 - 0.5 * c);
  return {r.x * k, r.y * k, r.z * k, std::sqrt(0.5 + 0.5 * c)};
}

// "Quaternion From Up and Forward Directional Vectors", steps 1-6. Colinear (step 2) when
// |up x forward| <= kClose (the sine of the angle between the unit inputs).
Quat quatFromUpForward(V3 y, V3 r) {
  const V3 yr = cross(y, r);
  const V3 s = length(yr) <= kClose ? perpendicular(r) : unit(yr);
  const V3 t = cross(r, s);
  const double m[9] = {s.x, s.y, s.z, t.x, t.y, t.z, r.x, r.y, r.z};  // columns s, t, r
  return quatFromMatrix(m);
}

// "Quaternion From Three Angles": Tait-Bryan intrinsic angles applied in `order`, i.e. the
// product first * second * third of the elementary rotations (intrinsic order xyz is the
// rotation Rx * Ry * Rz). An order outside the enum falls back to the default yxz.
Quat quatFromAngles(double x, double y, double z, int32_t order) {
  const Quat qx{std::sin(0.5 * x), 0.0, 0.0, std::cos(0.5 * x)};
  const Quat qy{0.0, std::sin(0.5 * y), 0.0, std::cos(0.5 * y)};
  const Quat qz{0.0, 0.0, std::sin(0.5 * z), std::cos(0.5 * z)};
  switch (order) {
    case kOrderXYZ:
      return mul(mul(qx, qy), qz);
    case kOrderXZY:
      return mul(mul(qx, qz), qy);
    case kOrderYZX:
      return mul(mul(qy, qz), qx);
    case kOrderZXY:
      return mul(mul(qz, qx), qy);
    case kOrderZYX:
      return mul(mul(qz, qy), qx);
    default:
      return mul(mul(qy, qx), qz);  // kOrderYXZ
  }
}

// "Quaternion Spherical Linear Interpolation", steps 1-6.
Quat quatSlerp(Quat a, Quat b, double c) {
  double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;  // step 2
  if (d < 0.0) {                                             // step 3
    d = -d;
    b = {-b.x, -b.y, -b.z, -b.w};
  }
  double ka = 1.0 - c, kb = c;        // step 4: d within kClose of one
  if (std::fabs(1.0 - d) > kClose) {  // step 5 (a NaN d also goes here and stays NaN)
    const double w = acosUnit(d), sw = std::sin(w);
    ka = std::sin(w * (1.0 - c)) / sw;
    kb = std::sin(w * c) / sw;
  }
  return {a.x * ka + b.x * kb, a.y * ka + b.y * kb, a.z * ka + b.z * kb, a.w * ka + b.w * kb};
}

// ---- colour ("Color Model Conversion Operations"), the text's (original Oklab) matrices ----

void rgbToOkLCh(double r, double g, double b, Value* out) {
  const double l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b;  // step 1
  const double m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b;
  const double s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b;
  const double l3 = std::cbrt(l), m3 = std::cbrt(m), s3 = std::cbrt(s);        // signed cube root
  const double L = 0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3;  // step 2
  const double A = 1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3;
  const double B = 0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3;
  out[0].f[0] = L;                         // step 3
  out[1].f[0] = std::sqrt(A * A + B * B);  // step 4
  out[2].f[0] = std::atan2(B, A);          // step 5: math/atan2 with a and b swapped
}

void rgbFromOkLCh(double L, double C, double h, Value* out) {
  const double A = C * std::cos(h), B = C * std::sin(h);  // step 2
  const double l = L + 0.3963377774 * A + 0.2158037573 * B;
  const double m = L - 0.1055613458 * A - 0.0638541728 * B;
  const double s = L - 0.0894841775 * A - 1.2914855480 * B;
  const double l3 = l * l * l, m3 = m * m * m, s3 = s * s * s;  // step 3
  out[0].f[0] = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3;
  out[1].f[0] = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3;
  out[2].f[0] = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3;
}

}  // namespace

void evalVectorOp(Op op, const Value* const* in, Value* out, int32_t param) {
  const double* a = in[0]->f;
  switch (op) {
    case Op::MathLength:
      out[0].f[0] = length(a, componentCount(in[0]->type));
      break;
    case Op::MathNormalize: {  // "Normalize", steps 1-3
      const uint32_t n = componentCount(in[0]->type);
      const double len = length(a, n);
      const bool ok = len > 0.0 && std::isfinite(len);
      for (uint32_t i = 0; i < n; ++i) out[0].f[i] = ok ? a[i] / len : 0.0;
      out[1].b = ok;
      break;
    }
    case Op::MathDot: {
      double d = 0.0;
      for (uint32_t i = 0; i < componentCount(in[0]->type); ++i) d += a[i] * in[1]->f[i];
      out[0].f[0] = d;
      break;
    }
    case Op::MathCross:
      put(out[0], cross(v3(in[0]), v3(in[1])));
      break;
    case Op::MathRotate2D: {  // "Rotate 2D"
      const double cs = std::cos(in[1]->f[0]), sn = std::sin(in[1]->f[0]);
      out[0].f[0] = a[0] * cs - a[1] * sn;
      out[0].f[1] = a[0] * sn + a[1] * cs;
      break;
    }
    case Op::MathRotate3D:
      put(out[0], rotate(v3(in[0]), quat(in[1])));
      break;
    case Op::MathTransform2:
    case Op::MathTransform3:
    case Op::MathTransform4: {
      // "Transform" gives no formula: value = b * a, the column vector a multiplied by the
      // matrix b (choice; value_r = sum over c of b(r, c) * a_c).
      const int n = matDim(in[1]->type);
      for (int r = 0; r < n; ++r) {
        double v = 0.0;
        for (int c = 0; c < n; ++c) v += in[1]->f[c * n + r] * a[c];
        out[0].f[r] = v;
      }
      break;
    }
    case Op::MathSlerp2:
      slerp2(a, in[1]->f, in[2]->f[0], out[0].f);
      break;
    case Op::MathSlerp3:
      put(out[0], slerp3(v3(in[0]), v3(in[1]), in[2]->f[0]));
      break;
    case Op::MathTranspose: {
      const int n = matDim(in[0]->type);
      for (int c = 0; c < n; ++c) {
        for (int r = 0; r < n; ++r) out[0].f[c * n + r] = a[r * n + c];
      }
      break;
    }
    case Op::MathDeterminant:
      out[0].f[0] = det(a, matDim(in[0]->type));
      break;
    case Op::MathInverse:
      inverse(a, matDim(in[0]->type), out[0], out[1]);
      break;
    case Op::MathMatMul: {  // "Multiplication": value = a * b (the matrix product a b)
      const int n = matDim(in[0]->type);
      for (int c = 0; c < n; ++c) {
        for (int r = 0; r < n; ++r) {
          double v = 0.0;
          for (int k = 0; k < n; ++k) v += a[k * n + r] * in[1]->f[c * n + k];
          out[0].f[c * n + r] = v;
        }
      }
      break;
    }
    case Op::MathMatCompose:
      matCompose(v3(in[0]), quat(in[1]), v3(in[2]), out[0].f);
      break;
    case Op::MathMatDecompose:
      matDecompose(a, out[0], out[1], out[2]);
      break;
    case Op::MathQuatConjugate:
      put(out[0], Quat{-a[0], -a[1], -a[2], a[3]});
      break;
    case Op::MathQuatMul:
      put(out[0], mul(quat(in[0]), quat(in[1])));
      break;
    case Op::MathQuatAngleBetween: {  // 2 * arccos(a . b)
      const double* b = in[1]->f;
      out[0].f[0] = 2.0 * acosUnit(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
      break;
    }
    case Op::MathQuatFromAxisAngle: {
      const double half = 0.5 * in[1]->f[0];
      const double sh = std::sin(half);
      put(out[0], Quat{a[0] * sh, a[1] * sh, a[2] * sh, std::cos(half)});
      break;
    }
    case Op::MathQuatToAxisAngle:
      quatToAxisAngle(quat(in[0]), out[0], out[1]);
      break;
    case Op::MathQuatFromDirections:
      put(out[0], quatFromDirections(v3(in[0]), v3(in[1])));
      break;
    case Op::MathQuatFromUpForward:
      put(out[0], quatFromUpForward(v3(in[0]), v3(in[1])));
      break;
    case Op::MathQuatFromAngles:
      put(out[0], quatFromAngles(a[0], in[1]->f[0], in[2]->f[0], param));
      break;
    case Op::MathQuatSlerp:
      put(out[0], quatSlerp(quat(in[0]), quat(in[1]), in[2]->f[0]));
      break;
    case Op::MathCombine2:
    case Op::MathCombine3:
    case Op::MathCombine4:
    case Op::MathCombine2x2:
    case Op::MathCombine3x3:
    case Op::MathCombine4x4:
      // "Combine": the inputs list the elements column by column (first row first column,
      // second row first column, ...), which is the storage order itself.
      for (uint32_t i = 0; i < componentCount(out[0].type); ++i) out[0].f[i] = in[i]->f[0];
      break;
    case Op::MathExtract2:
    case Op::MathExtract3:
    case Op::MathExtract4:
    case Op::MathExtract2x2:
    case Op::MathExtract3x3:
    case Op::MathExtract4x4:
      // "Extract": output k is element k in the same column-by-column order.
      for (uint32_t i = 0; i < componentCount(in[0]->type); ++i) out[i].f[0] = a[i];
      break;
    case Op::MathRgbToOkLCh:
      rgbToOkLCh(a[0], in[1]->f[0], in[2]->f[0], out);
      break;
    case Op::MathRgbFromOkLCh:
      rgbFromOkLCh(a[0], in[1]->f[0], in[2]->f[0], out);
      break;
    default:
      break;
  }
}

}  // namespace vitrine::interact
