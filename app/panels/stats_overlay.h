// The statistics panel, below the inspector (Layout::statistics, never over the model): CPU
// and GPU frame time (smoothed), triangles and draw calls of the last frame, animated channels
// (bound channels of the enabled clips), a running behaviour graph's cost per tick, what the
// last frame uploaded; then the asset's numbers per mesh and per material
// (scene_statistics.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "animation.h"
#include "graph_session.h"
#include "layout.h"
#include "renderer.h"
#include "scene_statistics.h"

namespace vitrine::app {

// Bound channels per clip (ChannelInfo::bound), counted once per document.
std::vector<uint32_t> boundChannelCounts(const std::vector<anim::ClipInfo>& clips);
// The channels that play: the bound channels of the enabled clips.
uint64_t animatedChannels(const std::vector<uint32_t>& boundPerClip,
                          const std::vector<bool>& enabled);

// A frame time as the overlay shows it: the mean of the samples of each `window` seconds,
// published when the window closes, so the digits change twice a second instead of every
// frame. Until the first window closes, the latest sample.
class SmoothedTime {
 public:
  explicit SmoothedTime(double window = 0.5) : window_(window) {}
  // A sample (milliseconds) taken at `now` (seconds, any monotonic clock).
  void add(double milliseconds, double now);
  double value() const { return value_; }

 private:
  double window_, windowStart_ = 0.0, sum_ = 0.0, value_ = 0.0;
  uint32_t count_ = 0;
  bool published_ = false;
};

// The overlay's frame times, smoothed (SmoothedTime): CPU from the frame's start to its
// submission, GPU from the renderer's timestamps; the behaviour graph's tick (GraphSession).
struct FrameTimes {
  double cpuMilliseconds = 0.0, gpuMilliseconds = 0.0;
  double graphTickMilliseconds = 0.0;
};

// "1 range", "2 ranges": the count and the noun, in the singular for exactly one.
std::string countNoun(uint64_t count, const char* singular, const char* plural);

// The shadow line of the panel, from the last frame's DrawStats: "Shadows: 5 of 7 lights (at
// most 4 directional or spot and 1 point light, the strongest)", followed by ", and the
// environment's key light" when its shadow is drawn (alone: "Shadows: the environment's key
// light"); "" when nothing casts a shadow (or shadows are off).
std::string shadowSummary(const renderer::DrawStats& draws);

// KHR_gaussian_splatting's line of the panel: "Splats: 9,500 of 10,000 drawn, sort 1.20 ms,
// projection 3.40 ms, tiles 0.80 ms" (the CPU cost of the frame's one sort, of projecting the
// splats and of binning them into the tile rasterizer's tiles), or
// "..., order kept" when nothing they depend on moved (no sort that frame); "" without splats.
std::string splatSummary(const renderer::DrawStats& draws);

// A running behaviour graph's lines of the panel: its cost per tick, "Graph tick: 12
// executions, 0.04 ms" (node executions of the last tick, `milliseconds` smoothed), and
// when the last tick hit the per-tick budget of node executions, `budget` (drawn red; the
// graph's log says it too): "Budget reached: the rest of the tick waits"; else "".
struct GraphCostLines {
  std::string cost, budget;
};
GraphCostLines graphCostLines(uint64_t executions, double milliseconds, bool budgetHit);

// Draws the panel in `rect` (Layout::statistics). `stats`: of the scene shown, `scene`: for the
// names of its meshes and materials; `graph`: the session's behaviour graph (null: none), whose
// cost per tick is shown while one runs.
void drawStatisticsPanel(const PanelRect& rect, const FrameTimes& times,
                         const renderer::Renderer& renderer, uint64_t channels,
                         const scene::Scene& scene, const SceneStatistics& stats,
                         const GraphSession* graph = nullptr);

}  // namespace vitrine::app
