// Shared by the base-layer extension tests (render_surface_test.cpp,
// render_surface_animation_test.cpp): a generated asset of one quad (NORMAL +z, TEXCOORD_0,
// optionally TANGENT +x) under one directional light, loaded and bound the way the viewer
// does, and the pixels the CPU reference (surface_reference.h) expects at chosen points.
#pragma once

#include <string>
#include <vector>

#include "anim/bind_test_util.h"
#include "render_fixture.h"
#include "surface_reference.h"

namespace vitrine::test {

using nlohmann::json;

// The two core materials the tests layer extensions over: a blue dielectric (roughness 0.4)
// and a gold metal (roughness 0.35).
SurfaceMaterial dielectric();
SurfaceMaterial metal();

// A fixture that loads and binds a generated asset the way the viewer does and renders it
// through surfaceView().
class SurfaceRendererTest : public RendererTest {
 protected:
  Pixels render(const AssetBuilder& b);

  anim::test::Bound bound_;
};

// The points of the quad the tests check: inside each quadrant of a 2x2 texture, and the middle.
inline const std::vector<glm::vec3> kQuadrantPoints = {
    {-0.5f, 0.5f, 0}, {0.5f, 0.5f, 0}, {-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0}};
inline const std::vector<glm::vec3> kFactorPoints = {
    {-0.6f, 0.6f, 0}, {0.6f, 0.6f, 0}, {0.0f, 0.0f, 0}, {-0.6f, -0.6f, 0}, {0.6f, -0.6f, 0}};

// The direction towards the light of every test: off the axis, so that the highlight's
// half vectors lean along both tangent directions.
inline glm::dvec3 lightDirection() {
  return glm::normalize(glm::dvec3(0.45, 0.3, 1.0));
}

// The asset: one quad whose material 0 has the core factors of `core` and the extension
// objects `extensions` (added to extensionsUsed), one directional light of `intensity` lux
// shining along -lightDirection(). TANGENT (1, 0, 0, 1) when `tangents`.
AssetBuilder surfaceAsset(const SurfaceMaterial& core, const json& extensions, float intensity,
                          bool tangents = true);

// A 2x2 RGBA8 texture of `texels` (row-major, top row first) with NEAREST filtering, added to
// `b`; returns the texture index.
int addTexture2x2(AssetBuilder& b, const std::vector<glm::u8vec4>& texels);

// The texel (column, row) of a 2x2 texture that a quad point samples, its uv (u = (x + 1) / 2,
// v = (1 - y) / 2) offset by `offset` (KHR_texture_transform), repeating.
glm::ivec2 texelOf(const glm::vec3& point, glm::vec2 offset = glm::vec2(0.0f));

// The view of every test: the quad from (0, 0, 3), tone mapping None.
View surfaceView();

// Radiance (linear) the reference expects at quad `point` seen through surfaceView(), for the
// material at that point.
glm::dvec3 expectedAt(const SurfaceMaterial& m, double intensity, const glm::vec3& point);

// The intensity that puts the brightest expected channel over `points` at 0.8 (far from the
// clamp, bright enough to resolve small errors), for materials[i] at points[i].
float intensityFor(const std::vector<SurfaceMaterial>& materials,
                   const std::vector<glm::vec3>& points);

// The rendered pixel at quad `point`.
glm::u8vec4 pixelOf(const Pixels& pixels, const glm::vec3& point);

// The largest difference of a channel between the pixels of two images at `points`.
int largestDifference(const Pixels& a, const Pixels& b, const std::vector<glm::vec3>& points);

}  // namespace vitrine::test
