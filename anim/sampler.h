// The sampler core of the animation engine: keyframe location with a cached cursor and the
// interpolation modes of glTF 2.0 Appendix C ("Animation Sampler Interpolation Modes"; the
// equations are in /work/shared/spec/formulas.md).
//
// Knows nothing of glTF files, JSON or the scene: it evaluates flat float arrays. Output
// accessors of normalized integer types must already be converted to float (formulas.md,
// "Normalized integers"); KHR_animation_pointer requires that conversion before interpolation.
//
// Nothing here allocates, throws, takes a lock or calls through a pointer: the engine calls
// evaluate() for tens of thousands of channels per frame.
#pragma once

#include <cstdint>
#include <span>

namespace vitrine::anim {

enum class Interpolation : uint8_t { Step, Linear, CubicSpline };

// The segment a sampler used last time. One per sampler (or per channel), zero-initialised;
// locate() reads and updates it. Any value is safe (out-of-range ones are clamped), so a
// cursor may be reset to {} at any time, e.g. when an animation restarts.
struct Cursor {
  uint32_t segment = 0;
};

// Where the requested time falls relative to the keyframe times.
enum class Where : uint8_t {
  Between,      // t_k < time < t_(k+1): interpolate
  AtKey,        // time == t_k for some k < n: use v_k as-is (Appendix C)
  BeforeFirst,  // time < t_1, or time is NaN: clamp to v_1
  AfterLast,    // time >= t_n (t_n itself included): clamp to v_n
};

struct KeyLocation {
  uint32_t key = 0;  // 0-based k: the segment's first keyframe, or the keyframe to use as-is
  float t = 0.0f;    // Between: (time - t_k) / t_d in [0, 1); otherwise 0
  float td = 0.0f;   // Between: t_d = t_(k+1) - t_k > 0; otherwise 0
  Where where = Where::BeforeFirst;
};

// Finds the keyframe segment for `time`.
// Needs: times.size() >= 1, times strictly increasing and finite (validate() checks).
// Promises: for forward playback in steps no longer than about two segments, O(1) (the cached
// segment, then the next two); otherwise a binary search, O(log n). Any time value is
// accepted: NaN and -inf behave as before t_1, +inf as after t_n. cursor.segment is left at
// the segment used (always < max(n - 1, 1)).
[[nodiscard]] KeyLocation locate(std::span<const float> times, float time, Cursor& cursor);

// A sampler as flat arrays, the glTF layout unchanged. Plain data; the arrays are borrowed.
//   Step, Linear: values[k * components + c], keyCount * components floats.
//   CubicSpline:  per keyframe the in-tangent a_k, the value v_k, the out-tangent b_k, each
//                 `components` floats (a_k at values[(3k) * components]), so 3 * keyCount *
//                 components floats. For morph weights this is a_1..a_m, v_1..v_m, b_1..b_m
//                 per keyframe, exactly the glTF layout.
// components: 1 to 4 for scalar, vec2, vec3, vec4 and quaternion outputs; any count >= 1 for
// morph weights. rotation: the values are unit quaternions (x, y, z, w), components == 4;
// LINEAR then means spherical interpolation and CUBICSPLINE results are normalized.
struct SamplerView {
  const float* times = nullptr;
  const float* values = nullptr;
  uint32_t keyCount = 0;    // n, the number of floats in `times`
  uint32_t valueCount = 0;  // floats in `values`; only validate() reads it
  uint32_t components = 0;  // floats per value
  Interpolation interpolation = Interpolation::Linear;
  bool rotation = false;
};

// What makes a sampler unusable; validate() reports the first one found.
enum class SamplerIssue : uint8_t {
  None,
  NoKeyframes,         // keyCount == 0 or times == nullptr
  NoComponents,        // components == 0
  RotationNotVec4,     // rotation with components != 4
  CubicNeedsTwoKeys,   // CUBICSPLINE with one keyframe (Appendix C: at least 2)
  ValueCountMismatch,  // valueCount != keyCount * components (x3 for CUBICSPLINE)
  TimeNotFinite,       // a keyframe time is NaN or infinite
  TimesNotIncreasing,  // times are not strictly increasing
};

// Checks every contract of locate(), sample() and evaluate() once, at bind time, in O(n).
// A sampler for which this returns None never makes them read out of bounds or crash.
[[nodiscard]] SamplerIssue validate(const SamplerView& sampler);
// A static English phrase for logs, e.g. "keyframe times are not strictly increasing".
[[nodiscard]] const char* describe(SamplerIssue issue);

// Writes the sampler's value at `location` (from locate() on sampler.times) to
// out[0 .. components). Needs: validate(sampler) == None; out does not overlap the values.
// Promises (Appendix C): when location.where != Between the keyframe value v_k is copied
// as-is (rotations included: it is not re-normalized); otherwise
//   STEP: v_k;  LINEAR: (1 - t) v_k + t v_(k+1);  LINEAR rotation: slerp();
//   CUBICSPLINE: cubicSpline(), then for rotations normalizeRotation() with v_k as fallback.
void sample(const SamplerView& sampler, const KeyLocation& location, float* out);

// locate() then sample(): the sampler's value at `time`, written to out[0 .. components).
// Needs what both need. NaN time gives v_1; times outside [t_1, t_n] are clamped.
void evaluate(const SamplerView& sampler, float time, Cursor& cursor, float* out);

// The building blocks, usable on their own. None of them allocates; out may alias neither
// input.

// out[c] = (1 - t) a[c] + t b[c] for c < components.
void lerp(const float* a, const float* b, uint32_t components, float t, float* out);

// Spherical interpolation of quaternions (x, y, z, w) along the short path, Appendix C:
//   d = a . b, s = sign(d), w = arccos(min(|d|, 1)),
//   out = sin(w (1 - t)) / sin(w) a + s sin(w t) / sin(w) b.
// When the angle is close to zero (|d| > 0.9999, w < 0.0142 rad) it is the linear
// interpolation of a and s b, normalized (then within 5e-8 rad of the exact slerp). Never NaN
// for finite inputs of non-zero length. The spherical branch does not normalize: unit inputs
// give a unit result.
void slerp(const float* a, const float* b, float t, float* out);

// The cubic Hermite spline of Appendix C on one segment, per component:
//   out = (2t^3 - 3t^2 + 1) v_k + t_d (t^3 - 2t^2 + t) b_k
//       + (-2t^3 + 3t^2) v_(k+1) + t_d (t^3 - t^2) a_(k+1)
// vk, bk: value and out-tangent of keyframe k; vk1, ak1: value and in-tangent of keyframe k+1.
void cubicSpline(const float* vk, const float* bk, const float* vk1, const float* ak1,
                 uint32_t components, float t, float td, float* out);

// Scales the quaternion q (4 floats) to unit length. When q is too short to have a direction
// (squared length <= 1e-12) or is not finite, q becomes `fallback` normalized, or the identity
// (0, 0, 0, 1) when the fallback cannot be normalized either. Never leaves a NaN.
void normalizeRotation(float* q, const float* fallback);

}  // namespace vitrine::anim
