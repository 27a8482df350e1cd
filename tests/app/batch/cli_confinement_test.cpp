// URI confinement through the executable (issue 14): --check, --render and --thumbnail refuse a
// buffer outside the asset's folder with the same message and exit status, and read it with
// --allow-outside-folder; a scheme stays refused with the option; an image outside is a warning.
#include <cstring>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asset_builder.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;

const std::string kOutside =
    "/buffers/0/uri: \"../outside.bin\" resolves outside the asset's folder (use "
    "--allow-outside-folder to read it)";
const std::string kHttp =
    "/buffers/0/uri: \"http://example.com/a.bin\": http URIs are not read (confinement: only data: "
    "URIs and files inside the asset's folder)";

AssetBuilder quadAsset() {
  AssetBuilder b;
  b.addScene({b.addMeshNode(b.addColoredQuad({1.0f, 0.5f, 0.0f, 1.0f}))});
  return b;
}

// <scratch>/<name>/asset/model.gltf whose buffer is `uri`; <scratch>/<name>/outside.bin holds
// the buffer's bytes. Returns the model's path.
std::string escapingAsset(const std::string& name, const std::string& uri) {
  const AssetBuilder b = quadAsset();
  const std::string root = scratchPath(name);
  fs::remove_all(root);
  fs::create_directories(root + "/asset");
  writeFile(root + "/outside.bin", b.bin().data(), b.bin().size());
  writeFile(root + "/asset/model.gltf", b.gltfText(uri));
  return root + "/asset/model.gltf";
}

// The three modes on `file`, each with `extra` arguments appended.
struct Modes {
  ProcessResult check, render, thumbnail;
  std::string renderOut, thumbnailOut;
};
Modes runModes(const std::string& file, const std::string& tag, bool allow) {
  Modes m;
  m.renderOut = scratchPath(tag + "-render.png");
  m.thumbnailOut = scratchPath(tag + "-thumb.png");
  fs::remove(m.renderOut);
  fs::remove(m.thumbnailOut);
  std::vector<std::string> check{file, "--check"};
  std::vector<std::string> render{file, "--render", m.renderOut, "--size", "32x32"};
  std::vector<std::string> thumbnail{"--thumbnail", "32", file, m.thumbnailOut};
  if (allow) {
    for (auto* args : {&check, &render, &thumbnail}) args->push_back("--allow-outside-folder");
  }
  m.check = runVitrine(check);
  m.render = runVitrine(render);
  m.thumbnail = runVitrine(thumbnail);
  return m;
}

TEST(CliConfinement, OutsideBufferIsTheSameErrorInEveryMode) {
  const std::string file = escapingAsset("confine-outside", "../outside.bin");
  const Modes m = runModes(file, "confine-outside", false);
  EXPECT_EQ(m.check.status, 2);
  EXPECT_EQ(m.check.out, "error " + kOutside + "\n" + file + ": 1 error(s), 0 warning(s)\n");
  for (const ProcessResult* r : {&m.render, &m.thumbnail}) {
    EXPECT_EQ(r->status, 2);
    EXPECT_EQ(r->err, "vitrine: " + file + ": " + kOutside + "\n");
  }
  EXPECT_FALSE(fs::exists(m.renderOut));
  EXPECT_FALSE(fs::exists(m.thumbnailOut));
}

TEST(CliConfinement, OutsideBufferIsReadWithTheOption) {
  const std::string file = escapingAsset("confine-allowed", "../outside.bin");
  const Modes m = runModes(file, "confine-allowed", true);
  EXPECT_EQ(m.check.status, 0) << m.check.out;
  EXPECT_EQ(m.check.out, std::string("info /asset/generator: Generator \"vitrine-test\"\n") + file +
                             ": 0 error(s), 0 warning(s)\n");
  EXPECT_EQ(m.render.status, 0) << m.render.err;
  EXPECT_EQ(m.thumbnail.status, 0) << m.thumbnail.err;
  EXPECT_TRUE(fs::exists(m.renderOut));
  EXPECT_TRUE(fs::exists(m.thumbnailOut));
}

TEST(CliConfinement, SchemeStaysRefusedWithTheOption) {
  const std::string file = escapingAsset("confine-http", "http://example.com/a.bin");
  for (bool allow : {false, true}) {
    const Modes m = runModes(file, "confine-http", allow);
    EXPECT_EQ(m.check.status, 2) << allow;
    EXPECT_EQ(m.check.out, "error " + kHttp + "\n" + file + ": 1 error(s), 0 warning(s)\n");
    for (const ProcessResult* r : {&m.render, &m.thumbnail}) {
      EXPECT_EQ(r->status, 2) << allow;
      EXPECT_EQ(r->err, "vitrine: " + file + ": " + kHttp + "\n");
    }
  }
}

TEST(CliConfinement, OutsideImageIsAWarningInEveryMode) {
  AssetBuilder b = quadAsset();
  b.json()["images"] = {{{"uri", "../outside.png"}}};
  b.addTexture(0);
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  const std::string root = scratchPath("confine-image");
  fs::remove_all(root);
  fs::create_directories(root + "/asset");
  writeFile(root + "/asset/model.bin", b.bin().data(), b.bin().size());
  const std::string file = root + "/asset/model.gltf";
  writeFile(file, b.gltfText("model.bin"));
  const std::string warning =
      "/images/0/uri: \"../outside.png\" resolves outside the asset's folder (use "
      "--allow-outside-folder to read it)";
  const Modes m = runModes(file, "confine-image", false);
  EXPECT_EQ(m.check.status, 1);
  EXPECT_EQ(m.check.out, "warning " + warning + "\n" +
                             std::string("info /asset/generator: Generator \"vitrine-test\"\n") +
                             file + ": 0 error(s), 1 warning(s)\n");
  for (const ProcessResult* r : {&m.render, &m.thumbnail}) {
    EXPECT_EQ(r->status, 0) << r->err;
    EXPECT_EQ(r->err, "vitrine: warning: " + file + ": " + warning + "\n");
  }
}

TEST(CliConfinement, WarningsBeforeAnErrorAreListedInEveryMode) {
  // An image refused (a warning), then a position that is not finite (an error found in the
  // data, after the resources are read; the JSON is checked before them).
  AssetBuilder b = quadAsset();
  b.json()["images"] = {{{"uri", "../outside.png"}}};
  std::vector<uint8_t> bin = b.bin();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(bin.data(), &nan, 4);  // POSITION x of vertex 0 (accessor 0 is first)
  const std::string root = scratchPath("confine-both");
  fs::remove_all(root);
  fs::create_directories(root + "/asset");
  writeFile(root + "/asset/model.bin", bin.data(), bin.size());
  const std::string file = root + "/asset/model.gltf";
  writeFile(file, b.gltfText("model.bin"));
  const std::string warning =
      "/images/0/uri: \"../outside.png\" resolves outside the asset's folder (use "
      "--allow-outside-folder to read it)";
  const std::string error = "/meshes/0/primitives/0/attributes/POSITION: value 0 is not finite";
  const Modes m = runModes(file, "confine-both", false);
  EXPECT_EQ(m.check.status, 2);
  EXPECT_EQ(m.check.out, "warning " + warning + "\nerror " + error + "\n" + file +
                             ": 1 error(s), 1 warning(s)\n");
  for (const ProcessResult* r : {&m.render, &m.thumbnail}) {
    EXPECT_EQ(r->status, 2);
    EXPECT_EQ(r->err, "vitrine: warning: " + file + ": " + warning + "\nvitrine: " + file + ": " +
                          error + "\n");
  }
}

TEST(CliConfinement, ThumbnailerEntryNeverAllowsOutsideTheFolder) {
  // The desktop's thumbnailer runs on every file a user merely browses.
  const std::string entry = readFile(VITRINE_SOURCE_DIR "/assets/vitrine.thumbnailer");
  EXPECT_NE(entry.find("Exec=vitrine --thumbnail %s %i %o\n"), std::string::npos);
  EXPECT_EQ(entry.find("allow-outside-folder"), std::string::npos);
  EXPECT_EQ(readFile(VITRINE_SOURCE_DIR "/assets/vitrine.desktop").find("allow-outside-folder"),
            std::string::npos);
}

}  // namespace
}  // namespace vitrine::test
