// What the viewer remembers between runs: the window's size and position, which panels show,
// and the recently opened files. Stored as plain JSON in the user's config dir (XDG); a
// missing or damaged file only means defaults, never a failure to start.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "layout.h"

namespace vitrine::app {

struct Settings {
  uint32_t windowWidth = 1280, windowHeight = 720;  // in screen coordinates
  std::optional<int> windowX, windowY;              // unset: the window system places it
  PanelVisibility panels;
  bool showUi = true;
  std::vector<std::string> recentFiles;  // absolute paths, most recent first (recent_files.h)
};

// $XDG_CONFIG_HOME/vitrine, else $HOME/.config/vitrine, else "" (nothing is remembered).
// Relative XDG paths are ignored, as the XDG base directory spec asks.
std::string configDirectory();
// configDirectory()/settings.json, or "" when there is no config dir.
std::string settingsPath();

// Reads `path`. A missing file gives the defaults silently; an unreadable or corrupt one (not
// JSON, wrong types, out-of-range sizes) gives the defaults for what is wrong, with one line in
// *warning saying what ("<path>: <what>"); never throws.
Settings loadSettings(const std::string& path, std::string* warning);

// Writes `settings` to `path` (creating its folder) through a temporary file renamed over it,
// so a crash mid-write never leaves a truncated file. False with *error set on failure.
bool saveSettings(const std::string& path, const Settings& settings, std::string* error);

}  // namespace vitrine::app
