// The Dear ImGui layer drawn over the 3D view through the renderer's overlay hook.
#pragma once

#include <volk.h>

#include "renderer.h"

struct GLFWwindow;

namespace vitrine::app {

class Overlay {
 public:
  // Sets up ImGui for the window and its Vulkan backend from the renderer's handles, with the
  // theme and fonts at `uiScale` (theme.h). Installs ImGui's GLFW callbacks, chaining to the
  // ones already installed.
  Overlay(GLFWwindow* window, renderer::Renderer& renderer, float uiScale = 1.0f);
  ~Overlay();
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;

  // Rebuilds the theme and the font atlas for a new content scale (the window moved to a
  // screen of another DPI). Waits for the GPU: rare, never every frame.
  void setUiScale(float uiScale);

  void beginFrame();
  // Finishes the frame's UI; record() then draws it into the renderer's overlay pass.
  void endFrame();
  void record(VkCommandBuffer cmd);

  bool wantsMouse() const;
  bool wantsKeyboard() const;

 private:
  // ImGui 1.86's Vulkan backend cannot replace its font texture: the backend is set up again.
  void initBackend();

  renderer::Renderer& renderer_;
  // Each set-up takes a descriptor set that 1.86's shutdown does not free, from the renderer's
  // pool of 64: past this many rescales the scale stays as it is.
  static constexpr int kMaxRebuilds = 32;
  int rebuilds_ = 0;
};

}  // namespace vitrine::app
