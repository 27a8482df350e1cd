// The inputs of `vitrine FILE --interact` (issue 33 §6) end to end: --select NODE@t and
// --select-ray (KHR_node_selectability: the nearest selectable surface, bubbling from the hit
// node to the root, lowest first), --hover NODE@t1..t2 (KHR_node_hoverability: one hover in,
// one hover out), --event ID@t:{...} ("Receive": values not given take their initial
// values), and the active camera the inputs are cast from. Expected values come from those
// specifications and the issue's rules: an input is delivered at the first tick at or after
// its time, in step 2 of that tick.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/batch/graph_json.h"
#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

using nlohmann::json;
using namespace interact_cli;

// The --log lines of kind "log" (debug/log), without the sent events.
std::string logLines(const std::string& out) {
  std::string kept;
  for (const std::string& line : lines(out)) {
    const size_t space = line.find(' ');
    if (line.starts_with("@") && line.compare(space, 6, " log: ") == 0) kept += line + "\n";
  }
  return kept;
}

// Seen from +Z (the framed view looks along -Z):
//   node 0 "Left"   a quad at [-3, 0, 0]
//   node 1 "Right"  a quad at [3, 0, 0], parent of
//   node 2 "Badge"  a quad 0.5 in front of it ([3, 0, 0.5] in the world)
//   node 3 "Glass"  a quad at [-3, 0, 1], in front of Left, not selectable
//   node 4 "Marker" an empty node the graph writes selectionPoint (translation) and
//                   selectionRayOrigin (scale) of Right's handler to
//   node 5          camera 0, at [3, 0, 5]
// Every quad but Marker has an onSelect handler logging "<name> saw {selectedNode}"; Right's
// (first in JSON, before Badge's) writes Marker too. The custom event "lock" makes Right not
// selectable.
std::string selectionAsset(const std::string& stem) {
  AssetBuilder b;
  const int quad = b.addColoredQuad({0.5f, 0.5f, 0.5f, 1.0f});
  b.addNode({{"name", "Left"}, {"mesh", quad}, {"translation", {-3, 0, 0}}});
  b.addNode({{"name", "Right"}, {"mesh", quad}, {"translation", {3, 0, 0}}, {"children", {2}}});
  b.addNode({{"name", "Badge"}, {"mesh", quad}, {"translation", {0, 0, 0.5}}});
  b.addNode({{"name", "Glass"},
             {"mesh", quad},
             {"translation", {-3, 0, 1}},
             {"extensions", {{"KHR_node_selectability", {{"selectable", false}}}}}});
  b.addNode({{"name", "Marker"}});
  b.addNode({{"camera", b.addPerspectiveCamera(0.8f, 0.1f)}, {"translation", {3, 0, 5}}});
  b.addScene({0, 1, 3, 4, 5});
  GraphJson g;
  g.events.push_back({{"id", "lock"}});
  handler(g, "event/onSelect", 1, {{"out", to(5)}});                                // 0 Right
  handler(g, "event/onSelect", 2, {{"out", to(8)}});                                // 1 Badge
  handler(g, "event/onSelect", 0, {{"out", to(9)}});                                // 2 Left
  handler(g, "event/onSelect", 3, {{"out", to(10)}});                               // 3 Glass
  g.node("event/receive", {}, {{"out", to(11)}}, {{"event", 0}});                   // 4 lock
  logLine(g, "right saw {n}", {{"n", from(0, "selectedNode")}}, {{"out", to(6)}});  // 5
  set(g, "float3", "/nodes/4/translation", from(0, "selectionPoint"), {{"out", to(7)}});
  set(g, "float3", "/nodes/4/scale", from(0, "selectionRayOrigin"));  // 7
  logLine(g, "badge saw {n}", {{"n", from(1, "selectedNode")}});      // 8
  logLine(g, "left saw {n}", {{"n", from(2, "selectedNode")}});       // 9
  logLine(g, "glass saw {n}", {{"n", from(3, "selectedNode")}});      // 10
  set(g, "bool", "/nodes/1/extensions/KHR_node_selectability/selectable", g.lit("bool", false));
  b.json()["extensionsUsed"].push_back("KHR_node_selectability");
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteractInput, SelectFiresTheHitNodesHandlersThenItsAncestors) {
  const std::string file = selectionAsset("interact-select-bubble");
  // The ray from the framed eye through Badge's centre hits Badge (0.5 in front of Right):
  // Badge's handler, then its parent Right's, both told the selected node is Badge. At
  // 1/10 the select at 0.25 is delivered at tick 3 (0.3).
  const ProcessResult r =
      interact(file, {"--tick", "1/10", "--select", "Badge@0.25", "--time", "0.5", "--log"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0.3 log: badge saw \"/nodes/2\"\n"
            "@0.3 log: right saw \"/nodes/2\"\n");
}

TEST(CliInteractInput, ANonSelectableSurfaceLetsTheRayThrough) {
  const std::string file = selectionAsset("interact-select-glass");
  // Through Glass (node 3, by index): it is skipped, and Left behind it is selected.
  ProcessResult r = interact(file, {"--select", "3@0", "--log"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "@0 log: left saw \"/nodes/0\"\n");
  // Once "lock" makes Right not selectable, Badge below it is not either ("no node including
  // or above it" may be false): the ray through Badge selects nothing.
  r = interact(file, {"--tick", "1/10", "--event", "lock@0.1", "--select", "Badge@0.2", "--log",
                      "--query", "/nodes/1/extensions/KHR_node_selectability/selectable@0.2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(logLines(r.out), "");
  EXPECT_TRUE(
      r.out.ends_with("\n/nodes/1/extensions/KHR_node_selectability/selectable@0.2 = false\n"))
      << r.out;
}

TEST(CliInteractInput, SelectRayCastsTheRayGiven) {
  const std::string file = selectionAsset("interact-select-ray");
  // Straight down -Z at (3.5, 0.25): Badge's plane z = 0.5 at t = 4.5, inside it.
  ProcessResult r = interact(file, {"--select-ray", "3.5,0.25,5:0,0,-1@0", "--log", "--query",
                                    "/nodes/4/translation", "--query", "/nodes/4/scale"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0 log: badge saw \"/nodes/2\"\n"
            "@0 log: right saw \"/nodes/2\"\n"
            "/nodes/4/translation@0 = [3.5,0.25,0.5]\n"
            "/nodes/4/scale@0 = [3.5,0.25,5.0]\n");
  // Between the quads: nothing is hit, nothing changes.
  r = interact(file, {"--select-ray", "0,0,5:0,0,-1@0", "--log", "--query", "/nodes/4/translation",
                      "--query", "/nodes/4/scale"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "/nodes/4/translation@0 = [0.0,0.0,0.0]\n"
            "/nodes/4/scale@0 = [1.0,1.0,1.0]\n");
}

TEST(CliInteractInput, SelectCastsFromTheCameraOfCamera) {
  const std::string file = selectionAsset("interact-select-camera");
  // From camera 0 at [3, 0, 5] through Right's centre (its subtree's bounds: [3, 0, 0.25]):
  // Badge is in front; the ray's origin is the camera's position.
  ProcessResult r = interact(
      file, {"--camera", "0", "--select", "Right@0", "--log", "--query", "/nodes/4/scale"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0 log: badge saw \"/nodes/2\"\n"
            "@0 log: right saw \"/nodes/2\"\n"
            "/nodes/4/scale@0 = [3.0,0.0,5.0]\n");
  r = interact(file, {"--select", "Nobody@0", "--query", "/nodes/4/scale"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + file + ": no node \"Nobody\"\n");
  EXPECT_EQ(r.out, "");
}

// Node 0 "Pad", a quad at the origin, with onHoverIn and onHoverOut handlers counting in
// /nodes/1/translation (x: in, y: out) and logging; the custom event "hide" makes Pad not
// hoverable.
std::string hoverAsset(const std::string& stem) {
  AssetBuilder b;
  b.addScene({b.addNode({{"name", "Pad"}, {"mesh", b.addColoredQuad({1, 1, 1, 1})}}),
              b.addNode({{"name", "Marker"}})});
  GraphJson g;
  g.events.push_back({{"id", "hide"}});
  const int f3 = g.type("float3");
  g.node("pointer/get", {}, {}, {{"pointer", "/nodes/1/translation"}, {"type", f3}});  // 0
  g.node("math/add", {{"a", from(0)}, {"b", g.lit("float3", {1, 0, 0})}});             // 1
  g.node("math/add", {{"a", from(0)}, {"b", g.lit("float3", {0, 1, 0})}});             // 2
  handler(g, "event/onHoverIn", 0, {{"out", to(6)}});                                  // 3
  handler(g, "event/onHoverOut", 0, {{"out", to(8)}});                                 // 4
  g.node("event/receive", {}, {{"out", to(10)}}, {{"event", 0}});                      // 5
  set(g, "float3", "/nodes/1/translation", from(1), {{"out", to(7)}});                 // 6
  logLine(g, "in {n}", {{"n", from(3, "hoveredNode")}});                               // 7
  set(g, "float3", "/nodes/1/translation", from(2), {{"out", to(9)}});                 // 8
  logLine(g, "out {n}", {{"n", from(4, "hoveredNode")}});                              // 9
  set(g, "bool", "/nodes/0/extensions/KHR_node_hoverability/hoverable", g.lit("bool", false));
  b.json()["extensionsUsed"].push_back("KHR_node_hoverability");
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteractInput, HoverEntersOnceAndLeavesOnce) {
  const std::string file = hoverAsset("interact-hover");
  // Held from tick 2 (0.2) to tick 5 (0.5), cast again at each tick between: one in, one out.
  const ProcessResult r =
      interact(file, {"--tick", "1/10", "--hover", "Pad@0.2..0.5", "--time", "1", "--log",
                      "--query", "/nodes/1/translation@0.1", "--query", "/nodes/1/translation@0.3",
                      "--query", "/nodes/1/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0.2 log: in \"/nodes/0\"\n"
            "@0.5 log: out \"/nodes/0\"\n"
            "/nodes/1/translation@0.1 = [0.0,0.0,0.0]\n"
            "/nodes/1/translation@0.3 = [1.0,0.0,0.0]\n"
            "/nodes/1/translation@1 = [1.0,1.0,0.0]\n");
}

TEST(CliInteractInput, AnEarlierHoverReleasesNoLaterOne) {
  const std::string file = hoverAsset("interact-hover-twice");
  // One pointer: the second --hover takes it over at 0.2 (still on Pad: no event); the first's
  // release at 0.3 leaves it there, and the second's at 0.5 takes it off Pad.
  const ProcessResult r =
      interact(file, {"--tick", "1/10", "--hover", "Pad@0.1..0.3", "--hover", "Pad@0.2..0.5",
                      "--time", "1", "--log", "--query", "/nodes/1/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "@0.1 log: in \"/nodes/0\"\n"
            "@0.5 log: out \"/nodes/0\"\n"
            "/nodes/1/translation@1 = [1.0,1.0,0.0]\n");
}

TEST(CliInteractInput, HoverIsCastAgainEveryTick) {
  const std::string file = hoverAsset("interact-hover-hide");
  // "hide" at 0.3 (step 2, before the pointer is cast again in that step): the pointer leaves
  // Pad at 0.3, and its release at 0.5 leaves nothing.
  const ProcessResult r =
      interact(file, {"--tick", "1/10", "--hover", "Pad@0.2..0.5", "--event", "hide@0.3", "--time",
                      "1", "--log", "--query", "/nodes/1/translation"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(logLines(r.out),
            "@0.2 log: in \"/nodes/0\"\n"
            "@0.3 log: out \"/nodes/0\"\n");
  EXPECT_TRUE(r.out.ends_with("\n/nodes/1/translation@1 = [1.0,1.0,0.0]\n")) << r.out;
}

// The custom event "go" {n: int = 7, v: float3 = [0.5, 0.5, 0.5]}: received, it writes v to
// node 0's translation and logs n.
std::string eventAsset(const std::string& stem) {
  AssetBuilder b;
  b.addScene({b.addNode({{"name", "Marker"}})});
  GraphJson g;
  g.events.push_back(
      {{"id", "go"},
       {"values", {{"n", g.lit("int", 7)}, {"v", g.lit("float3", {0.5, 0.5, 0.5})}}}});
  g.node("event/receive", {}, {{"out", to(1)}}, {{"event", 0}});
  set(g, "float3", "/nodes/0/translation", from(0, "v"), {{"out", to(2)}});
  logLine(g, "n={n}", {{"n", from(0, "n")}});
  return withGraphs(b, json::array({g.toJson()}), stem);
}

TEST(CliInteractInput, EventDeliversItsValuesAndResetsTheOthers) {
  const std::string file = eventAsset("interact-event");
  // "Receive": a value the environment does not set is reset to its initial value at each
  // activation, not kept from the previous one.
  const std::string at = "/nodes/0/translation@";
  const ProcessResult r = interact(file, {"--tick",
                                          "1/10",
                                          "--time",
                                          "0.5",
                                          "--log",
                                          "--event",
                                          "go@0.1:{\"n\": 3, \"v\": [1, 2, 3]}",
                                          "--event",
                                          "go@0.2:{\"n\": 4}",
                                          "--event",
                                          "go@0.3:{\"v\": [4, 5, 6]}",
                                          "--event",
                                          "go@0.4",
                                          "--query",
                                          at + "0.1",
                                          "--query",
                                          at + "0.2",
                                          "--query",
                                          at + "0.3",
                                          "--query",
                                          at + "0.4"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(logLines(r.out), "@0.1 log: n=3\n@0.2 log: n=4\n@0.3 log: n=7\n@0.4 log: n=7\n");
  EXPECT_TRUE(r.out.ends_with(at + "0.1 = [1.0,2.0,3.0]\n" + at + "0.2 = [0.5,0.5,0.5]\n" + at +
                              "0.3 = [4.0,5.0,6.0]\n" + at + "0.4 = [0.5,0.5,0.5]\n"))
      << r.out;
}

TEST(CliInteractInput, AnUnknownOrMistypedEventExitsTwo) {
  const std::string file = eventAsset("interact-event-bad");
  struct Case {
    std::string event, err;
  };
  const Case cases[] = {
      {"nope@0.1", "--event nope: the graph declares no event with the id \"nope\""},
      {"go@0.1:{\"x\": 1}", "--event go: the event \"go\" has no value \"x\""},
      {"go@0.1:{\"n\": 1.5}", "--event go: \"n\": "},
      {"go@0.1:{\"v\": [1, 2]}", "--event go: \"v\": "},
  };
  for (const Case& c : cases) {
    const ProcessResult r =
        interact(file, {"--event", c.event, "--log", "--query", "/nodes/0/translation"});
    EXPECT_EQ(r.status, 2) << c.event;
    EXPECT_EQ(r.err.rfind("vitrine: " + file + ": " + c.err, 0), 0u) << r.err;
    EXPECT_EQ(r.out, "") << c.event;
  }
}

TEST(CliInteractInput, ActiveCameraIsTheViewInputsAreCastFrom) {
  // Camera 0: perspective, at [0, 0, 3]; camera 1: orthographic, at [1, 2, 5].
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}))});
  const int perspective = b.addPerspectiveCamera(0.8f, 0.1f, 100.0f, 1.5f);
  const int orthographic = b.addCamera(
      {{"type", "orthographic"},
       {"orthographic", {{"xmag", 2.0}, {"ymag", 1.5}, {"znear", 0.5}, {"zfar", 20.0}}}});
  b.json()["scenes"][0]["nodes"].push_back(
      b.addNode({{"camera", perspective}, {"translation", {0, 0, 3}}}));
  b.json()["scenes"][0]["nodes"].push_back(
      b.addNode({{"camera", orthographic}, {"translation", {1, 2, 5}}}));
  GraphJson g;
  g.node("event/onStart");
  const std::string file = withGraphs(b, json::array({g.toJson()}), "interact-camera");
  const std::string c = "/extensions/KHR_interactivity/activeCamera/";
  std::vector<std::string> args = {"--size", "64x32"};
  for (const char* field : {"position", "perspective/yfov", "perspective/aspectRatio",
                            "perspective/znear", "perspective/zfar", "orthographic/xmag",
                            "orthographic/ymag", "orthographic/znear", "orthographic/zfar"}) {
    args.push_back("--query");
    args.push_back(c + field);
  }
  std::vector<std::string> withCamera = args;
  withCamera.insert(withCamera.end(), {"--camera", "0"});
  ProcessResult r = interact(file, withCamera);
  EXPECT_EQ(r.status, 0) << r.err;
  // "Active Camera State": the projection the camera does not use reads NaN.
  EXPECT_EQ(r.out, c + "position@0 = [0.0,0.0,3.0]\n" + c + "perspective/yfov@0 = 0.8\n" + c +
                       "perspective/aspectRatio@0 = 1.5\n" + c + "perspective/znear@0 = 0.1\n" + c +
                       "perspective/zfar@0 = 100.0\n" + c + "orthographic/xmag@0 = \"NaN\"\n" + c +
                       "orthographic/ymag@0 = \"NaN\"\n" + c + "orthographic/znear@0 = \"NaN\"\n" +
                       c + "orthographic/zfar@0 = \"NaN\"\n");
  withCamera.back() = "1";
  r = interact(file, withCamera);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, c + "position@0 = [1.0,2.0,5.0]\n" + c + "perspective/yfov@0 = \"NaN\"\n" + c +
                       "perspective/aspectRatio@0 = \"NaN\"\n" + c +
                       "perspective/znear@0 = \"NaN\"\n" + c + "perspective/zfar@0 = \"NaN\"\n" +
                       c + "orthographic/xmag@0 = 2.0\n" + c + "orthographic/ymag@0 = 1.5\n" + c +
                       "orthographic/znear@0 = 0.5\n" + c + "orthographic/zfar@0 = 20.0\n");
  // The framed view: 45 degrees, the render's aspect (64x32), no far plane.
  r = interact(file, args);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 9u) << r.out;
  const std::string yfov = c + "perspective/yfov@0 = ";
  ASSERT_EQ(out[1].rfind(yfov, 0), 0u) << out[1];
  EXPECT_NEAR(std::stod(out[1].substr(yfov.size())), std::acos(-1.0) / 4, 1e-6);
  EXPECT_EQ(out[2], c + "perspective/aspectRatio@0 = 2.0");
  EXPECT_EQ(out[4], c + "perspective/zfar@0 = \"Infinity\"");
  EXPECT_EQ(out[5], c + "orthographic/xmag@0 = \"NaN\"");
}

}  // namespace
}  // namespace vitrine::test
