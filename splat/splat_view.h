// One view's splats, prepared on the CPU as KHR_gaussian_splatting's "Ellipse Kernel
// Rendering" defines them: every splat of every splat primitive of the scene projected for the
// view's camera (EWA, the 3DGS rasterizer's forward pass where the text is silent), coloured
// from its spherical harmonics, and sorted once, back to front, over all of them. The
// renderer bins the result into tiles (splat_tiles.h) and draws it as it is
// (shaders/splat_tiles.comp); no Vulkan here.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "splat_sort.h"
#include "splats.h"

namespace vitrine::splat {

// One splat primitive as a node instantiates it.
struct SplatInstance {
  const scene::SplatCloud* cloud = nullptr;
  glm::mat4 world{1.0f};  // the node's global transformation matrix
};

// The view: glTF's camera conventions (the camera looks down -Z of its frame).
struct SplatCamera {
  glm::mat4 view{1.0f};        // world -> camera
  glm::mat4 projection{1.0f};  // OpenGL convention (y up, depth -1..1), as View::projection
  glm::vec3 eye{0.0f};         // the camera's position in world space
  uint32_t width = 1;          // the framebuffer, in pixels
  uint32_t height = 1;
};

// One splat as the rasterizer draws it: 48 bytes, three RGBA32F texels (shaders/splat_tiles.comp
// reads them).
// Framebuffer pixels: (0, 0) is the top-left corner, pixel (i, j)'s centre is (i + 0.5, j + 0.5).
struct ProjectedSplat {
  glm::vec2 center{0.0f};  // the projected mean
  float depth = 0.0f;      // the mean's depth as the depth buffer holds it (Vulkan, 0 to 1)
  float opacity = 0.0f;    // the :OPACITY attribute
  glm::vec3 conic{0.0f};   // (a, b, c): the inverse of the 2D covariance [[a b] [b c]]
  float extentX = 0.0f;    // half-width of the bounding box of the 3-sigma ellipse, pixels
  glm::vec3 color{0.0f};   // 0.5 + SH, negatives clamped to 0, not clamped above 1
  float extentY = 0.0f;    // half-height of that box
};
static_assert(sizeof(ProjectedSplat) == 48);

// What a view's splats were drawn with, and what it cost.
struct SplatFrame {
  std::vector<ProjectedSplat> splats;  // back to front
  // The colour space the frame blends in: LinearDisplay only when every instance is
  // lin_rec709_display (a view mixing both blends the encoded values, lin colours encoded).
  scene::SplatColorSpace space = scene::SplatColorSpace::SrgbDisplay;
  uint64_t total = 0;   // splats of the instances
  uint64_t culled = 0;  // not drawn: behind the near plane or beyond the far one, footprint off
                        // screen, a degenerate covariance, or an opacity below 1/255
  double sortMilliseconds = 0.0;
  double projectMilliseconds = 0.0;  // distances, projection and colour, sort excluded
};

// Reused from frame to frame: once warm, prepareSplats allocates nothing per splat.
struct SplatScratch {
  std::vector<float> distances;
  std::vector<uint32_t> order;
  std::vector<uint64_t> ids;  // (instance << 32 | splat) of each distance
  // The kept splats projected and coloured in memory order (one per distance), gathered into
  // SplatFrame::splats in sorted order: reading the cloud's streams in sorted order instead
  // would miss the cache on every attribute of every splat.
  std::vector<ProjectedSplat> unsorted;
  SortScratch sort;
};

// Fills `frame` for `camera` from every instance (replacing what it held).
void prepareSplats(std::span<const SplatInstance> instances, const SplatCamera& camera,
                   SplatFrame& frame, SplatScratch& scratch);

// The colour of one splat seen from direction `dir` (unit vector, camera to the mean, in the
// splat's node frame): 0.5 + the degree 0 to `cloud.degree` terms of the extension's "Calculating
// color from Spherical Harmonics", negatives clamped to 0.
glm::vec3 splatColor(const scene::SplatCloud& cloud, uint32_t splat, const glm::vec3& dir);

}  // namespace vitrine::splat
