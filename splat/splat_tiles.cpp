#include "splat_tiles.h"

#include <algorithm>
#include <cmath>

#include "stopwatch.h"

namespace vitrine::splat {
namespace {

// Offsets from a splat's centre: its ellipse q(d) = a dx^2 + 2 b dx dy + c dy^2 <= r2 (conic
// (a, b, c), positive definite). For a fixed dy the ellipse spans
//   dx = (-b dy -+ sqrt(a r2 - det dy^2)) / a,   det = a c - b^2,
// whose right end is concave in dy, largest at the ellipse's rightmost point
//   dy_r = -b sqrt(r2 / (det c)),
// and whose left end is convex, smallest at -dy_r. So over a band [y0, y1] of dy (within the
// ellipse's height) the ellipse reaches from left(clamp(-dy_r)) to right(clamp(dy_r)).
// In double: a long thin splat's det cancels to a few bits of its products in float.
struct EllipseRows {
  double a, b, det, r2, yRight;
  double right(double y) const {
    return (-b * y + std::sqrt(std::max(0.0, a * r2 - det * y * y))) / a;
  }
  double left(double y) const {
    return (-b * y - std::sqrt(std::max(0.0, a * r2 - det * y * y))) / a;
  }
  // The ellipse's dx range over dy in [y0, y1].
  void span(double y0, double y1, double& x0, double& x1) const {
    x0 = left(std::clamp(-yRight, y0, y1));
    x1 = right(std::clamp(yRight, y0, y1));
  }
};

// Calls run(i, firstTile, count) for each splat i of `backToFront`, nearest first, and each
// tile row it reaches: `count` consecutive tiles from `firstTile` (binSplats says which).
template <typename Run>
void forEachRun(std::span<const ProjectedSplat> backToFront, uint32_t width, uint32_t height,
                uint32_t size, uint32_t tilesX, Run&& run) {
  const auto n = uint32_t(backToFront.size());
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t i = n - 1 - k;  // front to back
    const ProjectedSplat& s = backToFront[i];
    // A margin over the exact bound: the shader decides each pixel, the bins only must not
    // leave out a pixel it would draw.
    const float visible = visibleMahalanobis(s.opacity);
    if (visible < 0.0f) continue;
    const float limit = visible * 1.001f + 1e-4f;
    // The ellipse the shader evaluates is the stored conic's, exactly (its entries' products
    // in double): it reaches sqrt(limit c / det) along x, sqrt(limit a / det) along y. Its box
    // can differ from the 3-sigma box prepared with it (extentX/Y), by a few percent for a
    // needle; a degenerate conic (never prepared) keeps that box.
    const double a = s.conic.x, b = s.conic.y, c = s.conic.z;
    const double det = a * c - b * b;
    const bool conic = a > 0.0 && c > 0.0 && det > 0.0 && std::isfinite(det);
    const float reach = std::sqrt(limit) / 3.0f;  // extentX/Y are the 3-sigma box's
    const float ex = conic ? float(std::sqrt(limit * c / det)) : s.extentX * reach;
    const float ey = conic ? float(std::sqrt(limit * a / det)) : s.extentY * reach;
    // Pixels whose centre (p + 0.5) lies in [center - e, center + e].
    const float fx0 = std::ceil(s.center.x - ex - 0.5f), fx1 = std::floor(s.center.x + ex - 0.5f);
    const float fy0 = std::ceil(s.center.y - ey - 0.5f), fy1 = std::floor(s.center.y + ey - 0.5f);
    if (!(fx1 >= 0.0f && fy1 >= 0.0f && fx0 < float(width) && fy0 < float(height))) continue;
    const auto px0 = uint32_t(std::max(fx0, 0.0f)), py0 = uint32_t(std::max(fy0, 0.0f));
    const auto px1 = uint32_t(std::min(fx1, float(width - 1)));
    const auto py1 = uint32_t(std::min(fy1, float(height - 1)));
    const uint32_t tx0 = px0 / size, tx1 = px1 / size, ty0 = py0 / size, ty1 = py1 / size;
    const bool exact = conic && tx0 != tx1;
    const EllipseRows rows{a, b, det, limit, exact ? -b * std::sqrt(limit / (det * c)) : 0.0};
    for (uint32_t ty = ty0; ty <= ty1; ++ty) {
      uint32_t from = tx0, to = tx1;
      if (exact) {
        // The row's pixel centres within the box, as offsets from the splat's centre.
        const double y0 = double(std::max(ty * size, py0)) + 0.5 - s.center.y;
        const double y1 = double(std::min(ty * size + size - 1, py1)) + 0.5 - s.center.y;
        double x0, x1;
        rows.span(y0, y1, x0, x1);
        const auto gx0 = float(std::ceil(s.center.x + x0 - 0.5));
        const auto gx1 = float(std::floor(s.center.x + x1 - 0.5));
        if (std::isfinite(gx0) && std::isfinite(gx1)) {  // else (overflow) the box's row
          if (gx1 < float(px0) || gx0 > float(px1) || gx0 > gx1) continue;
          from = uint32_t(std::max(gx0, float(px0))) / size;
          to = uint32_t(std::min(gx1, float(px1))) / size;
        }
      }
      run(i, ty * tilesX + from, to - from + 1);
    }
  }
}

}  // namespace

float visibleMahalanobis(float opacity) {
  // The shader's own test (alpha < 1/255 is dropped), so that a splat of opacity exactly 1/255
  // keeps the pixel at its centre.
  if (!(opacity >= 1.0f / 255.0f)) return -1.0f;
  return std::clamp(2.0f * std::log(255.0f * opacity), 0.0f, 9.0f);
}

void binSplats(std::span<const ProjectedSplat> backToFront, uint32_t width, uint32_t height,
               SplatTiles& tiles, uint64_t maxWords) {
  const scene::Stopwatch watch;
  const uint32_t size = tiles.tileSize;
  tiles.tilesX = (width + size - 1) / size;
  tiles.tilesY = (height + size - 1) / size;
  const uint32_t tileCount = tiles.tilesX * tiles.tilesY;
  std::vector<uint32_t>& words = tiles.words;
  words.assign(2 * size_t(tileCount), 0u);
  // Counting, then filling: the runs are kept for the second pass up to maxRuns (48 MiB);
  // past that the second pass finds them again, so memory stays bounded however many rows the
  // splats cover.
  std::vector<SplatTiles::Run>& runs = tiles.runs;
  runs.clear();
  bool kept = true;
  forEachRun(backToFront, width, height, size, tiles.tilesX,
             [&](uint32_t splat, uint32_t first, uint32_t count) {
               for (uint32_t t = first; t < first + count; ++t) ++words[2 * size_t(t) + 1];
               if (!kept) return;
               if (runs.size() < tiles.maxRuns) {
                 runs.push_back({splat, first, count});
               } else {
                 kept = false;
                 runs.clear();
               }
             });
  // What the lists need (each tile's count fits 32 bits: at most one entry a splat), against
  // the words allowed; over them, every tile keeps at most an equal share, nearest first.
  const uint64_t header = 2 * uint64_t(tileCount);
  uint64_t total = 0;
  for (uint32_t t = 0; t < tileCount; ++t) total += words[2 * size_t(t) + 1];
  const uint64_t allowed = std::min<uint64_t>(maxWords, UINT32_MAX);
  tiles.dropped = 0;
  if (header + total > allowed) {
    const uint64_t share = allowed > header ? (allowed - header) / tileCount : 0;
    for (uint32_t t = 0; t < tileCount; ++t) {
      uint32_t& count = words[2 * size_t(t) + 1];
      if (count > share) {
        tiles.dropped += count - share;
        count = uint32_t(share);
      }
    }
  }
  // Each tile's first entry, then the entries in the order they came (front to back).
  uint64_t next = header;
  for (uint32_t t = 0; t < tileCount; ++t) {
    words[2 * size_t(t)] = uint32_t(next);
    next += words[2 * size_t(t) + 1];
  }
  tiles.entries = next - header;
  words.resize(size_t(next));
  std::vector<uint32_t>& cursor = tiles.cursor;
  cursor.resize(tileCount);
  for (uint32_t t = 0; t < tileCount; ++t) cursor[t] = words[2 * size_t(t)];
  const auto fill = [&](uint32_t splat, uint32_t first, uint32_t count) {
    for (uint32_t t = first; t < first + count; ++t) {
      // Past its share: a farther splat of a full tile, left out.
      if (cursor[t] < words[2 * size_t(t)] + words[2 * size_t(t) + 1]) words[cursor[t]++] = splat;
    }
  };
  if (kept) {
    for (const SplatTiles::Run& run : runs) fill(run.splat, run.firstTile, run.count);
  } else {
    forEachRun(backToFront, width, height, size, tiles.tilesX, fill);
  }
  tiles.milliseconds = watch.seconds() * 1e3;
}

}  // namespace vitrine::splat
