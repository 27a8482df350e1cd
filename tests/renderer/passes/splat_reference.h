// KHR_gaussian_splatting's "Ellipse Kernel Rendering" (shared/spec/extensions/
// KHR_gaussian_splatting.md) in double precision, written from the text and independently of
// splat/splat_view.cpp and the splat shaders: what the pixel tests of render_splats_test.cpp
// expect. Where the text leaves the choice to the implementation, the 3DGS rasterizer's forward
// pass, as the renderer documents it: a 0.3 px^2 low-pass on the 2D covariance, J taken at the
// mean with its x/z and y/z clamped to 1.3 times the half field of view, alpha capped at 0.99
// and dropped below 1/255, the 3-sigma cut-off ("Mahalanobis distance of 3 units").
//
// Pixel coordinates: (0, 0) is the top-left corner of the image, pixel (i, j)'s centre is
// (i + 0.5, j + 0.5), y down. Cameras: glm::lookAt and glm::perspective (OpenGL, y up, looking
// down -z).
#pragma once

#include <initializer_list>
#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "render_fixture.h"

namespace vitrine::test::splat_ref {

// The extension's colorSpace values.
enum class Space { Srgb, Linear };

// One splat as the glTF attributes give it, with the global matrix of its node.
struct Splat {
  glm::dvec3 position{0.0};                     // POSITION (mesh space)
  glm::dvec4 rotation{0.0, 0.0, 0.0, 1.0};      // :ROTATION (x, y, z, w)
  glm::dvec3 scale{1.0};                        // :SCALE
  double opacity = 1.0;                         // :OPACITY
  std::vector<glm::dvec3> sh{glm::dvec3(0.0)};  // (degree + 1)^2 coefficients, k = l*l + l + m
  glm::dmat4 world{1.0};                        // the node's global transformation matrix
};

// A perspective camera: glm::lookAt(eye, target, up) and glm::perspective(yfov, width / height,
// znear, zfar) for a width x height image.
struct Camera {
  glm::dvec3 eye{0.0, 0.0, 5.0};
  glm::dvec3 target{0.0};
  glm::dvec3 up{0.0, 1.0, 0.0};
  double yfov = 1.0;
  double znear = 0.1;
  double zfar = 100.0;
  int width = 64;
  int height = 64;

  glm::dmat4 view() const;  // world -> camera (W is its upper-left 3x3)
  // The focal lengths in pixels: x and y pixels per unit of x/z and y/z in camera space.
  glm::dvec2 focal() const;
  // Where a world point lands, in pixels (not rounded).
  glm::dvec2 pixelOf(const glm::dvec3& world) const;
  // The world point at depth `depth` (distance along the view axis) that lands on `pixel`.
  glm::dvec3 worldAt(const glm::dvec2& pixel, double depth) const;
};

// A splat projected for a camera.
struct Footprint {
  bool kept = false;       // false: its mean is outside the near/far planes, or opacity < 1/255
  glm::dvec2 center{0.0};  // the projected mean, pixels
  glm::dmat2 cov{1.0};     // Sigma' = J W Sigma W^T J^T + 0.3 I, pixels^2
  double distance = 0.0;   // |mean - eye|, world ("Sorting Method": cameraDistance)
  glm::dvec3 color{0.0};   // 0.5 + the SH terms, negatives clamped to 0, not clamped above 1
  double opacity = 0.0;
};

// C = M C' C'^T M^T for the text's C' of `s` (scale and rotation), M = upper-left 3x3 of world.
glm::dmat3 covariance3d(const Splat& s);
// The colour of `s` seen along the unit world direction `dir` (camera to mean): its
// coefficients rotated by the rotation of s.world (degree 1 as the vector it is; degrees 2 and 3
// evaluated at R^T dir, the same rotation), the text's constants, + 0.5, negatives to 0.
glm::dvec3 shColor(const Splat& s, const glm::dvec3& dir);
Footprint project(const Splat& s, const Camera& camera);
// The squared Mahalanobis distance of the pixel centre `at` from the footprint.
double mahalanobis2(const Footprint& f, const glm::dvec2& at);
// alpha_i at the pixel centre `at`: 0 beyond 3 sigma or below 1/255, at most 0.99.
double alphaAt(const Footprint& f, const glm::dvec2& at);

// The splats at one pixel: C = sum c_i alpha_i prod_{j<i} (1 - alpha_j), nearest first, and the
// transmittance T = prod (1 - alpha_i) left for what lies behind them.
struct Layer {
  glm::dvec3 color{0.0};
  double transmittance = 1.0;
};
Layer layerAt(std::span<const Splat> splats, const Camera& camera, glm::ivec2 pixel);

double encodeSrgb(double linear);  // IEC 61966-2-1, clamped to [0, 1]
double decodeSrgb(double encoded);

// The 8-bit value (not rounded, 0 to 255) of the layer over a scene pixel whose stored sRGB
// bytes are `sceneBytes`: srgb_rec709_display blends in the encoded values (C + T * scene / 255),
// lin_rec709_display in linear ones (C + T * decode(scene)) then encodes; C is clamped to [0, 1]
// only once blended.
glm::dvec3 compositeBytes(const Layer& layer, Space space, const glm::dvec3& sceneBytes);

// compositeBytes(layerAt(...)): the whole expectation for one pixel.
glm::dvec3 expectedBytes(std::span<const Splat> splats, const Camera& camera, glm::ivec2 pixel,
                         Space space, const glm::dvec3& sceneBytes);

// A node's global matrix from its translation, rotation (x, y, z, w) and scale, in double:
// T * R * S (glTF 2.0 §3.5.3).
glm::dmat4 trs(const glm::dvec3& t, const glm::dvec4& rotationXyzw, const glm::dvec3& s);

// --- The same splats for the renderer (render_splats_test.cpp, render_splats_scenes_test.cpp) -

// A SplatCloud of `splats` in `space`: their attributes as floats, the degree from the first
// splat's coefficients (all must have as many).
std::shared_ptr<scene::SplatCloud> cloudOf(std::span<const Splat> splats, Space space);
// A splat primitive of `cloud`: POINTS, no vertex stream, bounds of the splats' 3-sigma boxes.
scene::Primitive splatPrimitive(std::shared_ptr<const scene::SplatCloud> cloud);
// The renderer's view through `camera` (float matrices of the same lookAt and perspective) over
// a solid background whose stored sRGB bytes are `backgroundBytes`: tone mapping None, exposure 0.
renderer::View viewOf(const Camera& camera, const glm::dvec3& backgroundBytes);

// The tests' camera: 64 x 64 pixels, tan(yfov / 2) = 1/2 (a focal length of 64 px: from 5 units
// away a unit at z = 0 is 12.8 px), at `eye` looking at the origin.
Camera testCamera(const glm::dvec3& eye = {0.0, 0.0, 5.0}, const glm::dvec3& up = {0.0, 1.0, 0.0});
// The world scale whose footprint at depth 5 on testCamera() has a variance of sigma2 px^2 once
// widened by the 0.3 px^2 low-pass.
double scaleFor(double sigma2);
// A degree-0 splat of diffuse colour `rgb` (SH_0,0 = (rgb - 0.5) / 0.2820947917738781).
Splat colored(const glm::dvec3& position, double scale, const glm::dvec3& rgb, double opacity);
// A root node (translation t, rotation r as (x, y, z, w), scale) holding one mesh with one splat
// primitive per group, in `space`; sets each splat's world matrix to the node's.
int addSplatNode(scene::Scene& s, std::initializer_list<std::vector<Splat>*> groups, Space space,
                 const glm::dvec3& t = glm::dvec3(0.0), const glm::dvec4& r = {0.0, 0.0, 0.0, 1.0},
                 const glm::dvec3& scale = glm::dvec3(1.0));

// Every channel of pixel `at` within `tolerance` levels of the bytes `expected` (0 to 255).
::testing::AssertionResult bytesNear(const Pixels& p, glm::ivec2 at, const glm::dvec3& expected,
                                     double tolerance);

// Colouring the pixel: 1.5 levels (the GPU's floats and exp are not the CPU's doubles).
inline constexpr double kTolerance = 1.5;

class SplatTest : public RendererTest {
 protected:
  // Shows `s` and renders it through `c` over `background`, which must show at pixel (1, 1).
  Pixels render(const scene::Scene& s, const Camera& c, const glm::dvec3& background);
  // Each of `pixels` against the reference's layer of `splats` over `background`.
  static void expectReference(const Pixels& p, std::span<const Splat> splats, const Camera& c,
                              Space space, const glm::dvec3& background,
                              std::initializer_list<glm::ivec2> pixels,
                              double tolerance = kTolerance);
  // Each of `pixels` shows `background` exactly.
  static void expectBackground(const Pixels& p, const glm::dvec3& background,
                               std::initializer_list<glm::ivec2> pixels);
};

}  // namespace vitrine::test::splat_ref
