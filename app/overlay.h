// The Dear ImGui layer drawn over the 3D view through the renderer's overlay hook.
#pragma once

#include <volk.h>

#include "renderer.h"

struct GLFWwindow;

namespace vitrine::app {

class Overlay {
 public:
  // Sets up ImGui for the window and its Vulkan backend from the renderer's handles.
  // Installs ImGui's GLFW callbacks, chaining to the ones already installed.
  Overlay(GLFWwindow* window, renderer::Renderer& renderer);
  ~Overlay();
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;

  void beginFrame();
  // Finishes the frame's UI; record() then draws it into the renderer's overlay pass.
  void endFrame();
  void record(VkCommandBuffer cmd);

  bool wantsMouse() const;
  bool wantsKeyboard() const;
};

}  // namespace vitrine::app
