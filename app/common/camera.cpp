#include "camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace vitrine::app {

void OrbitCamera::frame(const scene::Bounds& bounds, float aspect) {
  yaw = 0.0f;
  pitch = 0.0f;
  const glm::vec3 center = 0.5f * (bounds.min + bounds.max);
  const float halfDiagonal = 0.5f * glm::length(bounds.max - bounds.min);
  if (bounds.empty() || !std::isfinite(halfDiagonal) || !std::isfinite(glm::dot(center, center))) {
    target = glm::vec3(0.0f);  // nothing (finite) to frame: a unit view of the origin
    radius = 1.0f;
  } else {
    target = center;
    // A floor relative to the distance from the origin keeps eye != target in float
    // precision for a tiny object far away.
    const float magnitude =
        std::max({1.0f, std::abs(center.x), std::abs(center.y), std::abs(center.z)});
    radius = std::max(halfDiagonal, 1e-5f * magnitude);
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

glm::mat4 fitProjectionToRect(const glm::mat4& projection, glm::vec2 rectPos, glm::vec2 rectSize,
                              glm::vec2 window) {
  if (!(rectSize.x > 0.0f && rectSize.y > 0.0f && window.x > 0.0f && window.y > 0.0f))
    return projection;
  const glm::vec2 scale = rectSize / window;
  const glm::vec2 centre = (rectPos + 0.5f * rectSize) / window;  // 0..1, y down
  glm::mat4 m(1.0f);
  m[0][0] = scale.x;
  m[1][1] = scale.y;
  // x' = sx x + cx w: the translation is in NDC, so it is scaled by w before the divide.
  m[3][0] = 2.0f * centre.x - 1.0f;
  m[3][1] = 1.0f - 2.0f * centre.y;
  return m * projection;
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
  for (const int n : scene::sceneNodesInOrder(scene, scene.activeScene)) {
    if (scene.nodes[n].camera == cameraIndex) {
      // glTF §3.10.1: the camera looks along its node's local -Z, +Y up. An orthonormal
      // basis is rebuilt from those two axes, so scale, shear or a mirroring parent never
      // distort or mirror the view; a camera node scaled to zero has no direction at all.
      const glm::mat4& w = scene.world[n];
      const glm::vec3 back(w[2]), up(w[1]);
      const float kTiny = 1e-12f;
      if (!(glm::dot(back, back) > kTiny) || !(glm::dot(up, up) > kTiny)) {
        *error = "--camera " + std::to_string(cameraIndex) + ": /nodes/" + std::to_string(n) +
                 " has a zero scale, so camera " + std::to_string(cameraIndex) +
                 " has no view direction";
        return std::nullopt;
      }
      const glm::vec3 z = glm::normalize(back);
      glm::vec3 y = up - glm::dot(up, z) * z;
      if (glm::dot(y, y) > kTiny) {
        y = glm::normalize(y);
      } else {  // +Y collapsed onto -Z: any up perpendicular to the view direction
        const glm::vec3 axis = std::abs(z.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        y = glm::normalize(glm::cross(z, axis));
      }
      const glm::vec3 x = glm::cross(y, z);
      glm::mat4 rigid(glm::vec4(x, 0.0f), glm::vec4(y, 0.0f), glm::vec4(z, 0.0f), w[3]);
      renderer::View v;
      v.view = glm::inverse(rigid);
      v.eye = glm::vec3(w[3]);
      v.projection = scene.cameras[cameraIndex].projection(viewportAspect);
      return v;
    }
  }
  *error = "--camera " + std::to_string(cameraIndex) + ": /cameras/" + std::to_string(cameraIndex) +
           " is not used by any node of scene " + std::to_string(scene.activeScene);
  return std::nullopt;
}

}  // namespace vitrine::app
