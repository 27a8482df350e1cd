#include "camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace vitrine::app {

void OrbitCamera::frame(const scene::Bounds& bounds, float aspect) {
  yaw = 0.0f;
  pitch = 0.0f;
  if (bounds.empty()) {
    target = glm::vec3(0.0f);
    radius = 1.0f;
  } else {
    target = 0.5f * (bounds.min + bounds.max);
    radius = std::max(0.5f * glm::length(bounds.max - bounds.min), 1e-4f);
  }
  // Fit the bounding sphere into the narrower of the two fields of view.
  const float halfY = 0.5f * kFovY;
  const float halfX = std::atan(std::tan(halfY) * aspect);
  distance = radius / std::sin(std::min(halfX, halfY));
}

void OrbitCamera::orbit(float dxPixels, float dyPixels) {
  constexpr float kRadiansPerPixel = 0.005f;
  yaw -= dxPixels * kRadiansPerPixel;
  pitch = std::clamp(pitch + dyPixels * kRadiansPerPixel, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dxPixels, float dyPixels, float viewHeightPixels) {
  // Move the target so the point under the cursor follows it at the target's depth.
  const float worldPerPixel = 2.0f * distance * std::tan(0.5f * kFovY) / viewHeightPixels;
  const glm::mat4 v = view(1.0f).view;
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  target += (-dxPixels * right + dyPixels * up) * worldPerPixel;
}

void OrbitCamera::zoom(float wheelSteps) {
  distance = std::clamp(distance * std::pow(0.9f, wheelSteps), radius * 1e-3f, radius * 1e3f);
}

glm::vec3 OrbitCamera::eye() const {
  const glm::vec3 dir(std::sin(yaw) * std::cos(pitch), std::sin(pitch),
                      std::cos(yaw) * std::cos(pitch));
  return target + distance * dir;
}

renderer::View OrbitCamera::view(float aspect) const {
  renderer::View v;
  v.eye = eye();
  v.view = glm::lookAt(v.eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
  // Infinite far plane (glTF §3.10.3) with a near plane relative to the scene, so nothing
  // of the framed scene is clipped however far the user zooms out.
  scene::Camera c;
  c.yfov = kFovY;
  c.znear = std::max(distance - radius, 0.0f) * 0.5f;
  c.znear = std::max(c.znear, radius * 1e-3f);
  v.projection = c.projection(aspect);
  return v;
}

std::optional<renderer::View> assetCameraView(const scene::Scene& scene, int cameraIndex,
                                              float viewportAspect, std::string* error) {
  if (cameraIndex < 0 || cameraIndex >= int(scene.cameras.size())) {
    *error = "--camera " + std::to_string(cameraIndex) + ": the asset has " +
             std::to_string(scene.cameras.size()) + " camera" +
             (scene.cameras.size() == 1 ? "" : "s");
    return std::nullopt;
  }
  // The first node of the active scene's hierarchy that instantiates the camera.
  std::vector<int> stack;
  if (scene.activeScene >= 0 && scene.activeScene < int(scene.scenes.size()))
    stack = scene.scenes[scene.activeScene].nodes;
  std::reverse(stack.begin(), stack.end());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    if (scene.nodes[n].camera == cameraIndex) {
      // glTF §3.10.1: the camera looks along its node's local -Z, +Y up. Scale is removed so
      // the view matrix stays rigid.
      const glm::mat4& w = scene.world[n];
      glm::mat4 rigid(1.0f);
      for (int i = 0; i < 3; ++i) rigid[i] = glm::vec4(glm::normalize(glm::vec3(w[i])), 0.0f);
      rigid[3] = w[3];
      renderer::View v;
      v.view = glm::inverse(rigid);
      v.eye = glm::vec3(w[3]);
      v.projection = scene.cameras[cameraIndex].projection(viewportAspect);
      return v;
    }
    const auto& children = scene.nodes[n].children;
    stack.insert(stack.end(), children.rbegin(), children.rend());
  }
  *error = "--camera " + std::to_string(cameraIndex) + ": /cameras/" + std::to_string(cameraIndex) +
           " is not used by any node of scene " + std::to_string(scene.activeScene);
  return std::nullopt;
}

}  // namespace vitrine::app
