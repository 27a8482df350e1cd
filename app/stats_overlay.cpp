#include "stats_overlay.h"

#include <imgui.h>

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

void drawStatsOverlay(const PanelRect& view, float cpuMilliseconds,
                      const renderer::Renderer& renderer, uint64_t channels) {
  constexpr float kMargin = 8.0f;
  ImGui::SetNextWindowPos(ImVec2(view.pos.x + view.size.x - kMargin, view.pos.y + kMargin),
                          ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.45f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("Statistics", nullptr, flags)) {
    const renderer::DrawStats draws = renderer.lastDrawStats();
    const renderer::UploadStats uploads = renderer.lastUploadStats();
    ImGui::Text("CPU %6.2f ms   GPU %6.2f ms", cpuMilliseconds, renderer.lastGpuMilliseconds());
    ImGui::Text("%llu triangles, %u draw calls", static_cast<unsigned long long>(draws.triangles),
                draws.drawCalls);
    ImGui::Text("%llu animated channels", static_cast<unsigned long long>(channels));
    ImGui::Text("Uploaded %llu bytes in %u ranges", static_cast<unsigned long long>(uploads.bytes),
                uploads.ranges);
    ImGui::TextDisabled("%s", renderer.deviceName().c_str());
  }
  ImGui::End();
}

}  // namespace vitrine::app
