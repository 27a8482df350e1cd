// `cmake --install` into a temporary prefix: every installed file where the freedesktop.org
// specifications look for it, the desktop entry valid (desktop-file-validate), the MIME and
// SVG XML well formed (xmllint) and understood by update-mime-database, and the installed
// binary finding its demo scene under PREFIX/share/vitrine.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;

// Runs a shell command line; its exit status, with stdout and stderr in *output.
int run(const std::string& command, std::string* output = nullptr) {
  const std::string log = scratchPath("install-command.log");
  const int status = std::system((command + " >" + log + " 2>&1").c_str());
  if (output) *output = readFile(log);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class Install : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    prefix_ = scratchPath("prefix");
    fs::remove_all(prefix_);
    std::string log;
    ASSERT_EQ(
        run("'" CMAKE_COMMAND "' --install '" VITRINE_BINARY_DIR "' --prefix '" + prefix_ + "'",
            &log),
        0)
        << log;
  }
  static std::string prefix_;
};
std::string Install::prefix_;

TEST_F(Install, FilesWhereTheDesktopLooks) {
  const char* files[] = {"bin/vitrine",
                         "share/vitrine/demo.gltf",
                         "share/applications/vitrine.desktop",
                         "share/mime/packages/vitrine.xml",
                         "share/thumbnailers/vitrine.thumbnailer",
                         "share/icons/hicolor/scalable/apps/vitrine.svg"};
  for (const char* f : files) EXPECT_TRUE(fs::is_regular_file(prefix_ + "/" + f)) << f;
  EXPECT_NE(fs::status(prefix_ + "/bin/vitrine").permissions() & fs::perms::owner_exec,
            fs::perms::none);
  for (int size : {16, 24, 32, 48, 64, 128, 256}) {
    const std::string s = std::to_string(size);
    const Png icon = readPng(prefix_ + "/share/icons/hicolor/" + s + "x" + s + "/apps/vitrine.png");
    EXPECT_EQ(icon.width, size);
    EXPECT_EQ(icon.height, size);
  }
  const std::string desktop = readFile(prefix_ + "/share/applications/vitrine.desktop");
  for (const char* line :
       {"Exec=vitrine %f\n", "Icon=vitrine\n", "Categories=Graphics;3DGraphics;Viewer;\n",
        "MimeType=model/gltf-binary;model/gltf+json;\n", "StartupNotify=false\n",
        "StartupWMClass=vitrine\n"})
    EXPECT_NE(desktop.find(line), std::string::npos) << line;
  const std::string thumbnailer = readFile(prefix_ + "/share/thumbnailers/vitrine.thumbnailer");
  EXPECT_NE(thumbnailer.find("Exec=vitrine --thumbnail %s %i %o\n"), std::string::npos);
  EXPECT_NE(thumbnailer.find("MimeType=model/gltf-binary;model/gltf+json;\n"), std::string::npos);
}

TEST_F(Install, DesktopEntryValidates) {
  std::string log;
  EXPECT_EQ(run("desktop-file-validate '" + prefix_ + "/share/applications/vitrine.desktop'", &log),
            0)
      << log;
  EXPECT_EQ(log, "");  // no hint or warning either
}

TEST_F(Install, XmlIsWellFormed) {
  std::string log;
  EXPECT_EQ(run("xmllint --noout '" + prefix_ + "/share/mime/packages/vitrine.xml'", &log), 0)
      << log;
  EXPECT_EQ(
      run("xmllint --noout '" + prefix_ + "/share/icons/hicolor/scalable/apps/vitrine.svg'", &log),
      0)
      << log;
}

// update-mime-database builds the lookup tables from the package: both types by extension,
// and the binary one by its "glTF" magic too.
TEST_F(Install, MimeDatabaseKnowsBothTypes) {
  const std::string mime = scratchPath("mime");
  fs::remove_all(mime);
  fs::create_directories(mime + "/packages");
  fs::copy_file(prefix_ + "/share/mime/packages/vitrine.xml", mime + "/packages/vitrine.xml");
  std::string log;
  ASSERT_EQ(run("update-mime-database '" + mime + "'", &log), 0) << log;
  const std::string globs = readFile(mime + "/globs2");
  EXPECT_NE(globs.find(":model/gltf-binary:*.glb"), std::string::npos) << globs;
  EXPECT_NE(globs.find(":model/gltf+json:*.gltf"), std::string::npos) << globs;
  const std::string magic = readFile(mime + "/magic");
  // The compiled form: the priority and type, then offset 0, a 2-byte length (4), the value.
  constexpr char kGlbMagic[] = "[60:model/gltf-binary]\n>0=\0\4glTF";
  EXPECT_NE(magic.find(std::string(kGlbMagic, sizeof kGlbMagic - 1)), std::string::npos);
  EXPECT_NE(readFile(mime + "/subclasses").find("model/gltf+json application/json"),
            std::string::npos);
}

TEST_F(Install, InstalledBinaryFindsItsDemoScene) {
  std::string out;
  // --check reads the scene without Vulkan; with no FILE it names the demo scene it opened.
  EXPECT_EQ(run("'" + prefix_ + "/bin/vitrine' --check", &out), 0) << out;
  const std::string demo = fs::canonical(prefix_ + "/share/vitrine/demo.gltf").string();
  EXPECT_EQ(out, demo + ": 0 error(s), 0 warning(s)\n");
}

}  // namespace
}  // namespace vitrine::test
