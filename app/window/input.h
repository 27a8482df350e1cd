// The app's input layer: what the window delivers (keys, dropped files) as plain events, so
// that tests inject the same events a user makes (Viewer::inject) without a real keyboard.
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace vitrine::app {

// A key press or auto-repeat: GLFW key codes (GLFW_KEY_SPACE ...) and modifier bits
// (GLFW_MOD_SHIFT ...). Releases are not events.
struct KeyEvent {
  int key = 0;
  int mods = 0;
};

// Files dropped onto the window, in the order the system gave them.
struct DropEvent {
  std::vector<std::string> paths;
};

// A click in the window (left button pressed and released without dragging), in window
// coordinates (the cursor's: logical pixels, y down): picks what lies under it (Viewer::pickAt).
struct ClickEvent {
  float x = 0.0f, y = 0.0f;
};

using InputEvent = std::variant<KeyEvent, DropEvent, ClickEvent>;

}  // namespace vitrine::app
