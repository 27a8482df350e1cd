// Replacing the open document in a real window under Xvfb, validation on: panel caches follow
// the document even when they were hidden while it changed, and a hot reload keeps the camera,
// the selection (by name path), the active scene and the ping-pong direction.
#include <cstdlib>
#include <filesystem>
#include <functional>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "asset_builder.h"
#include "document.h"
#include "files.h"
#include "node_tree.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<Viewer> openViewer(const std::string& path, const ViewerOptions& base = {}) {
  DocumentResult loaded = loadDocument(path);
  EXPECT_TRUE(loaded.document) << loaded.error;
  if (!loaded.document) return nullptr;
  const std::vector<bool> enabled(loaded.document->animations->clips().size(), true);
  ViewerOptions options = base;
  options.width = 320;
  options.height = 200;
  options.validation = true;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), enabled, options, &error);
  EXPECT_TRUE(viewer) << error;
  return viewer;
}

// `count` quads side by side under no common parent, named "<prefix>0", "<prefix>1"...
test::AssetBuilder quads(int count, const std::string& prefix) {
  test::AssetBuilder b;
  std::vector<int> roots;
  for (int i = 0; i < count; ++i) {
    const int node = b.addMeshNode(b.addColoredQuad({1, 0, 0, 1}), {float(i), 0, 0});
    b.json()["nodes"][node]["name"] = prefix + std::to_string(i);
    roots.push_back(node);
  }
  b.addScene(roots);
  return b;
}

std::unique_ptr<Document> load(const std::string& path) {
  DocumentResult r = loadDocument(path);
  EXPECT_TRUE(r.document) << r.error;
  return std::move(r.document);
}

TEST(ReloadWindow, HiddenPanelsRebuildForEveryNewDocument) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openViewer(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  s.selectedNode = 1;
  ASSERT_TRUE(viewer->runFrame());  // the panels cache the demo's tree and properties
  const ScenePanels& panels = viewer->scenePanels();
  ASSERT_EQ(panels.outliner().documentSerial(), s.document->serial);
  ASSERT_GT(panels.outliner().rows().size(), 3u);
  const Document* first = s.document.get();

  // Hidden (Tab) while two documents replace it: the first frees the demo, and the second is
  // moved into a Document allocated right after, which the allocator usually places at the
  // demo's address. A cache keyed on the address would take it for the demo and keep the rows
  // and slots of the freed scene.
  std::unique_ptr<Document> a = load(quads(3, "a").writeGlb("reload_hidden_a"));
  std::unique_ptr<Document> b = load(quads(2, "b").writeGlb("reload_hidden_b"));
  ASSERT_TRUE(a && b);
  s.showUi = false;
  ASSERT_TRUE(viewer->runFrame());
  viewer->replaceDocument(std::move(a), false);
  auto second = std::make_unique<Document>(std::move(*b));
  const bool reused = second.get() == first;
  viewer->replaceDocument(std::move(second), false);
  ASSERT_TRUE(viewer->runFrame());
  std::printf("the last document %s the demo's address\n", reused ? "reuses" : "does not reuse");
  s.selectedNode = 1;
  s.showUi = true;
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(viewer->runFrame());

  const scene::Scene& scene = *s.document->scene;
  ASSERT_EQ(scene.nodes.size(), 2u);
  EXPECT_EQ(panels.outliner().documentSerial(), s.document->serial);
  EXPECT_EQ(panels.inspector().documentSerial(), s.document->serial);
  ASSERT_EQ(panels.outliner().rows().size(), 2u);
  EXPECT_EQ(panels.outliner().rows()[0].node, 0u);
  EXPECT_EQ(panels.outliner().rows()[1].node, 1u);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A rig "Rig" with children "Arm" and "Leg" and a second root "Solo"; scene 0 shows the rig,
// scene 1 the rig and Solo; one clip moves Arm over 0..2 s. With `extraFirst`, the exporter
// has put a node "Extra" far to the right before all of them (every index shifts by one).
std::string rigText(bool extraFirst) {
  test::AssetBuilder b;
  const int quad = b.addColoredQuad({0.8f, 0.8f, 0.8f, 1});
  int extra = -1;
  if (extraFirst) {
    extra = b.addMeshNode(quad, {10, 0, 0});
    b.json()["nodes"][extra]["name"] = "Extra";
  }
  const int rig = b.addNode({{"name", "Rig"}});
  const int arm = b.addMeshNode(quad, {0, 1, 0});
  const int leg = b.addMeshNode(quad, {0, -1, 0});
  const int solo = b.addMeshNode(quad, {2, 0, 0});
  b.json()["nodes"][arm]["name"] = "Arm";
  b.json()["nodes"][leg]["name"] = "Leg";
  b.json()["nodes"][solo]["name"] = "Solo";
  b.json()["nodes"][rig]["children"] = {arm, leg};
  b.addScene({rig});
  b.addScene(extraFirst ? std::vector<int>{rig, solo, extra} : std::vector<int>{rig, solo});
  const int times = b.addFloats({0.0f, 2.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {2.0};
  const int moves = b.addVec3({{0, 1, 0}, {0.5f, 1, 0}});
  b.json()["animations"].push_back(
      {{"name", "wave"},
       {"channels", {{{"sampler", 0}, {"target", {{"node", arm}, {"path", "translation"}}}}}},
       {"samplers", {{{"input", times}, {"output", moves}}}}});
  return b.embeddedGltfText();
}

// Runs frames until `done` or 60 s of wall time pass (a busy machine loads slowly).
bool runUntil(Viewer& v, const std::function<bool()>& done) {
  const double start = glfwGetTime();
  while (glfwGetTime() - start < 60.0) {
    if (!v.runFrame()) return false;
    if (done()) return true;
  }
  return false;
}

TEST(ReloadWindow, HotReloadKeepsCameraSelectionSceneAndPingPongDirection) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const std::string dir = test::tempPath("reload_window_test/carry");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = dir + "/rig.gltf";
  test::writeFile(path, rigText(false));
  ViewerOptions options;
  options.reloadStableSeconds = 0.1;
  options.reloadBrokenSeconds = 10.0;  // no failure expected; never a quiet one shown early
  auto viewer = openViewer(path, options);
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());

  // The artist looks at scene 1, has framed and selected "Leg", and the ping-pong is on its
  // way back when they pause.
  ASSERT_EQ(s.document->scene->scenes.size(), 2u);
  s.document->scene->activeScene = 1;
  viewer->renderer().setScene(*s.document->scene, 1);
  s.selectedNode = 2;
  ASSERT_EQ(s.document->scene->nodes[2].name, "Leg");
  viewer->frameNode(2);
  s.timeline.setLoop(LoopMode::PingPong);
  s.timeline.setFps(24);  // chosen by hand: a reload keeps it
  s.timeline.setTime(1.95);
  s.timeline.play();
  s.timeline.advance(0.1);  // past the end: reflected
  s.timeline.pause();
  ASSERT_EQ(s.timeline.direction(), -1);
  const double time = s.timeline.time();
  ASSERT_TRUE(viewer->runFrame());
  const renderer::View before = viewer->currentView(1.5f);

  test::writeFile(path, rigText(true));
  ASSERT_TRUE(runUntil(*viewer, [&] { return s.status == "Reloaded " + path; }));
  const scene::Scene& scene = *s.document->scene;
  ASSERT_EQ(scene.nodes.size(), 5u);
  ASSERT_EQ(scene.nodes[0].name, "Extra");
  EXPECT_EQ(s.fileError, "");
  EXPECT_EQ(s.selectedNode, std::optional<uint32_t>(3)) << "Leg, now node 3";
  EXPECT_EQ(scene.activeScene, 1);
  EXPECT_EQ(s.timeline.direction(), -1);
  EXPECT_EQ(s.timeline.loop(), LoopMode::PingPong);
  EXPECT_EQ(s.timeline.fps(), 24);
  EXPECT_EQ(s.timeline.time(), time);
  EXPECT_FALSE(s.timeline.playing());
  const renderer::View after = viewer->currentView(1.5f);
  EXPECT_EQ(after.view, before.view) << "the orbit camera moved";
  EXPECT_EQ(after.projection, before.projection);
  // The renderer draws the carried scene: Rig's two quads, Solo and Extra.
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().lastDrawStats().drawCalls, 4u);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(ReloadWindow, DocumentSerialsAreUniqueAndIncreasing) {
  const std::string path = quads(1, "n").writeGlb("reload_serial");
  auto a = load(path);
  auto b = load(path);
  ASSERT_TRUE(a && b);
  EXPECT_GT(a->serial, 0u);
  EXPECT_GT(b->serial, a->serial);
}

// Issue 16: a document opened while the window runs is uploaded a chunk a frame; until its
// last chunk arrives every frame is presented with the current document, which then gives way.
TEST(ReloadWindow, AnOpenedDocumentArrivesWhileTheCurrentOneIsDrawn) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  ViewerOptions options;
  options.uploadChunkBytes = 16 << 10;  // BoxTextured's mip-mapped texture alone is ~22 chunks
  auto viewer = openViewer(VITRINE_SOURCE_DIR "/assets/demo.gltf", options);
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());
  const Document* demo = s.document.get();
  const std::string path = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";
  std::unique_ptr<Document> box = load(path);
  ASSERT_TRUE(box);
  viewer->beginDocument(std::move(box), false, false);
  ASSERT_NE(viewer->arrivingDocument(), nullptr);
  const uint64_t presented = viewer->framesPresented();
  int frames = 0;
  float progress = 0.0f;
  while (viewer->arrivingDocument()) {
    EXPECT_EQ(s.document.get(), demo) << "frame " << frames;
    // The progress bar's: this file, rising.
    ASSERT_TRUE(s.arriving);
    EXPECT_EQ(s.arriving->path, path);
    EXPECT_FALSE(s.arriving->reload);
    EXPECT_GE(s.arriving->progress, progress);
    progress = s.arriving->progress;
    ASSERT_TRUE(viewer->runFrame());
    ASSERT_LT(++frames, 1000);
  }
  EXPECT_GT(frames, 10);
  EXPECT_GT(progress, 0.5f);
  EXPECT_FALSE(s.arriving);
  EXPECT_EQ(viewer->framesPresented() - presented, uint64_t(frames));  // none skipped
  EXPECT_NE(s.document.get(), demo);
  EXPECT_EQ(s.document->path, path);
  EXPECT_EQ(s.status, "Opened " + path);
  EXPECT_EQ(s.fileError, "");
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

}  // namespace
}  // namespace vitrine::app
