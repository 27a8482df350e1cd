// The file handling of the viewer without a window: a document's dependencies, loading on the
// worker thread, the clip selection carried over a reload, the Open dialog's listing and
// where screenshots go.
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "document.h"
#include "document_swap.h"
#include "file_browser.h"
#include "files.h"
#include "loader_thread.h"
#include "png_writer.h"
#include "screenshot.h"

namespace vitrine::app {
namespace {

namespace fs = std::filesystem;

std::string folder(const std::string& name) {
  const std::string dir = test::tempPath("files_test/" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A quad whose base colour is an external PNG: buffer "<stem>.bin", image "tex ture.png"
// (a space, percent-encoded in the URI), and a second image as a data URI.
test::AssetBuilder texturedQuad() {
  test::AssetBuilder b;
  const int mesh = b.addColoredQuad({1, 1, 1, 1});
  b.addScene({b.addMeshNode(mesh)});
  b.json()["images"] = nlohmann::json::array();
  b.json()["images"].push_back({{"uri", "tex%20ture.png"}});
  const std::vector<uint8_t> png = test::encodePng(1, 1, 4, 8, {255, 0, 0, 255});
  b.json()["images"].push_back(
      {{"uri", "data:image/png;base64," + test::base64(png.data(), png.size())}});
  b.addTexture(0);
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  return b;
}

TEST(Dependencies, ExternalBufferAndImageResolvedAgainstTheFilesFolder) {
  const std::string dir = folder("deps");
  const test::AssetBuilder b = texturedQuad();
  const std::vector<uint8_t> png = test::encodePng(1, 1, 4, 8, {0, 255, 0, 255});
  test::writeFile(dir + "/tex ture.png", png.data(), png.size());
  test::writeFile(dir + "/quad.gltf", b.gltfText("quad.bin"));
  test::writeFile(dir + "/quad.bin", b.bin().data(), b.bin().size());

  // A relative path: dependencies are absolute all the same.
  const std::string relative = fs::relative(dir + "/quad.gltf").string();
  DocumentResult r = loadDocument(relative);
  ASSERT_TRUE(r.document) << r.error;
  EXPECT_EQ(r.document->dependencies,
            (std::vector<std::string>{dir + "/quad.bin", dir + "/tex ture.png"}));
}

TEST(Dependencies, GlbAndDataUrisAreNotFiles) {
  const test::AssetBuilder b = texturedQuad();
  test::AssetBuilder glb = b;
  glb.json()["images"].erase(0);  // only the data-URI image
  glb.json()["textures"][0]["source"] = 0;
  DocumentResult r = loadDocument(glb.writeGlb("files_test_glb_deps"));
  ASSERT_TRUE(r.document) << r.error;
  EXPECT_TRUE(r.document->dependencies.empty());
  DocumentResult e = loadDocument(glb.writeEmbeddedGltf("files_test_embedded_deps"));
  ASSERT_TRUE(e.document) << e.error;
  EXPECT_TRUE(e.document->dependencies.empty());
}

TEST(LoaderThread, LoadsInTheBackgroundWithProgress) {
  LoaderThread loader;
  EXPECT_FALSE(loader.take().has_value());  // nothing started
  ASSERT_TRUE(loader.start(VITRINE_SOURCE_DIR "/assets/demo.gltf", LoaderThread::Purpose::Reload));
  EXPECT_TRUE(loader.busy());
  EXPECT_FALSE(loader.start("other.gltf", LoaderThread::Purpose::Open));  // one at a time
  std::optional<LoaderThread::Finished> done;
  for (int i = 0; i < 6000 && !done; ++i) {
    done = loader.take();
    if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(done.has_value());
  EXPECT_FALSE(loader.busy());
  EXPECT_EQ(done->purpose, LoaderThread::Purpose::Reload);
  EXPECT_EQ(done->path, VITRINE_SOURCE_DIR "/assets/demo.gltf");
  ASSERT_TRUE(done->result.document) << done->result.error;
  EXPECT_EQ(done->result.document->animations->clips().size(), 3u);
  EXPECT_EQ(loader.progress(), 1.0f);
  EXPECT_EQ(loader.stage(), "Binding animations");  // the last stage reported
  EXPECT_FALSE(loader.take().has_value());          // taken once
}

// A file the user opens is loaded with its images left encoded, to stream in as the start-up
// file's do (issue 16).
TEST(Files, AnOpenedFileLeavesItsImagesToStream) {
  Files files("", Settings{});
  const std::string box = VITRINE_MODELS_DIR "/BoxTextured-glTF/BoxTextured.gltf";
  files.open(box);
  Session session;
  std::optional<LoaderThread::Finished> done;
  for (int i = 0; i < 6000 && !done; ++i) {
    done = files.update(0.0, session);
    if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(done.has_value());
  ASSERT_TRUE(done->result.document) << done->result.error;
  const scene::Image& image = done->result.document->scene->images.at(0);
  const DocumentResult whole = loadDocument(box);
  ASSERT_TRUE(whole.document) << whole.error;
  EXPECT_EQ(image.width, whole.document->scene->images.at(0).width);  // its header was read
  EXPECT_TRUE(image.rgba8.empty());
  EXPECT_FALSE(image.encoded.empty());
}

TEST(LoaderThread, ReportsTheLoadersError) {
  const std::string dir = folder("loader_error");
  test::writeFile(dir + "/bad.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [");
  LoaderThread loader;
  ASSERT_TRUE(loader.start(dir + "/bad.gltf", LoaderThread::Purpose::Open));
  std::optional<LoaderThread::Finished> done;
  for (int i = 0; i < 6000 && !done; ++i) {
    done = loader.take();
    if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(done.has_value());
  EXPECT_FALSE(done->result.document);
  EXPECT_EQ(done->result.error.rfind(dir + "/bad.gltf: invalid JSON: ", 0), 0u)
      << done->result.error;
}

TEST(CarryClipSelection, ByNameThenByIndex) {
  // Renamed "walk" is gone, "run" moved from index 1 to 0, a new clip appears.
  EXPECT_EQ(
      carryClipSelection({"walk", "run", "idle"}, {true, false, true}, {"run", "idle", "jump"}),
      (std::vector<bool>{false, true, true}));
  // Unnamed clips keep their index's flag; extra clips play.
  EXPECT_EQ(carryClipSelection({"", ""}, {false, true}, {"", "", ""}),
            (std::vector<bool>{false, true, true}));
  // A named clip never takes the flag of a different named clip at its index.
  EXPECT_EQ(carryClipSelection({"a"}, {false}, {"b"}), (std::vector<bool>{true}));
}

TEST(MatchClips, OldIndexByNameThenByIndexElseNone) {
  EXPECT_EQ(matchClips({"walk", "run", "idle"}, {"run", "idle", "jump"}),
            (std::vector<int>{1, 2, kNoClip}));
  EXPECT_EQ(matchClips({"", "named"}, {"", "", ""}), (std::vector<int>{0, 1, kNoClip}));
  EXPECT_EQ(matchClips({"a"}, {"b"}), (std::vector<int>{kNoClip}));
}

// Nodes named by `names`, node i's parent parents[i] (-1: a root).
scene::Scene namedNodes(const std::vector<std::string>& names, const std::vector<int>& parents) {
  scene::Scene sc;
  sc.nodes.resize(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    sc.nodes[i].name = names[i];
    sc.nodes[i].parent = parents[i];
    if (parents[i] >= 0) sc.nodes[size_t(parents[i])].children.push_back(int(i));
  }
  return sc;
}

TEST(MatchNode, ByNamesFromTheRootThenByIndex) {
  const scene::Scene old = namedNodes({"Rig", "Arm", "Hand", "Leg"}, {-1, 0, 1, 0});
  // The exporter inserted a node first, and a second "Hand" under another parent.
  const scene::Scene next =
      namedNodes({"Light", "Rig", "Hand", "Arm", "Hand", "Leg"}, {-1, -1, 1, 1, 3, 1});
  EXPECT_EQ(matchNode(old, 2, next), std::optional<uint32_t>(4));  // Rig/Arm/Hand, not Rig/Hand
  EXPECT_EQ(matchNode(old, 3, next), std::optional<uint32_t>(5));
  EXPECT_EQ(matchNode(old, 0, next), std::optional<uint32_t>(1));
  // Renamed: the same index, when there is one.
  const scene::Scene renamed = namedNodes({"Rig", "Limb"}, {-1, 0});
  EXPECT_EQ(matchNode(old, 1, renamed), std::optional<uint32_t>(1));
  EXPECT_EQ(matchNode(old, 3, renamed), std::nullopt);
  // Unnamed on the way: by index.
  const scene::Scene unnamed = namedNodes({"", "Arm"}, {-1, 0});
  EXPECT_EQ(matchNode(unnamed, 1, namedNodes({"Arm", "", "Arm"}, {-1, -1, 1})),
            std::optional<uint32_t>(1));
  // Several with the same names: the one at the same index.
  const scene::Scene twins = namedNodes({"A", "A", "A"}, {-1, -1, -1});
  EXPECT_EQ(matchNode(twins, 1, twins), std::optional<uint32_t>(1));
  EXPECT_EQ(matchNode(twins, 2, namedNodes({"B", "A", "A"}, {-1, -1, -1})),
            std::optional<uint32_t>(2));
  EXPECT_EQ(matchNode(twins, 0, namedNodes({"B", "A", "A"}, {-1, -1, -1})),
            std::optional<uint32_t>(1));
}

TEST(FileBrowser, ListsFoldersThenGltfFilesSorted) {
  const std::string dir = folder("browser");
  fs::create_directories(dir + "/zeta");
  fs::create_directories(dir + "/Alpha");
  fs::create_directories(dir + "/.hidden");
  for (const char* f :
       {"b.glb", "a.gltf", "C.GLTF", "notes.txt", ".secret.gltf", "x.bin", "scan.PLY"})
    test::writeFile(dir + "/" + f, "x");
  std::string error;
  const std::vector<BrowserEntry> e = listFolder(dir, &error);
  EXPECT_EQ(error, "");
  std::vector<std::string> names;
  for (const BrowserEntry& x : e) names.push_back((x.folder ? "dir:" : "") + x.name);
  EXPECT_EQ(names, (std::vector<std::string>{"dir:Alpha", "dir:zeta", "C.GLTF", "a.gltf", "b.glb",
                                             "scan.PLY"}));
  listFolder(dir + "/missing", &error);
  EXPECT_EQ(error, dir + "/missing: No such file or directory");
}

TEST(Screenshot, NumberedNextToTheAssetWithoutOverwriting) {
  const std::string dir = folder("shots");
  const std::string asset = dir + "/robot.glb";
  EXPECT_EQ(nextScreenshotPath(asset, "/nonexistent"), dir + "/robot-1.png");
  test::writeFile(dir + "/robot-1.png", "x");
  test::writeFile(dir + "/robot-3.png", "x");
  EXPECT_EQ(nextScreenshotPath(asset, "/nonexistent"), dir + "/robot-2.png");
}

TEST(Screenshot, ReadOnlyAssetFolderFallsBack) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders";
  const std::string dir = folder("shots_ro");
  const std::string pictures = folder("shots_pictures");
  fs::create_directories(dir + "/ro");
  fs::permissions(dir + "/ro", fs::perms::owner_read | fs::perms::owner_exec);
  EXPECT_EQ(nextScreenshotPath(dir + "/ro/robot.gltf", pictures), pictures + "/robot-1.png");
  EXPECT_EQ(nextScreenshotPath(dir + "/ro/robot.gltf", "/nonexistent"), "");
  fs::permissions(dir + "/ro", fs::perms::owner_all);
}

TEST(Screenshot, PicturesDirectoryFromUserDirs) {
  const std::string home = folder("home");
  const std::string config = folder("home_config");
  const char* oldHome = std::getenv("HOME");
  const std::string savedHome = oldHome ? oldHome : "";
  const char* oldXdg = std::getenv("XDG_CONFIG_HOME");
  const std::string savedXdg = oldXdg ? oldXdg : "";
  setenv("HOME", home.c_str(), 1);
  setenv("XDG_CONFIG_HOME", config.c_str(), 1);
  EXPECT_EQ(picturesDirectory(), home);  // no Pictures folder: home itself
  fs::create_directories(home + "/Pictures");
  EXPECT_EQ(picturesDirectory(), home + "/Pictures");
  fs::create_directories(home + "/Bilder");
  test::writeFile(config + "/user-dirs.dirs",
                  "# written by xdg-user-dirs-update\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n");
  EXPECT_EQ(picturesDirectory(), home + "/Bilder");
  setenv("HOME", savedHome.c_str(), 1);
  if (oldXdg) {
    setenv("XDG_CONFIG_HOME", savedXdg.c_str(), 1);
  } else {
    unsetenv("XDG_CONFIG_HOME");
  }
}

}  // namespace
}  // namespace vitrine::app
