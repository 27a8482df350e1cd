#include "menu_bar.h"

#include <algorithm>
#include <filesystem>

#include <imgui.h>

#include "channel_view.h"

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
    ImGui::MenuItem("Statistics", nullptr, &session.panels.statistics);
    ImGui::MenuItem("Textures", nullptr, &session.panels.textures);
    ImGui::MenuItem("UV", nullptr, &session.panels.uv);
    ImGui::Separator();
    ImGui::MenuItem("Wireframe", "W", &session.look.wireframe);
    ImGui::MenuItem("Shadows", nullptr, &session.look.shadows);
    ImGui::MenuItem("Environment shadow", nullptr, &session.look.environmentShadow);
    ImGui::MenuItem("Ground", nullptr, &session.look.ground);
    ImGui::MenuItem("Normals and tangents", "N", &session.look.showNormals);
    ImGui::MenuItem("Skeleton", "K", &session.look.showSkeleton);
    ImGui::MenuItem("Bounds", "B", &session.look.showBounds);
    ImGui::MenuItem("Lights and cameras", "G", &session.look.showGizmos);
    if (ImGui::MenuItem("Isolate selection", "I", session.isolatedNode.has_value(),
                        session.selectedNode || session.isolatedNode))
      session.isolatedNode =
          session.isolatedNode ? std::nullopt : std::optional<uint32_t>(session.selectedNode);
    if (ImGui::BeginMenu("Channel")) {
      drawChannelMenuItems(session.look);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Hide UI", "Tab")) session.showUi = false;
    ImGui::EndMenu();
  }
  const std::vector<std::string>& variants = session.document->scene->variants;
  if (ImGui::BeginMenu("Variants", !variants.empty())) {
    if (ImGui::MenuItem("Default", nullptr, session.materialVariant < 0)) a.variant = -1;
    ImGui::Separator();
    for (size_t i = 0; i < variants.size(); ++i) {
      ImGui::PushID(int(i));
      // A variant without a name would make an empty item: show its index.
      const std::string label = variants[i].empty() ? "#" + std::to_string(i) : variants[i];
      if (ImGui::MenuItem(label.c_str(), nullptr, session.materialVariant == int(i)))
        a.variant = int(i);
      ImGui::PopID();
    }
    ImGui::EndMenu();
  }
  // While a graph drives the asset, the status bar says where clicks go (issue 34).
  const std::string status =
      session.graphDriven()
          ? (session.status.empty() ? "" : session.status + "   |   ") + kGraphClicksHint
          : session.status;
  if (!status.empty()) {
    // Right-aligned, dimmed: a message, not a control.
    const float width = ImGui::CalcTextSize(status.c_str()).x;
    const float x = ImGui::GetWindowContentRegionMax().x - width;
    if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
    ImGui::TextDisabled("%s", status.c_str());
  }
  ImGui::EndMainMenuBar();
  return a;
}

void StatusToast::update(const std::string& status, double now) {
  if (status == last_) return;
  last_ = status;
  since_ = now;
}

void drawStatusToast(const PanelRect& view, const std::string& text, float uiScale) {
  const float margin = 12.0f * uiScale;
  ImGui::SetNextWindowPos(ImVec2(view.pos.x + 0.5f * view.size.x, view.pos.y + margin),
                          ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.9f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##status", nullptr, flags)) {
    const float room = std::max(view.size.x - 2.0f * margin, 40.0f * uiScale) -
                       2.0f * ImGui::GetStyle().WindowPadding.x;
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() +
                           std::min(ImGui::CalcTextSize(text.c_str()).x + 1.0f, room));
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace vitrine::app
