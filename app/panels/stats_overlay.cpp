#include "stats_overlay.h"

#include <cstdio>

#include <imgui.h>

#include "statistics_tables.h"
#include "theme.h"

namespace vitrine::app {

std::vector<uint32_t> boundChannelCounts(const std::vector<anim::ClipInfo>& clips) {
  std::vector<uint32_t> out;
  out.reserve(clips.size());
  for (const anim::ClipInfo& c : clips) {
    uint32_t bound = 0;
    for (const anim::ChannelInfo& ch : c.channels) bound += ch.bound ? 1 : 0;
    out.push_back(bound);
  }
  return out;
}

uint64_t animatedChannels(const std::vector<uint32_t>& boundPerClip,
                          const std::vector<bool>& enabled) {
  uint64_t sum = 0;
  for (size_t i = 0; i < boundPerClip.size() && i < enabled.size(); ++i)
    if (enabled[i]) sum += boundPerClip[i];
  return sum;
}

void SmoothedTime::add(double milliseconds, double now) {
  if (count_ == 0) windowStart_ = now;
  sum_ += milliseconds;
  ++count_;
  if (!published_) value_ = milliseconds;
  if (now - windowStart_ >= window_) {
    value_ = sum_ / count_;
    published_ = true;
    sum_ = 0.0;
    count_ = 0;
  }
}

std::string countNoun(uint64_t count, const char* singular, const char* plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string shadowSummary(const renderer::DrawStats& draws) {
  const bool lights = draws.shadowCandidates > 0 || draws.unshadowedPointLights > 0;
  if (!lights && draws.keyShadows == 0) return {};
  std::string s = "Shadows: ";
  if (lights) {
    s += std::to_string(draws.shadowedLights) + " of " +
         countNoun(draws.shadowCandidates, "light", "lights");
    if (draws.shadowCandidates > draws.shadowedLights)
      s += " (at most " + std::to_string(gpu::kMaxShadowedLights) +
           " directional or spot and 1 point light, the strongest)";
    if (draws.shadowCascades > 0)
      s += ", " + countNoun(draws.shadowCascades, "cascade", "cascades") + " nearer the camera";
  }
  if (draws.keyShadows > 0)
    s += lights ? ", and the environment's key light" : "the environment's key light";
  return s;
}

GraphCostLines graphCostLines(uint64_t executions, double milliseconds, bool budgetHit) {
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.2f", milliseconds);
  GraphCostLines out;
  out.cost = "Graph tick: " + countNoun(executions, "execution", "executions") + ", " + ms + " ms";
  if (budgetHit) out.budget = "Budget reached: the rest of the tick waits";
  return out;
}

namespace {

// The graph's lines, its tick time smoothed as the frame times are (the digits would change
// every frame otherwise).
void graphLines(const GraphSession& graph, double tickMilliseconds) {
  const GraphCostLines lines =
      graphCostLines(graph.lastExecutions(), tickMilliseconds, graph.budgetHit());
  ImGui::TextUnformatted(lines.cost.c_str());
  if (!lines.budget.empty())
    ImGui::TextColored(ImVec4(0.95f, 0.25f, 0.20f, 1.0f), "%s", lines.budget.c_str());
}

}  // namespace

std::string splatSummary(const renderer::DrawStats& draws) {
  if (draws.splats == 0) return "";
  const auto grouped = [](uint64_t n) {
    std::string digits = std::to_string(n);
    for (int at = int(digits.size()) - 3; at > 0; at -= 3) digits.insert(size_t(at), ",");
    return digits;
  };
  std::string out =
      "Splats: " + grouped(draws.splatsDrawn) + " of " + grouped(draws.splats) + " drawn";
  if (draws.splatSortMilliseconds == 0.0 && draws.splatProjectMilliseconds == 0.0)
    return out + ", order kept";
  char times[128];
  std::snprintf(times, sizeof(times), ", sort %.2f ms, projection %.2f ms, tiles %.2f ms",
                draws.splatSortMilliseconds, draws.splatProjectMilliseconds,
                draws.splatTileMilliseconds);
  return out + times;
}

void drawStatisticsPanel(const PanelRect& rect, const FrameTimes& times,
                         const renderer::Renderer& renderer, uint64_t channels,
                         const scene::Scene& scene, const SceneStatistics& stats,
                         const GraphSession* graph) {
  if (!beginDockedPanel("Statistics", rect)) return;
  const renderer::DrawStats draws = renderer.lastDrawStats();
  const renderer::UploadStats uploads = renderer.lastUploadStats();
  ImGui::Text("CPU %6.2f ms   GPU %6.2f ms", times.cpuMilliseconds, times.gpuMilliseconds);
  ImGui::Text("%s, %s", countNoun(draws.triangles, "triangle", "triangles").c_str(),
              countNoun(draws.drawCalls, "draw call", "draw calls").c_str());
  // EXT_mesh_gpu_instancing: more copies drawn than draw calls.
  if (draws.instances > draws.drawCalls)
    ImGui::Text("%s drawn", countNoun(draws.instances, "instance", "instances").c_str());
  ImGui::Text("%s", countNoun(channels, "animated channel", "animated channels").c_str());
  if (graph && graph->active()) graphLines(*graph, times.graphTickMilliseconds);
  const std::string splats = splatSummary(draws);
  if (!splats.empty()) ImGui::TextWrapped("%s", splats.c_str());
  const std::string shadows = shadowSummary(draws);
  if (!shadows.empty()) ImGui::Text("%s", shadows.c_str());
  ImGui::Text("Uploaded %s in %s", countNoun(uploads.bytes, "byte", "bytes").c_str(),
              countNoun(uploads.ranges, "range", "ranges").c_str());
  ImGui::Text("Texture memory %s", formatBytes(stats.textureBytes).c_str());
  // The device name is information, not a disabled control: the normal text colour, dimmed
  // only a little, wrapped to the panel (lavapipe's name is long).
  ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  text.w *= 0.85f;
  ImGui::PushStyleColor(ImGuiCol_Text, text);
  ImGui::TextWrapped("%s", renderer.deviceName().c_str());
  ImGui::PopStyleColor();
  drawStatisticsTables(scene, stats);
  ImGui::End();
}

}  // namespace vitrine::app
