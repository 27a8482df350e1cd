// URI confinement (issue 14): by default only data: URIs and relative paths that resolve inside
// the asset's folder are read. Each escape is tried on a buffer (an error) and on an image (a
// warning, the image dropped), without and with LoadOptions::allowOutsideFolder; each file is
// read once however its URI is spelled.
#include <gtest/gtest.h>

#include <filesystem>

#include "gltf_resources.h"
#include "png_writer.h"
#include "load/test_util.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;
using scene::LoadOptions;
using scene::loadScene;

const std::string kNever =
    " are not read (confinement: only data: URIs and files inside the asset's folder)";
const std::string kOutside =
    " resolves outside the asset's folder (use --allow-outside-folder to read it)";
const std::string kAbsolute =
    " is an absolute path, not relative to the asset's folder (use --allow-outside-folder to "
    "read it)";

// A fresh <tmp>/confine_<name>/ holding an empty asset/ folder and, beside it, outside.bin
// (`bytes`) and outside.png; returns the root.
std::string layout(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::string root = tempPath("confine_" + name);
  fs::remove_all(root);
  fs::create_directories(root + "/asset");
  fs::create_directories(root + "/inner");
  writeFile(root + "/outside.bin", bytes.data(), bytes.size());
  const std::vector<uint8_t> png = encodePng(1, 1, 4, 8, {255, 0, 0, 255});
  writeFile(root + "/outside.png", png.data(), png.size());
  return root;
}

struct Escape {
  const char* name;
  // The URI, given the layout root (absolute) for the cases that name it.
  std::string (*uri)(const std::string& root, const std::string& ext);
  std::string (*rule)(const std::string& quotedUri);  // the message after "<pointer>: "
  bool fileWithOption;  // read with allowOutsideFolder (else refused all the same)
};

void PrintTo(const Escape& e, std::ostream* os) {
  *os << e.name;
}

std::string quote(const std::string& uri) {
  return nlohmann::json(uri).dump();
}

const Escape kEscapes[] = {
    {"absolute",
     [](const std::string& root, const std::string& ext) { return root + "/outside" + ext; },
     [](const std::string& q) { return q + kAbsolute; }, true},
    {"dotdot", [](const std::string&, const std::string& ext) { return "../outside" + ext; },
     [](const std::string& q) { return q + kOutside; }, true},
    {"encoded_dotdot",
     [](const std::string&, const std::string& ext) { return "%2e%2E/outside" + ext; },
     [](const std::string& q) { return q + kOutside; }, true},
    {"encoded_slash",
     [](const std::string&, const std::string& ext) { return "..%2Foutside" + ext; },
     [](const std::string& q) { return q + kOutside; }, true},
    {"encoded_absolute",
     [](const std::string& root, const std::string& ext) {
       return "%2F" + root.substr(1) + "/outside" + ext;
     },
     [](const std::string& q) { return q + kAbsolute; }, true},
    // asset/link<ext> -> ../outside<ext>, made by the test.
    {"symlink", [](const std::string&, const std::string& ext) { return "link" + ext; },
     [](const std::string& q) { return q + kOutside; }, true},
    // asset/dirlink -> ../inner: lexically "outside<ext>" in the folder, but the system resolves
    // dirlink/.. to the layout root.
    {"symlink_dotdot",
     [](const std::string&, const std::string& ext) { return "dirlink/../outside" + ext; },
     [](const std::string& q) { return q + kOutside; }, true},
    {"file_scheme",
     [](const std::string& root, const std::string& ext) {
       return "file://" + root + "/outside" + ext;
     },
     [](const std::string& q) { return q + ": file URIs" + kNever; }, false},
    {"http",
     [](const std::string&, const std::string& ext) { return "http://example.com/a" + ext; },
     [](const std::string& q) { return q + ": http URIs" + kNever; }, false},
    {"https",
     [](const std::string&, const std::string& ext) { return "HTTPS://example.com/a" + ext; },
     [](const std::string& q) { return q + ": https URIs" + kNever; }, false},
    {"other_scheme",
     [](const std::string&, const std::string& ext) { return "s3+x.y-z:bucket/a" + ext; },
     [](const std::string& q) { return q + ": s3+x.y-z URIs" + kNever; }, false},
    {"drive_backslash", [](const std::string&, const std::string& ext) { return "C:\\x" + ext; },
     [](const std::string& q) { return q + ": Windows drive paths" + kNever; }, false},
    {"drive_slash", [](const std::string&, const std::string& ext) { return "c:/x" + ext; },
     [](const std::string& q) { return q + ": Windows drive paths" + kNever; }, false},
    {"unc", [](const std::string&, const std::string& ext) { return "\\\\server\\share\\x" + ext; },
     [](const std::string& q) { return q + ": network paths" + kNever; }, false},
    {"network_path",
     [](const std::string&, const std::string& ext) { return "//server/share/x" + ext; },
     [](const std::string& q) { return q + ": network paths" + kNever; }, false},
    {"nul", [](const std::string&, const std::string& ext) { return "outside" + ext + "%00.txt"; },
     [](const std::string& q) { return q + ": URIs with a NUL character (%00)" + kNever; }, false},
};

void makeLinks(const std::string& root) {
  fs::create_symlink("../outside.bin", root + "/asset/link.bin");
  fs::create_symlink("../outside.png", root + "/asset/link.png");
  fs::create_directory_symlink("../inner", root + "/asset/dirlink");
}

class Escapes : public testing::TestWithParam<Escape> {};

TEST_P(Escapes, BufferIsAnErrorUnlessAllowed) {
  const Escape& e = GetParam();
  const AssetBuilder b = quadAsset();
  const std::string root = layout(std::string("buffer_") + e.name, b.bin());
  makeLinks(root);
  const std::string uri = e.uri(root, ".bin");
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, b.gltfText(uri));

  EXPECT_EQ(loadError(path), path + ": /buffers/0/uri: " + e.rule(quote(uri)));

  LoadOptions allow;
  allow.allowOutsideFolder = true;
  const scene::LoadResult r = loadScene(path, {}, allow);
  if (e.fileWithOption) {
    EXPECT_EQ(r.error, "");
    ASSERT_TRUE(r.scene);
    EXPECT_EQ(r.scene->meshes.at(0).primitives.at(0).indices,
              (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
  } else {
    EXPECT_EQ(r.error, path + ": /buffers/0/uri: " + e.rule(quote(uri)));  // the option is no help
  }
}

TEST_P(Escapes, ImageIsAWarningAndDroppedUnlessAllowed) {
  const Escape& e = GetParam();
  AssetBuilder b = quadAsset();
  const std::string root = layout(std::string("image_") + e.name, b.bin());
  makeLinks(root);
  const std::string uri = e.uri(root, ".png");
  b.json()["images"] = {{{"uri", uri}}};
  b.addTexture(0);
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  writeFile(root + "/asset/model.bin", b.bin().data(), b.bin().size());
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, b.gltfText("model.bin"));

  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{path + ": /images/0/uri: " + e.rule(quote(uri))});
  EXPECT_EQ(r.scene->textures.at(0).image, -1);

  LoadOptions allow;
  allow.allowOutsideFolder = true;
  const scene::LoadResult a = loadScene(path, {}, allow);
  ASSERT_EQ(a.error, "");
  if (e.fileWithOption) {
    EXPECT_TRUE(a.warnings.empty()) << a.warnings.at(0);
    ASSERT_EQ(a.scene->textures.at(0).image, 0);
    EXPECT_EQ(a.scene->images.at(0).rgba8, (std::vector<uint8_t>{255, 0, 0, 255}));
  } else {
    EXPECT_EQ(a.warnings, r.warnings);
  }
}

TEST_P(Escapes, IsNotADependency) {
  // Hot reload watches what the loader reads: a refused file is not among them.
  const Escape& e = GetParam();
  const AssetBuilder b = quadAsset();
  const std::string root = layout(std::string("deps_") + e.name, b.bin());
  makeLinks(root);
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, b.gltfText(e.uri(root, ".bin")));
  scene::GltfDocument doc;
  doc.json = nlohmann::json::parse(b.gltfText(e.uri(root, ".bin")));
  EXPECT_TRUE(scene::externalFiles(doc, path).empty());
  doc.options.allowOutsideFolder = true;
  if (e.fileWithOption) {
    EXPECT_EQ(scene::externalFiles(doc, path),
              std::vector<std::string>{fs::canonical(root + "/outside.bin").string()});
  } else {
    EXPECT_TRUE(scene::externalFiles(doc, path).empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Confinement, Escapes, testing::ValuesIn(kEscapes),
                         [](const testing::TestParamInfo<Escape>& info) {
                           return std::string(info.param.name);
                         });

// --- what stays inside --------------------------------------------------------------------

// Spellings of one file: percent-encoded, with "." and "..", through a symlink inside the
// folder. tinygltf's decoding is not used ('+' stays '+', RFC 3986).
const std::vector<std::string> kSpellings = {"a+b.bin",        "./a+b.bin", "a%2Bb%2ebin",
                                             "sub/../a+b.bin", "same.bin",  "sub/./../a+b.bin"};

std::string spellingsAsset(const std::string& name, const AssetBuilder& b,
                           size_t secondLength = 0) {
  const std::string root = layout(name, {});
  fs::create_directory(root + "/asset/sub");
  writeFile(root + "/asset/a+b.bin", b.bin().data(), b.bin().size());
  fs::create_symlink("a+b.bin", root + "/asset/same.bin");
  nlohmann::json j = nlohmann::json::parse(b.gltfText(kSpellings[0]));
  for (size_t i = 1; i < kSpellings.size(); ++i) {
    j["buffers"].push_back({{"uri", kSpellings[i]}, {"byteLength", b.bin().size()}});
  }
  if (secondLength != 0) j["buffers"][1]["byteLength"] = secondLength;
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, j.dump());
  return path;
}

TEST(Confinement, OneFileUnderSeveralSpellingsIsReadOnce) {
  const AssetBuilder b = quadAsset();
  const std::string path = spellingsAsset("spellings", b);
  const std::string folder = fs::path(path).parent_path().string();
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(path, doc), "");
  ASSERT_EQ(doc.model.buffers.size(), kSpellings.size());
  for (const auto& buffer : doc.model.buffers) EXPECT_EQ(buffer.data, b.bin());
  EXPECT_EQ(scene::externalFiles(doc, path),
            std::vector<std::string>{fs::canonical(folder + "/a+b.bin").string()});

  scene::ResourceCache cache;
  std::vector<std::string> warnings;
  ASSERT_EQ(cache.load(doc.json, folder, false, {}, warnings), "");
  EXPECT_EQ(cache.fileCount(), 1u);
  EXPECT_TRUE(warnings.empty());
}

TEST(Confinement, SpellingsOfOneFileShareItsLength) {
  // One file, one length: the second spelling's other byteLength is refused like a repeated URI.
  const std::string path = spellingsAsset("spellings_length", quadAsset(), 8);
  EXPECT_EQ(loadError(path), path + ": /buffers/1: uses file \"" +
                                 fs::path(path).parent_path().string() +
                                 "/./a+b.bin\" like an earlier buffer but with another "
                                 "byteLength (not supported)");
}

TEST(Confinement, SymlinkInsideTheFolderIsRead) {
  const AssetBuilder b = quadAsset();
  const std::string root = layout("symlink_inside", b.bin());
  fs::create_directories(root + "/asset/data");
  writeFile(root + "/asset/data/real.bin", b.bin().data(), b.bin().size());
  fs::create_symlink("data/real.bin", root + "/asset/link.bin");
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, b.gltfText("link.bin"));
  EXPECT_EQ(loadError(path), "");
}

TEST(Confinement, AssetOpenedThroughASymlinkedFolder) {
  // The folder is compared as the system resolves it too.
  const AssetBuilder b = quadAsset();
  const std::string root = layout("folder_link", b.bin());
  writeFile(root + "/asset/model.bin", b.bin().data(), b.bin().size());
  writeFile(root + "/asset/model.gltf", b.gltfText("model.bin"));
  fs::create_directory_symlink("asset", root + "/alias");
  EXPECT_EQ(loadError(root + "/alias/model.gltf"), "");
}

TEST(Confinement, InMemoryDocumentIsConfinedToItsBaseDir) {
  // parseGltfDocument with the working directory as base ("").
  const AssetBuilder b = quadAsset();
  const std::vector<uint8_t> bytes = [&] {
    const std::string t = b.gltfText("../x.bin");
    return std::vector<uint8_t>(t.begin(), t.end());
  }();
  scene::GltfDocument doc;
  EXPECT_EQ(scene::parseGltfDocument(bytes, "", doc), "/buffers/0/uri: \"../x.bin\"" + kOutside);
}

TEST(Confinement, LongAndControlCharacterUrisAreQuotedOnOneLine) {
  const AssetBuilder b = quadAsset();
  const std::string root = layout("quoting", b.bin());
  const std::string uri = "http://x/\n" + std::string(200, 'a');
  const std::string path = root + "/asset/model.gltf";
  writeFile(path, b.gltfText(uri));
  EXPECT_EQ(loadError(path), path + ": /buffers/0/uri: \"http://x/\\n" + std::string(107, 'a') +
                                 "...\": http URIs" + kNever);
}

}  // namespace
}  // namespace vitrine::test
