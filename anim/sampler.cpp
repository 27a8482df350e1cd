#include "sampler.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>

namespace vitrine::anim {

namespace {

// The largest float below 1: (time - t_k) / t_d can round up to 1 when time is within an ulp
// of t_(k+1), and the promise is t < 1.
constexpr float kBelowOne = 0x1.fffffep-1f;

// |dot| above which slerp becomes a normalized lerp: the angle is then below 0.0142 rad, where
// the two differ by less than 5e-8 rad, and 1 / sin(angle) would amplify the dot product's
// rounding.
constexpr float kNearlyParallel = 0.9999f;

// Quaternions shorter than 1e-6 have no meaningful direction left in float.
constexpr float kMinSquaredLength = 1e-12f;

inline void copyValue(const float* v, uint32_t components, float* out) {
  for (uint32_t c = 0; c < components; ++c) out[c] = v[c];
}

inline KeyLocation between(const float* times, uint32_t k, float time, Cursor& cursor) {
  cursor.segment = k;
  const float tk = times[k];
  if (time == tk) return {k, 0.0f, 0.0f, Where::AtKey};
  const float td = times[k + 1] - tk;
  return {k, std::min((time - tk) / td, kBelowOne), td, Where::Between};
}

// The k in [first, last) with times[k] <= time < times[k + 1]; needs
// times[first] <= time < times[last].
inline uint32_t search(const float* times, uint32_t first, uint32_t last, float time) {
  const float* upper = std::upper_bound(times + first + 1, times + last, time);
  return static_cast<uint32_t>(upper - times) - 1;
}

inline bool usable(float squaredLength) {
  return squaredLength > kMinSquaredLength && squaredLength <= 3.4e38f;
}

inline float squaredLength4(const float* q) {
  return q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
}

// locate(), inlined into evaluate() as well.
inline KeyLocation locateInline(const float* tk, uint32_t n, float time, Cursor& cursor) {
  assert(n >= 1);
  if (n == 1) {
    cursor.segment = 0;
    return {0, 0.0f, 0.0f, time >= tk[0] ? Where::AfterLast : Where::BeforeFirst};
  }
  const uint32_t last = n - 1;
  const uint32_t k = std::min(cursor.segment, last - 1);

  if (time >= tk[k]) {  // false for NaN
    if (time < tk[k + 1]) return between(tk, k, time, cursor);
    if (time >= tk[last]) {
      cursor.segment = last - 1;
      return {last, 0.0f, 0.0f, Where::AfterLast};
    }
    // Now tk[k + 1] <= time < tk[last], so k + 2 <= last. Playback moves a little per frame:
    // try the next two segments before searching.
    if (time < tk[k + 2]) return between(tk, k + 1, time, cursor);
    if (k + 3 <= last && time < tk[k + 3]) return between(tk, k + 2, time, cursor);
    return between(tk, search(tk, k + 2, last, time), time, cursor);
  }

  if (!(time > tk[0])) {  // time <= t_1, or NaN
    cursor.segment = 0;
    return {0, 0.0f, 0.0f, time == tk[0] ? Where::AtKey : Where::BeforeFirst};
  }
  // tk[0] < time < tk[k]: a jump backward. A looping animation restarts in segment 0.
  if (time < tk[1]) return between(tk, 0, time, cursor);
  return between(tk, search(tk, 1, k, time), time, cursor);
}

// Fixed counts let the compiler unroll the loops of the common 1-, 3- and 4-float values.
template <uint32_t N>
inline void lerpFixed(const float* a, const float* b, float t, float* out) {
  const float s = 1.0f - t;
  for (uint32_t c = 0; c < N; ++c) out[c] = s * a[c] + t * b[c];
}

template <uint32_t N>
inline void cubicFixed(const float* vk, const float* bk, const float* vk1, const float* ak1,
                       const float h[4], float* out) {
  for (uint32_t c = 0; c < N; ++c) {
    out[c] = h[0] * vk[c] + h[1] * bk[c] + h[2] * vk1[c] + h[3] * ak1[c];
  }
}

}  // namespace

KeyLocation locate(std::span<const float> times, float time, Cursor& cursor) {
  return locateInline(times.data(), static_cast<uint32_t>(times.size()), time, cursor);
}

void lerp(const float* a, const float* b, uint32_t components, float t, float* out) {
  switch (components) {
    case 1:
      return lerpFixed<1>(a, b, t, out);
    case 3:
      return lerpFixed<3>(a, b, t, out);
    case 4:
      return lerpFixed<4>(a, b, t, out);
    default:
      break;
  }
  const float s = 1.0f - t;
  for (uint32_t c = 0; c < components; ++c) out[c] = s * a[c] + t * b[c];
}

void slerp(const float* a, const float* b, float t, float* out) {
  const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const float sign = dot < 0.0f ? -1.0f : 1.0f;
  const float absDot = std::fabs(dot);
  float wa;
  float wb;
  // This test also clamps acos's argument: |dot| can exceed 1 by rounding, never reach acos.
  if (absDot > kNearlyParallel) {
    wa = 1.0f - t;
    wb = sign * t;
  } else {
    // With w = arccos(d): sin(w) = sqrt((1 - d)(1 + d)) (1 - d is exact in float), and
    // sin(w (1 - t)) = sin(w) cos(w t) - d sin(w t), so one sine and one cosine of w t suffice.
    const float angle = std::acos(absDot);
    const float inverseSin = 1.0f / std::sqrt((1.0f - absDot) * (1.0f + absDot));
    const float sinPart = std::sin(angle * t);
    const float cosPart = std::cos(angle * t);
    const float ratio = sinPart * inverseSin;
    wa = cosPart - absDot * ratio;
    wb = sign * ratio;
  }
  for (int c = 0; c < 4; ++c) out[c] = wa * a[c] + wb * b[c];
  if (absDot > kNearlyParallel) normalizeRotation(out, a);
}

void cubicSpline(const float* vk, const float* bk, const float* vk1, const float* ak1,
                 uint32_t components, float t, float td, float* out) {
  const float t2 = t * t;
  const float t3 = t2 * t;
  // The weights of v_k, b_k, v_(k+1) and a_(k+1).
  const float h[4] = {2.0f * t3 - 3.0f * t2 + 1.0f, td * (t3 - 2.0f * t2 + t),
                      -2.0f * t3 + 3.0f * t2, td * (t3 - t2)};
  switch (components) {
    case 1:
      return cubicFixed<1>(vk, bk, vk1, ak1, h, out);
    case 3:
      return cubicFixed<3>(vk, bk, vk1, ak1, h, out);
    case 4:
      return cubicFixed<4>(vk, bk, vk1, ak1, h, out);
    default:
      break;
  }
  for (uint32_t c = 0; c < components; ++c) {
    out[c] = h[0] * vk[c] + h[1] * bk[c] + h[2] * vk1[c] + h[3] * ak1[c];
  }
}

void normalizeRotation(float* q, const float* fallback) {
  float squared = squaredLength4(q);
  if (!usable(squared)) {
    squared = squaredLength4(fallback);
    if (!usable(squared)) {
      q[0] = q[1] = q[2] = 0.0f;
      q[3] = 1.0f;
      return;
    }
    copyValue(fallback, 4, q);
  }
  const float scale = 1.0f / std::sqrt(squared);
  for (int c = 0; c < 4; ++c) q[c] *= scale;
}

void sample(const SamplerView& sampler, const KeyLocation& location, float* out) {
  const uint32_t n = sampler.components;
  const std::size_t k = location.key;
  assert(!sampler.rotation || n == 4);

  if (sampler.interpolation == Interpolation::CubicSpline) {
    const float* key = sampler.values + k * 3 * n;  // a_k, v_k, b_k
    if (location.where != Where::Between) {
      copyValue(key + n, n, out);
      return;
    }
    const float* next = key + 3 * n;  // a_(k+1), v_(k+1), b_(k+1)
    cubicSpline(key + n, key + 2 * n, next + n, next, n, location.t, location.td, out);
    if (sampler.rotation) normalizeRotation(out, key + n);
    return;
  }

  const float* value = sampler.values + k * n;
  if (location.where != Where::Between || sampler.interpolation == Interpolation::Step) {
    copyValue(value, n, out);
  } else if (sampler.rotation) {
    slerp(value, value + 4, location.t, out);
  } else {
    lerp(value, value + n, n, location.t, out);
  }
}

void evaluate(const SamplerView& sampler, float time, Cursor& cursor, float* out) {
  const KeyLocation location = locateInline(sampler.times, sampler.keyCount, time, cursor);
  sample(sampler, location, out);
}

SamplerIssue validate(const SamplerView& sampler) {
  if (sampler.keyCount == 0 || sampler.times == nullptr) return SamplerIssue::NoKeyframes;
  if (sampler.components == 0) return SamplerIssue::NoComponents;
  if (sampler.rotation && sampler.components != 4) return SamplerIssue::RotationNotVec4;
  const bool cubic = sampler.interpolation == Interpolation::CubicSpline;
  if (cubic && sampler.keyCount < 2) return SamplerIssue::CubicNeedsTwoKeys;
  const uint64_t expected = uint64_t{sampler.keyCount} * sampler.components * (cubic ? 3u : 1u);
  if (sampler.values == nullptr || sampler.valueCount != expected) {
    return SamplerIssue::ValueCountMismatch;
  }
  for (uint32_t k = 0; k < sampler.keyCount; ++k) {
    if (!std::isfinite(sampler.times[k])) return SamplerIssue::TimeNotFinite;
    if (k > 0 && !(sampler.times[k] > sampler.times[k - 1])) {
      return SamplerIssue::TimesNotIncreasing;
    }
  }
  return SamplerIssue::None;
}

const char* describe(SamplerIssue issue) {
  switch (issue) {
    case SamplerIssue::None:
      return "valid";
    case SamplerIssue::NoKeyframes:
      return "sampler has no keyframes";
    case SamplerIssue::NoComponents:
      return "sampler output has no components";
    case SamplerIssue::RotationNotVec4:
      return "rotation output is not a 4-component quaternion";
    case SamplerIssue::CubicNeedsTwoKeys:
      return "CUBICSPLINE sampler needs at least 2 keyframes";
    case SamplerIssue::ValueCountMismatch:
      return "output value count does not match keyframes x components (x3 for CUBICSPLINE)";
    case SamplerIssue::TimeNotFinite:
      return "a keyframe time is not finite";
    case SamplerIssue::TimesNotIncreasing:
      return "keyframe times are not strictly increasing";
  }
  return "unknown sampler issue";
}

}  // namespace vitrine::anim
