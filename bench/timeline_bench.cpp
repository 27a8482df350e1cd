// The timeline's per-frame and per-click costs (app/panels/timeline.h), on a large layered asset:
//   advance:   one frame of playback (the time, then every clip's local time), per clip count;
//   toggle:    enabling a clip, which recomputes the range and the conflicts (a click, not a
//              frame), for clips of 10,000 channels each where every clip animates the same
//              node properties (the worst case: every target conflicts);
//   ticks:     the scrub bar's keyframe ticks of one clip of 10,000 keys looping over the range,
//              as drawKeyTicks() enumerates them each frame (limit: 8 per column of an
//              800-pixel bar).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "timeline.h"

namespace {

using vitrine::anim::ChannelInfo;
using vitrine::anim::ClipInfo;
using vitrine::app::ClipSettings;
using vitrine::app::LoopMode;
using vitrine::app::Timeline;

std::vector<ClipInfo> makeClips(size_t clips, size_t channels) {
  auto keys = std::make_shared<const std::vector<float>>(std::vector<float>{0.0f, 1.0f});
  std::vector<ClipInfo> out(clips);
  for (size_t c = 0; c < clips; ++c) {
    out[c].start = 0.0f;
    out[c].end = 1.0f + float(c % 7);
    for (size_t i = 0; i < channels; ++i) {
      ChannelInfo ch;
      ch.channel = uint32_t(i);
      ch.target = "/nodes/" + std::to_string(i / 3) +
                  (i % 3 == 0   ? "/translation"
                   : i % 3 == 1 ? "/rotation"
                                : "/scale");
      ch.bound = true;
      ch.keyTimes = keys;
      out[c].channels.push_back(std::move(ch));
    }
  }
  return out;
}

void BM_Advance(benchmark::State& state) {
  const size_t clips = size_t(state.range(0));
  Timeline t;
  t.reset(makeClips(clips, 0), std::vector<bool>(clips, true));
  for (size_t i = 0; i < clips; ++i) {
    ClipSettings s;
    s.loop = LoopMode(i % 3);
    s.speed = 0.5f + float(i % 4);
    s.offset = 0.1f * float(i % 5);
    t.setClip(i, s);
  }
  for (auto _ : state) {
    t.advance(1.0 / 60.0);
    benchmark::DoNotOptimize(t.clipTimes().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(clips));
}
BENCHMARK(BM_Advance)->Arg(10)->Arg(1000);

void BM_ToggleClip(benchmark::State& state) {
  const size_t clips = size_t(state.range(0));
  Timeline t;
  t.reset(makeClips(clips, 10000), std::vector<bool>(clips, true));
  bool on = false;
  for (auto _ : state) {
    t.setEnabled(0, on);
    on = !on;
    benchmark::DoNotOptimize(t.conflicts().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(clips) * 10000);
}
BENCHMARK(BM_ToggleClip)->Arg(2)->Arg(10)->Unit(benchmark::kMillisecond);

void BM_ScrubBarTicks(benchmark::State& state) {
  std::vector<ClipInfo> clips = makeClips(2, 0);
  clips[0].end = 100.0f;  // the range: [0, 100]
  clips[1].end = 10.0f;   // loops ten times over it
  Timeline t;
  t.reset(clips, {true, true});
  ClipSettings loop;
  loop.loop = LoopMode::Loop;
  t.setClip(1, loop);
  std::vector<float> keys(10000);
  for (size_t k = 0; k < keys.size(); ++k) keys[k] = 10.0f * float(k) / float(keys.size() - 1);
  std::vector<uint8_t> columns(801);
  for (auto _ : state) {
    t.forEachKey(1, keys, t.start(), t.end(), 8 * 800,
                 [&](double time) { columns[size_t(time * 8.0)] = 1; });
    benchmark::DoNotOptimize(columns.data());
  }
}
BENCHMARK(BM_ScrubBarTicks)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
