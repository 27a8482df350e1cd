// The viewer's cameras: an orbit camera that frames the scene, and views through the
// asset's own cameras.
#pragma once

#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// Orbits a target point. yaw 0 / pitch 0 looks along -Z (from +Z), as glTF's default view.
class OrbitCamera {
 public:
  static constexpr float kFovY = glm::radians(45.0f);

  // Places the camera so `bounds` fits the view at the given aspect, looking along -Z.
  void frame(const scene::Bounds& bounds, float aspect);

  void orbit(float dxPixels, float dyPixels);                        // left drag
  void pan(float dxPixels, float dyPixels, float viewHeightPixels);  // right or middle drag
  void zoom(float wheelSteps);                                       // wheel: positive zooms in

  glm::vec3 eye() const;
  renderer::View view(float aspect) const;

  glm::vec3 target{0.0f};
  float distance = 3.0f;
  float yaw = 0.0f;     // radians about +Y
  float pitch = 0.0f;   // radians, positive looks down on the target
  float radius = 1.0f;  // of the framed scene; sets the near plane
};

// Moves the image of `projection` (a projection built for a viewport of the rectangle's
// aspect, rectSize.x / rectSize.y) into the rectangle `rectPos`/`rectSize` of a window of size
// `window` (any one unit, y down, as window pixels): clip space is post-multiplied by an NDC
// scale (rectSize / window) and translation (the rectangle's centre in NDC, y up), so the
// view's centre lands on the rectangle's centre and its edges on the rectangle's edges, while
// the renderer still draws to the whole window (an off-centre projection). Depth and w are
// unchanged. A rectangle that is the whole window, or is empty, gives `projection` itself.
glm::mat4 fitProjectionToRect(const glm::mat4& projection, glm::vec2 rectPos, glm::vec2 rectSize,
                              glm::vec2 window);

// The view through camera `cameraIndex` of the asset, placed by the first node of the active
// scene that uses it. Empty with *error set when the index or its node does not exist.
std::optional<renderer::View> assetCameraView(const scene::Scene& scene, int cameraIndex,
                                              float viewportAspect, std::string* error);

}  // namespace vitrine::app
