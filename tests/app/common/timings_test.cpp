// The lines of --timings (app/common/timings.h): names, order, units and rounding, and which phases
// a mode without a renderer leaves out; the peak RSS read from /proc.
#include "timings.h"

#include <gtest/gtest.h>

namespace vitrine::app {
namespace {

TEST(Timings, LinesOfARenderedRun) {
  StartupTimings t;
  t.load = scene::LoadTimings{0.0012, 0.0034, 0.25, 0.1234, 0.5};
  t.deviceSetup = 0.1;
  t.environmentImage = 0.002;
  t.renderer = renderer::SetupTimings{0.03, 0.45, 0.008};
  t.firstFrame = 0.07;
  EXPECT_EQ(formatTimings(t, 1.5, uint64_t(96) * 1024 * 1024 + 512 * 1024),
            "timings: file read                 1.2 ms\n"
            "timings: JSON parse                3.4 ms\n"
            "timings: buffer decode           250.0 ms\n"
            "timings: image decode            123.4 ms\n"
            "timings: device setup            100.0 ms\n"
            "timings: GPU upload               30.0 ms\n"
            "timings: pipeline creation       450.0 ms\n"
            "timings: environment              10.0 ms\n"
            "timings: first frame              70.0 ms\n"
            "timings: total                  1500.0 ms\n"
            "timings: peak RSS                 96.5 MiB\n");
}

TEST(Timings, TheWindowSaysWhenItsFirstFrameEnded) {
  StartupTimings t;
  t.renderer = renderer::SetupTimings{0.03, 0.45, 0.35};
  t.firstFrame = 0.07;
  t.toFirstFrame = 0.9;
  EXPECT_EQ(formatTimings(t, 1.5, std::nullopt),
            "timings: device setup              0.0 ms\n"
            "timings: GPU upload               30.0 ms\n"
            "timings: pipeline creation       450.0 ms\n"
            "timings: environment             350.0 ms\n"
            "timings: first frame              70.0 ms\n"
            "timings: to first frame          900.0 ms\n"
            "timings: total                  1500.0 ms\n");
}

TEST(Timings, WithoutARendererOnlyTheLoadPhases) {
  StartupTimings t;
  t.load = scene::LoadTimings{0.001, 0.002, 0.003, 0.004, 0.01};
  EXPECT_EQ(formatTimings(t, 0.02, std::nullopt),
            "timings: file read                 1.0 ms\n"
            "timings: JSON parse                2.0 ms\n"
            "timings: buffer decode             3.0 ms\n"
            "timings: image decode              4.0 ms\n"
            "timings: total                    20.0 ms\n");
}

TEST(Timings, PeakResidentMemoryIsRead) {
  const std::optional<uint64_t> rss = peakResidentBytes();
  ASSERT_TRUE(rss);
  EXPECT_GT(*rss, uint64_t(1) << 20);  // a test binary with gtest is larger than 1 MiB
}

}  // namespace
}  // namespace vitrine::app
