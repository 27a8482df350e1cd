// A view's splats binned into screen tiles for the renderer's tile rasterizer
// (shaders/splat_tiles.comp): each tile lists, front to back, the splats whose visible part
// reaches one of its pixel centres, so that each pixel blends only those and stops once its
// transmittance is spent (the 3DGS rasterizer's forward pass). No Vulkan here.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "splat_view.h"

namespace vitrine::splat {

// words: per tile (row major, tilesX by tilesY), the index of its first entry in `words` and
// its entry count, then the entries: indices into the frame's splats (SplatFrame::splats).
struct SplatTiles {
  uint32_t tileSize = 16;  // pixels per side
  uint32_t tilesX = 0, tilesY = 0;
  std::vector<uint32_t> words;
  uint64_t entries = 0;  // tile/splat pairs in `words`
  uint64_t dropped = 0;  // pairs left out for binSplats' maxWords
  double milliseconds = 0.0;
  // Scratch, reused from frame to frame: each splat's tiles, row by row, as runs of
  // consecutive tiles (at most maxRuns kept: 48 MiB); each tile's next free entry.
  struct Run {
    uint32_t splat, firstTile, count;
  };
  size_t maxRuns = size_t(1) << 22;
  std::vector<Run> runs;
  std::vector<uint32_t> cursor;
};

// The squared Mahalanobis distance within which a splat of `opacity` can reach the 1/255 alpha
// threshold: alpha = opacity * exp(-d^2 / 2) >= 1/255 needs d^2 <= 2 ln(255 opacity), and the
// kernel's 3-sigma cut-off bounds it by 9. Negative: the splat is never visible.
float visibleMahalanobis(float opacity);

// Bins `backToFront` (SplatFrame::splats) for a framebuffer of width x height pixels: a splat
// enters the tiles of each tile row that its visibleMahalanobis() ellipse reaches over that
// row's pixel centres (between the row's first and last centre: a superset, never fewer).
// At most `maxWords` words (a device's texel buffer limit): when the lists would need more,
// each tile keeps its nearest splats up to an equal share (SplatTiles::dropped counts the
// entries left out; a tile's far splats are the ones its pixels need least). Fewer words than
// the tiles' header: no entries at all.
void binSplats(std::span<const ProjectedSplat> backToFront, uint32_t width, uint32_t height,
               SplatTiles& tiles, uint64_t maxWords = UINT32_MAX);

}  // namespace vitrine::splat
