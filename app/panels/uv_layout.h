// The UV panel's facts (issue 22 §4): one primitive's triangles in the space of one texture
// coordinate set, which of them leave the 0..1 square and which overlap another. Pure CPU,
// tested on hand-made layouts; computed once per (primitive, set), not per frame.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "scene.h"

namespace vitrine::app {

struct UvLayout {
  enum Flag : uint8_t { kOutside = 1, kOverlap = 2 };
  // Three corners per triangle, as stored (TEXCOORD_n, before any KHR_texture_transform),
  // u right and v down as in the image.
  std::vector<glm::vec2> corners;
  std::vector<uint8_t> flags;  // per triangle, a set of Flag
  uint32_t outside = 0;        // triangles with a corner outside [0, 1]^2
  uint32_t overlapping = 0;    // triangles that overlap at least one other
  // The overlap search gave up (kMaxPairTests pair tests, a pathological stack of triangles):
  // `overlapping` then counts those found so far.
  bool truncated = false;
  uint32_t triangles() const { return uint32_t(flags.size()); }
};

// Pair tests the overlap search makes at most.
inline constexpr uint64_t kMaxPairTests = 50'000'000;

// TEXCOORD_set of `vertex` (set 0 to gpu::kTexcoordSetCount - 1); the primitive must have the set
// (Primitive::hasTexcoordSet) and the vertex.
glm::vec2 texcoord(const scene::Primitive& primitive, int set, uint32_t vertex);

// Whether two triangles (three corners each) overlap with positive area: triangles that only
// share an edge or a vertex, or touch along a line, do not. Degenerate (zero-area) triangles
// overlap nothing. Either winding.
bool trianglesOverlap(const glm::vec2* a, const glm::vec2* b);

// The layout of a triangle primitive's set `set`; nothing when the primitive is not triangles
// or lacks the set. Overlaps are found by binning the triangles' bounds in a uniform grid
// (about one triangle a cell), so that ~100k triangles take a fraction of a second.
std::optional<UvLayout> uvLayout(const scene::Primitive& primitive, int set);

}  // namespace vitrine::app
