// GraphSession (issue 34), the window's running graph without a window: the first tick at
// τ = 0 and each frame's time after it, Step, the bounded log, and choosing a refused graph.
#include <gtest/gtest.h>

#include "document.h"
#include "graph_json.h"
#include "graph_session.h"

namespace vitrine::app {
namespace {

using nlohmann::json;
using namespace test::interact_cli;

// Graph 0: onTick logs "t {timeSinceStart}". Graph 1: refused (a node, but no `declarations`
// for it to name).
std::unique_ptr<Document> ticking(const std::string& stem) {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 1, 1, 1}))});
  GraphJson g;
  g.type("float");
  g.node("event/onTick", {}, {{"out", to(1)}});             // 0
  logLine(g, "t {s}", {{"s", from(0, "timeSinceStart")}});  // 1
  const json refused = {{"nodes", json::array({{{"declaration", 5}}})}};
  DocumentResult r = loadDocument(withGraphs(b, json::array({g.toJson(), refused}), stem));
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

std::vector<std::string> texts(const GraphSession& g) {
  std::vector<std::string> out;
  for (const interact::LogEntry& e : g.log()) out.push_back(e.text);
  return out;
}

TEST(GraphSession, TicksOncePerFrameFromZeroAndStepsOneSixtieth) {
  auto doc = ticking("graph-session-ticks");
  GraphSession g(*doc);
  ASSERT_TRUE(g.active());
  EXPECT_EQ(g.ticks(), 0u);
  g.frame(0.5);  // the first frame's tick is at τ = 0, whatever the frame took
  g.frame(0.25);
  g.frame(0.125);
  EXPECT_EQ(texts(g), (std::vector<std::string>{"t 0.0", "t 0.25", "t 0.375"}));
  g.step();
  EXPECT_FALSE(g.running());
  EXPECT_DOUBLE_EQ(g.time(), 0.375 + 1.0 / 60.0);
  g.frame(1.0);  // paused: nothing
  EXPECT_EQ(g.ticks(), 4u);
  g.setRunning(true);
  g.frame(1.0);
  EXPECT_EQ(g.ticks(), 5u);
  g.reset();
  EXPECT_TRUE(g.running());
  EXPECT_EQ(g.ticks(), 0u);
  EXPECT_TRUE(g.log().empty());
  g.frame(2.0);
  EXPECT_EQ(texts(g), std::vector<std::string>{"t 0.0"});
}

TEST(GraphSession, TheLogKeepsTheLatestLinesOfAGraphThatLogsEveryTick) {
  auto doc = ticking("graph-session-log");
  GraphSession g(*doc);
  const size_t extra = 37;
  for (size_t k = 0; k < GraphSession::kMaxLogLines + extra; ++k) g.frame(0.5);
  ASSERT_EQ(g.log().size(), GraphSession::kMaxLogLines);
  EXPECT_EQ(g.droppedLogLines(), extra);
  // The oldest kept is tick 37's, at 37 * 0.5 s.
  EXPECT_EQ(g.log().front().text, "t 18.5");
  EXPECT_EQ(g.log().front().time, 18.5);
  EXPECT_EQ(g.lastExecutions(), 2u);  // onTick and the log
}

TEST(GraphSession, ARefusedGraphLeavesTheAssetPlainAndSaysWhy) {
  auto doc = ticking("graph-session-refused");
  GraphSession g(*doc);
  EXPECT_EQ(g.graphCount(), 2u);
  EXPECT_EQ(g.refusal(), nullptr);
  ASSERT_TRUE(g.choose(1));
  EXPECT_FALSE(g.active());
  ASSERT_NE(g.refusal(), nullptr);
  EXPECT_EQ(g.refusal()->text(),
            "/extensions/KHR_interactivity/graphs/1/nodes: nodes need the graph's `declarations` "
            "array (KHR_interactivity, \"Nodes\")");
  g.frame(1.0);  // nothing runs
  EXPECT_EQ(g.ticks(), 0u);
  EXPECT_FALSE(g.choose(2));
  ASSERT_TRUE(g.choose(0));
  EXPECT_TRUE(g.active());
  g.frame(1.0);
  EXPECT_EQ(texts(g), std::vector<std::string>{"t 0.0"});
}

}  // namespace
}  // namespace vitrine::app
