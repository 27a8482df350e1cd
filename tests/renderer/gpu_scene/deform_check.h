// Checks of skinned and morphed renders against the CPU reference of the vertex pipeline
// (scene/deform.h): the test computes where every triangle of the scene must land from the
// spec's formulas, then compares the rendered image's coverage with those triangles, pixel by
// pixel, away from their edges (where MSAA and rasterization rules blur the answer).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "anim/bind_test_util.h"
#include "render_fixture.h"
#include "scene.h"

namespace vitrine::test {

using Triangle = std::array<glm::vec3, 3>;

// The world-space triangles of every triangle primitive of every mesh node reachable from the
// active scene, with positions from scene::deformVertex (the node's morph weights, its skin's
// joint matrices computed afresh from scene.world). With `skinning` false the skin is left out
// (the bind pose), with `morphing` false the weights: references a wrong render would match.
std::vector<Triangle> referenceTriangles(const scene::Scene& scene, bool skinning = true,
                                         bool morphing = true);

struct Coverage {
  uint32_t inside = 0;        // pixels whose centre is at least `margin` inside a triangle
  uint32_t outside = 0;       // pixels whose centre is farther than `margin` from every triangle
  uint32_t insideBlank = 0;   // of `inside`: showing the background
  uint32_t outsideDrawn = 0;  // of `outside`: not showing the background
  std::string firstMismatch;
};

// Classifies every pixel of `pixels` (rendered through `view`, cleared to background()) against
// `triangles` projected through `view`.
Coverage compareCoverage(const Pixels& pixels, const View& view,
                         const std::vector<Triangle>& triangles, float margin = 1.0f);

// Success when no pixel mismatches and at least `minInside` pixels were checked inside.
::testing::AssertionResult coverageMatches(const Pixels& pixels, const View& view,
                                           const std::vector<Triangle>& triangles,
                                           uint32_t minInside = 20);

// A validated renderer fed the way the viewer feeds it: assets loaded and bound with
// anim::bindAnimations, then per frame evaluate, applyChanges, render.
class DeformTest : public RendererTest {
 protected:
  void load(const AssetBuilder& b);
  void loadFile(const std::string& path);
  void animate(float seconds);
  Pixels frame(float seconds, const View& view, uint32_t size = kSize);
  scene::Scene& scene() { return *scene_; }

  std::unique_ptr<scene::Scene> scene_;
  std::shared_ptr<scene::GltfDocument> document_;
  anim::BindResult bound_;
  scene::DirtySet dirty_;
};

}  // namespace vitrine::test
