// Viewer's UI: menu bar, file panels, scene panels, timeline, and what Tab leaves on screen.
#include "viewer.h"

#include <filesystem>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "channel_view.h"
#include "files.h"
#include "graph_panel.h"
#include "layout.h"
#include "menu_bar.h"
#include "not_drawn_note.h"
#include "timeline_panel.h"

namespace vitrine::app {

void Viewer::buildFileUi() {
  const MenuActions actions = drawMenuBar(session_, files_->settings().recentFiles);
  const std::string folder = std::filesystem::path(session_.document->path).parent_path().string();
  if (actions.open) files_->showBrowser(folder);
  if (actions.openRecent) openFile(*actions.openRecent);
  if (actions.screenshot) screenshot();
  if (actions.quit) glfwSetWindowShouldClose(window_, GLFW_TRUE);
  if (actions.variant) {
    setMaterialVariant(*actions.variant);
    const std::vector<std::string>& names = session_.document->scene->variants;
    session_.status = *actions.variant < 0 ? std::string("Default materials")
                                           : "Variant " + names[size_t(*actions.variant)];
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const Layout layout = this->layout({display.x, display.y}, session_.menuHeight);
  if (auto chosen = files_->drawUi(session_, layout)) openFile(*chosen);
}

void Viewer::buildUi() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  viewDisplay_ = glm::vec2(display.x, display.y);
  const double now = glfwGetTime();
  toast_.update(session_.status, now);
  if (noteSerial_ != session_.document->serial) {
    noteSerial_ = session_.document->serial;
    note_ = notDrawnNote(session_.document->notDrawn);
  }
  if (!session_.showUi) {
    // Tab hides the panels, not what the user must know: loading, a load error, the browser,
    // the last status message for a few seconds, and the extensions not drawn.
    session_.menuHeight = 0.0f;
    viewRect_ = PanelRect{{0.0f, 0.0f}, viewDisplay_};
    Layout whole;
    whole.view = viewRect_;
    if (auto chosen = files_->drawUi(session_, whole)) openFile(*chosen);
    if (toast_.visible(now)) drawStatusToast(viewRect_, session_.status, session_.uiScale);
    drawNotDrawnNote(viewRect_, note_, session_.uiScale);
    drawChannelNote(viewRect_, channelNote(*session_.document->scene, session_.look.channel),
                    session_.uiScale);
    return;
  }
  buildFileUi();
  const Layout layout = this->layout({display.x, display.y}, session_.menuHeight);
  viewRect_ = layout.view;
  // What the asset says but the picture lacks: shown with or without the panels (Tab).
  drawNotDrawnNote(viewRect_, note_, session_.uiScale);
  drawChannelNote(viewRect_, channelNote(*session_.document->scene, session_.look.channel),
                  session_.uiScale);
  scenePanels_.draw(layout, session_, *renderer_,
                    {cpuMs_.value(), gpuMs_.value(), graphMs_.value()});
  // An interactive asset's graph panel takes the timeline's place (issue 34), until its
  // Timeline button gives the clips back.
  if (session_.panels.timeline) {
    if (session_.graph && session_.graph->present() && !session_.clipsInsteadOfGraph)
      graphPanel_->draw(session_, layout.timeline);
    else
      timelinePanel_->draw(session_, layout.timeline);
  }
}

}  // namespace vitrine::app
