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
    leftDown_ = false;  // a press on the UI is no click in the view
    return;
  }
  // A click: the left button released where it was pressed (within PickCycle::kSamePlace).
  const bool left = glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  if (left && !leftDown_) pressedAt_ = {float(x), float(y)};
  if (!left && leftDown_ &&
      glm::distance(pressedAt_, glm::vec2(float(x), float(y))) <= PickCycle::kSamePlace)
    inject(ClickEvent{float(x), float(y)});
  leftDown_ = left;
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
    if (const auto* click = std::get_if<ClickEvent>(&e)) pickAt({click->x, click->y});
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
    case GLFW_KEY_N:
      session_.look.showNormals = !session_.look.showNormals;
      break;
    case GLFW_KEY_K:
      session_.look.showSkeleton = !session_.look.showSkeleton;
      break;
    case GLFW_KEY_B:
      session_.look.showBounds = !session_.look.showBounds;
      break;
    case GLFW_KEY_I:  // isolate the selection's subtree; again: show everything
      if (session_.isolatedNode)
        session_.isolatedNode.reset();
      else
        session_.isolatedNode = session_.selectedNode;
      break;
    case GLFW_KEY_G:
      session_.look.showGizmos = !session_.look.showGizmos;
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

void Viewer::pickAt(glm::vec2 at) {
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  if (w <= 0 || h <= 0) return;
  // The ray through `at`: the window's view (fitted to the view's rectangle of the window)
  // unprojected at OpenGL depths -1 (near) and 0 (finite for an infinite projection too).
  const renderer::View view = windowView();
  const glm::vec2 ndc(at.x / float(w) * 2.0f - 1.0f, 1.0f - at.y / float(h) * 2.0f);
  const glm::mat4 inverse = glm::inverse(view.projection * view.view);
  const glm::vec4 a = inverse * glm::vec4(ndc, -1.0f, 1.0f);
  const glm::vec4 b = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  const glm::vec3 origin = glm::vec3(a) / a.w;
  const scene::Scene& scene = *session_.document->scene;
  std::span<const uint8_t> shown;
  if (session_.isolatedNode) shown = shownNodes_;
  session_.selectedNode = pickCycle_.click(
      at, scene::pickAll(scene, scene.activeScene, origin, glm::vec3(b) / b.w - origin, shown));
}

}  // namespace vitrine::app
