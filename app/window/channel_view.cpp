#include "channel_view.h"

#include <algorithm>

#include <imgui.h>

#include "channels.h"

namespace vitrine::app {
namespace {

// The menu's groups: the first channel of each and its heading.
struct Group {
  int first;
  const char* heading;
};
constexpr Group kGroups[] = {
    {gpu::kChannelBaseColor, "Colour (sRGB)"},
    {gpu::kChannelAlpha, "Scalar (linear)"},
    {gpu::kChannelNormal, "Vector ((v + 1) / 2)"},
    {gpu::kChannelUv0, "Texture coordinates"},
};

bool usesDefaultMaterial(const scene::Scene& scene) {
  for (const scene::Mesh& mesh : scene.meshes)
    for (const scene::Primitive& p : mesh.primitives)
      if (p.material < 0 || size_t(p.material) >= scene.materials.size()) return true;
  return false;
}

std::string materialName(const scene::Scene& scene, int material) {
  if (material < 0 || size_t(material) >= scene.materials.size()) return "the default material";
  const std::string& name = scene.materials[size_t(material)].name;
  return name.empty() ? "material " + std::to_string(material) : name;
}

}  // namespace

int cycleChannel(int channel, int step) {
  const int n = gpu::kChannelCount;
  return ((channel + step) % n + n) % n;
}

void drawChannelMenuItems(CliOptions& look) {
  if (ImGui::MenuItem("Shaded", "C / Shift+C", look.channel == gpu::kChannelShaded))
    look.channel = gpu::kChannelShaded;
  for (size_t g = 0; g < std::size(kGroups); ++g) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", kGroups[g].heading);
    const int end = g + 1 < std::size(kGroups) ? kGroups[g + 1].first : gpu::kChannelCount;
    for (int c = kGroups[g].first; c < end; ++c) {
      const std::string name(renderer::channelInfo(c).name);
      if (ImGui::MenuItem(name.c_str(), nullptr, look.channel == c)) look.channel = c;
    }
  }
  if (look.channel == gpu::kChannelUvChecker)
    ImGui::SliderInt("Checker set", &look.checkerTexcoord, 0, gpu::kTexcoordSetCount - 1,
                     "TEXCOORD_%d");
}

std::string channelNote(const scene::Scene& scene, int channel) {
  if (channel == gpu::kChannelShaded) return {};
  std::string note = "Channel: " + std::string(renderer::channelInfo(channel).name);
  std::vector<int> lacking;
  for (size_t m = 0; m < scene.materials.size(); ++m)
    if (!renderer::channelInMaterial(scene, int(m), channel)) lacking.push_back(int(m));
  if (usesDefaultMaterial(scene) && !renderer::channelInMaterial(scene, -1, channel))
    lacking.push_back(-1);
  if (lacking.empty()) return note;
  note += " - not in this material:";
  constexpr size_t kNamed = 4;
  for (size_t i = 0; i < std::min(lacking.size(), kNamed); ++i)
    note += (i ? ", " : " ") + materialName(scene, lacking[i]);
  if (lacking.size() > kNamed) note += " and " + std::to_string(lacking.size() - kNamed) + " more";
  return note;
}

void drawChannelNote(const PanelRect& view, const std::string& note, float uiScale) {
  if (note.empty()) return;
  const float margin = 12.0f * uiScale;
  ImGui::SetNextWindowPos(ImVec2(view.pos.x + margin, view.pos.y + margin), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin(kChannelNoteWindow, nullptr, flags)) {
    const float room = std::max(view.size.x - 2.0f * margin, 40.0f * uiScale);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + room);
    ImGui::TextUnformatted(note.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace vitrine::app
