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
// coordinates (the cursor's: logical pixels, y down), with the modifier bits held at the
// release: a selection for the running graph (event/onSelect), or with Alt or Ctrl (or
// without a graph) the viewer's own selection for inspection (Viewer::pickAt).
struct ClickEvent {
  float x = 0.0f, y = 0.0f;
  int mods = 0;
};

// A mouse button pressed or released (GLFW_MOUSE_BUTTON_*, GLFW_PRESS or GLFW_RELEASE), where
// the cursor was then, in the order the window system delivered them: a press and its release
// within one frame still make a click (issue 34). overUi: the UI had the mouse when it came.
struct ButtonEvent {
  int button = 0;
  int action = 0;
  int mods = 0;
  float x = 0.0f, y = 0.0f;
  bool overUi = false;
};

// Where the cursor is over the window (it moved there), or that it left the window: the
// running graph's hover pointer follows it.
struct PointerEvent {
  float x = 0.0f, y = 0.0f;
  bool inside = true;
};

using InputEvent = std::variant<KeyEvent, DropEvent, ClickEvent, ButtonEvent, PointerEvent>;

}  // namespace vitrine::app
