// Shared by the renderer tests: scenes built in memory, views, pixel checks, and a fixture
// that creates a validated headless renderer and fails the test on any validation message,
// including those printed while the renderer is destroyed (leaks).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "renderer.h"
#include "scene.h"

namespace vitrine::test {

using renderer::Pixels;
using renderer::View;

// Rendered images stay small: lavapipe shades on the CPU.
inline constexpr uint32_t kSize = 64;

// sRGB transfer function (IEC 61966-2-1) of a linear value in 0..1, as 0..255.
float srgbByte(float linear);

// IEC 61966-2-1 decoding of an 8-bit sRGB value to linear (srgbByte's inverse).
double srgbToLinear(int byte);

// The pixel at (x, y), rows top to bottom.
glm::u8vec4 pixelAt(const Pixels& pixels, int x, int y);

// True when every channel of `actual` is within `tolerance` of the sRGB encoding of the
// linear colour `expected`; otherwise explains the difference in *why.
::testing::AssertionResult colorNear(const glm::u8vec4& actual, const glm::vec3& expectedLinear,
                                     float tolerance = 2.0f);

// Whether some pixel within `radius` of (x, y) differs from the sRGB encoding of
// `clearLinear` by more than 8 in a channel.
bool differsNear(const Pixels& pixels, glm::ivec2 at, int radius, const glm::vec3& clearLinear);

// Where a world-space point lands in a width x height image seen through `view`.
glm::ivec2 project(const View& view, const glm::vec3& world, uint32_t width, uint32_t height);

// A material of the given base colour, everything else at the spec defaults.
struct TestMaterial {
  scene::Material material;
  gpu::MaterialData data;
};
TestMaterial makeMaterial(const glm::vec4& baseColor);
// A KHR_materials_unlit material: shows `baseColor` whatever the lights.
TestMaterial makeUnlitMaterial(const glm::vec4& baseColor);
// A lit material of the given base colour, metallic and roughness factors.
TestMaterial makePbrMaterial(const glm::vec3& baseColor, float metallic, float roughness);

// The quad -1..1 in the XY plane of its node, normal +z, counter-clockwise seen from +z,
// uv (0,0) at its top-left corner (-1, 1).
scene::Primitive quadPrimitive(int material);

// Adds a mesh with `primitive` and a root node holding it; returns the node index.
int addMeshNode(scene::Scene& scene, scene::Primitive primitive,
                const glm::vec3& translation = glm::vec3(0.0f));
// Adds a material (and its MaterialData) before the default material; returns its index.
int addMaterial(scene::Scene& scene, const TestMaterial& material);
// A unit cube (-0.5..0.5) of `material`, outward normals, counter-clockwise outside.
scene::Primitive cubePrimitive(int material);
// A UV sphere of radius 1 at the origin (smooth normals) of `material`.
scene::Primitive spherePrimitive(int material);
// Adds a quadPrimitive of `material` lying flat, a square of half-size `half` centred at
// `center`, facing +y (or -y: then culled from above unless double-sided); returns its node.
int addHorizontalQuad(scene::Scene& scene, int material, const glm::vec3& center, float half,
                      bool facingDown = false);
// Adds a perspective camera node at `eye` looking down -z; returns the node index.
// No zfar: an infinite projection.
int addCameraNode(scene::Scene& scene, const glm::vec3& eye);
// Adds a light (KHR_lights_punctual) and a root node placing it; returns the node index.
int addLightNode(scene::Scene& scene, const scene::Light& light, const glm::vec3& translation,
                 const glm::quat& rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
// The node rotation that turns a light's direction (the node's -Z) to the unit `direction`.
glm::quat shineAlong(const glm::vec3& direction);
// Puts every root node in one scene, appends the default MaterialData and computes
// the world matrices. Call once the scene is complete.
void finish(scene::Scene& scene);

// The clear colour of every view these helpers make (linear).
glm::vec3 background();

// Views shade with tone mapping None (linear, clamped) and exposure 0, so rendered pixels are
// the sRGB encoding of the computed radiance: what exact checks need. Shadows (the lights' and
// the environment key light's) are off unless the environment variable VITRINE_TEST_SHADOWS is
// "on" (shadowsForced()): then the material and light tests run with them, to show that what
// casts nothing on itself looks the same.
bool shadowsForced();
// The view through a camera node of `scene` for a width x height image.
View cameraView(const scene::Scene& scene, int cameraNode, uint32_t width, uint32_t height);
// What an orbiting viewer uses: glm::lookAt and a finite glm::perspective.
View orbitView(const glm::vec3& eye, const glm::vec3& target, uint32_t width, uint32_t height);

// The ray through image position `at` (in pixels from the top-left corner: a pixel's centre,
// where a fragment is shaded without sample shading, is at its index + 0.5): its origin on the
// near plane and a direction (not normalized) into the view.
struct Ray {
  glm::vec3 origin, direction;
};
Ray pixelRay(const View& view, glm::vec2 at, uint32_t width, uint32_t height);
// Where the ray through the centre of `pixel` meets the plane through `planePoint` with normal
// `planeNormal`.
glm::vec3 surfacePoint(const View& view, glm::ivec2 pixel, uint32_t width, uint32_t height,
                       const glm::vec3& planePoint, const glm::vec3& planeNormal);

class RendererTest : public ::testing::Test {
 protected:
  void SetUp() override;  // startRenderer() with the default options
  void TearDown() override;
  // Captures stderr (validation messages are printed there, also while the renderer is
  // destroyed) and creates the renderer from `options`, the validation layer forced on.
  void startRenderer(renderer::Options options);

  std::unique_ptr<renderer::Renderer> renderer_;
};

}  // namespace vitrine::test
