// Memory bandwidth: memcpy of 1 GiB (read + write traffic) and a streaming read of 1 GiB,
// both far larger than the caches. The engine benchmarks divide their bytes by the memcpy figure
// to get their distance from the bandwidth floor. The buffers come from scene/memory.h like the
// engine's arrays (huge pages), so the floor is measured under the same page size.
#include "memory_bench.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>

#include "memory.h"

namespace vitrine::bench {

namespace {

constexpr size_t kBytes = size_t(1) << 30;  // well past the 480 MiB L3 lscpu reports

struct Buffers {
  scene::LineArray<char> from = scene::makeLineArray<char>(kBytes);
  scene::LineArray<char> to = scene::makeLineArray<char>(kBytes);
  Buffers() {
    std::memset(from.get(), 1, kBytes);  // touch every page before timing
    std::memset(to.get(), 2, kBytes);
  }
};

void memcpyLarge(benchmark::State& state) {
  Buffers b;
  for (auto _ : state) {
    std::memcpy(b.to.get(), b.from.get(), kBytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(2 * kBytes));  // read + write
  state.counters["copied_GiB_per_s"] = benchmark::Counter(
      double(kBytes) * double(state.iterations()) / double(1 << 30), benchmark::Counter::kIsRate);
}

void readLarge(benchmark::State& state) {
  const size_t count = kBytes / sizeof(uint64_t);
  scene::LineArray<uint64_t> data = scene::makeLineArray<uint64_t>(count);
  for (size_t i = 0; i < count; ++i) data[i] = i;
  for (auto _ : state) {
    uint64_t sum[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i += 4) {
      sum[0] += data[i];
      sum[1] += data[i + 1];
      sum[2] += data[i + 2];
      sum[3] += data[i + 3];
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(kBytes));
}

}  // namespace

double memcpyTrafficBytesPerSecond() {
  static const double rate = [] {
    Buffers b;
    double best = 0.0;
    for (int i = 0; i < 5; ++i) {
      const auto start = std::chrono::steady_clock::now();
      std::memcpy(b.to.get(), b.from.get(), kBytes);
      benchmark::ClobberMemory();
      const std::chrono::duration<double> s = std::chrono::steady_clock::now() - start;
      best = std::max(best, 2.0 * double(kBytes) / s.count());
    }
    return best;
  }();
  return rate;
}

BENCHMARK(memcpyLarge)->Name("memory/memcpy_1GiB")->Unit(benchmark::kMillisecond);
BENCHMARK(readLarge)->Name("memory/read_1GiB")->Unit(benchmark::kMillisecond);

}  // namespace vitrine::bench
