// Viewer's input: the mouse on the orbit camera, keys and dropped files (window or inject()).
#include "viewer.h"

#include <algorithm>
#include <filesystem>

#include <GLFW/glfw3.h>

#include "channel_view.h"
#include "files.h"
#include "overlay.h"
#include "timeline.h"

namespace vitrine::app {

void Viewer::handleMouse() {
  double x, y;
  glfwGetCursorPos(window_, &x, &y);
  const float dx = float(x - lastX_), dy = float(y - lastY_);
  lastX_ = x;
  lastY_ = y;
  if (overlay_->wantsMouse()) {
    pendingScroll_ = 0.0f;
    return;
  }
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  // The view's height in window pixels: the model under the cursor follows it.
  const float viewHeight =
      viewDisplay_.y > 0.0f ? viewRect_.size.y * float(h) / viewDisplay_.y : float(h);
  if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS) {
    orbit_.orbit(dx, dy);
    session_.assetCamera.reset();  // dragging leaves the asset camera for the orbit camera
  } else if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
             glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
    orbit_.pan(dx, dy, std::max(viewHeight, 1.0f));
    session_.assetCamera.reset();
  }
  if (pendingScroll_ != 0.0f) {
    orbit_.zoom(pendingScroll_);
    pendingScroll_ = 0.0f;
    session_.assetCamera.reset();
  }
}

void Viewer::handleEvents() {
  // Handlers may queue more events (none do yet): take the queue first.
  std::vector<InputEvent> events;
  events.swap(pending_);
  for (const InputEvent& e : events) {
    if (const auto* key = std::get_if<KeyEvent>(&e)) handleKey(*key);
    if (const auto* drop = std::get_if<DropEvent>(&e)) handleDrop(*drop);
  }
}

void Viewer::handleKey(const KeyEvent& key) {
  switch (key.key) {
    case GLFW_KEY_F:
      frameScene();
      session_.assetCamera.reset();
      break;
    // The timeline's keys, as in Blender.
    case GLFW_KEY_SPACE:
      session_.timeline.togglePlay();
      break;
    case GLFW_KEY_LEFT:
      session_.timeline.stepFrames(-1);
      break;
    case GLFW_KEY_RIGHT:
      session_.timeline.stepFrames(1);
      break;
    case GLFW_KEY_UP:
    case GLFW_KEY_DOWN: {  // Blender: Up/Down jump to the next/previous keyframe
      double k = 0.0;
      if (adjacentKeyframe(session_.timeline, session_.document->animations->clips(),
                           key.key == GLFW_KEY_UP, &k)) {
        session_.timeline.pause();
        session_.timeline.setTime(k);
      }
      break;
    }
    case GLFW_KEY_HOME:
      session_.timeline.jumpToStart();
      break;
    case GLFW_KEY_END:
      session_.timeline.jumpToEnd();
      break;
    case GLFW_KEY_TAB:
      session_.showUi = !session_.showUi;
      break;
    case GLFW_KEY_W:
      session_.look.wireframe = !session_.look.wireframe;
      break;
    case GLFW_KEY_C:  // the material channels, forwards (Shift: backwards)
      session_.look.channel =
          cycleChannel(session_.look.channel, key.mods & GLFW_MOD_SHIFT ? -1 : 1);
      break;
    case GLFW_KEY_F12:
      screenshot();
      break;
    case GLFW_KEY_O:
      if (key.mods & GLFW_MOD_CONTROL)
        files_->showBrowser(std::filesystem::path(session_.document->path).parent_path().string());
      break;
    default:
      break;
  }
}

void Viewer::handleDrop(const DropEvent& drop) {
  // One document at a time: the first file dropped is the one opened.
  if (!drop.paths.empty()) openFile(drop.paths.front());
}

}  // namespace vitrine::app
