// The main menu bar: File (Open, Open Recent, Screenshot, Quit), View (panels, statistics,
// textures, UV, Hide UI) and Variants (the asset's KHR_materials_variants; disabled without any),
// with the session's status message at its right end, where it does not cover the model (and,
// while a behaviour graph drives the asset, where clicks go); and that
// message as a toast while the UI is hidden.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "session.h"

namespace vitrine::app {

// What the status bar adds while a behaviour graph drives the asset (Session::graphDriven).
inline constexpr const char* kGraphClicksHint =
    "Clicks go to the asset's graph; Alt+click or Ctrl+click selects";

// What the user chose in the menus this frame; the viewer carries it out.
struct MenuActions {
  bool open = false;  // File > Open...: show the file browser
  std::optional<std::string> openRecent;
  bool screenshot = false;
  bool quit = false;
  // Variants > Default (-1) or a variant: show it (Viewer::setMaterialVariant).
  std::optional<int> variant;
};

// Draws the bar (panel toggles write session.panels and session.showUi directly) and sets
// session.menuHeight. Recent files that no longer exist are listed greyed out.
MenuActions drawMenuBar(Session& session, const std::vector<std::string>& recentFiles);

// The status message's stand-in while Tab hides the menu bar: a message stays visible for
// kSeconds after it changes ("Screenshot saved to ...", "Reloaded ..."), then goes.
class StatusToast {
 public:
  static constexpr double kSeconds = 3.0;
  // Once a frame with the session's status and the time (seconds, monotonic).
  void update(const std::string& status, double now);
  bool visible(double now) const { return !last_.empty() && now - since_ < kSeconds; }

 private:
  std::string last_;
  double since_ = 0.0;
};

// Draws `text` as a small borderless box at the top centre of `view`, no wider than it.
void drawStatusToast(const PanelRect& view, const std::string& text, float uiScale);

}  // namespace vitrine::app
