// Bad input: one clear line on stderr naming the file and what is wrong, exit status 2,
// never a crash.
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;

TEST(CliErrors, MissingFile) {
  const std::string path = scratchPath("does-not-exist.glb");
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + path + ": cannot open file: No such file or directory\n");
}

TEST(CliErrors, MalformedJson) {
  const std::string path = scratchPath("malformed.gltf");
  writeFile(path, "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [ {\"mesh\": 0 ]}");
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + path + ": invalid JSON: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

TEST(CliErrors, TruncatedGlb) {
  const std::string whole = readFile(kModels + "/BoxTextured-glTF-Binary/BoxTextured.glb");
  ASSERT_GT(whole.size(), 1000u);
  uint32_t declared = 0;
  std::memcpy(&declared, whole.data() + 8, 4);  // GLB header: magic, version, length
  const std::string path = scratchPath("truncated.glb");
  writeFile(path, whole.substr(0, 1000));
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "vitrine: " + path + ": truncated GLB: header declares " +
                       std::to_string(declared) + " bytes, file has 1000\n");
}

TEST(CliErrors, AccessorIndexOutOfRange) {
  const std::string path = scratchPath("bad-index.gltf");
  // One valid accessor (index 0); the primitive's indices name accessor 12.
  writeFile(path, R"({
    "asset": {"version": "2.0"},
    "buffers": [{"byteLength": 36,
      "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
    "bufferViews": [{"buffer": 0, "byteLength": 36}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                   "min": [0, 0, 0], "max": [1, 1, 0]}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 12}]}],
    "nodes": [{"mesh": 0}],
    "scenes": [{"nodes": [0]}]
  })");
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "vitrine: " + path +
                ": /meshes/0/primitives/0/indices: accessor 12 does not exist (1 accessor)\n");
}

TEST(CliErrors, NodeHierarchyWithACycle) {
  // assimp-testmodels' RecursiveNodes: nodes that are their own ancestors. Must not hang.
  const std::string path = kModels + "/RecursiveNodes/RecursiveNodes.gltf";
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + path + ": /nodes/", 0), 0u) << r.err;
}

TEST(CliErrors, NotAGltfFile) {
  const std::string path = scratchPath("not-gltf.glb");
  writeFile(path, std::string("\x89PNG\r\n\x1a\n", 8) + std::string(64, '\0'));
  const ProcessResult r = runVitrine({path, "--render", scratchPath("x.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vitrine: " + path + ": ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

}  // namespace
}  // namespace vitrine::test
