// KHR_meshopt_compression decode throughput (issue 23): Vitrine's version 1 attribute decoder
// (codecs/meshopt_v1_decode.h) next to libmeshoptimizer 0.18's version 0 decoder on the same
// vertex data, and the COLOR filter next to the library's OCTAHEDRAL one, in MB/s of decoded
// output. Data: the positions (12 bytes) and octahedral normals (4 bytes) of the 1,004,018-
// triangle grid of meshopt_bench.cpp, and 8-bit YCoCg colours of its vertices. Debian's
// library cannot write version 1, so the streams come from a small encoder here (byte deltas,
// the cheapest control mode per byte and block, as the spec's Appendix A allows); every
// stream is decoded once and compared with its source before timing. Results: bench/RESULTS.md.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <meshoptimizer.h>

#include "meshopt_v1_decode.h"

namespace {

using Bytes = std::vector<uint8_t>;

uint8_t zigzag8(uint8_t v) {
  return uint8_t((v & 0x80) ? ~(v << 1) : (v << 1));
}

// Size of one 16-delta group at `bits` (0, 1, 2, 4, 8); SIZE_MAX when 0 cannot hold it.
size_t groupSize(const uint8_t* d, int bits) {
  if (bits == 8) return 16;
  if (bits == 0) return std::all_of(d, d + 16, [](uint8_t v) { return v == 0; }) ? 0 : SIZE_MAX;
  size_t escapes = 0;
  for (int i = 0; i < 16; ++i) escapes += d[i] >= (1u << bits) - 1;
  return size_t(2 * bits) + escapes;
}

void putGroup(Bytes& out, const uint8_t* d, int bits) {
  if (bits == 0) return;
  if (bits == 8) {
    out.insert(out.end(), d, d + 16);
    return;
  }
  const unsigned sentinel = (1u << bits) - 1;
  const int perByte = 8 / bits;
  for (int i = 0; i < 16; i += perByte) {
    unsigned byte = 0;
    for (int k = 0; k < perByte; ++k) {
      const unsigned v = std::min<unsigned>(d[i + k], sentinel);
      byte |= bits == 1 ? v << k : v << (8 - bits * (k + 1));
    }
    out.push_back(uint8_t(byte));
  }
  for (int i = 0; i < 16; ++i)
    if (d[i] >= sentinel) out.push_back(d[i]);
}

// A version 1 stream of `count` elements of `stride` bytes, channel mode 0 everywhere.
Bytes encodeV1(const uint8_t* data, size_t count, size_t stride) {
  static const int kBits[2][4] = {{0, 1, 2, 4}, {1, 2, 4, 8}};
  Bytes out = {0xa1};
  const size_t maxBlock = std::min<size_t>((8192 / stride) & ~size_t(15), 256);
  Bytes last(data, data + stride);  // the baseline: the first element
  std::vector<uint8_t> deltas(256);
  for (size_t e = 0; e < count; e += maxBlock) {
    const size_t n = std::min(count - e, maxBlock), groups = (n + 15) / 16;
    const size_t controlAt = out.size();
    out.resize(out.size() + stride / 4, 0);
    for (size_t k = 0; k < stride; ++k) {
      std::fill(deltas.begin(), deltas.end(), 0);
      uint8_t p = last[k];
      bool zero = true;
      for (size_t i = 0; i < n; ++i) {
        const uint8_t v = data[(e + i) * stride + k];
        deltas[i] = zigzag8(uint8_t(v - p));
        zero = zero && deltas[i] == 0;
        p = v;
      }
      last[k] = p;
      // The cheapest of: control 2 (all zero), control 0 or 1 (group widths), 3 (literal).
      int control = zero ? 2 : 3;
      size_t best = zero ? 0 : n;
      int widths[2][64] = {};
      for (int c = 0; c < 2 && !zero; ++c) {
        size_t size = (groups + 3) / 4;
        for (size_t g = 0; g < groups; ++g) {
          size_t groupBest = SIZE_MAX;
          for (int h = 0; h < 4; ++h)
            if (const size_t s = groupSize(&deltas[g * 16], kBits[c][h]); s < groupBest)
              groupBest = s, widths[c][g] = h;
          size += groupBest;
        }
        if (size < best) best = size, control = c;
      }
      out[controlAt + k / 4] |= uint8_t(control << (2 * (k % 4)));
      if (control == 3) out.insert(out.end(), deltas.begin(), deltas.begin() + long(n));
      if (control > 1) continue;
      const size_t headerAt = out.size();
      out.resize(out.size() + (groups + 3) / 4, 0);
      for (size_t g = 0; g < groups; ++g) {
        out[headerAt + g / 4] |= uint8_t(widths[control][g] << (2 * (g % 4)));
        putGroup(out, &deltas[g * 16], kBits[control][widths[control][g]]);
      }
    }
  }
  const size_t tail = stride + stride / 4;
  if (tail < 24) out.resize(out.size() + 24 - tail, 0);
  out.insert(out.end(), data, data + stride);
  out.resize(out.size() + stride / 4, 0);  // channel modes: byte deltas
  return out;
}

struct Stream {
  Bytes source, v0, v1;
  size_t count, stride;
};

// 0: grid positions (float x 3), 1: octahedral normals (4 bytes), 2: YCoCg colours (4 bytes).
const Stream& stream(int which) {
  static const std::vector<Stream> streams = [] {
    const uint32_t n = 708, vertices = (n + 1) * (n + 1);
    std::vector<float> positions, normals, colors;
    for (uint32_t y = 0; y <= n; ++y)
      for (uint32_t x = 0; x <= n; ++x) {
        const float fx = float(x) / float(n), fy = float(y) / float(n);
        const float z = 0.1f * std::sin(fx * 20.0f) * std::cos(fy * 20.0f);
        positions.insert(positions.end(), {fx, fy, z});
        normals.insert(normals.end(), {-z, 0.3f, 1.0f, 0.0f});
        colors.insert(colors.end(), {fx, fy, 0.5f + 5 * z});
      }
    for (size_t i = 0; i < normals.size(); i += 4) {
      const float l = std::sqrt(normals[i] * normals[i] + normals[i + 1] * normals[i + 1] +
                                normals[i + 2] * normals[i + 2]);
      for (int c = 0; c < 3; ++c) normals[i + size_t(c)] /= l;
    }
    std::vector<Stream> s(3);
    s[0].source.resize(positions.size() * 4);
    std::memcpy(s[0].source.data(), positions.data(), s[0].source.size());
    s[0].stride = 12;
    s[1].source.resize(size_t(vertices) * 4);
    meshopt_encodeFilterOct(s[1].source.data(), vertices, 4, 8, normals.data());
    s[1].stride = 4;
    // The COLOR filter's input at K = 8 (spec Appendix B): Y = (R + 2G + B) / 4, Co = (R - B)
    // / 2, Cg = (2G - R - B) / 4, in 7-bit signed range, alpha 0xff.
    for (size_t i = 0; i < colors.size(); i += 3) {
      const int r = int(colors[i] * 254), g = int(colors[i + 1] * 254),
                b = int(colors[i + 2] * 254);
      s[2].source.insert(s[2].source.end(), {uint8_t((r + 2 * g + b) / 4), uint8_t((r - b) / 2),
                                             uint8_t((2 * g - r - b) / 4), 0xff});
    }
    s[2].stride = 4;
    for (Stream& t : s) {
      t.count = t.source.size() / t.stride;
      t.v0.resize(meshopt_encodeVertexBufferBound(t.count, t.stride));
      t.v0.resize(
          meshopt_encodeVertexBuffer(t.v0.data(), t.v0.size(), t.source.data(), t.count, t.stride));
      t.v1 = encodeV1(t.source.data(), t.count, t.stride);
      Bytes check(t.source.size());
      if (!vitrine::codecs::decodeMeshoptVertexV1(t.v1, t.count, t.stride, check).empty() ||
          check != t.source)
        std::abort();
    }
    return s;
  }();
  return streams[size_t(which)];
}

const char* const kNames[] = {"positions 12 B", "oct normals 4 B", "colours 4 B"};

void BM_V0Library(benchmark::State& state) {
  const Stream& s = stream(int(state.range(0)));
  Bytes out(s.source.size());
  for (auto _ : state) {
    if (meshopt_decodeVertexBuffer(out.data(), s.count, s.stride, s.v0.data(), s.v0.size()) != 0)
      std::abort();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations() * out.size()));
  state.SetLabel(std::string(kNames[state.range(0)]) + ", " + std::to_string(s.v0.size()) +
                 " B encoded");
}

void BM_V1Vitrine(benchmark::State& state) {
  const Stream& s = stream(int(state.range(0)));
  Bytes out(s.source.size());
  for (auto _ : state) {
    if (!vitrine::codecs::decodeMeshoptVertexV1(s.v1, s.count, s.stride, out).empty()) std::abort();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations() * out.size()));
  state.SetLabel(std::string(kNames[state.range(0)]) + ", " + std::to_string(s.v1.size()) +
                 " B encoded");
}

// The filters, in place, over and over on the same view (their cost does not depend on the
// values: no branch on the data but the COLOR filter's alpha scan, 8 steps at most).
void BM_FilterOctLibrary(benchmark::State& state) {
  Bytes data = stream(1).source;
  for (auto _ : state) {
    meshopt_decodeFilterOct(data.data(), data.size() / 4, 4);
    benchmark::DoNotOptimize(data.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations() * data.size()));
}

void BM_FilterColorVitrine(benchmark::State& state) {
  Bytes data = stream(2).source;
  for (auto _ : state) {
    vitrine::codecs::decodeMeshoptColorFilter(data, data.size() / 4, 4);
    benchmark::DoNotOptimize(data.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations() * data.size()));
}

BENCHMARK(BM_V0Library)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_V1Vitrine)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FilterOctLibrary)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FilterColorVitrine)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
