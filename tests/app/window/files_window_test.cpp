// The viewer's file handling in a real window under Xvfb, on lavapipe with the validation layer:
// dropped files open (or fail without losing the open one), hot reload waits for a file being
// written, and F12 writes the 3D view without the UI.
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "asset_builder.h"
#include "batch_check.h"
#include "document.h"
#include "files.h"
#include "png.h"
#include "settings.h"
#include "viewer.h"

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

std::string folder(const std::string& name) {
  const std::string dir = test::tempPath("files_window_test/" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Settings and caches of these tests stay in the test tree.
void isolateConfig() {
  fs::create_directories(test::tempPath("files_window_test") + "/cache");
  setenv("XDG_CONFIG_HOME", (test::tempPath("files_window_test") + "/config").c_str(), 1);
  setenv("XDG_CACHE_HOME", (test::tempPath("files_window_test") + "/cache").c_str(), 1);
}

// A quad with a material named `material`, and two clips "slide" and "bob" moving its node
// over 0..2 s.
test::AssetBuilder animatedQuad(const std::string& material, const glm::vec4& color) {
  test::AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad(color))});
  b.json()["materials"][0]["name"] = material;
  const int times = b.addFloats({0.0f, 2.0f}, "SCALAR");
  b.json()["accessors"][times]["min"] = {0.0};
  b.json()["accessors"][times]["max"] = {2.0};
  const int moves = b.addVec3({{0, 0, 0}, {0.5f, 0, 0}});
  for (const char* name : {"slide", "bob"}) {
    b.json()["animations"].push_back(
        {{"name", name},
         {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}},
         {"samplers", {{{"input", times}, {"output", moves}}}}});
  }
  return b;
}

std::unique_ptr<Viewer> openViewer(const std::string& path, std::vector<bool> enabled = {},
                                   double reloadBrokenSeconds = 1.0) {
  isolateConfig();
  DocumentResult loaded = loadDocument(path);
  EXPECT_TRUE(loaded.document) << loaded.error;
  if (!loaded.document) return nullptr;
  if (enabled.empty()) enabled.assign(loaded.document->animations->clips().size(), true);
  ViewerOptions options;
  options.width = 320;
  options.height = 200;
  options.validation = true;
  options.reloadBrokenSeconds = reloadBrokenSeconds;
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), enabled, options, &error);
  EXPECT_TRUE(viewer) << error;
  return viewer;
}

// Runs frames until `done` or `seconds` of wall time pass; `each` runs after every frame.
bool runUntil(
    Viewer& v, const std::function<bool()>& done, double seconds,
    const std::function<void()>& each = [] {}) {
  const double start = glfwGetTime();
  while (glfwGetTime() - start < seconds) {
    if (!v.runFrame()) return false;
    each();
    if (done()) return true;
  }
  return false;
}

TEST(FilesWindow, DroppedFileOpensAndABadOneKeepsTheOpenDocument) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openViewer(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());

  const std::string dir = folder("drop");
  const std::string dropped = animatedQuad("dropped", {0, 0, 1, 1}).writeGlb("files_drop");
  viewer->inject(DropEvent{{dropped, VITRINE_SOURCE_DIR "/assets/demo.gltf"}});
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return s.document->path == dropped; }, 60.0));
  EXPECT_EQ(s.document->scene->nodes.size(), 1u);
  ASSERT_EQ(s.document->scene->materials.size(), 1u);
  EXPECT_EQ(s.document->scene->materials[0].name, "dropped");
  ASSERT_EQ(s.document->animations->clips().size(), 2u);
  EXPECT_EQ(s.timeline.enabled(), (std::vector<bool>{true, true}));  // a new file: all play
  EXPECT_EQ(s.fileError, "");
  EXPECT_EQ(s.status, "Opened " + dropped);
  EXPECT_EQ(viewer->files().settings().recentFiles.front(), dropped);

  // A broken file: the error says what and where; the dropped asset stays open.
  const std::string bad = dir + "/broken.gltf";
  test::writeFile(bad, R"({"asset": {"version": "2.0"}, "nodes": [{"mesh": 7}]})");
  viewer->inject(DropEvent{{bad}});
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return !s.fileError.empty(); }, 60.0));
  EXPECT_EQ(s.fileError, bad + ": /nodes/0/mesh: mesh 7 does not exist (0 meshes)");
  EXPECT_EQ(s.document->path, dropped);
  EXPECT_EQ(s.document->scene->materials[0].name, "dropped");
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());  // the error panel draws
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

// A problem found at load reads the same in the window as under --check (issue 14): the
// warnings of a dropped file are listed, and with an error those met before it.
TEST(FilesWindow, LoadProblemsAreShownAsCheckListsThem) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openViewer(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_TRUE(s.fileWarnings.empty());

  // The quad with an image outside its folder: loaded, with a warning.
  const std::string dir = folder("problems");
  fs::create_directories(dir + "/asset");
  test::AssetBuilder b = animatedQuad("warned", {0, 0, 1, 1});
  b.json()["images"] = {{{"uri", "../outside.png"}}};
  const std::string warned = dir + "/asset/warned.gltf";
  test::writeFile(dir + "/asset/warned.bin", b.bin().data(), b.bin().size());
  test::writeFile(warned, b.gltfText("warned.bin"));
  const std::string warning =
      warned +
      ": /images/0/uri: \"../outside.png\" resolves outside the asset's folder (use "
      "--allow-outside-folder to read it)";
  viewer->inject(DropEvent{{warned}});
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return s.document->path == warned; }, 60.0));
  EXPECT_EQ(s.fileError, "");
  EXPECT_EQ(s.fileWarnings, std::vector<std::string>{warning});
  const CheckReport check = checkAsset(warned);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_EQ(warned + ": " + check.problems[0].pointer + ": " + check.problems[0].message, warning);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());  // the panel draws

  // The same, and then an error found in the data (a position that is not finite): both
  // shown, the error as --check gives it.
  std::vector<uint8_t> bin = b.bin();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(bin.data(), &nan, 4);  // POSITION x of vertex 0 (accessor 0 is first)
  test::writeFile(dir + "/asset/broken.bin", bin.data(), bin.size());
  const std::string broken = dir + "/asset/broken.gltf";
  test::writeFile(broken, b.gltfText("broken.bin"));
  viewer->inject(DropEvent{{broken}});
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return !s.fileError.empty(); }, 60.0));
  const std::string brokenWarning = broken + warning.substr(warned.size());
  EXPECT_EQ(s.fileWarnings, std::vector<std::string>{brokenWarning});
  const CheckReport bad = checkAsset(broken);
  ASSERT_EQ(bad.problems.size(), 2u);
  EXPECT_FALSE(bad.problems[0].error);
  EXPECT_TRUE(bad.problems[1].error);
  EXPECT_EQ(s.fileError, broken + ": " + bad.problems[1].pointer + ": " + bad.problems[1].message);
  EXPECT_EQ(bad.exitStatus(), kCheckErrors);
  EXPECT_EQ(s.document->path, warned);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(FilesWindow, HotReloadWaitsForAHalfWrittenFile) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const std::string dir = folder("reload");
  const std::string path = dir + "/asset.gltf";
  const test::AssetBuilder v1 = animatedQuad("first", {1, 0, 0, 1});
  test::writeFile(path, v1.embeddedGltfText());
  // Only "bob" plays. A failed reload counts as a half-written file for 4 s after the last
  // write: time enough for the partial load to fail on a busy machine.
  auto viewer = openViewer(path, {false, true}, 4.0);
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());
  s.timeline.togglePlay();  // paused at a time the reload must keep
  ClipSettings bob = s.timeline.clip(1);
  bob.speed = 0.5f;  // and a clip setting
  bob.loop = LoopMode::PingPong;
  s.timeline.setClip(1, bob);
  s.timeline.setTime(1.25f);
  ASSERT_TRUE(viewer->runFrame());

  // The exporter writes half the file, then (later) the rest.
  const std::string v2 = animatedQuad("second", {0, 1, 0, 1}).embeddedGltfText();
  test::writeFile(path, v2.substr(0, v2.size() / 2));
  auto noError = [&] { ASSERT_EQ(s.fileError, "") << "an error was shown for a partial write"; };
  // The half-written file is loaded once it seems stable (0.3 s), fails, and is kept quiet.
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return viewer->files().quietFailures() >= 1; }, 30.0, noError));
  EXPECT_EQ(s.document->scene->materials[0].name, "first");
  test::writeFile(path, v2);
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return s.document->scene->materials[0].name == "second"; }, 30.0, noError));
  // The retry scheduled for the partial write is dropped: nothing else reloads, no error.
  EXPECT_FALSE(viewer->files().reloadPending());
  EXPECT_FALSE(viewer->files().loading());
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(viewer->runFrame());
  noError();
  EXPECT_EQ(viewer->files().quietFailures(), 1);
  EXPECT_EQ(s.document->scene->materials[0].name, "second");
  EXPECT_EQ(s.status, "Reloaded " + path);
  // Time, play state and the animation selection survived the reload.
  EXPECT_FALSE(s.timeline.playing());
  EXPECT_EQ(s.timeline.time(), 1.25f);
  EXPECT_EQ(s.timeline.enabled(), (std::vector<bool>{false, true}));
  EXPECT_EQ(s.timeline.clip(1).speed, 0.5f);
  EXPECT_EQ(s.timeline.clip(1).loop, LoopMode::PingPong);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(FilesWindow, BrokenFileThatStaysBrokenIsShown) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const std::string dir = folder("broken");
  const std::string path = dir + "/asset.gltf";
  test::writeFile(path, animatedQuad("first", {1, 0, 0, 1}).embeddedGltfText());
  auto viewer = openViewer(path);
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());
  test::writeFile(path, "{\"asset\": ");
  ASSERT_TRUE(runUntil(
      *viewer, [&] { return !s.fileError.empty(); }, 30.0));
  EXPECT_EQ(s.fileError.rfind(path + ": invalid JSON: ", 0), 0u) << s.fileError;
  EXPECT_EQ(s.document->scene->materials[0].name, "first");
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(FilesWindow, F12WritesTheViewWithoutUi) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  const std::string dir = folder("screenshot");
  const std::string path = dir + "/shot.gltf";
  test::writeFile(path, animatedQuad("shot", {1, 0.5f, 0, 1}).embeddedGltfText());
  auto viewer = openViewer(path);
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  s.timeline.togglePlay();  // a still picture, to compare with
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(viewer->runFrame());
  ASSERT_GT(s.menuHeight, 0.0f);  // there is UI on screen to leave out

  viewer->inject(KeyEvent{GLFW_KEY_F12, 0});
  ASSERT_TRUE(viewer->runFrame());
  const std::string png = dir + "/shot-1.png";
  EXPECT_EQ(s.status, "Screenshot saved to " + png);
  const test::Png shot = test::readPng(png);
  int w = 0, h = 0;
  glfwGetFramebufferSize(viewer->window(), &w, &h);
  ASSERT_EQ(shot.width, w);
  ASSERT_EQ(shot.height, h);
  // Exactly the 3D view: what the renderer draws offscreen for the same camera, no menu bar.
  const renderer::Pixels expected = viewer->renderer().renderOffscreen(
      viewer->currentView(float(w) / float(h)), uint32_t(w), uint32_t(h));
  EXPECT_TRUE(shot.rgba == expected.rgba);
  // The next one does not overwrite it.
  viewer->inject(KeyEvent{GLFW_KEY_F12, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_TRUE(fs::exists(dir + "/shot-2.png"));
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(FilesWindow, TabHidesAllUi) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  auto viewer = openViewer(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(viewer);
  Session& s = viewer->session();
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_GT(s.menuHeight, 0.0f);
  viewer->inject(KeyEvent{GLFW_KEY_TAB, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_FALSE(s.showUi);
  EXPECT_EQ(s.menuHeight, 0.0f);
  viewer->inject(KeyEvent{GLFW_KEY_TAB, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_TRUE(s.showUi);
  EXPECT_GT(s.menuHeight, 0.0f);
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
}

TEST(FilesWindow, WindowAndPanelsAreRememberedBetweenRuns) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "needs an X server: run through make test";
  isolateConfig();
  const std::string file = folder("settings") + "/settings.json";
  DocumentResult loaded = loadDocument(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(loaded.document) << loaded.error;
  ViewerOptions options;
  options.width = 300;
  options.height = 180;
  options.validation = true;
  options.settingsFile = file;
  options.settings.panels.inspector = false;  // as the last run left it
  std::string error;
  auto viewer = Viewer::create(std::move(loaded.document), {true, true, true}, options, &error);
  ASSERT_TRUE(viewer) << error;
  Session& s = viewer->session();
  EXPECT_FALSE(s.panels.inspector);
  ASSERT_TRUE(viewer->runFrame());
  // The file was opened: it leads the recent files, saved at once.
  std::string warning;
  EXPECT_EQ(loadSettings(file, &warning).recentFiles.front(),
            fs::path(VITRINE_SOURCE_DIR "/assets/demo.gltf").lexically_normal().string());
  // Ctrl+O shows the Open dialog; plain O does not.
  viewer->inject(KeyEvent{GLFW_KEY_O, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_FALSE(viewer->files().browserShown());
  viewer->inject(KeyEvent{GLFW_KEY_O, GLFW_MOD_CONTROL});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_TRUE(viewer->files().browserShown());
  s.panels.timeline = false;
  viewer->inject(KeyEvent{GLFW_KEY_TAB, 0});
  ASSERT_TRUE(viewer->runFrame());
  EXPECT_EQ(viewer->renderer().validationMessageCount(), 0u);
  viewer.reset();  // saves

  const Settings saved = loadSettings(file, &warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(saved.windowWidth, 300u);
  EXPECT_EQ(saved.windowHeight, 180u);
  EXPECT_TRUE(saved.windowX.has_value());
  EXPECT_FALSE(saved.panels.inspector);
  EXPECT_FALSE(saved.panels.timeline);
  EXPECT_TRUE(saved.panels.outliner);
  EXPECT_FALSE(saved.showUi);
}

}  // namespace
}  // namespace vitrine::app
