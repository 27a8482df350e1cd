// The tile binning (splat/splat_tiles.h) against the shader's rule evaluated here in double
// precision, pixel by pixel: every pixel centre where a splat's alpha reaches 1/255 within its
// 3-sigma cut-off (shaders/splat_tiles.comp) finds the splat in its tile's list, the lists run
// front to back, and the bins follow the ellipse rather than its bounding box.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "splat_tiles.h"

namespace vitrine::splat {
namespace {

// A projected splat of 2D covariance [[xx xy] [xy yy]] (pixels^2) as prepareSplats() writes it.
ProjectedSplat projected(glm::vec2 center, double xx, double xy, double yy, float opacity) {
  const double det = xx * yy - xy * xy;
  ProjectedSplat s;
  s.center = center;
  s.opacity = opacity;
  s.conic = glm::vec3(float(yy / det), float(-xy / det), float(xx / det));
  s.extentX = float(3.0 * std::sqrt(xx));
  s.extentY = float(3.0 * std::sqrt(yy));
  s.color = glm::vec3(0.5f);
  return s;
}

// splat_tiles.comp's test for pixel (x, y), in double.
bool drawsAt(const ProjectedSplat& s, int x, int y) {
  const double dx = x + 0.5 - double(s.center.x), dy = y + 0.5 - double(s.center.y);
  const double m =
      double(s.conic.x) * dx * dx + 2.0 * double(s.conic.y) * dx * dy + double(s.conic.z) * dy * dy;
  if (m > 9.0) return false;
  return std::min(0.99, double(s.opacity) * std::exp(-0.5 * m)) >= 1.0 / 255.0;
}

// The entries of tile (tx, ty).
std::vector<uint32_t> tileList(const SplatTiles& t, uint32_t tx, uint32_t ty) {
  const uint32_t tile = ty * t.tilesX + tx;
  const uint32_t first = t.words[2 * tile], count = t.words[2 * tile + 1];
  return {t.words.begin() + first, t.words.begin() + first + count};
}

uint64_t tilesOf(const ProjectedSplat& s, uint32_t width, uint32_t height, uint32_t size) {
  SplatTiles t;
  t.tileSize = size;
  binSplats({&s, 1}, width, height, t);
  return t.entries;
}

TEST(SplatTiles, VisibleReachFollowsTheOpacityAndTheCutOff) {
  EXPECT_FLOAT_EQ(visibleMahalanobis(1.0f), 9.0f);  // 2 ln 255 = 11.1: the 3-sigma cut-off
  EXPECT_NEAR(visibleMahalanobis(0.02f), 2.0 * std::log(255.0 * 0.02), 1e-5);
  EXPECT_NEAR(visibleMahalanobis(1.0f / 255.0f), 0.0, 1e-5);
  EXPECT_LT(visibleMahalanobis(0.003f), 0.0f);  // never visible
}

// Random splats, anisotropic and turned, some centred off the framebuffer, over a framebuffer
// that is not a whole number of tiles: for every pixel the shader draws a splat at, the splat is
// in that pixel's tile, and every list runs front to back (decreasing index: the splats are
// back to front).
TEST(SplatTiles, EveryDrawnPixelFindsItsSplatsFrontToBack) {
  constexpr uint32_t kWidth = 61, kHeight = 45;
  std::mt19937 rng(35);
  std::uniform_real_distribution<float> position(-12.0f, 73.0f);
  std::uniform_real_distribution<double> logSigma(-1.0, 2.5), angle(0.0, 3.14159265);
  std::uniform_real_distribution<float> opacity(0.0f, 1.0f);
  std::vector<ProjectedSplat> splats;
  for (int i = 0; i < 300; ++i) {
    // One in five a needle: 150 to 1,800 px long, under a pixel wide (its conic's float
    // entries then hold its ellipse only to a few percent of the box prepared with it).
    const bool needle = i % 5 == 0;
    const double a = std::exp(needle ? 5.0 + logSigma(rng) : logSigma(rng));
    const double b = needle ? 0.05 + 0.1 * std::exp(logSigma(rng)) : std::exp(logSigma(rng));
    const double t = angle(rng);
    const double c = std::cos(t), s = std::sin(t);
    // R diag(a^2, b^2) R^T, plus the 0.3 px^2 low-pass as prepared splats have it.
    const double xx = c * c * a * a + s * s * b * b + 0.3;
    const double yy = s * s * a * a + c * c * b * b + 0.3;
    const double xy = c * s * (a * a - b * b);
    splats.push_back(projected({position(rng), position(rng) * 0.7f}, xx, xy, yy, opacity(rng)));
  }
  for (const uint32_t size : {8u, 16u}) {
    SplatTiles t;
    t.tileSize = size;
    binSplats(splats, kWidth, kHeight, t);
    ASSERT_EQ(t.tilesX, (kWidth + size - 1) / size);
    ASSERT_EQ(t.tilesY, (kHeight + size - 1) / size);
    uint64_t drawn = 0;
    for (uint32_t ty = 0; ty < t.tilesY; ++ty) {
      for (uint32_t tx = 0; tx < t.tilesX; ++tx) {
        const std::vector<uint32_t> list = tileList(t, tx, ty);
        EXPECT_TRUE(std::is_sorted(list.rbegin(), list.rend())) << tx << ", " << ty;
        EXPECT_EQ(std::adjacent_find(list.begin(), list.end()), list.end());
        for (uint32_t y = ty * size; y < std::min((ty + 1) * size, kHeight); ++y) {
          for (uint32_t x = tx * size; x < std::min((tx + 1) * size, kWidth); ++x) {
            for (uint32_t i = 0; i < splats.size(); ++i) {
              if (!drawsAt(splats[i], int(x), int(y))) continue;
              ++drawn;
              EXPECT_NE(std::find(list.begin(), list.end(), i), list.end())
                  << "splat " << i << " at pixel " << x << ", " << y << " (tiles of " << size
                  << ")";
            }
          }
        }
      }
    }
    EXPECT_GT(drawn, 20000u);  // the field covers the framebuffer many times over
    EXPECT_EQ(t.words.size(), 2 * t.tilesX * t.tilesY + t.entries);
    // With room for a few runs only, the second pass finds them again: the same lists.
    SplatTiles few;
    few.tileSize = size;
    few.maxRuns = 5;
    binSplats(splats, kWidth, kHeight, few);
    EXPECT_EQ(few.words, t.words);
    EXPECT_TRUE(few.runs.empty());
  }
}

// A long thin splat along the diagonal: its bounding box spans 20 x 20 tiles of 8 pixels, its
// ellipse only the tiles along the diagonal (at most 3 per row).
TEST(SplatTiles, BinsFollowTheEllipseNotItsBox) {
  const double along = 50.0 * 50.0, across = 0.8 * 0.8;
  const double xx = 0.5 * (along + across), xy = 0.5 * (along - across);
  const ProjectedSplat diagonal = projected({80.0f, 80.0f}, xx, xy, xx, 1.0f);
  const uint64_t tiles = tilesOf(diagonal, 160, 160, 8);
  EXPECT_GE(tiles, 20u);
  EXPECT_LE(tiles, 20u * 3u);
  // The same splat turned onto the x axis stays in the two rows around its centre line.
  const ProjectedSplat level = projected({80.0f, 80.0f}, along, 0.0, across, 1.0f);
  EXPECT_LE(tilesOf(level, 160, 160, 8), 2u * 20u);
}

// The tiles holding at least one pixel the shader draws `s` at.
uint64_t tilesDrawn(const ProjectedSplat& s, uint32_t width, uint32_t height, uint32_t size) {
  uint64_t n = 0;
  for (uint32_t ty = 0; ty * size < height; ++ty) {
    for (uint32_t tx = 0; tx * size < width; ++tx) {
      bool any = false;
      for (uint32_t y = ty * size; y < std::min((ty + 1) * size, height) && !any; ++y)
        for (uint32_t x = tx * size; x < std::min((tx + 1) * size, width) && !any; ++x)
          any = drawsAt(s, int(x), int(y));
      n += any ? 1 : 0;
    }
  }
  return n;
}

// A faint splat reaches 1/255 nearer its centre than the 3-sigma cut-off: fewer tiles, as many
// as hold a pixel it colours (the bins may add a tile a row where the ellipse passes between
// pixel centres). One whose opacity is below 1/255, or whose ellipse (not only its box) lies off
// the framebuffer, enters none.
TEST(SplatTiles, FaintAndOffScreenSplatsEnterFewerTilesOrNone) {
  const ProjectedSplat opaque = projected({64.0f, 64.0f}, 400.0, 0.0, 400.0, 1.0f);
  const ProjectedSplat faint = projected({64.0f, 64.0f}, 400.0, 0.0, 400.0, 0.02f);
  for (const ProjectedSplat& s : {opaque, faint}) {
    const uint64_t exact = tilesDrawn(s, 128, 128, 8);
    EXPECT_GE(tilesOf(s, 128, 128, 8), exact);
    EXPECT_LE(tilesOf(s, 128, 128, 8), exact + 16u);  // 16 rows of tiles
  }
  // 3 sigma = 60 px against sqrt(2 ln 5.1) sigma = 36 px: about a third of the area.
  EXPECT_LT(tilesOf(faint, 128, 128, 8), tilesOf(opaque, 128, 128, 8) / 2);
  EXPECT_EQ(tilesOf(projected({64.0f, 64.0f}, 400.0, 0.0, 400.0, 0.003f), 128, 128, 8), 0u);
  EXPECT_EQ(tilesOf(projected({-70.0f, 64.0f}, 400.0, 0.0, 400.0, 1.0f), 128, 128, 8), 0u);
  // 63.6 px from the framebuffer's corner: its box reaches the corner, its ellipse does not.
  EXPECT_EQ(tilesOf(projected({-45.0f, -45.0f}, 400.0, 0.0, 400.0, 1.0f), 128, 128, 8), 0u);
}

// Values no prepared splat has, but the binning must survive: a NaN or infinite centre enters
// no tile; a splat far larger than the framebuffer (its extents past 2^24 pixels) enters every
// tile once; a needle-thin one still finds the pixels it covers.
TEST(SplatTiles, ExtremeSplatsEnterNoTileOrEveryTileOnce) {
  const float nan = std::nanf(""), inf = INFINITY;
  EXPECT_EQ(tilesOf(projected({nan, 10.0f}, 4.0, 0.0, 4.0, 1.0f), 64, 64, 8), 0u);
  EXPECT_EQ(tilesOf(projected({10.0f, inf}, 4.0, 0.0, 4.0, 1.0f), 64, 64, 8), 0u);
  EXPECT_EQ(tilesOf(projected({32.0f, 32.0f}, 1e20, 1e19, 1e20, 1.0f), 64, 64, 8), 64u);
  const ProjectedSplat needle = projected({20.3f, 40.7f}, 1e4, 99.99, 1.0, 1.0f);
  EXPECT_GE(tilesOf(needle, 64, 64, 8), tilesDrawn(needle, 64, 64, 8));
  EXPECT_GT(tilesDrawn(needle, 64, 64, 8), 0u);
}

// Over the words allowed (a device's texel buffer limit), each tile keeps its nearest splats up
// to an equal share of what is left after the header, and counts the rest as dropped; with
// fewer words than the header, no tile keeps any.
TEST(SplatTiles, OverTheWordLimitEachTileKeepsItsNearestSplats) {
  // Ten splats covering all four tiles of a 16 x 16 framebuffer: 40 entries, 8 header words.
  std::vector<ProjectedSplat> splats;
  for (int i = 0; i < 10; ++i) splats.push_back(projected({8.0f, 8.0f}, 400.0, 0.0, 400.0, 1.0f));
  SplatTiles all;
  all.tileSize = 8;
  binSplats(splats, 16, 16, all);
  EXPECT_EQ(all.entries, 40u);
  EXPECT_EQ(all.dropped, 0u);

  SplatTiles capped;
  capped.tileSize = 8;
  binSplats(splats, 16, 16, capped, 8 + 4 * 3 + 2);  // a share of 3 a tile
  EXPECT_EQ(capped.entries, 12u);
  EXPECT_EQ(capped.dropped, 28u);
  EXPECT_EQ(capped.words.size(), 8u + 12u);
  for (uint32_t ty = 0; ty < 2; ++ty)
    for (uint32_t tx = 0; tx < 2; ++tx)
      EXPECT_EQ(tileList(capped, tx, ty), (std::vector<uint32_t>{9, 8, 7})) << tx << ty;

  SplatTiles none;
  none.tileSize = 8;
  binSplats(splats, 16, 16, none, 7);
  EXPECT_EQ(none.entries, 0u);
  EXPECT_EQ(none.dropped, 40u);
}

// Needles 300 to 900 px long (sigma) and under a pixel wide, at angles around the diagonal,
// each centred far off the framebuffer with the tip of its 3-sigma ellipse inside it. Their
// conics' float entries hold the ellipse only to a few percent: the bins follow the ellipse the
// shader evaluates (the stored conic's), not the box prepared beside it, so no tip pixel the
// shader draws is left out of its tile.
TEST(SplatTiles, NeedleTipsInsideTheFramebufferAreBinned) {
  constexpr uint32_t kSize = 48;
  uint64_t drawn = 0;
  for (int k = 0; k < 40; ++k) {
    const double sigma = 300.0 + 15.0 * k, angle = 0.6 + 0.009 * k;
    const double c = std::cos(angle), s = std::sin(angle);
    const double xx = c * c * sigma * sigma + 0.3, yy = s * s * sigma * sigma + 0.3;
    const double xy = c * s * sigma * sigma;
    // The tip 3 sigma along the needle lands at (24, 24).
    const glm::vec2 centre(float(24.0 - 2.95 * sigma * c), float(24.0 - 2.95 * sigma * s));
    const ProjectedSplat needle = projected(centre, xx, xy, yy, 1.0f);
    SplatTiles t;
    t.tileSize = 8;
    binSplats({&needle, 1}, kSize, kSize, t);
    for (uint32_t y = 0; y < kSize; ++y) {
      for (uint32_t x = 0; x < kSize; ++x) {
        if (!drawsAt(needle, int(x), int(y))) continue;
        ++drawn;
        EXPECT_EQ(tileList(t, x / 8, y / 8), std::vector<uint32_t>{0})
            << "needle " << k << " at pixel " << x << ", " << y;
      }
    }
  }
  EXPECT_GT(drawn, 40u);
}

}  // namespace
}  // namespace vitrine::splat
