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
    if (const auto* click = std::get_if<ClickEvent>(&e)) handleClick(*click);
    if (const auto* button = std::get_if<ButtonEvent>(&e)) handleButton(*button);
    if (const auto* pointer = std::get_if<PointerEvent>(&e)) {
      if (pointer->inside)
        pointer_ = glm::vec2(pointer->x, pointer->y);
      else
        pointer_.reset();
    }
  }
}

void Viewer::handleButton(const ButtonEvent& button) {
  // Clicks come from the window system's button events, not from the button's state once a
  // frame: at lavapipe's few frames a second a quick click falls within one frame (issue 34).
  // A click: the left button released where it was pressed (within PickCycle::kSamePlace),
  // the press in the view (a press on the UI is no click in the view).
  if (button.button != GLFW_MOUSE_BUTTON_LEFT) return;
  const glm::vec2 at(button.x, button.y);
  if (button.action == GLFW_PRESS) {
    leftPressed_ = !button.overUi;
    pressedAt_ = at;
  } else if (button.action == GLFW_RELEASE) {
    if (leftPressed_ && glm::distance(pressedAt_, at) <= PickCycle::kSamePlace)
      handleClick(ClickEvent{at.x, at.y, button.mods});
    leftPressed_ = false;
  }
}

void Viewer::handleClick(const ClickEvent& click) {
  // While a graph runs the asset, a click is its selection (KHR_interactivity "On Select":
  // controller 0, the ray from the camera through the cursor); Alt+click is the viewer's own,
  // and Ctrl+click, for the window managers that take Alt+click to move windows.
  if (session_.graphDriven() && !(click.mods & (GLFW_MOD_ALT | GLFW_MOD_CONTROL))) {
    const auto [origin, direction] = rayAt({click.x, click.y});
    session_.graph->select(origin, direction);
    return;
  }
  pickAt({click.x, click.y});
}

void Viewer::handleKey(const KeyEvent& key) {
  switch (key.key) {
    case GLFW_KEY_F:
      frameScene();
      session_.assetCamera.reset();
      break;
    // The timeline's keys, as in Blender.
    case GLFW_KEY_SPACE:  // the graph's Run / Pause while it drives the asset
      if (session_.graphDriven())
        session_.graph->setRunning(!session_.graph->running());
      else
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

std::pair<glm::vec3, glm::vec3> Viewer::rayAt(glm::vec2 at) const {
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  w = std::max(w, 1);
  h = std::max(h, 1);
  // The window's view (fitted to the view's rectangle of the window) unprojected at OpenGL
  // depths -1 (near) and 0 (finite for an infinite projection too).
  const renderer::View view = windowView();
  const glm::vec2 ndc(at.x / float(w) * 2.0f - 1.0f, 1.0f - at.y / float(h) * 2.0f);
  const glm::mat4 inverse = glm::inverse(view.projection * view.view);
  const glm::vec4 a = inverse * glm::vec4(ndc, -1.0f, 1.0f);
  const glm::vec4 b = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  const glm::vec3 origin = glm::vec3(a) / a.w;
  return {origin, glm::normalize(glm::vec3(b) / b.w - origin)};
}

void Viewer::pickAt(glm::vec2 at) {
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  if (w <= 0 || h <= 0) return;
  const auto [origin, direction] = rayAt(at);
  const scene::Scene& scene = *session_.document->scene;
  std::span<const uint8_t> shown;
  if (session_.isolatedNode) shown = shownNodes_;
  session_.selectedNode =
      pickCycle_.click(at, scene::pickAll(scene, scene.activeScene, origin, direction, shown));
}

}  // namespace vitrine::app
