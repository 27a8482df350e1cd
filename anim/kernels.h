// The per-run loops of the frame (packed_animations.h has the layout): one loop per
// interpolation case over a run's channels in slot order, a switch on each channel's shape
// (1-4 floats, rotation, or any count) picking a fixed-size body. Internal to anim/.
//
// Every body computes a channel's value, compares it bit for bit with the slot (style lesson 5:
// an unchanged value is neither written nor marked) and, when it differs, writes it and calls
// mark(key, n). Interpolation follows glTF 2.0 Appendix C with sampler.h's formulas, bit for bit,
// except slerp, computed with polynomials here (slerpInline). A shape's switch is predictable:
// runs repeat the same few shapes (a material's factors, a node's T, R, S) in a fixed order.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dirty.h"
#include "packed_animations.h"
#include "sampler.h"

namespace vitrine::anim::kernels {

// --- what a write dirties --------------------------------------------------------------------

// Each is called as mark(key, n) for a written value of n floats.
struct MarkRange {  // a byte range of the region's packed array: key is the byte offset
  scene::DirtyRanges& ranges;
  [[gnu::always_inline]] void operator()(uint32_t byteOffset, uint32_t n) const {
    ranges.mark(byteOffset, n * uint32_t(sizeof(float)));
  }
};

struct MarkNode {  // the node (key) joins movedNodes, once per frame
  uint32_t* stamps;
  uint32_t frame;
  std::vector<uint32_t>& moved;
  [[gnu::always_inline]] void operator()(uint32_t node, uint32_t) const {
    if (stamps[node] == frame) return;
    stamps[node] = frame;
    moved.push_back(node);
  }
};

struct MarkNothing {  // contested: compared with the snapshot after all clips ran
  void operator()(uint32_t, uint32_t) const {}
};

// normalizeRotation() of sampler.h, inlined: the same operations, so the same result.
inline void normalizeInline(float* q, const float* fallback) {
  float squared = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  if (!(squared > 1e-12f && squared <= 3.4e38f)) {
    normalizeRotation(q, fallback);  // the rare degenerate case: sampler.h's own fallback
    return;
  }
  const float scale = 1.0f / std::sqrt(squared);
  for (int k = 0; k < 4; ++k) q[k] *= scale;
}

// sin(y) for y in [0, pi/2]: y * Q(y^2), Q the degree-4 Chebyshev fit of sin(y) / y (relative
// error 4.3e-9 before float rounding).
inline float sinQuarterTurn(float y) {
  const float z = y * y;
  const float q = (((2.60510763533e-6f * z - 1.98090174087e-4f) * z + 8.33305017067e-3f) * z -
                   1.66666579478e-1f) *
                      z +
                  9.99999995699e-1f;
  return y * q;
}

// acos(x) for x in [0, 1]: sqrt(1 - x) * P(x), P the degree-7 Chebyshev fit of
// acos(x) / sqrt(1 - x) (relative error 2e-8 before float rounding; 1 - x is exact).
inline float acosUnit(float x) {
  const float p = ((((((-1.21173776981e-3f * x + 6.49152142844e-3f) * x - 1.68410524156e-2f) * x +
                      3.07221224183e-2f) *
                         x -
                     5.01143031046e-2f) *
                        x +
                    8.89688532006e-2f) *
                       x -
                   2.14598155565e-1f) *
                      x +
                  1.57079629822f;
  return std::sqrt(1.0f - x) * p;
}

// slerp() of sampler.h (glTF 2.0 Appendix C, short path, the same nearly-parallel fallback)
// without libm calls: inlined, and independent across channels so consecutive channels
// overlap. Within 4e-7 of slerp() per component (3.6e-7 over 20M random pairs), unit length within
// 4e-7.
inline void slerpInline(const float* a, const float* b, float t, float* out) {
  const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const float sign = dot < 0.0f ? -1.0f : 1.0f;
  const float x = std::fabs(dot);
  if (x > 0.9999f) {  // below 0.0142 rad: normalized lerp, as slerp() does
    slerp(a, b, t, out);
    return;
  }
  const float angle = acosUnit(x);
  const float inverseSin = 1.0f / std::sqrt((1.0f - x) * (1.0f + x));  // 1 / sin(angle)
  const float wa = sinQuarterTurn(angle * (1.0f - t)) * inverseSin;
  const float wb = sign * sinQuarterTurn(angle * t) * inverseSin;
  for (int k = 0; k < 4; ++k) out[k] = wa * a[k] + wb * b[k];
}

// Four slerpInline()s at once, lane by lane the same operations in the same order, so bit for
// bit the same results: SSE's add, sub, mul, div and sqrt round like their scalar forms, and the
// baseline x86-64 build has no FMA to contract them. A lane past slerpInline()'s nearly-parallel
// threshold goes through slerp() as slerpInline() does. Why: a rotation costs 3-4x a float
// channel, almost all of it in the polynomials, which four lanes share (the earlier attempt that
// left the transposition to the vectorizer was slower; here it is explicit). Without SSE2: four
// calls.
inline void slerp4(const float* const a[4], const float* const b[4], float t, float out[4][4]) {
#if defined(__SSE2__)
  // Rows are quaternions; after the transposition, vectors hold one component of all four.
  __m128 ax = _mm_loadu_ps(a[0]), ay = _mm_loadu_ps(a[1]), az = _mm_loadu_ps(a[2]),
         aw = _mm_loadu_ps(a[3]);
  __m128 bx = _mm_loadu_ps(b[0]), by = _mm_loadu_ps(b[1]), bz = _mm_loadu_ps(b[2]),
         bw = _mm_loadu_ps(b[3]);
  _MM_TRANSPOSE4_PS(ax, ay, az, aw);
  _MM_TRANSPOSE4_PS(bx, by, bz, bw);
  const __m128 dot =
      _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz)),
                 _mm_mul_ps(aw, bw));
  const __m128 signBit = _mm_set1_ps(-0.0f);
  const __m128 one = _mm_set1_ps(1.0f);
  // dot < 0 ? -1 : 1, and |dot|
  const __m128 sign = _mm_or_ps(one, _mm_and_ps(_mm_cmplt_ps(dot, _mm_setzero_ps()), signBit));
  const __m128 x = _mm_andnot_ps(signBit, dot);
  const int parallel = _mm_movemask_ps(_mm_cmpgt_ps(x, _mm_set1_ps(0.9999f)));
  // acosUnit(x)
  __m128 p =
      _mm_add_ps(_mm_mul_ps(_mm_set1_ps(-1.21173776981e-3f), x), _mm_set1_ps(6.49152142844e-3f));
  p = _mm_sub_ps(_mm_mul_ps(p, x), _mm_set1_ps(1.68410524156e-2f));
  p = _mm_add_ps(_mm_mul_ps(p, x), _mm_set1_ps(3.07221224183e-2f));
  p = _mm_sub_ps(_mm_mul_ps(p, x), _mm_set1_ps(5.01143031046e-2f));
  p = _mm_add_ps(_mm_mul_ps(p, x), _mm_set1_ps(8.89688532006e-2f));
  p = _mm_sub_ps(_mm_mul_ps(p, x), _mm_set1_ps(2.14598155565e-1f));
  p = _mm_add_ps(_mm_mul_ps(p, x), _mm_set1_ps(1.57079629822f));
  const __m128 oneMinusX = _mm_sub_ps(one, x);
  const __m128 angle = _mm_mul_ps(_mm_sqrt_ps(oneMinusX), p);
  const __m128 inverseSin = _mm_div_ps(one, _mm_sqrt_ps(_mm_mul_ps(oneMinusX, _mm_add_ps(one, x))));
  // sinQuarterTurn(y)
  const auto sinQuarter = [](__m128 y) {
    const __m128 z = _mm_mul_ps(y, y);
    __m128 q =
        _mm_sub_ps(_mm_mul_ps(_mm_set1_ps(2.60510763533e-6f), z), _mm_set1_ps(1.98090174087e-4f));
    q = _mm_add_ps(_mm_mul_ps(q, z), _mm_set1_ps(8.33305017067e-3f));
    q = _mm_sub_ps(_mm_mul_ps(q, z), _mm_set1_ps(1.66666579478e-1f));
    q = _mm_add_ps(_mm_mul_ps(q, z), _mm_set1_ps(9.99999995699e-1f));
    return _mm_mul_ps(y, q);
  };
  const __m128 tv = _mm_set1_ps(t);
  alignas(16) float wa[4];
  alignas(16) float wb[4];
  _mm_store_ps(wa, _mm_mul_ps(sinQuarter(_mm_mul_ps(angle, _mm_sub_ps(one, tv))), inverseSin));
  _mm_store_ps(wb, _mm_mul_ps(_mm_mul_ps(sign, sinQuarter(_mm_mul_ps(angle, tv))), inverseSin));
  for (int i = 0; i < 4; ++i) {
    if (parallel & (1 << i)) {
      slerp(a[i], b[i], t, out[i]);
      continue;
    }
    const __m128 value = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(wa[i]), _mm_loadu_ps(a[i])),
                                    _mm_mul_ps(_mm_set1_ps(wb[i]), _mm_loadu_ps(b[i])));
    _mm_storeu_ps(out[i], value);
  }
#else
  for (int i = 0; i < 4; ++i) slerpInline(a[i], b[i], t, out[i]);
#endif
}

// The channels of one run and where their keyframe values are (detail::Run's formula).
struct Channels {
  float* const* dest;
  const uint32_t* key;
  const uint32_t* shape;
  uint32_t count;
  const float* base;    // values + run.valueBase
  size_t keyStride;     // run.keyStride
  size_t partStride;    // run.partStride
  size_t channelScale;  // run.channelScale
  bool perComponent;    // run.perComponent
};

// --- one channel's write ---------------------------------------------------------------------

#if defined(__SSE2__)
// Three- and four-float values (colours, vectors, quaternions: most channels) stay in one SSE
// register from the keyframes to the slot: built on the stack, a value is read back by the
// compare with loads of another width, which stalls store forwarding. Lane by lane these are
// the scalar bodies' operations in their order (baseline x86-64 has no FMA), so bit for bit the
// same values.
template <uint32_t NF>
[[gnu::always_inline]] inline __m128 load(const float* p) {
  static_assert(NF == 3 || NF == 4);
  if constexpr (NF == 4) {
    return _mm_loadu_ps(p);
  } else {  // x, y, z, 0, reading only the three floats (__m64 may alias a float; a double
            // read would not, and would claim an 8-byte alignment the floats do not have)
    const __m128 xy = _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(p));
    return _mm_movelh_ps(xy, _mm_load_ss(p + 2));
  }
}

template <uint32_t NF>
[[gnu::always_inline]] inline void store(float* p, __m128 v) {
  if constexpr (NF == 4) {
    _mm_storeu_ps(p, v);
  } else {
    _mm_storel_pi(reinterpret_cast<__m64*>(p), v);
    _mm_store_ss(p + 2, _mm_movehl_ps(v, v));
  }
}

// put() for a value in a register: compared bit for bit (as memcmp), written and marked when
// it differs.
template <uint32_t NF, class Mark>
[[gnu::always_inline]] inline void putVector(__m128 value, float* dest, uint32_t key,
                                             const Mark& mark) {
  const __m128i same = _mm_cmpeq_epi32(_mm_castps_si128(value), _mm_castps_si128(load<NF>(dest)));
  constexpr int kLanes = (1 << NF) - 1;
  if ((_mm_movemask_ps(_mm_castsi128_ps(same)) & kLanes) == kLanes) return;
  store<NF>(dest, value);
  mark(key, NF);
}

// normalizeInline() in a register: the same sum in the same order, the same scale.
[[gnu::always_inline]] inline __m128 normalizeVector(__m128 q, const float* fallback) {
  const __m128 squares = _mm_mul_ps(q, q);
  __m128 sum = _mm_add_ss(squares, _mm_shuffle_ps(squares, squares, 1));
  sum = _mm_add_ss(sum, _mm_movehl_ps(squares, squares));
  sum = _mm_add_ss(sum, _mm_shuffle_ps(squares, squares, 3));
  const float squared = _mm_cvtss_f32(sum);
  if (!(squared > 1e-12f && squared <= 3.4e38f)) {
    alignas(16) float value[4];
    _mm_store_ps(value, q);
    normalizeRotation(value, fallback);
    return _mm_load_ps(value);
  }
  const __m128 scale = _mm_div_ss(_mm_set_ss(1.0f), _mm_sqrt_ss(sum));
  return _mm_mul_ps(q, _mm_shuffle_ps(scale, scale, 0));
}
#endif

template <uint32_t NF, class Mark>
inline void put(const float* value, float* dest, uint32_t n, uint32_t key, const Mark& mark) {
#if defined(__SSE2__)
  if constexpr (NF == 3 || NF == 4) {
    putVector<NF>(load<NF>(value), dest, key, mark);
    return;
  }
#endif
  const size_t bytes = (NF ? NF : n) * sizeof(float);
  if (std::memcmp(dest, value, bytes) == 0) return;
  std::memcpy(dest, value, bytes);
  mark(key, NF ? NF : n);
}

// (1 - t) a + t b, NF floats (or n when NF is 0), then put().
template <uint32_t NF, class Mark>
inline void lerpOne(const float* a, const float* b, float t, float* dest, uint32_t n, uint32_t key,
                    const Mark& mark) {
  const float s = 1.0f - t;
  if constexpr (NF == 0) {
    bool changed = false;
    for (uint32_t k = 0; k < n; ++k) {
      const float value = s * a[k] + t * b[k];
      if (std::memcmp(&value, dest + k, sizeof value) != 0) {
        dest[k] = value;
        changed = true;
      }
    }
    if (changed) mark(key, n);
  } else {
#if defined(__SSE2__)
    if constexpr (NF == 3 || NF == 4) {
      const __m128 value = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(s), load<NF>(a)),
                                      _mm_mul_ps(_mm_set1_ps(t), load<NF>(b)));
      putVector<NF>(value, dest, key, mark);
      return;
    }
#endif
    float value[NF];
    for (uint32_t k = 0; k < NF; ++k) value[k] = s * a[k] + t * b[k];
    put<NF>(value, dest, NF, key, mark);
  }
}

// CUBICSPLINE with the Hermite weights h of t and t_d, shared by the run: per component
//   h0 v_k + h1 b_k + h2 v_(k+1) + h3 a_(k+1); rotations are then normalized (fallback v_k).
template <uint32_t NF, bool Rotation, class Mark>
inline void cubicOne(const float* vk, const float* bk, const float* vk1, const float* ak1,
                     const float h[4], float* dest, uint32_t n, uint32_t key, const Mark& mark) {
  if constexpr (NF == 0) {
    bool changed = false;
    for (uint32_t k = 0; k < n; ++k) {
      const float value = h[0] * vk[k] + h[1] * bk[k] + h[2] * vk1[k] + h[3] * ak1[k];
      if (std::memcmp(&value, dest + k, sizeof value) != 0) {
        dest[k] = value;
        changed = true;
      }
    }
    if (changed) mark(key, n);
  } else {
#if defined(__SSE2__)
    if constexpr (NF == 3 || NF == 4) {
      __m128 value = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(h[0]), load<NF>(vk)),
                                                      _mm_mul_ps(_mm_set1_ps(h[1]), load<NF>(bk))),
                                           _mm_mul_ps(_mm_set1_ps(h[2]), load<NF>(vk1))),
                                _mm_mul_ps(_mm_set1_ps(h[3]), load<NF>(ak1)));
      if constexpr (Rotation) value = normalizeVector(value, vk);
      putVector<NF>(value, dest, key, mark);
      return;
    }
#endif
    float value[NF];
    for (uint32_t k = 0; k < NF; ++k) {
      value[k] = h[0] * vk[k] + h[1] * bk[k] + h[2] * vk1[k] + h[3] * ak1[k];
    }
    if constexpr (Rotation) normalizeInline(value, vk);
    put<NF>(value, dest, NF, key, mark);
  }
}

// --- runs ------------------------------------------------------------------------------------

// Calls body(i, n, shape, p0, keyStep, partStep) for each channel: p0 its values at keyframe
// `key`, part 0; keyStep / partStep the distance to the next keyframe / part. One loop per
// layout, so the viewer's (KeyframeMajor: the strides are the run's, channelScale is 1, see
// builder.cpp) advances one pointer by each channel's component count, with no multiply.
template <bool PerComponent, class Body>
[[gnu::always_inline]] inline void forEachChannelIn(const Channels& c, uint32_t key, Body& body) {
  if constexpr (PerComponent) {
    const float* base = c.base;
    for (uint32_t i = 0; i < c.count; ++i) {
      const uint32_t shape = c.shape[i];
      const uint32_t n = shape & detail::kShapeComponents;
      const size_t keyStep = c.keyStride * n;
      body(i, n, shape, base + key * keyStep, keyStep, c.partStride * n);
      base += n * c.channelScale;
    }
  } else {
    const float* p0 = c.base + key * c.keyStride;
    for (uint32_t i = 0; i < c.count; ++i) {
      const uint32_t shape = c.shape[i];
      const uint32_t n = shape & detail::kShapeComponents;
      body(i, n, shape, p0, c.keyStride, c.partStride);
      p0 += n;
    }
  }
}

template <class Body>
[[gnu::always_inline]] inline void forEachChannel(const Channels& c, uint32_t key, Body&& body) {
  if (c.perComponent) {
    forEachChannelIn<true>(c, key, body);
  } else {
    forEachChannelIn<false>(c, key, body);
  }
}

// STEP, and every mode at or outside a keyframe: v_k (part `part`) as-is.
template <class Mark>
void copyRun(const Channels& c, uint32_t key, uint32_t part, const Mark& mark) {
  forEachChannel(
      c, key,
      [&](uint32_t i, uint32_t n, uint32_t, const float* p0, size_t, size_t partStep)
          __attribute__((always_inline)) {
            const float* v = p0 + part * partStep;
            switch (n) {
              case 1:
                return put<1>(v, c.dest[i], 1, c.key[i], mark);
              case 2:
                return put<2>(v, c.dest[i], 2, c.key[i], mark);
              case 3:
                return put<3>(v, c.dest[i], 3, c.key[i], mark);
              case 4:
                return put<4>(v, c.dest[i], 4, c.key[i], mark);
              default:
                return put<0>(v, c.dest[i], n, c.key[i], mark);
            }
          });
}

// Rotations of a run waiting for slerp4(): consecutive channels only, written (and marked) in
// channel order before any later channel, so the marks stay in slot order.
struct RotationBatch {
  const float* a[4];
  const float* b[4];
  uint32_t channel[4];
  uint32_t count = 0;

  // Writes and marks the waiting rotations; a partial batch repeats its last one in the unused
  // lanes (computed, not written).
  template <class Mark>
  [[gnu::always_inline]] void flush(const Channels& c, float t, const Mark& mark) {
    if (count == 0) return;
    for (uint32_t k = count; k < 4; ++k) {
      a[k] = a[count - 1];
      b[k] = b[count - 1];
    }
    float value[4][4];
    slerp4(a, b, t, value);
    for (uint32_t k = 0; k < count; ++k) {
      const uint32_t i = channel[k];
      put<4>(value[k], c.dest[i], 4, c.key[i], mark);
    }
    count = 0;
  }
};

// LINEAR: (1 - t) v_k + t v_(k+1); rotations: slerp along the short path, four at a time.
template <class Mark>
void lerpRun(const Channels& c, uint32_t key, float t, const Mark& mark) {
  RotationBatch rotations;
  forEachChannel(
      c, key,
      [&](uint32_t i, uint32_t n, uint32_t shape, const float* v0, size_t keyStep, size_t)
          __attribute__((always_inline)) {
            const float* v1 = v0 + keyStep;
            if (shape == (4 | detail::kShapeRotation)) {
              rotations.a[rotations.count] = v0;
              rotations.b[rotations.count] = v1;
              rotations.channel[rotations.count] = i;
              if (++rotations.count == 4) rotations.flush(c, t, mark);
              return;
            }
            rotations.flush(c, t, mark);
            switch (shape) {
              case 1:
                return lerpOne<1>(v0, v1, t, c.dest[i], 1, c.key[i], mark);
              case 2:
                return lerpOne<2>(v0, v1, t, c.dest[i], 2, c.key[i], mark);
              case 3:
                return lerpOne<3>(v0, v1, t, c.dest[i], 3, c.key[i], mark);
              case 4:
                return lerpOne<4>(v0, v1, t, c.dest[i], 4, c.key[i], mark);
              default:
                return lerpOne<0>(v0, v1, t, c.dest[i], n, c.key[i], mark);
            }
          });
  rotations.flush(c, t, mark);
}

// CUBICSPLINE reads four keyframe streams. A random time (scrubbing) finds them in DRAM, and the
// hardware prefetcher restarts at every 4 KiB boundary of each: fetching each stream this many
// floats ahead, every fourth channel (a line holds about five channels), took 2-4 % off the
// 100k-channel scrub frame (512 floats ahead: 2 %; playback: no change).
constexpr size_t kKeyframePrefetchFloats = 128;

// CUBICSPLINE between keyframes k and k + 1.
template <class Mark>
void cubicRun(const Channels& c, uint32_t key, const float h[4], const Mark& mark) {
  forEachChannel(
      c, key,
      [&](uint32_t i, uint32_t n, uint32_t shape, const float* p0, size_t keyStep, size_t partStep)
          __attribute__((always_inline)) {
            const float* vk = p0 + partStep;  // a_k, v_k, b_k
            const float* bk = vk + partStep;
            const float* ak1 = p0 + keyStep;
            const float* vk1 = ak1 + partStep;
            if (i % 4 == 0) {
              __builtin_prefetch(vk + kKeyframePrefetchFloats);
              __builtin_prefetch(bk + kKeyframePrefetchFloats);
              __builtin_prefetch(ak1 + kKeyframePrefetchFloats);
              __builtin_prefetch(vk1 + kKeyframePrefetchFloats);
            }
            switch (shape) {
              case 1:
                return cubicOne<1, false>(vk, bk, vk1, ak1, h, c.dest[i], 1, c.key[i], mark);
              case 2:
                return cubicOne<2, false>(vk, bk, vk1, ak1, h, c.dest[i], 2, c.key[i], mark);
              case 3:
                return cubicOne<3, false>(vk, bk, vk1, ak1, h, c.dest[i], 3, c.key[i], mark);
              case 4:
                return cubicOne<4, false>(vk, bk, vk1, ak1, h, c.dest[i], 4, c.key[i], mark);
              case 4 | detail::kShapeRotation:
                return cubicOne<4, true>(vk, bk, vk1, ak1, h, c.dest[i], 4, c.key[i], mark);
              default:
                return cubicOne<0, false>(vk, bk, vk1, ak1, h, c.dest[i], n, c.key[i], mark);
            }
          });
}

}  // namespace vitrine::anim::kernels
