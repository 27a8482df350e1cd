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

// The file manager's part: the installed entry's Exec line, %s %i %o substituted as the
// thumbnailer specification says (size, input path, output path), run through the shell
// with the installed bin/ on PATH and no display.
TEST_F(Install, ThumbnailerExecLineWritesAThumbnail) {
  const std::string entry = readFile(prefix_ + "/share/thumbnailers/vitrine.thumbnailer");
  const size_t start = entry.find("\nExec=");
  ASSERT_NE(start, std::string::npos) << entry;
  std::string exec = entry.substr(start + 6, entry.find('\n', start + 1) - start - 6);
  const std::string in = VITRINE_MODELS_DIR "/BoxTextured-glTF-Binary/BoxTextured.glb";
  const std::string out = scratchPath("installed-thumbnail.png");
  fs::remove(out);
  for (const auto& [code, value] : {std::pair<std::string, std::string>{"%s", "48"},
                                    {"%i", "'" + in + "'"},
                                    {"%o", "'" + out + "'"}}) {
    const size_t at = exec.find(code);
    ASSERT_NE(at, std::string::npos) << code << " in " << exec;
    exec.replace(at, code.size(), value);
  }
  std::string log;
  ASSERT_EQ(run("env -u DISPLAY -u WAYLAND_DISPLAY PATH='" + prefix_ + "/bin':\"$PATH\" " +
                    "XDG_CACHE_HOME='" VITRINE_TEST_TMP "/cache' VITRINE_VALIDATION=1 " + exec,
                &log),
            0)
      << exec << "\n"
      << log;
  const Png png = readPng(out);
  ASSERT_EQ(png.width, 48);
  ASSERT_EQ(png.height, 48);
  size_t opaque = 0;
  for (size_t i = 3; i < png.rgba.size(); i += 4) opaque += png.rgba[i] == 255;
  EXPECT_GT(opaque, 48u * 48u / 8);  // the box covers a good part of it
  EXPECT_LT(opaque, 48u * 48u);      // on a clear background
}

TEST_F(Install, InstalledBinaryFindsItsDemoScene) {
  std::string out;
  // --check reads the scene without Vulkan; with no FILE it names the demo scene it opened.
  EXPECT_EQ(run("'" + prefix_ + "/bin/vitrine' --check", &out), 0) << out;
  const std::string demo = fs::canonical(prefix_ + "/share/vitrine/demo.gltf").string();
  EXPECT_EQ(out, std::string(
                     "info /asset/generator: Generator \"Vitrine scripts/make_demo_scene.py\"\n") +
                     demo + ": 0 error(s), 0 warning(s)\n");
}

}  // namespace
}  // namespace vitrine::test
