// Interactive assets in a real window under Xvfb, validation on (issue 34): the graph runs a
// tick a frame, clicks and the cursor reach it through the window's button and motion events,
// Alt+click keeps the viewer's own selection, Reset and Step, and the clips wait for the graph.
#include <cstdlib>

#include <gtest/gtest.h>

#include <GLFW/glfw3.h>

#include "document.h"
#include "graph_json.h"
#include "headless.h"
#include "layout.h"
#include "png.h"
#include "timeline_panel.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

using nlohmann::json;
using namespace test::interact_cli;

// Seen from +Z, all unlit:
//   node 0 "Button" a blue quad centred at [-1.5, 0, 0]
//   node 1 "Frame"  a grey quad centred at [1.5, 0, 0], parent of
//   node 2 "Cover"  a red quad half its size 0.5 in front of it, not selectable
// The graph logs "start" at onStart; a selection of Button turns its material green and logs
// "button"; one of Frame logs "frame saw <selected node>"; hovering Button logs "in" and "out";
// the custom event "away" moves Button out of sight. Clip 0 moves Frame up by 1 over a second.
// A second graph, refused (a node without declarations), for the chooser.
std::string buttonAsset(const std::string& stem, bool withGraph = true) {
  test::AssetBuilder b;
  b.addNode({{"name", "Button"},
             {"mesh", b.addColoredQuad({0, 0, 1, 1})},
             {"translation", {-1.5, 0, 0}},
             {"scale", {0.5, 0.5, 1}}});
  b.addNode({{"name", "Frame"},
             {"mesh", b.addColoredQuad({0.5f, 0.5f, 0.5f, 1})},
             {"translation", {1.5, 0, 0}},
             {"scale", {0.5, 0.5, 1}},
             {"children", {2}}});
  b.addNode({{"name", "Cover"},
             {"mesh", b.addColoredQuad({1, 0, 0, 1})},
             {"translation", {0, 0, 0.5}},
             {"scale", {0.5, 0.5, 1}},
             {"extensions", {{"KHR_node_selectability", {{"selectable", false}}}}}});
  b.addScene({0, 1});
  for (int m : {0, 1, 2})
    b.json()["materials"][m]["extensions"]["KHR_materials_unlit"] = json::object();
  b.json()["extensionsUsed"] = {"KHR_materials_unlit", "KHR_node_selectability"};
  const int times = b.addFloats({0.0f, 1.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {1.0};
  const int moves = b.addVec3({{1.5f, 0, 0}, {1.5f, 1, 0}});
  b.json()["animations"] = json::array(
      {{{"samplers", {{{"input", times}, {"output", moves}}}},
        {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "translation"}}}}}}}});
  if (!withGraph) return b.writeGlb(stem);
  GraphJson g;
  g.events.push_back({{"id", "away"}});
  g.node("event/onStart", {}, {{"out", to(1)}});                         // 0
  logLine(g, "start");                                                   // 1
  handler(g, "event/onSelect", 0, {{"out", to(3)}});                     // 2
  set(g, "float4", "/materials/0/pbrMetallicRoughness/baseColorFactor",  // 3
      g.lit("float4", {0, 1, 0, 1}), {{"out", to(4)}});
  logLine(g, "button");                                                      // 4
  handler(g, "event/onSelect", 1, {{"out", to(6)}});                         // 5
  logLine(g, "frame saw {n}", {{"n", from(5, "selectedNode")}});             // 6
  handler(g, "event/onHoverIn", 0, {{"out", to(8)}});                        // 7
  logLine(g, "in");                                                          // 8
  handler(g, "event/onHoverOut", 0, {{"out", to(10)}});                      // 9
  logLine(g, "out");                                                         // 10
  g.node("event/receive", {}, {{"out", to(12)}}, {{"event", 0}});            // 11
  set(g, "float3", "/nodes/0/translation", g.lit("float3", {-1.5, 10, 0}));  // 12
  b.json()["extensionsUsed"].push_back("KHR_node_hoverability");
  const json refused = {{"nodes", json::array({{{"declaration", 0}}})}};
  b.json()["extensions"]["KHR_interactivity"] = {{"graphs", json::array({g.toJson(), refused})}};
  b.json()["extensionsUsed"].push_back("KHR_interactivity");
  return b.writeGlb(stem);
}

class InteractWindow : public ::testing::Test {
 protected:
  void open(const std::string& file, uint32_t width = 320, uint32_t height = 240) {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
    DocumentResult r = loadDocument(file);
    ASSERT_TRUE(r.document) << r.error;
    ViewerOptions options;
    options.width = width;
    options.height = height;
    options.validation = true;
    std::string error;
    viewer = Viewer::create(std::move(r.document), {true}, options, &error);
    ASSERT_TRUE(viewer) << error;
    viewer->session().showUi = false;  // the view is the whole window
    viewer->session().look.background = CliBackground::Color;
    viewer->session().look.backgroundColor = glm::vec3(0.0f);
  }
  Session& session() { return viewer->session(); }
  // Window coordinates (the cursor's) of world point p in the window's view.
  glm::vec2 at(glm::vec3 p) {
    const renderer::View v = viewer->windowView();
    const glm::vec4 c = v.projection * v.view * glm::vec4(p, 1.0f);
    int w = 0, h = 0;
    glfwGetWindowSize(viewer->window(), &w, &h);
    return {(c.x / c.w * 0.5f + 0.5f) * float(w), (0.5f - c.y / c.w * 0.5f) * float(h)};
  }
  // A press and its release, both delivered before the next frame (a quick click).
  void click(glm::vec2 p, int mods = 0) {
    viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, mods, p.x, p.y});
    viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, mods, p.x, p.y});
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) ASSERT_TRUE(viewer->runFrame());
  }
  // The graph's log, "text" lines of kind log, in order.
  std::vector<std::string> logged() {
    std::vector<std::string> out;
    for (const interact::LogEntry& e : session().graph->log())
      if (e.kind == interact::LogEntry::Log) out.push_back(e.text);
    return out;
  }
  // The window's pixel at window point p, in the next frame.
  glm::ivec3 pixel(glm::vec2 p) {
    viewer->renderer().captureNextFrame();
    EXPECT_TRUE(viewer->runFrame());
    const renderer::Pixels shot = viewer->renderer().takeCapture();
    int w = 0, h = 0;
    glfwGetWindowSize(viewer->window(), &w, &h);
    const size_t x = size_t(p.x * float(shot.width) / float(w));
    const size_t y = size_t(p.y * float(shot.height) / float(h));
    const uint8_t* px = &shot.rgba[(y * shot.width + x) * 4];
    return {px[0], px[1], px[2]};
  }
  std::unique_ptr<Viewer> viewer;
};

TEST_F(InteractWindow, AQuickClickOfOneFrameStillSelects) {
  // Without a graph: the press and the release delivered before one frame select Button.
  open(buttonAsset("interact-window-plain", false));
  frames(2);
  EXPECT_FALSE(session().graph);
  click(at({-1.5f, 0.0f, 0.0f}));
  frames(1);
  EXPECT_EQ(session().selectedNode, std::optional<uint32_t>(0));
  // A drag is no click: pressed on Button, released far away on the background.
  const glm::vec2 from = at({1.5f, 0.0f, 0.0f}), away(2.0f, 2.0f);
  viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0, from.x, from.y});
  viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0, away.x, away.y});
  frames(1);
  EXPECT_EQ(session().selectedNode, std::optional<uint32_t>(0));
  // A press on the UI is no click in the view.
  viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0, from.x, from.y, true});
  viewer->inject(ButtonEvent{GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0, from.x, from.y});
  frames(1);
  EXPECT_EQ(session().selectedNode, std::optional<uint32_t>(0));
}

TEST_F(InteractWindow, AClickOnASelectableNodeRunsItsHandlerAndTheNextFrameShowsIt) {
  open(buttonAsset("interact-window-click"));
  ASSERT_TRUE(session().graph && session().graph->active());
  frames(2);
  const glm::vec2 button = at({-1.5f, 0.0f, 0.0f});
  const glm::ivec3 before = pixel(button);
  EXPECT_GT(before.b, 200) << before.r << " " << before.g;
  EXPECT_LT(before.g, 40);
  EXPECT_EQ(logged(), std::vector<std::string>{"start"});
  click(button);
  // Delivered at the next frame's tick: that frame shows Button green.
  const glm::ivec3 after = pixel(button);
  EXPECT_GT(after.g, 200) << after.r << " " << after.b;
  EXPECT_LT(after.b, 40);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "button"}));
  // The graph has the click: the viewer's own selection is untouched; Alt+click is the
  // viewer's, and the graph sees nothing.
  EXPECT_EQ(session().selectedNode, std::nullopt);
  click(at({1.5f, 0.0f, 0.0f}), GLFW_MOD_ALT);
  frames(1);
  EXPECT_EQ(session().selectedNode, std::optional<uint32_t>(2));  // Cover, as drawn
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "button"}));
  click(at({-1.5f, 0.0f, 0.0f}), GLFW_MOD_CONTROL);  // where Alt+click moves windows
  frames(1);
  EXPECT_EQ(session().selectedNode, std::optional<uint32_t>(0));
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "button"}));
}

TEST_F(InteractWindow, ANonSelectableChildLetsTheClickThroughToWhatIsBehind) {
  open(buttonAsset("interact-window-cover"));
  frames(2);
  // On Cover's centre: Cover is not selectable, the ray goes on to Frame behind it.
  click(at({1.5f, 0.0f, 0.5f}));
  frames(1);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "frame saw \"/nodes/1\""}));
  // On the background: nothing is selected, nothing logged.
  click({3.0f, 3.0f});
  frames(1);
  EXPECT_EQ(logged().size(), 2u);
}

TEST_F(InteractWindow, HoverEntersAndLeavesOnceEach) {
  open(buttonAsset("interact-window-hover"));
  frames(2);
  const glm::vec2 button = at({-1.5f, 0.0f, 0.0f});
  viewer->inject(PointerEvent{button.x, button.y, true});
  frames(3);
  viewer->inject(PointerEvent{button.x + 1.0f, button.y, true});  // still on Button
  frames(3);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "in"}));
  viewer->inject(PointerEvent{3.0f, 3.0f, true});  // the background
  frames(3);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "in", "out"}));
  // Back over Button, then Button moves away under the still cursor: it leaves.
  viewer->inject(PointerEvent{button.x, button.y, true});
  frames(2);
  std::string error;
  ASSERT_TRUE(session().graph->sendEvent("away", {}, &error)) << error;
  frames(3);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "in", "out", "in", "out"}));
  // Reset with the cursor still there: Button is back under it, and the new graph is told
  // where the pointer is: it enters.
  session().graph->reset();
  frames(2);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "in"}));
  // The cursor leaving the window clears the pointer: it leaves.
  viewer->inject(PointerEvent{0.0f, 0.0f, false});
  frames(2);
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "in", "out"}));
}

TEST_F(InteractWindow, ResetRestoresTheStateAfterLoadingAndStepRunsOneTick) {
  open(buttonAsset("interact-window-reset"));
  frames(2);
  const glm::vec2 button = at({-1.5f, 0.0f, 0.0f});
  click(button);
  EXPECT_GT(pixel(button).g, 200);
  GraphSession& g = *session().graph;
  EXPECT_GT(g.time(), 0.0);
  g.reset();
  // The frame after Reset: Button blue again, the log only onStart's, τ counting from 0.
  EXPECT_GT(pixel(button).b, 200);
  EXPECT_EQ(logged(), std::vector<std::string>{"start"});
  EXPECT_EQ(g.ticks(), 1u);
  EXPECT_EQ(g.time(), 0.0);
  // Pause: frames tick nothing; Step: exactly one tick, 1/60 s later.
  g.setRunning(false);
  frames(3);
  EXPECT_EQ(g.ticks(), 1u);
  g.step();
  EXPECT_EQ(g.ticks(), 2u);
  EXPECT_DOUBLE_EQ(g.time(), GraphSession::kStepSeconds);
  EXPECT_FALSE(g.running());
  frames(2);
  EXPECT_EQ(g.ticks(), 2u);
  // A click while paused waits for the next tick.
  click(button);
  frames(1);
  EXPECT_EQ(logged(), std::vector<std::string>{"start"});
  g.step();
  EXPECT_EQ(logged(), (std::vector<std::string>{"start", "button"}));
}

TEST_F(InteractWindow, TheClipsWaitForTheGraphUntilTheTimelineIsShown) {
  open(buttonAsset("interact-window-clips"));
  frames(4);
  // Clip 0 would move Frame up; the graph starts no animation: Frame stays, time stands.
  const scene::Scene& scene = *session().document->scene;
  EXPECT_EQ(scene.nodes[1].translation, glm::vec3(1.5f, 0.0f, 0.0f));
  EXPECT_EQ(session().timeline.time(), 0.0);
  // The Timeline button: the clips play, the graph pauses.
  session().clipsInsteadOfGraph = true;
  const uint64_t ticks = session().graph->ticks();
  session().timeline.setTime(0.5);
  frames(2);
  EXPECT_GT(scene.nodes[1].translation.y, 0.4f);
  EXPECT_FALSE(session().graph->running());
  EXPECT_EQ(session().graph->ticks(), ticks);
  // And back: Space runs the graph again.
  session().clipsInsteadOfGraph = false;
  viewer->inject(KeyEvent{GLFW_KEY_SPACE, 0});
  frames(2);
  EXPECT_TRUE(session().graph->running());
  EXPECT_GT(session().graph->ticks(), ticks);
  // The refused graph chosen: the asset is plain, its clips play; graph 0 again: it runs (the
  // choice paused nothing) and the clips wait again.
  ASSERT_TRUE(session().graph->choose(1));
  ASSERT_NE(session().graph->refusal(), nullptr);
  const double clipTime = session().timeline.time();
  frames(3);
  EXPECT_GT(session().timeline.time(), clipTime);
  ASSERT_TRUE(session().graph->choose(0));
  frames(2);
  EXPECT_TRUE(session().graph->running());
  EXPECT_EQ(session().graph->ticks(), 2u);
  const double stopped = session().timeline.time();
  frames(2);
  EXPECT_EQ(session().timeline.time(), stopped);
}

TEST_F(InteractWindow, AReloadRestartsTheGraphFromTheNewFileAndKeepsTheCamera) {
  const std::string file = buttonAsset("interact-window-reload");
  open(file);
  frames(2);
  const glm::vec2 button = at({-1.5f, 0.0f, 0.0f});
  click(button);
  frames(2);
  ASSERT_EQ(logged(), (std::vector<std::string>{"start", "button"}));
  ASSERT_EQ(session().graph->graphIndex(), 0u);
  // The file is reloaded (as hot reload does, keeping the view).
  const glm::mat4 before = viewer->windowView().view;
  DocumentResult r = loadDocument(file);
  ASSERT_TRUE(r.document) << r.error;
  const Document* reloaded = r.document.get();
  viewer->replaceDocument(std::move(r.document), /*keepView=*/true);
  ASSERT_EQ(session().document.get(), reloaded);
  // A new graph on the new document: onStart only, τ from 0, Button blue again; same camera.
  EXPECT_EQ(&session().graph->document(), reloaded);
  EXPECT_EQ(logged(), std::vector<std::string>{"start"});
  EXPECT_EQ(session().graph->ticks(), 0u);
  EXPECT_GT(pixel(button).b, 200);
  EXPECT_EQ(viewer->windowView().view, before);
  click(button);
  EXPECT_GT(pixel(button).g, 200);
}

TEST_F(InteractWindow, TheGraphPanelTakesTheTimelinesPlace) {
  open(buttonAsset("interact-window-panel"), 1280, 720);
  session().showUi = true;
  session().look.background = CliBackground::Color;
  session().look.backgroundColor = glm::vec3(0.18f, 0.2f, 0.22f);
  frames(3);
  click(at({-1.5f, 0.0f, 0.0f}));
  frames(3);
  int w = 0, h = 0;
  glfwGetFramebufferSize(viewer->window(), &w, &h);
  const Layout layout =
      computeLayout({float(w), float(h)}, session().uiScale, 0.0f, session().panels);
  const uint32_t top = uint32_t(layout.timeline.pos.y);
  viewer->renderer().captureNextFrame();
  ASSERT_TRUE(viewer->runFrame());
  const renderer::Pixels panel = viewer->renderer().takeCapture();
  ASSERT_EQ(panel.height, uint32_t(h));
  // The docs' picture (assets/interactive-window.png), when asked for.
  if (const char* dir = std::getenv("VITRINE_SCREENSHOT_DIR")) {
    std::string error;
    EXPECT_TRUE(writePng(std::string(dir) + "/interactive-window.png", panel, &error)) << error;
  }
  // The graph's panel in the bottom dock: none of the timeline's scrub bar.
  EXPECT_EQ(test::countColor(panel, kScrubBarRgb, top, uint32_t(h)), 0);
  // Its Timeline button's state: the timeline is back, with its scrub bar.
  session().clipsInsteadOfGraph = true;
  frames(2);
  viewer->renderer().captureNextFrame();
  ASSERT_TRUE(viewer->runFrame());
  const renderer::Pixels timeline = viewer->renderer().takeCapture();
  EXPECT_GE(test::countColor(timeline, kScrubBarRgb, top, uint32_t(h)), 1000);
}

}  // namespace
}  // namespace vitrine::app
