// Helpers shared by the sampler tests: quaternions built independently of the code under test,
// and a sampler view over vectors the test owns.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "sampler.h"

namespace vitrine::anim::test {

using Quat = std::array<float, 4>;  // x, y, z, w, the glTF order

// The unit quaternion rotating `degrees` about `axis` (normalized here), computed in double.
inline Quat axisAngle(std::array<double, 3> axis, double degrees) {
  const double length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  const double half = degrees * 3.14159265358979323846 / 360.0;
  const double s = std::sin(half) / length;
  return {float(axis[0] * s), float(axis[1] * s), float(axis[2] * s), float(std::cos(half))};
}

inline Quat negate(const Quat& q) {
  return {-q[0], -q[1], -q[2], -q[3]};
}

inline Quat normalized(const Quat& q) {
  const double length = std::sqrt(double(q[0]) * q[0] + double(q[1]) * q[1] + double(q[2]) * q[2] +
                                  double(q[3]) * q[3]);
  return {float(q[0] / length), float(q[1] / length), float(q[2] / length), float(q[3] / length)};
}

inline double length(const float* q, uint32_t n) {
  double sum = 0.0;
  for (uint32_t c = 0; c < n; ++c) sum += double(q[c]) * q[c];
  return std::sqrt(sum);
}

// Appends quaternions end to end, the layout of a glTF output accessor.
inline std::vector<float> flatten(std::initializer_list<Quat> quats) {
  std::vector<float> out;
  for (const Quat& q : quats) out.insert(out.end(), q.begin(), q.end());
  return out;
}

inline SamplerView view(Interpolation mode, bool rotation, uint32_t components,
                        const std::vector<float>& times, const std::vector<float>& values) {
  SamplerView v;
  v.times = times.data();
  v.values = values.data();
  v.keyCount = static_cast<uint32_t>(times.size());
  v.valueCount = static_cast<uint32_t>(values.size());
  v.components = components;
  v.interpolation = mode;
  v.rotation = rotation;
  return v;
}

}  // namespace vitrine::anim::test
