// evaluate() over N independent samplers, as the engine calls it once per channel per frame.
// A quarter each of scalar, vec3, vec4 and quaternion (rotation) outputs, 100 keyframes each at
// jittered times over 10 s, every sampler with its own arrays. Reports channels per second.
//   playback: time advances 1/60 s per iteration (the cursor's common case), looping;
//   scrub:    each iteration jumps to a random time (binary search in every sampler).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "sampler.h"

namespace {

using vitrine::anim::Cursor;
using vitrine::anim::Interpolation;
using vitrine::anim::SamplerView;

constexpr uint32_t kKeys = 100;
constexpr float kDuration = 10.0f;

struct Bank {
  std::vector<float> times;
  std::vector<float> values;
  std::vector<SamplerView> samplers;
  std::vector<Cursor> cursors;
  std::vector<uint32_t> outOffsets;
  std::vector<float> out;
};

void appendQuaternionWalk(std::mt19937& random, uint32_t keys, bool cubic,
                          std::vector<float>& values) {
  std::normal_distribution<float> step(0.0f, 0.15f);
  float q[4] = {0, 0, 0, 1};
  for (uint32_t k = 0; k < keys; ++k) {
    float length = 0.0f;
    for (float& c : q) {
      c += step(random);
      length += c * c;
    }
    length = std::sqrt(length);
    for (float& c : q) c /= length;
    if (cubic) {
      for (int i = 0; i < 4; ++i) values.push_back(step(random));  // in-tangent
    }
    values.insert(values.end(), q, q + 4);
    if (cubic) {
      for (int i = 0; i < 4; ++i) values.push_back(step(random));  // out-tangent
    }
  }
}

std::unique_ptr<Bank> makeBank(uint32_t count, Interpolation mode) {
  auto bank = std::make_unique<Bank>();
  std::mt19937 random(count * 3 + uint32_t(mode));
  std::uniform_real_distribution<float> jitter(-0.3f, 0.3f);
  std::uniform_real_distribution<float> value(-10.0f, 10.0f);
  const bool cubic = mode == Interpolation::CubicSpline;
  const float spacing = kDuration / (kKeys - 1);
  constexpr uint32_t kComponents[4] = {1, 3, 4, 4};

  std::vector<std::pair<size_t, size_t>> ranges;  // (times offset, values offset)
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t kind = i % 4;
    const uint32_t components = kComponents[kind];
    ranges.emplace_back(bank->times.size(), bank->values.size());
    for (uint32_t k = 0; k < kKeys; ++k) {
      bank->times.push_back(k == 0 || k == kKeys - 1 ? k * spacing
                                                     : (k + jitter(random)) * spacing);
    }
    if (kind == 3) {
      appendQuaternionWalk(random, kKeys, cubic, bank->values);
    } else {
      for (uint32_t v = 0; v < kKeys * components * (cubic ? 3 : 1); ++v) {
        bank->values.push_back(value(random));
      }
    }
    SamplerView s;
    s.keyCount = kKeys;
    s.components = components;
    s.valueCount = kKeys * components * (cubic ? 3 : 1);
    s.interpolation = mode;
    s.rotation = kind == 3;
    bank->samplers.push_back(s);
    bank->outOffsets.push_back(i * 4);
  }
  for (uint32_t i = 0; i < count; ++i) {  // the arrays no longer move
    bank->samplers[i].times = bank->times.data() + ranges[i].first;
    bank->samplers[i].values = bank->values.data() + ranges[i].second;
  }
  bank->cursors.assign(count, Cursor{});
  bank->out.assign(size_t(count) * 4, 0.0f);
  return bank;
}

Bank& bank(uint32_t count, Interpolation mode) {
  static std::map<std::pair<uint32_t, int>, std::unique_ptr<Bank>> banks;
  auto& slot = banks[{count, int(mode)}];
  if (!slot) slot = makeBank(count, mode);
  return *slot;
}

inline void evaluateAll(Bank& b, float time) {
  const size_t count = b.samplers.size();
  for (size_t i = 0; i < count; ++i) {
    vitrine::anim::evaluate(b.samplers[i], time, b.cursors[i], b.out.data() + b.outOffsets[i]);
  }
  benchmark::ClobberMemory();
}

void playback(benchmark::State& state, Interpolation mode) {
  Bank& b = bank(uint32_t(state.range(0)), mode);
  float time = 0.0f;
  for (auto _ : state) {
    evaluateAll(b, time);
    time += 1.0f / 60.0f;
    if (time > kDuration) time -= kDuration;
  }
  state.SetItemsProcessed(state.iterations() * int64_t(b.samplers.size()));
}

void scrub(benchmark::State& state, Interpolation mode) {
  Bank& b = bank(uint32_t(state.range(0)), mode);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> anyTime(0.0f, kDuration);
  std::vector<float> times(1024);
  for (float& t : times) t = anyTime(random);
  size_t next = 0;
  for (auto _ : state) {
    evaluateAll(b, times[next++ & 1023]);
  }
  state.SetItemsProcessed(state.iterations() * int64_t(b.samplers.size()));
}

void linearPlayback(benchmark::State& state) {
  playback(state, Interpolation::Linear);
}
void cubicPlayback(benchmark::State& state) {
  playback(state, Interpolation::CubicSpline);
}
void linearScrub(benchmark::State& state) {
  scrub(state, Interpolation::Linear);
}
void cubicScrub(benchmark::State& state) {
  scrub(state, Interpolation::CubicSpline);
}

}  // namespace

BENCHMARK(linearPlayback)->ArgName("channels")->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(cubicPlayback)->ArgName("channels")->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(linearScrub)->ArgName("channels")->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(cubicScrub)->ArgName("channels")->Arg(1000)->Arg(10000)->Arg(100000);

BENCHMARK_MAIN();
