// Settings and the Recent files list: what the viewer remembers between runs.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "asset_builder.h"
#include "recent_files.h"
#include "settings.h"

namespace vitrine::app {
namespace {

std::string scratch(const std::string& name) {
  const std::string dir = test::tempPath("settings_test");
  std::filesystem::create_directories(dir);
  return dir + "/" + name;
}

TEST(Settings, RoundTripsEveryField) {
  Settings s;
  s.windowWidth = 800;
  s.windowHeight = 600;
  s.windowX = -20;  // a window on a screen left of the primary one
  s.windowY = 40;
  s.panels.outliner = false;
  s.panels.timeline = false;
  s.panels.statistics = false;
  s.showUi = false;
  s.recentFiles = {"/a/b.gltf", "/c d/e.glb"};
  const std::string path = scratch("nested/folder/settings.json");
  std::filesystem::remove_all(scratch("nested"));
  std::string error;
  ASSERT_TRUE(saveSettings(path, s, &error)) << error;

  std::string warning;
  const Settings r = loadSettings(path, &warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(r.windowWidth, 800u);
  EXPECT_EQ(r.windowHeight, 600u);
  EXPECT_EQ(r.windowX, -20);
  EXPECT_EQ(r.windowY, 40);
  EXPECT_FALSE(r.panels.outliner);
  EXPECT_TRUE(r.panels.inspector);
  EXPECT_FALSE(r.panels.timeline);
  EXPECT_FALSE(r.panels.statistics);
  EXPECT_FALSE(r.showUi);
  EXPECT_EQ(r.recentFiles, s.recentFiles);
  // No temporary file is left beside it.
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(scratch("nested/folder"))) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1u);
}

TEST(Settings, MissingFileGivesDefaultsSilently) {
  std::string warning;
  const Settings r = loadSettings(scratch("does-not-exist.json"), &warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(r.windowWidth, 1280u);
  EXPECT_FALSE(r.windowX.has_value());
  EXPECT_TRUE(r.showUi);
  EXPECT_TRUE(r.recentFiles.empty());
}

TEST(Settings, CorruptFileGivesDefaultsWithAWarning) {
  const std::string path = scratch("corrupt.json");
  test::writeFile(path, "{\"window\": {\"width\": 900,");  // cut off mid-write
  std::string warning;
  const Settings r = loadSettings(path, &warning);
  EXPECT_EQ(warning, path + ": not a JSON object; using default settings");
  EXPECT_EQ(r.windowWidth, 1280u);
  EXPECT_EQ(r.windowHeight, 720u);
}

TEST(Settings, WrongValuesFallBackOneByOne) {
  const std::string path = scratch("wrong.json");
  test::writeFile(path, R"({"window": {"width": 5, "height": 500, "x": 10},
                             "panels": {"outliner": "yes", "inspector": false},
                             "recentFiles": ["/x.gltf", 3]})");
  std::string warning;
  const Settings r = loadSettings(path, &warning);
  EXPECT_EQ(warning, path + ": \"width\" has an invalid value 5; using its default");
  EXPECT_EQ(r.windowWidth, 1280u);  // too small for a real window
  EXPECT_EQ(r.windowHeight, 500u);
  EXPECT_FALSE(r.windowX.has_value());  // x without y is no position
  EXPECT_TRUE(r.panels.outliner);
  EXPECT_FALSE(r.panels.inspector);
  EXPECT_EQ(r.recentFiles, std::vector<std::string>{"/x.gltf"});
}

TEST(Settings, ConfigDirectoryFollowsXdg) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_CONFIG_HOME", "/tmp/xdg-config", 1);
  EXPECT_EQ(configDirectory(), "/tmp/xdg-config/vitrine");
  EXPECT_EQ(settingsPath(), "/tmp/xdg-config/vitrine/settings.json");
  setenv("XDG_CONFIG_HOME", "relative/dir", 1);  // ignored, as the XDG spec says
  const char* home = std::getenv("HOME");
  if (home && *home == '/') {
    EXPECT_EQ(configDirectory(), std::string(home) + "/.config/vitrine");
  }
  if (old) {
    setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CONFIG_HOME");
  }
}

TEST(RecentFiles, MostRecentFirstDeduplicatedAtMostTen) {
  std::vector<std::string> list;
  addRecentFile(list, "/m/a.gltf");
  addRecentFile(list, "/m/b.glb");
  addRecentFile(list, "/m/./x/../a.gltf");  // the same file as the first
  EXPECT_EQ(list, (std::vector<std::string>{"/m/a.gltf", "/m/b.glb"}));
  for (int i = 0; i < 12; ++i) addRecentFile(list, "/m/f" + std::to_string(i) + ".gltf");
  ASSERT_EQ(list.size(), kMaxRecentFiles);
  EXPECT_EQ(list.front(), "/m/f11.gltf");
  EXPECT_EQ(list.back(), "/m/f2.gltf");
}

TEST(RecentFiles, RelativePathsAreMadeAbsolute) {
  std::vector<std::string> list;
  addRecentFile(list, "model.gltf");
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0], (std::filesystem::current_path() / "model.gltf").string());
}

TEST(RecentFiles, PruneDropsFilesThatAreGone) {
  const std::string present = scratch("present.gltf");
  test::writeFile(present, "{}");
  std::vector<std::string> list{scratch("gone.gltf"), present, scratch("")};
  pruneMissingFiles(list);
  EXPECT_EQ(list, std::vector<std::string>{present});
}

}  // namespace
}  // namespace vitrine::app
