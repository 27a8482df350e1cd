#include "menu_bar.h"

#include <filesystem>

#include <imgui.h>

namespace vitrine::app {

MenuActions drawMenuBar(Session& session, const std::vector<std::string>& recentFiles) {
  MenuActions a;
  if (!ImGui::BeginMainMenuBar()) {
    session.menuHeight = 0.0f;
    return a;
  }
  session.menuHeight = ImGui::GetWindowSize().y;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) a.open = true;
    if (ImGui::BeginMenu("Open Recent", !recentFiles.empty())) {
      for (const std::string& f : recentFiles) {
        std::error_code ec;
        const bool present = std::filesystem::is_regular_file(f, ec);
        if (ImGui::MenuItem(f.c_str(), nullptr, false, present)) a.openRecent = f;
      }
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Screenshot", "F12")) a.screenshot = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit")) a.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Outliner", nullptr, &session.panels.outliner);
    ImGui::MenuItem("Inspector", nullptr, &session.panels.inspector);
    ImGui::MenuItem("Timeline", nullptr, &session.panels.timeline);
    ImGui::Separator();
    if (ImGui::MenuItem("Hide UI", "Tab")) session.showUi = false;
    ImGui::EndMenu();
  }
  if (!session.status.empty()) {
    // Right-aligned, dimmed: a message, not a control.
    const float width = ImGui::CalcTextSize(session.status.c_str()).x;
    const float x = ImGui::GetWindowContentRegionMax().x - width;
    if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
    ImGui::TextDisabled("%s", session.status.c_str());
  }
  ImGui::EndMainMenuBar();
  return a;
}

}  // namespace vitrine::app
