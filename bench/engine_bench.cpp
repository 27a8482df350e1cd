// The animation engine's frame, Animations::evaluate(), over N channels packed by
// AnimationsBuilder (what bindAnimations() hands its resolved channels to), on a synthetic scene:
// a quarter each of float (metallicFactor), float3 (emissiveFactor), float4 (baseColorFactor)
// and quaternion (node rotation) outputs, 100 keyframes each over 10 s, all sharing one input
// (the exporters' layout), one clip. Slots are the Object Model's (scene/object_model.h): the
// material array and the nodes' TRS, so the frame includes marking and world matrices.
//   playback: time advances 1/60 s per iteration, looping; scrub: a random time per iteration.
// Counters: ns per channel (whole frame), keyframe bytes read per second, the channel step and
// the world-matrix step per frame (timed separately after the measured loop), and two floors,
// the frame's necessary memory traffic divided by this machine's memcpy traffic rate (read +
// write, measured in the same run):
//   floor_bytes_ms  the bytes the engine needs: keyframes (2 per channel, 4 for CUBICSPLINE),
//                   16 bytes of per-channel metadata, each slot's floats read and written, 8
//                   bytes per dirty range, 4 per moved node (a strict lower bound);
//   floor_lines_ms  the same with each slot counted as the 64-byte cache lines it spans, read and
//                   written back once (scattered 16-byte writes into 224-byte material and node
//                   structs cannot move less), plus for the frame the world step's lines: each
//                   moved node's transform lines read, its world matrix line read and written.
// x_bytes_channels, x_lines_channels: the channel step over those floors; x_lines_frame: the
// whole evaluate() over the frame's line floor.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <tuple>
#include <vector>

#include "builder.h"
#include "memory_bench.h"
#include "packed_animations.h"

namespace {

using vitrine::anim::AnimationsBuilder;
using vitrine::anim::Interpolation;
using vitrine::anim::PackedAnimations;
using vitrine::anim::ValueLayout;
namespace scene = vitrine::scene;
namespace gpu = vitrine::gpu;

constexpr uint32_t kKeys = 100;
constexpr float kDuration = 10.0f;
constexpr uint32_t kBank = 256;  // distinct curves per kind; channels reuse them (memory)
constexpr uint32_t kComponents[4] = {1, 3, 4, 4};

struct Rig {
  std::unique_ptr<scene::Scene> scene;
  std::unique_ptr<PackedAnimations> animations;
  uint32_t channels = 0;
  double keyframeBytes = 0;   // per frame, every channel between two keys
  double floorBytes = 0;      // per frame: the channel step's necessary bytes
  double floorLineBytes = 0;  // the same, slots counted in cache lines
  double frameLineBytes = 0;  // plus the world step, in cache lines
};

std::vector<float> curve(std::mt19937& random, uint32_t kind, bool cubic) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  const uint32_t n = kComponents[kind];
  std::vector<float> out;
  float q[4] = {0, 0, 0, 1};
  for (uint32_t k = 0; k < kKeys; ++k) {
    if (cubic) {
      for (uint32_t c = 0; c < n; ++c) out.push_back(0.1f * value(random));  // a_k
    }
    if (kind == 3) {  // a random walk of unit quaternions
      float length = 0.0f;
      for (float& c : q) {
        c += 0.15f * value(random);
        length += c * c;
      }
      for (float& c : q) c /= std::sqrt(length);
      out.insert(out.end(), q, q + 4);
    } else {
      for (uint32_t c = 0; c < n; ++c) out.push_back(value(random));
    }
    if (cubic) {
      for (uint32_t c = 0; c < n; ++c) out.push_back(0.1f * value(random));  // b_k
    }
  }
  return out;
}

std::unique_ptr<Rig> makeRig(uint32_t count, Interpolation mode, ValueLayout layout) {
  auto rig = std::make_unique<Rig>();
  const uint32_t perKind = count / 4;
  rig->channels = perKind * 4;
  rig->scene = std::make_unique<scene::Scene>();
  scene::Scene& s = *rig->scene;
  s.materials.resize(perKind);
  s.materialData.assign(perKind + 1, scene::defaultMaterialData());
  s.nodes.resize(perKind);
  scene::updateWorldTransforms(s);

  std::mt19937 random(count + uint32_t(mode));
  const bool cubic = mode == Interpolation::CubicSpline;
  std::vector<std::vector<float>> bank[4];
  for (uint32_t kind = 0; kind < 4; ++kind) {
    for (uint32_t i = 0; i < kBank; ++i) bank[kind].push_back(curve(random, kind, cubic));
  }
  std::vector<float> times;
  std::uniform_real_distribution<float> jitter(-0.3f, 0.3f);
  const float spacing = kDuration / (kKeys - 1);
  for (uint32_t k = 0; k < kKeys; ++k) {
    times.push_back(k == 0 || k == kKeys - 1 ? k * spacing : (k + jitter(random)) * spacing);
  }

  AnimationsBuilder builder(s, layout);
  builder.addClip({});
  const uint32_t track = builder.addTimes(times);
  const size_t params = offsetof(gpu::MaterialData, params);
  const size_t emissive = offsetof(gpu::MaterialData, emissive);
  const size_t base = offsetof(gpu::MaterialData, baseColorFactor);
  for (uint32_t i = 0; i < perKind; ++i) {
    for (uint32_t kind = 0; kind < 4; ++kind) {
      scene::Slot slot;
      slot.count = kComponents[kind];
      if (kind == 3) {
        scene::Node& node = s.nodes[i];
        slot.type = scene::ValueType::Float4;
        slot.rotation = true;
        slot.region = scene::Region::NodeTransforms;
        slot.element = i;
        slot.data = &node.rotation.x;
        slot.byteOffset =
            uint32_t(reinterpret_cast<char*>(slot.data) - reinterpret_cast<char*>(s.nodes.data()));
      } else {
        const size_t member = kind == 0 ? params : kind == 1 ? emissive : base;
        slot.type = kind == 0   ? scene::ValueType::Float
                    : kind == 1 ? scene::ValueType::Float3
                                : scene::ValueType::Float4;
        slot.region = scene::Region::Materials;
        slot.element = i;
        slot.byteOffset = uint32_t(i * sizeof(gpu::MaterialData) + member);
        slot.data = reinterpret_cast<float*>(reinterpret_cast<char*>(&s.materialData[i]) + member);
      }
      builder.addChannel({0, track, mode, slot, bank[kind][(i * 7 + kind) % kBank]});
    }
  }
  rig->animations = builder.build();

  const double floats = double(perKind) * (1 + 3 + 4 + 4);  // components of all channels
  const double marks = double(perKind) * (2 * 8.0 + 4.0);   // 2 ranges a material, 1 node
  rig->keyframeBytes = floats * sizeof(float) * (cubic ? 4 : 2);
  const double common = rig->keyframeBytes + double(rig->channels) * 16.0 + marks;
  rig->floorBytes = common + floats * sizeof(float) * 2.0;
  // Cache lines: those the slots span (channel step), and for the world step the lines of each
  // node's translation .. hasMatrix and of its world matrix.
  auto lines = [](std::vector<uintptr_t>& out, const void* p, size_t bytes) {
    const uintptr_t first = reinterpret_cast<uintptr_t>(p) / 64;
    const uintptr_t last = (reinterpret_cast<uintptr_t>(p) + bytes - 1) / 64;
    for (uintptr_t l = first; l <= last; ++l) out.push_back(l);
  };
  auto distinct = [](std::vector<uintptr_t>& v) {
    std::sort(v.begin(), v.end());
    return double(std::unique(v.begin(), v.end()) - v.begin());
  };
  std::vector<uintptr_t> slotLines, nodeLines, worldLines;
  for (uint32_t i = 0; i < perKind; ++i) {
    lines(slotLines, &s.materialData[i].baseColorFactor, 36);  // base, emissive, metallic
    lines(slotLines, &s.nodes[i].rotation, 16);
    const char* trs = reinterpret_cast<const char*>(&s.nodes[i].translation);
    lines(nodeLines, trs, size_t(reinterpret_cast<const char*>(&s.nodes[i].hasMatrix) - trs) + 1);
    lines(worldLines, &s.world[i], 64);
  }
  rig->floorLineBytes = common + distinct(slotLines) * 128.0;
  rig->frameLineBytes = rig->floorLineBytes + distinct(nodeLines) * 64.0 +
                        distinct(worldLines) * 128.0 + double(perKind) * 8.0;
  return rig;
}

// One rig alive at a time: 1M CUBICSPLINE channels hold 3.6 GB of keyframes.
Rig& rig(uint32_t count, Interpolation mode, ValueLayout layout) {
  static std::unique_ptr<Rig> current;
  static std::tuple<uint32_t, Interpolation, ValueLayout> key;
  if (!current || key != std::make_tuple(count, mode, layout)) {
    current.reset();
    current = makeRig(count, mode, layout);
    key = {count, mode, layout};
  }
  return *current;
}

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

void frames(benchmark::State& state, Interpolation mode, ValueLayout layout, bool scrub) {
  Rig& r = rig(uint32_t(state.range(0)), mode, layout);
  PackedAnimations& animations = *r.animations;
  const std::vector<bool> enabled = {true};
  scene::DirtySet dirty;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> anyTime(0.0f, kDuration);
  std::vector<float> randomTimes(1024);
  for (float& t : randomTimes) t = anyTime(random);
  size_t next = 0;
  float time = 0.0f;
  auto advance = [&] {
    if (scrub) return randomTimes[next++ & 1023];
    time += 1.0f / 60.0f;
    if (time > kDuration) time -= kDuration;
    return time;
  };

  const Clock::time_point start = Clock::now();
  for (auto _ : state) {
    animations.evaluate(advance(), enabled, dirty);
    dirty.clear();  // what the renderer does after uploading
  }
  const double frame = seconds(start, Clock::now()) / double(state.iterations());

  // The steps of evaluate() timed separately over more frames, for the breakdown: about 20 ms
  // of them (at least 4 frames), so that small sizes are not timer noise.
  const int stepFrames = int(std::clamp<int64_t>(int64_t(2e6 / r.channels), 4, 2000));
  double channelStep = 0.0;
  double worldStep = 0.0;
  for (int i = 0; i < stepFrames; ++i) {
    const Clock::time_point t0 = Clock::now();
    animations.beginFrame();
    animations.sampleChannels(advance(), enabled, dirty);
    animations.diffContested(dirty);
    animations.followMeshWeights(dirty);
    const Clock::time_point t1 = Clock::now();
    animations.updateWorld(dirty);
    const Clock::time_point t2 = Clock::now();
    dirty.coalesce();
    dirty.clear();
    channelStep += seconds(t0, t1) / stepFrames;
    worldStep += seconds(t1, t2) / stepFrames;
  }

  const double bandwidth = vitrine::bench::memcpyTrafficBytesPerSecond();
  const double floorBytes = r.floorBytes / bandwidth;
  const double floorLines = r.floorLineBytes / bandwidth;
  const double frameLines = r.frameLineBytes / bandwidth;
  using benchmark::Counter;
  state.counters["ns_per_channel"] =
      Counter(double(r.channels), Counter::kIsIterationInvariantRate | Counter::kInvert);
  state.counters["keyframe_B_per_s"] =
      Counter(r.keyframeBytes, Counter::kIsIterationInvariantRate, Counter::kIs1024);
  state.counters["channels_ms"] = channelStep * 1e3;
  state.counters["world_ms"] = worldStep * 1e3;
  state.counters["floor_bytes_ms"] = floorBytes * 1e3;
  state.counters["floor_lines_ms"] = floorLines * 1e3;
  state.counters["x_bytes_channels"] = channelStep / floorBytes;
  state.counters["x_lines_channels"] = channelStep / floorLines;
  state.counters["x_lines_frame"] = frame / frameLines;
}

void linearPlayback(benchmark::State& s) {
  frames(s, Interpolation::Linear, ValueLayout::KeyframeMajor, false);
}
void linearScrub(benchmark::State& s) {
  frames(s, Interpolation::Linear, ValueLayout::KeyframeMajor, true);
}
void cubicPlayback(benchmark::State& s) {
  frames(s, Interpolation::CubicSpline, ValueLayout::KeyframeMajor, false);
}
void cubicScrub(benchmark::State& s) {
  frames(s, Interpolation::CubicSpline, ValueLayout::KeyframeMajor, true);
}
void linearPlaybackChannelMajor(benchmark::State& s) {
  frames(s, Interpolation::Linear, ValueLayout::ChannelMajor, false);
}
void linearScrubChannelMajor(benchmark::State& s) {
  frames(s, Interpolation::Linear, ValueLayout::ChannelMajor, true);
}
void cubicPlaybackChannelMajor(benchmark::State& s) {
  frames(s, Interpolation::CubicSpline, ValueLayout::ChannelMajor, false);
}
void cubicScrubChannelMajor(benchmark::State& s) {
  frames(s, Interpolation::CubicSpline, ValueLayout::ChannelMajor, true);
}

// Per size, the benchmarks sharing a rig run one after the other (one rig alive at a time).
void registerAll() {
  struct Entry {
    const char* name;
    void (*fn)(benchmark::State&);
  };
  const Entry entries[] = {
      {"engine/linear/playback", linearPlayback},
      {"engine/linear/scrub", linearScrub},
      {"engine/linear/playback/channel_major", linearPlaybackChannelMajor},
      {"engine/linear/scrub/channel_major", linearScrubChannelMajor},
      {"engine/cubic/playback", cubicPlayback},
      {"engine/cubic/scrub", cubicScrub},
      {"engine/cubic/playback/channel_major", cubicPlaybackChannelMajor},
      {"engine/cubic/scrub/channel_major", cubicScrubChannelMajor},
  };
  for (const int64_t count : {1000, 10000, 100000, 1000000}) {
    for (const Entry& e : entries) {
      benchmark::RegisterBenchmark(e.name, e.fn)
          ->ArgName("channels")
          ->Arg(count)
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
}

const bool kRegistered = (registerAll(), true);

}  // namespace
