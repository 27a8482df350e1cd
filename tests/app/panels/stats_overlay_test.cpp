// The statistics overlay's logic without a window: smoothed frame times, counted nouns and the
// behaviour graph's cost per tick.
#include "stats_overlay.h"

#include <gtest/gtest.h>

namespace vitrine::app {
namespace {

TEST(SmoothedTime, ShowsTheFirstSampleThenTheMeanOfEachHalfSecond) {
  SmoothedTime t(0.5);
  t.add(10.0, 100.0);
  EXPECT_DOUBLE_EQ(t.value(), 10.0);  // nothing averaged yet: the latest sample
  t.add(20.0, 100.2);
  EXPECT_DOUBLE_EQ(t.value(), 20.0);
  t.add(30.0, 100.5);  // the window closes: mean of 10, 20, 30
  EXPECT_DOUBLE_EQ(t.value(), 20.0);
  // A new window: the published mean holds until it closes, whatever the samples.
  t.add(100.0, 100.6);
  EXPECT_DOUBLE_EQ(t.value(), 20.0);
  t.add(0.0, 100.9);
  EXPECT_DOUBLE_EQ(t.value(), 20.0);
  t.add(2.0, 101.1);
  EXPECT_DOUBLE_EQ(t.value(), 34.0);  // (100 + 0 + 2) / 3
}

TEST(StatsOverlay, CountsUseTheSingularForOne) {
  EXPECT_EQ(countNoun(1, "range", "ranges"), "1 range");
  EXPECT_EQ(countNoun(0, "range", "ranges"), "0 ranges");
  EXPECT_EQ(countNoun(2, "draw call", "draw calls"), "2 draw calls");
}

TEST(StatsOverlay, ShadowLineNamesTheShadowedLightsAndTheLimit) {
  renderer::DrawStats d;
  EXPECT_EQ(shadowSummary(d), "");  // no light could cast a shadow, or shadows off
  d.shadowCandidates = 2;
  d.shadowedLights = 2;
  EXPECT_EQ(shadowSummary(d), "Shadows: 2 of 2 lights");
  d.shadowCascades = 1;
  EXPECT_EQ(shadowSummary(d), "Shadows: 2 of 2 lights, 1 cascade nearer the camera");
  d.shadowCascades = 2;
  EXPECT_EQ(shadowSummary(d), "Shadows: 2 of 2 lights, 2 cascades nearer the camera");
  d.shadowCascades = 0;
  d.shadowCandidates = 7;
  d.shadowedLights = 5;
  d.unshadowedPointLights = 1;
  EXPECT_EQ(shadowSummary(d),
            "Shadows: 5 of 7 lights (at most 4 directional or spot and 1 point light, the "
            "strongest)");
  d.keyShadows = 1;
  EXPECT_EQ(shadowSummary(d),
            "Shadows: 5 of 7 lights (at most 4 directional or spot and 1 point light, the "
            "strongest), and the environment's key light");
  renderer::DrawStats keyOnly;
  keyOnly.keyShadows = 1;
  EXPECT_EQ(shadowSummary(keyOnly), "Shadows: the environment's key light");
}

TEST(StatsOverlay, SplatLineCountsTheSplatsAndTheSortsCost) {
  renderer::DrawStats d;
  EXPECT_EQ(splatSummary(d), "");
  d.splats = 1234567;
  d.splatsDrawn = 999;
  d.splatSortMilliseconds = 8.25;
  d.splatProjectMilliseconds = 120.5;
  d.splatTileMilliseconds = 3.25;
  EXPECT_EQ(splatSummary(d),
            "Splats: 999 of 1,234,567 drawn, sort 8.25 ms, projection 120.50 ms, tiles 3.25 ms");
  d.splatSortMilliseconds = d.splatProjectMilliseconds = 0.0;
  EXPECT_EQ(splatSummary(d), "Splats: 999 of 1,234,567 drawn, order kept");
}

TEST(StatsOverlay, GraphCostLineAndBudget) {
  GraphCostLines l = graphCostLines(12, 0.0421, false);
  EXPECT_EQ(l.cost, "Graph tick: 12 executions, 0.04 ms");
  EXPECT_EQ(l.budget, "");
  l = graphCostLines(1, 0.0, false);
  EXPECT_EQ(l.cost, "Graph tick: 1 execution, 0.00 ms");
  l = graphCostLines(10000001, 812.346, true);
  EXPECT_EQ(l.cost, "Graph tick: 10000001 executions, 812.35 ms");
  EXPECT_EQ(l.budget, "Budget reached: the rest of the tick waits");
}

}  // namespace
}  // namespace vitrine::app
