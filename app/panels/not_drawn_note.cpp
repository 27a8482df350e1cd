#include "not_drawn_note.h"

#include <algorithm>

#include <imgui.h>

namespace vitrine::app {

std::string notDrawnNote(const std::vector<std::string>& extensions) {
  if (extensions.empty()) return {};
  std::string note = "Not drawn:";
  for (size_t i = 0; i < extensions.size(); ++i) note += (i ? ", " : " ") + extensions[i];
  return note;
}

void drawNotDrawnNote(const PanelRect& view, const std::string& note, float uiScale) {
  if (note.empty()) return;
  const float margin = 12.0f * uiScale;
  ImGui::SetNextWindowPos(ImVec2(view.pos.x + margin, view.pos.y + view.size.y - margin),
                          ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin(kNotDrawnWindow, nullptr, flags)) {
    const float room = std::max(view.size.x - 2.0f * margin, 40.0f * uiScale) -
                       2.0f * ImGui::GetStyle().WindowPadding.x;
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() +
                           std::min(ImGui::CalcTextSize(note.c_str()).x + 1.0f, room));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.3f, 1.0f));  // amber: a warning
    ImGui::TextUnformatted(note.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace vitrine::app
