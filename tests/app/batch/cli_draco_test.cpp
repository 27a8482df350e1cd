// KHR_draco_mesh_compression through the executable (issue 15): the Draco-compressed sample
// renders like its uncompressed GLB, and a corrupt stream is refused with the extension's JSON
// pointer by --check, --render and --thumbnail alike (exit status 2, no crash).
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

#include "draco_encoder.h"
#include "png.h"
#include "run_vitrine.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;
const std::string kAt = "/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression";

TEST(CliDraco, CompressedEngineRendersLikeTheGlb) {
  const std::string a = scratchPath("draco-engine.png"), b = scratchPath("glb-engine.png");
  const ProcessResult ra =
      runVitrine({kModels + "/draco/2CylinderEngine.gltf", "--render", a, "--size", "128x96"});
  ASSERT_EQ(ra.status, 0) << ra.err;
  const ProcessResult rb = runVitrine({kModels + "/2CylinderEngine-glTF-Binary/2CylinderEngine.glb",
                                       "--render", b, "--size", "128x96"});
  ASSERT_EQ(rb.status, 0) << rb.err;
  const Png pa = readPng(a), pb = readPng(b);
  ASSERT_EQ(pa.width, 128);
  ASSERT_EQ(pb.width, 128);
  // Tolerance: the two files quantize positions and normals differently (the Draco file's
  // encoder, ~11-14 bits), which moves silhouettes by under a pixel and shading by a few codes.
  // Measured (lavapipe): mean difference 0.03 codes, no pixel off by more than 32.
  double sum = 0;
  int far = 0, model = 0;
  const uint8_t* corner = pb.at(0, 0);
  for (int y = 0; y < 96; ++y) {
    for (int x = 0; x < 128; ++x) {
      int d = 0, fromBackground = 0;
      for (int c = 0; c < 3; ++c) {
        d = std::max(d, std::abs(int(pa.at(x, y)[c]) - int(pb.at(x, y)[c])));
        fromBackground = std::max(fromBackground, std::abs(int(pb.at(x, y)[c]) - int(corner[c])));
      }
      sum += d;
      far += d > 32;
      model += fromBackground > 16;
    }
  }
  const int pixels = 128 * 96;
  EXPECT_GT(model, pixels / 10) << "the engine covers part of the image";
  EXPECT_LT(sum / pixels, 0.5) << "mean difference in codes";
  EXPECT_LT(far, pixels / 500) << "pixels off by more than 32 codes";
}

// BoxTextured re-encoded by libdraco as <stem>.gltf, its stream then damaged by `damage`.
std::string damagedBox(const std::string& stem, void (*damage)(nlohmann::json&, std::string&)) {
  std::string path;
  EXPECT_EQ(writeDracoGltf(kModels + "/BoxTextured-glTF/BoxTextured.gltf", scratchPath("draco"),
                           stem, {}, path),
            "");
  nlohmann::json j;
  std::ifstream(path) >> j;
  const size_t view =
      j["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["bufferView"];
  const size_t offset = j["bufferViews"][view].value("byteOffset", 0);
  const std::string bin = scratchPath("draco") + "/" + stem + ".draco.bin";
  std::string bytes = readFile(bin);
  std::string stream = bytes.substr(offset, j["bufferViews"][view]["byteLength"].get<size_t>());
  damage(j["bufferViews"][view], stream);
  bytes.replace(offset, stream.size(), stream);
  writeFile(bin, bytes);
  writeFile(path, j.dump());
  return path;
}

void expectRefusedEverywhere(const std::string& file, const std::string& what) {
  const ProcessResult check = runVitrine({file, "--check"});
  EXPECT_EQ(check.status, 2) << check.err;
  EXPECT_EQ(check.out, "error " + kAt + ": " + what + "\n" + file + ": 1 error(s), 0 warning(s)\n");
  const ProcessResult render = runVitrine({file, "--render", scratchPath("draco-bad.png")});
  EXPECT_EQ(render.status, 2);
  EXPECT_EQ(render.err, "vitrine: " + file + ": " + kAt + ": " + what + "\n");
  const ProcessResult thumb =
      runVitrine({"--thumbnail", "32", file, scratchPath("draco-bad-t.png")});
  EXPECT_EQ(thumb.status, 2);
  EXPECT_EQ(thumb.err, "vitrine: " + file + ": " + kAt + ": " + what + "\n");
}

TEST(CliDraco, FlippedHeaderBytesRefused) {
  const std::string file = damagedBox("flipped", [](nlohmann::json&, std::string& stream) {
    for (int i = 0; i < 5; ++i) stream[i] = char(~stream[i]);  // "DRACO"
  });
  expectRefusedEverywhere(file, "not a Draco stream: no DRACO header");
}

TEST(CliDraco, TruncatedStreamRefused) {
  const std::string file = damagedBox("truncated", [](nlohmann::json& view, std::string& stream) {
    view["byteLength"] = stream.size() / 2;
  });
  expectRefusedEverywhere(file, "Draco decoder: Failed to decode point attributes.");
}

}  // namespace
}  // namespace vitrine::test
