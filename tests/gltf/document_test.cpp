// Reading files: missing files, malformed JSON, broken GLB containers, external, embedded and
// GLB buffers, missing buffer files. Errors are checked as loadScene() returns them: one line,
// "<path as given>: <pointer>: <what>".
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <sys/stat.h>

#include "load/test_util.h"

namespace vitrine::test {
namespace {

using scene::loadScene;

void patchU32(std::vector<uint8_t>& bytes, size_t offset, uint32_t value) {
  std::memcpy(bytes.data() + offset, &value, 4);
}

std::string writeBytes(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::string path = tempPath(name);
  writeFile(path, bytes.data(), bytes.size());
  return path;
}

// --- the file itself --------------------------------------------------------------------

TEST(Document, MissingFile) {
  const std::string path = tempPath("document_missing.gltf");
  std::filesystem::remove(path);
  EXPECT_EQ(loadError(path), path + ": cannot open file: No such file or directory");
}

TEST(Document, PathIsADirectory) {
  const std::string path = tempPath("");
  EXPECT_EQ(loadError(path), path + ": cannot open file: Is a directory");
}

TEST(Document, MalformedJson) {
  const std::string path = tempPath("document_malformed.gltf");
  writeFile(path, "{\"asset\": {\"version\": \"2.0\"},, }");
  EXPECT_EQ(loadError(path), path +
                                 ": invalid JSON: parse error at line 1, column 30: syntax error "
                                 "while parsing object key - unexpected ','; expected string "
                                 "literal (byte 30)");
}

TEST(Document, EmptyFile) {
  const std::string path = tempPath("document_empty.gltf");
  writeFile(path, "");
  EXPECT_EQ(loadError(path), path +
                                 ": invalid JSON: parse error at line 1, column 1: syntax error "
                                 "while parsing value - unexpected end of input; expected '[', "
                                 "'{', or a literal (byte 1)");
}

TEST(Document, NumberBeyondDoubleRange) {
  // nlohmann throws out_of_range (not parse_error) for it.
  const std::string path = tempPath("document_1e400.gltf");
  writeFile(path, R"({"asset": {"version": "2.0", "extras": 1e400}})");
  EXPECT_EQ(loadError(path), path + ": invalid JSON: number overflow parsing '1e400'");
}

// A FIFO at `name` under VITRINE_TEST_TMP (replacing what was there): opening it for reading
// would block until a writer comes.
std::string makeFifo(const std::string& name) {
  const std::string path = tempPath(name);
  std::filesystem::remove(path);
  EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
  return path;
}

TEST(Document, FifoIsRefusedWithoutBlocking) {
  const std::string path = makeFifo("document_fifo.gltf");
  EXPECT_EQ(loadError(path), path + ": cannot open file: not a regular file");
}

TEST(Document, DeepNestingIsRefusedWithoutOverflowingTheStack) {
  const std::string path = tempPath("document_deep.gltf");
  const size_t depth = 200000;
  writeFile(path, R"({"asset": {"version": "2.0", "extras": )" + std::string(depth, '[') +
                      std::string(depth, ']') + "}}");
  EXPECT_EQ(loadError(path), path + ": JSON nested deeper than 128 levels (not supported)");
}

// --- GLB container (glTF 2.0 §4.4) ------------------------------------------------------

TEST(Glb, MalformedJsonChunk) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  glb[20] = '[';  // the JSON chunk's first byte
  const std::string path = writeBytes("glb_bad_json.glb", glb);
  const std::string error = loadError(path);
  EXPECT_EQ(
      error.rfind(path + ": invalid JSON in the GLB JSON chunk: parse error at line 1, column ", 0),
      0u)
      << error;
}

TEST(Glb, TruncatedFile) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  const size_t declared = glb.size();
  glb.resize(glb.size() - 100);
  const std::string path = writeBytes("glb_truncated.glb", glb);
  EXPECT_EQ(loadError(path), path + ": truncated GLB: header declares " + std::to_string(declared) +
                                 " bytes, file has " + std::to_string(declared - 100));
}

TEST(Glb, ShorterThanTheHeader) {
  const std::string path = writeBytes("glb_short.glb", {'g', 'l', 'T', 'F', 2, 0, 0, 0});
  EXPECT_EQ(loadError(path), path + ": truncated GLB: file has 8 bytes, the header needs 12");
}

TEST(Glb, Version1) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  patchU32(glb, 4, 1);
  const std::string path = writeBytes("glb_version1.glb", glb);
  EXPECT_EQ(loadError(path), path + ": GLB version 1 is not supported (glTF 2.0 needs 2)");
}

TEST(Glb, JsonChunkLongerThanTheFile) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  patchU32(glb, 12, uint32_t(glb.size()));
  const std::string path = writeBytes("glb_json_chunk.glb", glb);
  EXPECT_EQ(loadError(path), path + ": truncated GLB: JSON chunk declares " +
                                 std::to_string(glb.size()) + " bytes, only " +
                                 std::to_string(glb.size() - 20) + " remain");
}

TEST(Glb, BinChunkLongerThanTheFile) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  uint32_t jsonLength;
  std::memcpy(&jsonLength, glb.data() + 12, 4);
  const size_t binHeader = 20 + jsonLength;
  const size_t binLength = glb.size() - binHeader - 8;
  patchU32(glb, binHeader, uint32_t(binLength + 4));
  const std::string path = writeBytes("glb_bin_chunk.glb", glb);
  EXPECT_EQ(loadError(path), path + ": truncated GLB: BIN chunk declares " +
                                 std::to_string(binLength + 4) + " bytes, only " +
                                 std::to_string(binLength) + " remain");
}

TEST(Glb, FirstChunkMustBeJson) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  patchU32(glb, 16, 0x004E4942);
  const std::string path = writeBytes("glb_first_chunk.glb", glb);
  EXPECT_EQ(loadError(path), path + ": first GLB chunk is not JSON (type 0x004E4942)");
}

TEST(Glb, BufferWithoutBinChunk) {
  AssetBuilder b;
  b.json()["buffers"] = {{{"byteLength", 4}}};
  const std::string path = b.writeGlb("glb_no_bin");
  EXPECT_EQ(loadError(path),
            path + ": /buffers/0: refers to the GLB BIN chunk, but the file has none");
}

TEST(Glb, BufferLongerThanTheBinChunk) {
  AssetBuilder b = quadAsset();
  b.json()["buffers"][0]["byteLength"] = 400;
  const std::string path = b.writeGlb("glb_buffer_long");
  EXPECT_EQ(loadError(path), path + ": /buffers/0/byteLength: 400 exceeds the GLB BIN chunk's " +
                                 std::to_string((b.bin().size() + 3) / 4 * 4) + " bytes");
}

TEST(Glb, TrailingBytesAreAWarning) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  glb.insert(glb.end(), {1, 2, 3});
  const std::string path = writeBytes("glb_trailing.glb", glb);
  const scene::LoadResult r = loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings, std::vector<std::string>{
                            path + ": file has 3 bytes after the GLB length the header declares; "
                                   "ignored"});
}

// --- buffers ------------------------------------------------------------------------------

// The three containers give the same scene.
TEST(Buffers, ExternalEmbeddedAndGlbLoadTheSame) {
  const AssetBuilder b = quadAsset();
  std::vector<scene::LoadResult> results;
  for (const std::string& path :
       {b.writeGltf("buffers_same"), b.writeEmbeddedGltf("buffers_same_embedded"),
        b.writeGlb("buffers_same")}) {
    results.push_back(loadScene(path));
    ASSERT_EQ(results.back().error, "") << path;
    EXPECT_TRUE(results.back().warnings.empty()) << path;
  }
  for (const scene::LoadResult& r : results) {
    const scene::Primitive& p = r.scene->meshes.at(0).primitives.at(0);
    EXPECT_EQ(p.positions, results[0].scene->meshes[0].primitives[0].positions);
    EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
    EXPECT_EQ(p.texcoords[0], results[0].scene->meshes[0].primitives[0].texcoords[0]);
    EXPECT_EQ(r.scene->materialData.at(0).baseColorFactor, glm::vec4(0, 1, 0, 1));
  }
}

TEST(Buffers, MissingBinIsAnError) {
  const std::string path = quadAsset().writeGltf("buffers_missing_bin");
  std::filesystem::remove(tempPath("buffers_missing_bin.bin"));
  EXPECT_EQ(loadError(path), path + ": /buffers/0/uri: cannot open file \"" +
                                 tempPath("buffers_missing_bin.bin") +
                                 "\": No such file or directory");
}

TEST(Buffers, BinShorterThanByteLength) {
  const AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_short_bin");
  writeFile(tempPath("buffers_short_bin.bin"), b.bin().data(), b.bin().size() - 1);
  EXPECT_EQ(loadError(path), path + ": /buffers/0: file \"" + tempPath("buffers_short_bin.bin") +
                                 "\" has " + std::to_string(b.bin().size() - 1) +
                                 " bytes, but byteLength is " + std::to_string(b.bin().size()));
}

TEST(Buffers, BinLongerThanByteLengthIsFine) {
  // §3.6.1.1: the resource MUST be at least byteLength long.
  const AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_long_bin");
  std::vector<uint8_t> longer = b.bin();
  longer.resize(longer.size() + 13, 0xAB);
  writeFile(tempPath("buffers_long_bin.bin"), longer.data(), longer.size());
  EXPECT_EQ(loadError(path), "");
}

TEST(Buffers, PercentEncodedUri) {
  const AssetBuilder b = quadAsset();
  const std::string path = tempPath("buffers_uri.gltf");
  writeFile(path, b.gltfText("buffers%20uri%2Bplus.bin"));
  writeFile(tempPath("buffers uri+plus.bin"), b.bin().data(), b.bin().size());
  EXPECT_EQ(loadError(path), "");
}

TEST(Buffers, OneFileForTwoBuffersOfDifferentLengths) {
  // tinygltf reads files by path, so the loader cannot serve one file at two lengths.
  AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_shared");
  nlohmann::json j = nlohmann::json::parse(b.gltfText("buffers_shared.bin"));
  j["buffers"].push_back({{"uri", "buffers_shared.bin"}, {"byteLength", 8}});
  writeFile(path, j.dump());
  EXPECT_EQ(loadError(path), path + ": /buffers/1: uses file \"" + tempPath("buffers_shared.bin") +
                                 "\" like an earlier buffer but with another byteLength (not "
                                 "supported)");
}

TEST(Buffers, FifoIsRefusedWithoutBlocking) {
  std::filesystem::remove(tempPath("buffers_fifo.bin"));  // a FIFO of an earlier run
  const std::string path = quadAsset().writeGltf("buffers_fifo");
  const std::string bin = makeFifo("buffers_fifo.bin");
  EXPECT_EQ(loadError(path),
            path + ": /buffers/0/uri: cannot open file \"" + bin + "\": not a regular file");
}

TEST(Buffers, OneFileForTwoBuffersOfTheSameLength) {
  AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_shared_same");
  nlohmann::json j = nlohmann::json::parse(b.gltfText("buffers_shared_same.bin"));
  j["buffers"].push_back(j["buffers"][0]);
  j["buffers"].push_back(j["buffers"][0]);
  writeFile(path, j.dump());
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(path, doc), "");
  ASSERT_EQ(doc.model.buffers.size(), 3u);
  for (const auto& buffer : doc.model.buffers) EXPECT_EQ(buffer.data, b.bin());
}

TEST(Buffers, GltfBufferWithoutUri) {
  AssetBuilder b = quadAsset();
  const std::string path = tempPath("buffers_no_uri.gltf");
  writeFile(path, b.json().dump());
  // The buffer is needed, so its lack of uri is named with what reads it.
  EXPECT_EQ(loadError(path),
            path + ": /buffers/0: has no uri, but /accessors/0 reads it through bufferView 0");
}

TEST(Buffers, AnUnreadBufferWithoutUriLoads) {
  // EXT_meshopt_compression placeholders have no uri; nothing reads this one, so the asset
  // loads and the buffer stays empty (tinygltf never sees it).
  AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_unread_no_uri");
  nlohmann::json j = nlohmann::json::parse(b.gltfText("buffers_unread_no_uri.bin"));
  j["buffers"].push_back({{"byteLength", 1000}});
  j["bufferViews"].push_back({{"buffer", 1}, {"byteLength", 100}});
  writeFile(path, j.dump());
  scene::GltfDocument doc;
  ASSERT_EQ(scene::readGltfDocument(path, doc), "");
  ASSERT_EQ(doc.model.buffers.size(), 2u);
  EXPECT_EQ(doc.model.buffers[0].data, b.bin());
  EXPECT_TRUE(doc.model.buffers[1].data.empty());
  EXPECT_EQ(loadError(path), "");
}

// The Khronos glTF-Validator's valid assets include a .gltf buffer without uri read only by
// an accessor nothing uses: by TOLERANCE.md's rule (a problem in what nothing draws is a
// warning) it opens; the buffer is not loaded and tinygltf never sees it.
TEST(Buffers, ABufferWithoutUriReadOnlyByUnusedAccessorsIsAWarning) {
  AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_unused_reader_no_uri");
  nlohmann::json j = nlohmann::json::parse(b.gltfText("buffers_unused_reader_no_uri.bin"));
  j["buffers"].push_back({{"byteLength", 1000}});
  const size_t view = j["bufferViews"].size();
  j["bufferViews"].push_back({{"buffer", 1}, {"byteLength", 48}});
  const size_t accessor = j["accessors"].size();
  for (int k = 0; k < 2; ++k) {
    j["accessors"].push_back(
        {{"bufferView", view}, {"componentType", 5126}, {"count", 4}, {"type", "VEC3"}});
  }
  writeFile(path, j.dump());
  const scene::LoadResult r = scene::loadScene(path);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.warnings,
            (std::vector<std::string>{path +
                                      ": /buffers/1: has no uri, and only accessors nothing uses "
                                      "read it (/accessors/" +
                                      std::to_string(accessor) + " through bufferView " +
                                      std::to_string(view) + "); not loaded"}));
  EXPECT_EQ(r.scene->meshes[0].primitives[0].positions.size(), 4u);
  // Used by a mesh that a node places, the same accessor keeps the error.
  j["meshes"][0]["primitives"][0]["attributes"]["COLOR_0"] = accessor;
  writeFile(path, j.dump());
  EXPECT_EQ(loadError(path), path + ": /buffers/1: has no uri, but /accessors/" +
                                 std::to_string(accessor) + " reads it through bufferView " +
                                 std::to_string(view));
}

TEST(Buffers, AnImageReadingABufferWithoutUriIsRefused) {
  AssetBuilder b = quadAsset();
  const std::string path = b.writeGltf("buffers_image_no_uri");
  nlohmann::json j = nlohmann::json::parse(b.gltfText("buffers_image_no_uri.bin"));
  j["buffers"].push_back({{"byteLength", 1000}});
  j["bufferViews"].push_back({{"buffer", 1}, {"byteLength", 100}});
  j["images"] = {{{"bufferView", j["bufferViews"].size() - 1}, {"mimeType", "image/png"}}};
  writeFile(path, j.dump());
  EXPECT_EQ(loadError(path), path +
                                 ": /buffers/1: has no uri, but /images/0 reads it through "
                                 "bufferView " +
                                 std::to_string(j["bufferViews"].size() - 1));
}

TEST(Buffers, DataUriOfWrongLength) {
  AssetBuilder b = quadAsset();
  b.json()["buffers"][0]["byteLength"] = b.bin().size() + 4;
  const std::string path = b.writeEmbeddedGltf("buffers_data_uri_length");
  EXPECT_EQ(loadError(path), path + ": /buffers/0/uri: data URI holds " +
                                 std::to_string(b.bin().size()) + " bytes, but byteLength is " +
                                 std::to_string(b.bin().size() + 4));
}

TEST(Buffers, DataUriWithInvalidBase64) {
  AssetBuilder b = quadAsset();
  std::string text = b.embeddedGltfText();
  text.replace(text.find("base64,") + 7 + 8, 1, "!");
  const std::string path = tempPath("buffers_bad_base64.gltf");
  writeFile(path, text);
  EXPECT_EQ(loadError(path),
            path + ": /buffers/0/uri: data URI is not valid base64 (character 8 of its data)");
}

}  // namespace
}  // namespace vitrine::test
