// LoadResult::timings (--timings, issue 16): each phase of a load measured where it runs, the
// phases disjoint (their sum within the total), and a phase the load never reached left at 0.
#include <gtest/gtest.h>

#include "png_writer.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

const std::string kModels = VITRINE_MODELS_DIR;

double phaseSum(const scene::LoadTimings& t) {
  return t.fileRead + t.jsonParse + t.bufferDecode + t.imageDecode;
}

TEST(LoadTimings, EveryPhaseOfATexturedFileIsMeasured) {
  // A .gltf with an external .bin and an external PNG: every phase has work to do.
  const scene::LoadResult r = scene::loadScene(kModels + "/BoxTextured-glTF/BoxTextured.gltf");
  ASSERT_EQ(r.error, "");
  const scene::LoadTimings& t = r.timings;
  EXPECT_GT(t.fileRead, 0.0);
  EXPECT_GT(t.jsonParse, 0.0);
  EXPECT_GT(t.bufferDecode, 0.0);
  EXPECT_GT(t.imageDecode, 0.0);
  EXPECT_LE(phaseSum(t), t.total);
  EXPECT_LT(t.total, 60.0);  // seconds, not milliseconds or nanoseconds
}

TEST(LoadTimings, ImagesInMemoryAreTimedToo) {
  // A 256x256 PNG in a bufferView of an in-memory GLB: no file read, but an image decode.
  std::vector<uint16_t> samples(256 * 256 * 4);
  for (size_t i = 0; i < samples.size(); ++i) samples[i] = uint16_t((i * 7) & 0xff);
  AssetBuilder b = quadAsset();
  b.addTexture(b.addImage(encodePng(256, 256, 4, 8, samples)));
  b.json()["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
  const std::vector<uint8_t> glb = b.glbBytes();
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", "memory.glb");
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.scene->images.size(), 1u);
  ASSERT_EQ(r.scene->images[0].width, 256u);
  EXPECT_GT(r.timings.imageDecode, 0.0);
  EXPECT_GT(r.timings.bufferDecode, 0.0);
  EXPECT_LE(phaseSum(r.timings), r.timings.total);
}

TEST(LoadTimings, PhasesAfterAFailureStayZero) {
  // Invalid JSON: read and parsed (the parse is where it fails), nothing decoded.
  const std::string text = "{\"asset\": {\"version\": \"2.0\"";
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  const scene::LoadResult r = scene::loadSceneFromMemory(bytes, "", "broken.gltf");
  ASSERT_NE(r.error, "");
  EXPECT_GT(r.timings.jsonParse, 0.0);
  EXPECT_EQ(r.timings.bufferDecode, 0.0);
  EXPECT_EQ(r.timings.imageDecode, 0.0);
  EXPECT_GE(r.timings.total, r.timings.jsonParse);
}

}  // namespace
}  // namespace vitrine::test
