// loadSceneFromMemory (the entry of fuzz/loader_fuzz.cpp), and the inputs the fuzz targets of
// fuzz/ found crashing, each kept with the message the fixed loader gives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "loader.h"
#include "test_util.h"

namespace vitrine::test {
namespace {

TEST(LoadSceneFromMemory, LoadsTheBytesOfAGlb) {
  const std::vector<uint8_t> glb = quadAsset().glbBytes();
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", "quad.glb");
  ASSERT_EQ(r.error, "");
  ASSERT_NE(r.scene, nullptr);
  ASSERT_NE(r.document, nullptr);
  EXPECT_EQ(r.scene->path, "quad.glb");
  EXPECT_EQ(r.scene->meshes.size(), 1u);
}

TEST(LoadSceneFromMemory, NamesTheFileInItsError) {
  std::vector<uint8_t> glb = quadAsset().glbBytes();
  const size_t size = glb.size();
  glb.resize(100);
  const scene::LoadResult r = scene::loadSceneFromMemory(glb, "", "cut.glb");
  EXPECT_EQ(r.scene, nullptr);
  EXPECT_EQ(r.error, "cut.glb: truncated GLB: header declares " + std::to_string(size) +
                         " bytes, file has 100");
}

// Found by fuzz/image_fuzz.cpp: stb_image reads the size from a PNG whose IHDR chunk ends after
// its bit depth, then fails to decode it without a reason; the image came out empty with no
// warning.
TEST(FuzzRegression, PngCutInsideItsHeaderIsAWarning) {
  const std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 'I',
                                    'H',  'D', 'R', 0,   0,    2,    0,    0,    0, 0, 2, 1};
  AssetBuilder b = quadAsset();
  ASSERT_EQ(b.addImage(png), 0);
  const scene::LoadResult r = scene::loadSceneFromMemory(b.glbBytes(), "", "cut.glb");
  ASSERT_NE(r.scene, nullptr) << r.error;
  EXPECT_EQ(r.scene->images.at(0).width, 0u);
  EXPECT_EQ(r.warnings, std::vector<std::string>{
                            "cut.glb: /images/0: cannot decode image: corrupt image data"});
}

}  // namespace
}  // namespace vitrine::test
