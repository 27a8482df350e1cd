// --timings through the executable (issue 16): every phase line exactly once, in every mode
// that renders, the window included; the phases within the total; nothing without the flag.
#include <cstdlib>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kBoxTextured = kModels + "/BoxTextured-glTF/BoxTextured.gltf";

const std::vector<std::string> kLoadPhases = {"file read", "JSON parse", "buffer decode",
                                              "image decode"};
const std::vector<std::string> kGpuPhases = {"device setup", "GPU upload", "pipeline creation",
                                             "environment", "first frame"};

struct Line {
  double value = -1.0;
  std::string unit;
  int count = 0;
};

// The "timings: NAME VALUE UNIT" lines of `err`, by name, counted.
std::map<std::string, Line> timingLines(const std::string& err) {
  std::map<std::string, Line> lines;
  std::istringstream in(err);
  std::string text;
  while (std::getline(in, text)) {
    if (text.rfind("timings: ", 0) != 0) continue;
    std::istringstream fields(text.substr(9));
    std::vector<std::string> words;
    for (std::string w; fields >> w;) words.push_back(w);
    if (words.size() < 3) {
      ADD_FAILURE() << "malformed line: " << text;
      continue;
    }
    std::string name = words[0];
    for (size_t i = 1; i + 2 < words.size(); ++i) name += " " + words[i];
    Line& l = lines[name];
    l.value = std::strtod(words[words.size() - 2].c_str(), nullptr);
    l.unit = words.back();
    ++l.count;
  }
  return lines;
}

// Checks that `err` holds exactly the phases `phases` (ms), the total (ms) and the peak RSS
// (MiB), each once and non-negative; that the phases sum to at most the total (each printed
// value is rounded to 0.1 ms: 0.05 ms of slack per line); and a plausible peak RSS. The
// window's "to first frame" (a moment, not a phase) when `toFirstFrame`: within the total.
void expectTimings(const std::string& err, const std::vector<std::string>& phases,
                   bool toFirstFrame = false) {
  const std::map<std::string, Line> lines = timingLines(err);
  EXPECT_EQ(lines.size(), phases.size() + 2 + (toFirstFrame ? 1 : 0)) << err;
  if (toFirstFrame) {
    const auto first = lines.find("to first frame"), total = lines.find("total");
    ASSERT_NE(first, lines.end()) << err;
    ASSERT_NE(total, lines.end()) << err;
    EXPECT_EQ(first->second.count, 1);
    EXPECT_GT(first->second.value, 0.0);
    EXPECT_LE(first->second.value, total->second.value);
  }
  double sum = 0.0;
  for (const std::string& phase : phases) {
    const auto it = lines.find(phase);
    if (it == lines.end()) {
      ADD_FAILURE() << "no line for " << phase << " in:\n" << err;
      continue;
    }
    EXPECT_EQ(it->second.count, 1) << phase;
    EXPECT_EQ(it->second.unit, "ms") << phase;
    EXPECT_GE(it->second.value, 0.0) << phase;
    sum += it->second.value;
  }
  ASSERT_EQ(lines.count("total"), 1u) << err;
  const Line& total = lines.at("total");
  EXPECT_EQ(total.count, 1);
  EXPECT_EQ(total.unit, "ms");
  EXPECT_GT(total.value, 0.0);
  EXPECT_LE(sum, total.value + 0.05 * double(phases.size() + 1)) << err;
  ASSERT_EQ(lines.count("peak RSS"), 1u) << err;
  const Line& rss = lines.at("peak RSS");
  EXPECT_EQ(rss.count, 1);
  EXPECT_EQ(rss.unit, "MiB");
  EXPECT_GT(rss.value, 1.0);
  EXPECT_LT(rss.value, 64.0 * 1024.0);
}

std::vector<std::string> allPhases() {
  std::vector<std::string> all = kLoadPhases;
  all.insert(all.end(), kGpuPhases.begin(), kGpuPhases.end());
  return all;
}

TEST(CliTimings, RenderPrintsEveryPhaseOnce) {
  const std::string out = scratchPath("timings-render.png");
  const ProcessResult r =
      runVitrine({kBoxTextured, "--render", out, "--size", "48x32", "--timings"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");  // stdout stays free for the reports of --check and --query
  expectTimings(r.err, allPhases());
}

TEST(CliTimings, WithoutTheFlagNothingIsPrinted) {
  const std::string out = scratchPath("timings-none.png");
  const ProcessResult r = runVitrine({kBoxTextured, "--render", out, "--size", "48x32"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
}

TEST(CliTimings, ThumbnailPrintsEveryPhaseOnce) {
  const std::string out = scratchPath("timings-thumb.png");
  const ProcessResult r =
      runVitrine({"--thumbnail", "32", kBoxTextured, out, "--timings"}, {.withoutDisplay = true});
  ASSERT_EQ(r.status, 0) << r.err;
  expectTimings(r.err, allPhases());
}

TEST(CliTimings, FramesPrintOnceForTheFirstFrame) {
  const std::string dir = scratchPath("timings-frames");
  const ProcessResult r = runVitrine(
      {kBoxTextured, "--frames", "0:0.1:20", "--out", dir, "--size", "32x32", "--timings"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectTimings(r.err, allPhases());
}

TEST(CliTimings, CheckPrintsTheLoadPhasesAfterItsReport) {
  const ProcessResult r = runVitrine({kBoxTextured, "--check", "--timings"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, std::string("info /asset/generator: Generator \"COLLADA2GLTF\"\n") +
                       kBoxTextured + ": 0 error(s), 0 warning(s)\n");  // the report unchanged
  expectTimings(r.err, kLoadPhases);
}

TEST(CliTimings, QueryPrintsTheLoadPhases) {
  const ProcessResult r = runVitrine({kBoxTextured, "--query", "/nodes/0/matrix", "--timings"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out, "");
  expectTimings(r.err, kLoadPhases);
}

TEST(CliTimings, AFailedLoadPrintsWhatRan) {
  const std::string file = scratchPath("timings-broken.gltf");
  writeFile(file, "{\"asset\": ");
  const ProcessResult r = runVitrine({file, "--render", scratchPath("x.png"), "--timings"});
  ASSERT_EQ(r.status, 2) << r.err;
  expectTimings(r.err, kLoadPhases);
}

// Once its textures and environment are in, saying when its first frame was presented.
TEST(CliTimings, WindowPrintsOnceTheAssetIsIn) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const ProcessResult r =
      runVitrine({kBoxTextured, "--size", "160x120", "--quit-after", "1", "--timings"});
  ASSERT_EQ(r.status, 0) << r.err;
  expectTimings(r.err, allPhases(), /*toFirstFrame=*/true);
}

}  // namespace
}  // namespace vitrine::test
