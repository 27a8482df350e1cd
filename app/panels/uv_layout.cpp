#include "uv_layout.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace vitrine::app {
namespace {

// Separations and areas below this (in UV units, squared for areas) count as touching: the
// shared edges of a mesh's neighbouring triangles are bit-identical, but a quad split twice
// may leave rounding between them.
constexpr float kEpsilon = 1e-6f;

float cross(glm::vec2 a, glm::vec2 b) {
  return a.x * b.y - a.y * b.x;
}

// Whether the edge normals of `a` hold an axis that separates the two, touching included.
bool separatedByEdgeOf(const glm::vec2* a, const glm::vec2* b) {
  for (int e = 0; e < 3; ++e) {
    const glm::vec2 edge = a[(e + 1) % 3] - a[e];
    const float length = glm::length(edge);
    const glm::vec2 axis = glm::vec2(-edge.y, edge.x) / length;
    float minA = glm::dot(axis, a[0]), maxA = minA;
    float minB = glm::dot(axis, b[0]), maxB = minB;
    for (int k = 1; k < 3; ++k) {
      const float pa = glm::dot(axis, a[k]), pb = glm::dot(axis, b[k]);
      minA = std::min(minA, pa);
      maxA = std::max(maxA, pa);
      minB = std::min(minB, pb);
      maxB = std::max(maxB, pb);
    }
    if (maxA <= minB + kEpsilon || maxB <= minA + kEpsilon) return true;
  }
  return false;
}

bool degenerate(const glm::vec2* t) {
  return std::abs(cross(t[1] - t[0], t[2] - t[0])) <= kEpsilon * kEpsilon;
}

bool outsideUnitSquare(const glm::vec2* t) {
  for (int k = 0; k < 3; ++k)
    if (t[k].x < -kEpsilon || t[k].y < -kEpsilon || t[k].x > 1.0f + kEpsilon ||
        t[k].y > 1.0f + kEpsilon || !std::isfinite(t[k].x) || !std::isfinite(t[k].y))
      return true;
  return false;
}

// A uniform grid over the triangles' bounds, each triangle listed in every cell its bounds
// touch; a pair is tested only in the first cell both bounds share, so once.
struct Grid {
  glm::vec2 origin{0.0f}, cellSize{1.0f};
  int columns = 1, rows = 1;
  std::vector<std::vector<uint32_t>> cells;

  glm::ivec2 cell(glm::vec2 p) const {
    const glm::vec2 c = glm::floor((p - origin) / cellSize);
    return glm::clamp(glm::ivec2(c), glm::ivec2(0), glm::ivec2(columns - 1, rows - 1));
  }
};

}  // namespace

glm::vec2 texcoord(const scene::Primitive& p, int set, uint32_t vertex) {
  if (set == 0 || set == 1) return p.texcoords[set][vertex];
  const uint32_t below = uint32_t(std::popcount(p.extraTexcoordSets & ((1u << (set - 2)) - 1u)));
  return p.extraTexcoords[size_t(vertex) * p.extraTexcoordCount() + below];
}

bool trianglesOverlap(const glm::vec2* a, const glm::vec2* b) {
  if (degenerate(a) || degenerate(b)) return false;
  return !separatedByEdgeOf(a, b) && !separatedByEdgeOf(b, a);
}

std::optional<UvLayout> uvLayout(const scene::Primitive& p, int set) {
  if (p.topology != scene::Topology::Triangles || !p.hasTexcoordSet(set)) return std::nullopt;
  UvLayout out;
  const size_t n = p.indices.size() / 3;
  out.corners.resize(n * 3);
  out.flags.assign(n, 0);
  std::vector<glm::vec2> lo(n), hi(n);
  glm::vec2 boundsLo(std::numeric_limits<float>::max()), boundsHi(-boundsLo);
  std::vector<uint32_t> candidates;  // finite, non-degenerate triangles
  for (size_t t = 0; t < n; ++t) {
    glm::vec2* c = &out.corners[t * 3];
    bool finite = true;
    for (int k = 0; k < 3; ++k) {
      const uint32_t v = p.indices[t * 3 + size_t(k)];
      c[k] = v < p.positions.size() ? texcoord(p, set, v) : glm::vec2(0.0f);
      finite = finite && std::isfinite(c[k].x) && std::isfinite(c[k].y);
    }
    if (outsideUnitSquare(c)) {
      out.flags[t] |= UvLayout::kOutside;
      ++out.outside;
    }
    if (!finite || degenerate(c)) continue;
    lo[t] = glm::min(c[0], glm::min(c[1], c[2]));
    hi[t] = glm::max(c[0], glm::max(c[1], c[2]));
    boundsLo = glm::min(boundsLo, lo[t]);
    boundsHi = glm::max(boundsHi, hi[t]);
    candidates.push_back(uint32_t(t));
  }
  if (candidates.size() < 2) return out;

  Grid grid;
  const int side = std::clamp(int(std::sqrt(double(candidates.size()))), 1, 1024);
  grid.columns = grid.rows = side;
  grid.origin = boundsLo;
  grid.cellSize = glm::max((boundsHi - boundsLo) / float(side), glm::vec2(1e-12f));
  grid.cells.resize(size_t(side) * size_t(side));
  for (uint32_t t : candidates) {
    const glm::ivec2 a = grid.cell(lo[t]), b = grid.cell(hi[t]);
    for (int y = a.y; y <= b.y; ++y)
      for (int x = a.x; x <= b.x; ++x)
        grid.cells[size_t(y) * size_t(side) + size_t(x)].push_back(t);
  }
  uint64_t tests = 0;
  for (int y = 0; y < side && !out.truncated; ++y) {
    for (int x = 0; x < side && !out.truncated; ++x) {
      const std::vector<uint32_t>& cell = grid.cells[size_t(y) * size_t(side) + size_t(x)];
      for (size_t i = 0; i < cell.size() && !out.truncated; ++i) {
        for (size_t j = i + 1; j < cell.size(); ++j) {
          const uint32_t a = cell[i], b = cell[j];
          if ((out.flags[a] & out.flags[b] & UvLayout::kOverlap) != 0) continue;
          // The first cell both bounds share is where the pair is tested.
          const glm::vec2 sharedLo = glm::max(lo[a], lo[b]);
          if (glm::any(glm::greaterThan(sharedLo, glm::min(hi[a], hi[b])))) continue;
          if (grid.cell(sharedLo) != glm::ivec2(x, y)) continue;
          if (++tests > kMaxPairTests) {
            out.truncated = true;
            break;
          }
          if (!trianglesOverlap(&out.corners[size_t(a) * 3], &out.corners[size_t(b) * 3])) continue;
          out.flags[a] |= UvLayout::kOverlap;
          out.flags[b] |= UvLayout::kOverlap;
        }
      }
    }
  }
  for (uint8_t f : out.flags) out.overlapping += (f & UvLayout::kOverlap) ? 1 : 0;
  return out;
}

}  // namespace vitrine::app
