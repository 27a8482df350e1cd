// The main menu bar: File (Open, Open Recent, Screenshot, Quit) and View (panels, Hide UI),
// with the session's status message at its right end, where it does not cover the model.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "session.h"

namespace vitrine::app {

// What the user chose in the menus this frame; the viewer carries it out.
struct MenuActions {
  bool open = false;  // File > Open...: show the file browser
  std::optional<std::string> openRecent;
  bool screenshot = false;
  bool quit = false;
};

// Draws the bar (panel toggles write session.panels and session.showUi directly) and sets
// session.menuHeight. Recent files that no longer exist are listed greyed out.
MenuActions drawMenuBar(Session& session, const std::vector<std::string>& recentFiles);

}  // namespace vitrine::app
